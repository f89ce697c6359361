//! The trust boundary: every file a build reads resolves, links followed,
//! to a path inside the docs root.
//!
//! Docs arrive by pull request, so whoever opens one controls the docs
//! root, its symbolic links included. A link that stays inside the root
//! (monorepos share pages and specs that way) is followed; a path that
//! leads out of it (`secret.mdx -> /etc/passwd`, a spec at
//! `../outside/spec.yaml`, a `$ref` to `/abs/path.yaml`) is refused with
//! [`ReadError::Outside`], which names the path as written and where it
//! really points. Callers report it as an error at the reference, and the
//! file's bytes never reach a page, the search index or any other output.
//!
//! Every reader of docs files asks [`DocsRoot`]: the config file and its
//! `.mintignore` (`config`, `mintignore`), pages (`sources`, `content`),
//! snippets and body images (`site`), specs and their `$ref` targets
//! (`openapi`), the logo, favicon and background image (`config`'s
//! checks), custom CSS/JS and theme overrides (`render`). Static files are
//! copied by a walk of the root that never follows a link.
//!
//! A text file (page, snippet, config, spec, stylesheet) larger than
//! [`MAX_TEXT_BYTES`] (20 MB) is not read: [`ReadError::TooLarge`], checked
//! from its size before a byte is read, so a huge file costs nothing.
//!
//! A path that does not exist is not found ([`ReadError::Io`]), unless it
//! is outside the root as written (`../x`, `/abs/x`): that is
//! [`ReadError::Outside`] too, so the message does not depend on whether
//! the outside file happens to exist.

use std::io;
use std::path::{Component, Path, PathBuf};

/// The largest text file sheaf reads: 20 MB. Real pages and specs stay
/// far below it (the largest public spec seen is 3 MB).
pub const MAX_TEXT_BYTES: u64 = 20_000_000;

/// Help shown with every refusal.
pub const OUTSIDE_HELP: &str = "a build reads only files inside the docs root (symbolic links are followed and must stay inside it); copy the file into the docs root, or point the reference at a file inside it";

/// Why a docs file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The path resolves to a place outside the docs root.
    #[error("`{}` resolves to `{}`, outside the docs root", .path.display(), .real.display())]
    Outside { path: PathBuf, real: PathBuf },
    /// The text file is larger than [`MAX_TEXT_BYTES`].
    #[error("`{}` is {} bytes, more than the {} MB a page, snippet, config or spec may hold; split it into smaller files", .path.display(), .size, MAX_TEXT_BYTES / 1_000_000)]
    TooLarge { path: PathBuf, size: u64 },
    /// The file could not be read (missing, unreadable, not UTF-8).
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl ReadError {
    /// Whether the file is simply not there.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// A docs root, and the one rule for reading files under it.
#[derive(Debug, Clone, Default)]
pub struct DocsRoot {
    /// The root as given (relative paths are joined to it).
    root: PathBuf,
    /// The root with every link resolved (the given path when it cannot be).
    real: PathBuf,
}

impl DocsRoot {
    pub fn new(root: &Path) -> DocsRoot {
        DocsRoot {
            root: root.to_path_buf(),
            real: root.canonicalize().unwrap_or_else(|_| normalize(root)),
        }
    }

    /// The root as given.
    pub fn path(&self) -> &Path {
        &self.root
    }

    /// The path to open for `path` (relative to the root, or absolute),
    /// once it is known to resolve inside the root.
    pub fn resolve(&self, path: &Path) -> Result<PathBuf, ReadError> {
        let joined = self.root.join(path);
        match joined.canonicalize() {
            Ok(real) if real.starts_with(&self.real) => Ok(joined),
            Ok(real) => Err(ReadError::Outside {
                path: path.to_path_buf(),
                real,
            }),
            Err(e) => {
                let written = normalize(&absolute(&joined));
                let given = normalize(&absolute(&self.root));
                if written.starts_with(&self.real) || written.starts_with(given) {
                    Err(ReadError::Io(e))
                } else {
                    Err(ReadError::Outside {
                        path: path.to_path_buf(),
                        real: written,
                    })
                }
            }
        }
    }

    /// Whether `path` exists as a file and resolves inside the root.
    pub fn is_file_inside(&self, path: &Path) -> bool {
        self.resolve(path).is_ok_and(|p| p.is_file())
    }

    /// The text of `path`, if it resolves inside the root.
    pub fn read_to_string(&self, path: &Path) -> Result<String, ReadError> {
        read_text(&self.resolve(path)?, path)
    }

    /// The bytes of `path`, if it resolves inside the root.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>, ReadError> {
        Ok(std::fs::read(self.resolve(path)?)?)
    }
}

/// The text of the file `path`, unless it is larger than
/// [`MAX_TEXT_BYTES`] (reported as `shown`).
pub fn read_text(path: &Path, shown: &Path) -> Result<String, ReadError> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let size = file.metadata()?.len();
    if size > MAX_TEXT_BYTES {
        return Err(ReadError::TooLarge {
            path: shown.to_path_buf(),
            size,
        });
    }
    let mut text = String::with_capacity(size as usize);
    // Through `take`, which asks the file for no size hint: the one stat
    // above is the file's only one.
    (&mut file).take(u64::MAX).read_to_string(&mut text)?;
    Ok(text)
}

/// `path` from the root of the file system (as given when that fails).
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// `path` with `.` and `..` applied as written (no link followed); a
/// `..` with no folder before it to undo stays (`../../x`), and one after
/// the root is dropped.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            Component::ParentDir if out.has_root() => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn site() -> (tempfile::TempDir, DocsRoot) {
        let dir = tempfile::tempdir().unwrap();
        let docs = dir.path().join("docs");
        std::fs::create_dir_all(docs.join("shared")).unwrap();
        std::fs::write(docs.join("page.mdx"), "inside").unwrap();
        std::fs::write(dir.path().join("secret.txt"), "outside").unwrap();
        let root = DocsRoot::new(&docs);
        (dir, root)
    }

    #[test]
    fn files_and_links_inside_the_root_are_read() {
        let (_dir, root) = site();
        symlink(
            root.path().join("page.mdx"),
            root.path().join("shared/alias.mdx"),
        )
        .unwrap();
        assert_eq!(
            root.read_to_string(Path::new("page.mdx")).unwrap(),
            "inside"
        );
        assert_eq!(
            root.read_to_string(Path::new("shared/alias.mdx")).unwrap(),
            "inside"
        );
        assert_eq!(
            root.read_to_string(Path::new("shared/../page.mdx"))
                .unwrap(),
            "inside"
        );
    }

    #[test]
    fn links_and_paths_leading_out_are_refused_naming_where_they_point() {
        let (dir, root) = site();
        let secret = dir.path().join("secret.txt");
        symlink(&secret, root.path().join("secret.mdx")).unwrap();
        symlink(dir.path(), root.path().join("up")).unwrap();
        for path in ["secret.mdx", "up/secret.txt", "../secret.txt"] {
            match root.read_to_string(Path::new(path)) {
                Err(ReadError::Outside { real, .. }) => {
                    assert_eq!(real, secret.canonicalize().unwrap(), "{path}")
                }
                other => panic!("{path}: {other:?}"),
            }
        }
        let absolute = root.read(&secret).unwrap_err();
        assert!(
            matches!(absolute, ReadError::Outside { .. }),
            "{absolute:?}"
        );
    }

    #[test]
    fn paths_are_normalized_as_written() {
        assert_eq!(normalize(Path::new("a/./b/../c")), Path::new("a/c"));
        assert_eq!(normalize(Path::new("../../x")), Path::new("../../x"));
        assert_eq!(normalize(Path::new("a/../../x")), Path::new("../x"));
        assert_eq!(normalize(Path::new("/../x")), Path::new("/x"));
    }

    #[test]
    fn missing_files_are_not_found_inside_and_outside_as_written() {
        let (_dir, root) = site();
        assert!(root
            .read(Path::new("missing.mdx"))
            .unwrap_err()
            .is_not_found());
        let outside = root.read(Path::new("../missing.yaml")).unwrap_err();
        assert!(matches!(outside, ReadError::Outside { .. }), "{outside:?}");
        assert!(!root.is_file_inside(Path::new("../secret.txt")));
        assert!(root.is_file_inside(Path::new("page.mdx")));
    }
}
