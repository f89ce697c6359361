//! TeX between dollars, read as Mintlify reads it: remark-math, whose rules
//! are those of code (CommonMark's code spans and fences) with `$` for the
//! backtick.
//!
//! - **Inline** (`$x$`, `$$x$$`, any run length): a run of `$` is closed by
//!   the next run of the same length in its paragraph; nothing else counts,
//!   so `$5 and $10` holds the formula `5 and ` (write `\$` for a dollar
//!   sign, as on Mintlify). One space is taken off both ends when both have
//!   one. Backslashes inside are TeX. In a table row a `|` ends the search,
//!   since GFM splits the cells first.
//! - **Display**: a line (indented or not, inside block quotes too)
//!   of two or more `$` with no other `$` after them, up to a line of at
//!   least as many `$` alone (or the end of the page).
//!
//! The MDX parser finds them, so braces and `<` in TeX are never read as
//! expressions or tags, and writes them for pulldown-cmark as code marked
//! as math ([`inline_code`], [`fence_open`]): a code span or fenced block
//! whose text starts with a private-use mark. Code has exactly the
//! container rules math needs (block quotes, lists, tables, links), and the
//! renderer turns marked code into MathML ([`formula_of_code`],
//! [`is_display_fence`]). pulldown-cmark's own `$` parsing, whose rules
//! differ (`$5 and $10` is text to it), stays off.

use std::borrow::Cow;

use super::scan::{quote_depth, quote_prefix_len, strip_quotes};

/// Opens and closes an inline formula written as a code span.
const INLINE_OPEN: char = '\u{E020}';
const INLINE_CLOSE: char = '\u{E021}';
/// The info string of a display formula written as a fenced code block.
const DISPLAY_INFO: &str = "\u{E022}";

/// `tex` as a code span the renderer reads back as an inline formula.
fn inline_code(tex: &str) -> String {
    let ticks = "`".repeat(longest_run(tex, b'`') + 1);
    format!("{ticks}{INLINE_OPEN}{tex}{INLINE_CLOSE}{ticks}")
}

/// The formula a code span's text holds, when [`inline_code`] wrote it
/// (pulldown-cmark turns its line endings into spaces, which TeX ignores).
pub fn formula_of_code(code: &str) -> Option<&str> {
    code.strip_prefix(INLINE_OPEN)?.strip_suffix(INLINE_CLOSE)
}

/// Whether a fenced code block's info string marks a display formula.
pub fn is_display_fence(info: &str) -> bool {
    info == DISPLAY_INFO
}

/// The fence that stands for `$$` around `content`: longer than any run of
/// backticks in it.
fn fence_for(content: &str) -> String {
    "`".repeat((longest_run(content, b'`') + 1).max(3))
}

fn longest_run(text: &str, byte: u8) -> usize {
    let (mut longest, mut run) = (0, 0);
    for b in text.bytes() {
        run = if b == byte { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// What the parser writes for the run of `$` that `rest` starts with, and
/// how many bytes of `rest` that reads: an inline formula as marked code,
/// or the run as text when it opens none.
pub(super) fn inline_at(rest: &str, in_table_row: bool) -> (Cow<'_, str>, usize) {
    match inline(rest, in_table_row) {
        Some((len, tex)) => (Cow::Owned(inline_code(tex)), len),
        None => {
            let run = rest.bytes().take_while(|&b| b == b'$').count();
            (Cow::Borrowed(&rest[..run]), run)
        }
    }
}

/// What the parser writes for a display formula opening on the line
/// `src[line_start..line_end]`, and where the formula ends: a fenced code
/// block marked as math, each line keeping its block quote markers and
/// indentation. `None` when no formula opens there.
pub(super) fn display_at(src: &str, line_start: usize, line_end: usize) -> Option<(String, usize)> {
    let line = &src[line_start..line_end];
    let (at, run) = display_opening(line)?;
    let (end, closed) = display_end(src, line_end, quote_depth(line), run);
    let body_end = match closed {
        true => src[..end].rfind('\n').unwrap_or(line_end),
        false => end,
    };
    let body = src.get(line_end + 1..body_end).unwrap_or("");
    let fence = fence_for(body);
    let mut out = format!("{}{fence}{DISPLAY_INFO}\n", &line[..at]);
    if !body.is_empty() {
        out.push_str(body);
        out.push('\n');
    }
    if closed {
        let closing = &src[body_end + 1..end];
        out.push_str(&closing[..closing.find('$').unwrap_or(0)]);
        out.push_str(&fence);
    }
    Some((out, end))
}

/// The inline formula `rest` (which starts with `$`) opens: its length in
/// the source and its TeX. `None` when no run of as many `$` closes it in
/// its paragraph: then the run is text.
fn inline(rest: &str, in_table_row: bool) -> Option<(usize, &str)> {
    let bytes = rest.as_bytes();
    let run = bytes.iter().take_while(|&&b| b == b'$').count();
    let limit = match in_table_row {
        true => rest.find('\n').unwrap_or(rest.len()),
        false => paragraph_end(rest),
    };
    let mut i = run;
    while i < limit {
        match bytes[i] {
            b'$' => {
                let close = bytes[i..limit].iter().take_while(|&&b| b == b'$').count();
                if close == run {
                    return Some((i + run, strip_padding(&rest[run..i])));
                }
                i += close;
            }
            b'|' if in_table_row && bytes[i - 1] != b'\\' => return None,
            _ => i += 1,
        }
    }
    None
}

/// Code-span padding: one space (or line ending) off each end when both
/// have one and the formula is not only spaces.
fn strip_padding(tex: &str) -> &str {
    let pad = |c: char| c == ' ' || c == '\n';
    let padded = tex.starts_with(pad) && tex.ends_with(pad) && !tex.trim().is_empty();
    if padded {
        &tex[1..tex.len() - 1]
    } else {
        tex
    }
}

/// Where the paragraph `rest` is in ends: a blank line, or a line that
/// starts another block (a heading, a fence, a list item, a table row, a
/// thematic break) or closes the element the paragraph is in.
fn paragraph_end(rest: &str) -> usize {
    let mut at = 0;
    for line in rest.split_inclusive('\n') {
        if at > 0 && starts_block(line.trim_start_matches([' ', '\t', '>']).trim_end()) {
            return at;
        }
        at += line.len();
    }
    rest.len()
}

fn starts_block(content: &str) -> bool {
    let list_item = |marker: &str| {
        let digits = marker.bytes().take_while(u8::is_ascii_digit).count();
        let rest = match digits {
            0 => marker.strip_prefix(['-', '*', '+']),
            1..=9 => marker[digits..].strip_prefix(['.', ')']),
            _ => None,
        };
        rest.is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
    };
    content.is_empty()
        || list_item(content)
        || ["#", "|", "</", "```", "~~~", "$$", "***", "---", "___"]
            .iter()
            .any(|start| content.starts_with(start))
}

/// A display formula opening on the line `line` (the whole source line):
/// where its `$$` starts in the line and the run's length, or `None`. MDX
/// has no indented code, so any indentation will do.
fn display_opening(line: &str) -> Option<(usize, usize)> {
    let at = quote_prefix_len(line);
    let content = &line[at..];
    let indent = content.len() - content.trim_start_matches([' ', '\t']).len();
    let run = content[indent..].bytes().take_while(|&b| b == b'$').count();
    let meta = &content[indent + run..];
    (run >= 2 && !meta.contains('$')).then_some((at + indent, run))
}

/// The end of the display formula whose opening line ends at `first_end`:
/// the end of its closing line, or of the last line it holds (the formula
/// is cut off where its block quote ends, or at the end of the page);
/// `bool` is whether a closing line was found.
fn display_end(src: &str, first_end: usize, quotes: usize, run: usize) -> (usize, bool) {
    let mut end = first_end;
    while end < src.len() {
        let start = end + 1;
        let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
        let line = &src[start..line_end];
        if quote_depth(line) < quotes {
            return (end, false);
        }
        let content = strip_quotes(line, quotes).trim();
        let close = content.bytes().take_while(|&b| b == b'$').count();
        if close >= run && close == content.len() {
            return (line_end, true);
        }
        end = line_end;
    }
    (end, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_formulas_pair_runs_of_the_same_length() {
        assert_eq!(inline("$x$y", false), Some((3, "x")));
        assert_eq!(inline("$5 and $10", false), Some((8, "5 and ")));
        assert_eq!(inline("$ x $ and", false), Some((5, "x")));
        assert_eq!(inline("$$x$$ tail", false), Some((5, "x")));
        assert_eq!(inline("$x$$ b $ c", false), Some((8, "x$$ b ")));
        assert_eq!(inline("$a\nb$", false), Some((5, "a\nb")));
        assert_eq!(inline("$5 only", false), None);
        assert_eq!(inline("$a\n\nb$", false), None);
        assert_eq!(inline("$a\n# b$", false), None);
        assert_eq!(inline("$1 each\n- $2 each", false), None);
        assert_eq!(inline("$1 each\n2. $2 each", false), None);
        assert_eq!(inline("$1 x\n2 $", false), Some((8, "1 x\n2 ")));
        assert_eq!(inline("$x | y\n| z $", true), None);
        assert_eq!(inline("$x\n</Note>\n<Note t=\"$\">", false), None);
        assert_eq!(inline("$x|y$ |", true), None);
        assert_eq!(inline("$x|y$ |", false), Some((5, "x|y")));
    }

    #[test]
    fn code_marks_round_trip() {
        let code = inline_code("a`b");
        assert!(code.starts_with("``") && code.ends_with("``"), "{code}");
        assert_eq!(formula_of_code(code.trim_matches('`')), Some("a`b"));
        assert_eq!(formula_of_code("plain"), None);
        assert_eq!(fence_for("x"), "```");
        assert_eq!(fence_for("````"), "`````");
    }

    #[test]
    fn display_formulas_open_and_close_on_lines_of_dollars() {
        assert_eq!(display_opening("$$"), Some((0, 2)));
        assert_eq!(display_opening("  $$$ meta"), Some((2, 3)));
        assert_eq!(display_opening("> $$"), Some((2, 2)));
        assert_eq!(display_opening("$$x$$"), None);
        assert_eq!(display_opening("    $$"), Some((4, 2)));
        let src = "$$\nx\n$$$\nafter";
        assert_eq!(display_end(src, 2, 0, 2), (8, true));
        let src = "> $$\n> x\n> $$\nafter";
        assert_eq!(display_end(src, 4, 1, 2), (13, true));
        let src = "> $$\n> x\nout";
        assert_eq!(display_end(src, 4, 1, 2), (8, false));
        assert_eq!(display_end("$$\nx", 2, 0, 2), (4, false));
    }
}
