//! Problems found in a docs root, and how they are shown.
//!
//! Every pipeline stage (config, content, markdown, openapi, site) reports
//! what is wrong as a [`Diagnostic`]: a severity, the file (relative to the
//! docs root), the line and column of the offending spot, an optional JSON
//! path (`colors.primary`), a message and a fix. Stages collect them into a
//! [`Diagnostics`] list instead of stopping at the first, so one run of
//! `sheaf check` shows everything.
//!
//! Each carries its stable rule name ([`Rule`], set with
//! [`Diagnostic::with_rule`] where it is made), shown in every form.
//! [`render_terminal`] prints them rustc-style (with the source line and a
//! caret under the spot, then `= help:` and `= rule:`) through
//! `codespan-reporting`; [`Diagnostic::to_json`] is the machine form used by
//! the preview's error overlay; `formats` holds `--format json` and `github`
//! and the grouping of many findings of one rule in one file. Source lines are
//! quoted only from files inside the docs root ([`crate::confine`]): a
//! diagnostic may name a file the build refused to read.
//!
//! Severities decide the exit code: an error fails `build` and `check`, a
//! warning fails `check` but not `build` (`check --lenient` lets it pass),
//! and a note (what sheaf accepts without acting on, such as a docs.json's
//! analytics) never fails. [`did_you_mean`] gives the "did you mean" help of
//! unknown keys, pages, components and rule names ([`Suggestions`] over a
//! list asked many times). [`LineStarts`] places many offsets of one text
//! (a spec's findings) by binary search instead of a scan each.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Chars, Config};
use serde::Serialize;

use crate::confine::DocsRoot;
use crate::rules::Rule;

mod formats;
mod suggest;
pub use formats::{github_commands, human, json_lines, Format, Group, Summary, GROUP_OVER};
pub use suggest::Suggestions;

/// How bad a problem is. Errors fail `build` and `check`; warnings fail
/// `check` (unless `--lenient`), never `build`; notes (something accepted but not acted on, such as
/// analytics ids) never fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A 1-based line and column in a source file (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl Position {
    /// The line and column of byte `offset` in `source`.
    ///
    /// ```
    /// use sheaf::diagnostics::Position;
    /// assert_eq!(Position::from_offset("ab\ncd", 4), Position { line: 2, column: 2 });
    /// ```
    pub fn from_offset(source: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let before = &source[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = source[line_start..offset].chars().count() + 1;
        Position { line, column }
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The byte offset where each line of a text starts, found once, so that
/// placing many offsets costs a binary search each rather than a scan
/// from the start of the text (a spec with hundreds of findings).
#[derive(Debug, Clone)]
pub struct LineStarts(Vec<usize>);

impl LineStarts {
    pub fn new(text: &str) -> LineStarts {
        let after_breaks = memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1);
        LineStarts(std::iter::once(0).chain(after_breaks).collect())
    }

    /// Where line `line` (1-based) starts; `None` past the last line.
    pub fn start_of(&self, line: usize) -> Option<usize> {
        self.0.get(line.checked_sub(1)?).copied()
    }

    /// [`Position::from_offset`] of `offset` in `text`, the text these lines are of.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.0.partition_point(|&start| start <= offset);
        let column = text[self.0[line - 1]..offset].chars().count() + 1;
        Position { line, column }
    }
}

/// One problem, with where it is and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The stable name of its kind ([`Rule`]); every diagnostic sheaf
    /// reports has one (`tests/rules.rs`).
    pub rule: Option<Rule>,
    /// Path of the file, relative to the docs root (`site.json`, `api/get.mdx`).
    pub file: PathBuf,
    /// Where in the file; `None` when the problem is about the whole file.
    pub position: Option<Position>,
    /// Byte range of the offending text, for the caret display.
    #[serde(skip)]
    pub span: Option<Range<usize>>,
    /// JSON path of the offending value in a config or spec (`colors.primary`).
    pub json_path: Option<String>,
    pub message: String,
    /// What to do about it.
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, file, message)
    }

    pub fn warning(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, file, message)
    }

    pub fn note(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Self::new(Severity::Note, file, message)
    }

    fn new(severity: Severity, file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            rule: None,
            file: file.into(),
            position: None,
            span: None,
            json_path: None,
            message: message.into(),
            help: None,
        }
    }

    /// Points the diagnostic at byte range `span` of `source` (the file's text).
    pub fn at_span(mut self, source: &str, span: Range<usize>) -> Self {
        self.position = Some(Position::from_offset(source, span.start));
        self.span = Some(span);
        self
    }

    /// [`Diagnostic::at_span`] with the lines of `source` found already.
    pub fn at_span_in(mut self, lines: &LineStarts, source: &str, span: Range<usize>) -> Self {
        self.position = Some(lines.position(source, span.start));
        self.span = Some(span);
        self
    }

    /// Points the diagnostic at a line and column when no byte span is known.
    pub fn at_line(mut self, line: usize, column: usize) -> Self {
        self.position = Some(Position { line, column });
        self
    }

    pub fn with_json_path(mut self, path: impl Into<String>) -> Self {
        let path = path.into();
        if !path.is_empty() {
            self.json_path = Some(path);
        }
        self
    }

    /// Names the kind of problem: its stable rule name ([`crate::rules`]).
    pub fn with_rule(mut self, rule: Rule) -> Self {
        self.rule = Some(rule);
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col` (or just `file`), as shown after `-->`.
    pub fn location(&self) -> String {
        match self.position {
            Some(p) => format!("{}:{}:{}", self.file.display(), p.line, p.column),
            None => self.file.display().to_string(),
        }
    }

    /// The message with its JSON path prefixed, as shown in the headline.
    pub fn headline(&self) -> String {
        match &self.json_path {
            Some(path) => format!("`{path}`: {}", self.message),
            None => self.message.clone(),
        }
    }

    /// The diagnostic as a JSON object (used by the live preview's overlay).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "severity": self.severity,
            "rule": self.rule,
            "location": self.location(),
            "file": self.file,
            "line": self.position.map(|p| p.line),
            "column": self.position.map(|p| p.column),
            "path": self.json_path,
            "message": self.message,
            "help": self.help,
        })
    }
}

impl fmt::Display for Diagnostic {
    /// One-line form: `error: site.json:12:16: `colors.primary`: ... (help: ...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}",
            self.severity,
            self.location(),
            self.headline()
        )?;
        if let Some(help) = &self.help {
            write!(f, " (help: {help})")?;
        }
        Ok(())
    }
}

/// The problems found by one run, in the order they were found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    pub fn extend(&mut self, more: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(more);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.0
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Turns every warning into an error (a `sheaf.toml` level, tests); notes stay notes.
    pub fn make_warnings_errors(&mut self) {
        for d in self
            .0
            .iter_mut()
            .filter(|d| d.severity == Severity::Warning)
        {
            d.severity = Severity::Error;
        }
    }

    /// Sorts by file, then position, keeping the order of equal ones.
    pub fn sort(&mut self) {
        self.0
            .sort_by(|a, b| (&a.file, a.position).cmp(&(&b.file, b.position)));
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<T: IntoIterator<Item = Diagnostic>>(iter: T) -> Self {
        Diagnostics(iter.into_iter().collect())
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(v: Vec<Diagnostic>) -> Self {
        Diagnostics(v)
    }
}

/// Renders diagnostics rustc-style into a string: headline, `--> file:line:col`,
/// the source line with a caret under the offending span, and `= help:`.
/// Sources are read from `root` joined with each diagnostic's file.
/// A finding placed only by line and column gets the line too, with the
/// word there underlined ([`word_at`]).
pub fn render_terminal(diagnostics: &Diagnostics, root: &Path, color: bool) -> String {
    render_terminal_with(diagnostics, root, color, true)
}

/// [`render_terminal`]; `excerpts` false leaves a finding without a span
/// plain (a group's one line).
fn render_terminal_with(
    diagnostics: &Diagnostics,
    root: &Path,
    color: bool,
    excerpts: bool,
) -> String {
    let mut files = SimpleFiles::new();
    let mut ids: HashMap<PathBuf, Option<usize>> = HashMap::new();
    let mut line_starts: HashMap<usize, LineStarts> = HashMap::new();
    let config = Config {
        chars: Chars::ascii(),
        ..Config::default()
    };
    let mut out = if color {
        term::termcolor::Buffer::ansi()
    } else {
        term::termcolor::Buffer::no_color()
    };
    // Only files inside the docs root are quoted: a diagnostic may name a
    // file the build refused to read.
    let docs = DocsRoot::new(root);
    for d in diagnostics {
        let file_id = *ids.entry(d.file.clone()).or_insert_with(|| {
            docs.read_to_string(&d.file)
                .ok()
                .map(|src| files.add(d.file.display().to_string(), src))
        });
        let span = match (file_id, &d.span, d.position) {
            (Some(_), Some(span), _) => Some(span.clone()),
            (Some(id), None, Some(at)) if excerpts => files.get(id).ok().and_then(|f| {
                let lines = line_starts
                    .entry(id)
                    .or_insert_with(|| LineStarts::new(f.source()));
                word_at(f.source(), lines, at)
            }),
            _ => None,
        };
        match (file_id, span) {
            (Some(id), Some(span)) => {
                let cs = to_codespan(d).with_labels(vec![Label::primary(id, span)]);
                let _ = term::emit(&mut out, &config, &files, &cs);
            }
            _ => write_plain(&mut out, d, color),
        }
    }
    String::from_utf8_lossy(out.as_slice()).into_owned()
}

/// The span to underline for a finding placed only by line and column:
/// from there to the end of the word (up to the next space or the line's
/// end), or the one character there. `None` past the file's end.
fn word_at(source: &str, lines: &LineStarts, at: Position) -> Option<Range<usize>> {
    let start = lines.start_of(at.line)?;
    let line = source[start..].split('\n').next().unwrap_or_default();
    let line = line.strip_suffix('\r').unwrap_or(line);
    let column = line
        .char_indices()
        .nth(at.column.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    let rest = &line[column..];
    let word = markdown_link_len(rest)
        .or_else(|| rest.find(char::is_whitespace))
        .unwrap_or(rest.len());
    let width = match word {
        0 => rest.chars().next().map_or(0, char::len_utf8),
        n => n,
    };
    Some(start + column..start + column + width)
}

/// The length of the Markdown link or image `text` starts with
/// (`[text](url)`, `![alt](src)`), when it does.
fn markdown_link_len(text: &str) -> Option<usize> {
    let label = text.strip_prefix('!').unwrap_or(text).strip_prefix('[')?;
    let close = text.len() - label.len() + label.find("](")?;
    Some(close + text[close..].find(')')? + 1)
}

fn to_codespan(d: &Diagnostic) -> CsDiagnostic<usize> {
    let cs = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
        Severity::Note => CsDiagnostic::note(),
    };
    let mut notes = Vec::new();
    if let Some(help) = &d.help {
        notes.push(format!("help: {help}"));
    }
    if let Some(rule) = d.rule {
        notes.push(format!("rule: {rule}"));
    }
    cs.with_message(d.headline()).with_notes(notes)
}

/// Diagnostics without a source span: headline, location and help only.
fn write_plain(out: &mut impl std::io::Write, d: &Diagnostic, color: bool) {
    let (start, end) = match (color, d.severity) {
        (false, _) => ("", ""),
        (true, Severity::Error) => ("\x1b[1;31m", "\x1b[0m"),
        (true, Severity::Warning) => ("\x1b[1;33m", "\x1b[0m"),
        (true, Severity::Note) => ("\x1b[1;36m", "\x1b[0m"),
    };
    let _ = writeln!(out, "{start}{}{end}: {}", d.severity, d.headline());
    let _ = writeln!(out, "  --> {}", d.location());
    if let Some(help) = &d.help {
        let _ = writeln!(out, "  = help: {help}");
    }
    if let Some(rule) = d.rule {
        let _ = writeln!(out, "  = rule: {rule}");
    }
    let _ = writeln!(out);
}

/// The closest of `candidates` to `word`, if it is close enough to be a
/// plausible typo (used for "did you mean" help).
///
/// ```
/// use sheaf::diagnostics::did_you_mean;
/// assert_eq!(did_you_mean("navigaton", ["name", "navigation"]), Some("navigation"));
/// assert_eq!(did_you_mean("zzz", ["name", "navigation"]), None);
/// ```
pub fn did_you_mean<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let lower = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&lower, &c.to_lowercase()), c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_counts_lines_and_characters() {
        let src = "ab\ncdé\nfg";
        assert_eq!(
            Position::from_offset(src, 0),
            Position { line: 1, column: 1 }
        );
        assert_eq!(
            Position::from_offset(src, 3),
            Position { line: 2, column: 1 }
        );
        // 'é' is two bytes; 'f' on line 3 is at byte 8.
        assert_eq!(
            Position::from_offset(src, 8),
            Position { line: 3, column: 1 }
        );
        assert_eq!(
            Position::from_offset(src, 5),
            Position { line: 2, column: 3 }
        );
    }

    #[test]
    fn line_starts_place_offsets_as_from_offset_does() {
        let src = "ab\ncdé\n\nfg";
        let lines = LineStarts::new(src);
        for offset in 0..=src.len() + 2 {
            assert_eq!(
                lines.position(src, offset),
                Position::from_offset(src, offset)
            );
        }
        assert_eq!((lines.start_of(2), lines.start_of(5)), (Some(3), None));
    }

    #[test]
    fn did_you_mean_finds_typos_only() {
        let keys = ["navigation", "name", "logo"];
        assert_eq!(did_you_mean("navigaton", keys), Some("navigation"));
        assert_eq!(did_you_mean("zzzzzz", keys), None);
    }

    #[test]
    fn render_shows_location_caret_and_help() {
        let dir = tempfile::tempdir().unwrap();
        let src = "{\n  \"name\": 3\n}\n";
        std::fs::write(dir.path().join("site.json"), src).unwrap();
        let d = Diagnostic::error("site.json", "expected a string")
            .at_span(src, 12..13)
            .with_json_path("name")
            .with_help("write the project name in quotes");
        let text = render_terminal(&Diagnostics::from(vec![d]), dir.path(), false);
        assert!(text.contains("error: `name`: expected a string"), "{text}");
        assert!(text.contains("--> site.json:2:11"), "{text}");
        assert!(text.contains('^'), "{text}");
        assert!(
            text.contains("help: write the project name in quotes"),
            "{text}"
        );
    }
}
