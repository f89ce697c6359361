//! `sheaf migrate`: writes the docs.json equivalent of a docs root's
//! `site.json` (else `mint.json`). The conversion itself is
//! [`crate::config::migrate`]; this file finds and validates the source and
//! writes the result, never over an existing file without `--force`, never
//! over the source, and deleting nothing.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::config::{self, LeftOut, Migration};
use crate::diagnostics::Diagnostics;
use crate::sources::SourceFiles;

/// The files `migrate` reads, in the order it looks for them.
pub const SOURCES: [&str; 2] = ["site.json", "mint.json"];

/// What a migration wrote.
#[derive(Debug)]
pub struct Written {
    /// The file read, relative to the root.
    pub source: PathBuf,
    pub migration: Migration,
    /// Warnings about the source (it had no errors).
    pub diagnostics: Diagnostics,
}

#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error("no site.json or mint.json in {}{}", .root.display(), if *.has_docs_json { " (it already has a docs.json)" } else { "" })]
    NoSource { root: PathBuf, has_docs_json: bool },
    #[error("{} exists; pass --force to overwrite it", .0.display())]
    Exists(PathBuf),
    #[error("{} is the file being migrated; choose another --out", .0.display())]
    OverSource(PathBuf),
    #[error("the configuration has errors")]
    Invalid(Diagnostics),
    #[error("cannot read {}: {}", .0.display(), .1)]
    Read(PathBuf, io::Error),
    #[error("cannot write {}: {}", .0.display(), .1)]
    Write(PathBuf, io::Error),
}

/// Migrates the config of `root` into `out`.
pub fn run(root: &Path, out: &Path, force: bool) -> Result<Written, MigrateError> {
    let source = SOURCES
        .iter()
        .map(PathBuf::from)
        .find(|name| root.join(name).is_file())
        .ok_or_else(|| MigrateError::NoSource {
            root: root.to_path_buf(),
            has_docs_json: root.join("docs.json").is_file(),
        })?;
    if same_file(&root.join(&source), out) {
        return Err(MigrateError::OverSource(out.to_path_buf()));
    }
    if out.exists() && !force {
        return Err(MigrateError::Exists(out.to_path_buf()));
    }
    let text = std::fs::read_to_string(root.join(&source))
        .map_err(|e| MigrateError::Read(root.join(&source), e))?;
    // The file's own JSON, for the legacy keys the site model leaves out.
    let raw: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let files = SourceFiles::scan(root);
    let loaded = config::load_text(&files, source.clone(), text);
    let Some(site) = loaded.config.filter(|_| !loaded.diagnostics.has_errors()) else {
        return Err(MigrateError::Invalid(loaded.diagnostics));
    };
    let mut migration = config::migrate(&site, &files);
    let carried = config::carry_legacy(&raw, &mut migration);
    let diagnostics: Diagnostics = (loaded.diagnostics.into_iter())
        .filter(|d| !is_unknown_key(d) || !spoken_for(d, &carried))
        .collect();
    migration.left_out.splice(0..0, unknown_keys(&diagnostics));
    write(out, &migration.docs, force).map_err(|e| MigrateError::Write(out.to_path_buf(), e))?;
    Ok(Written {
        source,
        migration,
        diagnostics,
    })
}

/// What to do after migrating `source` (relative to `root`) into `out`,
/// as `build` will then read the root: site.json first, then docs.json,
/// then mint.json.
pub fn next_step(root: &Path, source: &Path, out: &Path) -> String {
    let in_root = out.parent().is_some_and(|dir| same_dir(dir, root))
        && out.file_name().is_some_and(|name| name == "docs.json");
    match (in_root, source == Path::new("site.json")) {
        (false, _) => format!(
            "next: to build from it, save it as {} (sheaf reads docs.json there)",
            root.join("docs.json").display()
        ),
        (true, true) => format!(
            "next: sheaf reads site.json before docs.json; move {} aside to build from {}",
            root.join(source).display(),
            out.display()
        ),
        (true, false) => format!(
            "next: sheaf now builds from {} (read before mint.json, which a build then ignores with a warning); remove {} once you no longer need it",
            out.display(),
            root.join(source).display()
        ),
    }
}

fn same_dir(a: &Path, b: &Path) -> bool {
    let a = if a.as_os_str().is_empty() {
        Path::new(".")
    } else {
        a
    };
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The keys sheaf does not read (warned about while loading): not in the
/// site model, so not in docs.json either.
fn unknown_keys(diagnostics: &Diagnostics) -> Vec<LeftOut> {
    diagnostics
        .iter()
        .filter(|d| is_unknown_key(d))
        .map(|d| LeftOut {
            field: d.json_path.clone().unwrap_or_else(|| d.message.clone()),
            reason: "sheaf does not read this key (see the warning above), so it is not migrated"
                .into(),
            moved_to: None,
        })
        .collect()
}

fn is_unknown_key(diagnostic: &crate::diagnostics::Diagnostic) -> bool {
    diagnostic.message.starts_with("unknown key")
}

/// Whether a legacy key's line (`font`, `footer.links`) already says what
/// became of the key `diagnostic` is about.
fn spoken_for(diagnostic: &crate::diagnostics::Diagnostic, carried: &[String]) -> bool {
    let Some(path) = diagnostic.json_path.as_deref() else {
        return false;
    };
    carried.iter().any(|field| {
        field == path
            || field
                .strip_prefix(path)
                .is_some_and(|rest| rest.starts_with('.'))
    })
}

/// Writes `docs` as indented JSON; without `force` only into a new file.
fn write(out: &Path, docs: &serde_json::Value, force: bool) -> io::Result<()> {
    let mut text = serde_json::to_string_pretty(docs).map_err(io::Error::other)?;
    text.push('\n');
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    options.open(out)?.write_all(text.as_bytes())
}

/// Whether `a` and `b` name one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_with(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    const SITE: &str = r#"{"name": "X", "navigation": [{"group": "A", "pages": ["intro"]}]}"#;

    #[test]
    fn writes_docs_json_and_refuses_to_overwrite_without_force() {
        let dir = root_with(&[("site.json", SITE), ("intro.mdx", "# Intro")]);
        let out = dir.path().join("docs.json");
        let written = run(dir.path(), &out, false).unwrap();
        assert_eq!(written.source, Path::new("site.json"));
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains("\"theme\": \"mint\""), "{text}");
        std::fs::write(&out, "mine").unwrap();
        assert!(matches!(
            run(dir.path(), &out, false),
            Err(MigrateError::Exists(_))
        ));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
        run(dir.path(), &out, true).unwrap();
        assert!(std::fs::read_to_string(&out)
            .unwrap()
            .contains("\"name\": \"X\""));
    }

    #[test]
    fn never_writes_over_the_source_even_with_force() {
        let dir = root_with(&[("mint.json", SITE), ("intro.mdx", "# Intro")]);
        let source = dir.path().join("mint.json");
        let refused = run(dir.path(), &source, true);
        assert!(matches!(refused, Err(MigrateError::OverSource(_))));
        assert_eq!(std::fs::read_to_string(&source).unwrap(), SITE);
    }

    #[test]
    fn a_config_with_errors_writes_nothing() {
        let dir = root_with(&[("site.json", r#"{"navigation": []}"#)]);
        let out = dir.path().join("docs.json");
        assert!(matches!(
            run(dir.path(), &out, false),
            Err(MigrateError::Invalid(_))
        ));
        assert!(!out.exists());
    }

    #[test]
    fn a_root_with_only_docs_json_says_so() {
        let dir = root_with(&[("docs.json", "{}")]);
        let error = run(dir.path(), &dir.path().join("out.json"), false).unwrap_err();
        assert!(
            error.to_string().contains("already has a docs.json"),
            "{error}"
        );
    }
}
