//! A fence's info string, read as Mintlify reads it:
//! ```` ```js App.js icon="square-js" {1,3-4} focus={2} lines wrap expandable nocopy ````.
//!
//! After the language come words and options in any order:
//! - `key=value` options, the value bare, quoted (`""`, `''`) or in braces
//!   (`{…}`): `title` (`filename` too, `<CodeBlock>`'s name for it), `icon`,
//!   `highlight` and `focus` (line numbers and ranges, `1,3-4`, also as
//!   `[1,3]`), and the flags below written `flag=true`/`flag={false}`;
//! - flags, bare or in brackets (`[expandable]`): `lines` (line numbers),
//!   `wrap`, `expandable`, `nocopy`, `twoslash` (accepted; sheaf shows no
//!   hover types, which a note says);
//! - `{1,3-4}`: the lines to highlight;
//! - any other word: part of the title (`HelloWorld.java example`), unless
//!   `title=` gives it, when the word is a warning.
//!
//! `theme={null}` (written by Mintlify's own page exports) means the site's
//! theme, which sheaf shows anyway; another `theme` and an unknown key are
//! warnings at the fence's line, as is a line list that does not parse.

use std::ops::RangeInclusive;

use crate::diagnostics::did_you_mean;

/// What a fence's info string (or a `<CodeBlock>`'s props) asks for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CodeInfo {
    pub lang: Option<String>,
    pub title: Option<String>,
    /// A Font Awesome icon name, shown before the title.
    pub icon: Option<String>,
    /// Lines (1-based) with a highlighted background.
    pub highlight: LineSet,
    /// Lines shown in full colour; the others are dimmed.
    pub focus: LineSet,
    /// Line numbers in the gutter.
    pub lines: bool,
    pub wrap: bool,
    /// A long block shows its first lines and a button to show the rest.
    pub expandable: bool,
    /// No copy button.
    pub nocopy: bool,
    pub twoslash: bool,
    /// What could not be read, reported at the fence's line.
    pub problems: Vec<OptionProblem>,
}

/// An option sheaf does not know or cannot read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionProblem {
    pub message: String,
    pub help: String,
}

/// Line numbers and ranges, as `highlight` and `focus` give them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineSet(Vec<RangeInclusive<usize>>);

impl LineSet {
    /// Reads `1,3-4` (also in `{}` or `[]`, with spaces; empty items are
    /// skipped); the item that is not a number or range is the error.
    pub fn parse(text: &str) -> Result<LineSet, String> {
        let inner = text
            .trim()
            .trim_start_matches(['{', '[', '"', '\''])
            .trim_end_matches(['}', ']', '"', '\'']);
        let mut ranges = Vec::new();
        for item in inner.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let number = |n: &str| n.trim().parse::<usize>().ok().filter(|&n| n > 0);
            let range = match item.split_once('-') {
                Some((from, to)) => number(from).zip(number(to)).map(|(a, b)| a..=b),
                None => number(item).map(|n| n..=n),
            };
            ranges.push(
                range
                    .filter(|r| !r.is_empty())
                    .ok_or_else(|| item.to_string())?,
            );
        }
        Ok(LineSet(ranges))
    }

    pub fn contains(&self, line: usize) -> bool {
        self.0.iter().any(|r| r.contains(&line))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The highest line named.
    pub fn last(&self) -> Option<usize> {
        self.0.iter().map(|r| *r.end()).max()
    }
}

/// The flags, bare or as `flag=true`.
const FLAGS: &[&str] = &["lines", "wrap", "expandable", "nocopy", "twoslash"];

/// Every option name sheaf knows, for did-you-mean help.
const KNOWN: &[&str] = &[
    "title",
    "filename",
    "icon",
    "highlight",
    "focus",
    "theme",
    "lines",
    "wrap",
    "expandable",
    "nocopy",
    "twoslash",
];

impl CodeInfo {
    /// Reads `lang [words…] [options…]`; see the module docs.
    pub fn parse(info: &str) -> CodeInfo {
        let info = info.trim();
        let (lang, meta) = info.split_once(char::is_whitespace).unwrap_or((info, ""));
        // `js{1,3}` (VitePress) and `{python}` (R Markdown).
        let (lang, attached) = match lang.find('{').filter(|&i| i > 0) {
            Some(i) => (&lang[..i], &lang[i..]),
            None => (lang, ""),
        };
        let lang = lang.trim_start_matches('{').trim_end_matches('}');
        let mut parsed = CodeInfo {
            lang: (!lang.is_empty()).then(|| lang.to_ascii_lowercase()),
            ..CodeInfo::default()
        };
        let mut words = Vec::new();
        for token in std::iter::once(attached)
            .filter(|t| !t.is_empty())
            .chain(tokens(meta))
        {
            parsed.read_token(token, &mut words);
        }
        parsed.title_from_words(words);
        parsed
    }

    /// The tab label in a CodeGroup: the title, else the language.
    pub fn label(&self) -> String {
        self.title
            .clone()
            .or_else(|| self.lang.clone())
            .unwrap_or_else(|| "Code".to_string())
    }

    fn read_token<'a>(&mut self, token: &'a str, words: &mut Vec<&'a str>) {
        if token.starts_with('{') {
            return self.set_lines("highlight", token);
        }
        let bracketed = token
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .filter(|t| FLAGS.contains(t));
        if let Some(flag) = bracketed.or_else(|| FLAGS.iter().copied().find(|f| *f == token)) {
            return self.set_flag(flag, true);
        }
        match token.split_once('=') {
            Some((key, value)) if is_key(key) => self.set_option(key, unquoted(value)),
            _ => words.push(token),
        }
    }

    /// Sets the option `key` (a valid key name) to `value`.
    pub fn set_option(&mut self, key: &str, value: &str) {
        match key {
            "title" | "filename" => self.title = Some(value.to_string()),
            "icon" => self.icon = Some(value.to_string()).filter(|v| !v.is_empty()),
            "highlight" | "focus" => self.set_lines(key, value),
            "theme" if matches!(value, "null" | "") => {}
            "theme" => self.problem(
                format!("code block option `theme={value}` is not supported"),
                "sheaf colours every code block with the site's theme; remove the option",
            ),
            flag if FLAGS.contains(&flag) => match value {
                "true" | "" => self.set_flag(flag, true),
                "false" => self.set_flag(flag, false),
                other => self.problem(
                    format!("code block option `{flag}={other}` is neither true nor false"),
                    &format!("write `{flag}` alone to turn it on"),
                ),
            },
            unknown => {
                let help = match did_you_mean(unknown, KNOWN.iter().copied()) {
                    Some(near) => format!("did you mean `{near}`? sheaf ignores `{unknown}`"),
                    None => format!(
                        "sheaf ignores it; code blocks take {}",
                        KNOWN
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                self.problem(format!("unknown code block option `{unknown}`"), &help);
            }
        }
    }

    /// Turns a flag on or off (`flag` is one of [`FLAGS`]).
    pub fn set_flag(&mut self, flag: &str, on: bool) {
        match flag {
            "lines" => self.lines = on,
            "wrap" => self.wrap = on,
            "expandable" => self.expandable = on,
            "nocopy" => self.nocopy = on,
            _ => self.twoslash = on,
        }
    }

    fn set_lines(&mut self, key: &str, value: &str) {
        match LineSet::parse(value) {
            Ok(set) if key == "focus" => self.focus = set,
            Ok(set) => self.highlight = set,
            Err(item) => self.problem(
                format!("`{item}` in the code block's `{key}` lines is not a line number or range"),
                "write line numbers and ranges, e.g. `{1,3-4}`",
            ),
        }
    }

    fn title_from_words(&mut self, words: Vec<&str>) {
        if words.is_empty() {
            return;
        }
        let text = words.join(" ");
        match &self.title {
            None => self.title = Some(text),
            Some(title) => {
                let message = format!("code block words `{text}` after `title=\"{title}\"`");
                let help = "sheaf ignores them; put them in the title or remove them";
                self.problem(message, help);
            }
        }
    }

    fn problem(&mut self, message: String, help: &str) {
        self.problems.push(OptionProblem {
            message,
            help: help.to_string(),
        });
    }
}

/// Whether `key` of `key=value` is an option name (a word, not a title
/// word that happens to hold `=`).
fn is_key(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// An option value without its quotes or braces (`{null}` → `null`,
/// `"a b"` → `a b`); a line list keeps its braces for [`LineSet::parse`].
fn unquoted(value: &str) -> &str {
    for (open, close) in [('"', '"'), ('\'', '\''), ('{', '}')] {
        if let Some(inner) = value.strip_prefix(open).and_then(|v| v.strip_suffix(close)) {
            return unquoted(inner.trim());
        }
    }
    value
}

/// The info string's words: split at whitespace, except inside a quoted
/// value (`title="a b"`) or a brace or bracket group (`{1, 3}`).
fn tokens(meta: &str) -> impl Iterator<Item = &str> {
    let mut rest = meta.trim_start();
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = token_end(rest);
        let (token, tail) = rest.split_at(end);
        rest = tail.trim_start();
        Some(token)
    })
}

/// Where the token at the start of `text` ends.
fn token_end(text: &str) -> usize {
    let mut closer: Option<char> = None;
    let mut previous = None;
    for (i, c) in text.char_indices() {
        match closer {
            Some(close) if c == close => closer = None,
            Some(_) => {}
            None if c.is_whitespace() => return i,
            None => {
                let opens_value = previous.is_none() || previous == Some('=');
                closer = match c {
                    '{' => Some('}'),
                    '[' if previous.is_none() => Some(']'),
                    '"' | '\'' if opens_value => Some(c),
                    _ => None,
                };
            }
        }
        previous = Some(c);
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(set: &LineSet) -> Vec<usize> {
        (1..=20).filter(|&n| set.contains(n)).collect()
    }

    #[test]
    fn words_form_the_title_wherever_they_are() {
        let info = CodeInfo::parse("js App.js {1,3}");
        assert_eq!(info.lang.as_deref(), Some("js"));
        assert_eq!(info.title.as_deref(), Some("App.js"));
        let info = CodeInfo::parse("python {9-10} my_server.py");
        assert_eq!(info.title.as_deref(), Some("my_server.py"));
        let info = CodeInfo::parse("java HelloWorld.java example icon=java lines");
        assert_eq!(info.title.as_deref(), Some("HelloWorld.java example"));
        assert_eq!(info.icon.as_deref(), Some("java"));
        assert!(info.lines);
        let info = CodeInfo::parse("bash Install the CLI theme={null}");
        assert_eq!(info.title.as_deref(), Some("Install the CLI"));
        assert!(info.problems.is_empty(), "{:?}", info.problems);
        assert_eq!(CodeInfo::parse("python").title, None);
        assert_eq!(CodeInfo::parse("").label(), "Code");
        assert_eq!(CodeInfo::parse("go").label(), "go");
    }

    #[test]
    fn quoted_and_braced_values_keep_their_spaces() {
        let info = CodeInfo::parse("ts title=\"a b.ts\" lines icon='square-js'");
        assert_eq!(info.title.as_deref(), Some("a b.ts"));
        assert_eq!(info.icon.as_deref(), Some("square-js"));
        let info = CodeInfo::parse("python {4, 7, 19-21} [expandable]");
        assert_eq!(lines(&info.highlight), [4, 7, 19, 20]);
        assert!(info.expandable);
        assert_eq!(info.title, None);
        let info = CodeInfo::parse("js Don't panic.js");
        assert_eq!(info.title.as_deref(), Some("Don't panic.js"));
    }

    #[test]
    fn highlight_and_focus_take_every_documented_spelling() {
        for spelling in [
            "{1,3-4}",
            "highlight={1,3-4}",
            "highlight=\"1,3-4\"",
            "highlight=[1,3,4]",
        ] {
            let info = CodeInfo::parse(&format!("js {spelling}"));
            assert_eq!(lines(&info.highlight), [1, 3, 4], "{spelling}");
        }
        let info = CodeInfo::parse("javascript Line focusing example focus=2,4,5");
        assert_eq!(lines(&info.focus), [2, 4, 5]);
        assert_eq!(info.title.as_deref(), Some("Line focusing example"));
        assert_eq!(lines(&CodeInfo::parse("js focus={2,4-5}").focus), [2, 4, 5]);
        assert_eq!(lines(&CodeInfo::parse("js{2} x").highlight), [2]);
        assert_eq!(lines(&CodeInfo::parse("py {3, }").highlight), [3]);
    }

    #[test]
    fn flags_are_bare_bracketed_or_true() {
        let info = CodeInfo::parse("ts wrap nocopy twoslash expandable=true lines={true}");
        assert!(info.wrap && info.nocopy && info.twoslash && info.expandable && info.lines);
        assert_eq!(info.title, None);
        assert!(!CodeInfo::parse("ts expandable=false").expandable);
        // A capitalised word is a title word, not the flag.
        let info = CodeInfo::parse("javascript Wrap example wrap");
        assert_eq!(info.title.as_deref(), Some("Wrap example"));
        assert!(info.wrap);
        let info = CodeInfo::parse("ts twoslash Twoslash example");
        assert_eq!(info.title.as_deref(), Some("Twoslash example"));
    }

    #[test]
    fn unknown_options_and_bad_lines_are_problems() {
        let info = CodeInfo::parse("python test=\"skip\" Before");
        assert_eq!(info.title.as_deref(), Some("Before"));
        assert_eq!(info.problems.len(), 1);
        assert_eq!(info.problems[0].message, "unknown code block option `test`");
        let info = CodeInfo::parse("js higlight={1}");
        assert!(
            info.problems[0].help.contains("did you mean `highlight`"),
            "{:?}",
            info.problems
        );
        let info = CodeInfo::parse("js {1,x-3}");
        assert!(
            info.problems[0].message.contains("`x-3`"),
            "{:?}",
            info.problems
        );
        assert!(info.highlight.is_empty());
        assert_eq!(CodeInfo::parse("js {3-1}").problems.len(), 1);
        let info = CodeInfo::parse("js filename=\"next.config.js\" switcher");
        assert_eq!(info.title.as_deref(), Some("next.config.js"));
        assert!(info.problems[0].message.contains("`switcher`"));
        assert_eq!(CodeInfo::parse("js theme=\"dracula\"").problems.len(), 1);
        assert_eq!(CodeInfo::parse("js wrap=maybe").problems.len(), 1);
    }

    #[test]
    fn line_sets_read_ranges() {
        let set = LineSet::parse("{1, 3-5,}").unwrap();
        assert_eq!(lines(&set), [1, 3, 4, 5]);
        assert_eq!(set.last(), Some(5));
        assert_eq!(LineSet::parse("[0]"), Err("0".to_string()));
        assert!(LineSet::parse("").unwrap().is_empty());
    }
}
