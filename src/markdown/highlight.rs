//! Code blocks: the fence's info string and its options ([`options`]),
//! Shiki's `[!code …]` notation ([`notation`]), build-time highlighting
//! with syntect into flat `hl-` token spans ([`tokens`]: one short class
//! per colour, adjacent runs merged), coloured by
//! `themes/default/highlight.css`, and the block's HTML ([`block`]). Plain
//! JSON skips syntect: [`json`] tokenizes it into the same classes.
//!
//! A block that marks lines (line numbers, highlight, focus, diff) has one
//! `<span class=c-line>` per line, each closing its token spans; a plain
//! block stays one run of token spans (code blocks are on most pages).

mod block;
mod json;
mod notation;
mod options;
mod tokens;

pub use block::{Block, BlockProblem};
pub use options::CodeInfo;

use syntect::highlighting::{self, HighlightIterator, HighlightState, Theme};
use syntect::parsing::{ParseState, ScopeStack, SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;

use std::borrow::Cow;

use super::html::escape_text_into;
use tokens::TokenClass;

/// The syntax definitions and the token-class theme, loaded once per build.
pub struct Highlighter {
    syntaxes: SyntaxSet,
    classes: Theme,
}

impl Default for Highlighter {
    fn default() -> Self {
        Self::new()
    }
}

impl Highlighter {
    pub fn new() -> Highlighter {
        Highlighter {
            syntaxes: SyntaxSet::load_defaults_newlines(),
            classes: tokens::class_theme(),
        }
    }

    /// A highlighter that knows no language: code is escaped plain text.
    /// `sheaf check` uses it, since nobody reads its output.
    pub fn plain() -> Highlighter {
        Highlighter {
            syntaxes: SyntaxSet::new(),
            classes: tokens::class_theme(),
        }
    }

    fn syntax(&self, lang: &str) -> Option<&SyntaxReference> {
        let token = match lang {
            "ts" | "typescript" | "tsx" | "jsx" | "mjs" | "cjs" | "javascript" | "js" | "node" => {
                "js"
            }
            "shell" | "sh" | "zsh" | "console" | "terminal" | "bash" | "shellscript" => "bash",
            "json5" | "jsonc" => "json",
            "yml" => "yaml",
            "py" | "python3" => "py",
            "golang" => "go",
            "rs" => "rust",
            "csharp" | "c#" | "cs" => "cs",
            "kt" | "kotlin" => "java",
            "html" | "xml" | "svg" | "vue" | "svelte" => "html",
            other => other,
        };
        self.syntaxes.find_syntax_by_token(token)
    }

    /// The highlighted inner HTML of a `<code>` element: token spans, or
    /// escaped plain text for an unknown language.
    pub fn highlight(&self, lang: Option<&str>, code: &str) -> String {
        let syntax = lang.and_then(|l| self.syntax(l));
        if syntax.is_some_and(|s| s.name == "JSON") {
            if let Some(html) = json::highlight(code) {
                return html;
            }
        }
        syntax
            .and_then(|syntax| self.token_spans(syntax, code))
            .unwrap_or_else(|| {
                let mut plain = String::with_capacity(code.len());
                escape_text_into(&mut plain, code);
                plain
            })
    }

    /// The highlighted inner HTML of each line of `code` (without its line
    /// break), every line closing the spans it opens.
    pub fn highlight_lines(&self, lang: Option<&str>, code: &str) -> Vec<String> {
        lang.and_then(|l| self.syntax(l))
            .and_then(|syntax| self.line_spans(syntax, code))
            .unwrap_or_else(|| {
                code.lines()
                    .map(|line| {
                        let mut plain = String::with_capacity(line.len());
                        escape_text_into(&mut plain, line);
                        plain
                    })
                    .collect()
            })
    }

    /// [`Highlighter::token_spans`], one string per line.
    fn line_spans(&self, syntax: &SyntaxReference, code: &str) -> Option<Vec<String>> {
        let classes = highlighting::Highlighter::new(&self.classes);
        let mut parser = ParseState::new(syntax);
        let mut state = HighlightState::new(&classes, ScopeStack::new());
        let mut lines = Vec::new();
        for line in LinesWithEndings::from(code) {
            let ops = parser.parse_line(line, &self.syntaxes).ok()?;
            let mut spans = Spans::with_capacity(line.len() * 2);
            for (style, text) in HighlightIterator::new(&mut state, &ops, line, &classes) {
                let text = text.trim_end_matches(['\n', '\r']);
                spans.push(TokenClass::from_color(style.foreground), text);
            }
            lines.push(spans.finish());
        }
        Some(lines)
    }

    /// `code` as token spans; `None` when the grammar fails on it.
    fn token_spans(&self, syntax: &SyntaxReference, code: &str) -> Option<String> {
        let classes = highlighting::Highlighter::new(&self.classes);
        let mut parser = ParseState::new(syntax);
        let mut state = HighlightState::new(&classes, ScopeStack::new());
        let mut spans = Spans::with_capacity(code.len() * 2);
        for line in LinesWithEndings::from(code) {
            let ops = parser.parse_line(line, &self.syntaxes).ok()?;
            for (style, text) in HighlightIterator::new(&mut state, &ops, line, &classes) {
                spans.push(TokenClass::from_color(style.foreground), text);
            }
        }
        Some(spans.finish())
    }

    /// A whole code block's HTML (see [`block`]); what it could not read
    /// is dropped: [`Highlighter::block`] gives it.
    pub fn code_block(&self, info: &CodeInfo, code: &str) -> String {
        self.block(info, code).html
    }

    /// A whole code block: its HTML, its code without notation markers and
    /// what the author should hear about.
    pub fn block<'c>(&self, info: &CodeInfo, code: &'c str) -> Block<'c> {
        let lang = info.lang.as_deref();
        let marked = (notation::reads_markers(lang) && code.contains("[!code "))
            .then(|| notation::strip(code));
        let (text, marks, unknown) = match marked {
            Some(m) => (Cow::Owned(m.code), m.marks, m.unknown),
            None => (Cow::Borrowed(code), Vec::new(), Vec::new()),
        };
        let line_count = text.lines().count();
        let body = match block::needs_lines(info, &marks) {
            true => block::Body::Lines(self.highlight_lines(lang, &text)),
            false => block::Body::Run(self.highlight(lang, &text)),
        };
        let mut problems = block::option_problems(info, line_count);
        problems.extend(unknown.into_iter().map(|(line, marker)| {
            BlockProblem {
                line,
                message: format!("unknown code notation `[!code {marker}]`"),
                help: "sheaf shows it as written; it reads `++`, `--`, `highlight` and `focus`"
                    .to_string(),
                note: false,
            }
        }));
        Block {
            html: block::html(info, body, &marks, line_count),
            text,
            problems,
        }
    }
}

/// Writes tokens as flat spans, one per run of a class. Whitespace joins
/// whatever run is open, so indentation does not split or open spans.
struct Spans {
    html: String,
    open: TokenClass,
}

impl Spans {
    fn with_capacity(capacity: usize) -> Spans {
        Spans {
            html: String::with_capacity(capacity),
            open: TokenClass::Plain,
        }
    }

    fn push(&mut self, class: TokenClass, text: &str) {
        if class != self.open && !text.trim().is_empty() {
            self.close();
            if let Some(css) = class.css_class() {
                self.html.push_str("<span class=");
                self.html.push_str(css);
                self.html.push('>');
            }
            self.open = class;
        }
        escape_text_into(&mut self.html, text);
    }

    fn close(&mut self) {
        if self.open != TokenClass::Plain {
            self.html.push_str("</span>");
        }
        self.open = TokenClass::Plain;
    }

    fn finish(mut self) -> String {
        self.close();
        self.html
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_languages_get_token_classes() {
        let h = Highlighter::new();
        let html = h.highlight(Some("rust"), "fn main() {}\n");
        assert!(html.contains("class=hl-"), "{html}");
        let ts = h.highlight(Some("typescript"), "const a = 1;\n");
        assert!(ts.contains("hl-"), "{ts}");
    }

    #[test]
    fn tokens_are_flat_merged_spans() {
        let h = Highlighter::new();
        let json = h.highlight(Some("json"), "{\n  \"a\": \"<b>\",\n  \"n\": 12\n}\n");
        assert_eq!(
            json,
            "{\n  <span class=hl-n>\"a\"</span>: \
             <span class=hl-s>\"&lt;b&gt;\"</span>,\n  \
             <span class=hl-n>\"n\"</span>: <span class=hl-n>12\n</span>}\n"
        );
        let rust = h.highlight(Some("rust"), "// hi\nfn main() {}\n");
        assert!(
            rust.starts_with("<span class=hl-c>// hi\n</span>"),
            "{rust}"
        );
        assert!(rust.contains("<span class=hl-k>fn </span>"), "{rust}");
        assert!(rust.contains("<span class=hl-f>main</span>"), "{rust}");
    }

    #[test]
    fn unknown_languages_are_escaped_text() {
        let h = Highlighter::new();
        assert_eq!(h.highlight(Some("nope-lang"), "<b>&\n"), "&lt;b&gt;&amp;\n");
        assert_eq!(h.highlight(None, "<i>"), "&lt;i&gt;");
    }

    #[test]
    fn lines_close_their_spans() {
        let h = Highlighter::new();
        let lines = h.highlight_lines(Some("rust"), "/* a\nb */\nfn main() {}\n");
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "<span class=hl-c>/* a</span>");
        assert_eq!(lines[1], "<span class=hl-c>b */</span>");
        assert_eq!(h.highlight_lines(None, "<a>\n\nb"), ["&lt;a&gt;", "", "b"]);
    }
}
