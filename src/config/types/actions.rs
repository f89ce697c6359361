//! docs.json `contextual.options`: the page actions beside a page's title.
//! Built-in actions are links or copy buttons (no third-party script); a
//! custom one is a link whose `$path`, `$mcp` and `$page` are filled in.

use serde::{Deserialize, Serialize};

/// One entry of `contextual.options`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum ContextualOption {
    Builtin(BuiltinAction),
    Custom(CustomAction),
}

/// The built-in actions sheaf offers (Mintlify's identifiers).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum BuiltinAction {
    /// Copy the page as Markdown.
    Copy,
    /// View the page's Markdown source.
    View,
    /// Open the page in ChatGPT.
    Chatgpt,
    /// Open the page in Claude.
    Claude,
    /// Open the page in Perplexity.
    Perplexity,
    /// Open the page in Grok.
    Grok,
    /// Open the page in Google AI Studio.
    Aistudio,
    /// Open the page in Devin (a session whose prompt names the page).
    Devin,
    /// Open the page in Devin Desktop (formerly Windsurf; its `windsurf://` link).
    DevinDesktop,
    /// Open the page in Windsurf's Cascade (its `windsurf://` link).
    Windsurf,
    /// Download the spec an API page documents (only on API pages).
    DownloadSpec,
    /// Copy the MCP server's URL.
    Mcp,
    /// Copy the `npx add-mcp` command that installs the MCP server.
    AddMcp,
    /// Install the MCP server in Cursor (its deep link).
    Cursor,
    /// Install the MCP server in VS Code (its `vscode:mcp/install` link).
    Vscode,
}

impl BuiltinAction {
    /// Whether the action needs the site's MCP server.
    pub fn needs_mcp_server(self) -> bool {
        matches!(self, Self::Mcp | Self::AddMcp | Self::Cursor | Self::Vscode)
    }
}

/// A custom entry: `{title, description, icon, href}`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CustomAction {
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(default, rename = "iconType", skip_serializing_if = "Option::is_none")]
    pub icon_type: Option<String>,
    pub href: ActionHref,
}

/// A custom action's target: a URL, or a base URL and query parameters.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum ActionHref {
    Url(String),
    Query {
        base: String,
        #[serde(default)]
        query: Vec<QueryParam>,
    },
}

/// One `key=value` of a custom action's query.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct QueryParam {
    pub key: String,
    pub value: String,
}
