//! `sheaf serve` end to end, through the library API on 127.0.0.1 port 0:
//! files, content types and 404s, traversal attempts, rebuilds after edits
//! (a page, a broken then fixed site.json, with the overlay's event stream),
//! the playground proxy against a local fake API, many concurrent clients,
//! and a clean shutdown. Nothing here touches the network beyond loopback.
//!
//! Rebuild scenarios run twice: with a small stand-in build (config
//! validation + one HTML file per page), which isolates the server, and with
//! the real `sheaf::site::build`.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sheaf::serve::{AllowList, BuildFn, Latch, Options, Server, Snapshot};
use sheaf::site::BuildResult;

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
        port_may_move: false,
        host: "127.0.0.1".into(),
        open: false,
        cache: sheaf::cache::BuildCache::disabled(),
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
    Arc::new(sheaf::site::build)
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
            .write_all(format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
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
        {
            std::os::unix::fs::symlink(parent.path(), site.join("escape")).unwrap();
            let secret = parent.path().join("secret.txt");
            std::os::unix::fs::symlink(secret, site.join("secret-link.txt")).unwrap();
        }
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
        "/%2E%2e/secret.txt",
        "/.%2e/secret.txt",
        "/guide/%2e%2e/%2e%2e/secret.txt",
        // Encoded twice: decoded once it is a folder literally named `%2e%2e`.
        "/%252e%252e/secret.txt",
        "/%252e%252e%252fsecret.txt",
        "/..%5csecret.txt",
        "/..%5c..%5csecret.txt",
        "/guide\\..\\..\\secret.txt",
        "/..\\secret.txt",
        "/%5c..%5csecret.txt",
        "//../secret.txt",
        "/./../secret.txt",
        "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd",
        "/index.html%00/../../secret.txt",
        "/%00../secret.txt",
        "/secret.txt%00.css",
        // Overlong UTF-8 for `.` and `/` (not valid UTF-8 at all).
        "/%c0%ae%c0%ae/secret.txt",
        "/%c0%ae%c0%ae%c0%afsecret.txt",
        "/..;/secret.txt",
        "/C:%5csecret.txt",
        "http://localhost/../secret.txt",
    ];
    if cfg!(unix) {
        targets.push("/escape/secret.txt");
        targets.push("/escape/site/../secret.txt");
        targets.push("/secret-link.txt");
        targets.push("/%65scape/secret.txt");
    }
    let absolute = format!("/{}", site.parent.path().join("secret.txt").display());
    targets.push(&absolute);
    for target in targets {
        let addr = server.addr();
        let answer = raw(
            addr,
            &format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
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
    let addr = server.addr();
    let answer = raw(
        addr,
        &format!("DELETE /index.html HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert!(answer.starts_with("HTTP/1.0 405"), "{answer}");
    let head = raw(
        addr,
        &format!("HEAD /style.css HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
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
                    "GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: keep-alive\r\n\r\n"
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

/// Waits until a new connection gets an answer (each probe that does not
/// is left open, like the connections it was queued behind).
fn wait_for_an_answer(addr: SocketAddr) {
    let started = Instant::now();
    let mut unanswered = Vec::new();
    loop {
        let mut probe = TcpStream::connect(addr).unwrap();
        probe
            .set_read_timeout(Some(Duration::from_secs(1)))
            .unwrap();
        probe
            .write_all(format!("GET /style.css HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
            .unwrap();
        let mut status = [0u8; 12];
        if probe.read_exact(&mut status).is_ok() {
            return;
        }
        assert!(
            started.elapsed() < WAIT,
            "the server never answered a probe"
        );
        unanswered.push(probe);
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
    let index = root.path().join("index.mdx");
    common::save_replacing(&index, "The first version", "The second version");
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
    let report = status(&agent, &server);
    assert_eq!(report["ok"], false, "{report}");
    let location = report["diagnostics"][0]["location"].as_str().unwrap();
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
    let report = status(&agent, &server);
    assert_eq!(report["ok"], true, "{report}");
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
    common::save_replacing(&index, "The first version", "The saved version");
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

fn a_site_that_never_built_says_so_and_recovers(start: impl Fn(&Options) -> Server) {
    let root = site_copy();
    let config = root.path().join("site.json");
    let good = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, "{ \"name\": ").unwrap();
    let server = start(&options(root.path()));
    let agent = agent();
    let waiting = get(&agent, &server.url());
    assert_eq!(waiting.status, 503);
    assert!(waiting.body.contains("has not built yet"));
    assert!(waiting.body.contains("data-sheaf-serve"));
    let events = EventStream::open(server.addr());
    events.wait_for("event: problems");
    assert!(server.snapshot().failed() && !server.snapshot().previewing());

    common::save(&config, &good);
    wait_until(&server, "the fixed config builds", |s| s.dir.is_some());
    assert_eq!(get(&agent, &server.url()).status, 200);
}

#[test]
fn a_site_that_never_built_says_so_and_recovers_stand_in_build() {
    a_site_that_never_built_says_so_and_recovers(|options| {
        Server::start_with(options, stand_in_build()).unwrap()
    });
}

/// The pipeline's load fails at once: no page is rendered from memory.
#[test]
fn a_site_that_never_built_says_so_and_recovers_real_pipeline() {
    a_site_that_never_built_says_so_and_recovers(|options| Server::start(options).unwrap());
}

/// The status report: the build number, whether it is good, and its
/// diagnostics (the overlay's and the terminal's data).
fn status(agent: &ureq::Agent, server: &Server) -> Value {
    let url = format!("{}__sheaf/status", server.url());
    serde_json::from_str(&get(agent, &url).body).unwrap()
}

/// The status report's diagnostics as `location: message` lines.
fn status_headlines(agent: &ureq::Agent, server: &Server) -> Vec<String> {
    let status = status(agent, server);
    let diagnostics = status["diagnostics"].as_array().unwrap();
    (diagnostics.iter())
        .map(|d| {
            format!(
                "{}: {}",
                d["location"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect()
}

/// A body edit re-renders one page, but the report still covers the whole
/// site: other pages' warnings stay, and a renamed heading is reported on
/// the page that links to it.
#[test]
fn a_body_edit_keeps_the_sites_warnings_and_rechecks_links_to_its_headings() {
    let root = common::fixture_copy("serve-heading-links");
    let server = Server::start(&options(root.path())).unwrap();
    let agent = agent();
    wait_until(&server, "the first build", |s| {
        s.dir.is_some() && !s.previewing()
    });
    let missing = "notes.mdx:5:9: link `/changelog` points to a page that does not exist";
    assert_eq!(status_headlines(&agent, &server), [missing]);

    let built = server.snapshot().build;
    let setup = root.path().join("setup.mdx");
    common::save_replacing(&setup, "## Install", "## Installing");
    wait_until(&server, "the edit is built", |s| s.build > built);
    let broken = "index.mdx:5:12: no heading `#install` on page `setup`";
    assert_eq!(status_headlines(&agent, &server), [broken, missing]);
    let page = get(&agent, &format!("{}setup/", server.url()));
    assert!(page.body.contains("id=\"installing\""), "{}", page.body);
    server.shutdown();
}

/// A page with `rss: true` has its feed written again when its body is
/// edited, as the build writes it.
#[test]
fn a_body_edit_writes_the_pages_feed_again() {
    let root = common::fixture_copy("page-keys");
    let server = Server::start(&options(root.path())).unwrap();
    let agent = agent();
    wait_until(&server, "the first build", |s| {
        s.dir.is_some() && !s.previewing()
    });
    let feed = format!("{}changelog/rss.xml", server.url());
    let before = get(&agent, &feed);
    assert!(
        before.body.contains("<description>v1.1</description>"),
        "{}",
        before.body
    );

    let page = root.path().join("changelog.mdx");
    common::save_replacing(&page, "description=\"v1.1\"", "description=\"v1.1.0\"");
    let started = Instant::now();
    loop {
        let after = get(&agent, &feed).body;
        if after.contains("<description>v1.1.0</description>") {
            break;
        }
        assert!(
            started.elapsed() < WAIT,
            "the feed was not written again: {after}"
        );
        thread::sleep(Duration::from_millis(25));
    }
    server.shutdown();
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
        FakeApi::start_on("127.0.0.1")
    }

    /// An API on `ip` (a loopback address such as 127.0.0.2), port 0.
    fn start_on(ip: &str) -> FakeApi {
        let server = Arc::new(tiny_http::Server::http(format!("{ip}:0")).unwrap());
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
                    redirect if redirect.starts_with("/api/redirect?to=") => {
                        let to = &redirect["/api/redirect?to=".len()..];
                        tiny_http::Response::from_string("moved")
                            .with_status_code(302)
                            .with_header(tiny_http::Header::from_bytes("Location", to).unwrap())
                    }
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

    fn port(&self) -> u16 {
        self.server.server_addr().to_ip().unwrap().port()
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
        .header("Origin", server.url().trim_end_matches('/'))
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

/// The proxy forwards only to the configured base URL: every other port,
/// host (127.0.0.2 stands in for "another machine"), scheme, userinfo
/// trick, IPv6 or numeric spelling of an address, and name that might
/// resolve to it is refused before anything is contacted.
#[test]
fn proxy_reaches_only_the_configured_base_url() {
    let api = FakeApi::start();
    let other = FakeApi::start_on("127.0.0.2");
    let (_root, server) = preview_with_api(&api.base());
    let (port, other_authority) = (api.port(), other.base().replace("http://", ""));
    let refused = [
        format!("{}/api/user", other.base()),
        format!("http://127.0.0.2:{port}/api/user"),
        format!("http://127.0.0.1:{}/api/user", other.port()),
        format!("https://127.0.0.1:{port}/api/user"),
        format!("gopher://127.0.0.1:{port}/api/user"),
        "file:///etc/passwd".to_string(),
        // userinfo: the part before `@` is not the host
        format!("{}@{other_authority}/api/user", api.base()),
        format!("http://user:secret@127.0.0.1:{port}/api/user"),
        format!("http://127.0.0.1:{port}\\@{other_authority}/api/user"),
        // the same machine spelled another way
        format!("http://[::1]:{port}/api/user"),
        format!("http://[::ffff:127.0.0.1]:{port}/api/user"),
        format!("http://[::ffff:7f00:2]:{}/api/user", other.port()),
        format!("http://localhost:{port}/api/user"),
        format!("http://2130706433:{port}/api/user"),
        format!("http://0x7f000001:{port}/api/user"),
        format!("http://0177.0.0.1:{port}/api/user"),
        format!("http://127.1:{port}/api/user"),
        format!("http://127.0.0.1.:{port}/api/user"),
        format!("http://127.0.0.1.nip.io:{port}/api/user"),
        format!("http://127.0.0.1:{port}.evil.test/api/user"),
        // the path leaves the base, or the URL smuggles a header
        format!("{}/api/../../etc/passwd", api.base()),
        format!("{}/api/%2e%2e/%2e%2e/etc/passwd", api.base()),
        format!("{}/api/user\r\nHost: 127.0.0.2", api.base()),
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
    assert!(api.seen().is_empty(), "nothing was sent to a refused URL");

    // What follows `#` is a fragment, never sent: this reaches the
    // configured API (at `/`), nothing else.
    let fragment = format!("http://127.0.0.1:{port}#@{other_authority}/api/user");
    let (status, answer) = proxy(&server, &json!({"method": "GET", "url": fragment}));
    assert_eq!(status, 200, "{answer}");
    // The allowed base still works, and a Host header cannot redirect it.
    let (status, answer) = proxy(
        &server,
        &json!({"method": "GET", "url": format!("{}/api/user", api.base()),
                "headers": {"Host": other_authority}}),
    );
    assert_eq!(
        (status, answer["status"].as_u64()),
        (200, Some(200)),
        "{answer}"
    );
    assert_eq!(api.seen().len(), 2);
    assert!(
        other.seen().is_empty(),
        "the other host was never contacted"
    );
}

/// A redirect from the API comes back to the page as it is: the proxy never
/// follows it to the host it names.
#[test]
fn proxy_passes_redirects_back_instead_of_following_them() {
    let api = FakeApi::start();
    let other = FakeApi::start_on("127.0.0.2");
    let (_root, server) = preview_with_api(&api.base());
    let target = format!("{}/api/user", other.base());
    let (status, answer) = proxy(
        &server,
        &json!({"method": "GET", "url": format!("{}/api/redirect?to={target}", api.base())}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], 302, "{answer}");
    assert_eq!(answer["headers"]["location"], target.as_str());
    assert_eq!(api.seen().len(), 1);
    assert!(other.seen().is_empty(), "the redirect was not followed");
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

/// What one client of the load test asks for, and how it checks the answer.
const LOAD_TARGETS: [(&str, u16, &str); 3] = [
    ("", 200, "Serve fixture"),
    ("guide/setup/", 200, "Install the tool"),
    ("no/such/page", 404, "</html>"),
];

/// 50 clients × 200 requests against a preview of the fixture (the real
/// build) while an editor saves pages: page body edits (re-rendered in
/// place) and config edits (full rebuilds, a new build folder each time).
/// Every request must get its page, complete; the latency percentiles are
/// printed, not asserted (see bench/serve.sh for measurements).
#[test]
fn fifty_clients_making_two_hundred_requests_each_while_pages_are_edited() {
    let root = site_copy();
    let server = Server::start(&options(root.path())).unwrap();
    wait_until(&server, "the first build", |s| s.dir.is_some());
    let base = server.url();
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let editor = {
        let (root, done) = (root.path().to_path_buf(), done.clone());
        thread::spawn(move || edit_until(&root, &done))
    };
    let clients: Vec<_> = (0..50)
        .map(|client| {
            let base = base.clone();
            thread::spawn(move || load_client(&base, client, 200))
        })
        .collect();
    let mut failures = Vec::new();
    let mut latencies = Vec::new();
    for client in clients {
        let (failed, timed) = client.join().unwrap();
        failures.extend(failed);
        latencies.extend(timed);
    }
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let saves = editor.join().unwrap();
    latencies.sort();
    let percentile = |p: usize| latencies[(latencies.len() * p / 100).min(latencies.len() - 1)];
    eprintln!(
        "load: {} requests during {saves} saves ({} builds); latency p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        server.snapshot().build,
        percentile(50),
        percentile(99),
        latencies.last().unwrap()
    );
    assert!(
        failures.is_empty(),
        "{} failed requests: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert_eq!(latencies.len(), 50 * 200);
    server.shutdown();
}

/// One load client: `count` requests; returns the failures and latencies.
fn load_client(base: &str, client: usize, count: usize) -> (Vec<String>, Vec<Duration>) {
    let agent = agent();
    let mut failures = Vec::new();
    let mut latencies = Vec::new();
    for i in 0..count {
        let (path, status, needle) = LOAD_TARGETS[(client + i) % LOAD_TARGETS.len()];
        let started = Instant::now();
        match agent.get(format!("{base}{path}")).call() {
            Ok(mut response) => {
                let got = response.status().as_u16();
                let body = response.body_mut().read_to_string().unwrap_or_default();
                latencies.push(started.elapsed());
                if got != status || !body.contains(needle) || !body.contains("</html>") {
                    failures.push(format!("/{path}: {got}, {} bytes", body.len()));
                }
            }
            Err(e) => failures.push(format!("/{path}: {e}")),
        }
    }
    (failures, latencies)
}

/// Saves pages until `done`: body edits of the home page, and every fifth
/// save a config edit (a full rebuild). Returns how many saves were made.
fn edit_until(root: &Path, done: &std::sync::atomic::AtomicBool) -> usize {
    let page = root.join("index.mdx");
    let config = root.join("site.json");
    let (page_text, config_text) = (
        std::fs::read_to_string(&page).unwrap(),
        std::fs::read_to_string(&config).unwrap(),
    );
    let mut saves = 0;
    while !done.load(std::sync::atomic::Ordering::SeqCst) {
        saves += 1;
        if saves % 5 == 0 {
            let renamed = config_text.replace("Serve fixture", &format!("Serve fixture {saves}"));
            common::save(&config, &renamed);
        } else {
            common::save(&page, &format!("{page_text}\n\nEdit number {saves}.\n"));
        }
        // An editor's pace: a save every few tens of milliseconds.
        thread::sleep(Duration::from_millis(40));
    }
    saves
}

/// Connections that hold the server without finishing a request: opened
/// and left idle, a request head sent halfway and never completed, and
/// requests for a large file whose answer is never read. None of them may
/// keep other clients from being answered.
///
/// Idle and half-sent connections each hold a thread of tiny_http's
/// connection pool, never a request worker. That pool can queue a
/// connection accepted in the same burst as others behind busy threads (it
/// counts a just-woken thread as idle), so the other clients here connect
/// once the server has answered a probe, i.e. taken in every connection
/// opened before it.
#[test]
fn idle_and_slow_connections_do_not_starve_other_clients() {
    let site = StaticSite::new();
    // Larger than what the socket buffers of a loopback connection absorb.
    std::fs::write(site.dir().join("big.bin"), vec![b'x'; 24 * 1024 * 1024]).unwrap();
    let server = site.serve();
    let addr = server.addr();
    let mut held = Vec::new();
    for _ in 0..40 {
        held.push(TcpStream::connect(addr).unwrap());
    }
    for _ in 0..40 {
        let mut slow = TcpStream::connect(addr).unwrap();
        slow.write_all(format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").as_bytes())
            .unwrap();
        held.push(slow);
    }
    for _ in 0..12 {
        let mut stalled = TcpStream::connect(addr).unwrap();
        stalled
            .write_all(format!("GET /big.bin HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
            .unwrap();
        held.push(stalled);
    }
    wait_for_an_answer(addr);
    let agent = agent();
    for i in 0..20 {
        let path = ["", "style.css", "guide/setup"][i % 3];
        let got = get(&agent, &format!("{}{path}", server.url()));
        assert_eq!(
            got.status,
            200,
            "/{path} while {} connections stall",
            held.len()
        );
    }
    drop(held);
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
    common::save_replacing(&page, "The first version", "The incremental version");
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

#[test]
fn a_body_edit_of_the_home_page_also_updates_the_site_root_in_place() {
    let root = site_copy();
    std::fs::rename(
        root.path().join("index.mdx"),
        root.path().join("welcome.mdx"),
    )
    .unwrap();
    let config = root.path().join("site.json");
    let renamed = std::fs::read_to_string(&config)
        .unwrap()
        .replace("\"index\"", "\"welcome\"");
    std::fs::write(&config, renamed).unwrap();
    let server = Server::start(&options(root.path())).unwrap();
    wait_until(&server, "the first build", |s| s.dir.is_some());
    let before = server.snapshot();
    let dir = before.dir.clone().unwrap();
    let home = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(home.contains("The first version") && home.contains("rel=canonical"));

    let page = root.path().join("welcome.mdx");
    let edited = std::fs::read_to_string(&page)
        .unwrap()
        .replace("The first version", "The incremental version");
    std::fs::write(&page, edited).unwrap();
    wait_until(&server, "the root copy is re-rendered", |_| {
        std::fs::read_to_string(dir.join("index.html"))
            .is_ok_and(|h| h.contains("The incremental version"))
    });
    assert_eq!(server.snapshot().dir, before.dir, "updated in place");
    server.shutdown();
}

// ------------------------------------------------- pages before the build

/// The status and bytes of a GET.
fn get_bytes(agent: &ureq::Agent, url: &str) -> (u16, Vec<u8>) {
    let mut response = agent.get(url).call().expect("request answered");
    let status = response.status().as_u16();
    (status, response.body_mut().read_to_vec().unwrap())
}

/// A served page without the preview's live script.
fn without_live_script(served: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(served.to_vec()).expect("HTML is UTF-8");
    let start = text
        .find("<script data-sheaf-serve>")
        .expect("the live script");
    let end = start + text[start..].find("</script>").unwrap() + "</script>".len();
    format!("{}{}", &text[..start], &text[end..]).into_bytes()
}

/// The files of a build of `root` that the preview renders from memory:
/// pages (with the copies at the site root and tab folders), `404.html`
/// and the theme's assets.
fn memory_files(root: &Path) -> Vec<PathBuf> {
    let reference = tempfile::tempdir().unwrap();
    let out = reference.path().join("site");
    let result = sheaf::site::build(root, &out);
    assert!(!result.diagnostics.has_errors(), "{:?}", result.diagnostics);
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(&out).unwrap().to_path_buf())
        .filter(|p| p.starts_with("_sheaf") || p.extension().is_some_and(|e| e == "html"))
        .collect();
    files.sort();
    files
}

/// While the first build is held back, every page, root copy, asset and the
/// 404 page is answered from memory, and a static file (an image) from the
/// docs root; once the build is written, each answer is byte for byte the
/// built file. A file neither holds (the sitemap) is answered after the
/// build, never with a 404.
#[test]
fn pages_answered_before_the_first_build_are_the_files_it_writes() {
    let root = tempfile::tempdir().unwrap();
    common::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs"),
        root.path(),
    );
    let files = memory_files(root.path());
    assert!(files.len() > 10, "{files:?}");
    let hold = Latch::default();
    let server = Server::start_with_hold(&options(root.path()), hold.clone()).unwrap();
    let agent = agent();
    let mut answers = Vec::new();
    for file in &files {
        let url = format!("{}{}", server.url(), file.to_str().unwrap());
        let (status, body) = get_bytes(&agent, &url);
        assert_eq!(status, 200, "{url}");
        answers.push(body);
    }
    let snapshot = server.snapshot();
    assert!(
        snapshot.dir.is_none() && snapshot.previewing(),
        "nothing built yet"
    );
    let image = get_bytes(&agent, &format!("{}images/background.svg", server.url()));
    assert!(server.snapshot().previewing(), "the build is still held");
    let sitemap_url = format!("{}sitemap.xml", server.url());
    let sitemap = thread::spawn(move || get_bytes(&agent, &sitemap_url));

    hold.open();
    wait_until(&server, "the first build", |s| s.dir.is_some());
    let dir = server.snapshot().dir.unwrap();
    for (file, answer) in files.iter().zip(&answers) {
        let built = std::fs::read(dir.join(file)).unwrap();
        let shown = match file.extension().is_some_and(|e| e == "html") {
            true => without_live_script(answer),
            false => answer.clone(),
        };
        assert!(shown == built, "{} differs from the build", file.display());
    }
    assert_eq!(image.0, 200);
    assert_eq!(
        image.1,
        std::fs::read(dir.join("images/background.svg")).unwrap()
    );
    let (status, sitemap) = sitemap.join().unwrap();
    assert_eq!(status, 200);
    assert_eq!(sitemap, std::fs::read(dir.join("sitemap.xml")).unwrap());
    let home = get(&self::agent(), &server.url()).body;
    assert!(
        home.contains("window.SHEAF_RELOADS = 0;"),
        "the build reloads nothing"
    );
    server.shutdown();
}

/// A request memory cannot answer, made while the first build is held,
/// waits for the build instead of getting a wrong 404; the pages keep
/// coming from memory meanwhile.
#[test]
fn a_missing_page_before_the_first_build_waits_for_it_and_gets_404() {
    let root = site_copy();
    let hold = Latch::default();
    let server = Server::start_with_hold(&options(root.path()), hold.clone()).unwrap();
    let url = format!("{}no/such/page", server.url());
    let waiting = thread::spawn(move || get(&agent(), &url));
    let home = get(&agent(), &server.url());
    assert_eq!(home.status, 200);
    assert!(home.body.contains("The first version"));
    assert!(server.snapshot().previewing());
    hold.open();
    let missing = waiting.join().unwrap();
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("data-sheaf-serve"), "the 404 page");
    server.shutdown();
}

/// A save made while the first build runs is applied after it and reloads
/// the tab; the build itself reloads nothing (its pages were shown already).
#[test]
fn a_save_during_the_first_build_is_applied_after_it() {
    let root = site_copy();
    let hold = Latch::default();
    let server = Server::start_with_hold(&options(root.path()), hold.clone()).unwrap();
    let page = get(&agent(), &server.url()).body;
    assert!(page.contains("window.SHEAF_RELOADS = 0;"));
    let events = EventStream::open_at(server.addr(), "/__sheaf/events?since=0");
    let index = root.path().join("index.mdx");
    common::save_replacing(&index, "The first version", "The saved version");
    hold.open();
    events.wait_for("event: reload");
    let after = get(&agent(), &server.url());
    assert!(after.body.contains("The saved version"), "{}", after.body);
    server.shutdown();
}

/// A held first build does not keep shutdown waiting.
#[test]
fn shutdown_lets_a_held_first_build_go() {
    let root = site_copy();
    let server = Server::start_with_hold(&options(root.path()), Latch::default()).unwrap();
    assert_eq!(get(&agent(), &server.url()).status, 200);
    server.shutdown();
}

/// A docs.json `$ref` file is part of the config: saving it rebuilds.
#[test]
fn saving_a_file_docs_json_refers_to_rebuilds_the_site() {
    let root = common::fixture_copy("docsjson/ref-files");
    let server = Server::start(&options(root.path())).unwrap();
    wait_until(&server, "the first build", |s| s.dir.is_some());
    let built = server.snapshot().build;
    let guide = |s: &Snapshot| {
        let dir = s.dir.as_ref()?;
        std::fs::read_to_string(dir.join("guide/index.html")).ok()
    };
    assert!(guide(&server.snapshot()).is_some_and(|h| h.contains("rel=prev")));

    // `guide` leaves the English navigation: it is built, but not listed.
    common::save(&root.path().join("start-pages.json"), "[\"intro\"]\n");
    wait_until(&server, "the save is built", |s| {
        s.build > built && !s.failed() && guide(s).is_some_and(|h| !h.contains("rel=prev"))
    });
    server.shutdown();
}

/// Saving a page nested beyond the limit (750 components, 750 block
/// quotes) is an error at its line in the overlay, never a crash of the
/// preview (this test's process): the last good site stays up, and the
/// fixed page builds again.
#[test]
fn a_page_nested_beyond_the_limit_is_an_error_and_the_preview_survives() {
    let root = site_copy();
    let page = root.path().join("index.mdx");
    let good = std::fs::read_to_string(&page).unwrap();
    let server = Server::start(&options(root.path())).unwrap();
    let agent = agent();
    wait_until(&server, "the first build", |s| {
        s.dir.is_some() && !s.previewing()
    });
    for (bomb, says) in [
        (
            format!("{}x{}", "<Note>".repeat(750), "</Note>".repeat(750)),
            "components and HTML tags are nested more than 256 deep",
        ),
        (
            format!("{} x", ">".repeat(750)),
            "block quotes and lists are nested more than 256 deep",
        ),
    ] {
        let built = server.snapshot().build;
        common::save(&page, &format!("{good}\n{bomb}\n"));
        wait_until(&server, "the nested page is reported", |s| {
            s.build > built && s.failed()
        });
        let report = status(&agent, &server);
        assert_eq!(report["ok"], false, "{report}");
        let headlines = status_headlines(&agent, &server);
        assert!(
            headlines
                .iter()
                .any(|h| h.starts_with("index.mdx:9:") && h.contains(says)),
            "{headlines:?}"
        );
        let still = get(&agent, &server.url());
        assert_eq!(still.status, 200, "the preview still answers");

        let broken = server.snapshot().build;
        common::save(&page, &good);
        wait_until(&server, "the fixed page builds", |s| {
            s.build > broken && !s.failed()
        });
    }
    server.shutdown();
}
