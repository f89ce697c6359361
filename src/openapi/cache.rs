//! Copies of specs fetched from URLs, so a site whose spec lives on a
//! server still builds when that server (or the network) is down.
//!
//! Every spec downloaded and parsed is written to the build cache
//! ([`crate::cache`]: `--cache-dir`, `$SHEAF_CACHE_DIR` or the user's cache
//! folder), under `openapi/`, one file per URL. When a later download
//! fails, the copy is used and its age reported. By default the cache is
//! outside the docs folder: nothing lands in a repository. A file is
//! replaced by a rename, so a reader never sees half of one; no pruning
//! touches these copies (a site's specs are few, and a copy is what keeps
//! it building offline).
//!
//! With `--offline` ([`SpecCache::offline`]) nothing is downloaded: a spec
//! URL is read from its copy, and one without a copy is unreachable.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::cache::{write_atomically, BuildCache};

/// Where fetched specs are kept; `None` when no folder can be found (no
/// home folder), in which case nothing is cached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecCache {
    dir: Option<PathBuf>,
    /// Whether spec URLs may be downloaded (not with `--offline`).
    downloads: bool,
}

/// A cached copy of a spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CachedSpec {
    pub text: String,
    pub path: PathBuf,
    /// How long ago it was fetched.
    pub age: Duration,
}

impl SpecCache {
    /// The user's cache folder (see the module documentation).
    pub fn from_env() -> SpecCache {
        SpecCache::within(&BuildCache::from_env())
    }

    /// A cache in `dir` (tests).
    pub fn in_dir(dir: &Path) -> SpecCache {
        SpecCache::within(&BuildCache::at(dir))
    }

    /// The specs' part of the build cache `cache`.
    pub fn within(cache: &BuildCache) -> SpecCache {
        SpecCache {
            dir: cache.folder("openapi"),
            downloads: true,
        }
    }

    /// The same cache, never downloading (`--offline`): spec URLs are read
    /// from their kept copies only.
    pub fn offline(self) -> SpecCache {
        SpecCache {
            downloads: false,
            ..self
        }
    }

    /// Whether spec URLs may be downloaded.
    pub(crate) fn downloads(&self) -> bool {
        self.downloads
    }

    /// Keeps `text`, just fetched from `url`. Failing to write only means
    /// there is no copy next time, so errors are ignored.
    pub(crate) fn store(&self, url: &str, text: &str) {
        let Some(dir) = &self.dir else { return };
        let _ = write_atomically(dir, &file_name(url), text.as_bytes());
    }

    /// The copy of `url`, if one was kept.
    pub(crate) fn load(&self, url: &str) -> Option<CachedSpec> {
        let path = self.dir.as_ref()?.join(file_name(url));
        let text = std::fs::read_to_string(&path).ok()?;
        let fetched = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
        let age = SystemTime::now()
            .duration_since(fetched)
            .unwrap_or_default();
        Some(CachedSpec { text, path, age })
    }
}

/// A file name for `url`: readable (its host and path, other characters as
/// `_`, at most 80 of them) and unique (a hash of the whole URL).
fn file_name(url: &str) -> String {
    let readable: String = url
        .split_once("://")
        .map_or(url, |(_, rest)| rest)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    format!("{readable}-{:016x}", fnv1a(url.as_bytes()))
}

/// 64-bit FNV-1a: a hash that stays the same across Rust versions and
/// platforms (the standard library's does not promise to).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// "3 minutes", "2 hours", "5 days": how long ago, for people.
pub(crate) fn describe_age(age: Duration) -> String {
    let seconds = age.as_secs();
    let (count, unit) = match seconds {
        0..=119 => (seconds, "second"),
        120..=7_199 => (seconds / 60, "minute"),
        7_200..=172_799 => (seconds / 3_600, "hour"),
        _ => (seconds / 86_400, "day"),
    };
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {unit}{plural}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_loads_by_url() {
        let dir = tempfile::tempdir().unwrap();
        let cache = SpecCache::in_dir(dir.path());
        assert_eq!(cache.load("https://api.example.com/openapi.yaml"), None);
        cache.store("https://api.example.com/openapi.yaml", "openapi: 3.1.0\n");
        cache.store("https://api.example.com/openapi.yaml", "openapi: 3.0.3\n");
        cache.store("https://api.example.com/other.yaml", "other\n");
        let copy = cache.load("https://api.example.com/openapi.yaml").unwrap();
        assert_eq!(copy.text, "openapi: 3.0.3\n");
        assert!(copy.age < Duration::from_secs(600));
        assert!(copy.path.starts_with(dir.path().join("openapi")));
        let names = std::fs::read_dir(dir.path().join("openapi"))
            .unwrap()
            .count();
        assert_eq!(names, 2, "one file per URL, no temporary files left");
    }

    #[test]
    fn file_names_are_readable_and_distinct() {
        let a = file_name("https://api.example.com/v1/openapi.yaml?x=1");
        assert!(a.starts_with("api.example.com_v1_openapi.yaml_x_1-"), "{a}");
        assert_ne!(a, file_name("https://api.example.com/v1/openapi.yaml?x=2"));
        assert!(file_name(&format!("https://h/{}", "a".repeat(500))).len() < 100);
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    }

    #[test]
    fn ages_read_naturally() {
        assert_eq!(describe_age(Duration::from_secs(1)), "1 second");
        assert_eq!(describe_age(Duration::from_secs(600)), "10 minutes");
        assert_eq!(describe_age(Duration::from_secs(3 * 3600)), "3 hours");
        assert_eq!(describe_age(Duration::from_secs(86_400 * 9)), "9 days");
    }

    #[test]
    fn a_cache_without_a_folder_keeps_nothing() {
        let cache = SpecCache {
            dir: None,
            downloads: true,
        };
        cache.store("https://h/a.yaml", "x");
        assert_eq!(cache.load("https://h/a.yaml"), None);
    }
}
