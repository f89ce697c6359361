//! The site's pages as MCP resources: `resources/list` names every page
//! the search index holds (its cards: URL and title, in navigation order),
//! [`PAGE_SIZE`] a time with an opaque `nextCursor`, and `resources/read`
//! gives a page's Markdown copy (`text/markdown`), as `read_page` does.
//!
//! A page's URI is its published address when the site has one (a URL
//! source: the same link `search` gives), else `sheaf://site/PATH` (a
//! folder or docs root has no address a client could fetch). The server
//! offers no templates (`resources/templates/list` is empty) and no
//! subscriptions: a site does not change while the server reads it.
//!
//! A cursor that is not one the server gave, or a URI that names no page
//! of the site, is an error: invalid params (-32602) and MCP's resource
//! not found (-32002).

use serde_json::{json, Map, Value};

use super::jsonrpc::{INTERNAL_ERROR, INVALID_PARAMS};
use super::tools::{PageError, Tools};

/// MCP's error code for a resource that does not exist.
pub const RESOURCE_NOT_FOUND: i64 = -32002;
/// Pages listed per `resources/list` answer.
pub const PAGE_SIZE: u32 = 100;
/// The scheme and host of the URI of a page of a site without an address.
const LOCAL: &str = "sheaf://site/";
/// The longest URI read.
const MAX_URI_CHARS: usize = 2000;

/// A protocol error: (code, message).
pub type Refusal = (i64, String);

/// `resources/list`: the pages from the cursor on.
pub fn list(tools: &mut Tools, params: &Map<String, Value>) -> Result<Value, Refusal> {
    let base = tools.site().base().map(str::to_owned);
    let searcher = tools.searcher().map_err(|e| (INTERNAL_ERROR, e))?;
    let count = searcher.doc_count();
    let first = match params.get("cursor") {
        None | Some(Value::Null) => 0,
        Some(Value::String(cursor)) => read_cursor(cursor, count)?,
        Some(_) => return Err((INVALID_PARAMS, "`cursor` must be a string".into())),
    };
    let end = first.saturating_add(PAGE_SIZE).min(count);
    let mut resources = Vec::new();
    for doc in first..end {
        let (url, title) = searcher.card(doc).map_err(|e| {
            let message = format!("cannot read the site's search index: {e}");
            (INTERNAL_ERROR, message)
        })?;
        resources.push(json!({
            "uri": uri(base.as_deref(), &url),
            "name": name(&url),
            "title": title,
            "mimeType": "text/markdown",
        }));
    }
    let mut result = json!({ "resources": resources });
    if end < count {
        result["nextCursor"] = json!(format!("page-{end}"));
    }
    Ok(result)
}

/// `resources/read`: the Markdown of the page `params.uri` names.
pub fn read(tools: &Tools, params: &Map<String, Value>) -> Result<Value, Refusal> {
    let uri = match params.get("uri") {
        Some(Value::String(uri)) if uri.chars().count() <= MAX_URI_CHARS => uri,
        Some(Value::String(_)) => {
            let message = format!("`uri` is longer than {MAX_URI_CHARS} characters");
            return Err((INVALID_PARAMS, message));
        }
        _ => return Err((INVALID_PARAMS, "`params.uri` (a string) is required".into())),
    };
    let page = match uri.strip_prefix(LOCAL) {
        Some(path) => format!("/{path}"),
        None if uri.starts_with("http://") || uri.starts_with("https://") => uri.clone(),
        None => {
            let message = format!(
                "no resource `{}`: this server's URIs start with {LOCAL} or the site's address",
                short(uri)
            );
            return Err((RESOURCE_NOT_FOUND, message));
        }
    };
    match tools.markdown(&page) {
        Ok(text) => Ok(json!({
            "contents": [{ "uri": uri, "mimeType": "text/markdown", "text": text }]
        })),
        Err(PageError::NotFound(message)) => Err((RESOURCE_NOT_FOUND, message)),
        Err(PageError::Failed(message)) => Err((INTERNAL_ERROR, message)),
    }
}

/// The first doc of the page of the list `cursor` names.
fn read_cursor(cursor: &str, count: u32) -> Result<u32, Refusal> {
    cursor
        .strip_prefix("page-")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n < count && n % PAGE_SIZE == 0)
        .ok_or_else(|| {
            let message = format!("invalid cursor `{}`: pass a `nextCursor` this server gave, or none for the first page", short(cursor));
            (INVALID_PARAMS, message)
        })
}

/// The URI of the page at the site URL `url` (`guides/a/`, `""` for home).
fn uri(base: Option<&str>, url: &str) -> String {
    format!("{}{url}", base.unwrap_or(LOCAL))
}

/// A page's name: its path, `index` for the home page.
fn name(url: &str) -> String {
    match url.trim_matches('/') {
        "" => "index".to_string(),
        path => path.to_string(),
    }
}

fn short(text: &str) -> String {
    text.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_are_the_servers_own() {
        assert_eq!(read_cursor("page-100", 250), Ok(100));
        assert_eq!(read_cursor("page-200", 250), Ok(200));
        for bad in [
            "", "page-", "page-250", "page-50", "page--1", "100", "page-1e9",
        ] {
            assert_eq!(
                read_cursor(bad, 250).unwrap_err().0,
                INVALID_PARAMS,
                "{bad}"
            );
        }
    }

    #[test]
    fn a_page_uri_is_its_address_or_a_local_one() {
        let base = Some("https://docs.example.com/docs/");
        assert_eq!(
            uri(base, "guides/a/"),
            "https://docs.example.com/docs/guides/a/"
        );
        assert_eq!(uri(None, "guides/a/"), "sheaf://site/guides/a/");
        assert_eq!(uri(None, ""), "sheaf://site/");
        assert_eq!(
            (name("guides/a/"), name("")),
            ("guides/a".into(), "index".into())
        );
    }
}
