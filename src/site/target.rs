//! Which folder a build may replace.
//!
//! A build swaps its staging folder in for the output folder and deletes the
//! previous output (see `output.rs`). Before anything is rendered,
//! [`OutputTarget::claim`] decides whether that is safe:
//!
//! - never the sources: an output folder that is the docs root or one of its
//!   parents is refused, even with `--force`; so is a folder inside the root
//!   that holds pages, a config or specs the build reads;
//! - never someone else's files: an existing folder is replaced only when it
//!   is empty, or carries the marker file (`.sheaf-output`) that every sheaf output holds,
//!   or the author passed `--force`;
//! - a symbolic link to a folder is followed: the folder it names is the one
//!   replaced, and the link stays.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::rules::Rule;
use crate::sources::{SourceFiles, OUTPUT_MARKER as MARKER};

/// What the marker file says to whoever opens it.
pub const MARKER_TEXT: &str = "This folder was written by `sheaf build`, which replaces it \
on the next build.\nDelete this file to keep sheaf from replacing the folder.\n";

/// How many entries of a refused folder the error names.
const ENTRIES_SHOWN: usize = 4;

/// An output folder a build may replace: the absolute path, through any
/// symbolic links, of the folder the site is swapped into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputTarget {
    path: PathBuf,
}

impl OutputTarget {
    /// Checks that building `root` into `out` deletes nothing sheaf did not
    /// write; `force` allows replacing a non-empty folder without the marker,
    /// never the sources.
    pub fn claim(root: &Path, out: &Path, force: bool) -> Result<OutputTarget, Diagnostic> {
        let root = fs::canonicalize(root).map_err(|_| missing_root(root))?;
        let path = resolve(out).map_err(|e| {
            Diagnostic::error(
                out,
                format!("cannot use `{}` as output: {e}", out.display()),
            )
            .with_rule(Rule::OutputRefused)
        })?;
        if root.starts_with(&path) {
            return Err(holds_the_sources(out, &root, &path));
        }
        match fs::symlink_metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(Diagnostic::error(
                    out,
                    format!("cannot read output folder `{}`: {e}", out.display()),
                )
                .with_rule(Rule::OutputRefused))
            }
            Ok(meta) if !meta.is_dir() => return Err(not_a_folder(out)),
            Ok(_) => check_existing_folder(&root, out, &path, force)?,
        }
        Ok(OutputTarget { path })
    }

    /// The folder the site is swapped into.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A missing docs root, reported before anything else.
pub fn check_root(root: &Path) -> Result<(), Diagnostic> {
    if root.is_dir() {
        Ok(())
    } else {
        Err(missing_root(root))
    }
}

fn missing_root(root: &Path) -> Diagnostic {
    let what = if root.exists() {
        "is not a folder"
    } else {
        "does not exist"
    };
    Diagnostic::error(root, format!("docs folder `{}` {what}", root.display()))
        .with_rule(Rule::DocsRootMissing)
        .with_help("pass the folder that holds docs.json, mint.json or site.json")
}

/// An existing output folder: fine when empty or marked; with `force`, fine
/// unless it holds files of the docs root.
fn check_existing_folder(
    root: &Path,
    out: &Path,
    path: &Path,
    force: bool,
) -> Result<(), Diagnostic> {
    let entries = folder_entries(path).map_err(|e| {
        Diagnostic::error(
            out,
            format!("cannot read output folder `{}`: {e}", out.display()),
        )
        .with_rule(Rule::OutputRefused)
    })?;
    if entries.is_empty() || entries.iter().any(|name| name == MARKER) {
        return Ok(());
    }
    if path.starts_with(root) {
        if let Some(source) = first_source_inside(root, path) {
            return Err(Diagnostic::error(
                out,
                format!(
                    "output folder `{}` holds `{source}`, a source file of the docs; \
                     nothing was changed",
                    out.display()
                ),
            ).with_rule(Rule::OutputRefused)
            .with_help("build into a folder that holds no sources, such as the default `_site` inside the docs"));
        }
    }
    if force {
        return Ok(());
    }
    Err(Diagnostic::error(
        out,
        format!(
            "output folder `{}` holds files sheaf did not write ({}); nothing was changed",
            out.display(),
            describe_entries(&entries)
        ),
    )
    .with_rule(Rule::OutputRefused)
    .with_help(
        "build into a new or empty folder with `--out`, or pass `--force` to delete \
         what the folder holds and replace it with the site",
    ))
}

/// The names in a folder, sorted.
fn folder_entries(path: &Path) -> io::Result<Vec<String>> {
    let mut names = fs::read_dir(path)?
        .map(|entry| {
            let entry = entry?;
            let mut name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type()?.is_dir() {
                name.push('/');
            }
            Ok(name)
        })
        .collect::<io::Result<Vec<_>>>()?;
    names.sort_unstable();
    Ok(names)
}

/// `a.txt, b/, c.md and 3 more`.
fn describe_entries(entries: &[String]) -> String {
    let shown = entries
        .iter()
        .take(ENTRIES_SHOWN)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    match entries.len().saturating_sub(ENTRIES_SHOWN) {
        0 => shown,
        more => format!("{shown} and {more} more"),
    }
}

/// A file the build reads from the docs root that lies inside `folder`.
fn first_source_inside(root: &Path, folder: &Path) -> Option<String> {
    let relative = folder.strip_prefix(root).ok()?;
    let prefix = format!("{}/", relative.to_string_lossy().replace('\\', "/"));
    let files = SourceFiles::scan(root);
    let mut inside: Vec<&str> = files
        .iter()
        .filter(|name| name.starts_with(&prefix))
        .collect();
    inside.sort_unstable();
    inside.first().map(|name| name.to_string())
}

fn holds_the_sources(out: &Path, root: &Path, path: &Path) -> Diagnostic {
    let relation = if root == path {
        "is the docs folder itself"
    } else {
        "contains the docs folder"
    };
    Diagnostic::error(
        out,
        format!(
            "output folder `{}` {relation} (`{}`); building there would delete the sources, \
             so nothing was changed",
            out.display(),
            root.display()
        ),
    )
    .with_rule(Rule::OutputRefused)
    .with_help("build into a folder of its own, for example the default `_site` inside the docs")
}

fn not_a_folder(out: &Path) -> Diagnostic {
    Diagnostic::error(
        out,
        format!(
            "output `{}` is a file, not a folder; nothing was changed",
            out.display()
        ),
    )
    .with_rule(Rule::OutputRefused)
    .with_help("choose another `--out` folder")
}

/// The absolute path of `out` with every symbolic link resolved, also when
/// the folder (or some of its parents) does not exist yet.
fn resolve(out: &Path) -> io::Result<PathBuf> {
    let absolute = if out.is_absolute() {
        out.to_path_buf()
    } else {
        std::env::current_dir()?.join(out)
    };
    let mut existing = absolute.clone();
    let mut missing = Vec::new();
    loop {
        match fs::canonicalize(&existing) {
            Ok(real) => {
                let mut path = real;
                for part in missing.iter().rev() {
                    path.push(part);
                }
                return normalize(&path);
            }
            Err(_) => {
                let name = existing
                    .file_name()
                    .map(|n| n.to_os_string())
                    .unwrap_or_default();
                missing.push(name);
                if !existing.pop() {
                    return Err(io::Error::new(io::ErrorKind::NotFound, "no such path"));
                }
            }
        }
    }
}

/// Removes `.` and `..` left in the not-yet-existing tail of a path.
fn normalize(path: &Path) -> io::Result<PathBuf> {
    let mut clean = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !clean.pop() {
                    return Err(io::Error::new(io::ErrorKind::InvalidInput, "path leaves /"));
                }
            }
            other => clean.push(other),
        }
    }
    Ok(clean)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::tests::tree;

    #[test]
    fn new_empty_and_marked_folders_are_claimed() {
        let dir = tree(&["docs/site.json", "marked/.sheaf-output", "marked/a.html"]);
        fs::create_dir_all(dir.path().join("empty")).unwrap();
        let root = dir.path().join("docs");
        for out in ["new/deeper", "empty", "marked", "docs/_site"] {
            let claimed = OutputTarget::claim(&root, &dir.path().join(out), false);
            assert!(claimed.is_ok(), "{out}: {claimed:?}");
        }
    }

    #[test]
    fn foreign_folders_need_force_and_name_their_entries() {
        let dir = tree(&["docs/site.json", "other/a.txt", "other/b/c.txt"]);
        let root = dir.path().join("docs");
        let out = dir.path().join("other");
        let refused = OutputTarget::claim(&root, &out, false).unwrap_err();
        assert!(refused.message.contains("a.txt, b/"), "{}", refused.message);
        assert!(refused.help.as_deref().unwrap().contains("--force"));
        assert!(OutputTarget::claim(&root, &out, true).is_ok());
    }

    #[test]
    fn the_sources_are_refused_even_with_force() {
        let dir = tree(&["parent/docs/site.json", "parent/docs/guide/a.mdx"]);
        let root = dir.path().join("parent/docs");
        for out in [
            "parent/docs",
            "parent",
            "parent/docs/guide",
            "parent/docs/.",
        ] {
            let refused = OutputTarget::claim(&root, &dir.path().join(out), true);
            assert!(refused.is_err(), "{out} was claimed");
        }
        let dotted = dir.path().join("parent/docs/guide/../..");
        assert!(OutputTarget::claim(&root, &dotted, true).is_err());
    }

    #[test]
    fn a_file_and_a_missing_root_are_refused() {
        let dir = tree(&["docs/site.json", "out.txt"]);
        let root = dir.path().join("docs");
        let file = OutputTarget::claim(&root, &dir.path().join("out.txt"), true).unwrap_err();
        assert!(file.message.contains("is a file"));
        let missing = OutputTarget::claim(&dir.path().join("nope"), &root, false).unwrap_err();
        assert!(
            missing.message.contains("does not exist"),
            "{}",
            missing.message
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_folder_resolves_to_the_folder() {
        let dir = tree(&["docs/site.json", "real/.sheaf-output"]);
        std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
        let root = dir.path().join("docs");
        let claimed = OutputTarget::claim(&root, &dir.path().join("link"), false).unwrap();
        assert_eq!(
            claimed.path(),
            fs::canonicalize(dir.path().join("real")).unwrap()
        );
        std::os::unix::fs::symlink(&root, dir.path().join("to-docs")).unwrap();
        assert!(OutputTarget::claim(&root, &dir.path().join("to-docs"), true).is_err());
    }

    #[test]
    fn long_listings_are_cut() {
        let names: Vec<String> = (0..7).map(|i| format!("f{i}")).collect();
        assert_eq!(describe_entries(&names), "f0, f1, f2, f3 and 3 more");
    }
}
