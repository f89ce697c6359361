//! Text helpers the renderer shares with the components: dedenting an
//! element's children, and unwrapping HTML that is a single paragraph.

use std::borrow::Cow;

/// Removes up to `n` leading spaces or tabs from each line.
pub(in crate::markdown) fn dedent(text: &str, n: usize, first_at_line_start: bool) -> Cow<'_, str> {
    if n == 0 {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i == 0 && !first_at_line_start {
            out.push_str(line);
            continue;
        }
        let strip = line
            .bytes()
            .take(n)
            .take_while(|b| *b == b' ' || *b == b'\t')
            .count();
        out.push_str(&line[strip..]);
    }
    Cow::Owned(out)
}

/// Strips the `<p>…</p>` around HTML that is a single paragraph.
pub(in crate::markdown) fn unwrap_paragraph(html: String) -> String {
    let trimmed = html.trim_end();
    match trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
    {
        Some(inner) if !inner.contains("<p>") => inner.to_string(),
        _ => html,
    }
}

/// How many times [`without_indented_code`] looks again: each look takes
/// four columns off, so deeper text keeps the rest of its indentation.
const INDENTED_CODE_PASSES: usize = 8;

/// `markdown` with no indented code block, as MDX reads it (it has none:
/// four spaces of indentation mean nothing there, so an element's children
/// indented under a less indented sibling stay lists and paragraphs, and
/// `    1. Step` after a paragraph's line starts a list). The lines
/// pulldown-cmark would read as indented code, or as the continuation of a
/// paragraph that they would end unindented, lose four columns of
/// indentation, as often as needed. Also returns what was removed, as
/// `(offset in markdown, bytes)` in order, so offsets can be mapped back.
pub(in crate::markdown) fn without_indented_code(
    markdown: &str,
) -> (Cow<'_, str>, Vec<(usize, usize)>) {
    let mut text = Cow::Borrowed(markdown);
    let mut removed: Vec<(usize, usize)> = Vec::new();
    // Most text has no line indented four columns: no second parse for it.
    if !markdown
        .lines()
        .any(|line| line.starts_with("    ") || line.trim_start_matches(' ').starts_with('\t'))
    {
        return (text, removed);
    }
    for _ in 0..INDENTED_CODE_PASSES {
        let cuts = indented_code_cuts(&text);
        if cuts.is_empty() {
            break;
        }
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        for &(start, len) in &cuts {
            out.push_str(&text[at..start]);
            at = start + len;
        }
        out.push_str(&text[at..]);
        removed = merge_cuts(&removed, &cuts);
        text = Cow::Owned(out);
    }
    (text, removed)
}

/// The indentation (up to four columns) of each line of each indented
/// code block of `markdown`, as `(offset, bytes)`.
fn indented_code_cuts(markdown: &str) -> Vec<(usize, usize)> {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag};
    let mut cuts = Vec::new();
    for (event, range) in
        Parser::new_ext(markdown, pulldown_cmark::Options::all()).into_offset_iter()
    {
        let code = match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Indented)) => true,
            Event::Start(Tag::Paragraph) => false,
            _ => continue,
        };
        let block_start = markdown[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let mut line_start = block_start;
        for (i, line) in markdown[block_start..range.end]
            .split_inclusive('\n')
            .enumerate()
        {
            let cut = four_columns(line);
            // In a paragraph, only a later line that would start a block
            // without its indentation (`    1. Step`): MDX starts it.
            let starts_block =
                code || (i > 0 && cut > 0 && starts_a_block(line[cut..].trim_start()));
            if cut > 0 && starts_block {
                cuts.push((line_start, cut));
            }
            line_start += line.len();
        }
    }
    cuts.sort_unstable();
    cuts.dedup_by_key(|c| c.0);
    cuts
}

/// Whether a line starting with `text` starts a block (a list item, a
/// heading, a quote or a fence) where it is not indented.
fn starts_a_block(text: &str) -> bool {
    let ends_marker = |rest: &str| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']);
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let numbered = (1..=9).contains(&digits)
        && text[digits..]
            .strip_prefix(['.', ')'])
            .is_some_and(ends_marker);
    let bullet = text.strip_prefix(['-', '*', '+']).is_some_and(ends_marker);
    let heading = text.starts_with('#') && ends_marker(text.trim_start_matches('#'));
    let rule = |c: char| {
        let line = text.lines().next().unwrap_or("");
        line.chars().filter(|&x| x == c).count() >= 3 && line.chars().all(|x| x == c || x == ' ')
    };
    numbered
        || bullet
        || heading
        || text.starts_with('>')
        || ["```", "~~~"].iter().any(|fence| text.starts_with(fence))
        || ['-', '*', '_'].into_iter().any(rule)
}

/// The bytes of up to four columns of leading spaces and tabs.
fn four_columns(line: &str) -> usize {
    let mut columns = 0;
    let mut bytes = 0;
    for b in line.bytes() {
        match b {
            b' ' => columns += 1,
            b'\t' => columns += 4 - columns % 4,
            _ => break,
        }
        bytes += 1;
        if columns >= 4 {
            break;
        }
    }
    bytes
}

/// Cuts made in text already cut by `earlier`, as cuts of the original.
fn merge_cuts(earlier: &[(usize, usize)], later: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut merged: Vec<(usize, usize)> = earlier.to_vec();
    for &(offset, len) in later {
        // The original offset: the later one plus what earlier cuts before it removed.
        let mut original = offset;
        for &(at, cut) in earlier {
            if at <= original {
                original += cut;
            }
        }
        merged.push((original, len));
    }
    merged.sort_unstable();
    merged
}

/// Keeps `markdown`, the one-line children of an element (`<p>1. Step</p>`,
/// `<b>+ Add</b>`), inline as MDX reads them: a list marker, `#` or `>`
/// that would start a block is escaped. Returns where the `\\` went.
pub(in crate::markdown) fn keep_inline(markdown: &mut String) -> Option<usize> {
    let start = markdown.len() - markdown.trim_start().len();
    let text = &markdown[start..];
    if !starts_a_block(text) {
        return None;
    }
    let at = start + text.bytes().take_while(u8::is_ascii_digit).count();
    markdown.insert(at, '\\');
    Some(at)
}

/// The single `~` that GFM as MDX reads it (micromark) pairs into
/// strikethrough but pulldown-cmark leaves as text: micromark lets one
/// tilde open and close inside a word (`以~30个~以`), as `*` does. Pairs of
/// byte offsets in `text`, the text of one run between other markup.
pub(in crate::markdown) fn single_tilde_pairs(text: &str) -> Vec<(usize, usize)> {
    // micromark's character classes: 1 white space (or the run's edge, as
    // markup is), 2 punctuation, 0 anything else.
    let class = |c: Option<char>| match c {
        None => 2,
        Some(c) if c.is_whitespace() => 1,
        Some(c) if c.is_ascii_punctuation() || (!c.is_alphanumeric() && !c.is_ascii()) => 2,
        Some(_) => 0,
    };
    let (mut pairs, mut openers) = (Vec::new(), Vec::new());
    for (i, _) in text.match_indices('~') {
        let prev = text[..i].chars().next_back();
        let next = text[i + 1..].chars().next();
        if prev == Some('~') || next == Some('~') {
            continue;
        }
        let (before, after) = (class(prev), class(next));
        let open = after == 0 || (after == 2 && before != 0);
        let close = before == 0 || (before == 2 && after != 0);
        match openers.pop() {
            Some(start) if close => pairs.push((start, i)),
            Some(start) => {
                openers.push(start);
                if open {
                    openers.push(i);
                }
            }
            None if open => openers.push(i),
            None => {}
        }
    }
    pairs
}
