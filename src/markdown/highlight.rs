//! Code blocks: the fence's info string and its options ([`options`]),
//! Shiki's `[!code …]` notation ([`notation`]), build-time highlighting
//! with syntect into flat `hl-` token spans ([`tokens`]: one short class
//! per colour, adjacent runs merged), coloured by
//! `themes/default/highlight.css`, and the block's HTML ([`block`]). Plain
//! JSON skips syntect: [`json`] tokenizes it into the same classes. A line
//! syntect has read before in the same states is not read again: [`memo`]
//! gives its tokens (generated code samples repeat most of their lines on
//! every endpoint page).
//!
//! With a build cache ([`Highlighter::keeping_blocks_in`], [`kept`]), a
//! block highlighted by an earlier build is read back instead, and the
//! grammars are loaded only when a block is not there.
//!
//! A block that marks lines (line numbers, highlight, focus, diff) has one
//! `<span class=c-line>` per line, each closing its token spans; a plain
//! block stays one run of token spans (code blocks are on most pages).

mod block;
mod json;
mod kept;
mod memo;
mod notation;
mod options;
mod tokens;

pub use block::{mark_group_content, Block, BlockProblem};
pub use options::CodeInfo;

use syntect::highlighting::{self, HighlightIterator, HighlightState, Theme};
use syntect::parsing::{ParseState, ScopeStack, SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;

use std::borrow::Cow;
use std::sync::OnceLock;

use kept::{KeptBlocks, Shape};

use super::html::escape_text_into;
use tokens::TokenClass;

/// Longer lines are written as plain text, and the next line is read in the
/// states before them (as VS Code's `editor.maxTokenizationLineLength`
/// does): some grammars take time quadratic in a line's length (syntect's
/// Java, JavaScript and Bash: 0.2–0.4 s for one 4,000-byte string), so a
/// base64 blob or a minified line would cost more than linear time.
const LONGEST_HIGHLIGHTED_LINE: usize = 1000;

/// The syntax definitions and the token-class theme, loaded once per build.
pub struct Highlighter {
    /// Loaded on the first block to highlight (a warm build may need none).
    syntaxes: OnceLock<SyntaxSet>,
    /// Whether `syntaxes` are sheaf's grammars or none ([`Highlighter::plain`]).
    plain: bool,
    classes: Theme,
    lines: memo::LineMemo,
    kept: Option<KeptBlocks>,
}

impl Default for Highlighter {
    fn default() -> Self {
        Self::new()
    }
}

impl Highlighter {
    pub fn new() -> Highlighter {
        Highlighter::with_memo(memo::LineMemo::default())
    }

    fn with_memo(lines: memo::LineMemo) -> Highlighter {
        Highlighter {
            syntaxes: OnceLock::new(),
            plain: false,
            classes: tokens::class_theme(),
            lines,
            kept: None,
        }
    }

    /// A highlighter that knows no language: code is escaped plain text.
    /// `sheaf check` uses it, since nobody reads its output.
    pub fn plain() -> Highlighter {
        Highlighter {
            plain: true,
            ..Highlighter::with_memo(memo::LineMemo::default())
        }
    }

    /// The same highlighter, reading and keeping highlighted blocks in the
    /// build cache `cache` (a plain one keeps nothing).
    pub fn keeping_blocks_in(self, cache: &crate::cache::BuildCache) -> Highlighter {
        let kept = (!self.plain).then(|| KeptBlocks::of(cache)).flatten();
        Highlighter { kept, ..self }
    }

    /// Prunes the highlighted blocks of the build cache to their bound.
    pub fn prune_cache(&self) {
        if let Some(kept) = &self.kept {
            kept.prune();
        }
    }

    fn syntaxes(&self) -> &SyntaxSet {
        self.syntaxes.get_or_init(|| match self.plain {
            true => SyntaxSet::new(),
            false => SyntaxSet::load_defaults_newlines(),
        })
    }

    /// The grammar token of a fence's language (`ts` → `js`).
    fn token(lang: &str) -> &str {
        match lang {
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
        }
    }

    fn syntax(&self, lang: &str) -> Option<&SyntaxReference> {
        self.syntaxes()
            .find_syntax_by_token(Highlighter::token(lang))
    }

    /// The kept highlighting of `code` in `lang`, or `make`'s, then kept
    /// if it took long enough to be worth a file ([`kept::WORTH_KEEPING`])
    /// or the build has not written [`kept::FREE_WRITES`] yet.
    /// JSON and code without a language never need the grammars, so they
    /// are not kept.
    fn kept_or<T>(
        &self,
        shape: Shape,
        lang: Option<&str>,
        code: &str,
        make: impl FnOnce() -> T,
        encode: impl Fn(&T) -> String,
        decode: impl Fn(String) -> T,
    ) -> T {
        let token = (lang.map(Highlighter::token)).filter(|t| *t != "json" && !code.is_empty());
        let (Some(kept), Some(token)) = (&self.kept, token) else {
            return make();
        };
        if let Some(html) = kept.read(shape, token, code) {
            return decode(html);
        }
        let started = std::time::Instant::now();
        let made = make();
        if started.elapsed() >= kept.worth_keeping || kept.take_free_write() {
            kept.write(shape, token, code, &encode(&made));
        }
        made
    }

    /// The highlighted inner HTML of a `<code>` element: token spans, or
    /// escaped plain text for an unknown language.
    pub fn highlight(&self, lang: Option<&str>, code: &str) -> String {
        let make = || self.highlight_now(lang, code);
        self.kept_or(Shape::Whole, lang, code, make, String::clone, |h| h)
    }

    fn highlight_now(&self, lang: Option<&str>, code: &str) -> String {
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
        let make = || self.highlight_lines_now(lang, code);
        let encode = |lines: &Vec<String>| lines.join("\n");
        let decode = |html: String| html.split('\n').map(str::to_string).collect();
        self.kept_or(Shape::Lines, lang, code, make, encode, decode)
    }

    fn highlight_lines_now(&self, lang: Option<&str>, code: &str) -> Vec<String> {
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
        let mut lines = Vec::new();
        self.each_line(syntax, code, |line, tokens| {
            let mut spans = Spans::with_capacity(line.len() * 2);
            for (class, text) in tokens {
                spans.push(class, text.trim_end_matches(['\n', '\r']));
            }
            lines.push(spans.finish());
        })?;
        Some(lines)
    }

    /// `code` as token spans; `None` when the grammar fails on it.
    fn token_spans(&self, syntax: &SyntaxReference, code: &str) -> Option<String> {
        let mut spans = Spans::with_capacity(code.len() * 2);
        self.each_line(syntax, code, |_, tokens| {
            for (class, text) in tokens {
                spans.push(class, text);
            }
        })?;
        Some(spans.finish())
    }

    /// Calls `each` with every line of `code` and its tokens (class and
    /// text, the line break included), read through the line memo; `None`
    /// when the grammar fails on a line.
    fn each_line<'c>(
        &self,
        syntax: &SyntaxReference,
        code: &'c str,
        mut each: impl FnMut(&'c str, Tokens<'c>),
    ) -> Option<()> {
        let classes = highlighting::Highlighter::new(&self.classes);
        let mut states = memo::States {
            parse: ParseState::new(syntax),
            highlight: HighlightState::new(&classes, ScopeStack::new()),
        };
        for line in LinesWithEndings::from(code) {
            if line.len() > LONGEST_HIGHLIGHTED_LINE {
                let ends = vec![(TokenClass::Plain, line.len())];
                each(line, Tokens { line, ends, at: 0 });
                continue;
            }
            let ends = self.lines.tokens(line, &mut states, |states| {
                let ops = states.parse.parse_line(line, self.syntaxes()).ok()?;
                let tokens = HighlightIterator::new(&mut states.highlight, &ops, line, &classes);
                let mut end = 0;
                Some(
                    tokens
                        .map(|(style, text)| {
                            end += text.len();
                            (TokenClass::from_color(style.foreground), end)
                        })
                        .collect(),
                )
            })?;
            each(line, Tokens { line, ends, at: 0 });
        }
        Some(())
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

/// One line's tokens as class and text.
struct Tokens<'c> {
    line: &'c str,
    ends: memo::Tokens,
    at: usize,
}

impl<'c> Iterator for Tokens<'c> {
    type Item = (TokenClass, &'c str);

    fn next(&mut self) -> Option<Self::Item> {
        let (class, end) = *self.ends.get(self.at)?;
        let start = self.at.checked_sub(1).map_or(0, |i| self.ends[i].1);
        self.at += 1;
        Some((class, &self.line[start..end]))
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
    fn a_line_read_again_in_the_same_states_comes_from_the_memo() {
        let h = Highlighter::new();
        let code = "fn main() {\n    println!(\"<hi>\");\n}\n";
        let first = h.highlight(Some("rust"), code);
        let kept = h.lines.kept();
        assert_eq!(kept, 3);
        assert_eq!(h.highlight(Some("rust"), code), first);
        assert_eq!(
            h.highlight_lines(Some("rust"), code).concat(),
            first.replace('\n', "")
        );
        assert_eq!(h.lines.kept(), kept, "nothing new to keep");
    }

    #[test]
    fn the_memo_keys_a_line_by_the_states_it_starts_in() {
        let h = Highlighter::new();
        let in_comment = h.highlight(Some("rust"), "/* a\nb */ fn f() {}\n");
        assert!(
            in_comment.starts_with("<span class=hl-c>/* a\nb */ </span>"),
            "{in_comment}"
        );
        let alone = h.highlight(Some("rust"), "b */ fn f() {}\n");
        assert!(
            !alone.contains("hl-c"),
            "not a comment outside one: {alone}"
        );
        assert_eq!(h.lines.kept(), 3, "one line, two start states");
        let fresh = Highlighter::new().highlight(Some("rust"), "b */ fn f() {}\n");
        assert_eq!(alone, fresh);
    }

    #[test]
    fn a_full_memo_keeps_nothing_more_and_highlights_the_same() {
        let code = "let a = 1;\nlet b = 2;\n";
        let full = Highlighter::with_memo(memo::LineMemo::with_limit(1));
        assert_eq!(
            full.highlight(Some("rust"), code),
            Highlighter::new().highlight(Some("rust"), code)
        );
        assert_eq!(full.lines.kept(), 1, "only the first line is kept");
    }

    #[test]
    fn a_line_too_long_to_highlight_is_plain_and_the_next_reads_as_without_it() {
        let h = Highlighter::new();
        let long = format!("String s = \"{}\";\n", "A".repeat(LONGEST_HIGHLIGHTED_LINE));
        let code = format!("int a = 1;\n{long}int b = \"<x>\";\n");
        let html = h.highlight(Some("java"), &code);
        let without = h.highlight(Some("java"), "int a = 1;\nint b = \"<x>\";\n");
        let (first, rest) = without.split_once('\n').unwrap();
        assert_eq!(html, format!("{first}\n{long}{rest}"));
        let lines = h.highlight_lines(Some("java"), &code);
        assert_eq!(lines[1], long.trim_end());
        let just_fits = format!(
            "String s = \"{}\";\n",
            "A".repeat(LONGEST_HIGHLIGHTED_LINE - 15)
        );
        assert_eq!(just_fits.len(), LONGEST_HIGHLIGHTED_LINE);
        assert!(h.highlight(Some("java"), &just_fits).contains("hl-s"));
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
