//! MCP's Streamable HTTP transport, as the preview answers it at `/mcp`:
//! each POST carries one JSON-RPC message; a request is answered with one
//! JSON object (`application/json`; the server opens no event stream, so a
//! GET is 405), a notification or reply with `202 Accepted`. The server
//! keeps no session: each request is answered by a fresh [`Session`] over
//! the site as built at that moment. An `MCP-Protocol-Version` header
//! naming a version the server does not speak is a `400`, as the
//! specification asks. Host and `Origin` checks are the preview's own.

use std::path::Path;

use super::{jsonrpc, Session, SiteSource, VERSIONS};

/// The largest message body read.
pub const MAX_BODY: usize = 1024 * 1024;

/// What to send back.
#[derive(Debug, PartialEq)]
pub struct HttpAnswer {
    pub status: u16,
    /// A JSON body (`application/json`), if any.
    pub body: Option<String>,
}

/// The answer to a POST of `body` to `/mcp` of the site built in `dir`,
/// with the request's `MCP-Protocol-Version` header.
pub fn answer_http(dir: &Path, body: &[u8], version: Option<&str>) -> HttpAnswer {
    if let Some(version) = version.filter(|v| !VERSIONS.contains(v)) {
        let message = format!(
            "unsupported MCP-Protocol-Version `{}`; this server speaks {}",
            version.chars().take(40).collect::<String>(),
            VERSIONS.join(", ")
        );
        return error(400, jsonrpc::INVALID_REQUEST, &message);
    }
    if body.len() > MAX_BODY {
        let message = format!("the message is larger than {MAX_BODY} bytes");
        return error(413, jsonrpc::INVALID_REQUEST, &message);
    }
    let site = match SiteSource::folder(dir) {
        Ok(site) => site,
        Err(e) => return error(503, jsonrpc::INTERNAL_ERROR, &e.to_string()),
    };
    let mut session = Session::new(site, true);
    match session.answer(body) {
        None => HttpAnswer {
            status: 202,
            body: None,
        },
        Some(answer) => {
            let status = match answer["error"]["code"].as_i64() {
                Some(jsonrpc::PARSE_ERROR | jsonrpc::INVALID_REQUEST) => 400,
                _ => 200,
            };
            HttpAnswer {
                status,
                body: Some(answer.to_string()),
            }
        }
    }
}

fn error(status: u16, code: i64, message: &str) -> HttpAnswer {
    let failure = jsonrpc::Failure::new(&serde_json::Value::Null, code, message);
    HttpAnswer {
        status,
        body: Some(failure.to_value().to_string()),
    }
}
