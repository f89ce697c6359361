//! Which hosts the playground proxy may reach: the site's own API base URLs,
//! from site.json `api.baseUrl` and the `servers` of its OpenAPI specs (the
//! specs named in site.json `openapi` and the spec files found in the docs
//! root). A request URL is allowed when its scheme, host and port equal one
//! base URL's and its path lies under that base URL's path. Anything else is
//! refused: the proxy is never an open relay.

use std::path::Path;
use std::str::FromStr;

use ureq::http::Uri;

use super::changes::{classify, ChangeKind};
use crate::config;
use crate::openapi::{looks_like_spec, ApiSpecs};
use crate::sources::SourceFiles;

/// The API base URLs the proxy forwards to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList {
    bases: Vec<Base>,
}

/// One parsed base URL.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Base {
    original: String,
    scheme: String,
    host: String,
    port: u16,
    /// Without a trailing slash (`""` for the whole host).
    path: String,
}

impl AllowList {
    /// An allow-list of absolute `http`/`https` URLs; other entries (relative
    /// server URLs, templates) are skipped.
    pub fn new(urls: impl IntoIterator<Item = String>) -> AllowList {
        let mut bases: Vec<Base> = urls.into_iter().filter_map(|u| parse_base(&u)).collect();
        bases.sort_by(|a, b| a.original.cmp(&b.original));
        bases.dedup();
        AllowList { bases }
    }

    /// The allow-list of the docs root `root`, read from its config and specs.
    /// A config that does not load yields an empty list.
    pub fn for_site(root: &Path) -> AllowList {
        let files = SourceFiles::scan(root);
        let loaded = config::load_listed(&files);
        let Some(config) = loaded.config else {
            return AllowList::default();
        };
        let api = config.api.clone().unwrap_or_default();
        let mut sources: Vec<String> = config
            .openapi
            .as_ref()
            .map(|o| o.to_vec())
            .unwrap_or_default();
        sources.extend(discovered_specs(&files));
        let (specs, _) = ApiSpecs::load(root, &sources);
        let mut urls = api.base_urls();
        for op in specs.operations() {
            urls.extend(specs.endpoint(&op, &api).base_urls);
        }
        AllowList::new(urls)
    }

    /// The base URLs, for error messages.
    pub fn urls(&self) -> Vec<&str> {
        self.bases.iter().map(|b| b.original.as_str()).collect()
    }

    /// Whether the proxy may send a request to `url`.
    pub fn allows(&self, url: &str) -> bool {
        let Some(target) = parse_target(url) else {
            return false;
        };
        self.bases.iter().any(|base| {
            base.scheme == target.scheme
                && base.host == target.host
                && base.port == target.port
                && under(&target.path, &base.path)
        })
    }
}

/// Spec files in the docs root's listing (relative paths, nothing
/// `.mintignore` excludes), found by content.
fn discovered_specs(files: &SourceFiles) -> Vec<String> {
    files
        .iter()
        .filter(|name| classify(Path::new(name)) == Some(ChangeKind::OpenApi))
        .filter(|name| {
            let path = Path::new(name);
            files
                .read_to_string(path)
                .is_ok_and(|text| looks_like_spec(path, &text))
        })
        .map(String::from)
        .collect()
}

fn parse_base(url: &str) -> Option<Base> {
    let parsed = parse_target(url)?;
    Some(Base {
        original: url.trim_end_matches('/').to_string(),
        path: parsed.path.trim_end_matches('/').to_string(),
        ..parsed
    })
}

/// Scheme, lower-case host, port (explicit or the scheme's) and path of an
/// absolute http(s) URL; `None` for anything else, for URLs with user info,
/// and for paths with `.`/`..` segments (which the far side would resolve
/// outside the base path).
fn parse_target(url: &str) -> Option<Base> {
    let uri = Uri::from_str(url).ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    let authority = uri.authority()?;
    if authority.as_str().contains('@') {
        return None;
    }
    let path = uri.path().to_string();
    let decoded = percent_encoding::percent_decode_str(&path).decode_utf8_lossy();
    if decoded.split(['/', '\\']).any(|s| s == "." || s == "..") {
        return None;
    }
    Some(Base {
        original: url.to_string(),
        host: authority.host().to_ascii_lowercase(),
        port: authority.port_u16().unwrap_or(default_port),
        scheme,
        path,
    })
}

/// Whether `path` is `base` or below it (segment-wise: `/v1` covers `/v1/x`,
/// not `/v10`).
fn under(path: &str, base: &str) -> bool {
    base.is_empty()
        || path == base
        || path
            .strip_prefix(base)
            .is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> AllowList {
        AllowList::new([
            "https://api.example.com/v1/".to_string(),
            "http://127.0.0.1:8080".to_string(),
            "/relative".to_string(),
            "https://{region}.example.com".to_string(),
        ])
    }

    #[test]
    fn allows_urls_under_a_base() {
        let list = list();
        assert_eq!(
            list.urls(),
            ["http://127.0.0.1:8080", "https://api.example.com/v1"]
        );
        for url in [
            "https://api.example.com/v1",
            "https://api.example.com/v1/users?x=1",
            "https://API.example.com:443/v1/users",
            "http://127.0.0.1:8080/api/user",
        ] {
            assert!(list.allows(url), "{url}");
        }
    }

    #[test]
    fn refuses_other_hosts_ports_schemes_and_paths() {
        let list = list();
        for url in [
            "https://evil.example.com/v1",
            "http://api.example.com/v1",
            "https://api.example.com:8443/v1",
            "https://api.example.com/v10",
            "https://api.example.com/",
            "https://api.example.com/v1/../admin",
            "https://api.example.com/v1/%2e%2e/admin",
            "https://api.example.com@evil.com/v1",
            "http://127.0.0.1:8081/api/user",
            "http://127.0.0.1:8080@evil.com/",
            "ftp://127.0.0.1:8080/",
            "/api/user",
            "not a url",
        ] {
            assert!(!list.allows(url), "{url}");
        }
    }

    #[test]
    fn reads_config_base_urls_and_spec_servers() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("site.json"),
            r#"{"name": "x", "navigation": [{"group": "G", "pages": ["index"]}],
                "api": {"baseUrl": "https://config.example.com"}}"#,
        )
        .unwrap();
        std::fs::write(dir.path().join("index.mdx"), "# Hi\n").unwrap();
        std::fs::write(
            dir.path().join("openapi.yaml"),
            "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nservers:\n  - url: https://spec.example.com/api\npaths:\n  /x:\n    get:\n      responses: {'200': {description: ok}}\n",
        )
        .unwrap();
        // api.baseUrl overrides the spec's servers on endpoint pages, so only it is a target.
        let list = AllowList::for_site(dir.path());
        assert!(list.allows("https://config.example.com/anything"));
        assert!(!list.allows("https://spec.example.com/api/x"));
        // Without api.baseUrl, the spec's servers are where the playground sends requests.
        std::fs::write(
            dir.path().join("site.json"),
            r#"{"name": "x", "navigation": [{"group": "G", "pages": ["index"]}]}"#,
        )
        .unwrap();
        let list = AllowList::for_site(dir.path());
        assert!(list.allows("https://spec.example.com/api/x"));
        assert!(!list.allows("https://spec.example.com/other"));
        assert!(!list.allows("https://config.example.com/anything"));
    }
}
