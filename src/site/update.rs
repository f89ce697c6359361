//! Updating a previous output in place (the second half of
//! `Staging::commit` in `output.rs`): the staging folder holds only the
//! files whose bytes changed; they replace their old versions one rename
//! each, files the build no longer produces are removed, and every step is
//! journalled so that a failure part-way puts the previous output back as
//! it was.
//!
//! Nothing is deleted during the update: a replaced or removed file (or a
//! link, or a folder in the way of a file) is moved into the staging folder
//! (`.sheaf-replaced/`), which the caller deletes once the update is done.
//! Links are moved, never followed.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use walkdir::WalkDir;

use super::compare::same_contents;

/// Where replaced and removed entries wait inside the staging folder.
const REPLACED: &str = ".sheaf-replaced";

/// The staged files, split into those to move in and those that were
/// written without comparing (streams, the search index) but turned out
/// identical to the previous output's copies: these are removed from the
/// staging folder and stay as they are in the output.
pub struct Settled {
    /// Relative paths of the files to move in, sorted.
    pub changed: Vec<PathBuf>,
    /// Relative paths of the files the previous output already holds.
    pub identical: Vec<PathBuf>,
}

/// Compares the staged files not yet `compared` with the previous output.
pub fn settle(staging: &Path, previous: &Path, compared: &HashSet<PathBuf>) -> io::Result<Settled> {
    let files = staged_files(staging)?;
    let identical = files
        .par_iter()
        .map(|relative| {
            let staged = staging.join(relative);
            let same =
                !compared.contains(relative) && same_contents(&staged, &previous.join(relative));
            if same {
                fs::remove_file(&staged)?;
            }
            Ok(same)
        })
        .collect::<io::Result<Vec<bool>>>()?;
    let (mut changed, mut identical_files) = (Vec::new(), Vec::new());
    for (relative, same) in files.into_iter().zip(identical) {
        if same {
            identical_files.push(relative);
        } else {
            changed.push(relative);
        }
    }
    changed.sort_unstable();
    Ok(Settled {
        changed,
        identical: identical_files,
    })
}

/// Every file under `staging`, relative to it.
fn staged_files(staging: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in WalkDir::new(staging).min_depth(1) {
        let entry = entry?;
        if !entry.file_type().is_dir() {
            let relative = entry.path().strip_prefix(staging).expect("inside staging");
            files.push(relative.to_path_buf());
        }
    }
    Ok(files)
}

/// Moves the `staged` files into `out` and removes from `out` what is not
/// `produced`; on failure, undoes what was done and returns the error.
pub fn apply(
    staging: &Path,
    out: &Path,
    staged: &[PathBuf],
    produced: &HashSet<PathBuf>,
) -> io::Result<()> {
    apply_with_fault(staging, out, staged, produced, None)
}

/// [`apply`], failing before step number `fault` when given (for tests of
/// the undo).
fn apply_with_fault(
    staging: &Path,
    out: &Path,
    staged: &[PathBuf],
    produced: &HashSet<PathBuf>,
    fault: Option<usize>,
) -> io::Result<()> {
    let mut journal = Journal {
        replaced: staging.join(REPLACED),
        steps: Vec::new(),
        fault,
    };
    let result = move_in(&mut journal, staging, out, staged)
        .and_then(|()| remove_stale(&mut journal, out, produced));
    if result.is_err() {
        journal.undo();
    }
    result
}

fn move_in(
    journal: &mut Journal,
    staging: &Path,
    out: &Path,
    staged: &[PathBuf],
) -> io::Result<()> {
    for relative in staged {
        if let Some(parent) = relative.parent() {
            journal.ensure_dir(out, parent)?;
        }
        let target = out.join(relative);
        if fs::symlink_metadata(&target).is_ok() {
            journal.set_aside(out, relative)?;
        }
        journal.rename(staging.join(relative), target)?;
    }
    Ok(())
}

/// Sets aside every file or link of `out` the build did not produce, then
/// removes the folders that left empty.
fn remove_stale(journal: &mut Journal, out: &Path, produced: &HashSet<PathBuf>) -> io::Result<()> {
    let mut stale = Vec::new();
    for entry in WalkDir::new(out).min_depth(1) {
        let entry = entry?;
        let relative = entry.path().strip_prefix(out).expect("inside out");
        if !entry.file_type().is_dir() && !produced.contains(relative) {
            stale.push(relative.to_path_buf());
        }
    }
    for relative in &stale {
        journal.set_aside(out, relative)?;
    }
    let mut emptied: Vec<&Path> = stale.iter().flat_map(|p| p.ancestors().skip(1)).collect();
    emptied.retain(|dir| !dir.as_os_str().is_empty());
    emptied.sort_unstable_by(|a, b| {
        b.components()
            .count()
            .cmp(&a.components().count())
            .then(a.cmp(b))
    });
    emptied.dedup();
    for dir in emptied {
        let path = out.join(dir);
        journal.check_fault()?;
        match fs::remove_dir(&path) {
            Ok(()) => journal.record(Step::RemovedDir(path)),
            Err(e) if is_not_empty(&e) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Whether `remove_dir` failed because the folder still holds something.
fn is_not_empty(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::DirectoryNotEmpty
}

/// One done step of an update, and how to undo it.
enum Step {
    /// `from` was renamed to `to`.
    Moved {
        from: PathBuf,
        to: PathBuf,
    },
    CreatedDir(PathBuf),
    RemovedDir(PathBuf),
}

struct Journal {
    /// Where set-aside entries go (inside the staging folder).
    replaced: PathBuf,
    steps: Vec<Step>,
    /// The step before which to fail (tests of the undo only).
    fault: Option<usize>,
}

impl Journal {
    fn record(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// Fails when the injected fault's step is reached.
    fn check_fault(&self) -> io::Result<()> {
        match self.fault {
            Some(at) if self.steps.len() >= at => Err(io::Error::other("injected fault")),
            _ => Ok(()),
        }
    }

    fn rename(&mut self, from: PathBuf, to: PathBuf) -> io::Result<()> {
        self.check_fault()?;
        fs::rename(&from, &to)?;
        self.record(Step::Moved { from, to });
        Ok(())
    }

    /// Moves the entry `out/relative` (a file, a link or a folder) into the
    /// staging folder's set-aside area.
    fn set_aside(&mut self, out: &Path, relative: &Path) -> io::Result<()> {
        let aside = self.replaced.join(relative);
        if let Some(parent) = aside.parent() {
            fs::create_dir_all(parent)?;
        }
        self.rename(out.join(relative), aside)
    }

    /// Makes `out/relative` a real folder: missing folders are created, and
    /// a file or link in the way is set aside.
    fn ensure_dir(&mut self, out: &Path, relative: &Path) -> io::Result<()> {
        let mut partial = PathBuf::new();
        for component in relative.components() {
            partial.push(component);
            let path = out.join(&partial);
            match fs::symlink_metadata(&path) {
                Ok(meta) if meta.file_type().is_dir() => continue,
                Ok(_) => self.set_aside(out, &partial)?,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
            self.check_fault()?;
            fs::create_dir(&path)?;
            self.record(Step::CreatedDir(path));
        }
        Ok(())
    }

    /// Reverts every step, newest first; a step that cannot be reverted is
    /// skipped (the error that started the undo is the one reported).
    fn undo(self) {
        for step in self.steps.into_iter().rev() {
            let _ = match step {
                Step::Moved { from, to } => fs::rename(to, from),
                Step::CreatedDir(dir) => fs::remove_dir(dir),
                Step::RemovedDir(dir) => fs::create_dir(dir),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Every entry under `dir` (relative path → file bytes, link target, or
    /// folder marker).
    fn snapshot(dir: &Path) -> BTreeMap<PathBuf, String> {
        WalkDir::new(dir)
            .min_depth(1)
            .into_iter()
            .map(|entry| {
                let entry = entry.unwrap();
                let relative = entry.path().strip_prefix(dir).unwrap().to_path_buf();
                let kind = if entry.path_is_symlink() {
                    format!("link {}", fs::read_link(entry.path()).unwrap().display())
                } else if entry.file_type().is_dir() {
                    "folder".to_string()
                } else {
                    fs::read_to_string(entry.path()).unwrap()
                };
                (relative, kind)
            })
            .collect()
    }

    fn write(root: &Path, relative: &str, text: &str) {
        let path = root.join(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    /// A previous output and a staging folder with a changed page, a new
    /// one in a new folder, a file where a folder must go, and a page no
    /// longer produced; returns (out, staging, staged, produced).
    fn scene(dir: &Path) -> (PathBuf, PathBuf, Vec<PathBuf>, HashSet<PathBuf>) {
        let (out, staging) = (dir.join("out"), dir.join("staging"));
        write(&out, "a/index.html", "old a");
        write(&out, "b/index.html", "same b");
        write(&out, "gone/index.html", "gone");
        write(&out, "c", "a file where a folder goes");
        write(&staging, "a/index.html", "new a");
        write(&staging, "d/e/index.html", "new d/e");
        write(&staging, "c/index.html", "c is a folder now");
        let staged: Vec<PathBuf> = ["a/index.html", "c/index.html", "d/e/index.html"]
            .iter()
            .map(PathBuf::from)
            .collect();
        let mut produced: HashSet<PathBuf> = staged.iter().cloned().collect();
        produced.insert(PathBuf::from("b/index.html"));
        (out, staging, staged, produced)
    }

    #[test]
    fn an_update_moves_in_changed_files_and_removes_what_is_not_produced() {
        let dir = tempfile::tempdir().unwrap();
        let (out, staging, staged, produced) = scene(dir.path());
        apply(&staging, &out, &staged, &produced).unwrap();
        let expected: BTreeMap<PathBuf, String> = [
            ("a", "folder"),
            ("a/index.html", "new a"),
            ("b", "folder"),
            ("b/index.html", "same b"),
            ("c", "folder"),
            ("c/index.html", "c is a folder now"),
            ("d", "folder"),
            ("d/e", "folder"),
            ("d/e/index.html", "new d/e"),
        ]
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
        assert_eq!(snapshot(&out), expected);
    }

    #[test]
    fn a_failure_at_any_step_leaves_the_previous_output_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let (out, staging, staged, produced) = scene(dir.path());
        let before = snapshot(&out);
        let staged_before = snapshot(&staging);
        let mut step = 0;
        loop {
            let result = apply_with_fault(&staging, &out, &staged, &produced, Some(step));
            if result.is_ok() {
                assert!(
                    step > 5,
                    "the scene has several steps, failed only {step} times"
                );
                break;
            }
            assert_eq!(snapshot(&out), before, "after a failure at step {step}");
            let staged_files: BTreeMap<_, _> = snapshot(&staging)
                .into_iter()
                .filter(|(p, _)| !p.starts_with(REPLACED))
                .collect();
            assert_eq!(
                staged_files, staged_before,
                "staging after a failure at step {step}"
            );
            step += 1;
        }
    }

    #[cfg(unix)]
    #[test]
    fn links_in_the_previous_output_are_moved_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let mine = dir.path().join("mine");
        write(&mine, "notes.txt", "mine");
        let (out, staging) = (dir.path().join("out"), dir.path().join("staging"));
        fs::create_dir_all(&out).unwrap();
        std::os::unix::fs::symlink(&mine, out.join("guide")).unwrap();
        std::os::unix::fs::symlink(mine.join("notes.txt"), out.join("page.html")).unwrap();
        std::os::unix::fs::symlink(&mine, out.join("stale-link")).unwrap();
        write(&staging, "guide/index.html", "guide");
        write(&staging, "page.html", "page");
        let staged = vec![
            PathBuf::from("guide/index.html"),
            PathBuf::from("page.html"),
        ];
        let produced = staged.iter().cloned().collect();
        apply(&staging, &out, &staged, &produced).unwrap();
        assert_eq!(
            snapshot(&mine),
            BTreeMap::from([(PathBuf::from("notes.txt"), "mine".to_string())])
        );
        assert_eq!(
            fs::read_to_string(out.join("guide/index.html")).unwrap(),
            "guide"
        );
        assert_eq!(fs::read_to_string(out.join("page.html")).unwrap(), "page");
        assert!(!out.join("guide").is_symlink() && !out.join("stale-link").exists());
    }
}
