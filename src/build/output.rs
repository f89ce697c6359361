//! Writing the site: everything goes into a staging folder beside the
//! output, which replaces the output only when the whole build succeeded.
//! A failed build removes its staging folder and leaves the previous site
//! untouched.
//!
//! What may be deleted here, and why it is safe:
//! - the staging folder (`.NAME.staging-XXXX` beside the output), when a
//!   build fails or the swap does: created new by this build, it holds only
//!   what the build wrote;
//! - the previous output, after the swap: it is the folder that
//!   [`super::target::OutputTarget::claim`] allowed (empty, marked as
//!   sheaf's own, or replaced with `--force`, never the sources), renamed to
//!   `.NAME.old-PID` first; a link to it would have been resolved by the
//!   claim, and [`remove_tree`] never follows a link inside it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use walkdir::WalkDir;

use super::links::is_static_asset;
use super::target::MARKER_TEXT;
use crate::mintignore::MintIgnore;
use crate::sources::OUTPUT_MARKER;

/// A staging folder that becomes the output on [`Staging::commit`], and is
/// removed if dropped before.
pub struct Staging {
    dir: Option<tempfile::TempDir>,
    out: PathBuf,
}

impl Staging {
    /// Creates the staging folder in the output's parent (same file system,
    /// so the swap is a rename), holding the marker that makes the output
    /// sheaf's own to replace next time.
    pub fn new(out: &Path) -> io::Result<Staging> {
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&parent)?;
        let name = out
            .file_name()
            .map_or("site".into(), |n| n.to_string_lossy().into_owned());
        let dir = tempfile::Builder::new()
            .prefix(&format!(".{name}.staging-"))
            .tempdir_in(&parent)?;
        fs::write(dir.path().join(OUTPUT_MARKER), MARKER_TEXT)?;
        Ok(Staging {
            dir: Some(dir),
            out: out.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        self.dir
            .as_ref()
            .expect("staging folder exists until commit")
            .path()
    }

    /// Writes `bytes` at `relative` inside the staging folder.
    pub fn write(&self, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        let path = self.path().join(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(path, bytes)
    }

    /// Creates the file `relative` (whose folder exists) for writing.
    pub fn create(&self, relative: &Path) -> io::Result<fs::File> {
        fs::File::create(self.path().join(relative))
    }

    /// Creates the folders of `files` (paths relative to the staging folder)
    /// once, parents first, so [`Staging::write_in_place`] needs no `mkdir`.
    pub fn create_parent_dirs<'a>(&self, files: impl Iterator<Item = &'a Path>) -> io::Result<()> {
        let mut dirs: Vec<&Path> = files.filter_map(Path::parent).collect();
        dirs.sort_unstable();
        dirs.dedup();
        for dir in dirs {
            fs::create_dir_all(self.path().join(dir))?;
        }
        Ok(())
    }

    /// Writes `bytes` at `relative`, whose folder exists already.
    pub fn write_in_place(&self, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        fs::write(self.path().join(relative), bytes)
    }

    /// Replaces the output folder with the staging folder.
    pub fn commit(mut self) -> io::Result<()> {
        let staged = self.dir.take().expect("commit once").keep();
        if self.out.exists() {
            let old = self.out.with_file_name(format!(
                ".{}.old-{}",
                self.out
                    .file_name()
                    .map_or("site".into(), |n| n.to_string_lossy().into_owned()),
                std::process::id()
            ));
            fs::rename(&self.out, &old)?;
            if let Err(e) = fs::rename(&staged, &self.out) {
                let _ = fs::rename(&old, &self.out);
                let _ = fs::remove_dir_all(&staged);
                return Err(e);
            }
            remove_tree(&old)?;
        } else {
            fs::rename(&staged, &self.out)?;
        }
        Ok(())
    }
}

/// Removes the folder `dir` and everything in it, its sub-folders in
/// parallel (removing a large previous output is most of a build's system
/// time). Links are removed, never followed: the entries' file types are
/// those of the links themselves.
fn remove_tree(dir: &Path) -> io::Result<()> {
    if fs::symlink_metadata(dir)?.file_type().is_symlink() {
        return fs::remove_file(dir);
    }
    let entries = fs::read_dir(dir)?.collect::<io::Result<Vec<_>>>()?;
    entries.par_iter().try_for_each(|entry| {
        if entry.file_type()?.is_dir() {
            remove_tree(&entry.path())
        } else {
            fs::remove_file(entry.path())
        }
    })?;
    fs::remove_dir(dir)
}

/// Copies the docs root's static files (images, downloads, specs) into the
/// staging folder, skipping pages, the config, hidden and `_` folders, what
/// `.mintignore` excludes and the output folder itself.
pub fn copy_static_files(root: &Path, out: &Path, staging: &Staging) -> io::Result<usize> {
    let out = fs::canonicalize(out).ok();
    let ignore = MintIgnore::load(root);
    let mut copied = 0;
    let walker = WalkDir::new(root).into_iter().filter_entry(|e| {
        let inside_out = out
            .as_ref()
            .is_some_and(|o| fs::canonicalize(e.path()).ok().as_ref() == Some(o));
        !inside_out && (e.depth() == 0 || !is_ignored(root, e, &ignore))
    });
    for entry in walker
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
    {
        let Ok(relative) = entry.path().strip_prefix(root) else {
            continue;
        };
        if !is_static_asset(relative) {
            continue;
        }
        let target = staging.path().join(relative);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::copy(entry.path(), target)?;
        copied += 1;
    }
    Ok(copied)
}

/// Whether `.mintignore` excludes a walked entry (its folders were kept).
fn is_ignored(root: &Path, entry: &walkdir::DirEntry, ignore: &MintIgnore) -> bool {
    let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
    ignore.excludes(relative, entry.file_type().is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_replaces_and_drop_keeps_the_old_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        fs::create_dir_all(&out).unwrap();
        fs::write(out.join("old.html"), "old").unwrap();

        let failed = Staging::new(&out).unwrap();
        failed.write(Path::new("new.html"), b"new").unwrap();
        drop(failed);
        assert!(
            out.join("old.html").is_file(),
            "a dropped staging leaves the output"
        );

        let ok = Staging::new(&out).unwrap();
        ok.write(Path::new("a/b/index.html"), b"new").unwrap();
        ok.commit().unwrap();
        assert!(!out.join("old.html").exists());
        assert_eq!(
            fs::read_to_string(out.join("a/b/index.html")).unwrap(),
            "new"
        );
        let leftovers: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no staging or old folders remain");
        assert!(out.join(OUTPUT_MARKER).is_file(), "the output is marked");
    }

    #[test]
    fn files_are_written_into_folders_created_once() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let staging = Staging::new(&out).unwrap();
        let files = [
            Path::new("a/b/index.html"),
            Path::new("a/b.md"),
            Path::new("c.md"),
        ];
        staging.create_parent_dirs(files.iter().copied()).unwrap();
        for file in files {
            staging.write_in_place(file, b"x").unwrap();
        }
        staging.commit().unwrap();
        assert_eq!(fs::read_to_string(out.join("a/b/index.html")).unwrap(), "x");
        assert_eq!(fs::read_to_string(out.join("c.md")).unwrap(), "x");
    }

    #[test]
    fn static_files_excluded_by_mintignore_are_not_copied() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("docs");
        for file in ["img/a.png", "img/raw/b.psd", "drafts/c.png", "notes.txt"] {
            let path = root.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "x").unwrap();
        }
        fs::write(root.join(".mintignore"), "drafts/\n*.psd\n/notes.txt\n").unwrap();
        let out = dir.path().join("site");
        let staging = Staging::new(&out).unwrap();
        assert_eq!(copy_static_files(&root, &out, &staging).unwrap(), 1);
        assert!(staging.path().join("img/a.png").is_file());
        for gone in ["img/raw/b.psd", "drafts", "notes.txt", ".mintignore"] {
            assert!(!staging.path().join(gone).exists(), "{gone} was copied");
        }
    }

    #[test]
    fn remove_tree_removes_nested_folders() {
        let dir = tempfile::tempdir().unwrap();
        let tree = dir.path().join("old");
        for sub in ["a/b/c", "a/d", "e"] {
            fs::create_dir_all(tree.join(sub)).unwrap();
            fs::write(tree.join(sub).join("f.txt"), "x").unwrap();
        }
        remove_tree(&tree).unwrap();
        assert!(!tree.exists());
    }

    #[cfg(unix)]
    #[test]
    fn remove_tree_removes_links_but_not_what_they_name() {
        let dir = tempfile::tempdir().unwrap();
        let kept = dir.path().join("kept");
        fs::create_dir_all(&kept).unwrap();
        fs::write(kept.join("notes.txt"), "mine").unwrap();
        let tree = dir.path().join("old");
        fs::create_dir_all(&tree).unwrap();
        std::os::unix::fs::symlink(&kept, tree.join("link")).unwrap();
        remove_tree(&tree).unwrap();
        std::os::unix::fs::symlink(&kept, dir.path().join("top-link")).unwrap();
        remove_tree(&dir.path().join("top-link")).unwrap();
        assert_eq!(fs::read_to_string(kept.join("notes.txt")).unwrap(), "mine");
        assert!(!tree.exists() && !dir.path().join("top-link").exists());
    }
}
