//! Reading a site's files safely: a file is named by a plain relative path
//! (no `..`, `.`, empty segment, backslash, colon or NUL), a folder's file
//! only when its real place (links resolved) is inside the folder, and no
//! file past [`FILE_LIMIT`] bytes; and why a read failed.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file read from a site (a search file or a page's Markdown).
pub const FILE_LIMIT: u64 = 32 * 1024 * 1024;

/// Why a source could not be opened or a file read.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("{0} is neither a built sheaf site (no search/meta.js) nor a docs root (no docs.json, site.json or mint.json)")]
    NotASite(PathBuf),
    #[error("{0} does not exist")]
    Missing(PathBuf),
    #[error("building {root} failed: {summary}")]
    Build { root: PathBuf, summary: String },
    #[error("cannot make a temporary folder: {0}")]
    Temp(std::io::Error),
    #[error("`{0}` is not an http(s) URL")]
    BadUrl(String),
    #[error("{0} not found")]
    NotFound(String),
    #[error("the path `{0}` leaves the site")]
    Outside(String),
    #[error("{path} is larger than {limit} bytes")]
    TooLarge { path: String, limit: u64 },
    #[error("{url} redirects to {to}, outside the site")]
    Redirect { url: String, to: String },
    #[error("cannot read {path}: {reason}")]
    Read { path: String, reason: String },
}

/// A relative path of plain segments: no `..`, `.`, empty segment,
/// backslash, colon or NUL.
pub fn is_site_path(path: &str) -> bool {
    !path.is_empty()
        && !path.contains(['\\', '\0', ':'])
        && path
            .split('/')
            .all(|segment| !matches!(segment, "" | "." | ".."))
}

/// Reads `root/path`, refusing a file whose real place is outside `root`.
pub fn read_inside(root: &Path, path: &str) -> Result<String, SourceError> {
    let full = root.join(path);
    let real = full
        .canonicalize()
        .map_err(|_| SourceError::NotFound(path.to_string()))?;
    if !real.starts_with(root) {
        return Err(SourceError::Outside(path.to_string()));
    }
    let failed = |e: std::io::Error| SourceError::Read {
        path: path.to_string(),
        reason: e.to_string(),
    };
    let file = std::fs::File::open(&real).map_err(failed)?;
    if !file.metadata().map_err(failed)?.is_file() {
        return Err(SourceError::NotFound(path.to_string()));
    }
    let mut bytes = Vec::new();
    file.take(FILE_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > FILE_LIMIT {
        return Err(SourceError::TooLarge {
            path: path.to_string(),
            limit: FILE_LIMIT,
        });
    }
    String::from_utf8(bytes).map_err(|_| SourceError::Read {
        path: path.to_string(),
        reason: "not UTF-8 text".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_are_site_paths() {
        assert!(is_site_path("search/meta.js"));
        assert!(is_site_path("quickstart.md"));
        for bad in [
            "",
            "/etc/passwd",
            "../x",
            "a/../../b",
            "a//b",
            "a\\b",
            "c:x",
            "./a",
        ] {
            assert!(!is_site_path(bad), "{bad}");
        }
    }
}
