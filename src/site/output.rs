//! Writing the site: everything goes into a staging folder beside the
//! output, which replaces the output only when the whole build succeeded.
//! A failed build removes its staging folder and leaves the previous site
//! untouched.
//!
//! Two ways to commit, chosen by whether there is a previous output:
//! - **fresh** (no output yet, or an empty folder): every file is written
//!   into the staging folder, which is renamed into place;
//! - **update** (a previous output): a file whose bytes equal the previous
//!   output's copy is not written at all ([`Staging::put`]), files written
//!   whole (streams, the search index) are compared at commit, and only the
//!   changed files move into the output, each replacing its old version in
//!   one rename (see `update.rs`). Rebuilding an unchanged site writes
//!   nothing: deleting and re-creating tens of thousands of files was most
//!   of a rebuild's time.
//!
//! What may be deleted here, and why it is safe:
//! - the staging folder (`.NAME.staging-XXXX` beside the output), when a
//!   build fails or once the commit is done: created new by this build, it
//!   holds only what the build wrote, and the previous versions of the
//!   files the commit replaced or removed;
//! - the previous output's files that were replaced or are no longer
//!   produced: it is the folder that [`super::target::OutputTarget::claim`]
//!   allowed (empty, marked as sheaf's own, or replaced with `--force`,
//!   never the sources); a link to it was resolved by the claim, and links
//!   inside it are replaced or moved away, never followed.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use rayon::prelude::*;
use walkdir::WalkDir;

use super::compare::{same_contents, same_file_bytes};
use super::links::is_static_asset;
use super::target::MARKER_TEXT;
use super::update;
use crate::mintignore::MintIgnore;
use crate::sources::OUTPUT_MARKER;

/// A staging folder that becomes (or updates) the output on
/// [`Staging::commit`], and is removed if dropped before.
pub struct Staging {
    dir: Option<tempfile::TempDir>,
    out: PathBuf,
    /// The previous output, when there is one to update in place.
    previous: Option<PathBuf>,
    /// The files [`Staging::put`] found unchanged in the previous output
    /// (relative paths); with the staged files, what the build produced.
    unchanged: Mutex<Vec<PathBuf>>,
    /// Staged files already known to differ from the previous output.
    compared: Mutex<HashSet<PathBuf>>,
}

impl Staging {
    /// Creates the staging folder in the output's parent (same file system,
    /// so the commit is made of renames), holding the marker that makes the
    /// output sheaf's own to replace next time.
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
        let staging = Staging {
            dir: Some(dir),
            out: out.to_path_buf(),
            previous: has_entries(out).then(|| out.to_path_buf()),
            unchanged: Mutex::new(Vec::new()),
            compared: Mutex::new(HashSet::new()),
        };
        staging.put(Path::new(OUTPUT_MARKER), MARKER_TEXT.as_bytes())?;
        Ok(staging)
    }

    pub fn path(&self) -> &Path {
        self.dir
            .as_ref()
            .expect("staging folder exists until commit")
            .path()
    }

    /// Writes `bytes` at `relative` inside the staging folder, unless the
    /// previous output holds the same bytes there. Its folder is created
    /// when the first write into it fails, so page jobs create their own
    /// folders in parallel.
    pub fn put(&self, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        if let Some(previous) = &self.previous {
            if same_file_bytes(&previous.join(relative), bytes) {
                lock(&self.unchanged).push(relative.to_path_buf());
                return Ok(());
            }
            lock(&self.compared).insert(relative.to_path_buf());
        }
        let path = self.path().join(relative);
        match fs::write(&path, bytes) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if let Some(parent) = path.parent() {
                    fs::create_dir_all(parent)?;
                }
                fs::write(path, bytes)
            }
            result => result,
        }
    }

    /// Copies the file `source` to `relative`, unless the previous output
    /// holds the same bytes there.
    pub fn copy_in(&self, relative: &Path, source: &Path) -> io::Result<()> {
        if let Some(previous) = &self.previous {
            if same_contents(source, &previous.join(relative)) {
                lock(&self.unchanged).push(relative.to_path_buf());
                return Ok(());
            }
            lock(&self.compared).insert(relative.to_path_buf());
        }
        let target = self.path().join(relative);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::copy(source, target).map(drop)
    }

    /// Creates the file `relative` for writing whole (a stream); it is
    /// compared with the previous output's copy at commit.
    pub fn create(&self, relative: &Path) -> io::Result<fs::File> {
        let path = self.path().join(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::File::create(path)
    }

    /// Makes the output what the build produced: renames the staging
    /// folder into place for a fresh output; else moves in only the files
    /// that changed and removes the ones no longer produced, undoing every
    /// step if one fails.
    pub fn commit(mut self) -> io::Result<()> {
        let Some(previous) = self.previous.take() else {
            return self.swap_in();
        };
        let dir = self.dir.take().expect("commit once");
        let compared = std::mem::take(&mut *lock(&self.compared));
        let unchanged = std::mem::take(&mut *lock(&self.unchanged));
        let settled = update::settle(dir.path(), &previous, &compared)?;
        let produced: HashSet<PathBuf> = (settled.changed.iter().cloned())
            .chain(settled.identical)
            .chain(unchanged)
            .collect();
        update::apply(dir.path(), &previous, &settled.changed, &produced)?;
        remove_tree(&dir.keep())
    }

    /// Replaces the (missing or empty) output folder with the staging folder.
    fn swap_in(mut self) -> io::Result<()> {
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

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether `dir` is a folder holding anything (a previous output).
fn has_entries(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some())
}

/// Removes the folder `dir` and everything in it, its sub-folders in
/// parallel (removing a large previous output is most of a build's system
/// time). Links are removed, never followed: the entries' file types are
/// those of the links themselves.
pub(super) fn remove_tree(dir: &Path) -> io::Result<()> {
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
        let inside_out = out.as_ref().is_some_and(|o| {
            e.file_type().is_dir() && fs::canonicalize(e.path()).ok().as_ref() == Some(o)
        });
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
        staging.copy_in(relative, entry.path())?;
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
        failed.put(Path::new("new.html"), b"new").unwrap();
        drop(failed);
        assert!(
            out.join("old.html").is_file(),
            "a dropped staging leaves the output"
        );

        let ok = Staging::new(&out).unwrap();
        ok.put(Path::new("a/b/index.html"), b"new").unwrap();
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

    #[cfg(unix)]
    #[test]
    fn a_rebuild_rewrites_only_the_files_whose_bytes_changed() {
        use std::io::Write;
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = Staging::new(&out).unwrap();
        for (file, text) in [
            ("a/index.html", "a"),
            ("b/index.html", "b"),
            ("gone.md", "x"),
        ] {
            first.put(Path::new(file), text.as_bytes()).unwrap();
        }
        first
            .create(Path::new("llms-full.txt"))
            .unwrap()
            .write_all(b"all")
            .unwrap();
        first.commit().unwrap();
        let inode = |file: &str| fs::metadata(out.join(file)).unwrap().ino();
        let before = [
            "a/index.html",
            "b/index.html",
            "llms-full.txt",
            OUTPUT_MARKER,
        ]
        .map(inode);

        let second = Staging::new(&out).unwrap();
        assert!(second.previous.is_some(), "an update, not a fresh output");
        second.put(Path::new("a/index.html"), b"a").unwrap();
        second.put(Path::new("b/index.html"), b"changed").unwrap();
        second.put(Path::new("new/index.html"), b"new").unwrap();
        second
            .create(Path::new("llms-full.txt"))
            .unwrap()
            .write_all(b"all")
            .unwrap();
        second.commit().unwrap();

        let after = [
            "a/index.html",
            "b/index.html",
            "llms-full.txt",
            OUTPUT_MARKER,
        ]
        .map(inode);
        assert_eq!(after[0], before[0], "an unchanged page is not rewritten");
        assert_ne!(after[1], before[1], "a changed page is replaced");
        assert_eq!(after[2], before[2], "an unchanged stream is not replaced");
        assert_eq!(after[3], before[3], "the marker stays");
        assert_eq!(
            fs::read_to_string(out.join("b/index.html")).unwrap(),
            "changed"
        );
        assert_eq!(
            fs::read_to_string(out.join("new/index.html")).unwrap(),
            "new"
        );
        assert!(
            !out.join("gone.md").exists(),
            "a file no longer produced goes"
        );
        let leftovers: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no staging folder remains");
    }

    #[test]
    fn a_failed_rebuild_leaves_the_previous_output_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = Staging::new(&out).unwrap();
        first.put(Path::new("a/index.html"), b"a").unwrap();
        first.commit().unwrap();
        let failed = Staging::new(&out).unwrap();
        failed.put(Path::new("a/index.html"), b"half").unwrap();
        drop(failed);
        assert_eq!(fs::read_to_string(out.join("a/index.html")).unwrap(), "a");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
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
