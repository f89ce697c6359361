//! The spans of a few JSON pointers of a JSON spec's text, found in one
//! scan that steps over every subtree no wanted pointer is in.
//!
//! Only the pointers of the findings actually reported are looked for
//! (and their ancestors, the fallback when one is not in the text): a
//! 13 MB spec with a few hundred findings costs one pass over the bytes,
//! not a syntax tree and a map of its millions of pointers. A property's
//! span is its key (quotes included), an array item's and the root's their
//! value.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// `segment` escaped for a JSON pointer (`~` as `~0`, `/` as `~1`).
pub(super) fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// Every pointer of `pointers` and all their ancestors (`""` included).
pub(super) fn with_ancestors<'p>(pointers: impl Iterator<Item = &'p str>) -> HashSet<String> {
    let mut wanted = HashSet::new();
    for pointer in pointers {
        let mut end = pointer.len();
        loop {
            if !wanted.insert(pointer[..end].to_string()) {
                break;
            }
            match pointer[..end].rfind('/') {
                Some(i) => end = i,
                None => break,
            }
        }
    }
    wanted.insert(String::new());
    wanted
}

/// The spans of the `wanted` pointers that `text` holds; `None` when
/// `text` is not JSON.
pub(super) fn spans(text: &str, wanted: &HashSet<String>) -> Option<HashMap<String, Range<usize>>> {
    let mut scan = Scan {
        bytes: text.as_bytes(),
        text,
        at: 0,
        wanted,
        out: HashMap::new(),
    };
    scan.whitespace();
    if text[scan.at..].starts_with('\u{feff}') {
        scan.at += '\u{feff}'.len_utf8();
        scan.whitespace();
    }
    let start = scan.at;
    scan.value("", 0)?;
    scan.out.insert(String::new(), start..scan.at);
    scan.whitespace();
    (scan.at == text.len()).then_some(scan.out)
}

/// Deeper than this the text is not a spec sheaf loaded (its parser stops
/// at 128 levels).
const MAX_DEPTH: usize = 256;

struct Scan<'t> {
    bytes: &'t [u8],
    text: &'t str,
    at: usize,
    wanted: &'t HashSet<String>,
    out: HashMap<String, Range<usize>>,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.whitespace();
        self.step_over(byte)
    }

    /// Steps over `byte` when it comes next.
    fn step_over(&mut self, byte: u8) -> Option<()> {
        if self.peek()? != byte {
            return None;
        }
        self.at += 1;
        Some(())
    }

    /// The value at `pointer`, from here: looked into when a wanted
    /// pointer is inside it, else stepped over.
    fn value(&mut self, pointer: &str, depth: usize) -> Option<()> {
        self.whitespace();
        if depth > MAX_DEPTH {
            return None;
        }
        if !self.wanted.contains(pointer) {
            return self.skip();
        }
        match self.peek()? {
            b'{' => self.object(pointer, depth),
            b'[' => self.array(pointer, depth),
            _ => self.skip(),
        }
    }

    fn object(&mut self, pointer: &str, depth: usize) -> Option<()> {
        self.at += 1;
        self.whitespace();
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(());
        }
        loop {
            self.whitespace();
            let start = self.at;
            self.string()?;
            let key = decode_key(&self.text[start..self.at])?;
            let child = format!("{pointer}/{}", escape(&key));
            if self.wanted.contains(&child) {
                self.out.entry(child.clone()).or_insert(start..self.at);
            }
            self.expect(b':')?;
            self.value(&child, depth + 1)?;
            self.whitespace();
            if self.step_over(b',').is_none() {
                return self.step_over(b'}');
            }
        }
    }

    fn array(&mut self, pointer: &str, depth: usize) -> Option<()> {
        self.at += 1;
        self.whitespace();
        if self.peek()? == b']' {
            self.at += 1;
            return Some(());
        }
        for index in 0.. {
            self.whitespace();
            let start = self.at;
            let child = format!("{pointer}/{index}");
            self.value(&child, depth + 1)?;
            if self.wanted.contains(&child) {
                self.out.entry(child).or_insert(start..self.at);
            }
            self.whitespace();
            if self.step_over(b',').is_none() {
                return self.step_over(b']');
            }
        }
        None
    }

    /// Steps over one value: a string, a container (counting brackets
    /// outside strings) or a scalar.
    fn skip(&mut self) -> Option<()> {
        match self.peek()? {
            b'"' => self.string(),
            b'{' | b'[' => {
                let mut depth = 0usize;
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.at += 1;
                                return Some(());
                            }
                        }
                        _ => {}
                    }
                    self.at += 1;
                }
            }
            _ => {
                let len = self.bytes[self.at..]
                    .iter()
                    .take_while(|b| !matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))
                    .count();
                self.at += len;
                (len > 0).then_some(())
            }
        }
    }

    /// Steps over a string from its opening quote.
    fn string(&mut self) -> Option<()> {
        if self.peek()? != b'"' {
            return None;
        }
        let mut i = self.at + 1;
        loop {
            let next = memchr::memchr2(b'"', b'\\', self.bytes.get(i..)?)?;
            i += next;
            if self.bytes[i] == b'"' {
                self.at = i + 1;
                return Some(());
            }
            i += 2;
        }
    }
}

/// A key as written (quotes included) to its text.
fn decode_key(quoted: &str) -> Option<String> {
    match quoted.contains('\\') {
        false => Some(quoted[1..quoted.len() - 1].to_string()),
        true => serde_json::from_str(quoted).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans_of(text: &str, pointers: &[&str]) -> HashMap<String, Range<usize>> {
        spans(text, &with_ancestors(pointers.iter().copied())).expect("JSON")
    }

    #[test]
    fn keys_and_items_of_wanted_pointers_only() {
        let text = r#"{"a": {"b~c/d": [1, {"e": "x"}], "skip": {"deep": ["]", "}"]}}, "z": 2}"#;
        let found = spans_of(text, &["/a/b~0c~1d/1/e"]);
        let at = |p: &str| &text[found[p].clone()];
        assert_eq!(at("/a"), "\"a\"");
        assert_eq!(at("/a/b~0c~1d"), "\"b~c/d\"");
        assert_eq!(at("/a/b~0c~1d/1"), "{\"e\": \"x\"}");
        assert_eq!(at("/a/b~0c~1d/1/e"), "\"e\"");
        assert_eq!(at(""), text);
        assert!(!found.contains_key("/z") && !found.contains_key("/a/skip"));
    }

    #[test]
    fn escaped_keys_and_strings_with_brackets_are_read_whole() {
        let text = "{\"x\": \"a \\\" } ]\", \"k\\u0065y\": {\"v\": [true, null, -1.5e3]}}";
        let found = spans_of(text, &["/key/v/2"]);
        assert_eq!(&text[found["/key/v/2"].clone()], "-1.5e3");
        assert_eq!(&text[found["/key"].clone()], "\"k\\u0065y\"");
    }

    #[test]
    fn text_that_is_not_json_gives_none() {
        let wanted = with_ancestors(["/a"].into_iter());
        assert_eq!(spans("a: 1\n", &wanted), None);
        assert_eq!(spans("{\"a\": [1, 2}", &wanted), None);
    }
}
