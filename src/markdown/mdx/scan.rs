//! Finding things in a page's text for the parser, each in one pass:
//! where a URL or a code span is, where plain text ends, which
//! `<` opens an autolink, where the last closing tag of a name is, and
//! the `>` markers of block quotes.

/// The index of the first line end or possible MDX syntax (`` ` ``, `\\`,
/// `{`, `<`, `$`) in `bytes`: the bytes between are plain text. Searched a
/// line at a time with SIMD `memchr`, as prose rarely holds any of them.
pub(super) fn next_delimiter(bytes: &[u8]) -> Option<usize> {
    // Searched a window at a time, so that the cost is the distance to what
    // is found, not the length of the line: a page may hold thousands of
    // tags on one line.
    const WINDOW: usize = 256;
    let mut start = 0;
    while start < bytes.len() {
        let window = &bytes[start..bytes.len().min(start + WINDOW)];
        let newline = memchr::memchr(b'\n', window);
        let line = &window[..newline.unwrap_or(window.len())];
        let syntax = match (
            memchr::memchr3(b'`', b'\\', b'{', line),
            memchr::memchr2(b'<', b'$', line),
        ) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if let Some(found) = syntax.or(newline) {
            return Some(start + found);
        }
        start += window.len();
    }
    None
}

/// Whether `pos` (on the line starting at `line_start`) is inside a URL: a
/// link's destination or a bare `https://…`/`www.…` address, which GFM
/// makes a link (braces and `$` there are part of it, not MDX).
pub(super) fn in_url(src: &str, line_start: usize, pos: usize) -> bool {
    in_link_destination(src, line_start, pos) || in_bare_url(src, line_start, pos)
}

/// Whether the word `pos` is in starts as GFM's literal autolinks do (after
/// `*`, `_`, `~` or `(`, if any), looking back at most
/// [`DESTINATION_LOOKBACK`] bytes.
fn in_bare_url(src: &str, line_start: usize, pos: usize) -> bool {
    let before = &src[lookback_start(src, line_start, pos)..pos];
    let start = (before.char_indices().rev())
        .find(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = before[start..].trim_start_matches(['*', '_', '~', '(']);
    ["http://", "https://", "www."].iter().any(|start| {
        word.get(..start.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(start))
    })
}

/// Where a look back from `pos` starts: its line's start, or
/// [`DESTINATION_LOOKBACK`] bytes back on a longer line.
fn lookback_start(src: &str, line_start: usize, pos: usize) -> usize {
    let mut from = line_start.max(pos.saturating_sub(DESTINATION_LOOKBACK));
    while !src.is_char_boundary(from) {
        from += 1;
    }
    from
}

/// The line breaks of a text, found once, so that the line around any
/// offset is a binary search away, not a scan of the line.
#[derive(Debug, Default)]
pub(super) struct Lines {
    breaks: Vec<usize>,
    len: usize,
}

impl Lines {
    pub(super) fn new(src: &str) -> Lines {
        Lines {
            breaks: memchr::memchr_iter(b'\n', src.as_bytes()).collect(),
            len: src.len(),
        }
    }

    /// The start and end (before its `\n`) of the line holding `offset`.
    pub(super) fn bounds(&self, offset: usize) -> (usize, usize) {
        let i = self.breaks.partition_point(|&b| b < offset);
        let start = i.checked_sub(1).map_or(0, |i| self.breaks[i] + 1);
        (start, self.breaks.get(i).copied().unwrap_or(self.len))
    }
}

/// How far back a URL's start is looked for: longer URLs are not ones an
/// author writes braces into, and a longer look would cost the square of a
/// long line's length.
const DESTINATION_LOOKBACK: usize = 4096;

/// Whether `pos` (on the line starting at `line_start`) is inside the
/// destination of a link on its line (`](…` still open, without white
/// space), looking back at most [`DESTINATION_LOOKBACK`] bytes.
fn in_link_destination(src: &str, line_start: usize, pos: usize) -> bool {
    let line = &src[lookback_start(src, line_start, pos)..pos];
    let Some(open) = line.rfind("](") else {
        return false;
    };
    let mut depth = 1usize;
    for c in line[open + 2..].chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if c.is_whitespace() => return false,
            _ => {}
        }
        if depth == 0 {
            return false;
        }
    }
    true
}

pub(super) fn looks_like_autolink(rest: &str) -> bool {
    let inner = rest[1..].split(['>', ' ', '\n']).next().unwrap_or("");
    rest[1..].contains('>')
        && (inner.contains("://")
            || inner.starts_with("mailto:")
            || (inner.contains('@') && inner.contains('.')))
}

/// Where the last `</name` (white space allowed after `</`) starts in `src`;
/// for a fragment (no name), the last `</>`.
pub(super) fn last_closing_tag(src: &str, name: &str) -> Option<usize> {
    if name.is_empty() {
        return src.rfind("</>");
    }
    src.rmatch_indices(name).find_map(|(at, _)| {
        let before = src[..at].trim_end();
        let spaced = before.len() < at && !src[before.len()..at].contains('\n');
        let tag = before.strip_suffix("</")?;
        (spaced || before.len() == at).then_some(tag.len())
    })
}

/// The length of the code span `rest` starts with (at its run of
/// backticks), or of the run alone when no run as long closes it in its
/// paragraph, or in its row of a table (GFM splits rows into cells first).
pub(super) fn code_span_len(rest: &str, in_table_row: bool) -> usize {
    let run = rest.bytes().take_while(|&b| b == b'`').count();
    let end = if in_table_row { "\n" } else { "\n\n" };
    let limit = rest.find(end).unwrap_or(rest.len());
    let mut search = run;
    while let Some(i) = rest[search..limit].find(&rest[..run]) {
        let at = search + i;
        let after = rest[at..].bytes().take_while(|&b| b == b'`').count();
        if after == run {
            return at + run;
        }
        search = at + after;
    }
    run
}

/// A GFM table's delimiter row (`|---|:--:|`) holding a tab.
pub(super) fn is_delimiter_row_with_tabs(line: &str) -> bool {
    line.contains('\t')
        && line.contains('-')
        && line.contains('|')
        && (line.trim().bytes()).all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'))
}

/// The length of the block quote markers (`> > `) a line starts with.
pub(super) fn quote_prefix_len(line: &str) -> usize {
    let mut at = 0;
    loop {
        let rest = &line[at..];
        let spaces = rest.len() - rest.trim_start_matches(' ').len();
        if spaces > 3 || !rest[spaces..].starts_with('>') {
            return at;
        }
        at += spaces + 1;
        if line[at..].starts_with(' ') {
            at += 1;
        }
    }
}

/// How many block quote markers a line starts with.
pub(super) fn quote_depth(line: &str) -> usize {
    line[..quote_prefix_len(line)].matches('>').count()
}

pub(super) fn strip_quotes(line: &str, quotes: usize) -> &str {
    let mut rest = line;
    for _ in 0..quotes {
        let Some(after) = rest.trim_start_matches(' ').strip_prefix('>') else {
            return rest;
        };
        rest = after.strip_prefix(' ').unwrap_or(after);
    }
    rest
}

/// An expression's code inside a block quote `depth` deep, without the
/// `>` markers of its later lines, and where (in `code`) the first line
/// without them is: MDX rejects such a lazy line.
pub(super) fn unquoted(code: &str, depth: usize) -> (String, Option<usize>) {
    if depth == 0 || !code.contains('\n') {
        return (code.to_string(), None);
    }
    let (mut out, mut lazy, mut at) = (String::new(), None, 0);
    for (i, line) in code.split_inclusive('\n').enumerate() {
        if i > 0 && quote_depth(line) < depth {
            lazy = lazy.or(Some(at));
        }
        out.push_str(if i == 0 {
            line
        } else {
            strip_quotes(line, depth)
        });
        at += line.len();
    }
    (out, lazy)
}
