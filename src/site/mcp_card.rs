//! The files that advertise the site's MCP server, at the paths Mintlify
//! serves them (`/.well-known/mcp.json`, `/.well-known/mcp`,
//! `/mcp/server-card.json`), so an agent that knows only the site finds
//! its server: sheaf.toml's `[site] mcp-server` as a Streamable HTTP
//! remote, else sheaf's own stdio server for the published site (`npx -y
//! sheaf mcp SITE-URL`, an npm package with its arguments). Without
//! either (no `--site-url`) there is nothing to advertise and no file.
//!
//! The card has the shape of an MCP server card (SEP-2127: `name` in
//! reverse-DNS form, `title`, `description`, `remotes` or `packages`) and,
//! for people and clients that take it as it is, the `mcpServers` entry
//! Claude Desktop, Cursor and Claude Code read.

use serde_json::json;

use crate::render::McpServer;

/// Where the card is written, relative to the site root.
pub const CARD_PATHS: [&str; 3] = [
    ".well-known/mcp.json",
    ".well-known/mcp",
    "mcp/server-card.json",
];

/// The card of the site `name` published at `site_url`, whose sheaf.toml
/// names `mcp_server`, if it has a server.
pub fn server_card(name: &str, mcp_server: Option<&str>, site_url: Option<&str>) -> Option<String> {
    let server = McpServer::of(mcp_server, site_url)?;
    let host_of = |url: &str| url::Url::parse(url).ok()?.host_str().map(str::to_string);
    let host = site_url.and_then(host_of).or_else(|| match &server {
        McpServer::Url(url) => host_of(url),
        McpServer::Stdio(_) => None,
    });
    let reversed: Vec<&str> = host.as_deref().unwrap_or("docs").split('.').rev().collect();
    let key = slug(name);
    let mut card = json!({
        "name": format!("{}/{key}", reversed.join(".")),
        "title": name,
        "description": format!("Search and read the {name} documentation."),
    });
    match &server {
        McpServer::Url(url) => {
            card["remotes"] = json!([{ "type": "streamable-http", "url": url }]);
        }
        McpServer::Stdio(site) => {
            card["version"] = env!("CARGO_PKG_VERSION").into();
            card["packages"] = json!([{
                "registryType": "npm",
                "identifier": "sheaf",
                "transport": { "type": "stdio" },
                "packageArguments": [
                    { "type": "positional", "value": "mcp" },
                    { "type": "positional", "value": site },
                ],
            }]);
        }
    }
    card["mcpServers"] = json!({ key: server.settings() });
    Some(serde_json::to_string_pretty(&card).unwrap_or_default() + "\n")
}

/// `name` in lower case, words joined by `-` (`docs` when nothing is left).
fn slug(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    match words.is_empty() {
        true => "docs".to_string(),
        false => words.join("-"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn a_site_name_becomes_a_key() {
        assert_eq!(slug("User Group Service"), "user-group-service");
        assert_eq!(slug("!!"), "docs");
    }

    #[test]
    fn the_card_names_the_stdio_server_of_the_published_site() {
        let name = "User Group Service";
        assert_eq!(server_card(name, None, None), None);
        let card = server_card(name, None, Some("https://docs.example.com/")).unwrap();
        let card: Value = serde_json::from_str(&card).unwrap();
        assert_eq!(card["name"], "com.example.docs/user-group-service");
        assert_eq!(
            card["packages"][0]["packageArguments"][1]["value"],
            "https://docs.example.com"
        );
        let args = &card["mcpServers"]["user-group-service"]["args"];
        assert_eq!(
            args,
            &json!(["-y", "sheaf", "mcp", "https://docs.example.com"])
        );
        let card = server_card(name, Some("https://mcp.example.com/mcp"), None).unwrap();
        let card: Value = serde_json::from_str(&card).unwrap();
        assert_eq!(card["remotes"][0]["url"], "https://mcp.example.com/mcp");
        assert_eq!(card["name"], "com.example.mcp/user-group-service");
    }
}
