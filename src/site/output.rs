//! Writing the site: everything goes into a staging folder beside the
//! output (`.NAME.staging-XXXX`), which replaces the output only when the
//! whole build succeeded, in one step. A failed or interrupted build
//! removes its staging folder and leaves the previous site untouched.
//!
//! The staging folder always holds the whole new site. Over a previous
//! output, a file whose bytes equal the previous output's copy is not
//! written: the staging folder gets a hard link to that copy instead
//! ([`Staging::put`], [`Staging::copy_in`]), and files written whole (streams,
//! the search index) are compared at commit and, when unchanged, linked
//! likewise. So an unchanged file keeps its inode and modification time,
//! and a rebuild writes only what changed.
//!
//! [`Staging::commit`] then swaps the staging folder and the output in one
//! system call (`swap.rs`): a process killed at any moment, SIGKILL
//! included, leaves the complete previous site or the complete new one;
//! the previous output, now under the staging folder's name, is removed.
//! The staging folder's first file is the marker `.sheaf-output`, so a
//! folder that an interrupted build left is recognised as sheaf's own and
//! removed by the next build ([`Staging::new`]), and only such folders.
//!
//! What may be deleted here, and why it is safe:
//! - the staging folder, when a build fails or is interrupted: created new
//!   by this build, it holds only what the build wrote or linked;
//! - the previous output once swapped out: the folder that
//!   [`super::target::OutputTarget::claim`] allowed (empty, marked as
//!   sheaf's own, or replaced with `--force`, never the sources); a link to
//!   it was resolved by the claim, and links inside it are removed, never
//!   followed;
//! - leftovers of interrupted builds: see `swap.rs`.

use std::collections::HashSet;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use rayon::prelude::*;
use walkdir::WalkDir;

use super::compare::{same_contents, same_file_bytes};
use super::links::is_static_asset;
use super::swap;
use super::target::MARKER_TEXT;
use crate::mintignore::MintIgnore;
use crate::sources::{is_marked_folder, OUTPUT_MARKER};

/// The folder of the search index, written whole into the staging folder.
const SEARCH_DIR: &str = "search";

/// A staging folder that replaces the output on [`Staging::commit`], and
/// is removed if dropped before.
pub struct Staging {
    /// The staging folder, until it is committed.
    dir: Option<PathBuf>,
    out: PathBuf,
    /// The previous output, when there is one whose files may be reused.
    previous: Option<PathBuf>,
    /// Files created whole ([`Staging::create`]), compared at commit.
    streams: Mutex<Vec<PathBuf>>,
    /// The folders made inside the staging folder (and the staging folder
    /// itself), so that each is made once, before its first file.
    folders: Mutex<HashSet<PathBuf>>,
}

impl Staging {
    /// Removes the leftovers of interrupted builds, then creates the staging
    /// folder in the output's parent (same file system, so the commit is one
    /// rename) holding first the marker that makes it, and the output it
    /// becomes, sheaf's own.
    pub fn new(out: &Path) -> io::Result<Staging> {
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&parent)?;
        swap::remove_leftovers(out)?;
        let dir = tempfile::Builder::new()
            .prefix(&swap::staging_prefix(out))
            .tempdir_in(&parent)?
            .keep();
        let staging = Staging {
            dir: Some(dir.clone()),
            out: out.to_path_buf(),
            previous: has_entries(out).then(|| out.to_path_buf()),
            streams: Mutex::new(Vec::new()),
            folders: Mutex::new(HashSet::from([dir.clone()])),
        };
        staging.put(Path::new(OUTPUT_MARKER), MARKER_TEXT.as_bytes())?;
        Ok(staging)
    }

    pub fn path(&self) -> &Path {
        self.dir
            .as_deref()
            .expect("staging folder exists until commit")
    }

    /// Writes `bytes` at `relative` inside the staging folder, or links the
    /// previous output's file there when it holds the same bytes. Its
    /// folder is made first if this build has not made it yet, so page
    /// jobs make their own folders in parallel and no call fails.
    pub fn put(&self, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        if let Some(previous) = self.unchanged(relative, |old| same_file_bytes(old, bytes)) {
            return self.link(relative, &previous);
        }
        self.in_folder(relative, |path| new_file(path)?.write_all(bytes))
    }

    /// Copies the file `source` to `relative`, or links the previous
    /// output's file there when it holds the same bytes.
    pub fn copy_in(&self, relative: &Path, source: &Path) -> io::Result<()> {
        let rewritten = relative.starts_with(SEARCH_DIR);
        let same = |old: &Path| !rewritten && same_contents(source, old);
        if let Some(previous) = self.unchanged(relative, same) {
            return self.link(relative, &previous);
        }
        self.in_folder(relative, |path| {
            io::copy(&mut fs::File::open(source)?, &mut new_file(path)?).map(drop)
        })
    }

    /// Creates the file `relative` for writing whole (a stream); it is
    /// compared with the previous output's copy at commit.
    pub fn create(&self, relative: &Path) -> io::Result<fs::File> {
        lock(&self.streams).push(relative.to_path_buf());
        self.in_folder(relative, new_file)
    }

    /// The previous output's file at `relative`, when `same` says it holds
    /// what the build would write there.
    fn unchanged(&self, relative: &Path, same: impl FnOnce(&Path) -> bool) -> Option<PathBuf> {
        let previous = self.previous.as_ref()?.join(relative);
        same(&previous).then_some(previous)
    }

    /// Links the previous output's file `previous` at `relative`.
    fn link(&self, relative: &Path, previous: &Path) -> io::Result<()> {
        self.in_folder(relative, |path| {
            replacing(path, |path| fs::hard_link(previous, path))
        })
    }

    /// Runs `write` on the staging folder's `relative`, once its folder
    /// is made.
    fn in_folder<T>(
        &self,
        relative: &Path,
        write: impl Fn(&Path) -> io::Result<T>,
    ) -> io::Result<T> {
        let path = self.path().join(relative);
        if let Some(parent) = path.parent() {
            self.make_folder(parent)?;
        }
        write(&path)
    }

    /// Makes the folder `dir` inside the staging folder, and the folders
    /// above it, unless this build made them already: one `mkdir` each,
    /// none failing (a folder another thread makes at the same moment is
    /// taken as made).
    fn make_folder(&self, dir: &Path) -> io::Result<()> {
        if lock(&self.folders).contains(dir) {
            return Ok(());
        }
        if let Some(parent) = dir.parent() {
            self.make_folder(parent)?;
        }
        match fs::create_dir(dir) {
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
            _ => {}
        }
        lock(&self.folders).insert(dir.to_path_buf());
        Ok(())
    }

    /// Makes the output what the build produced, in one step: the staging
    /// folder is renamed into place, or swapped with the previous output,
    /// which is then removed.
    pub fn commit(mut self) -> io::Result<()> {
        self.link_unchanged_streams();
        let staged = self.dir.take().expect("commit once");
        let exists = fs::symlink_metadata(&self.out).is_ok();
        let swapped = if exists {
            swap::exchange(&staged, &self.out)
        } else {
            fs::rename(&staged, &self.out)
        };
        if let Err(e) = swapped {
            let _ = swap::remove_marked_tree(&staged);
            return Err(e);
        }
        if exists {
            swap::mark(&staged)?;
            swap::remove_marked_tree(&staged)?;
        }
        Ok(())
    }

    /// Replaces each file written whole that the previous output holds
    /// unchanged by a link to that copy (best effort: a file that cannot be
    /// linked stays as written).
    fn link_unchanged_streams(&self) {
        let Some(previous) = &self.previous else {
            return;
        };
        let staging = self.path();
        let mut files = std::mem::take(&mut *lock(&self.streams));
        files.extend(files_under(staging, Path::new(SEARCH_DIR)));
        files.par_iter().for_each(|relative| {
            let (staged, old) = (staging.join(relative), previous.join(relative));
            if same_contents(&staged, &old) {
                let linked = staged.with_extension("sheaf-link");
                if fs::hard_link(&old, &linked).is_ok() && fs::rename(&linked, &staged).is_err() {
                    let _ = fs::remove_file(&linked);
                }
            }
        });
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            let _ = swap::remove_marked_tree(&dir);
        }
    }
}

/// Creates the file `path` as a new file: an entry already there (perhaps a
/// link to the previous output's copy, which must stay as it is) is
/// replaced, never written through.
fn new_file(path: &Path) -> io::Result<fs::File> {
    replacing(path, |path| {
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
    })
}

/// Runs `create` on `path`, removing what is there first if it must.
fn replacing<T>(path: &Path, create: impl Fn(&Path) -> io::Result<T>) -> io::Result<T> {
    match create(path) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            fs::remove_file(path)?;
            create(path)
        }
        result => result,
    }
}

/// The files under `root/folder`, relative to `root`.
fn files_under(root: &Path, folder: &Path) -> Vec<PathBuf> {
    WalkDir::new(root.join(folder))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| e.path().strip_prefix(root).ok().map(Path::to_path_buf))
        .collect()
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

/// Copies the docs root's static files (images, downloads, specs) into the
/// staging folder, skipping pages, the config, hidden and `_` folders, what
/// `.mintignore` excludes, the output folder itself, and other outputs and
/// build caches ([`is_marked_folder`]).
pub fn copy_static_files(root: &Path, out: &Path, staging: &Staging) -> io::Result<usize> {
    let out = fs::canonicalize(out).ok();
    let ignore = MintIgnore::load(root);
    let mut copied = 0;
    let walker = WalkDir::new(root).into_iter().filter_entry(|e| {
        let inside_out = out.as_ref().is_some_and(|o| {
            e.file_type().is_dir() && fs::canonicalize(e.path()).ok().as_ref() == Some(o)
        });
        let marked = e.depth() > 0 && e.file_type().is_dir() && is_marked_folder(e.path());
        !inside_out && !marked && (e.depth() == 0 || !is_ignored(root, e, &ignore))
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
    fn files_land_in_folders_made_once_and_nothing_else_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let staging = Staging::new(&out).unwrap();
        let files = ["index.html", "a/b/index.html", "a/b.md", "a/c/d/index.html"];
        for file in files {
            staging.put(Path::new(file), file.as_bytes()).unwrap();
        }
        let made = lock(&staging.folders).len();
        assert_eq!(made, 5, "the staging folder, a, a/b, a/c, a/c/d");
        staging.commit().unwrap();
        let mut written = files_under(&out, Path::new(""));
        written.sort();
        let mut expected: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
        expected.push(PathBuf::from(OUTPUT_MARKER));
        expected.sort();
        assert_eq!(written, expected);
        for file in files {
            assert_eq!(fs::read_to_string(out.join(file)).unwrap(), file);
        }
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

    /// A file linked from the previous output and then written again is
    /// replaced in the staging folder, never written through the link.
    #[test]
    fn writing_over_a_linked_file_leaves_the_previous_output_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = Staging::new(&out).unwrap();
        first.put(Path::new("a/index.html"), b"a").unwrap();
        first.commit().unwrap();
        let second = Staging::new(&out).unwrap();
        second.put(Path::new("a/index.html"), b"a").unwrap();
        second.put(Path::new("a/index.html"), b"again").unwrap();
        let mut stream = second.create(Path::new("a/index.html")).unwrap();
        std::io::Write::write_all(&mut stream, b"streamed").unwrap();
        assert_eq!(fs::read_to_string(out.join("a/index.html")).unwrap(), "a");
        second.commit().unwrap();
        assert_eq!(
            fs::read_to_string(out.join("a/index.html")).unwrap(),
            "streamed"
        );
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
}
