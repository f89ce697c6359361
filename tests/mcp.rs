//! `sheaf mcp` (issue 69) driven as an MCP client drives it: over standard
//! input and output on the example docs root (built in memory), its built
//! folder and the same site published on a loopback static host; and the
//! preview's `/mcp` over HTTP. Each answers `initialize` (version
//! negotiation), `tools/list`, `search` (the expected page first),
//! `read_page`, `resources/list` (paged) and `resources/read`; malformed, unknown, huge and hostile input gets protocol
//! errors and the server goes on. A published site is read only from its
//! own host. (`bench/mcp.sh` drives the same server with the official
//! TypeScript SDK.)

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::build_ok;
use common::preview::Preview;
use common::static_host::StaticHost;
use serde_json::{json, Value};

/// `sheaf mcp SOURCE`, spoken to line by line; killed when dropped.
struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    next_id: u64,
}

impl Client {
    fn start(source: &str) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sheaf"))
            .args(["mcp", source])
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sheaf mcp starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Client {
            stdin: child.stdin.take(),
            child,
            lines,
            next_id: 0,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next message the server writes (a docs root is built first).
    fn receive(&mut self) -> Value {
        let line = (self.lines.recv_timeout(Duration::from_secs(180))).expect("the server answers");
        serde_json::from_str(&line).expect("one JSON message a line")
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_raw(format!("{message}\n").as_bytes());
        let answer = self.receive();
        assert_eq!(answer["id"], json!(id), "{answer}");
        answer
    }

    fn initialize(&mut self) -> Value {
        let answer = self.request("initialize", init_params("2025-06-18"));
        self.send_raw(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
        answer
    }

    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({"name": tool, "arguments": arguments}))
    }

    /// Closes standard input; the server must end cleanly.
    fn finish(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        assert!(status.success(), "sheaf mcp ended with {status}");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn init_params(version: &str) -> Value {
    json!({
        "protocolVersion": version,
        "capabilities": {},
        "clientInfo": {"name": "sheaf-tests", "version": "1"},
    })
}

/// (query, the title expected first).
const QUERIES: &[(&str, &str)] = &[
    ("quickstart", "Quickstart"),
    ("environment tags", "Environment tags"),
    ("embedding dashboard", "Embedding a dashboard"),
    ("update user", "Update User"),
    ("changelog", "Documentation changelog"),
    ("authentication", "Authentication"),
];

/// Everything a client does with one server: `answer` sends a request
/// and returns the answer.
fn converse(mut answer: impl FnMut(&str, Value) -> Value, url_start: &str) {
    let init = answer("initialize", init_params("2025-06-18"));
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18", "{init}");
    assert_eq!(init["result"]["serverInfo"]["name"], "sheaf");
    assert!(init["result"]["capabilities"]["tools"].is_object());
    let newest = answer("initialize", init_params("2099-01-01"));
    assert_eq!(
        newest["result"]["protocolVersion"], "2025-11-25",
        "the newest it speaks"
    );
    let tools = answer("tools/list", json!({}));
    let names: Vec<&str> = (tools["result"]["tools"].as_array().unwrap().iter())
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["search", "read_page"]);
    let call = |answer: &mut dyn FnMut(&str, Value) -> Value, tool: &str, args: Value| {
        answer("tools/call", json!({"name": tool, "arguments": args}))
    };
    for (query, expected) in QUERIES {
        let found = call(&mut answer, "search", json!({"query": query}));
        let results = &found["result"]["structuredContent"]["results"];
        assert_eq!(results[0]["title"], *expected, "{query}: {found}");
        let url = results[0]["url"].as_str().unwrap();
        assert!(url.starts_with(url_start), "{url}");
        let text = found["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.starts_with(&format!("1. {expected}")), "{text}");
    }
    let found = call(
        &mut answer,
        "search",
        json!({"query": "rotate token", "limit": 2}),
    );
    let results = found["result"]["structuredContent"]["results"]
        .as_array()
        .unwrap();
    assert_eq!(results.len(), 2);
    assert!(results
        .iter()
        .all(|r| r["excerpt"].as_str().is_some_and(|e| !e.is_empty())));
    assert!(results.iter().all(|r| r["section"].is_string()), "{found}");
    let quickstart = call(&mut answer, "search", json!({"query": "quickstart"}));
    let url = quickstart["result"]["structuredContent"]["results"][0]["url"].clone();
    let page = call(&mut answer, "read_page", json!({"page": url}));
    let markdown = page["result"]["content"][0]["text"].as_str().unwrap();
    assert!(markdown.contains("title: Quickstart"), "{page}");
    assert_eq!(page["result"]["isError"], false);
    let by_path = call(
        &mut answer,
        "read_page",
        json!({"page": "/guides/environment-tags"}),
    );
    assert!(by_path["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("Environment tags"));
    let missing = call(&mut answer, "read_page", json!({"page": "/no-such-page"}));
    assert_eq!(missing["result"]["isError"], true, "{missing}");
    let versions = call(
        &mut answer,
        "search",
        json!({"query": "user", "version": "v9"}),
    );
    assert_eq!(versions["result"]["isError"], true, "{versions}");
    resources(&mut answer, url_start);
}

/// The pages as resources: listed with their titles, read as Markdown.
fn resources(answer: &mut dyn FnMut(&str, Value) -> Value, url_start: &str) {
    let init = answer("initialize", init_params("2025-11-25"));
    assert!(init["result"]["capabilities"]["resources"].is_object());
    let uri_start = match url_start {
        "/" => "sheaf://site/",
        published => published,
    };
    let listed = answer("resources/list", json!({}));
    let pages = listed["result"]["resources"].as_array().unwrap();
    assert!(listed["result"].get("nextCursor").is_none(), "{listed}");
    let quickstart = (pages.iter())
        .find(|p| p["title"] == "Quickstart")
        .unwrap_or_else(|| panic!("{listed}"));
    let uri = quickstart["uri"].as_str().unwrap();
    assert!(uri.starts_with(uri_start), "{uri}");
    assert_eq!(quickstart["mimeType"], "text/markdown");
    let read = answer("resources/read", json!({"uri": uri}));
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["uri"], uri, "{read}");
    assert!(contents["text"]
        .as_str()
        .unwrap()
        .contains("title: Quickstart"));
    let missing = answer(
        "resources/read",
        json!({"uri": format!("{uri_start}nowhere")}),
    );
    assert_eq!(code(&missing), -32002, "{missing}");
    let templates = answer("resources/templates/list", json!({}));
    assert_eq!(templates["result"]["resourceTemplates"], json!([]));
}

/// The example docs, built into a folder of their own.
fn built_example() -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    build_ok(&fixture_root(), out.path());
    out
}

fn fixture_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs")
}

fn over_stdio(source: &str, url_start: &str) {
    let mut client = Client::start(source);
    converse(|method, params| client.request(method, params), url_start);
    client.finish();
}

#[test]
fn stdio_answers_on_a_docs_root() {
    over_stdio(fixture_root().to_str().unwrap(), "/");
}

#[test]
fn stdio_answers_on_a_built_folder() {
    let out = built_example();
    over_stdio(out.path().to_str().unwrap(), "/");
}

#[test]
fn stdio_answers_on_a_published_site() {
    let out = built_example();
    let host = StaticHost::start(out.path(), "/docs/");
    let site = format!("{}docs", host.url());
    over_stdio(&site, &format!("{site}/"));
    let mut client = Client::start(&site);
    client.initialize();
    let elsewhere = client.call(
        "read_page",
        json!({"page": "https://example.com/docs/quickstart"}),
    );
    assert_eq!(elsewhere["result"]["isError"], true, "{elsewhere}");
    client.finish();
}

/// The JSON-RPC error code of `answer`.
fn code(answer: &Value) -> i64 {
    answer["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("an error: {answer}"))
}

#[test]
fn malformed_unknown_huge_and_hostile_input_get_protocol_errors() {
    let out = built_example();
    let mut client = Client::start(out.path().to_str().unwrap());
    let early = client.request("tools/list", json!({}));
    assert_eq!(code(&early), -32600, "tools before initialize: {early}");
    client.initialize();
    for (raw, expected) in [
        (&b"{not json\n"[..], -32700),
        (b"\xff\xfe\x00\n", -32700),
        (
            b"[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]\n",
            -32600,
        ),
        (
            b"{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}\n",
            -32600,
        ),
        (b"{\"id\":1,\"method\":\"ping\"}\n", -32600),
        (b"\"just a string\"\n", -32600),
    ] {
        client.send_raw(raw);
        let answer = client.receive();
        assert_eq!(
            code(&answer),
            expected,
            "{}: {answer}",
            String::from_utf8_lossy(raw)
        );
    }
    let deep = format!("{}{}\n", "[".repeat(200_000), "]".repeat(200_000));
    client.send_raw(deep.as_bytes());
    assert_eq!(
        code(&client.receive()),
        -32700,
        "nesting past serde's limit"
    );
    let huge = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{{\"x\":\"{}\"}}}}\n",
        "a".repeat(5 * 1024 * 1024)
    );
    client.send_raw(huge.as_bytes());
    assert_eq!(code(&client.receive()), -32700, "a line past 4 MB");
    let unknown_method = client.request("resources/subscribe", json!({}));
    assert_eq!(code(&unknown_method), -32601);
    for (params, why) in [
        (
            json!({"name": "delete_everything", "arguments": {}}),
            "unknown tool",
        ),
        (json!({"name": "search"}), "no query"),
        (
            json!({"name": "search", "arguments": {"query": 42}}),
            "a number",
        ),
        (
            json!({"name": "search", "arguments": {"query": "a", "limit": 1e9}}),
            "a huge limit",
        ),
        (
            json!({"name": "search", "arguments": {"query": "x".repeat(100_000)}}),
            "a huge query",
        ),
        (
            json!({"name": "search", "arguments": {"query": "a", "sql": "drop"}}),
            "an unknown argument",
        ),
        (
            json!({"name": "read_page", "arguments": {"page": ["a"]}}),
            "a list",
        ),
        (json!({"name": 7}), "a number as name"),
        (
            json!({"name": "search", "arguments": "query"}),
            "arguments not an object",
        ),
    ] {
        let answer = client.request("tools/call", params);
        assert_eq!(code(&answer), -32602, "{why}: {answer}");
    }
    for page in [
        "../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "C:\\Windows\\win.ini",
        "file:///etc/passwd",
    ] {
        let answer = client.call("read_page", json!({"page": page}));
        assert_eq!(answer["result"]["isError"], true, "{page}: {answer}");
        let text = answer["result"]["content"][0]["text"].as_str().unwrap();
        assert!(!text.contains("root:"), "{text}");
    }
    let many_words = "token ".repeat(10_000);
    let answer = client.call("search", json!({"query": many_words.trim_end()}));
    assert!(
        answer["error"].is_object() || answer["result"]["isError"] == false,
        "{answer}"
    );
    let still = client.request("ping", json!({}));
    assert_eq!(still["result"], json!({}), "the server goes on");
    client.finish();
}

#[test]
fn resources_list_every_page_once_a_hundred_at_a_time() {
    let root = tempfile::tempdir().unwrap();
    let names: Vec<String> = (0..230).map(|i| format!("p{i}")).collect();
    let nav = json!({"name": "Many", "navigation": [{"group": "G", "pages": names}]});
    std::fs::write(root.path().join("site.json"), nav.to_string()).unwrap();
    for (i, name) in names.iter().enumerate() {
        let page = format!("---\ntitle: Page {i}\n---\n\nText of page {i}.\n");
        std::fs::write(root.path().join(format!("{name}.mdx")), page).unwrap();
    }
    let out = tempfile::tempdir().unwrap();
    build_ok(root.path(), out.path());
    let mut client = Client::start(out.path().to_str().unwrap());
    client.initialize();
    let (mut seen, mut cursor, mut answers) = (Vec::new(), Value::Null, 0);
    loop {
        let listed = client.request("resources/list", json!({"cursor": cursor}));
        answers += 1;
        for page in listed["result"]["resources"].as_array().unwrap() {
            seen.push(page["uri"].as_str().unwrap().to_string());
        }
        match &listed["result"]["nextCursor"] {
            Value::Null => break,
            next => cursor = next.clone(),
        }
    }
    assert_eq!((seen.len(), answers), (230, 3));
    assert_eq!(seen[0], "sheaf://site/p0/");
    let unique: std::collections::BTreeSet<&String> = seen.iter().collect();
    assert_eq!(unique.len(), 230, "each page once");
    let read = client.request("resources/read", json!({"uri": seen[229]}));
    let text = read["result"]["contents"][0]["text"].as_str().unwrap();
    assert!(text.contains("Text of page 229."), "{read}");
    for (params, expected) in [
        (json!({"cursor": "page-999"}), -32602),
        (json!({"cursor": "anything"}), -32602),
        (json!({"cursor": 100}), -32602),
    ] {
        assert_eq!(code(&client.request("resources/list", params)), expected);
    }
    for (params, expected) in [
        (json!({}), -32602),
        (json!({"uri": 5}), -32602),
        (json!({"uri": "x".repeat(100_000)}), -32602),
        (json!({"uri": "file:///etc/passwd"}), -32002),
        (json!({"uri": "sheaf://site/../../etc/passwd"}), -32002),
        (json!({"uri": "sheaf://site/%2e%2e/secret"}), -32002),
    ] {
        let answer = client.request("resources/read", params.clone());
        assert_eq!(code(&answer), expected, "{params}: {answer}");
    }
    client.finish();
}

/// POSTs `body` to the preview's `/mcp` with `headers`: (status, body).
fn post(url: &str, body: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut request = agent
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut response = request.send(body).unwrap();
    let status = response.status().as_u16();
    (status, response.body_mut().read_to_string().unwrap())
}

#[test]
fn the_preview_answers_the_same_tools_at_mcp() {
    let preview = Preview::start(&fixture_root(), &[]);
    let endpoint = format!("{}mcp", preview.url);
    let version = [("MCP-Protocol-Version", "2025-06-18")];
    let mut next = 0;
    converse(
        |method, params| {
            next += 1;
            let message = json!({"jsonrpc": "2.0", "id": next, "method": method, "params": params});
            let (status, body) = post(&endpoint, &message.to_string(), &version);
            assert_eq!(status, 200, "{body}");
            serde_json::from_str(&body).unwrap()
        },
        "/",
    );
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    assert_eq!(post(&endpoint, note, &[]).0, 202);
    let (status, body) = post(&endpoint, "{oops", &[]);
    assert_eq!(status, 400);
    assert_eq!(code(&serde_json::from_str(&body).unwrap()), -32700);
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let future = [("MCP-Protocol-Version", "1999-01-01")];
    assert_eq!(
        post(&endpoint, ping, &future).0,
        400,
        "an unknown protocol version"
    );
    let foreign = [("Origin", "http://evil.example")];
    assert_eq!(
        post(&endpoint, ping, &foreign).0,
        403,
        "a page of another site"
    );
    let own = preview.url.trim_end_matches('/').to_string();
    assert_eq!(post(&endpoint, ping, &[("Origin", own.as_str())]).0, 200);
    let other_host = [("Host", "evil.example")];
    assert_eq!(post(&endpoint, ping, &other_host).0, 421, "DNS rebinding");
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"x":"{}"}}}}"#,
        "a".repeat(1_100_000)
    );
    assert_eq!(post(&endpoint, &big, &[]).0, 413);
    let stream = ureq::get(&endpoint)
        .header("Accept", "text/event-stream")
        .config()
        .http_status_as_error(false)
        .build()
        .call()
        .unwrap();
    assert_eq!(stream.status().as_u16(), 405, "no event stream");
}

/// A host that redirects every request to another host.
fn redirecting_host() -> (std::sync::Arc<tiny_http::Server>, String) {
    let server = std::sync::Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
    let port = server.server_addr().to_ip().unwrap().port();
    let serving = server.clone();
    std::thread::spawn(move || {
        for request in serving.incoming_requests() {
            let location =
                tiny_http::Header::from_bytes("Location", "http://127.0.0.2:9/x").unwrap();
            let reply = tiny_http::Response::empty(302).with_header(location);
            let _ = request.respond(reply);
        }
    });
    (server, format!("http://127.0.0.1:{port}/"))
}

#[test]
fn a_published_site_is_read_only_from_its_own_host() {
    let (server, url) = redirecting_host();
    let mut client = Client::start(&url);
    client.initialize();
    let found = client.call("search", json!({"query": "token"}));
    let text = found["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(found["result"]["isError"], true, "{found}");
    assert!(text.contains("outside the site"), "{text}");
    let page = client.call("read_page", json!({"page": "/quickstart"}));
    assert_eq!(page["result"]["isError"], true, "{page}");
    client.finish();
    server.unblock();
}
