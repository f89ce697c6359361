//! Resolving the operation references pages and navigation use:
//! `GET /api/user`, `get /api/user`, `openapi.json GET /x`, `v1 get /x` (spec
//! file stem), `/openapi.yml POST /x`, quoted or not; and OpenAPI 3.1
//! webhooks, as Mintlify names them: `webhook newPet`, `openapi.json
//! webhook newPet`.

use serde::Serialize;

/// The HTTP methods OpenAPI path items may hold, lower case.
pub(crate) const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// One operation of one loaded spec.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct OperationRef {
    /// The spec file (relative to the docs root) or URL.
    pub spec: String,
    /// Upper case: `GET`.
    pub method: String,
    /// The path; a webhook's name.
    pub path: String,
    /// An OpenAPI 3.1 `webhooks` entry (a request the API sends), not a
    /// `paths` operation.
    pub webhook: bool,
    #[serde(skip)]
    pub(crate) spec_index: usize,
}

impl std::fmt::Display for OperationRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.webhook { "webhook " } else { "" };
        write!(f, "{kind}{} {} ({})", self.method, self.path, self.spec)
    }
}

/// Why a reference matched no operation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FindError {
    #[error("`{reference}` is not an operation reference like `GET /users`, `openapi.json GET /users` or `webhook newUser`")]
    Malformed { reference: String },
    #[error("no OpenAPI spec `{spec}` is loaded (loaded: {})", list_or_none(.known))]
    UnknownSpec { spec: String, known: Vec<String> },
    #[error("no operation `{method} {path}` in {searched}; closest: {}", list_or_none(.closest))]
    NotFound {
        method: String,
        path: String,
        searched: String,
        closest: Vec<String>,
    },
    #[error("no schema `{name}` in the `components/schemas` of {searched}; closest: {}", list_or_none(.closest))]
    NoSchema {
        name: String,
        searched: String,
        closest: Vec<String>,
    },
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

/// A parsed reference: optional spec, method (upper case) and path, or
/// `WEBHOOK` and the webhook's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reference {
    pub spec: Option<String>,
    pub method: String,
    pub path: String,
}

impl Reference {
    /// The method token that names a webhook.
    pub const WEBHOOK: &'static str = "WEBHOOK";

    pub fn is_webhook(&self) -> bool {
        self.method == Self::WEBHOOK
    }
}

pub(crate) fn parse_reference(reference: &str) -> Result<Reference, FindError> {
    let malformed = || FindError::Malformed {
        reference: reference.to_string(),
    };
    let trimmed = unquote(reference.trim());
    let tokens: Vec<&str> = trimmed.split_whitespace().collect();
    let (spec, method, path) = match tokens.as_slice() {
        [method, path] => (None, *method, *path),
        [spec, method, path] => (Some(spec.to_string()), *method, *path),
        _ => return Err(malformed()),
    };
    let lower = method.to_ascii_lowercase();
    if !METHODS.contains(&lower.as_str()) && lower != "webhook" {
        return Err(malformed());
    }
    Ok(Reference {
        spec,
        method: method.to_ascii_uppercase(),
        path: path.to_string(),
    })
}

fn unquote(s: &str) -> &str {
    for quote in ['"', '\''] {
        if let Some(inner) = s.strip_prefix(quote).and_then(|r| r.strip_suffix(quote)) {
            return inner.trim();
        }
    }
    s
}

/// Whether a reference's spec token names the spec at `name` (docs-root
/// relative path or URL) with file stem `stem`.
pub(crate) fn spec_matches(token: &str, name: &str, stem: &str) -> bool {
    let token = token.trim_start_matches("./").trim_start_matches('/');
    let name = name.trim_start_matches('/');
    let without_ext = name.rsplit_once('.').map_or(name, |(base, _)| base);
    token == name || token == without_ext || token == stem
}

/// Paths are equal, or equal once a trailing slash is ignored.
pub(crate) fn paths_match(wanted: &str, candidate: &str, exact: bool) -> bool {
    if exact {
        wanted == candidate
    } else {
        wanted.trim_end_matches('/') == candidate.trim_end_matches('/')
    }
}

/// Up to three operations (`METHOD path`) closest to `wanted`.
pub(crate) fn closest(wanted: &str, candidates: impl Iterator<Item = String>) -> Vec<String> {
    let wanted = wanted.to_lowercase();
    let mut scored: Vec<(f64, String)> = candidates
        .map(|c| {
            (
                strsim::normalized_levenshtein(&wanted, &c.to_lowercase()),
                c,
            )
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

/// A hand-written endpoint page's `api:` frontmatter: `"POST https://host/path"`
/// (or a path when site.json has a base URL). Returns the upper-case method
/// and the URL or path.
pub fn parse_api_reference(s: &str) -> Option<(String, String)> {
    let trimmed = unquote(s.trim());
    let mut tokens = trimmed.split_whitespace();
    let method = tokens.next()?;
    let target = tokens.next()?;
    if tokens.next().is_some() || !METHODS.contains(&method.to_ascii_lowercase().as_str()) {
        return None;
    }
    Some((method.to_ascii_uppercase(), target.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_forms() {
        let r = parse_reference("\"v3-openapi put /api/v1/x\"").unwrap();
        assert_eq!(r.spec.as_deref(), Some("v3-openapi"));
        assert_eq!((r.method.as_str(), r.path.as_str()), ("PUT", "/api/v1/x"));
        assert_eq!(parse_reference("'GET /plants'").unwrap().spec, None);
        assert!(matches!(
            parse_reference("GET"),
            Err(FindError::Malformed { .. })
        ));
        assert!(matches!(
            parse_reference("FETCH /x"),
            Err(FindError::Malformed { .. })
        ));
        let hook = parse_reference("openapi.json webhook newPet").unwrap();
        assert!(hook.is_webhook());
        assert_eq!(
            (hook.spec.as_deref(), hook.path.as_str()),
            (Some("openapi.json"), "newPet")
        );
        assert!(parse_reference("webhook newPet").unwrap().is_webhook());
    }

    #[test]
    fn spec_tokens() {
        assert!(spec_matches("/openapi.yml", "openapi.yml", "openapi"));
        assert!(spec_matches("openapi", "openapi.yml", "openapi"));
        assert!(spec_matches("v1", "restapi/versions/v1.json", "v1"));
        assert!(spec_matches(
            "restapi/versions/v1",
            "restapi/versions/v1.json",
            "v1"
        ));
        assert!(!spec_matches("v2", "restapi/versions/v1.json", "v1"));
    }

    #[test]
    fn api_frontmatter() {
        assert_eq!(
            parse_api_reference("\"POST https://api.mintlify.com/api/user\""),
            Some(("POST".into(), "https://api.mintlify.com/api/user".into()))
        );
        assert_eq!(
            parse_api_reference("get /x"),
            Some(("GET".into(), "/x".into()))
        );
        assert_eq!(parse_api_reference("hello world"), None);
        assert_eq!(parse_api_reference("GET"), None);
    }
}
