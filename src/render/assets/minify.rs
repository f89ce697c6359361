//! The theme's bundles as shipped: minified when the theme is made (once
//! per build), so no npm build step is needed.
//!
//! JavaScript is parsed by `oxc` (already the JSX compiler) and printed
//! again without whitespace or comments: the same program, token for
//! token. Should a bundle ever fail to parse (a `_theme` override), it
//! ships as written.
//!
//! CSS is minified by hand ([`css`]), by rules that change no token, so it
//! needs no parser and cannot misread a rule it does not know (a
//! `_theme` override, new syntax): a CSS minifier crate (`lightningcss`)
//! would add a parser and printer of its own to the binary and rewrite
//! values, where dropping comments and whitespace is most of the saving
//! (example-docs: see `bench/README.md`).

use oxc::allocator::Allocator;
use oxc::codegen::{Codegen, CodegenOptions};
use oxc::parser::Parser;
use oxc::span::SourceType;

/// `source`, a browser script, minified; as written if it does not parse.
pub fn js(source: &str) -> String {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, SourceType::cjs()).parse();
    if parsed.panicked || !parsed.errors.is_empty() {
        return source.to_string();
    }
    Codegen::new()
        .with_options(CodegenOptions::minify())
        .build(&parsed.program)
        .code
}

/// `source`, a stylesheet, minified without reading its grammar: comments
/// go (`/*! … */` stays), each run of whitespace becomes one space, and
/// the space beside `{`, `}`, `;` and `,` goes, as does a `;` before `}`.
/// None of that changes a token, so the browser reads the same rules:
/// strings, escapes (`.sm\:flex`, `\31 `) and unquoted `url(…)` are copied
/// as written; a space after `:` stays (`--x: ;`, and `a :hover` keeps its
/// descendant); a comment between two tokens that would otherwise join
/// (`a/**/b`) is kept as `/**/`.
pub fn css(source: &str) -> String {
    CssMinifier::new(source).run()
}

struct CssMinifier<'a> {
    src: &'a [u8],
    at: usize,
    out: Vec<u8>,
    /// The kind of the last thing written: [`Last::Separator`] for the
    /// start and the characters a space beside which can go.
    last: Last,
    space: bool,
    comment: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Last {
    /// The start, `{`, `}`, `;` or `,`.
    Separator,
    /// A `;`, whose `}` makes it unneeded.
    Semicolon,
    Colon,
    Other,
}

impl<'a> CssMinifier<'a> {
    fn new(source: &'a str) -> Self {
        CssMinifier {
            src: source.as_bytes(),
            at: 0,
            out: Vec::with_capacity(source.len()),
            last: Last::Separator,
            space: false,
            comment: false,
        }
    }

    fn run(mut self) -> String {
        while let Some(&byte) = self.src.get(self.at) {
            match byte {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => {
                    self.space = true;
                    self.at += 1;
                }
                b'/' if self.src.get(self.at + 1) == Some(&b'*') => self.comment(),
                b'"' | b'\'' => self.string(byte),
                b'\\' => self.escape(),
                b'u' | b'U' if self.at_url() => self.url(),
                _ => {
                    self.before(byte);
                    self.out.push(byte);
                    self.at += 1;
                    self.last = match byte {
                        b'{' | b'}' | b',' => Last::Separator,
                        b';' => Last::Semicolon,
                        b':' => Last::Colon,
                        _ => Last::Other,
                    };
                }
            }
        }
        // Only whole UTF-8 sequences are copied; should that ever fail,
        // the stylesheet ships as written.
        String::from_utf8(self.out)
            .unwrap_or_else(|_| String::from_utf8_lossy(self.src).into_owned())
    }

    /// Writes what the whitespace and comments before `next` (a byte about
    /// to be written) must leave: a space, `/**/` or nothing.
    fn before(&mut self, next: u8) {
        let separates = |b: u8| matches!(b, b'{' | b'}' | b';' | b',');
        if next == b'}' && self.last == Last::Semicolon {
            self.out.pop();
        }
        let after_separator = matches!(self.last, Last::Separator | Last::Semicolon);
        let joins = !after_separator && !separates(next);
        if self.space && (joins || self.last == Last::Colon) {
            self.out.push(b' ');
        } else if self.comment && !self.space && joins {
            self.out.extend_from_slice(b"/**/");
        }
        self.space = false;
        self.comment = false;
    }

    fn comment(&mut self) {
        let end = find(self.src, self.at + 2, b"*/").map_or(self.src.len(), |i| i + 2);
        if self.src.get(self.at + 2) == Some(&b'!') {
            self.before(b'/');
            self.out.extend_from_slice(&self.src[self.at..end]);
            self.last = Last::Other;
        } else {
            self.comment = true;
        }
        self.at = end;
    }

    /// A quoted string, escapes and all, to its closing quote or the end
    /// of its line (where a browser ends it too).
    fn string(&mut self, quote: u8) {
        self.before(quote);
        let start = self.at;
        self.at += 1;
        while let Some(&byte) = self.src.get(self.at) {
            match byte {
                b'\\' if self.src[self.at + 1..].starts_with(b"\r\n") => self.at += 3,
                b'\\' => self.at += 2,
                b'\n' | b'\r' | b'\x0c' => break,
                _ if byte == quote => {
                    self.at += 1;
                    break;
                }
                _ => self.at += 1,
            }
        }
        self.at = self.at.min(self.src.len());
        self.out.extend_from_slice(&self.src[start..self.at]);
        self.last = Last::Other;
    }

    /// A backslash and what it escapes: one character, or up to six hex
    /// digits and the one whitespace character that may end them.
    fn escape(&mut self) {
        self.before(b'\\');
        let start = self.at;
        self.at += 1;
        match self.src.get(self.at) {
            Some(b) if b.is_ascii_hexdigit() => {
                let digits = self.src[self.at..]
                    .iter()
                    .take(6)
                    .take_while(|b| b.is_ascii_hexdigit())
                    .count();
                self.at += digits;
                if self.src[self.at..].starts_with(b"\r\n") {
                    self.at += 2;
                } else if matches!(
                    self.src.get(self.at),
                    Some(b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
                ) {
                    self.at += 1;
                }
            }
            Some(b'\n' | b'\r' | b'\x0c') | None => {}
            Some(&b) => self.at += utf8_len(b),
        }
        self.at = self.at.min(self.src.len());
        self.out.extend_from_slice(&self.src[start..self.at]);
        self.last = Last::Other;
    }

    /// Whether `url(` starts here as a function name of its own, with
    /// unquoted contents.
    fn at_url(&self) -> bool {
        let starts = self.src[self.at..]
            .get(..4)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"url("));
        let whole = self.at == 0 || !is_name_byte(self.src[self.at - 1]);
        let rest = self.src.get(self.at + 4..).unwrap_or_default();
        let contents = rest.iter().find(|b| !b.is_ascii_whitespace());
        starts && whole && !matches!(contents, Some(b'"' | b'\''))
    }

    /// An unquoted `url(…)`, copied as written to its `)`.
    fn url(&mut self) {
        self.before(b'u');
        let start = self.at;
        self.at += 4;
        while let Some(&byte) = self.src.get(self.at) {
            self.at += match byte {
                b'\\' => 2,
                _ => 1,
            };
            if byte == b')' {
                break;
            }
        }
        self.at = self.at.min(self.src.len());
        self.out.extend_from_slice(&self.src[start..self.at]);
        self.last = Last::Other;
    }
}

/// Whether `byte` may be part of a CSS name (`-`, `_`, letters, digits,
/// escapes and any non-ASCII byte).
fn is_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'\\') || byte >= 0x80
}

/// The length of the UTF-8 sequence that starts with `byte`.
fn utf8_len(byte: u8) -> usize {
    match byte {
        0xf0.. => 4,
        0xe0.. => 3,
        0xc0.. => 2,
        _ => 1,
    }
}

fn find(haystack: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack.get(from..)?, needle).map(|i| i + from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn js_is_the_same_program_smaller() {
        let source = "// note\nfunction add(a, b) {\n  return a + b; // sum\n}\nconst re = /\\/\\/ x/g;\nconst t = `a\n  b`;\n";
        let small = js(source);
        assert!(small.len() < source.len(), "{small}");
        assert!(!small.contains("note") && !small.contains("sum"), "{small}");
        assert!(small.contains("`a\n  b`"), "template text kept: {small}");
        assert!(small.contains("/\\/\\/ x/g"), "regex kept: {small}");
        assert_eq!(js("function ("), "function (", "unparsable: as written");
    }

    #[test]
    fn css_loses_comments_and_whitespace_only() {
        let source = "/*! Icons: CC BY 4.0 */\n@layer sheaf {\n  /* base.css */\n  .a ,\n  .b > .c  {\n    color: red ;\n    margin: 0 auto;\n  }\n\n  @media (min-width: 600px) and (max-width: 900px) {\n    .d :hover { width: calc(100% - 2rem); }\n  }\n}\n";
        assert_eq!(
            css(source),
            "/*! Icons: CC BY 4.0 */ @layer sheaf{.a,.b > .c{color: red;margin: 0 auto}@media (min-width: 600px) and (max-width: 900px){.d :hover{width: calc(100% - 2rem)}}}"
        );
    }

    #[test]
    fn css_strings_urls_and_escapes_are_copied_as_written() {
        for kept in [
            r#"a::before{content:"  /* not a comment */ ; { , }  "}"#,
            r#"a::before{content:'it\'s  ;  \"  '}"#,
            "a{background:url(data:image/svg+xml;utf8,<svg/*x*/xmlns='http://www.w3.org/2000/svg'>)}",
            "a{background:URL(  a//b/*c*/.png  )}",
            ".sm\\:flex{display:flex}",
            ".a\\: b{color:red}",
            ".\\31 23{color:red}",
            ".a\\ b{color:red}",
            ".a\\{ b{color:red}",
            ".a\\,b{color:red}",
            "a{content:\"\\\"; }\"}",
        ] {
            assert_eq!(css(kept), kept, "{kept}");
        }
        // A quoted url's string is a string; the space around it collapses.
        assert_eq!(css("a{b:url( \"x y\" )}"), "a{b:url( \"x y\" )}");
        assert_eq!(css("a{b:url(\n'x  y'\n)}"), "a{b:url( 'x  y' )}");
    }

    #[test]
    fn css_custom_properties_and_selectors_keep_their_meaning() {
        // An empty custom property keeps its space; a value keeps its words.
        assert_eq!(css(":root{--x: ;--y:  a  b ;}"), ":root{--x: ;--y: a b}");
        assert_eq!(css("a{--empty: }"), "a{--empty: }");
        // A descendant combinator before a pseudo-class is a space.
        assert_eq!(css(".a :is(.b, .c) {}"), ".a :is(.b,.c){}");
        // A comment between two tokens keeps them apart; beside a space or
        // a separator it just goes.
        assert_eq!(css("a/**/b{}"), "a/**/b{}");
        assert_eq!(css("a /**/ b{}"), "a b{}");
        assert_eq!(css("a{color:red;/* x */}"), "a{color:red}");
        // `+` and `-` in calc() need their spaces.
        assert_eq!(css("a{width:calc(1px + 2px)}"), "a{width:calc(1px + 2px)}");
        // Unterminated input ends where it ends.
        assert_eq!(css("a{b:c} /* open"), "a{b:c}");
        assert_eq!(css("a{content:\"open"), "a{content:\"open");
        assert_eq!(css("a{b:url(x"), "a{b:url(x");
        assert_eq!(css("é  ü {a:b}"), "é ü{a:b}");
    }
}
