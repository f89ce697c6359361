//! The fixture site (`tests/fixtures/browser-site`, or another fixture),
//! copied, optionally edited, built with the real `sheaf` binary and served
//! on 127.0.0.1.

use std::path::Path;

use serde_json::Value;

use super::server::{serve_site, HttpServer};
use crate::common;

/// A built site being served; everything is removed when dropped.
pub struct Site {
    pub server: HttpServer,
    _source: tempfile::TempDir,
    _output: tempfile::TempDir,
}

impl Site {
    /// The absolute URL of a page path such as `guides/quickstart/`.
    pub fn url(&self, path: &str) -> String {
        self.server.url(path)
    }

    /// Adds a file to the served output, as a host would serve beside the
    /// site (an API answer, say).
    pub fn add_file(&self, path: &str, bytes: &[u8]) {
        let file = self.output().join(path);
        std::fs::create_dir_all(file.parent().expect("a file in a folder")).unwrap();
        std::fs::write(file, bytes).unwrap();
    }

    /// A built file's text (the HTML as written, before any script ran).
    pub fn built(&self, path: &str) -> String {
        std::fs::read_to_string(self.output().join(path)).expect("a built file")
    }

    fn output(&self) -> std::path::PathBuf {
        self._output.path().join("site")
    }
}

/// Builds the fixture as it is.
pub fn fixture_site() -> Site {
    build_site(|_| {})
}

/// Builds the fixture after `edit` changed the copy in the given folder.
pub fn build_site(edit: impl FnOnce(&Path)) -> Site {
    let source = common::fixture_copy("browser-site");
    edit(source.path());
    build_and_serve(source)
}

/// Builds and serves a copy of the fixture `tests/fixtures/<name>`.
pub fn named_fixture_site(name: &str) -> Site {
    build_and_serve(common::fixture_copy(name))
}

/// Builds and serves a copy of `example-docs/`, the reference site.
pub fn example_site() -> Site {
    let source = tempfile::tempdir().expect("a source directory");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs");
    common::copy_tree(&example, source.path());
    build_and_serve(source)
}

/// [`example_site`] with its API base URL on `api_origin` (a local mock),
/// so Try-it gets an answer.
pub fn example_site_against(api_origin: &str) -> Site {
    let source = tempfile::tempdir().expect("a source directory");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs");
    common::copy_tree(&example, source.path());
    edit_site_json(source.path(), |config| {
        config["api"]["baseUrl"] = serde_json::json!(api_origin);
    });
    build_and_serve(source)
}

/// Builds the docs in `source` and serves the output.
pub fn build_and_serve(source: tempfile::TempDir) -> Site {
    let output = tempfile::tempdir().expect("an output directory");
    let site_dir = output.path().join("site");
    let built = common::sheaf(&[
        "build",
        source.path().to_str().unwrap(),
        "--out",
        site_dir.to_str().unwrap(),
    ]);
    assert!(
        built.status.success(),
        "sheaf build failed:\n{}",
        common::stderr(&built)
    );
    Site {
        server: serve_site(site_dir),
        _source: source,
        _output: output,
    }
}

/// Changes `site.json` in the fixture copy at `root`.
pub fn edit_site_json(root: &Path, edit: impl FnOnce(&mut serde_json::Map<String, Value>)) {
    let path = root.join("site.json");
    let mut config: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(config.as_object_mut().expect("site.json is an object"));
    std::fs::write(&path, serde_json::to_string_pretty(&config).unwrap()).unwrap();
}

/// Points the fixture's OpenAPI `servers` entry at `origin`.
pub fn set_api_server(root: &Path, origin: &str) {
    let path = root.join("openapi.yaml");
    let spec = std::fs::read_to_string(&path).unwrap();
    assert!(
        spec.contains(FIXTURE_API_ORIGIN),
        "the fixture names {FIXTURE_API_ORIGIN}"
    );
    std::fs::write(&path, spec.replace(FIXTURE_API_ORIGIN, origin)).unwrap();
}

/// The placeholder server URL in the fixture's `openapi.yaml` (never contacted).
const FIXTURE_API_ORIGIN: &str = "http://127.0.0.1:1";

/// `sheaf serve` on the docs in `root`, in process, on a free port.
pub fn start_preview(root: &Path) -> sheaf::serve::Server {
    let options = sheaf::serve::Options {
        root: root.to_path_buf(),
        port: 0,
        port_may_move: false,
        host: "127.0.0.1".into(),
        open: false,
        cache: sheaf::cache::BuildCache::disabled(),
    };
    sheaf::serve::Server::start(&options).expect("the preview starts")
}
