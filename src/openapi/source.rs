//! Where spec documents come from and how their text becomes a JSON value.
//!
//! A document lives at a [`Location`]: a file on disk or an http(s) URL.
//! Text is parsed as JSON when it looks like JSON, else as YAML (converted to
//! a `serde_json::Value`, which keeps key order because serde_json is built
//! with `preserve_order`).

use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

/// Where a spec document was read from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Location {
    File(PathBuf),
    Url(String),
}

/// Why a document could not be read or parsed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SourceError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot download {url}: {reason}")]
    Download { url: String, reason: String },
    #[error("{0}")]
    Parse(String),
}

impl Location {
    /// A site.json entry or discovered file: a URL, or a path relative to the
    /// docs root (a leading `/` also means the docs root).
    pub(crate) fn from_source(root: &Path, source: &str) -> Location {
        if is_url(source) {
            return Location::Url(source.to_string());
        }
        Location::File(normalize(&root.join(source.trim_start_matches('/'))))
    }

    /// The location of `reference` (the part of a `$ref` before `#`) relative
    /// to this document.
    pub(crate) fn join(&self, reference: &str) -> Location {
        if is_url(reference) {
            return Location::Url(reference.to_string());
        }
        match self {
            Location::File(path) => {
                let dir = path.parent().unwrap_or(Path::new(""));
                Location::File(normalize(&dir.join(reference)))
            }
            Location::Url(url) => Location::Url(join_url(url, reference)),
        }
    }

    /// How diagnostics and pages name this document: a path relative to the
    /// docs root, or the URL.
    pub(crate) fn display(&self, root: &Path) -> String {
        match self {
            Location::File(path) => path
                .strip_prefix(normalize(root))
                .unwrap_or(path)
                .to_string_lossy()
                .replace('\\', "/"),
            Location::Url(url) => url.clone(),
        }
    }

    /// The file name without extension (`v3-openapi` for `/v3-openapi.yaml`).
    pub(crate) fn stem(&self) -> String {
        let name = match self {
            Location::File(path) => path.to_string_lossy().into_owned(),
            Location::Url(url) => url.split(['?', '#']).next().unwrap_or(url).to_string(),
        };
        let file = name.rsplit(['/', '\\']).next().unwrap_or(&name);
        match file.rsplit_once('.') {
            Some((stem, _)) if !stem.is_empty() => stem.to_string(),
            _ => file.to_string(),
        }
    }

    /// Reads and parses the document.
    pub(crate) fn load(&self) -> Result<(String, Value), SourceError> {
        let text = match self {
            Location::File(path) => {
                std::fs::read_to_string(path).map_err(|source| SourceError::Read {
                    path: path.display().to_string(),
                    source,
                })?
            }
            Location::Url(url) => download(url)?,
        };
        let value = parse_text(&text).map_err(SourceError::Parse)?;
        Ok((text, value))
    }
}

pub(crate) fn is_url(s: &str) -> bool {
    s.starts_with("http://") || s.starts_with("https://")
}

/// Resolves `.` and `..` components without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Joins a relative reference to a base URL (enough for `$ref`s between spec
/// files served side by side: `other.yaml`, `../common.yaml`, `/specs/a.json`).
fn join_url(base: &str, reference: &str) -> String {
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    if reference.starts_with('/') {
        return format!("{}{}", &base[..host_end], reference);
    }
    let dir = &base[host_end
        ..base
            .rfind('/')
            .filter(|&i| i >= host_end)
            .unwrap_or(host_end)];
    let mut segments: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    for part in reference.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                segments.pop();
            }
            other => segments.push(other),
        }
    }
    format!("{}/{}", &base[..host_end], segments.join("/"))
}

fn download(url: &str) -> Result<String, SourceError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(15)))
        .build()
        .into();
    let failed = |reason: String| SourceError::Download {
        url: url.to_string(),
        reason,
    };
    let mut response = agent.get(url).call().map_err(|e| failed(e.to_string()))?;
    response
        .body_mut()
        .read_to_string()
        .map_err(|e| failed(e.to_string()))
}

/// Parses JSON (when the text starts with `{` or `[`) or YAML.
pub(crate) fn parse_text(text: &str) -> Result<Value, String> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        if let Ok(value) = serde_json::from_str(trimmed) {
            return Ok(value);
        }
    }
    serde_yaml_ng::from_str::<Value>(trimmed).map_err(|e| e.to_string())
}

/// Whether a `.json`/`.yaml`/`.yml` file is an OpenAPI or Swagger document
/// (has a top-level `openapi` or `swagger` key). The caller uses this to find
/// spec files under the docs root.
pub fn looks_like_spec(path: &Path, text: &str) -> bool {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if !matches!(ext.as_str(), "json" | "yaml" | "yml") {
        return false;
    }
    if !(text.contains("openapi") || text.contains("swagger")) {
        return false;
    }
    parse_text(text)
        .ok()
        .and_then(|v| {
            v.as_object()
                .map(|o| o.contains_key("openapi") || o.contains_key("swagger"))
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_resolve_against_the_docs_root() {
        let root = Path::new("/docs");
        assert_eq!(
            Location::from_source(root, "/api/openapi.yaml"),
            Location::File(PathBuf::from("/docs/api/openapi.yaml"))
        );
        assert_eq!(
            Location::from_source(root, "./openapi.json"),
            Location::File(PathBuf::from("/docs/openapi.json"))
        );
        assert_eq!(
            Location::from_source(root, "https://x.dev/o.json"),
            Location::Url("https://x.dev/o.json".into())
        );
    }

    #[test]
    fn relative_refs_join_files_and_urls() {
        let file = Location::File(PathBuf::from("/docs/api/a.yaml"));
        assert_eq!(
            file.join("../common/b.yaml"),
            Location::File(PathBuf::from("/docs/common/b.yaml"))
        );
        let url = Location::Url("http://127.0.0.1:9/specs/a.yaml".into());
        assert_eq!(
            url.join("b.yaml"),
            Location::Url("http://127.0.0.1:9/specs/b.yaml".into())
        );
        assert_eq!(
            url.join("../b.yaml"),
            Location::Url("http://127.0.0.1:9/b.yaml".into())
        );
        assert_eq!(
            url.join("/x/c.json"),
            Location::Url("http://127.0.0.1:9/x/c.json".into())
        );
    }

    #[test]
    fn stems_and_display_names() {
        let loc = Location::from_source(Path::new("/docs"), "/v3-openapi.yaml");
        assert_eq!(loc.stem(), "v3-openapi");
        assert_eq!(loc.display(Path::new("/docs")), "v3-openapi.yaml");
        assert_eq!(Location::Url("https://h/v1.json?x=1".into()).stem(), "v1");
    }

    #[test]
    fn yaml_keeps_key_order() {
        let value = parse_text("b: 1\na: 2\nc: 3\n").unwrap();
        let keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys, ["b", "a", "c"]);
    }

    #[test]
    fn spec_detection_needs_a_top_level_key() {
        assert!(looks_like_spec(
            Path::new("a.yaml"),
            "openapi: 3.0.0\ninfo: {}\n"
        ));
        assert!(looks_like_spec(
            Path::new("a.json"),
            "{\n  \"swagger\": \"2.0\"\n}"
        ));
        assert!(!looks_like_spec(Path::new("a.json"), "{\"name\": \"x\"}"));
        assert!(!looks_like_spec(
            Path::new("a.yaml"),
            "info:\n  openapi: 3\n"
        ));
        assert!(!looks_like_spec(Path::new("a.md"), "openapi: 3.0.0\n"));
        assert!(looks_like_spec(
            Path::new("min.json"),
            "{\"openapi\":\"3.1.0\"}"
        ));
    }
}
