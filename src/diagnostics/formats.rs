//! The machine forms of a run's diagnostics: `--format json` (one JSON
//! object per line, then a summary line) and `--format github` (GitHub
//! Actions workflow commands), and the grouping of many findings of one rule
//! in one file that `human` and `github` show as one line unless `--verbose`.
//!
//! JSON lines (`docs/diagnostics.mdx` documents every field):
//!
//! ```text
//! {"type":"diagnostic","severity":"warning","rule":"broken-link","file":"guide.mdx","line":3,"column":1,"end_line":3,"end_column":9,"json_path":null,"message":"…","help":"…"}
//! {"type":"summary","errors":0,"warnings":1,"notes":0,"pages":12,"seconds":0.41}
//! ```
//!
//! GitHub commands name files relative to the repository root (the nearest
//! folder above the docs root holding `.git`, else the current folder), so
//! an annotation lands on the pull request's line; values are escaped by
//! GitHub's rules (`%`, CR and LF everywhere, `:` and `,` in properties).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::json;

use super::{Diagnostic, Diagnostics, LineStarts, Position, Severity};
use crate::confine::DocsRoot;

/// How a run prints its diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// rustc-style text on stderr.
    #[default]
    Human,
    /// One JSON object per line on stdout.
    Json,
    /// GitHub Actions workflow commands on stdout.
    Github,
}

/// More findings than this of one rule in one file are shown as one line
/// (`42 × example-mismatch in openapi.json; first at …`) unless `--verbose`.
pub const GROUP_OVER: usize = 10;

/// What a run did, for the last line of `--format json`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Pages built (`None` for `check`, which builds none).
    pub pages: Option<usize>,
    pub seconds: f64,
}

/// Many findings of one rule in one file, shown as one line.
#[derive(Debug, Clone, PartialEq)]
pub struct Group<'a> {
    pub count: usize,
    pub first: &'a Diagnostic,
}

impl Group<'_> {
    /// `42 × example-mismatch in openapi.json; first at openapi.json:12:3`.
    pub fn headline(&self) -> String {
        let rule = self.first.rule.map_or("unnamed", |r| r.name());
        format!(
            "{} × {rule} in {}; first at {}",
            self.count,
            self.first.file.display(),
            self.first.location()
        )
    }

    pub fn help(&self) -> String {
        let rule = self.first.rule.map_or("unnamed", |r| r.name());
        format!(
            "--verbose lists them all; to silence the rule for this file, write `[files.\"{}\"]` and `{rule} = \"off\"` in sheaf.toml",
            self.first.file.display()
        )
    }
}

impl Diagnostics {
    /// The diagnostics to show one by one, and the groups of more than
    /// [`GROUP_OVER`] findings of one rule in one file shown as one line each.
    pub fn grouped(&self) -> (Vec<&Diagnostic>, Vec<Group<'_>>) {
        let mut counts: HashMap<GroupKey, usize> = HashMap::new();
        for d in self {
            *counts.entry(key(d)).or_default() += 1;
        }
        let mut shown = Vec::new();
        let mut groups: Vec<Group> = Vec::new();
        for d in self {
            match counts[&key(d)] {
                count if count > GROUP_OVER => {
                    if !groups.iter().any(|g| key(g.first) == key(d)) {
                        groups.push(Group { count, first: d });
                    }
                }
                _ => shown.push(d),
            }
        }
        (shown, groups)
    }
}

/// The terminal form ([`super::render_terminal`]), each group of many
/// findings as one line unless `verbose`.
pub fn human(diagnostics: &Diagnostics, root: &Path, color: bool, verbose: bool) -> String {
    if verbose {
        return super::render_terminal(diagnostics, root, color);
    }
    let (shown, groups) = diagnostics.grouped();
    let shown: Diagnostics = shown.into_iter().cloned().collect();
    let mut out = super::render_terminal(&shown, root, color);
    for group in groups {
        let line = Diagnostic {
            span: None,
            json_path: None,
            message: group.headline(),
            help: Some(group.help()),
            ..group.first.clone()
        };
        out.push_str(&super::render_terminal_with(
            &Diagnostics::from(vec![line]),
            root,
            color,
            false,
        ));
    }
    out
}

/// What the findings of one group share: file, rule and severity.
type GroupKey<'a> = (&'a Path, Option<&'static str>, Severity);

fn key(d: &Diagnostic) -> GroupKey<'_> {
    (d.file.as_path(), d.rule.map(|r| r.name()), d.severity)
}

/// Each diagnostic as a JSON line, then the summary line.
pub fn json_lines(diagnostics: &Diagnostics, root: &Path, summary: Summary) -> String {
    let mut sources = Sources::new(root);
    let mut out = String::new();
    for d in diagnostics {
        let end = sources.end_of(d);
        let line = json!({
            "type": "diagnostic",
            "severity": d.severity,
            "rule": d.rule,
            "file": d.file,
            "line": d.position.map(|p| p.line),
            "column": d.position.map(|p| p.column),
            "end_line": end.map(|p| p.line),
            "end_column": end.map(|p| p.column),
            "json_path": d.json_path,
            "message": d.message,
            "help": d.help,
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    let count = |s: Severity| diagnostics.iter().filter(|d| d.severity == s).count();
    let last = json!({
        "type": "summary",
        "errors": count(Severity::Error),
        "warnings": count(Severity::Warning),
        "notes": count(Severity::Note),
        "pages": summary.pages,
        "seconds": (summary.seconds * 1000.0).round() / 1000.0,
    });
    out.push_str(&last.to_string());
    out.push('\n');
    out
}

/// GitHub Actions workflow commands, one per diagnostic (a group of many
/// as one unless `verbose`), files relative to the repository root.
pub fn github_commands(diagnostics: &Diagnostics, root: &Path, verbose: bool) -> String {
    let mut sources = Sources::new(root);
    let base = repository_root(root);
    let (shown, groups) = match verbose {
        true => (diagnostics.iter().collect(), Vec::new()),
        false => diagnostics.grouped(),
    };
    let mut out = String::new();
    for d in shown {
        let message = match &d.help {
            Some(help) => format!("{}\nhelp: {help}", d.headline()),
            None => d.headline(),
        };
        out.push_str(&github_command(d, &message, sources.end_of(d), &base, root));
    }
    for group in groups {
        let message = format!("{}\nhelp: {}", group.headline(), group.help());
        out.push_str(&github_command(group.first, &message, None, &base, root));
    }
    out
}

fn github_command(
    d: &Diagnostic,
    message: &str,
    end: Option<Position>,
    base: &Path,
    root: &Path,
) -> String {
    let command = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    let mut properties = Vec::new();
    if let Some(file) = repository_path(&d.file, root, base) {
        properties.push(format!("file={}", escape_property(&file)));
        if let Some(start) = d.position {
            properties.push(format!("line={}", start.line));
            properties.push(format!("col={}", start.column));
        }
        if let Some(end) = end {
            properties.push(format!("endLine={}", end.line));
            properties.push(format!("endColumn={}", end.column));
        }
    }
    if let Some(rule) = d.rule {
        properties.push(format!("title={}", escape_property(rule.name())));
    }
    format!(
        "::{command} {}::{}\n",
        properties.join(","),
        escape_data(message)
    )
}

/// A command's message, escaped as GitHub's runner unescapes it.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: [`escape_data`] and `:` and `,`.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The nearest folder at or above `root` that holds `.git`; else the
/// current folder.
fn repository_root(root: &Path) -> PathBuf {
    let current = std::env::current_dir().unwrap_or_default();
    let absolute = current.join(root);
    let absolute = absolute.canonicalize().unwrap_or(absolute);
    absolute
        .ancestors()
        .find(|folder| folder.join(".git").exists())
        .map_or(current, Path::to_path_buf)
}

/// `file` (relative to the docs root, or absolute) relative to `base`;
/// `None` for a spec named by URL, or a file outside `base`.
fn repository_path(file: &Path, root: &Path, base: &Path) -> Option<String> {
    let text = file.to_string_lossy();
    if text.contains("://") || text.is_empty() {
        return None;
    }
    let current = std::env::current_dir().unwrap_or_default();
    let absolute = current.join(root).join(file);
    let absolute = match absolute.canonicalize() {
        Ok(real) => real,
        Err(_) => absolute
            .parent()?
            .canonicalize()
            .ok()?
            .join(absolute.file_name()?),
    };
    let base = base.canonicalize().unwrap_or_else(|_| base.to_path_buf());
    let relative = absolute.strip_prefix(&base).ok()?;
    Some(relative.to_string_lossy().replace('\\', "/"))
}

/// The docs' source texts, read once each (only inside the docs root), to
/// place the end of a diagnostic's span.
struct Sources {
    docs: DocsRoot,
    texts: HashMap<PathBuf, Option<(String, LineStarts)>>,
}

impl Sources {
    fn new(root: &Path) -> Sources {
        Sources {
            docs: DocsRoot::new(root),
            texts: HashMap::new(),
        }
    }

    fn end_of(&mut self, d: &Diagnostic) -> Option<Position> {
        let span = d.span.as_ref()?;
        let docs = &self.docs;
        let text = self.texts.entry(d.file.clone()).or_insert_with(|| {
            let text = docs.read_to_string(&d.file).ok()?;
            let lines = LineStarts::new(&text);
            Some((text, lines))
        });
        let (text, lines) = text.as_ref()?;
        Some(lines.position(text, span.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn github_escapes_data_and_properties() {
        assert_eq!(escape_data("50% a\r\nb"), "50%25 a%0D%0Ab");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    #[test]
    fn many_findings_of_one_rule_in_one_file_are_one_group() {
        let finding = |file: &str| {
            Diagnostic::warning(file, "example does not match").with_rule(Rule::ExampleMismatch)
        };
        let mut all: Diagnostics = (0..GROUP_OVER + 1).map(|_| finding("api.json")).collect();
        all.push(finding("other.json"));
        let (shown, groups) = all.grouped();
        assert_eq!(shown.len(), 1);
        assert_eq!(groups.len(), 1);
        assert_eq!(
            groups[0].headline(),
            format!(
                "{} × example-mismatch in api.json; first at api.json",
                GROUP_OVER + 1
            )
        );
    }
}
