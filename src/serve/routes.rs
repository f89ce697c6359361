//! Answering one request: the preview's own endpoints under `/__sheaf/`, the
//! MCP endpoint `/mcp` (`crate::mcp`, over the served build), then
//! files of the served build. HTML gets the live script; nothing is cached
//! (every reload must see the newest build). Every answer but the event
//! stream ends its connection ([`respond_and_close`]).
//!
//! While the first build runs, the files memory holds (pages, theme assets,
//! `404.html`: [`crate::site::Preview`]) are rendered on demand; a request
//! for anything else waits for the build on a thread of its own, so it is
//! never answered with a 404 the built site would not give.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;

use tiny_http::{HTTPVersion, Header, Method, Request, Response, StatusCode};

use super::files::{self, Lookup};
use super::hosts::Hosts;
use super::live::{self, EVENTS_PATH, PROXY_PATH, STATUS_PATH};
use super::proxy::{ProxyError, ProxyRequest};
use super::shared::Shared;
use crate::site::Preview;

/// Largest proxy request accepted from the page.
const PROXY_REQUEST_CAP: u64 = 1024 * 1024;

type Reply = Response<std::io::Cursor<Vec<u8>>>;

/// Answers `request` (errors writing the answer mean the client left).
/// A request for another host is refused first (see `hosts`).
pub fn handle(request: Request, shared: &Arc<Shared>) {
    if !shared
        .hosts
        .accepts(header_value(&request, "Host").as_deref())
    {
        let message = format!(
            "this preview answers only requests for its own address, such as http://{}/\n",
            shared.hosts.own()
        );
        return respond_and_close(request, text(421, &message));
    }
    let path = request
        .url()
        .split('?')
        .next()
        .unwrap_or_default()
        .to_string();
    match path.as_str() {
        EVENTS_PATH => shared.events.subscribe(request),
        PROXY_PATH => {
            let mut request = request;
            let reply = proxy(&mut request, shared);
            respond_and_close(request, reply);
        }
        MCP_PATH if is_mcp_request(&request) => mcp(request, shared),
        _ => {
            let reply = match request.method() {
                Method::Get | Method::Head => page(request.url(), shared),
                _ => Some(text(405, "method not allowed\n")),
            };
            match reply {
                Some(reply) => answer(request, reply),
                None => answer_once_built(request, shared),
            }
        }
    }
}

/// Where the preview answers MCP (`crate::mcp`, Streamable HTTP).
pub const MCP_PATH: &str = "/mcp";

/// A request for the MCP endpoint rather than a page the site may have at
/// `/mcp`: any method but GET and HEAD, or a GET asking for an event stream.
fn is_mcp_request(request: &Request) -> bool {
    match request.method() {
        Method::Get | Method::Head => header_value(request, "Accept")
            .is_some_and(|accept| accept.contains("text/event-stream")),
        _ => true,
    }
}

/// `/mcp`: one JSON-RPC message POSTed, answered over the site as last
/// built (waiting for the first build on a thread of its own). A browser
/// page of another origin is refused (403), as MCP asks against DNS
/// rebinding; clients that send no `Origin` are not browsers.
fn mcp(mut request: Request, shared: &Arc<Shared>) {
    if request.method() != &Method::Post {
        let reply = text(
            405,
            "the MCP endpoint takes POST requests (no event stream)\n",
        )
        .with_header(header("Allow", "POST"));
        return respond_and_close(request, reply);
    }
    let origin = header_value(&request, "Origin");
    if origin.is_some_and(|origin| !shared.hosts.is_own_origin(&origin)) {
        return respond_and_close(
            request,
            text(
                403,
                "the MCP endpoint answers only this preview's pages and tools without an Origin\n",
            ),
        );
    }
    let mut body = Vec::new();
    let cap = crate::mcp::MAX_BODY as u64 + 1;
    if let Err(e) = request.as_reader().take(cap).read_to_end(&mut body) {
        return respond_and_close(request, text(400, &format!("{e}\n")));
    }
    let version = header_value(&request, "MCP-Protocol-Version");
    let built = shared.snapshot().dir.is_some();
    let shared = Arc::clone(shared);
    let answer = move || {
        shared.wait_until_built();
        let reply = match shared.snapshot().dir {
            Some(dir) => mcp_reply(crate::mcp::answer_http(&dir, &body, version.as_deref())),
            None => text(503, "the site has not built yet\n"),
        };
        respond_and_close(request, reply);
    };
    match built {
        true => answer(),
        false => drop(std::thread::spawn(answer)),
    }
}

fn mcp_reply(answer: crate::mcp::HttpAnswer) -> Reply {
    match answer.body {
        Some(body) => json(answer.status, &body),
        None => with_type(
            Response::from_data(Vec::new()).with_status_code(answer.status),
            "application/json",
        ),
    }
}

/// Answers larger than this are written on a thread of their own.
const HAND_OFF_SIZE: usize = 64 * 1024;

/// Sends `reply`. A large one is written on a thread of its own: a client
/// that asks for a big file and never reads it fills the socket's send
/// buffer, and the write would hold a worker (with a few such clients,
/// every worker) until the socket's write timeout ends it.
fn answer(request: Request, reply: Reply) {
    if reply.data_length().unwrap_or(0) > HAND_OFF_SIZE {
        std::thread::spawn(move || respond_and_close(request, reply));
    } else {
        respond_and_close(request, reply);
    }
}

/// Sends `reply` as an HTTP/1.0 answer, so that the client closes the
/// connection once it has read it (errors mean the client left).
///
/// `tiny_http` reads each connection on a thread of its own pool, and a
/// kept-alive connection holds that thread for as long as the browser keeps
/// it idle (Chromium: up to five minutes). The pool also counts a thread it
/// has just woken as still idle, so in a burst of new connections (a page
/// asking for its stylesheet, script and images at once) one can be queued
/// behind held threads instead of getting a new one, and the page never
/// finishes loading. Closing after every answer frees the threads; over
/// loopback a connection per request costs nothing measurable. (An HTTP/1.1
/// answer cannot say `Connection: close`: `tiny_http` drops that header.)
pub fn respond_and_close<R: Read>(request: Request, reply: Response<R>) {
    let head_only = request.method() == &Method::Head;
    let request_headers = request.headers().to_vec();
    let mut writer = request.into_writer();
    let _ = reply.raw_print(
        &mut writer,
        HTTPVersion(1, 0),
        &request_headers,
        head_only,
        None,
    );
    let _ = writer.flush();
}

/// Answers `request` on a thread of its own once the first build is over
/// (it asked for a file memory does not hold).
fn answer_once_built(request: Request, shared: &Arc<Shared>) {
    let shared = Arc::clone(shared);
    std::thread::spawn(move || {
        shared.wait_until_built();
        let reply = page(request.url(), &shared)
            .unwrap_or_else(|| text(503, "the site is still building\n"));
        respond_and_close(request, reply);
    });
}

/// A file of the site, `404.html`, or the status report; `None` when the
/// answer must wait for the first build. The reload count is read before
/// the build state, so a page is never newer than the count it carries (at
/// worst it reloads once more than needed).
fn page(url: &str, shared: &Shared) -> Option<Reply> {
    let reloads = shared.events.reloads();
    let snapshot = shared.snapshot();
    if url.split('?').next() == Some(STATUS_PATH) {
        let report = Response::from_string(snapshot.report_json());
        return Some(with_type(report, "application/json"));
    }
    let Some(dir) = snapshot.dir else {
        return match &snapshot.preview {
            Some(preview) => from_memory(preview, url, reloads),
            None => Some(html(503, &not_built_page(), reloads)),
        };
    };
    Some(match files::resolve(&dir, url) {
        Lookup::File(path) => file(&path, 200, reloads),
        Lookup::Slash(location) => moved(&location),
        Lookup::Refused => refused(),
        Lookup::NotFound => match files::resolve(&dir, "/404.html") {
            Lookup::File(path) => file(&path, 404, reloads),
            _ => text(404, "not found\n"),
        },
    })
}

/// The file `url` names, rendered from memory; `None` when memory does not
/// hold it.
fn from_memory(preview: &Preview, url: &str, reloads: u64) -> Option<Reply> {
    let Some(candidates) = files::candidates(url) else {
        return Some(refused());
    };
    candidates.iter().find_map(|relative| {
        let bytes = preview.file(relative)?;
        if let Some(location) = files::slash_location(url, relative) {
            return Some(moved(&location));
        }
        Some(bytes_reply(relative, bytes, 200, reloads))
    })
}

/// A permanent redirect to `location` (a path of this preview), as static
/// hosts answer a folder asked for without its trailing slash.
fn moved(location: &str) -> Reply {
    text(301, &format!("moved to {location}\n")).with_header(header("Location", location))
}

fn refused() -> Reply {
    text(400, "bad request: the path leaves the site\n")
}

fn file(path: &Path, status: u16, reloads: u64) -> Reply {
    match std::fs::read(path) {
        Ok(bytes) => bytes_reply(path, bytes, status, reloads),
        Err(_) => text(404, "not found\n"),
    }
}

/// `bytes` of the file `path`, typed by its name (HTML gets the live script).
fn bytes_reply(path: &Path, bytes: Vec<u8>, status: u16, reloads: u64) -> Reply {
    if files::is_html(path) {
        return html(status, &String::from_utf8_lossy(&bytes), reloads);
    }
    with_type(
        Response::from_data(bytes).with_status_code(status),
        files::content_type(path),
    )
}

fn html(status: u16, document: &str, reloads: u64) -> Reply {
    with_type(
        Response::from_string(live::inject(document, reloads)).with_status_code(status),
        "text/html; charset=utf-8",
    )
}

fn text(status: u16, message: &str) -> Reply {
    with_type(
        Response::from_string(message).with_status_code(status),
        "text/plain; charset=utf-8",
    )
}

fn with_type(reply: Reply, content_type: &str) -> Reply {
    reply
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

/// Shown before the first good build; the overlay shows why.
fn not_built_page() -> String {
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not built yet</title></head><body><main><h1>The site has not built yet</h1><p>Fix the problems listed below (and in the terminal); this page reloads by itself.</p></main></body></html>".to_string()
}

/// `POST /__sheaf/proxy`: checks the caller, forwards, answers JSON.
fn proxy(request: &mut Request, shared: &Shared) -> Reply {
    let result = read_proxy_request(request, &shared.hosts).and_then(|wanted| {
        shared
            .forwarder
            .forward(&wanted, &shared.allow_list())
            .map_err(|e| (e.status(), e.to_string()))
    });
    match result {
        Ok(answer) => json(200, &serde_json::to_string(&answer).unwrap_or_default()),
        Err((status, message)) => {
            json(status, &serde_json::json!({ "error": message }).to_string())
        }
    }
}

/// The page's request; only JSON POSTs from a page of this preview are
/// accepted (a JSON content type forces a CORS preflight on other sites,
/// which is never granted, and the `Origin` must be one of the preview's
/// own addresses: a missing or foreign one is refused).
fn read_proxy_request(request: &mut Request, hosts: &Hosts) -> Result<ProxyRequest, (u16, String)> {
    if request.method() != &Method::Post {
        return Err((405, "the proxy takes POST requests".into()));
    }
    let is_json = header_value(request, "Content-Type")
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("application/json"));
    if !is_json {
        return Err((415, "the proxy takes application/json".into()));
    }
    if !header_value(request, "Origin").is_some_and(|origin| hosts.is_own_origin(&origin)) {
        return Err((403, "the proxy answers only pages of this preview".into()));
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(PROXY_REQUEST_CAP + 1)
        .read_to_end(&mut body)
        .map_err(|e| (400, e.to_string()))?;
    if body.len() as u64 > PROXY_REQUEST_CAP {
        return Err((413, "the request is larger than 1 MB".into()));
    }
    serde_json::from_slice(&body)
        .map_err(|e| (400, ProxyError::BadRequest(e.to_string()).to_string()))
}

fn header_value(request: &Request, name: &'static str) -> Option<String> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str().to_string())
}

fn json(status: u16, body: &str) -> Reply {
    with_type(
        Response::from_string(body).with_status_code(StatusCode(status)),
        "application/json",
    )
}
