//! The server's tools: `search` (the site's own ranking, the Rust mirror of
//! `search.js` in `crate::search`) and `read_page` (a page's Markdown copy,
//! by URL or path). Arguments are checked strictly against the schemas
//! `tools/list` gives (unknown names, wrong types and oversized values are
//! JSON-RPC invalid-params errors); a search or read that fails on a valid
//! request (no such page, the site unreachable) is a tool result with
//! `isError`, as MCP asks, so the model sees why.

use serde_json::{json, Map, Value};

use super::source::{SiteSource, SourceError};
use crate::search::{Hit, Searcher};

/// The longest query read (characters); the index reads 16 terms anyway.
const MAX_QUERY_CHARS: usize = 1000;
/// The longest page URL, version or language name read.
const MAX_NAME_CHARS: usize = 2000;
/// Results a search gives by default, and at most.
const DEFAULT_LIMIT: u64 = 10;
const MAX_LIMIT: u64 = 50;

/// A tool call's answer.
pub enum Called {
    /// A result, maybe with `isError`.
    Result(Value),
    /// The call itself is wrong: a JSON-RPC invalid-params error.
    Invalid(String),
}

/// The tools of one site.
pub struct Tools {
    site: SiteSource,
    searcher: Option<Searcher>,
}

/// `tools/list`'s tools.
pub fn list() -> Value {
    json!([
        {
            "name": "search",
            "title": "Search the docs",
            "description": "Search this documentation site as its own search box does. Returns the best pages, each with its title, URL (with the anchor of the section that matched), navigation section and a short excerpt. Read a result in full with read_page.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "query": { "type": "string", "description": "Words to look for, e.g. `rotate token`.", "minLength": 1, "maxLength": MAX_QUERY_CHARS },
                    "language": { "type": "string", "description": "Only pages of this language code (e.g. `en`, `fr`), plus pages in every language." },
                    "version": { "type": "string", "description": "Only pages of this version (e.g. `v2`), plus pages in every version." },
                    "limit": { "type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT }
                },
                "required": ["query"],
                "additionalProperties": false
            },
            "outputSchema": {
                "type": "object",
                "properties": {
                    "results": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "title": { "type": "string" },
                                "url": { "type": "string" },
                                "section": { "type": ["string", "null"] },
                                "heading": { "type": ["string", "null"] },
                                "excerpt": { "type": "string" },
                                "version": { "type": ["string", "null"] }
                            },
                            "required": ["title", "url", "excerpt"]
                        }
                    }
                },
                "required": ["results"]
            },
            "annotations": { "readOnlyHint": true, "openWorldHint": false }
        },
        {
            "name": "read_page",
            "title": "Read a page",
            "description": "Read one page of this documentation site as Markdown, by its URL (as search returns it) or its path (e.g. `/quickstart`).",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "page": { "type": "string", "description": "The page's URL or path.", "minLength": 1, "maxLength": MAX_NAME_CHARS }
                },
                "required": ["page"],
                "additionalProperties": false
            },
            "annotations": { "readOnlyHint": true, "openWorldHint": false }
        }
    ])
}

impl Tools {
    pub fn new(site: SiteSource) -> Tools {
        Tools {
            site,
            searcher: None,
        }
    }

    pub fn site(&self) -> &SiteSource {
        &self.site
    }

    /// Runs the tool `name` with `arguments`.
    pub fn call(&mut self, name: &str, arguments: &Map<String, Value>) -> Called {
        let result = match name {
            "search" => SearchArgs::read(arguments).map(|args| self.search(&args)),
            "read_page" => page_arg(arguments).map(|page| self.read_page(&page)),
            _ => {
                return Called::Invalid(format!(
                    "unknown tool `{name}`: the tools are search and read_page"
                ))
            }
        };
        match result {
            Ok(Ok(value)) => Called::Result(value),
            Ok(Err(message)) => Called::Result(failed(&message)),
            Err(message) => Called::Invalid(message),
        }
    }

    /// The site's search index, opened on first use and kept.
    pub fn searcher(&mut self) -> Result<&mut Searcher, String> {
        Ok(match &mut self.searcher {
            Some(searcher) => searcher,
            slot => slot.insert(
                Searcher::with_files(self.site.index_files())
                    .map_err(|e| format!("cannot read the site's search index: {e}"))?,
            ),
        })
    }

    fn search(&mut self, args: &SearchArgs) -> Result<Value, String> {
        let searcher = self.searcher()?;
        for (wanted, known, what) in [
            (&args.version, searcher.versions(), "version"),
            (&args.language, searcher.languages(), "language"),
        ] {
            if let Some(wanted) = wanted.as_ref().filter(|w| !known.contains(w)) {
                return Err(match known.is_empty() {
                    true => {
                        format!("this site has no {what}s to choose from; search without `{what}`")
                    }
                    false => format!(
                        "no {what} `{wanted}`; this site's are: {}",
                        known.join(", ")
                    ),
                });
            }
        }
        let hits = searcher
            .search_in(
                &args.query,
                args.version.as_deref(),
                args.language.as_deref(),
                args.limit,
            )
            .map_err(|e| format!("cannot read the site's search index: {e}"))?;
        let results: Vec<Value> = hits.iter().map(|hit| self.result(hit)).collect();
        let text = results_text(&args.query, &results);
        Ok(json!({
            "content": [{ "type": "text", "text": text }],
            "structuredContent": { "results": results },
            "isError": false,
        }))
    }

    fn result(&self, hit: &Hit) -> Value {
        let best = hit.sections.first();
        let anchor = best.map(|(a, _)| a.as_str()).filter(|a| !a.is_empty());
        let mut url = match self.site.base() {
            Some(base) => format!("{base}{}", hit.url),
            None => format!("/{}", hit.url),
        };
        if let Some(anchor) = anchor {
            url = format!("{url}#{anchor}");
        }
        let heading = best.map(|(_, h)| h.as_str()).filter(|h| !h.is_empty());
        json!({
            "title": hit.title,
            "url": url,
            "section": hit.group,
            "heading": heading,
            "excerpt": hit.excerpt,
            "version": hit.version,
        })
    }

    fn read_page(&mut self, page: &str) -> Result<Value, String> {
        let markdown = self.markdown(page).map_err(|e| match e {
            PageError::NotFound(message) | PageError::Failed(message) => message,
        })?;
        Ok(json!({
            "content": [{ "type": "text", "text": markdown }],
            "isError": false,
        }))
    }

    /// The Markdown copy of the page `page` (a URL or path) names.
    pub fn markdown(&self, page: &str) -> Result<String, PageError> {
        let path = page_path(page, self.site.base()).map_err(PageError::NotFound)?;
        let candidates = match path.as_str() {
            "" => vec!["index.md".to_string()],
            path => vec![format!("{path}.md"), format!("{path}/index.md")],
        };
        for candidate in &candidates {
            match self.site.read(candidate) {
                Ok(markdown) => return Ok(markdown),
                Err(SourceError::NotFound(_)) => continue,
                Err(e) => return Err(PageError::Failed(e.to_string())),
            }
        }
        Err(PageError::NotFound(format!(
            "no page `{}` on this site (no Markdown copy at {}); search for it first",
            truncated(page),
            candidates.join(" or ")
        )))
    }
}

/// Why a page could not be read.
pub enum PageError {
    /// No such page on this site (or not a page of it).
    NotFound(String),
    /// The site could not be read.
    Failed(String),
}

/// An `isError` result saying `message`.
fn failed(message: &str) -> Value {
    json!({ "content": [{ "type": "text", "text": message }], "isError": true })
}

/// The results as text: one numbered block per page.
fn results_text(query: &str, results: &[Value]) -> String {
    if results.is_empty() {
        return format!("No pages match `{query}`.");
    }
    let mut out = String::new();
    for (n, result) in results.iter().enumerate() {
        let field = |name: &str| result[name].as_str().unwrap_or_default().to_string();
        let mut title = field("title");
        if let Some(section) = result["section"].as_str() {
            title = format!("{title} ({section})");
        }
        out.push_str(&format!("{}. {title}\n   {}\n", n + 1, field("url")));
        let excerpt = field("excerpt");
        if !excerpt.is_empty() {
            out.push_str(&format!("   {excerpt}\n"));
        }
    }
    out
}

/// `search`'s arguments.
struct SearchArgs {
    query: String,
    version: Option<String>,
    language: Option<String>,
    limit: usize,
}

impl SearchArgs {
    fn read(arguments: &Map<String, Value>) -> Result<SearchArgs, String> {
        only_known(arguments, &["query", "version", "language", "limit"])?;
        let query = string(arguments, "query", MAX_QUERY_CHARS)?.ok_or("`query` is required")?;
        if query.trim().is_empty() {
            return Err("`query` is empty".into());
        }
        let limit = match arguments.get("limit") {
            None => DEFAULT_LIMIT,
            Some(value) => value
                .as_u64()
                .filter(|n| (1..=MAX_LIMIT).contains(n))
                .ok_or(format!("`limit` must be an integer from 1 to {MAX_LIMIT}"))?,
        };
        Ok(SearchArgs {
            query,
            version: string(arguments, "version", MAX_NAME_CHARS)?,
            language: string(arguments, "language", MAX_NAME_CHARS)?,
            limit: limit as usize,
        })
    }
}

/// `read_page`'s argument.
fn page_arg(arguments: &Map<String, Value>) -> Result<String, String> {
    only_known(arguments, &["page"])?;
    let page = string(arguments, "page", MAX_NAME_CHARS)?.ok_or("`page` is required")?;
    match page.trim() {
        "" => Err("`page` is empty".into()),
        _ => Ok(page),
    }
}

fn only_known(arguments: &Map<String, Value>, known: &[&str]) -> Result<(), String> {
    match arguments.keys().find(|k| !known.contains(&k.as_str())) {
        Some(unknown) => Err(format!(
            "unknown argument `{}`; the arguments are {}",
            truncated(unknown),
            known.join(", ")
        )),
        None => Ok(()),
    }
}

/// The string argument `name`, at most `max` characters.
fn string(
    arguments: &Map<String, Value>,
    name: &str,
    max: usize,
) -> Result<Option<String>, String> {
    match arguments.get(name) {
        None => Ok(None),
        Some(Value::String(s)) if s.chars().count() <= max => Ok(Some(s.clone())),
        Some(Value::String(_)) => Err(format!("`{name}` is longer than {max} characters")),
        Some(_) => Err(format!("`{name}` must be a string")),
    }
}

fn truncated(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The site path of the page `page` names (no leading or trailing slash,
/// `""` for the home page): a URL of the site (with `base`, one under it;
/// without, any URL's path) or a path, without its query, anchor, `.md`
/// or `.html`.
pub fn page_path(page: &str, base: Option<&str>) -> Result<String, String> {
    let page = page.trim();
    let not_here = || {
        format!(
            "`{}` is not a page of this site ({})",
            truncated(page),
            base.unwrap_or("a local site")
        )
    };
    let mut path = if page.starts_with("http://") || page.starts_with("https://") {
        let url = url::Url::parse(page).map_err(|_| not_here())?;
        match base {
            Some(base) => url
                .as_str()
                .strip_prefix(base)
                .or_else(|| (url.as_str() == base.trim_end_matches('/')).then_some(""))
                .map(|rest| rest.split(['?', '#']).next().unwrap_or("").to_string())
                .ok_or_else(not_here)?,
            None => url.path().to_string(),
        }
    } else {
        let path = page.split(['?', '#']).next().unwrap_or("");
        let base_path = base
            .and_then(|b| url::Url::parse(b).ok())
            .map(|u| u.path().to_string());
        match base_path.as_deref() {
            Some(prefix) if prefix != "/" && format!("{path}/").starts_with(prefix) => {
                path[prefix.len() - 1..].to_string()
            }
            _ => path.to_string(),
        }
    };
    path = percent_encoding::percent_decode_str(&path)
        .decode_utf8()
        .map_err(|_| not_here())?
        .into_owned();
    let mut path = path.trim_matches('/');
    for suffix in [".md", ".mdx", ".html"] {
        path = path.strip_suffix(suffix).unwrap_or(path);
    }
    let path = path.strip_suffix("/index").unwrap_or(path);
    let path = if path == "index" { "" } else { path };
    if !path.is_empty() && !super::files::is_site_path(path) {
        return Err(format!("`{}` leaves the site", truncated(page)));
    }
    Ok(path.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_named_by_url_or_path() {
        let base = Some("https://docs.example.com/docs/");
        let path = |p: &str, b| page_path(p, b);
        assert_eq!(path("/quickstart", None).unwrap(), "quickstart");
        assert_eq!(path("api/user/#get", None).unwrap(), "api/user");
        assert_eq!(path("guides/a.md", None).unwrap(), "guides/a");
        assert_eq!(path("https://anything.dev/a/b?x#y", None).unwrap(), "a/b");
        assert_eq!(path("/", None).unwrap(), "");
        assert_eq!(path("index", None).unwrap(), "");
        assert_eq!(
            path("https://docs.example.com/docs/a/b#c", base).unwrap(),
            "a/b"
        );
        assert_eq!(path("https://docs.example.com/docs", base).unwrap(), "");
        assert_eq!(path("/docs/a", base).unwrap(), "a");
        assert_eq!(path("a", base).unwrap(), "a");
        assert!(path("https://evil.example.com/docs/a", base).is_err());
        assert!(path("https://docs.example.com/other", base).is_err());
        assert!(path("../../etc/passwd", None).is_err());
        assert!(path("a/%2e%2e/%2e%2e/x", None).is_err());
        assert!(path("c:\\x", None).is_err());
    }

    #[test]
    fn arguments_are_read_strictly() {
        let args = |v: Value| v.as_object().unwrap().clone();
        assert!(SearchArgs::read(&args(json!({"query": "token"}))).is_ok());
        for bad in [
            json!({}),
            json!({"query": 3}),
            json!({"query": "  "}),
            json!({"query": "a", "limit": 0}),
            json!({"query": "a", "limit": 51}),
            json!({"query": "a", "limit": "5"}),
            json!({"query": "a", "extra": true}),
            json!({"query": "a".repeat(1001)}),
        ] {
            assert!(SearchArgs::read(&args(bad.clone())).is_err(), "{bad}");
        }
        assert!(page_arg(&args(json!({"page": ""}))).is_err());
        assert!(page_arg(&args(json!({"page": ["a"]}))).is_err());
    }
}
