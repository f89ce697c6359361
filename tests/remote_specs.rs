//! A spec named by URL, served by a loopback server that the tests stop to
//! simulate an outage: a build caches the spec it fetched and uses the copy
//! (with a warning giving its age) when the server is down; without a copy
//! `build` fails with a clear error, while `sheaf serve` keeps running and
//! the endpoint's page says why it is empty; `--offline` never downloads
//! and builds without a spec it has no copy of. Every run has its own cache
//! folder (`SHEAF_CACHE_DIR`).

mod common;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use common::preview::Preview;
use common::{fixture, fixture_copy, ClosedPort};
use sheaf::openapi::{ApiSpecs, SpecCache};

/// Serves a folder on 127.0.0.1 (port 0) until stopped.
struct SpecServer {
    server: Arc<tiny_http::Server>,
    worker: Option<thread::JoinHandle<()>>,
    /// How many requests it has answered.
    answered: Arc<AtomicUsize>,
}

impl SpecServer {
    /// Serves the fixture's `server/` folder.
    fn start() -> SpecServer {
        SpecServer::serving(fixture("remote-spec").join("server"))
    }

    fn serving(dir: std::path::PathBuf) -> SpecServer {
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
        let serving = Arc::clone(&server);
        let answered = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&answered);
        let worker = thread::spawn(move || {
            for request in serving.incoming_requests() {
                counter.fetch_add(1, Ordering::SeqCst);
                let file = dir.join(request.url().trim_start_matches('/'));
                let response = match std::fs::read(file) {
                    Ok(bytes) => tiny_http::Response::from_data(bytes),
                    Err(_) => tiny_http::Response::from_data(b"no".to_vec()).with_status_code(404),
                };
                let _ = request.respond(response);
            }
        });
        SpecServer {
            server,
            worker: Some(worker),
            answered,
        }
    }

    /// The requests answered so far (a build has finished with them).
    fn requests(&self) -> usize {
        self.answered.load(Ordering::SeqCst)
    }

    fn port(&self) -> u16 {
        self.server.server_addr().to_ip().unwrap().port()
    }

    /// Stops answering; the port stays held (refusing connections) so no
    /// other server takes it while the test runs.
    fn stop(mut self) -> ClosedPort {
        let port = self.port();
        self.server.unblock();
        if let Some(worker) = self.worker.take() {
            worker.join().unwrap();
        }
        drop(self);
        ClosedPort::take_over(port)
    }
}

/// The URL of the spec on `port`.
fn spec_url(port: u16) -> String {
    format!("http://127.0.0.1:{port}/openapi.yaml")
}

/// A copy of the fixture whose site.json names `url`.
fn site_naming(url: &str) -> tempfile::TempDir {
    let site = fixture_copy("remote-spec/docs");
    let config = site.path().join("site.json");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, text.replace("SPEC_URL", url)).unwrap();
    site
}

fn build(site: &Path, out: &Path, cache: &Path) -> Output {
    build_with(site, out, cache, &[])
}

fn build_with(site: &Path, out: &Path, cache: &Path, options: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args([
            "build",
            site.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .args(options)
        .env("NO_COLOR", "1")
        .env("SHEAF_CACHE_DIR", cache)
        .output()
        .expect("sheaf runs")
}

#[test]
fn a_build_uses_its_cached_copy_while_the_server_is_down() {
    let cache = tempfile::tempdir().unwrap();
    let outputs = tempfile::tempdir().unwrap();
    let server = SpecServer::start();
    let url = spec_url(server.port());
    let site = site_naming(&url);

    let first = build(site.path(), &outputs.path().join("up"), cache.path());
    assert!(first.status.success(), "{}", common::stderr(&first));
    let page = outputs
        .path()
        .join("up/api-reference/list-the-things/index.html");
    assert!(std::fs::read_to_string(page)
        .unwrap()
        .contains("List the things"));

    let _down = server.stop();
    let offline = build(site.path(), &outputs.path().join("down"), cache.path());
    let printed = common::stderr(&offline);
    assert!(offline.status.success(), "{printed}");
    let warning = common::parse_printed(&printed)
        .into_iter()
        .find(|p| p.severity == "warning" && p.location == url)
        .unwrap_or_else(|| panic!("a warning about {url}:\n{printed}"));
    assert!(
        warning.headline.contains(&format!("cannot download {url}"))
            && warning.headline.contains("using the copy cached")
            && warning.headline.contains("second"),
        "{}",
        warning.headline
    );
    let page = outputs
        .path()
        .join("down/api-reference/list-the-things/index.html");
    assert!(std::fs::read_to_string(page)
        .unwrap()
        .contains("List the things"));

    let no_cache = tempfile::tempdir().unwrap();
    let failed = build(site.path(), &outputs.path().join("none"), no_cache.path());
    let printed = common::stderr(&failed);
    assert_eq!(failed.status.code(), Some(1), "{printed}");
    assert!(
        printed.contains(&format!("cannot load OpenAPI spec: cannot download {url}")),
        "{printed}"
    );
    assert!(
        printed.contains("download the file into the docs root"),
        "{printed}"
    );
    assert!(!outputs.path().join("none").exists(), "nothing written");
}

#[test]
fn serve_keeps_running_and_the_endpoint_page_says_why() {
    let cache = tempfile::tempdir().unwrap();
    let closed = ClosedPort::new();
    let url = spec_url(closed.port());
    let site = site_naming(&url);
    let preview = Preview::start(site.path(), &[("SHEAF_CACHE_DIR", cache.path())]);

    let agent: ureq::Agent = ureq::Agent::config_builder()
        .proxy(None)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let mut answer = agent
        .get(format!("{}api-reference/get-things/", preview.url))
        .call()
        .expect("the endpoint page is served");
    let html = answer.body_mut().read_to_string().unwrap();
    assert!(html.contains("This endpoint cannot be shown yet"), "{html}");
    assert!(html.contains(&url));
    assert!(html.contains("could not be downloaded"));
    let home = agent.get(&preview.url).call().expect("the site is up");
    assert_eq!(home.status(), 200);
}

/* ---- the loader itself, with $refs between served files ---- */

#[test]
fn a_fetched_spec_and_its_refs_stand_in_when_the_url_is_down() {
    let cache_dir = tempfile::tempdir().unwrap();
    let cache = SpecCache::in_dir(cache_dir.path());
    let server = SpecServer::serving(fixture("openapi-cycle"));
    let url = format!("http://127.0.0.1:{}/tree.yaml", server.port());
    let sources = std::slice::from_ref(&url);
    let nowhere = Path::new("/nonexistent");
    let (_, diagnostics) = ApiSpecs::load_cached(nowhere, sources, &cache);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let _down = server.stop();

    let (specs, diagnostics) = ApiSpecs::load_cached(nowhere, sources, &cache);
    assert!(!diagnostics.is_empty());
    for d in &diagnostics {
        assert!(!d.is_error(), "{d}");
        assert!(d.message.contains("using the copy cached"), "{d}");
    }
    assert!(
        diagnostics.iter().any(|d| d.file == Path::new(&url)),
        "{diagnostics:?}"
    );
    assert!(
        diagnostics.iter().any(|d| d.file != Path::new(&url)),
        "the $ref'd files come from the cache too: {diagnostics:?}"
    );
    assert!(specs.find("tree POST /trees").is_ok(), "the copy is used");
    assert!(specs.unreachable().is_empty());
}

#[test]
fn an_unreachable_url_without_a_copy_is_an_error_and_listed() {
    let cache_dir = tempfile::tempdir().unwrap();
    let closed = ClosedPort::new();
    let url = format!("http://127.0.0.1:{}/specs/billing.yaml", closed.port());
    let (specs, diagnostics) = ApiSpecs::load_cached(
        Path::new("/nonexistent"),
        std::slice::from_ref(&url),
        &SpecCache::in_dir(cache_dir.path()),
    );
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(diagnostics[0].is_error());
    assert_eq!(specs.unreachable().len(), 1);
    assert_eq!(specs.unreachable()[0].url, url);
    assert!(specs.unreachable_for("GET /x").is_some());
    assert!(specs.unreachable_for("billing GET /x").is_some());
    assert!(specs.unreachable_for(&format!("{url} GET /x")).is_some());
    assert!(specs.unreachable_for("other GET /x").is_none());
}

#[test]
fn offline_builds_use_the_cached_copy_or_build_without_the_spec_and_never_connect() {
    let cache = tempfile::tempdir().unwrap();
    let outputs = tempfile::tempdir().unwrap();
    let server = SpecServer::start();
    let url = spec_url(server.port());
    let site = site_naming(&url);
    let offline = ["--offline"];

    // Without a copy: the spec is not fetched although its server is up.
    let none = outputs.path().join("none");
    let built = build_with(site.path(), &none, cache.path(), &offline);
    let printed = common::stderr(&built);
    assert!(built.status.success(), "{printed}");
    let warnings: Vec<_> = common::parse_printed(&printed)
        .into_iter()
        .filter(|p| p.severity == "warning")
        .collect();
    assert_eq!(warnings.len(), 1, "one warning, at the spec: {printed}");
    assert_eq!(warnings[0].location, url);
    assert!(warnings[0]
        .headline
        .contains("not downloaded with --offline"));
    // Without its spec, the page is named by its method and path, as an
    // operation without a summary is.
    let page = std::fs::read_to_string(none.join("api-reference/get-things/index.html")).unwrap();
    assert!(page.contains("This endpoint cannot be shown yet"), "{page}");
    assert!(page.contains("built with <code>--offline</code>"), "{page}");
    assert_eq!(server.requests(), 0, "nothing was downloaded");

    // With a copy from an online build, offline builds use it.
    let online = build(site.path(), &outputs.path().join("online"), cache.path());
    assert!(online.status.success(), "{}", common::stderr(&online));
    let cached = outputs.path().join("cached");
    let built = build_with(site.path(), &cached, cache.path(), &offline);
    assert!(built.status.success(), "{}", common::stderr(&built));
    let page =
        std::fs::read_to_string(cached.join("api-reference/list-the-things/index.html")).unwrap();
    assert!(page.contains("List the things"));
    assert_eq!(server.requests(), 1, "only the online build downloaded it");
}
