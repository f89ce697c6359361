//! The page actions beside a page's title (docs.json `contextual`), as
//! Mintlify lists them: copy or view the page's Markdown; open it in
//! ChatGPT, Claude, Perplexity, Grok or Google AI Studio (a link whose
//! prompt names the page, filled in by `theme.js`); copy the site's MCP
//! server URL or its `npx add-mcp` command, or install it in Cursor or VS
//! Code through their documented links; open it in Devin
//! (`app.devin.ai/?prompt=`) or in Devin Desktop and Windsurf
//! (`windsurf://cascade?prompt=`), the links Mintlify's menu opens; download
//! the spec file an API page documents, as the site serves it
//! (`download-spec`, only on API pages); and custom links, whose `$path`
//! and `$mcp` are filled in here and `$page` (the page's Markdown) on the
//! reader's click. Their list is Mintlify's `#page-context-menu`.
//!
//! The MCP server is sheaf.toml's `[site] mcp-server` when it names one
//! (an HTTP server); else, with a site URL (`build --site-url`), sheaf's
//! own stdio server for the published site, `npx -y sheaf mcp SITE-URL`
//! (`crate::mcp` reads the site's search index and Markdown copies);
//! without either the MCP actions are left out (`site::checks` notes it).

use base64::Engine as _;
use serde::Serialize;

use super::icon;
use crate::config::{ActionHref, BuiltinAction, ContextualOption, CustomAction};
use crate::content::{Page, Site};

/// One page action beside the title.
#[derive(Serialize)]
pub struct PageAction {
    /// `copy` (the page's Markdown), `copy-text`, `ai`, `download` (the
    /// page's spec), `page-link` (a link with `$page` in it) or `link`.
    kind: &'static str,
    label: String,
    /// The link; for `copy`, the Markdown to copy (empty without one); for
    /// `download`, the spec file.
    href: String,
    /// `copy-text`: what the button copies; `ai`: the prompt's query key.
    data: String,
    description: String,
    icon: String,
}

impl PageAction {
    fn new(kind: &'static str, label: &str, href: String) -> PageAction {
        PageAction {
            kind,
            label: label.to_string(),
            href,
            data: String::new(),
            description: String::new(),
            icon: String::new(),
        }
    }

    fn with_data(mut self, data: String) -> PageAction {
        self.data = data;
        self
    }
}

/// The page actions `contextual` asks for; those that need the page's
/// Markdown copy only when the site writes them (`markdownSources`), those
/// that need an MCP server only when the site names one or is published
/// at a known URL, `download-spec` only on a page showing an operation of
/// `spec` (a file of the docs root, which the site serves, or a URL).
pub fn page_actions(
    site: &Site,
    page: &Page,
    root: &str,
    spec: Option<&str>,
    site_url: Option<&str>,
) -> Vec<PageAction> {
    let markdown = site
        .config
        .markdown_sources
        .then(|| format!("{root}{}.md", page.slug));
    let server = McpServer::of(site.config.mcp_server.as_deref(), site_url);
    let mcp = server.as_ref();
    let spec = spec.map(|spec| match crate::html::is_external_url(spec) {
        true => spec.to_string(),
        false => format!("{root}{}", encode_path(spec)),
    });
    (site.config.contextual.iter())
        .filter_map(|option| match option {
            ContextualOption::Builtin(BuiltinAction::DownloadSpec) => Some(PageAction::new(
                "download",
                "Download API spec",
                spec.clone()?,
            )),
            ContextualOption::Builtin(action) => {
                builtin(*action, markdown.as_deref(), mcp, &site.config.name)
            }
            ContextualOption::Custom(custom) => custom_action(site, page, custom, mcp),
        })
        .collect()
}

/// The MCP server the actions install.
pub enum McpServer {
    /// An HTTP server's URL (sheaf.toml's `[site] mcp-server`).
    Url(String),
    /// `npx -y sheaf mcp SITE-URL`: sheaf's stdio server for the site
    /// published at `SITE-URL`.
    Stdio(String),
}

impl McpServer {
    /// The server named in sheaf.toml, else the stdio server of the site
    /// published at `site_url`.
    pub fn of(named: Option<&str>, site_url: Option<&str>) -> Option<McpServer> {
        match (named, site_url) {
            (Some(url), _) => Some(McpServer::Url(url.to_string())),
            (None, Some(site)) => Some(McpServer::Stdio(site.trim_end_matches('/').to_string())),
            (None, None) => None,
        }
    }

    /// What `$mcp` stands for, and what the `mcp` action copies: the URL,
    /// or the command line.
    pub fn text(&self) -> String {
        match self {
            McpServer::Url(url) => url.clone(),
            McpServer::Stdio(site) => format!("npx -y sheaf mcp {site}"),
        }
    }

    /// The server's settings as MCP clients write them (Cursor's, VS
    /// Code's without its `name` and `type`).
    pub fn settings(&self) -> serde_json::Value {
        match self {
            McpServer::Url(url) => serde_json::json!({ "url": url }),
            McpServer::Stdio(site) => serde_json::json!({
                "command": "npx",
                "args": ["-y", "sheaf", "mcp", site],
            }),
        }
    }
}

fn builtin(
    action: BuiltinAction,
    markdown: Option<&str>,
    mcp: Option<&McpServer>,
    name: &str,
) -> Option<PageAction> {
    use BuiltinAction::*;
    let ai = |label: &str, url: &str, key: &str| {
        Some(PageAction::new("ai", label, url.into()).with_data(key.into()))
    };
    match action {
        Copy => Some(PageAction::new(
            "copy",
            "Copy page",
            markdown.unwrap_or_default().into(),
        )),
        View => Some(PageAction::new(
            "link",
            "View as Markdown",
            markdown?.into(),
        )),
        Chatgpt => ai("Open in ChatGPT", "https://chatgpt.com/", "q"),
        Claude => ai("Open in Claude", "https://claude.ai/new", "q"),
        Perplexity => ai(
            "Open in Perplexity",
            "https://www.perplexity.ai/search",
            "q",
        ),
        Grok => ai("Open in Grok", "https://grok.com/", "q"),
        Aistudio => ai(
            "Open in Google AI Studio",
            "https://aistudio.google.com/prompts/new_chat",
            "prompt",
        ),
        Devin => ai("Open in Devin", "https://app.devin.ai/", "prompt"),
        DevinDesktop => ai("Open in Devin Desktop", WINDSURF, "prompt"),
        Windsurf => ai("Open in Windsurf", WINDSURF, "prompt"),
        // Offered by `page_actions`, on API pages only.
        DownloadSpec => None,
        Mcp => {
            let label = match mcp? {
                McpServer::Url(_) => "Copy MCP server URL",
                McpServer::Stdio(_) => "Copy MCP server command",
            };
            Some(PageAction::new("copy-text", label, String::new()).with_data(mcp?.text()))
        }
        AddMcp => {
            let server = match mcp? {
                McpServer::Url(url) => url.clone(),
                stdio => format!("\"{}\"", stdio.text()),
            };
            Some(
                PageAction::new("copy-text", "Copy MCP install command", String::new())
                    .with_data(format!("npx add-mcp {server}")),
            )
        }
        Cursor => Some(PageAction::new(
            "link",
            "Connect to Cursor",
            cursor_link(name, mcp?),
        )),
        Vscode => Some(PageAction::new(
            "link",
            "Connect to VS Code",
            vscode_link(name, mcp?),
        )),
    }
}

/// Windsurf's (now Devin Desktop's) link that opens Cascade with a prompt.
const WINDSURF: &str = "windsurf://cascade";

/// Cursor's MCP install deep link: the server's settings as base64 JSON.
fn cursor_link(name: &str, server: &McpServer) -> String {
    let config = server.settings().to_string();
    let config = base64::engine::general_purpose::STANDARD.encode(config);
    format!(
        "cursor://anysphere.cursor-deeplink/mcp/install?name={}&config={}",
        encode(name),
        encode(&config)
    )
}

/// VS Code's `vscode:mcp/install` link: the server's settings as JSON.
fn vscode_link(name: &str, server: &McpServer) -> String {
    let mut config = serde_json::json!({ "name": name });
    let kind = match server {
        McpServer::Url(_) => "http",
        McpServer::Stdio(_) => "stdio",
    };
    config["type"] = kind.into();
    if let (Some(all), Some(more)) = (config.as_object_mut(), server.settings().as_object()) {
        all.extend(more.clone());
    }
    format!("vscode:mcp/install?{}", encode(&config.to_string()))
}

fn custom_action(
    site: &Site,
    page: &Page,
    custom: &CustomAction,
    mcp: Option<&McpServer>,
) -> Option<PageAction> {
    let path = match page.slug.as_str() {
        "index" => "/".to_string(),
        slug => format!("/{}", slug.strip_suffix("/index").unwrap_or(slug)),
    };
    let fill = |text: &str| {
        let text = text.replace("$path", &path);
        match mcp {
            Some(server) => text.replace("$mcp", &server.text()),
            None => text,
        }
    };
    let href = match &custom.href {
        ActionHref::Url(url) => fill(url),
        ActionHref::Query { base, query } => {
            let pairs: Vec<String> = (query.iter())
                .map(|q| format!("{}={}", encode(&q.key), encode(&fill(&q.value))))
                .collect();
            match pairs.is_empty() {
                true => fill(base),
                false => format!("{}?{}", fill(base), pairs.join("&")),
            }
        }
    };
    if !is_safe_link(&href) {
        return None;
    }
    let kind = match href.contains("$page") || href.contains("%24page") {
        true => "page-link",
        false => "link",
    };
    let mut action = PageAction::new(kind, &custom.title, href);
    action.description = custom.description.clone();
    if let Some(name) = &custom.icon {
        action.icon = icon::html(
            name,
            custom.icon_type.as_deref(),
            site.config.icon_library(),
        );
    }
    Some(action)
}

/// A link a reader may follow: a path, or a URL whose scheme runs no code.
fn is_safe_link(href: &str) -> bool {
    let scheme = href.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
    match scheme {
        Some(s)
            if s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            !matches!(s.as_str(), "javascript" | "data" | "vbscript" | "file")
        }
        _ => true,
    }
}

/// A docs-root path percent-encoded for a URL, its `/` kept.
fn encode_path(path: &str) -> String {
    path.split('/').map(encode).collect::<Vec<_>>().join("/")
}

/// `text` percent-encoded for a URL's query.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editors_links_carry_the_server() {
        let server = McpServer::Url("https://mcp.example.com/mcp".into());
        let cursor = cursor_link("User Group Service", &server);
        let config = cursor.split("config=").nth(1).unwrap().replace("%3D", "=");
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(config)
            .unwrap();
        assert_eq!(decoded, br#"{"url":"https://mcp.example.com/mcp"}"#);
        assert!(cursor.starts_with(
            "cursor://anysphere.cursor-deeplink/mcp/install?name=User%20Group%20Service&"
        ));
        let vscode = vscode_link("UGS", &server);
        assert_eq!(
            vscode,
            "vscode:mcp/install?%7B%22name%22%3A%22UGS%22%2C%22type%22%3A%22http%22%2C%22url%22%3A%22https%3A%2F%2Fmcp.example.com%2Fmcp%22%7D"
        );
    }

    #[test]
    fn without_a_server_the_links_install_the_stdio_server_of_the_site() {
        let server = McpServer::of(None, Some("https://docs.example.com/")).unwrap();
        assert_eq!(server.text(), "npx -y sheaf mcp https://docs.example.com");
        let vscode = vscode_link("UGS", &server);
        let decoded = percent_encoding::percent_decode_str(&vscode)
            .decode_utf8()
            .unwrap();
        assert_eq!(
            decoded,
            r#"vscode:mcp/install?{"name":"UGS","type":"stdio","command":"npx","args":["-y","sheaf","mcp","https://docs.example.com"]}"#
        );
        let add = builtin(BuiltinAction::AddMcp, None, Some(&server), "UGS").unwrap();
        assert_eq!(
            add.data,
            r#"npx add-mcp "npx -y sheaf mcp https://docs.example.com""#
        );
        assert!(McpServer::of(None, None).is_none());
        let named = McpServer::of(Some("https://mcp.x.dev/mcp"), Some("https://x.dev"));
        assert!(matches!(named, Some(McpServer::Url(_))));
    }

    #[test]
    fn links_that_would_run_code_are_refused() {
        assert!(is_safe_link("https://x.com/intent/tweet?text=%24page"));
        assert!(is_safe_link("/guides/quickstart"));
        assert!(is_safe_link("mailto:support@example.com"));
        assert!(!is_safe_link("JavaScript:alert(1)"));
        assert!(!is_safe_link("data:text/html,<script>"));
    }
}
