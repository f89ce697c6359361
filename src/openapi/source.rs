//! Where spec documents come from and how their text becomes a JSON value.
//!
//! A document lives at a [`Location`]: a file on disk or an http(s) URL.
//! Text is parsed as JSON when it looks like JSON, else as YAML (converted to
//! a `serde_json::Value`, which keeps key order because serde_json is built
//! with `preserve_order`). A syntax error keeps the text and the byte offset
//! of the offending spot, so it is reported at `openapi.yaml:LINE:COL` with
//! the spec's own line.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use super::cache::{describe_age, CachedSpec, SpecCache};
use crate::config::offset_of_line_col;
use crate::confine::{absolute, normalize, DocsRoot, ReadError};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;

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
    #[error("{path} resolves to `{}`, outside the docs root", .real.display())]
    Outside { path: String, real: PathBuf },
    #[error("cannot download {url}: {reason}")]
    Download { url: String, reason: String },
    #[error("{}", .0.message)]
    Parse(ParseFailure),
}

/// A syntax error in a spec's text, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseFailure {
    /// The text that did not parse.
    pub text: String,
    /// What is wrong, without the parser's own "at line L column C".
    pub message: String,
    /// Byte offset of the offending spot in `text`.
    pub offset: usize,
    /// `JSON` or `YAML`: the syntax the text was read as.
    pub syntax: &'static str,
}

impl ParseFailure {
    /// The error as a diagnostic of the file `name`, at its line and column.
    pub(crate) fn diagnostic(&self, name: &str) -> Diagnostic {
        // An error at the end of the file is shown on its last character.
        let content_end = self.text.trim_end().len();
        let offset = match self.text[..content_end].char_indices().next_back() {
            Some((last, _)) if self.offset >= content_end => last,
            _ => self.offset,
        };
        let start = floor_boundary(&self.text, offset.min(self.text.len()));
        let end = self.text[start..]
            .chars()
            .next()
            .filter(|c| *c != '\n')
            .map_or(start, |c| start + c.len_utf8());
        let help = match self.syntax {
            "JSON" => "fix the JSON syntax here: strings in double quotes, commas between items, no trailing commas or comments",
            _ => "fix the YAML syntax here: indent nested keys with spaces (no tabs), put a space after every `:`, quote values holding `: ` or starting with a special character",
        };
        let (message, help) = match crate::yaml::too_deep_reason(&self.message) {
            Some((message, help)) => (message, help),
            None => (self.message.clone(), help),
        };
        Diagnostic::error(
            name,
            format!("{name} is not valid {}: {message}", self.syntax),
        )
        .with_rule(Rule::SpecSyntax)
        .at_span(&self.text, start..end)
        .with_help(help)
    }
}

fn floor_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
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

    /// Reads and parses the document. A URL's text is kept in `cache` once
    /// it parses; when the URL cannot be reached, the kept copy is used.
    /// A file is read only if it resolves inside the docs root `docs`.
    pub(crate) fn load(&self, docs: &DocsRoot, cache: &SpecCache) -> Result<Loaded, SourceError> {
        match self {
            Location::File(path) => {
                // `path` is the root joined with the reference: absolute, or
                // relative to the working folder, never to the root.
                let path = absolute(path);
                let text = docs.read_to_string(&path).map_err(|e| match e {
                    ReadError::Outside { real, .. } => SourceError::Outside {
                        path: self.display(docs.path()),
                        real,
                    },
                    ReadError::Io(source) => SourceError::Read {
                        path: path.display().to_string(),
                        source,
                    },
                    too_large @ ReadError::TooLarge { .. } => SourceError::Read {
                        path: path.display().to_string(),
                        source: std::io::Error::new(
                            std::io::ErrorKind::FileTooLarge,
                            too_large.to_string(),
                        ),
                    },
                })?;
                Loaded::parse(text, None)
            }
            Location::Url(url) => match fetch(url, cache) {
                Ok(text) => {
                    let loaded = Loaded::parse(text, None)?;
                    cache.store(url, &loaded.text);
                    Ok(loaded)
                }
                Err(failure) => {
                    let Some(copy) = cache.load(url) else {
                        return Err(failure);
                    };
                    let text = copy.text.clone();
                    let stale = Stale {
                        reason: failure.to_string(),
                        copy,
                    };
                    Loaded::parse(text, Some(stale)).map_err(|_| failure)
                }
            },
        }
    }
}

/// A document's text and value.
#[derive(Debug)]
pub(crate) struct Loaded {
    pub text: String,
    pub value: Value,
    /// Set when the URL could not be reached and a cached copy was used.
    pub stale: Option<Stale>,
}

impl Loaded {
    fn parse(text: String, stale: Option<Stale>) -> Result<Loaded, SourceError> {
        match parse_text(&text) {
            Ok(value) => Ok(Loaded { text, value, stale }),
            Err(failure) => Err(SourceError::Parse(failure)),
        }
    }
}

/// Why a cached copy stands in for a URL's document, and the copy.
#[derive(Debug)]
pub(crate) struct Stale {
    pub reason: String,
    pub copy: CachedSpec,
}

impl Stale {
    /// The warning shown for document `name` (its URL).
    pub(crate) fn diagnostic(&self, name: &str) -> Diagnostic {
        Diagnostic::warning(
            name,
            format!(
                "{}; using the copy cached {} ago",
                self.reason,
                describe_age(self.copy.age)
            ),
        )
        .with_rule(Rule::SpecCached)
        .with_help(format!(
            "the copy is {}; the next build that reaches the URL refreshes it",
            self.copy.path.display()
        ))
    }
}

pub(crate) fn is_url(s: &str) -> bool {
    s.starts_with("http://") || s.starts_with("https://")
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

/// The text at `url`: downloaded, or with `--offline` a failure saying so
/// (the caller falls back on the cached copy).
fn fetch(url: &str, cache: &SpecCache) -> Result<String, SourceError> {
    if !cache.downloads() {
        return Err(SourceError::Download {
            url: url.to_string(),
            reason: "not downloaded with --offline".to_string(),
        });
    }
    download(url)
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

/// Parses JSON (when the text starts with `{` or `[`) or YAML. A text that
/// starts like JSON but is not is still tried as YAML (a superset of most of
/// it); when both fail, the JSON error is the one reported.
pub(crate) fn parse_text(text: &str) -> Result<Value, ParseFailure> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let skipped = text.len() - body.len();
    let failure = |message: String, offset: usize, syntax| ParseFailure {
        text: text.to_string(),
        message,
        offset: skipped + offset,
        syntax,
    };
    let trimmed = body.trim_start();
    let json_error = if trimmed.starts_with('{') || trimmed.starts_with('[') {
        match serde_json::from_str(body) {
            Ok(value) => return Ok(value),
            Err(error) => Some(error),
        }
    } else {
        None
    };
    let yaml_error = match crate::yaml::from_str::<Value>(body) {
        Ok(value) => return Ok(value),
        Err(error) => error,
    };
    Err(match json_error {
        Some(error) => failure(
            without_position(&error.to_string()),
            offset_of_line_col(body, error.line(), error.column()),
            "JSON",
        ),
        None => failure(
            without_position(&yaml_error.to_string()),
            yaml_error.offset().unwrap_or(0),
            "YAML",
        ),
    })
}

/// A parser's message without its first " at line L column C" (the
/// diagnostic shows the position itself).
fn without_position(message: &str) -> String {
    let Some(at) = message.find(" at line ") else {
        return message.to_string();
    };
    let rest = &message[at + " at line ".len()..];
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest
        .strip_prefix(" column ")
        .map_or(rest, |r| r.trim_start_matches(|c: char| c.is_ascii_digit()));
    format!("{}{rest}", &message[..at])
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
    fn syntax_errors_keep_their_position_and_syntax() {
        let json = parse_text("{\n  \"openapi\": [unclosed\n").unwrap_err();
        assert_eq!(json.syntax, "JSON");
        assert_eq!(&json.text[json.offset..json.offset + 8], "unclosed");
        assert!(!json.message.contains(" at line "), "{}", json.message);
        let yaml = parse_text("openapi: 3.0.0\npaths:\n  /a: [x\n  /b: 1\n").unwrap_err();
        assert_eq!(yaml.syntax, "YAML");
        let at = crate::diagnostics::Position::from_offset(&yaml.text, yaml.offset);
        assert_eq!(at.line, 4, "{yaml:?}");
        let d = yaml.diagnostic("openapi.yaml");
        assert_eq!(d.location(), format!("openapi.yaml:4:{}", at.column));
        assert!(d.message.starts_with("openapi.yaml is not valid YAML: "));
        let bom = parse_text("\u{feff}{\"a\": ]").unwrap_err();
        assert_eq!(&bom.text[bom.offset..], "]");
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
