//! Writing the site: everything goes into a staging folder beside the
//! output, which replaces the output only when the whole build succeeded.
//! A failed build removes its staging folder and leaves the previous site
//! untouched.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use walkdir::WalkDir;

use super::links::is_static_asset;

/// A staging folder that becomes the output on [`Staging::commit`], and is
/// removed if dropped before.
pub struct Staging {
    dir: Option<tempfile::TempDir>,
    out: PathBuf,
}

impl Staging {
    /// Creates the staging folder in the output's parent (same file system, so the swap is a rename).
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
/// parallel (removing a large previous output is most of a build's system time).
fn remove_tree(dir: &Path) -> io::Result<()> {
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
/// staging folder, skipping pages, the config, hidden and `_` folders and
/// the output folder itself.
pub fn copy_static_files(root: &Path, out: &Path, staging: &Staging) -> io::Result<usize> {
    let out = fs::canonicalize(out).ok();
    let mut copied = 0;
    let walker = WalkDir::new(root).into_iter().filter_entry(|e| {
        let inside_out = out
            .as_ref()
            .is_some_and(|o| fs::canonicalize(e.path()).ok().as_ref() == Some(o));
        !inside_out
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
}
