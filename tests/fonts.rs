//! docs.json `fonts` (issue 59) on tests/fixtures/fonts: the body text in a
//! Google Fonts family, fetched at build time from a loopback server that
//! stands in for the font host (`SHEAF_GOOGLE_FONTS_URL`), and headings in a
//! file of the docs root. The site serves every file itself with
//! `font-display: swap`, preloads the latin file, never names the host; a
//! second build with the host gone reads the build cache and writes the same
//! site; an offline build with nothing cached keeps the system font, with
//! one note.

mod common;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::thread;

use common::{fixture_copy, snapshot, ClosedPort};

/// The font host: the CSS2 stylesheet and two files; it records the URLs
/// asked for.
struct FontHost {
    server: Arc<tiny_http::Server>,
    worker: Option<thread::JoinHandle<()>>,
    asked: Arc<Mutex<Vec<String>>>,
}

impl FontHost {
    fn start() -> FontHost {
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
        let port = server.server_addr().to_ip().unwrap().port();
        let serving = Arc::clone(&server);
        let asked = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&asked);
        let worker = thread::spawn(move || {
            for request in serving.incoming_requests() {
                let url = request.url().to_string();
                log.lock().unwrap().push(url.clone());
                let body = match url.split('?').next().unwrap() {
                    "/css2" => stylesheet(port).into_bytes(),
                    "/files/latin.woff2" => b"wOF2 latin".to_vec(),
                    "/files/cyrillic.woff2" => b"wOF2 cyrillic".to_vec(),
                    _ => Vec::new(),
                };
                let status = if body.is_empty() { 404 } else { 200 };
                let _ =
                    request.respond(tiny_http::Response::from_data(body).with_status_code(status));
            }
        });
        FontHost {
            server,
            worker: Some(worker),
            asked,
        }
    }

    fn url(&self) -> String {
        format!(
            "http://127.0.0.1:{}",
            self.server.server_addr().to_ip().unwrap().port()
        )
    }

    /// Stops answering; the port stays held, refusing connections.
    fn stop(mut self) -> ClosedPort {
        let port = self.server.server_addr().to_ip().unwrap().port();
        self.server.unblock();
        self.worker.take().unwrap().join().unwrap();
        drop(self);
        ClosedPort::take_over(port)
    }
}

/// What Google's CSS2 API answers, in its shape (a comment naming the
/// subset before each rule), with one declaration that must not get through.
fn stylesheet(port: u16) -> String {
    format!(
        "/* cyrillic */\n@font-face {{\n  font-family: 'Inter';\n  font-style: normal;\n  font-weight: 400 700;\n  font-display: swap;\n  src: url(http://127.0.0.1:{port}/files/cyrillic.woff2) format('woff2');\n  unicode-range: U+0400-045F;\n}}\n\
         /* latin */\n@font-face {{\n  font-family: 'Inter';\n  font-style: normal;\n  font-weight: 400 700;\n  font-display: block;\n  src: url(http://127.0.0.1:{port}/files/latin.woff2) format('woff2');\n  unicode-range: U+0000-00FF;\n  color: red;\n}}\n"
    )
}

/// `sheaf ARGS` with the font host at `host`.
fn sheaf_with_host(host: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("SHEAF_GOOGLE_FONTS_URL", host)
        .output()
        .expect("sheaf runs")
}

fn build(host: &str, root: &Path, out: &Path, cache: &Path) -> Output {
    let args = [
        "build",
        root.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--cache-dir",
        cache.to_str().unwrap(),
    ];
    let output = sheaf_with_host(host, &args);
    assert!(output.status.success(), "{}", common::stderr(&output));
    output
}

/// The site's stylesheet bundle.
fn bundle(site: &Path) -> String {
    let found = std::fs::read_dir(site.join("_sheaf"))
        .unwrap()
        .filter_map(|e| e.ok());
    let css = (found.map(|e| e.path()))
        .find(|p| {
            p.extension().is_some_and(|e| e == "css") && p.to_string_lossy().contains("sheaf.")
        })
        .expect("the stylesheet");
    std::fs::read_to_string(css).unwrap()
}

#[test]
fn fonts_are_served_from_the_site_and_a_warm_build_needs_no_host() {
    let root = fixture_copy("fonts");
    let work = tempfile::tempdir().unwrap();
    let (cache, first, second) = (
        work.path().join("cache"),
        work.path().join("a"),
        work.path().join("b"),
    );
    let host = FontHost::start();
    build(&host.url(), root.path(), &first, &cache);
    let asked = host.asked.lock().unwrap().clone();
    assert_eq!(
        asked[0],
        "/css2?family=Inter:wght@400;500;600;700&display=swap"
    );
    assert_eq!(asked.len(), 3, "{asked:?}");

    let css = bundle(&first);
    // The bundle is minified: each face from its `@font-face` to its `}`.
    let faces: Vec<&str> = (css.match_indices("@font-face"))
        .map(|(at, _)| &css[at..=at + css[at..].find('}').unwrap()])
        .collect();
    assert_eq!(faces.len(), 3, "{css}");
    assert!(faces
        .iter()
        .all(|f| f.contains("font-display:swap") && f.contains("src:url(fonts/")));
    assert!(faces[1].contains("unicode-range:U+0000-00FF") && !faces[1].contains("color"));
    assert!(faces[2]
        .starts_with("@font-face{font-family:\"Satoshi\";font-style:normal;font-weight:700;"));
    assert!(css.contains(":root{--font-sans:\"Inter\",var(--font-system)}"));
    assert!(css.contains(":root{--font-heading:\"Satoshi\",var(--font-sans)}"));
    let files = snapshot(&first.join("_sheaf/fonts"));
    assert_eq!(files.len(), 3);
    assert!(files.values().any(|b| b == b"wOF2 latin"));

    let page = std::fs::read_to_string(first.join("quickstart/index.html")).unwrap();
    let latin = files.iter().find(|(_, b)| *b == b"wOF2 latin").unwrap().0;
    let preload = format!(
        "<link rel=preload href=../_sheaf/fonts/{} as=font type=font/woff2 crossorigin>",
        latin.display()
    );
    assert_eq!(page.matches("rel=preload").count(), 1);
    assert!(
        page.contains(&preload),
        "{}",
        &page[..page.find("</head>").unwrap()]
    );
    for (path, bytes) in snapshot(&first) {
        assert!(
            !String::from_utf8_lossy(&bytes).contains("127.0.0.1"),
            "{} names the font host",
            path.display()
        );
    }

    let closed = host.stop();
    build(
        &format!("http://127.0.0.1:{}", closed.port()),
        root.path(),
        &second,
        &cache,
    );
    assert!(
        snapshot(&first) == snapshot(&second),
        "the warm build writes the same site"
    );
}

#[test]
fn offline_with_nothing_cached_keeps_the_system_font_with_one_note() {
    let root = fixture_copy("fonts");
    let work = tempfile::tempdir().unwrap();
    let closed = ClosedPort::new();
    let host = format!("http://127.0.0.1:{}", closed.port());
    let args = [
        "check",
        root.path().to_str().unwrap(),
        "--format",
        "json",
        "--cache-dir",
        work.path().to_str().unwrap(),
    ];
    let output = sheaf_with_host(&host, &args);
    assert!(output.status.success(), "{}", common::stderr(&output));
    let found: Vec<serde_json::Value> = (String::from_utf8_lossy(&output.stdout).lines())
        .filter_map(|l| serde_json::from_str(l).ok())
        .filter(|d: &serde_json::Value| d["rule"] == "font-not-served")
        .collect();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0]["line"], 20);
    assert!(found[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("font \"Inter\" is not served from the site"));
    let out = work.path().join("site");
    let built = sheaf_with_host(
        &host,
        &[
            "build",
            root.path().to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--offline",
            "--no-cache",
        ],
    );
    assert!(built.status.success(), "{}", common::stderr(&built));
    assert_eq!(
        snapshot(&out.join("_sheaf/fonts")).len(),
        1,
        "the heading's own file is still served"
    );
}
