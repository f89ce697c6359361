//! Putting a staged site in place in one step, and removing what
//! interrupted builds left beside the output.
//!
//! [`exchange`] swaps the staging folder and the output folder in one
//! system call: `renameat2(RENAME_EXCHANGE)` on Linux (called directly, as
//! static musl builds have no libc wrapper for it), `renamex_np(RENAME_SWAP)`
//! on macOS and iOS. A process killed at any moment (SIGKILL included)
//! leaves the output as the whole previous site or the whole new one, and
//! the output path never goes missing. Where the system or the file system
//! has no such call (other systems; a Linux file system without
//! `RENAME_EXCHANGE`), the previous output is renamed aside and the staged
//! one renamed into place: two steps, between which the output path is
//! briefly missing, never half written.
//!
//! What may be deleted here, and why it is safe:
//! - the previous output, once swapped out to the staging folder's name: the
//!   folder `super::target::OutputTarget::claim` allowed;
//! - a leftover of an interrupted build ([`remove_leftovers`]): a folder
//!   beside the output named `.NAME.staging-*` that holds the marker
//!   `.sheaf-output` (written first into every staging folder, and into a
//!   previous output before it is removed), or that is empty. Any other
//!   folder of that name is left alone. A marked folder is removed with its
//!   marker last ([`remove_marked_tree`]), so a removal interrupted in turn
//!   is still recognised by the next build. Links are removed, never followed.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::target::MARKER_TEXT;
use crate::sources::OUTPUT_MARKER;

/// The name of a staging folder of the output `out` starts with this.
pub(super) fn staging_prefix(out: &Path) -> String {
    let name = out
        .file_name()
        .map_or("site".into(), |n| n.to_string_lossy().into_owned());
    format!(".{name}.staging-")
}

/// Swaps the folders `staged` and `out` (which exists) in one step where the
/// system can; afterwards `staged` names the previous output.
pub(super) fn exchange(staged: &Path, out: &Path) -> io::Result<()> {
    match exchange_atomically(staged, out) {
        Err(e) if is_unsupported(&e) => exchange_in_two_steps(staged, out),
        result => result,
    }
}

/// Whether the exchange call is missing or the file system refuses it.
fn is_unsupported(error: &io::Error) -> bool {
    #[cfg(unix)]
    {
        matches!(
            error.raw_os_error(),
            Some(libc::EINVAL | libc::ENOSYS | libc::ENOTSUP)
        )
    }
    #[cfg(not(unix))]
    {
        error.kind() == io::ErrorKind::Unsupported
    }
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn exchange_atomically(a: &Path, b: &Path) -> io::Result<()> {
    let (a, b) = (c_path(a)?, c_path(b)?);
    // The system call itself, not libc's `renameat2` wrapper, which the
    // musl that Rust links into static binaries does not have.
    // SAFETY: both paths are NUL-terminated strings that outlive the call.
    let done = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if done == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(any(target_os = "macos", target_os = "ios"))]
fn exchange_atomically(a: &Path, b: &Path) -> io::Result<()> {
    let (a, b) = (c_path(a)?, c_path(b)?);
    // SAFETY: both paths are NUL-terminated strings that outlive the call.
    let done = unsafe { libc::renamex_np(a.as_ptr(), b.as_ptr(), libc::RENAME_SWAP) };
    if done == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios"
)))]
fn exchange_atomically(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios"
))]
fn c_path(path: &Path) -> io::Result<std::ffi::CString> {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path holds a NUL byte"))
}

/// The fallback: `out` renamed to a free name beside it, `staged` renamed
/// to `out`, the previous output renamed to `staged`.
fn exchange_in_two_steps(staged: &Path, out: &Path) -> io::Result<()> {
    let aside = staged.with_extension("previous");
    fs::rename(out, &aside)?;
    if let Err(e) = fs::rename(staged, out) {
        fs::rename(&aside, out)?;
        return Err(e);
    }
    fs::rename(&aside, staged)
}

/// Removes the leftovers of interrupted builds beside `out`: the folders
/// named like its staging folders that hold sheaf's marker, or nothing.
/// Returns how many it removed.
pub(super) fn remove_leftovers(out: &Path) -> io::Result<usize> {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let prefix = staging_prefix(out);
    let Ok(entries) = fs::read_dir(parent) else {
        return Ok(0);
    };
    let mut removed = 0;
    for entry in entries.filter_map(Result::ok) {
        if is_leftover(&entry.path(), &entry.file_name(), &prefix) {
            remove_marked_tree(&entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Whether `path` (named `name`) is a staging folder sheaf left behind.
fn is_leftover(path: &Path, name: &OsStr, prefix: &str) -> bool {
    name.to_str().is_some_and(|n| n.starts_with(prefix))
        && fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
        && (fs::symlink_metadata(path.join(OUTPUT_MARKER)).is_ok_and(|m| m.is_file())
            || fs::read_dir(path).is_ok_and(|mut e| e.next().is_none()))
}

/// Marks `dir` as sheaf's own (a previous output claimed with `--force`
/// may lack the marker), so that an interrupted removal is finished by the
/// next build.
pub(super) fn mark(dir: &Path) -> io::Result<()> {
    let marker = dir.join(OUTPUT_MARKER);
    if fs::symlink_metadata(&marker).is_ok() {
        return Ok(());
    }
    fs::write(marker, MARKER_TEXT)
}

/// Removes the folder `dir`, its marker last.
pub(super) fn remove_marked_tree(dir: &Path) -> io::Result<()> {
    let marker = PathBuf::from(OUTPUT_MARKER);
    let entries = fs::read_dir(dir)?.collect::<io::Result<Vec<_>>>()?;
    entries
        .par_iter()
        .filter(|entry| entry.file_name() != marker.as_os_str())
        .try_for_each(remove_entry)?;
    match fs::remove_file(dir.join(OUTPUT_MARKER)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    fs::remove_dir(dir)
}

/// Removes a folder entry: a folder with everything in it, a file or a
/// link (never followed).
fn remove_entry(entry: &fs::DirEntry) -> io::Result<()> {
    if entry.file_type()?.is_dir() {
        remove_tree(&entry.path())
    } else {
        fs::remove_file(entry.path())
    }
}

/// Removes the folder `dir` and everything in it, its sub-folders in
/// parallel. Links are removed, never followed: the entries' file types are
/// those of the links themselves.
pub(super) fn remove_tree(dir: &Path) -> io::Result<()> {
    if fs::symlink_metadata(dir)?.file_type().is_symlink() {
        return fs::remove_file(dir);
    }
    let entries = fs::read_dir(dir)?.collect::<io::Result<Vec<_>>>()?;
    entries.par_iter().try_for_each(remove_entry)?;
    fs::remove_dir(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    #[test]
    fn exchange_swaps_two_folders() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        write(&a.join("x/new.html"), "new");
        write(&b.join("old.html"), "old");
        exchange(&a, &b).unwrap();
        assert_eq!(fs::read_to_string(b.join("x/new.html")).unwrap(), "new");
        assert_eq!(fs::read_to_string(a.join("old.html")).unwrap(), "old");
        exchange_in_two_steps(&a, &b).unwrap();
        assert_eq!(fs::read_to_string(a.join("x/new.html")).unwrap(), "new");
        assert_eq!(fs::read_to_string(b.join("old.html")).unwrap(), "old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn only_marked_or_empty_staging_folders_are_leftovers() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let marked = dir.path().join(".site.staging-a1");
        write(&marked.join(OUTPUT_MARKER), MARKER_TEXT);
        write(&marked.join("deep/page/index.html"), "x");
        fs::create_dir_all(dir.path().join(".site.staging-empty")).unwrap();
        let unmarked = dir.path().join(".site.staging-mine");
        write(&unmarked.join("notes.txt"), "mine");
        let other = dir.path().join(".other.staging-b2");
        write(&other.join(OUTPUT_MARKER), MARKER_TEXT);
        write(&out.join("index.html"), "site");

        assert_eq!(remove_leftovers(&out).unwrap(), 2);
        let mut left: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, [".other.staging-b2", ".site.staging-mine", "site"]);
    }

    #[cfg(unix)]
    #[test]
    fn removal_takes_links_but_not_what_they_name() {
        let dir = tempfile::tempdir().unwrap();
        let kept = dir.path().join("kept");
        write(&kept.join("notes.txt"), "mine");
        let tree = dir.path().join("old");
        write(&tree.join("a/b/f.txt"), "x");
        mark(&tree).unwrap();
        std::os::unix::fs::symlink(&kept, tree.join("link")).unwrap();
        remove_marked_tree(&tree).unwrap();
        std::os::unix::fs::symlink(&kept, dir.path().join("top-link")).unwrap();
        remove_tree(&dir.path().join("top-link")).unwrap();
        assert_eq!(fs::read_to_string(kept.join("notes.txt")).unwrap(), "mine");
        assert!(!tree.exists() && !dir.path().join("top-link").exists());
    }
}
