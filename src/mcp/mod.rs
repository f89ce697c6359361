//! `sheaf mcp`: a Model Context Protocol server for one sheaf site, and the
//! same answers at the preview's `/mcp`.
//!
//! A static host runs no server, but everything an MCP server for docs
//! needs is already published: the search index (`search/`), each page's
//! Markdown copy (`PAGE.md`) and `llms.txt`. So the server reads a site
//! (`source.rs`): a built folder, a docs root built into a temporary
//! folder, or a published site over HTTP(S) (`remote.rs`: that site only,
//! bounded, cached while the server runs), and offers two tools
//! (`tools.rs`): `search`, ranked as the site's own search box ranks, and
//! `read_page`; and its pages as resources (`resources.rs`).
//!
//! The protocol is JSON-RPC 2.0 (`jsonrpc.rs`, read strictly), over
//! standard input and output (`stdio.rs`: one message a line, at most
//! [`stdio::MAX_LINE`] bytes) or Streamable HTTP (`http.rs`, JSON answers,
//! no session: every request stands alone). [`Session`] answers one
//! message: `initialize` (version negotiation: the client's version when
//! it is one of [`VERSIONS`], else the newest), `ping`, `tools/list`,
//! `tools/call`, `resources/list`, `resources/read`,
//! `resources/templates/list` (none); a request other than `initialize` and `ping` before
//! `initialize` (over stdio) is an invalid request.
//!
//! Written by hand rather than with `rmcp`: the server answers seven
//! methods one message at a time, where `rmcp` would bring an async
//! runtime (`tokio`, today only in the tests) into the binary, its
//! Streamable HTTP server is built on `axum`/`hyper` (the preview is
//! `tiny_http` threads with its own front door and host checks), and its
//! derived tool schemas need `schemars`. The reading is strict (no batch,
//! `jsonrpc` and `id` checked, every argument against its schema, bounded
//! lines); `tests/mcp.rs` feeds it malformed, huge and hostile input and
//! `bench/mcp.sh` drives it with the official TypeScript SDK.

mod files;
mod http;
mod jsonrpc;
mod remote;
mod resources;
mod source;
mod stdio;
mod tools;

use serde_json::{json, Map, Value};

pub use http::{answer_http, HttpAnswer, MAX_BODY};
pub use source::{SiteSource, SourceError};
pub use stdio::{run_stdio, serve_stdio};

use jsonrpc::{Failure, Incoming};
use tools::{Called, Tools};

/// The protocol versions the server speaks, newest first.
pub const VERSIONS: [&str; 4] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// One client's conversation with the server.
pub struct Session {
    tools: Tools,
    /// Whether the client has sent `initialize` (stdio insists on it first).
    initialized: bool,
}

impl Session {
    /// A session about `site`; `stateless` (HTTP) takes any request at once.
    pub fn new(site: SiteSource, stateless: bool) -> Session {
        Session {
            tools: Tools::new(site),
            initialized: stateless,
        }
    }

    /// The answer to the message `text`, if it gets one.
    pub fn answer(&mut self, text: &[u8]) -> Option<Value> {
        match jsonrpc::parse(text) {
            Ok(message) => self.answer_message(message),
            Err(failure) => Some(failure.to_value()),
        }
    }

    /// The answer to a message already parsed as JSON.
    pub fn answer_value(&mut self, value: Value) -> Option<Value> {
        match jsonrpc::read(value) {
            Ok(message) => self.answer_message(message),
            Err(failure) => Some(failure.to_value()),
        }
    }

    fn answer_message(&mut self, message: Incoming) -> Option<Value> {
        let Incoming::Request { id, method, params } = message else {
            return None;
        };
        Some(match self.request(&id, &method, &params) {
            Ok(result) => jsonrpc::success(&id, result),
            Err(failure) => failure.to_value(),
        })
    }

    fn request(
        &mut self,
        id: &Value,
        method: &str,
        params: &Map<String, Value>,
    ) -> Result<Value, Failure> {
        let invalid = |message: String| Failure::new(id, jsonrpc::INVALID_PARAMS, message);
        let refused = |(code, message): resources::Refusal| Failure::new(id, code, message);
        if !self.initialized && !matches!(method, "initialize" | "ping") {
            let message = format!("`{method}` before `initialize`: initialize the session first");
            return Err(Failure::new(id, jsonrpc::INVALID_REQUEST, message));
        }
        match method {
            "initialize" => {
                let result = self.initialize(params).map_err(invalid)?;
                self.initialized = true;
                Ok(result)
            }
            "ping" => Ok(json!({})),
            "tools/list" => Ok(json!({ "tools": tools::list() })),
            "resources/list" => resources::list(&mut self.tools, params).map_err(refused),
            "resources/read" => resources::read(&self.tools, params).map_err(refused),
            "resources/templates/list" => Ok(json!({ "resourceTemplates": [] })),
            "tools/call" => {
                let name = match params.get("name") {
                    Some(Value::String(name)) => name.clone(),
                    _ => return Err(invalid("`params.name` must be the tool's name".into())),
                };
                let arguments = match params.get("arguments") {
                    None | Some(Value::Null) => Map::new(),
                    Some(Value::Object(arguments)) => arguments.clone(),
                    Some(_) => return Err(invalid("`params.arguments` must be an object".into())),
                };
                match self.tools.call(&name, &arguments) {
                    Called::Result(result) => Ok(result),
                    Called::Invalid(message) => Err(invalid(message)),
                }
            }
            _ => {
                let message = format!("method `{method}` not found: this server offers initialize, ping, tools/list, tools/call, resources/list, resources/read and resources/templates/list");
                Err(Failure::new(id, jsonrpc::METHOD_NOT_FOUND, message))
            }
        }
    }

    fn initialize(&self, params: &Map<String, Value>) -> Result<Value, String> {
        let asked = match params.get("protocolVersion") {
            Some(Value::String(version)) => version.as_str(),
            _ => return Err("`protocolVersion` (a string) is required".into()),
        };
        if !params.get("capabilities").is_some_and(Value::is_object) {
            return Err("`capabilities` (an object) is required".into());
        }
        let name = site_name(self.tools.site());
        Ok(json!({
            "protocolVersion": negotiate(asked),
            "capabilities": {
                "tools": { "listChanged": false },
                "resources": { "subscribe": false, "listChanged": false },
            },
            "serverInfo": {
                "name": "sheaf",
                "title": format!("{} docs", name),
                "version": env!("CARGO_PKG_VERSION"),
            },
            "instructions": format!("Documentation of {}. Use `search` to find pages (title, URL, section, excerpt), then `read_page` with a result's URL to read the page as Markdown. Every page is also a resource (text/markdown).", name),
        }))
    }
}

/// The version to speak with a client asking for `asked`.
pub fn negotiate(asked: &str) -> &'static str {
    VERSIONS
        .iter()
        .find(|v| **v == asked)
        .copied()
        .unwrap_or(VERSIONS[0])
}

/// The site's name, from the first line of its `llms.txt` (`# Name`).
fn site_name(site: &SiteSource) -> String {
    let text = site.read("llms.txt").unwrap_or_default();
    let first = text.lines().next().unwrap_or_default();
    match first.strip_prefix("# ").map(str::trim) {
        Some(name) if !name.is_empty() => name.chars().take(200).collect(),
        _ => "the site".to_string(),
    }
}
