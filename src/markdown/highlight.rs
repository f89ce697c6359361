//! Code blocks: the fence's info string (```` ```js App.js {1,3} ````) and
//! build-time highlighting with syntect into flat `hl-` token spans
//! ([`tokens`]: one short class per colour, adjacent runs merged), coloured
//! by `themes/default/highlight.css`.

mod tokens;

use syntect::highlighting::{self, HighlightIterator, HighlightState, Theme};
use syntect::parsing::{ParseState, ScopeStack, SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;

use super::html::{escape, escape_text_into};
use tokens::TokenClass;

/// What a fence's info string says: the language and Mintlify's title.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CodeInfo {
    pub lang: Option<String>,
    pub title: Option<String>,
}

impl CodeInfo {
    /// Reads `lang [title words…] [{1,3}] [key=value…]`; unknown meta is ignored.
    pub fn parse(info: &str) -> CodeInfo {
        let info = info.trim();
        let (lang, meta) = info.split_once(char::is_whitespace).unwrap_or((info, ""));
        let lang = lang.trim_start_matches('{').trim_end_matches('}');
        let lang = (!lang.is_empty()).then(|| lang.to_ascii_lowercase());
        CodeInfo {
            lang,
            title: title_from_meta(meta),
        }
    }

    /// The tab label in a CodeGroup: the title, else the language.
    pub fn label(&self) -> String {
        self.title
            .clone()
            .or_else(|| self.lang.clone())
            .unwrap_or_else(|| "Code".to_string())
    }
}

fn title_from_meta(meta: &str) -> Option<String> {
    if let Some(rest) = meta.split_once("title=").map(|(_, r)| r) {
        let quote = rest.chars().next()?;
        if quote == '"' || quote == '\'' {
            return rest[1..].split(quote).next().map(str::to_string);
        }
    }
    let words: Vec<&str> = meta
        .split_whitespace()
        .take_while(|w| !w.starts_with('{') && !w.contains('='))
        .filter(|w| !matches!(*w, "lines" | "wrap" | "expandable" | "focus"))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

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
        lang.and_then(|l| self.syntax(l))
            .and_then(|syntax| self.token_spans(syntax, code))
            .unwrap_or_else(|| {
                let mut plain = String::with_capacity(code.len());
                escape_text_into(&mut plain, code);
                plain
            })
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

    /// A whole code block: optional title header and highlighted code (the
    /// copy button is added by `components.js`: it needs the script anyway).
    pub fn code_block(&self, info: &CodeInfo, code: &str) -> String {
        let lang = info.lang.as_deref();
        // Lean markup: code blocks are on most pages.
        let lang_attr = crate::html::attr_value(lang.unwrap_or_default());
        let mut html = format!("<div class=c-code data-lang={lang_attr}>");
        if let Some(title) = &info.title {
            html.push_str(&format!(
                "<div class=c-code-header><span class=c-code-title>{}</span></div>",
                escape(title)
            ));
        }
        let class = lang
            .map(|l| {
                format!(
                    " class={}",
                    crate::html::attr_value(&format!("language-{l}"))
                )
            })
            .unwrap_or_default();
        html.push_str(&format!(
            "<pre class=hl><code{class}>{}</code></pre></div>",
            self.highlight(lang, code)
        ));
        html
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
    fn info_string_gives_language_and_title() {
        let info = CodeInfo::parse("js App.js {1,3}");
        assert_eq!(info.lang.as_deref(), Some("js"));
        assert_eq!(info.title.as_deref(), Some("App.js"));
        let info = CodeInfo::parse("bash Install the CLI theme={null}");
        assert_eq!(info.title.as_deref(), Some("Install the CLI"));
        assert_eq!(CodeInfo::parse("python").title, None);
        assert_eq!(
            CodeInfo::parse("ts title=\"a b.ts\" lines")
                .title
                .as_deref(),
            Some("a b.ts")
        );
        assert_eq!(CodeInfo::parse("").label(), "Code");
        assert_eq!(CodeInfo::parse("go").label(), "go");
    }

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
    fn block_has_title_header_and_language() {
        let h = Highlighter::new();
        let html = h.code_block(&CodeInfo::parse("js App.js"), "let a;\n");
        assert!(html.contains("<span class=c-code-title>App.js</span>"));
        assert!(!html.contains("c-copy"), "the script adds the copy button");
        assert!(html.contains("<code class=language-js>"));
    }
}
