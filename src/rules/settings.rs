//! `sheaf.toml`: how the site's author wants rules to report, for the whole
//! site or for one file (a spec the author does not own):
//!
//! ```toml
//! [rules]
//! broken-link = "error"       # fail the build on it, not only `check`
//! heading-order = "off"       # never report it
//!
//! [files."specs/github.json"] # one file (a key ending in `/`: a folder)
//! example-mismatch = "off"    # as `x-sheaf-lint-ignore` would, without editing the spec
//! ```
//!
//! It also says where the site is published, for links written with that
//! path (the `--base-path` flag, which with `--site-url` wins over it):
//!
//! ```toml
//! [site]
//! base-path = "/docs"         # the site is served at example.com/docs
//! mcp-server = "https://mcp.example.com/mcp"  # for the MCP page actions
//! ```
//!
//! A level is `off`, `note`, `warning` or `error`. It changes the rule's
//! warnings and notes; errors stay errors (a site that cannot be built is
//! not made buildable by a setting), so naming a rule that reports only
//! errors is a warning. A file's setting wins over the site's; of two file
//! keys the longer wins.
//!
//! Why a file of its own and not a key of the config: docs.json is
//! validated by Mintlify against its own schema, where an unknown top-level
//! key fails the site that authors also publish there, and one file serves
//! site.json, docs.json and mint.json alike. It sits in the docs root (read
//! through [`DocsRoot`], the trust boundary), is never copied to the output,
//! and is optional: without it every rule reports as it always does.
//!
//! Problems in it follow the open world: TOML that cannot be read is an
//! error (`config-syntax`, at its line); an unknown key, rule name
//! (`unknown-rule`, with a did-you-mean) or level is a warning, and the
//! rest of the file still applies.

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::confine::{DocsRoot, OUTSIDE_HELP};
use crate::diagnostics::{did_you_mean, Diagnostic, Diagnostics, LineStarts, Severity};
use crate::rules::{Reports, Rule};

/// The settings file's name, in the docs root.
pub const FILE: &str = "sheaf.toml";

/// The path a site is published under, as `content::Site::base_path` holds it:
/// from a `--base-path` or `sheaf.toml` value (`/docs/`) or from the path
/// of a site URL (`https://example.com/docs` → `docs`); `None` for the
/// host's root.
pub fn base_path_of(text: &str) -> Option<String> {
    let path = match text.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("", |at| &rest[at..]),
        None => text,
    };
    let path = path
        .split(['?', '#'])
        .next()
        .unwrap_or(path)
        .trim_matches('/');
    (!path.is_empty()).then(|| path.to_string())
}

/// How a rule reports, as `sheaf.toml` sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Off,
    Note,
    Warning,
    Error,
}

impl Level {
    const NAMES: [(&'static str, Level); 4] = [
        ("off", Level::Off),
        ("note", Level::Note),
        ("warning", Level::Warning),
        ("error", Level::Error),
    ];

    fn named(name: &str) -> Option<Level> {
        Level::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, l)| l)
    }

    fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Note => Some(Severity::Note),
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }
}

/// The levels `sheaf.toml` sets: for the site, and for files.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RuleSettings {
    site: HashMap<Rule, Level>,
    /// A file or folder (`specs/`) of the docs root, with its levels.
    files: Vec<(String, HashMap<Rule, Level>)>,
    /// `[site] base-path`: the path the site is published under (`docs`).
    pub base_path: Option<String>,
    /// `[site] mcp-server`: the MCP server the page actions connect to.
    pub mcp_server: Option<String>,
}

impl RuleSettings {
    /// The settings of the docs root `root`: none when it has no `sheaf.toml`.
    pub fn load(root: &Path) -> (RuleSettings, Vec<Diagnostic>) {
        match DocsRoot::new(root).read_to_string(Path::new(FILE)) {
            Ok(text) => RuleSettings::parse(&text),
            Err(missing) if missing.is_not_found() => (RuleSettings::default(), Vec::new()),
            Err(refused) => {
                let outside = matches!(refused, crate::confine::ReadError::Outside { .. });
                let problem = Diagnostic::error(FILE, format!("cannot read {FILE}: {refused}"))
                    .with_rule(if outside {
                        Rule::OutsideRoot
                    } else {
                        Rule::ReadFailed
                    });
                (
                    RuleSettings::default(),
                    vec![problem.with_help(OUTSIDE_HELP)],
                )
            }
        }
    }

    /// The settings `text` (a `sheaf.toml`) holds, and what is wrong in it.
    pub fn parse(text: &str) -> (RuleSettings, Vec<Diagnostic>) {
        let mut reader = Reader {
            text,
            lines: LineStarts::new(text),
            problems: Vec::new(),
        };
        let table = match DeTable::parse(text) {
            Ok(table) => table.into_inner(),
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
                reader.problem(Severity::Error, Rule::ConfigSyntax, span, e.message().trim().to_string(), "sheaf.toml is TOML (https://toml.io): `[rules]` then lines such as `broken-link = \"error\"`");
                return (RuleSettings::default(), reader.problems);
            }
        };
        let settings = reader.settings(&table);
        // Tables are read in key order; their problems are told in the file's.
        reader.problems.sort_by_key(|p| p.position);
        (settings, reader.problems)
    }

    /// Whether no rule is changed.
    pub fn is_empty(&self) -> bool {
        self.site.is_empty() && self.files.is_empty()
    }

    /// The level set for `rule` in `file`: the longest matching file key's,
    /// else the site's.
    pub fn level(&self, rule: Rule, file: &Path) -> Option<Level> {
        let file = file.to_string_lossy().replace('\\', "/");
        let matches = |key: &str| key == file || (key.ends_with('/') && file.starts_with(key));
        let by_file = (self.files.iter())
            .filter(|(key, levels)| matches(key) && levels.contains_key(&rule))
            .max_by_key(|(key, _)| key.len())
            .map(|(_, levels)| levels[&rule]);
        by_file.or_else(|| self.site.get(&rule).copied())
    }

    /// `diagnostics` as the settings want them: warnings and notes of a set
    /// rule take its level, or are dropped (`off`). Applying twice changes
    /// nothing more.
    pub fn applied(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if self.is_empty() {
            return diagnostics;
        }
        (diagnostics.into_iter())
            .filter_map(|mut d| {
                let level = match (d.severity, d.rule) {
                    (Severity::Error, _) | (_, None) => return Some(d),
                    (_, Some(rule)) => self.level(rule, &d.file),
                };
                match level {
                    None => Some(d),
                    Some(level) => {
                        d.severity = level.severity()?;
                        Some(d)
                    }
                }
            })
            .collect()
    }

    /// [`RuleSettings::applied`] in place.
    pub fn apply(&self, diagnostics: &mut Diagnostics) {
        if !self.is_empty() {
            *diagnostics = self.applied(std::mem::take(diagnostics).into_vec()).into();
        }
    }
}

/// Reads the parsed TOML, saying what is wrong where.
struct Reader<'t> {
    text: &'t str,
    lines: LineStarts,
    problems: Vec<Diagnostic>,
}

type Entry<'a, 'i> = (
    &'a Spanned<toml::de::DeString<'i>>,
    &'a Spanned<DeValue<'i>>,
);

impl Reader<'_> {
    fn settings(&mut self, table: &DeTable) -> RuleSettings {
        let mut settings = RuleSettings::default();
        for (key, value) in table {
            match (key.get_ref().as_ref(), value.get_ref()) {
                ("rules", DeValue::Table(rules)) => settings.site = self.levels(rules),
                ("files", DeValue::Table(files)) => {
                    for (file, levels) in files {
                        let Some(levels) = self
                            .table_of(levels, "`[files.\"PATH\"]` holds `rule = \"level\"` lines")
                        else {
                            continue;
                        };
                        let levels = self.levels(levels);
                        settings.files.push((file.get_ref().to_string(), levels));
                    }
                }
                ("site", DeValue::Table(site)) => self.site(site, &mut settings),
                ("rules" | "files" | "site", _) => {
                    self.table_of(
                        value,
                        "write `[rules]`, `[files.\"PATH\"]` or `[site]` on a line of its own",
                    );
                }
                (other, _) => self.unknown_key(key, other),
            }
        }
        settings
    }

    /// The `[site]` table's `base-path` and `mcp-server`.
    fn site(&mut self, table: &DeTable, settings: &mut RuleSettings) {
        for (key, value) in table {
            match (key.get_ref().as_ref(), value.get_ref()) {
                ("base-path", DeValue::String(path)) => {
                    settings.base_path = base_path_of(path);
                }
                ("mcp-server", DeValue::String(url)) if url.starts_with("https://") => {
                    settings.mcp_server = Some(url.to_string());
                }
                ("mcp-server", _) => self.warn(
                    Rule::ConfigValue,
                    value.span(),
                    "`mcp-server` needs an `https://` URL; the line is skipped".to_string(),
                    "write your MCP server's address, e.g. `mcp-server = \"https://mcp.example.com/mcp\"`",
                ),
                ("base-path", _) => self.warn(
                    Rule::ConfigValue,
                    value.span(),
                    "`base-path` needs a path; the line is skipped".to_string(),
                    "write the path the site is published under, e.g. `base-path = \"/docs\"`",
                ),
                (other, _) => self.unknown_key(key, other),
            }
        }
    }

    fn levels(&mut self, table: &DeTable) -> HashMap<Rule, Level> {
        table.iter().filter_map(|entry| self.level(entry)).collect()
    }

    fn level(&mut self, (key, value): Entry) -> Option<(Rule, Level)> {
        let name = key.get_ref().as_ref();
        let Some(rule) = Rule::named(name) else {
            let names = Rule::ALL.iter().map(|r| r.name());
            let help = match did_you_mean(name, names) {
                Some(close) => {
                    format!("did you mean `{close}`? docs/diagnostics.mdx lists every rule")
                }
                None => "docs/diagnostics.mdx lists every rule".to_string(),
            };
            self.warn(
                Rule::UnknownRule,
                key.span(),
                format!("`{name}` is not a rule name; the line is skipped"),
                &help,
            );
            return None;
        };
        let level = match value.get_ref() {
            DeValue::String(level) => Level::named(level),
            _ => None,
        };
        let Some(level) = level else {
            self.warn(
                Rule::ConfigValue,
                value.span(),
                format!("`{name}` needs a level; the line is skipped"),
                "write \"off\", \"note\", \"warning\" or \"error\"",
            );
            return None;
        };
        if rule.reports() == Reports::Errors {
            let message = format!("`{name}` reports only errors, which a setting cannot change");
            self.warn(
                Rule::ConfigValue,
                key.span(),
                message,
                "an error means the site cannot be built as it is; fix its cause",
            );
            return None;
        }
        Some((rule, level))
    }

    fn table_of<'a, 'i>(
        &mut self,
        value: &'a Spanned<DeValue<'i>>,
        help: &str,
    ) -> Option<&'a DeTable<'i>> {
        match value.get_ref() {
            DeValue::Table(table) => Some(table),
            _ => {
                self.warn(
                    Rule::ConfigValue,
                    value.span(),
                    "expected a table; it is skipped".to_string(),
                    help,
                );
                None
            }
        }
    }

    fn unknown_key(&mut self, key: &Spanned<toml::de::DeString>, name: &str) {
        const HOLDS: &str =
            "sheaf.toml holds `[rules]`, `[files.\"PATH\"]` and `[site]` (`base-path`, `mcp-server`)";
        let help = match did_you_mean(name, ["rules", "files", "site", "base-path", "mcp-server"]) {
            Some(close) => format!("did you mean `{close}`? {HOLDS}"),
            None => HOLDS.to_string(),
        };
        self.warn(
            Rule::UnknownKey,
            key.span(),
            format!("unknown key `{name}`; it is ignored"),
            &help,
        );
    }

    fn warn(&mut self, rule: Rule, span: Range<usize>, message: String, help: &str) {
        self.problem(Severity::Warning, rule, span, message, help);
    }

    fn problem(
        &mut self,
        severity: Severity,
        rule: Rule,
        span: Range<usize>,
        message: String,
        help: &str,
    ) {
        let problem = match severity {
            Severity::Error => Diagnostic::error(FILE, message).with_rule(rule),
            _ => Diagnostic::warning(FILE, message).with_rule(rule),
        };
        let problem = problem
            .at_span_in(&self.lines, self.text, span)
            .with_help(help);
        self.problems.push(problem);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warning(rule: Rule, file: &str) -> Diagnostic {
        Diagnostic::warning(file, "found").with_rule(rule)
    }

    #[test]
    fn file_levels_win_over_site_levels_and_errors_stay() {
        let (settings, problems) = RuleSettings::parse(
            "[rules]\nbroken-link = \"error\"\nexample-mismatch = \"note\"\n\n[files.\"specs/\"]\nexample-mismatch = \"off\"\n",
        );
        assert!(problems.is_empty(), "{problems:?}");
        let found = vec![
            warning(Rule::BrokenLink, "a.mdx"),
            warning(Rule::ExampleMismatch, "specs/gh.json"),
            warning(Rule::ExampleMismatch, "api.json"),
            warning(Rule::ImageAlt, "a.mdx"),
            Diagnostic::error("specs/gh.json", "bad").with_rule(Rule::ExampleMismatch),
        ];
        let severities: Vec<_> = (settings.applied(found).iter())
            .map(|d| (d.rule.unwrap().name(), d.severity))
            .collect();
        assert_eq!(
            severities,
            [
                ("broken-link", Severity::Error),
                ("example-mismatch", Severity::Note),
                ("image-alt", Severity::Warning),
                ("example-mismatch", Severity::Error),
            ]
        );
    }

    #[test]
    fn problems_are_located_and_the_rest_applies() {
        let text = "[rules]\nbroken-lnk = \"off\"\nimage-alt = \"loud\"\noutside-root = \"off\"\nheading-order = \"off\"\n[colours]\n";
        let (settings, problems) = RuleSettings::parse(text);
        let found: Vec<String> = problems
            .iter()
            .map(|p| format!("{} {}", p.location(), p.rule.unwrap()))
            .collect();
        assert_eq!(
            found,
            [
                "sheaf.toml:2:1 unknown-rule",
                "sheaf.toml:3:13 config-value",
                "sheaf.toml:4:1 config-value",
                "sheaf.toml:6:2 unknown-key",
            ]
        );
        assert!(problems[0]
            .help
            .as_deref()
            .unwrap()
            .contains("`broken-link`"));
        assert_eq!(
            settings.level(Rule::HeadingOrder, Path::new("a.md")),
            Some(Level::Off)
        );
    }

    #[test]
    fn the_site_table_names_the_base_path_and_warns_about_the_rest() {
        let text = "[site]\nbase-path = \"/docs/\"\nbase-url = \"x\"\n";
        let (settings, problems) = RuleSettings::parse(text);
        assert_eq!(settings.base_path.as_deref(), Some("docs"));
        let found: Vec<String> = (problems.iter())
            .map(|p| format!("{} {}", p.location(), p.rule.unwrap()))
            .collect();
        assert_eq!(found, ["sheaf.toml:3:1 unknown-key"]);
        let (settings, problems) = RuleSettings::parse("[site]\nbase-path = 3\n");
        assert_eq!(settings.base_path, None);
        assert_eq!(problems[0].rule, Some(Rule::ConfigValue));
    }

    #[test]
    fn a_base_path_is_read_from_a_path_or_a_site_url() {
        assert_eq!(base_path_of("/docs").as_deref(), Some("docs"));
        assert_eq!(base_path_of("docs/v2/").as_deref(), Some("docs/v2"));
        assert_eq!(
            base_path_of("https://example.com/docs").as_deref(),
            Some("docs")
        );
        assert_eq!(
            base_path_of("https://example.com/docs/?x=1").as_deref(),
            Some("docs")
        );
        assert_eq!(base_path_of("https://docs.example.com"), None);
        assert_eq!(base_path_of("https://docs.example.com/"), None);
        assert_eq!(base_path_of("/"), None);
    }

    #[test]
    fn toml_that_cannot_be_read_is_an_error_at_its_line() {
        let (settings, problems) = RuleSettings::parse("[rules]\nbroken-link = error\n");
        assert!(settings.is_empty());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].severity, Severity::Error);
        assert_eq!(problems[0].position.unwrap().line, 2);
    }
}
