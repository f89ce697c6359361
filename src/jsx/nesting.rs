//! How deep author JavaScript nests, read before `oxc` parses it: its
//! parser and the passes after it recurse once per level, so a page of
//! 100,000 nested arrays would exhaust the thread's stack. Brackets
//! (`(`, `[`, `{`) and JSX elements (`<a>` after punctuation that starts
//! an operand, closed by `</…>` or `/>`) count; text inside strings,
//! template literals and comments does not. Code nested deeper than
//! [`MAX_DEPTH`] is refused as a located problem.

/// How deep brackets and JSX elements may nest in one piece of code.
pub const MAX_DEPTH: usize = 256;

/// The byte offset where `source` first nests deeper than [`MAX_DEPTH`].
pub fn too_deep(source: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let mut last = b'(';
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'"' | b'\'' | b'`' => i = skip_string(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_until(bytes, i, b"\n"),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_until(bytes, i + 2, b"*/"),
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'<' if bytes.get(i + 1) == Some(&b'/') => depth = depth.saturating_sub(1),
            b'/' if bytes.get(i + 1) == Some(&b'>') => depth = depth.saturating_sub(1),
            b'<' if starts_operand(last) && next_is_tag(bytes, i) => depth += 1,
            _ => {}
        }
        if depth > MAX_DEPTH {
            return Some(i);
        }
        if !c.is_ascii_whitespace() {
            last = c;
        }
        i += 1;
    }
    None
}

/// Whether `<` after `last` opens a JSX element rather than comparing.
fn starts_operand(last: u8) -> bool {
    b"([{,=?:>&|!;".contains(&last)
}

fn next_is_tag(bytes: &[u8], at: usize) -> bool {
    bytes
        .get(at + 1)
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'>')
}

/// The index of the quote closing the string that starts at `at`.
fn skip_string(bytes: &[u8], at: usize) -> usize {
    let quote = bytes[at];
    let mut i = at + 1;
    while i < bytes.len() && bytes[i] != quote {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i
}

/// The index of the last byte of the first `end` after `from` (the end
/// of the source when there is none).
fn skip_until(bytes: &[u8], from: usize, end: &[u8]) -> usize {
    (from..bytes.len())
        .find(|&i| bytes[i..].starts_with(end))
        .map_or(bytes.len(), |i| i + end.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_brackets_and_elements_are_found_where_they_get_too_deep() {
        let arrays = format!("{}{}", "[".repeat(300), "]".repeat(300));
        assert_eq!(too_deep(&arrays), Some(MAX_DEPTH));
        let elements = "(<a>".to_string() + &"<b>".repeat(300);
        assert!(too_deep(&elements).is_some());
    }

    #[test]
    fn strings_comments_and_comparisons_do_not_count() {
        let quoted = format!(
            "\"{}\" + '{}' + `{}`",
            "(".repeat(500),
            "[".repeat(500),
            "{".repeat(500)
        );
        assert_eq!(too_deep(&quoted), None);
        let compared = "for (let i = 0; i < n; i++) x = a<b;\n".repeat(400);
        assert_eq!(too_deep(&compared), None);
        let commented = format!("// {}\n/* {} */ x", "(".repeat(500), "{".repeat(500));
        assert_eq!(too_deep(&commented), None);
        let sibling = "<p>a</p>".repeat(1000);
        assert_eq!(too_deep(&format!("[{sibling}]")), None);
    }
}
