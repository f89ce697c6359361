//! `.mintignore`: gitignore-style patterns in the docs root naming files
//! that are not part of the site (Mintlify's feature). An excluded file is
//! no page, no static file copied to the output and no OpenAPI spec found
//! by discovery.
//!
//! The patterns are read by the `ignore` crate's [`GitignoreBuilder`] (the
//! ripgrep authors' gitignore matcher): comments, `!` negation, trailing `/`
//! for folders only, leading `/` to anchor at the root, `**`. Paths are
//! matched as a walk from the root sees them: an excluded folder is not
//! entered, so, as in git, no later `!` pattern brings back a file inside
//! it. A line the matcher cannot read is skipped with a warning at its
//! position; the other lines still apply.
//!
//! Two walks use it: the source listing (`sources.rs`) and the copy of
//! static files (in `site`). Both prune with [`MintIgnore::excludes`]
//! on each entry, parents first; lookups of single paths go through
//! [`MintIgnore::rule_excluding`], which follows the same order.
//!
//! Mintlify's default ignores apply to every site, with or without a
//! `.mintignore` ([`DEFAULT_PATTERNS`], as `@mintlify/common`'s
//! `mintIgnore.js` lists them): tool folders (`.git`, `.github`, `.vscode`,
//! `node_modules`…, most of which the walks skip anyway), `.mintlify/`'s
//! files but its JSON and YAML, and `README.md`, `LICENSE.md`,
//! `CHANGELOG.md` and `CONTRIBUTING.md` at any depth (`guides/README.md`
//! too; `README.mdx` is a page). Mintlify reads them before the site's own
//! lines, so a `.mintignore` line `!README.md` publishes the file again,
//! and, as its matcher (the npm `ignore` package) ignores case, so does
//! sheaf for the defaults: `readme.md` is left out too. The site's own lines
//! are matched as git matches them, case and all.
//!
//! The rule is what the author sees: a navigation entry naming an excluded
//! page warns with the `.mintignore` line that excludes it, or the default
//! pattern (`config`'s semantic checks). The preview treats a change to
//! `.mintignore` like a change to the config, and rebuilds.

use std::ops::Range;
use std::path::Path;
use std::sync::OnceLock;

use ignore::gitignore::{Gitignore, GitignoreBuilder, Glob};
use ignore::Match;

use crate::confine::{DocsRoot, ReadError, OUTSIDE_HELP};
use crate::diagnostics::Diagnostic;

/// The name of the file, in the docs root.
pub const MINTIGNORE_FILE: &str = ".mintignore";

/// The patterns Mintlify ignores on every site, before the site's own
/// `.mintignore` lines (`DEFAULT_MINT_IGNORES` of `@mintlify/common`).
pub const DEFAULT_PATTERNS: &[&str] = &[
    ".git",
    ".github",
    ".claude",
    ".agents",
    ".idea",
    ".vscode",
    ".cursor",
    ".mintlify/**",
    "!.mintlify/**/",
    "!.mintlify/skills/**",
    "!.mintlify/**/*.json",
    "!.mintlify/**/*.yaml",
    "!.mintlify/**/*.yml",
    "node_modules",
    "README.md",
    "LICENSE.md",
    "CHANGELOG.md",
    "CONTRIBUTING.md",
];

/// One pattern excluding files: a line of `.mintignore`, or one of
/// Mintlify's [`DEFAULT_PATTERNS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// 1-based line number in `.mintignore`; `None` for a default pattern.
    pub line: Option<usize>,
    /// The pattern as written (without trailing blanks).
    pub pattern: String,
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "`{}` on line {line} of {MINTIGNORE_FILE}", self.pattern),
            None => write!(f, "`{}`, one of Mintlify's default ignores", self.pattern),
        }
    }
}

/// The compiled [`DEFAULT_PATTERNS`], matched without regard to case.
fn defaults() -> &'static Gitignore {
    static DEFAULTS: OnceLock<Gitignore> = OnceLock::new();
    DEFAULTS.get_or_init(|| {
        let mut builder = GitignoreBuilder::new("");
        builder
            .case_insensitive(true)
            .expect("case folding needs no pattern");
        for pattern in DEFAULT_PATTERNS {
            builder
                .add_line(None, pattern)
                .expect("the default patterns are valid");
        }
        builder.build().expect("the default patterns compile")
    })
}

/// Which pattern excludes a path: the site's own line wins over a default.
enum Excluder<'a> {
    Site(&'a Glob),
    Default(&'a Glob),
}

/// The compiled patterns of a docs root's `.mintignore` (none when absent),
/// over Mintlify's [`DEFAULT_PATTERNS`].
#[derive(Debug)]
pub struct MintIgnore {
    matcher: Gitignore,
    /// Every pattern line, in order, for naming the one that matched.
    rules: Vec<Rule>,
    problems: Vec<Diagnostic>,
}

impl Default for MintIgnore {
    fn default() -> Self {
        MintIgnore {
            matcher: Gitignore::empty(),
            rules: Vec::new(),
            problems: Vec::new(),
        }
    }
}

impl MintIgnore {
    /// Reads `root/.mintignore`; without one nothing is excluded.
    pub fn load(root: &Path) -> MintIgnore {
        match DocsRoot::new(root).read_to_string(Path::new(MINTIGNORE_FILE)) {
            Ok(text) => MintIgnore::parse(&text),
            Err(e) if e.is_not_found() => MintIgnore::default(),
            Err(e @ ReadError::Outside { .. }) => MintIgnore {
                problems: vec![Diagnostic::error(
                    MINTIGNORE_FILE,
                    format!("cannot read {MINTIGNORE_FILE}: {e}"),
                )
                .with_rule(crate::rules::Rule::OutsideRoot)
                .with_help(OUTSIDE_HELP)],
                ..MintIgnore::default()
            },
            Err(e) => MintIgnore {
                problems: vec![Diagnostic::warning(
                    MINTIGNORE_FILE,
                    format!(
                        "cannot read {MINTIGNORE_FILE}: {e}; only Mintlify's default ignores apply"
                    ),
                )
                .with_rule(crate::rules::Rule::ReadFailed)],
                ..MintIgnore::default()
            },
        }
    }

    /// Compiles the text of a `.mintignore`.
    pub fn parse(text: &str) -> MintIgnore {
        // Paths are matched relative to the docs root, so the matcher's own
        // root is empty: nothing is stripped from them.
        let mut builder = GitignoreBuilder::new("");
        let mut ignore = MintIgnore::default();
        for (index, (span, line)) in lines(text).enumerate() {
            match builder.add_line(None, line) {
                Ok(_) => ignore.rules.extend(rule(index + 1, line)),
                Err(e) => ignore.problems.push(bad_pattern(text, span, line, &e)),
            }
        }
        match builder.build() {
            Ok(matcher) => ignore.matcher = matcher,
            Err(e) => ignore.problems.push(
                Diagnostic::warning(
                    MINTIGNORE_FILE,
                    format!("{MINTIGNORE_FILE} cannot be used: {e}; only Mintlify's default ignores apply"),
                )
                .with_rule(crate::rules::Rule::MintignorePattern)
                .with_help("simplify the patterns"),
            ),
        }
        ignore
    }

    /// Whether a walk leaves out `relative` (a path relative to the root
    /// whose folders the walk entered), a folder when `is_dir`.
    pub fn excludes(&self, relative: &Path, is_dir: bool) -> bool {
        self.excluder(relative, is_dir).is_some()
    }

    /// The pattern excluding `relative` alone (not its folders): the site's
    /// last matching line, which a `!` line makes a keeper, else a default.
    fn excluder(&self, relative: &Path, is_dir: bool) -> Option<Excluder<'_>> {
        match self.matcher.matched(relative, is_dir) {
            Match::Ignore(glob) => Some(Excluder::Site(glob)),
            Match::Whitelist(_) => None,
            Match::None => match defaults().matched(relative, is_dir) {
                Match::Ignore(glob) => Some(Excluder::Default(glob)),
                _ => None,
            },
        }
    }

    /// The line excluding the file `relative` (relative to the root), be it
    /// the file's own or one of its folders', the outermost folder first.
    pub fn rule_excluding(&self, relative: &Path) -> Option<Rule> {
        let mut folders: Vec<&Path> = relative
            .ancestors()
            .skip(1)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        folders.reverse();
        let walked = folders.into_iter().map(|folder| (folder, true));
        walked
            .chain(std::iter::once((relative, false)))
            .find_map(|(path, is_dir)| match self.excluder(path, is_dir)? {
                Excluder::Site(glob) => Some(self.rule_of(glob)),
                Excluder::Default(glob) => Some(Rule {
                    line: None,
                    pattern: glob.original().to_string(),
                }),
            })
    }

    /// Whether the file `relative` is excluded (see [`Self::rule_excluding`]).
    pub fn is_excluded(&self, relative: &Path) -> bool {
        self.rule_excluding(relative).is_some()
    }

    /// The lines that could not be read, as warnings.
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }

    /// The line of a matched glob: the last one written like it (the
    /// matcher picks the last matching line, and equal lines match alike).
    fn rule_of(&self, glob: &Glob) -> Rule {
        self.rules
            .iter()
            .rev()
            .find(|r| r.pattern == glob.original())
            .cloned()
            .unwrap_or_else(|| Rule {
                line: None,
                pattern: glob.original().to_string(),
            })
    }
}

/// Each line of `text` with its byte range, without the line break (nor
/// a byte order mark before the first).
fn lines(text: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut offset = text.len() - body.len();
    body.split_inclusive('\n').map(move |raw| {
        let start = offset;
        offset += raw.len();
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        (start..start + line.len(), line)
    })
}

/// The rule a line adds, as the matcher keeps its text: trailing blanks
/// dropped unless escaped; none for comments and blank lines.
fn rule(line: usize, text: &str) -> Option<Rule> {
    let kept = if text.ends_with("\\ ") {
        text
    } else {
        text.trim_end()
    };
    (!kept.is_empty() && !kept.starts_with('#')).then(|| Rule {
        line: Some(line),
        pattern: kept.to_string(),
    })
}

fn bad_pattern(text: &str, span: Range<usize>, line: &str, error: &ignore::Error) -> Diagnostic {
    let reason = match error {
        ignore::Error::Glob { err, .. } => err.clone(),
        other => other.to_string(),
    };
    let pattern = line.trim_end();
    Diagnostic::warning(
        MINTIGNORE_FILE,
        format!("pattern `{pattern}` cannot be read ({reason}); the line is skipped"),
    ).with_rule(crate::rules::Rule::MintignorePattern)
    .at_span(text, span.start..span.start + pattern.len())
    .with_help("`.mintignore` uses .gitignore syntax: `drafts/`, `*.draft.mdx`, `/internal`, `!keep.mdx`, `**/notes.md`; escape a literal `{`, `[` or `\\` with a backslash")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ignore(text: &str) -> MintIgnore {
        let ignore = MintIgnore::parse(text);
        assert!(ignore.problems().is_empty(), "{:?}", ignore.problems());
        ignore
    }

    fn excluded(ignore: &MintIgnore, path: &str) -> bool {
        ignore.is_excluded(Path::new(path))
    }

    #[test]
    fn comments_and_blank_lines_exclude_nothing() {
        let rules = ignore("# drafts\n\n   \n#intro.mdx\n");
        assert!(!excluded(&rules, "intro.mdx"));
        assert!(!excluded(&rules, "drafts/a.mdx"));
        assert!(!excluded(&rules, "# drafts"));
    }

    #[test]
    fn unanchored_names_match_at_any_depth() {
        let rules = ignore("notes.md\n*.draft.mdx\n");
        assert!(excluded(&rules, "notes.md"));
        assert!(excluded(&rules, "guides/deep/notes.md"));
        assert!(excluded(&rules, "guides/setup.draft.mdx"));
        assert!(!excluded(&rules, "guides/setup.mdx"));
        assert!(!excluded(&rules, "notes.mdx"));
    }

    #[test]
    fn a_leading_slash_anchors_at_the_root() {
        let rules = ignore("/internal.mdx\n");
        assert!(excluded(&rules, "internal.mdx"));
        assert!(!excluded(&rules, "guides/internal.mdx"));
    }

    #[test]
    fn a_trailing_slash_matches_folders_only() {
        let rules = ignore("drafts/\n");
        assert!(excluded(&rules, "drafts/a.mdx"));
        assert!(excluded(&rules, "guides/drafts/images/a.png"));
        assert!(!excluded(&rules, "drafts"), "a file named drafts stays");
        assert!(rules.excludes(Path::new("drafts"), true));
    }

    #[test]
    fn double_stars_cross_folders() {
        let rules = ignore("api/**/private.yaml\nlogs/**\n");
        assert!(excluded(&rules, "api/private.yaml"));
        assert!(excluded(&rules, "api/v1/beta/private.yaml"));
        assert!(!excluded(&rules, "other/api/private.yaml"));
        assert!(excluded(&rules, "logs/2024/a.txt"));
    }

    #[test]
    fn negation_brings_back_a_file_but_not_one_inside_an_excluded_folder() {
        let rules = ignore("*.mdx\n!keep.mdx\nsecret/\n!secret/keep.mdx\n");
        assert!(excluded(&rules, "intro.mdx"));
        assert!(!excluded(&rules, "keep.mdx"));
        assert!(!excluded(&rules, "guides/keep.mdx"));
        assert!(
            excluded(&rules, "secret/keep.mdx"),
            "git never re-includes a file whose folder is excluded"
        );
    }

    #[test]
    fn the_rule_names_its_line_and_the_last_matching_line_wins() {
        let rules = ignore("# drafts\ndrafts/\n\n*.tmp\n!a.tmp\na.tmp\n");
        let rule = rules.rule_excluding(Path::new("drafts/x/y.mdx")).unwrap();
        assert_eq!((rule.line, rule.pattern.as_str()), (Some(2), "drafts/"));
        let rule = rules.rule_excluding(Path::new("a.tmp")).unwrap();
        assert_eq!((rule.line, rule.pattern.as_str()), (Some(6), "a.tmp"));
        assert_eq!(
            rule.to_string(),
            "`a.tmp` on line 6 of .mintignore",
            "shown as it is written"
        );
        assert_eq!(rules.rule_excluding(Path::new("b.mdx")), None);
    }

    #[test]
    fn a_malformed_line_warns_at_its_position_and_the_others_still_apply() {
        let text = "drafts/\r\n  {a,b\nnotes.md\n";
        let rules = MintIgnore::parse(text);
        let problems = rules.problems();
        assert_eq!(problems.len(), 1, "{problems:?}");
        let problem = &problems[0];
        assert_eq!(problem.location(), ".mintignore:2:1");
        assert!(problem.message.contains("`  {a,b`"), "{}", problem.message);
        assert_eq!(&text[problem.span.clone().unwrap()], "  {a,b");
        assert!(excluded(&rules, "drafts/a.mdx"));
        assert!(excluded(&rules, "notes.md"));
    }

    #[test]
    fn mintlifys_default_ignores_apply_without_a_mintignore() {
        let rules = MintIgnore::default();
        for gone in [
            "README.md",
            "guides/README.md",
            "LICENSE.md",
            "CHANGELOG.md",
            "api/CONTRIBUTING.md",
            "readme.md",
            ".github/workflows/ci.yml",
            "node_modules/x/a.mdx",
            ".mintlify/notes.mdx",
            ".mintlify/deep/notes.mdx",
        ] {
            assert!(excluded(&rules, gone), "{gone}");
        }
        for kept in [
            "README.mdx",
            "guides/readme-first.md",
            "changelog.mdx",
            "LICENSE.txt",
            ".mintlify/skills/a.md",
            ".mintlify/deep/conf.json",
            ".mintlify/a.yaml",
        ] {
            assert!(!excluded(&rules, kept), "{kept}");
        }
        let rule = rules.rule_excluding(Path::new("guides/README.md")).unwrap();
        assert_eq!((rule.line, rule.pattern.as_str()), (None, "README.md"));
        assert_eq!(
            rule.to_string(),
            "`README.md`, one of Mintlify's default ignores"
        );
    }

    #[test]
    fn the_sites_own_lines_come_after_the_defaults() {
        let rules = ignore(
            "!README.md
CHANGELOG.md
",
        );
        assert!(!excluded(&rules, "README.md"), "a `!` line publishes it");
        assert!(excluded(&rules, "LICENSE.md"));
        let rule = rules.rule_excluding(Path::new("CHANGELOG.md")).unwrap();
        assert_eq!(rule.line, Some(2), "the site's line is named");
    }

    #[test]
    fn a_missing_file_excludes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let rules = MintIgnore::load(dir.path());
        assert!(rules.problems().is_empty());
        assert!(!excluded(&rules, "a.mdx"));
        std::fs::write(dir.path().join(MINTIGNORE_FILE), "\u{feff}a.mdx\n").unwrap();
        assert!(excluded(&MintIgnore::load(dir.path()), "a.mdx"));
    }
}
