//! Finding things in a page's text for the parser, each in one pass:
//! where a formula or a link destination is, where plain text ends, which
//! `<` opens an autolink, and where the last closing tag of a name is.

/// The length of the formula `rest` starts with, within its paragraph:
/// `$$…$$`, or `$…$` whose opening `$` is not followed by a space and whose
/// closing `$` is neither preceded by a space nor followed by a digit (so
/// `$5 and $10` is text). As in pulldown-cmark, which renders the page, the
/// braces inside must balance (`\{` and `\}` do not count), a `$` inside
/// braces closes nothing, and a later `$` that can only open (after a
/// space) takes over: what it does not read as a formula must not be
/// copied through as one here, or a component in it would reach the page
/// raw. `None` when `rest` starts no formula.
pub(super) fn math_len(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let limit = rest.find("\n\n").unwrap_or(rest.len());
    let display = rest.starts_with("$$");
    if !display && bytes.get(1).is_none_or(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let mut depth = 0usize;
    let mut i = if display { 2 } else { 1 };
    while i < limit {
        match bytes[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' => depth = depth.checked_sub(1)?,
            b'$' if depth == 0 && display && bytes.get(i + 1) == Some(&b'$') => {
                return Some(i + 2);
            }
            b'$' if display => {}
            b'$' if depth == 0 && !display => {
                let after = bytes.get(i + 1);
                if !bytes[i - 1].is_ascii_whitespace() && !after.is_some_and(u8::is_ascii_digit) {
                    return Some(i + 1);
                }
                if after.is_some_and(|b| !b.is_ascii_whitespace()) {
                    // A `$` that can only open starts the formula a closer
                    // pairs with; this one is left unmatched.
                    return None;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

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

/// How far back a link destination's `](` is looked for: longer
/// destinations are not URLs an author writes braces into, and a longer
/// look would cost the square of a long line's length.
const DESTINATION_LOOKBACK: usize = 4096;

/// Whether `pos` (on the line starting at `line_start`) is inside the
/// destination of a link on its line (`](…` still open, without white
/// space), looking back at most [`DESTINATION_LOOKBACK`] bytes.
pub(super) fn in_link_destination(src: &str, line_start: usize, pos: usize) -> bool {
    let mut from = line_start.max(pos.saturating_sub(DESTINATION_LOOKBACK));
    while !src.is_char_boundary(from) {
        from += 1;
    }
    let line = &src[from..pos];
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
