//! `sheaf serve` end to end, through the library API on 127.0.0.1 port 0:
//! files, content types and 404s, traversal attempts, rebuilds after edits
//! (a page, a broken then fixed site.json, with the overlay's event stream),
//! the playground proxy against a local fake API, many concurrent clients,
//! and a clean shutdown. Nothing here touches the network beyond loopback.
//!
//! Rebuild scenarios run twice: with a small stand-in build (config
//! validation + one HTML file per page), which isolates the server, and with
//! the real `sheaf::build::build`.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sheaf::build::BuildResult;
use sheaf::serve::{AllowList, BuildFn, Options, Server, Snapshot};

const WAIT: Duration = Duration::from_secs(30);

// ---------------------------------------------------------------- helpers

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .proxy(None)
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

struct Got {
    status: u16,
    content_type: String,
    body: String,
}

fn get(agent: &ureq::Agent, url: &str) -> Got {
    let mut response = agent.get(url).call().expect("request answered");
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    Got {
        status: response.status().as_u16(),
        content_type,
        body: response.body_mut().read_to_string().unwrap(),
    }
}

/// Sends `head` as written (no URL normalisation) and returns the whole answer.
fn raw(addr: SocketAddr, head: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

fn options(root: &Path) -> Options {
    Options {
        root: root.to_path_buf(),
        port: 0,
        host: "127.0.0.1".into(),
        open: false,
    }
}

/// A copy of `tests/fixtures/serve-site` in a temporary folder.
fn site_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&common::fixture("serve-site"), dir.path());
    dir
}

/// A stand-in for the build: validates site.json like the real one, then
/// writes every page's source into `<page>/index.html` and a `404.html`.
fn stand_in_build() -> BuildFn {
    Arc::new(|root: &Path, out: &Path| {
        let loaded = sheaf::config::load(root);
        let mut result = BuildResult {
            pages: 0,
            diagnostics: loaded.diagnostics,
        };
        if result.diagnostics.has_errors() {
            return result;
        }
        for page in pages(root) {
            let relative = page.strip_prefix(root).unwrap().with_extension("");
            let target = match relative.to_str() {
                Some("index") => out.join("index.html"),
                _ => out.join(&relative).join("index.html"),
            };
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            let text = std::fs::read_to_string(&page).unwrap();
            let html = format!("<!doctype html><html><body><main>{text}</main></body></html>");
            std::fs::write(target, html).unwrap();
            result.pages += 1;
        }
        std::fs::write(
            out.join("404.html"),
            "<html><body>Page not found</body></html>",
        )
        .unwrap();
        result
    })
}

fn pages(root: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "mdx" || e == "md"))
        .collect()
}

fn real_build() -> BuildFn {
    Arc::new(sheaf::build::build)
}

/// Waits until the server's latest build satisfies `done` (an editor's save
/// may arrive as more than one batch, so the build count alone says little).
fn wait_until(server: &Server, what: &str, done: impl Fn(&Snapshot) -> bool) {
    let started = Instant::now();
    while !done(&server.snapshot()) {
        assert!(started.elapsed() < WAIT, "never: {what}");
        thread::sleep(Duration::from_millis(25));
    }
}

/// An open `/__sheaf/events` stream, read in the background.
struct EventStream {
    received: Arc<Mutex<String>>,
}

impl EventStream {
    fn open(addr: SocketAddr) -> EventStream {
        EventStream::open_at(addr, "/__sheaf/events")
    }

    /// Opens the stream at `target` (`/__sheaf/events?since=N`).
    fn open_at(addr: SocketAddr, target: &str) -> EventStream {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .write_all(format!("GET {target} HTTP/1.1\r\nHost: localhost\r\n\r\n").as_bytes())
            .unwrap();
        let received = Arc::new(Mutex::new(String::new()));
        let sink = received.clone();
        thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = stream.read(&mut buffer) {
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        let events = EventStream { received };
        events.wait_for("retry:");
        events
    }

    /// Waits until the stream has carried `needle`; returns all text so far.
    fn wait_for(&self, needle: &str) -> String {
        let started = Instant::now();
        loop {
            let text = self.received.lock().unwrap().clone();
            if text.contains(needle) {
                return text;
            }
            assert!(started.elapsed() < WAIT, "no `{needle}` in: {text}");
            thread::sleep(Duration::from_millis(25));
        }
    }
}

// ---------------------------------------------------------- static files

/// A served folder with a page, assets, a 404 page, and a secret beside it.
struct StaticSite {
    parent: tempfile::TempDir,
}

impl StaticSite {
    fn new() -> StaticSite {
        let parent = tempfile::tempdir().unwrap();
        let site = parent.path().join("site");
        std::fs::create_dir_all(site.join("guide/setup")).unwrap();
        std::fs::write(
            site.join("index.html"),
            "<!doctype html><html><head><title>Home</title></head><body><h1>Home</h1></body></html>",
        )
        .unwrap();
        std::fs::write(
            site.join("guide/setup/index.html"),
            "<html><body>Setup page</body></html>",
        )
        .unwrap();
        std::fs::write(site.join("style.css"), "body{color:red}").unwrap();
        std::fs::write(site.join("logo.svg"), "<svg></svg>").unwrap();
        std::fs::write(site.join("search.json"), "{}").unwrap();
        std::fs::write(site.join("404.html"), "<html><body>Lost?</body></html>").unwrap();
        std::fs::write(parent.path().join("secret.txt"), "TOP-SECRET").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(parent.path(), site.join("escape")).unwrap();
        StaticSite { parent }
    }

    fn dir(&self) -> PathBuf {
        self.parent.path().join("site")
    }

    fn serve(&self) -> Server {
        Server::serve_dir(&self.dir(), "127.0.0.1", 0, AllowList::default()).unwrap()
    }
}

#[test]
fn pages_and_assets_are_served_with_their_types() {
    let site = StaticSite::new();
    let server = site.serve();
    let agent = agent();
    let base = server.url();
    assert!(base.starts_with("http://127.0.0.1:"));

    let home = get(&agent, &base);
    assert_eq!(home.status, 200);
    assert_eq!(home.content_type, "text/html; charset=utf-8");
    assert!(home.body.contains("<h1>Home</h1>"));
    let script = home.body.find("<script data-sheaf-serve>").unwrap();
    assert!(script < home.body.find("</body>").unwrap());
    assert!(home
        .body
        .contains("window.SHEAF_PROXY = \"/__sheaf/proxy\""));

    let setup = get(&agent, &format!("{base}guide/setup"));
    assert_eq!(setup.status, 200);
    assert!(setup.body.contains("Setup page"));

    for (path, content_type, body) in [
        ("style.css", "text/css; charset=utf-8", "body{color:red}"),
        ("logo.svg", "image/svg+xml", "<svg></svg>"),
        ("search.json", "application/json", "{}"),
    ] {
        let got = get(&agent, &format!("{base}{path}"));
        assert_eq!(got.status, 200, "{path}");
        assert_eq!(got.content_type, content_type, "{path}");
        assert_eq!(got.body, body, "assets are served untouched: {path}");
    }
    server.shutdown();
}

#[test]
fn missing_pages_get_404_html_with_status_404() {
    let site = StaticSite::new();
    let server = site.serve();
    let missing = get(&agent(), &format!("{}no/such/page", server.url()));
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("Lost?"));
    assert!(missing.body.contains("data-sheaf-serve"));

    std::fs::remove_file(site.dir().join("404.html")).unwrap();
    let bare = get(&agent(), &format!("{}no/such/page", server.url()));
    assert_eq!(bare.status, 404);
}

#[test]
fn traversal_attempts_are_refused() {
    let site = StaticSite::new();
    let server = site.serve();
    let mut targets = vec![
        "/../secret.txt",
        "/guide/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E%2Fsecret.txt",
        "/guide/%2e%2e/%2e%2e/secret.txt",
        "/..%5csecret.txt",
        "//../secret.txt",
        "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd",
        "http://localhost/../secret.txt",
    ];
    if cfg!(unix) {
        targets.push("/escape/secret.txt");
    }
    let absolute = format!("/{}", site.parent.path().join("secret.txt").display());
    targets.push(&absolute);
    for target in targets {
        let answer = raw(
            server.addr(),
            &format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
        );
        assert!(!answer.contains("TOP-SECRET"), "{target} leaked: {answer}");
        let status_line = answer.lines().next().unwrap_or_default();
        assert!(
            status_line.contains(" 400 ") || status_line.contains(" 404 "),
            "{target}: {status_line}"
        );
    }
}

#[test]
fn only_get_and_head_reach_files() {
    let site = StaticSite::new();
    let server = site.serve();
    let answer = raw(
        server.addr(),
        "DELETE /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.0 405"), "{answer}");
    let head = raw(
        server.addr(),
        "HEAD /style.css HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(head.starts_with("HTTP/1.0 200"), "{head}");
    assert!(!head.contains("color:red"));
}

/// A browser opens several connections at once and keeps each one open for
/// as long as the answers allow (Chromium: minutes). Every answer must tell
/// it to close the connection, or the server's connection threads sit on
/// idle sockets while a page's next requests wait behind them. Each client
/// here acts like a browser: it closes its connection only when told to.
#[test]
fn every_answer_tells_the_browser_to_close_the_connection() {
    let site = StaticSite::new();
    let server = site.serve();
    let addr = server.addr();
    let clients: Vec<_> = (0..12)
        .map(|n| {
            thread::spawn(move || {
                let mut stream = TcpStream::connect(addr).unwrap();
                stream.set_read_timeout(Some(WAIT)).unwrap();
                let target = ["/", "/style.css", "/missing/"][n % 3];
                let request = format!(
                    "GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n"
                );
                stream.write_all(request.as_bytes()).unwrap();
                let head = read_head(&mut stream);
                let closes = head.starts_with("HTTP/1.0 ")
                    && !head.to_ascii_lowercase().contains("keep-alive");
                if !closes {
                    // Kept alive, as Chromium would: the thread stays busy.
                    thread::sleep(WAIT);
                }
                head
            })
        })
        .collect();
    for client in clients {
        let head = client.join().unwrap();
        assert!(head.starts_with("HTTP/1.0 "), "{head}");
        assert!(!head.to_ascii_lowercase().contains("keep-alive"), "{head}");
    }
}

/// Reads an answer's status line and headers (up to the blank line).
fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("an answer");
        head.push(byte[0]);
    }
    String::from_utf8_lossy(&head).into_owned()
}

// -------------------------------------------------------------- rebuilds

fn page_edit_is_visible_on_the_next_request(build: BuildFn) {
    let root = site_copy();
    let server = Server::start_with(&options(root.path()), build).unwrap();
    let agent = agent();
    let first = get(&agent, &server.url());
    assert_eq!(first.status, 200);
    assert!(first.body.contains("The first version"), "{}", first.body);
    let events = EventStream::open(server.addr());

    let built = server.snapshot().build;
    let edited = std::fs::read_to_string(root.path().join("index.mdx"))
        .unwrap()
        .replace("The first version", "The second version");
    common::save(&root.path().join("index.mdx"), &edited);
    wait_until(&server, "the edit is built", |s| {
        s.build > built
            && s.dir.as_ref().is_some_and(|dir| {
                std::fs::read_to_string(dir.join("index.html"))
                    .is_ok_and(|html| html.contains("The second version"))
            })
    });

    // The save was one change (an atomic rename), so any later build could
    // only come from the build's own reads of the sources. Waiting for
    // something not to happen needs a time window: a second here.
    let settled = server.snapshot().build;
    thread::sleep(Duration::from_secs(1));
    assert_eq!(
        server.snapshot().build,
        settled,
        "reading the sources during a build must not start another build"
    );

    let second = get(&agent, &server.url());
    assert!(
        second.body.contains("The second version"),
        "{}",
        second.body
    );
    events.wait_for("event: reload");
    let setup = get(&agent, &format!("{}guide/setup", server.url()));
    assert!(setup.body.contains("Install the tool"));
    server.shutdown();
}

fn broken_then_fixed_site_json(build: BuildFn) {
    let root = site_copy();
    let config = root.path().join("site.json");
    let good = std::fs::read_to_string(&config).unwrap();
    let server = Server::start_with(&options(root.path()), build).unwrap();
    let agent = agent();
    let events = EventStream::open(server.addr());
    let built = server.snapshot().build;

    common::save(&config, &good.replace("\"Start\"", "42"));
    wait_until(&server, "the broken config is reported", |s| {
        s.build > built
            && s.diagnostics
                .iter()
                .any(|d| d.location() == "site.json:4:16")
    });
    let status: Value =
        serde_json::from_str(&get(&agent, &format!("{}__sheaf/status", server.url())).body)
            .unwrap();
    assert_eq!(status["ok"], false, "{status}");
    let location = status["diagnostics"][0]["location"].as_str().unwrap();
    assert_eq!(location, "site.json:4:16");
    let stream = events.wait_for("\"location\":\"site.json:4:16\"");
    assert!(stream.contains("event: problems"), "{stream}");

    let still = get(&agent, &server.url());
    assert_eq!(still.status, 200, "the last good site stays up");
    assert!(still.body.contains("The first version"));

    let late_tab = EventStream::open(server.addr());
    late_tab.wait_for("event: problems");

    common::save(&config, &good);
    wait_until(&server, "the fixed config builds", |s| !s.failed());
    let status: Value =
        serde_json::from_str(&get(&agent, &format!("{}__sheaf/status", server.url())).body)
            .unwrap();
    assert_eq!(status["ok"], true, "{status}");
    events.wait_for("event: reload");
    server.shutdown();
}

#[test]
fn page_edit_is_visible_on_the_next_request_stand_in_build() {
    page_edit_is_visible_on_the_next_request(stand_in_build());
}

#[test]
fn broken_then_fixed_site_json_stand_in_build() {
    broken_then_fixed_site_json(stand_in_build());
}

#[test]
fn page_edit_is_visible_on_the_next_request_real_build() {
    page_edit_is_visible_on_the_next_request(real_build());
}

#[test]
fn broken_then_fixed_site_json_real_build() {
    broken_then_fixed_site_json(real_build());
}

/// A save that lands after a page was served but before its event stream
/// opened must still reload that page: the page carries the reload count it
/// was served with, and a stream opened with an older count starts with a
/// reload.
#[test]
fn a_tab_that_connects_after_a_save_is_told_to_reload() {
    let root = site_copy();
    let server = Server::start_with(&options(root.path()), stand_in_build()).unwrap();
    let page = get(&agent(), &server.url()).body;
    let served_with = page
        .split("window.SHEAF_RELOADS = ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .expect("the page carries its reload count")
        .to_string();
    let up_to_date = EventStream::open_at(
        server.addr(),
        &format!("/__sheaf/events?since={served_with}"),
    );

    let built = server.snapshot().build;
    let index = root.path().join("index.mdx");
    let edited = std::fs::read_to_string(&index)
        .unwrap()
        .replace("The first version", "The saved version");
    common::save(&index, &edited);
    wait_until(&server, "the save is built", |s| {
        s.build > built && !s.failed()
    });
    up_to_date.wait_for("event: reload");

    let late = EventStream::open_at(
        server.addr(),
        &format!("/__sheaf/events?since={served_with}"),
    );
    late.wait_for("event: reload");
    server.shutdown();
}

#[test]
fn a_site_that_never_built_says_so_and_recovers() {
    let root = site_copy();
    let config = root.path().join("site.json");
    let good = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, "{ \"name\": ").unwrap();
    let server = Server::start_with(&options(root.path()), stand_in_build()).unwrap();
    let agent = agent();
    let waiting = get(&agent, &server.url());
    assert_eq!(waiting.status, 503);
    assert!(waiting.body.contains("has not built yet"));
    assert!(waiting.body.contains("data-sheaf-serve"));

    common::save(&config, &good);
    wait_until(&server, "the fixed config builds", |s| s.dir.is_some());
    assert_eq!(get(&agent, &server.url()).status, 200);
}

// ----------------------------------------------------------------- proxy

/// What the fake API saw.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    url: String,
    body: String,
    authorization: Option<String>,
}

/// A local stand-in for the User Group Service: `/api/user` echoes the
/// request, `/api/big` answers 6 MB, anything else is 404.
struct FakeApi {
    server: Arc<tiny_http::Server>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl FakeApi {
    fn start() -> FakeApi {
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (listener, log) = (server.clone(), seen.clone());
        thread::spawn(move || {
            for mut request in listener.incoming_requests() {
                let mut body = String::new();
                request.as_reader().read_to_string(&mut body).unwrap();
                let entry = Seen {
                    method: request.method().to_string(),
                    url: request.url().to_string(),
                    body,
                    authorization: request
                        .headers()
                        .iter()
                        .find(|h| h.field.equiv("Authorization"))
                        .map(|h| h.value.to_string()),
                };
                log.lock().unwrap().push(entry.clone());
                let response = match entry.url.as_str() {
                    "/api/user" => tiny_http::Response::from_string(
                        json!({"success": 1, "method": entry.method, "received": entry.body})
                            .to_string(),
                    )
                    .with_header(
                        tiny_http::Header::from_bytes("Content-Type", "application/json").unwrap(),
                    ),
                    "/api/big" => tiny_http::Response::from_string("x".repeat(6 * 1024 * 1024)),
                    _ => tiny_http::Response::from_string("no").with_status_code(404),
                };
                let _ = request.respond(response);
            }
        });
        FakeApi { server, seen }
    }

    fn base(&self) -> String {
        format!("http://{}", self.server.server_addr().to_ip().unwrap())
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

impl Drop for FakeApi {
    fn drop(&mut self) {
        self.server.unblock();
    }
}

/// A preview of the fixture whose site.json `api.baseUrl` is `base`.
fn preview_with_api(base: &str) -> (tempfile::TempDir, Server) {
    let root = site_copy();
    let config = root.path().join("site.json");
    let text = std::fs::read_to_string(&config)
        .unwrap()
        .replace("http://127.0.0.1:9", base);
    std::fs::write(&config, text).unwrap();
    let server = Server::start_with(&options(root.path()), stand_in_build()).unwrap();
    (root, server)
}

fn proxy(server: &Server, payload: &Value) -> (u16, Value) {
    let mut response = agent()
        .post(format!("{}__sheaf/proxy", server.url()))
        .header("Content-Type", "application/json")
        .send(payload.to_string())
        .unwrap();
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().unwrap();
    (status, serde_json::from_str(&body).unwrap())
}

#[test]
fn proxy_forwards_a_get_with_a_body_to_the_configured_api() {
    let api = FakeApi::start();
    let (_root, server) = preview_with_api(&api.base());
    let (status, answer) = proxy(
        &server,
        &json!({
            "method": "GET",
            "url": format!("{}/api/user", api.base()),
            "headers": {"Authorization": "Token abc", "Content-Type": "application/json"},
            "body": "{\"name\":\"Ada\",\"user_group_id\":\"g1\"}",
        }),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], 200);
    assert_eq!(answer["headers"]["content-type"], "application/json");
    assert!(answer["elapsed_ms"].is_u64());
    let body: Value = serde_json::from_str(answer["body"].as_str().unwrap()).unwrap();
    assert_eq!(body["method"], "GET");
    assert_eq!(
        body["received"],
        "{\"name\":\"Ada\",\"user_group_id\":\"g1\"}"
    );
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].method, "GET");
    assert_eq!(seen[0].authorization.as_deref(), Some("Token abc"));

    for method in ["PUT", "POST"] {
        let (status, answer) = proxy(
            &server,
            &json!({"method": method, "url": format!("{}/api/user", api.base()), "body": "{}"}),
        );
        assert_eq!(status, 200);
        assert!(answer["body"].as_str().unwrap().contains(method));
    }
    let (_, missing) = proxy(
        &server,
        &json!({"method": "GET", "url": format!("{}/nope", api.base())}),
    );
    assert_eq!(missing["status"], 404, "API errors are passed through");
}

#[test]
fn proxy_refuses_every_other_host() {
    let api = FakeApi::start();
    let other = FakeApi::start();
    let (_root, server) = preview_with_api(&api.base());
    let refused = [
        format!("{}/api/user", other.base()),
        "http://example.com/api/user".to_string(),
        format!(
            "{}@{}/api/user",
            api.base(),
            other.base().trim_start_matches("http://")
        ),
        format!("{}/api/../../etc/passwd", api.base()),
        "file:///etc/passwd".to_string(),
    ];
    for url in refused {
        let (status, answer) = proxy(&server, &json!({"method": "GET", "url": url}));
        assert_eq!(status, 403, "{url}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(&api.base()));
    }
    assert!(
        other.seen().is_empty(),
        "the other host was never contacted"
    );
    assert!(api.seen().is_empty());
}

#[test]
fn proxy_checks_the_caller_and_caps_the_response() {
    let api = FakeApi::start();
    let (_root, server) = preview_with_api(&api.base());
    let url = format!("{}__sheaf/proxy", server.url());
    let payload = json!({"method": "GET", "url": format!("{}/api/user", api.base())}).to_string();

    let foreign = agent()
        .post(&url)
        .header("Content-Type", "application/json")
        .header("Origin", "https://evil.example")
        .send(&payload)
        .unwrap();
    assert_eq!(foreign.status(), 403);
    let form = agent()
        .post(&url)
        .header("Content-Type", "text/plain")
        .send(&payload)
        .unwrap();
    assert_eq!(form.status(), 415);
    let get_proxy = agent().get(&url).call().unwrap();
    assert_eq!(get_proxy.status(), 405);
    let (status, answer) = proxy(&server, &json!({"url": 3}));
    assert_eq!(status, 400, "{answer}");
    assert!(api.seen().is_empty());

    let (status, answer) = proxy(
        &server,
        &json!({"method": "GET", "url": format!("{}/api/big", api.base())}),
    );
    assert_eq!(status, 502);
    assert!(
        answer["error"].as_str().unwrap().contains("5 MB"),
        "{answer}"
    );
}

// ------------------------------------------------- concurrency, shutdown

#[test]
fn fifty_clients_making_two_hundred_requests_each_all_succeed() {
    let site = StaticSite::new();
    let server = site.serve();
    let base = server.url();
    let clients: Vec<_> = (0..50)
        .map(|client| {
            let base = base.clone();
            thread::spawn(move || {
                let agent = agent();
                let mut failures = Vec::new();
                for i in 0..200 {
                    let (path, status, needle) = match (client + i) % 3 {
                        0 => ("", 200, "<h1>Home</h1>"),
                        1 => ("style.css", 200, "color:red"),
                        _ => ("missing", 404, "Lost?"),
                    };
                    match agent.get(format!("{base}{path}")).call() {
                        Ok(mut response) => {
                            let got = response.status().as_u16();
                            let body = response.body_mut().read_to_string().unwrap_or_default();
                            if got != status || !body.contains(needle) {
                                failures.push(format!("{path}: {got}"));
                            }
                        }
                        Err(e) => failures.push(format!("{path}: {e}")),
                    }
                }
                failures
            })
        })
        .collect();
    let failures: Vec<String> = clients
        .into_iter()
        .flat_map(|c| c.join().unwrap())
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    server.shutdown();
}

#[test]
fn shutdown_is_clean_with_open_event_streams() {
    let root = site_copy();
    let server = Server::start_with(&options(root.path()), stand_in_build()).unwrap();
    let addr = server.addr();
    let _tabs: Vec<EventStream> = (0..3).map(|_| EventStream::open(addr)).collect();
    let (done, finished) = std::sync::mpsc::channel();
    thread::spawn(move || {
        server.shutdown();
        let _ = done.send(());
    });
    finished
        .recv_timeout(WAIT)
        .expect("shutdown ends although tabs hold event streams");
    // shutdown returns once the listening socket is closed (tiny_http closes
    // it on a thread of its own): nothing answers on the port any more.
    assert!(
        TcpStream::connect(addr).is_err(),
        "nothing listens on {addr} after shutdown"
    );
}

#[test]
fn a_missing_root_is_a_clear_error() {
    let error = Server::start(&options(Path::new("/no/such/docs/root")))
        .err()
        .unwrap();
    assert!(error.to_string().contains("/no/such/docs/root"));
}

#[test]
fn the_preview_writes_nothing_into_the_docs_folder() {
    let root = site_copy();
    let before = common::snapshot(root.path());
    let server = Server::start(&options(root.path())).unwrap();
    wait_until(&server, "the first build", |s| s.dir.is_some());
    let built = server.snapshot().dir.unwrap();
    assert!(
        !built.starts_with(root.path()),
        "the preview builds outside the docs"
    );
    server.shutdown();
    assert_eq!(before, common::snapshot(root.path()));
}

#[test]
fn a_page_body_edit_rerenders_only_that_page_in_place() {
    let root = site_copy();
    let server = Server::start(&options(root.path())).unwrap();
    wait_until(&server, "the first build", |s| s.dir.is_some());
    let before = server.snapshot();
    let dir = before.dir.clone().unwrap();
    let other = dir.join("guide/setup/index.html");
    let other_modified = std::fs::metadata(&other).unwrap().modified().unwrap();
    let events = EventStream::open(server.addr());

    let page = root.path().join("index.mdx");
    let edited = std::fs::read_to_string(&page)
        .unwrap()
        .replace("The first version", "The incremental version");
    common::save(&page, &edited);
    wait_until(&server, "the page is re-rendered", |_| {
        std::fs::read_to_string(dir.join("index.html"))
            .is_ok_and(|h| h.contains("The incremental version"))
    });
    events.wait_for("event: reload");

    let after = server.snapshot();
    assert_eq!(after.dir, before.dir, "updated in place, no new full build");
    assert_eq!(
        std::fs::metadata(&other).unwrap().modified().unwrap(),
        other_modified,
        "the other page was not rewritten"
    );
    server.shutdown();
}
