//! JSON highlighted by a hand-written tokenizer instead of syntect: the
//! same token classes syntect's JSON grammar gives through
//! [`class_theme`](super::tokens::class_theme), so the page looks the same,
//! at a fraction of the time. Endpoint pages are mostly JSON (every
//! response example, generated from the spec), and running syntect's
//! regexes over it was half of the build of a large spec (GitHub's REST
//! description: 54% of the CPU).
//!
//! The classes, as syntect's grammar and the class theme give them: an
//! object key (escapes included) and a number, `true`, `false` or `null`
//! are constants (`hl-n`); a string value is a string (`hl-s`) with its
//! escapes (`\n`, `\u00e9`) constants; punctuation and whitespace are
//! plain. Anything else (comments, a trailing comma, an invalid escape, a
//! bare word, text after the value) gives `None`, and the caller asks
//! syntect, so odd input is highlighted exactly as before. The tests
//! compare both on the same texts.

use super::tokens::TokenClass;
use super::Spans;

/// `code` (one JSON value, whitespace around it) as token spans; `None`
/// when it is not plain JSON.
pub(super) fn highlight(code: &str) -> Option<String> {
    let mut tokens = Tokenizer {
        code,
        at: 0,
        spans: Spans::with_capacity(code.len() * 2),
        stack: Vec::new(),
    };
    tokens.whitespace();
    tokens.value()?;
    tokens.whitespace();
    (tokens.at == code.len()).then(|| tokens.spans.finish())
}

/// Deeper nesting than this goes to syntect (which bounds its own).
const MAX_DEPTH: usize = 256;

struct Tokenizer<'c> {
    code: &'c str,
    at: usize,
    spans: Spans,
    /// The open containers, innermost last: `true` for an object.
    stack: Vec<bool>,
}

impl Tokenizer<'_> {
    fn peek(&self) -> Option<u8> {
        self.code.as_bytes().get(self.at).copied()
    }

    /// Pushes `len` bytes from here as `class`.
    fn emit(&mut self, class: TokenClass, len: usize) {
        let text = &self.code[self.at..self.at + len];
        self.spans.push(class, text);
        self.at += len;
    }

    fn whitespace(&mut self) {
        let rest = &self.code.as_bytes()[self.at..];
        let len = rest
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
            .count();
        if len > 0 {
            self.emit(TokenClass::Plain, len);
        }
    }

    /// One value and everything inside it, iteratively (no recursion, so
    /// nesting costs no stack).
    fn value(&mut self) -> Option<()> {
        loop {
            self.whitespace();
            match self.peek()? {
                b'{' | b'[' => {
                    let object = self.peek() == Some(b'{');
                    self.emit(TokenClass::Plain, 1);
                    if self.stack.len() >= MAX_DEPTH {
                        return None;
                    }
                    self.stack.push(object);
                    self.whitespace();
                    if self.close_if_empty(object) {
                        if self.after_value()? {
                            return Some(());
                        }
                    } else if object {
                        self.key()?;
                    }
                    continue;
                }
                b'"' => self.string(TokenClass::String)?,
                b't' => self.word("true")?,
                b'f' => self.word("false")?,
                b'n' => self.word("null")?,
                b'-' | b'0'..=b'9' => self.number()?,
                _ => return None,
            }
            if self.after_value()? {
                return Some(());
            }
        }
    }

    /// `}` or `]` right after its opener: an empty container, closed.
    fn close_if_empty(&mut self, object: bool) -> bool {
        let close = if object { b'}' } else { b']' };
        if self.peek() != Some(close) {
            return false;
        }
        self.emit(TokenClass::Plain, 1);
        self.stack.pop();
        true
    }

    /// After a value: closes containers and reads separators up to where
    /// the next value starts. `Some(true)` when the outermost value ended.
    fn after_value(&mut self) -> Option<bool> {
        loop {
            self.whitespace();
            let Some(&innermost) = self.stack.last() else {
                return Some(true);
            };
            match (self.peek()?, innermost) {
                (b',', true) => {
                    self.emit(TokenClass::Plain, 1);
                    self.whitespace();
                    self.key()?;
                    return Some(false);
                }
                (b',', false) => {
                    self.emit(TokenClass::Plain, 1);
                    return Some(false);
                }
                (b'}', true) | (b']', false) => {
                    self.emit(TokenClass::Plain, 1);
                    self.stack.pop();
                }
                _ => return None,
            }
        }
    }

    /// An object key and its `:`.
    fn key(&mut self) -> Option<()> {
        if self.peek()? != b'"' {
            return None;
        }
        self.string(TokenClass::Constant)?;
        self.whitespace();
        if self.peek()? != b':' {
            return None;
        }
        self.emit(TokenClass::Plain, 1);
        Some(())
    }

    /// A string from its opening quote: `class`, its escapes constants.
    fn string(&mut self, class: TokenClass) -> Option<()> {
        let bytes = self.code.as_bytes();
        let mut run = self.at;
        let mut i = self.at + 1;
        loop {
            match *bytes.get(i)? {
                b'"' => break,
                b'\\' => {
                    let len = escape_len(&bytes[i..])?;
                    self.emit(class, i - run);
                    self.emit(TokenClass::Constant, len);
                    i += len;
                    run = i;
                }
                0..=0x1f => return None,
                _ => i += 1,
            }
        }
        self.emit(class, i + 1 - run);
        Some(())
    }

    fn word(&mut self, word: &str) -> Option<()> {
        self.code[self.at..].starts_with(word).then_some(())?;
        let after = self.code.as_bytes().get(self.at + word.len());
        if after.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_') {
            return None;
        }
        self.emit(TokenClass::Constant, word.len());
        Some(())
    }

    /// A number as JSON writes it: `-`, digits without a leading zero,
    /// a fraction, an exponent.
    fn number(&mut self) -> Option<()> {
        let bytes = &self.code.as_bytes()[self.at..];
        let digits = |from: usize| {
            bytes[from..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
        };
        let mut len = usize::from(bytes[0] == b'-');
        let int = digits(len);
        if int == 0 || (int > 1 && bytes[len] == b'0') {
            return None;
        }
        len += int;
        if bytes.get(len) == Some(&b'.') {
            let fraction = digits(len + 1);
            if fraction == 0 {
                return None;
            }
            len += 1 + fraction;
        }
        if matches!(bytes.get(len), Some(b'e' | b'E')) {
            len += 1;
            if matches!(bytes.get(len), Some(b'+' | b'-')) {
                len += 1;
            }
            let exponent = digits(len);
            if exponent == 0 {
                return None;
            }
            len += exponent;
        }
        if bytes
            .get(len)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
        {
            return None;
        }
        self.emit(TokenClass::Constant, len);
        Some(())
    }
}

/// The length of the escape at the start of `bytes` (`\n`, `\u00e9`);
/// `None` for one JSON does not have.
fn escape_len(bytes: &[u8]) -> Option<usize> {
    match *bytes.get(1)? {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(2),
        b'u' => {
            let hex = bytes.get(2..6)?;
            hex.iter().all(u8::is_ascii_hexdigit).then_some(6)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::Highlighter;
    use super::highlight;

    /// What syntect gives for `code`.
    fn syntect(h: &Highlighter, code: &str) -> String {
        let syntax = h.syntaxes().find_syntax_by_token("json").unwrap();
        h.token_spans(syntax, code).unwrap()
    }

    const SAME: &[&str] = &[
        "{\n  \"a\": \"<b>\",\n  \"n\": 12\n}\n",
        "{}",
        "[]",
        "[ ]\n",
        "{ }",
        "null",
        "\"just a string\"",
        "-12.5e+3",
        "[1, -0, 0.5, 2E10, 3e-2, true, false, null, \"x\"]",
        "{\"esc\\\"aped\": \"line\\nbreak \\u00e9 \\\\ \\/ tab\\t\", \"k\": {\"deep\": [[], {}, [{}]]}}",
        "{\n  \"login\": \"octocat\",\n  \"id\": 1,\n  \"site_admin\": false,\n  \"plan\": null,\n  \"tags\": [\n    \"a\",\n    \"b\"\n  ]\n}",
        "  {\"a\":1}  \n\n",
        "{\"a\": [1,\n2\n,3]}",
        "{\"unicode\": \"héllo — ✓ 😀\", \"html\": \"<script>&amp;</script>\"}",
        "{\"empty\": \"\", \"k\": \"\\\"\"}",
    ];

    #[test]
    fn gives_what_syntect_gives() {
        let h = Highlighter::new();
        for code in SAME {
            assert_eq!(
                highlight(code).as_deref(),
                Some(&*syntect(&h, code)),
                "{code}"
            );
        }
    }

    #[test]
    fn leaves_what_is_not_plain_json_to_syntect() {
        for code in [
            "{\"a\": 1,}",
            "// comment\n{}",
            "{\"a\": tru}",
            "{\"a\": \"\\x\"}",
            "{\"a\" 1}",
            "[1] [2]",
            "01",
            "1.",
            "{\"a\": [1}",
            "{\"a\": \"unterminated",
            "",
            "{'a': 1}",
            "[1, 2",
        ] {
            assert_eq!(highlight(code), None, "{code}");
        }
    }

    #[test]
    fn highlighting_json_gives_the_same_html_either_way() {
        let h = Highlighter::new();
        let code = "{\n  \"a\": [1, \"b\\n\"]\n}\n";
        assert_eq!(h.highlight(Some("json"), code), syntect(&h, code));
        let odd = "{\"a\": 1,} // trailing\n";
        assert_eq!(h.highlight(Some("json"), odd), syntect(&h, odd));
    }
}
