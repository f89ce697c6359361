//! The build cache: work that depends only on its input, kept between
//! builds, previews and CI runs, so nothing is done twice.
//!
//! One folder holds it all ([`BuildCache`]), one sub-folder per kind:
//! `drawings/` (Mermaid diagrams drawn by `markdown`) and `openapi/`
//! (copies of specs fetched from URLs, kept by `openapi`). The folder is
//! `--cache-dir DIR` when given, else `$SHEAF_CACHE_DIR`, else the user's
//! cache folder: `$XDG_CACHE_HOME/sheaf` or `~/.cache/sheaf`,
//! `~/Library/Caches/sheaf` on macOS, `%LOCALAPPDATA%\sheaf\cache` on
//! Windows. `--no-cache` reads and writes none. The folder holds a
//! [`CACHE_MARKER`] (`CACHEDIR.TAG`, the convention backup tools know), and
//! the source walk never lists a folder that holds one, so a cache kept
//! inside the docs root (as a GitLab CI cache must be) is never part of the
//! site.
//!
//! Content-addressed kinds keep one [`Entries`] file per key: its name is
//! the SHA-256 of the key, and it starts with a header naming the format,
//! the key's hash again and the body's length and hash. An entry whose
//! header does not match (a truncated write, a disk error, a file from
//! another program or another key) is ignored, as if missing, and the work
//! done again is written over it. Every write goes to a temporary file in
//! the same folder and is renamed into place, so two builds sharing one
//! cache at once each read a whole entry or none. A hit refreshes the
//! entry's modification time; [`Entries::prune`] then deletes the least
//! recently used entries when the folder outgrows its bound. It deletes
//! only files named as entries are, and temporary files a stopped build
//! left more than a day ago: nothing sheaf did not write.
//!
//! What goes into the cache is derived from files read inside the docs
//! root (or from a spec URL the config names), never from a file outside
//! it: the cache cannot carry text across the trust boundary.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

/// The file that marks a cache folder; its first line is the signature of
/// the Cache Directory Tagging convention.
pub const CACHE_MARKER: &str = "CACHEDIR.TAG";

const MARKER_TEXT: &str = "Signature: 8a477f597d28d172789f06886806bc55\n\
# This folder is sheaf's build cache (https://bford.info/cachedir/).\n\
# Deleting it is safe: the next build does its work again.\n";

/// The first line of every entry: the format, changed when it changes.
const ENTRY_FORMAT: &str = "sheaf-cache-entry 1";

/// How old a temporary file must be before pruning takes it for one a
/// stopped build left behind.
const STALE_TEMPORARY: Duration = Duration::from_secs(24 * 60 * 60);

/// Where the build cache lives, or that there is none (`--no-cache`, or no
/// folder could be found).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildCache {
    dir: Option<PathBuf>,
}

impl Default for BuildCache {
    /// The user's cache folder (see the module documentation).
    fn default() -> BuildCache {
        BuildCache::from_env()
    }
}

impl BuildCache {
    /// `$SHEAF_CACHE_DIR`, else the user's cache folder.
    pub fn from_env() -> BuildCache {
        BuildCache {
            dir: user_cache_dir(),
        }
    }

    /// The cache in `dir` (`--cache-dir`).
    pub fn at(dir: &Path) -> BuildCache {
        BuildCache {
            dir: Some(dir.to_path_buf()),
        }
    }

    /// No cache: nothing is read or written (`--no-cache`).
    pub fn disabled() -> BuildCache {
        BuildCache { dir: None }
    }

    /// The cache's folder, if there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The sub-folder of one kind of work (`drawings`, `openapi`).
    pub fn folder(&self, kind: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|dir| dir.join(kind))
    }

    /// The content-addressed entries of one kind, at most `bound` bytes of
    /// them after [`Entries::prune`].
    pub fn entries(&self, kind: &str, bound: u64) -> Entries {
        Entries {
            dir: self.folder(kind),
            bound,
        }
    }
}

/// The user's cache folder for sheaf, from the environment.
fn user_cache_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("SHEAF_CACHE_DIR") {
        return Some(dir);
    }
    if cfg!(windows) {
        return var("LOCALAPPDATA").map(|d| d.join("sheaf").join("cache"));
    }
    if cfg!(target_os = "macos") {
        return var("HOME").map(|h| h.join("Library/Caches/sheaf"));
    }
    var("XDG_CACHE_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".cache")))
        .map(|d| d.join("sheaf"))
}

/// One kind's entries: bodies stored under the hash of their key.
#[derive(Debug, Clone)]
pub struct Entries {
    /// The kind's sub-folder; its parent, the cache folder, gets the
    /// [`CACHE_MARKER`].
    dir: Option<PathBuf>,
    bound: u64,
}

impl Entries {
    /// The body kept for `key`, if a whole and matching entry holds one.
    pub fn read(&self, key: &[u8]) -> Option<Vec<u8>> {
        let name = hex(&Sha256::digest(key));
        let path = self.dir.as_ref()?.join(&name);
        let bytes = std::fs::read(&path).ok()?;
        let body = checked_body(&bytes, &name)?;
        // Touched, so pruning keeps what builds still use.
        if let Ok(file) = std::fs::File::options().append(true).open(&path) {
            let _ = file.set_modified(SystemTime::now());
        }
        Some(body.to_vec())
    }

    /// Keeps `body` for `key`. A failed write only means the work is done
    /// again next time, so errors are ignored.
    pub fn write(&self, key: &[u8], body: &[u8]) {
        let Some(dir) = &self.dir else { return };
        let Some(root) = dir.parent() else { return };
        let name = hex(&Sha256::digest(key));
        let mut bytes = header(&name, body).into_bytes();
        bytes.extend_from_slice(body);
        let _ = mark_cache_folder(root).and_then(|()| write_atomically(dir, &name, &bytes));
    }

    /// Deletes the least recently used entries until those left hold at
    /// most three quarters of the bound, when they hold more than the
    /// bound; and temporary files older than a day. Returns how many files
    /// it deleted.
    pub fn prune(&self) -> usize {
        let Some(dir) = &self.dir else { return 0 };
        let Ok(listing) = std::fs::read_dir(dir) else {
            return 0;
        };
        let mut entries = Vec::new();
        let mut deleted = 0;
        for file in listing.flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            let Ok(meta) = file.metadata() else { continue };
            let used = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            if is_entry_name(&name) && meta.is_file() {
                entries.push((used, meta.len(), file.path()));
            } else if name.starts_with(".tmp") && is_older_than(used, STALE_TEMPORARY) {
                deleted += usize::from(std::fs::remove_file(file.path()).is_ok());
            }
        }
        deleted + prune_oldest(entries, self.bound)
    }
}

/// Deletes the oldest of `entries` (time used, size, path) while they hold
/// more than three quarters of `bound`, if they hold more than `bound`.
fn prune_oldest(mut entries: Vec<(SystemTime, u64, PathBuf)>, bound: u64) -> usize {
    let mut total: u64 = entries.iter().map(|(_, size, _)| size).sum();
    if total <= bound {
        return 0;
    }
    entries.sort_by_key(|(used, _, _)| *used);
    let goal = bound / 4 * 3;
    let mut deleted = 0;
    for (_, size, path) in entries {
        if total <= goal {
            break;
        }
        if std::fs::remove_file(&path).is_ok() {
            total -= size;
            deleted += 1;
        }
    }
    deleted
}

fn is_older_than(time: SystemTime, age: Duration) -> bool {
    SystemTime::now()
        .duration_since(time)
        .is_ok_and(|elapsed| elapsed > age)
}

/// An entry's name: 64 lowercase hexadecimal digits.
fn is_entry_name(name: &str) -> bool {
    name.len() == 64 && name.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The header of the entry `name` holding `body`.
fn header(name: &str, body: &[u8]) -> String {
    let sum = hex(&Sha256::digest(body));
    format!("{ENTRY_FORMAT}\n{name}\n{} {sum}\n", body.len())
}

/// The body of the entry file `bytes` named `name`, if its header is this
/// format's, names it, and gives the body's true length and hash.
fn checked_body<'b>(bytes: &'b [u8], name: &str) -> Option<&'b [u8]> {
    let mut at = 0;
    let mut line = || {
        let end = at + bytes.get(at..)?.iter().position(|&b| b == b'\n')?;
        let text = std::str::from_utf8(&bytes[at..end]).ok()?;
        at = end + 1;
        Some(text)
    };
    let (format, key, sums) = (line()?, line()?, line()?);
    let (length, sum) = sums.split_once(' ')?;
    let body = &bytes[at..];
    let whole = format == ENTRY_FORMAT
        && key == name
        && length.parse::<usize>().ok()? == body.len()
        && sum == hex(&Sha256::digest(body));
    whole.then_some(body)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::with_capacity(64), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// Writes the [`CACHE_MARKER`] into `root` unless it is there.
fn mark_cache_folder(root: &Path) -> std::io::Result<()> {
    if root.join(CACHE_MARKER).is_file() {
        return Ok(());
    }
    write_atomically(root, CACHE_MARKER, MARKER_TEXT.as_bytes())
}

/// Writes `dir/name` through a temporary file in `dir` and a rename, so a
/// reader sees the old file or the whole new one.
pub fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.persist(dir.join(name)).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests;
