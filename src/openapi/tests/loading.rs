//! Loading: cycles across files, YAML/JSON, HTTP, Swagger 2.0, errors, `find`.

use std::sync::Arc;
use std::thread;

use super::*;
use crate::openapi::{render_endpoint_html, ApiSpecs, FindError, SpecCache};

#[test]
fn cyclic_specs_render_once_and_point_back() {
    let (specs, diagnostics) = load(&fixture("openapi-cycle"), &["tree.yaml"]);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let view = specs.endpoint(&op(&specs, "POST /trees"), &ApiConfig::default());
    let body = &view.request_body.as_ref().unwrap().fields;
    assert_eq!(names(body), ["value", "children", "choice", "parent"]);
    assert_eq!(
        field(body, "children").recursive_ref.as_deref(),
        Some("Node")
    );
    assert_eq!(field(body, "parent").recursive_ref.as_deref(), Some("Node"));
    let choice = field(body, "choice");
    assert_eq!(
        choice.alternatives[0].recursive_ref.as_deref(),
        Some("Node")
    );
    let response = &view.responses[0].fields;
    let trees = field(response, "trees");
    assert_eq!(trees.type_label, "array of object");
    assert_eq!(
        field(&trees.children, "children").recursive_ref.as_deref(),
        Some("Node")
    );
    let b = field(&field(response, "a").children, "b");
    assert_eq!(field(&b.children, "a").recursive_ref.as_deref(), Some("A"));
    assert_eq!(
        field(&b.children, "forest").recursive_ref.as_deref(),
        Some("Forest")
    );
    let html = render_endpoint_html(&view, &PlainText).joined();
    assert!(html.contains("↻</span> Node, see above"));
    assert!(
        html.len() < 100_000,
        "output is bounded: {} bytes",
        html.len()
    );
    assert!(specs.lint().is_empty(), "{:?}", specs.lint());
}

/// Serves `dir` on 127.0.0.1 (port chosen by the OS) until dropped.
struct LocalServer {
    server: Arc<tiny_http::Server>,
    worker: Option<thread::JoinHandle<()>>,
}

impl LocalServer {
    fn serve(dir: PathBuf) -> LocalServer {
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
        let serving = Arc::clone(&server);
        let worker = thread::spawn(move || {
            for request in serving.incoming_requests() {
                let path = dir.join(request.url().trim_start_matches('/'));
                let response = match std::fs::read(&path) {
                    Ok(bytes) => tiny_http::Response::from_data(bytes),
                    Err(_) => {
                        tiny_http::Response::from_data(b"not found".to_vec()).with_status_code(404)
                    }
                };
                let _ = request.respond(response);
            }
        });
        LocalServer {
            server,
            worker: Some(worker),
        }
    }

    fn url(&self, file: &str) -> String {
        format!(
            "http://{}/{file}",
            self.server.server_addr().to_ip().unwrap()
        )
    }
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

#[test]
fn specs_load_over_http_with_relative_refs() {
    let server = LocalServer::serve(fixture("openapi-cycle"));
    let url = server.url("tree.yaml");
    let cache = tempfile::tempdir().unwrap();
    let (specs, diagnostics) = ApiSpecs::load_cached(
        Path::new("/nonexistent"),
        std::slice::from_ref(&url),
        &SpecCache::in_dir(cache.path()),
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(specs.spec_names(), std::slice::from_ref(&url));
    let view = specs.endpoint(&op(&specs, "tree POST /trees"), &ApiConfig::default());
    let body = &view.request_body.as_ref().unwrap().fields;
    assert_eq!(field(body, "value").type_label, "string");
    assert_eq!(view.spec.as_deref(), Some(url.as_str()));
}

#[test]
fn unreachable_urls_and_missing_files_are_clear_errors() {
    let closed = ClosedPort::new();
    let url = format!("http://127.0.0.1:{}/openapi.json", closed.port());
    let (specs, diagnostics) = load(
        &fixture("openapi-swagger"),
        &[&url, "missing.yaml", "openapi.yml"],
    );
    assert_eq!(diagnostics.len(), 2, "{diagnostics:?}");
    assert!(diagnostics.iter().all(|d| d.is_error()));
    assert!(diagnostics[0].message.contains(&url));
    assert!(diagnostics[0]
        .help
        .as_deref()
        .unwrap()
        .contains("download the file"));
    assert!(diagnostics[1].message.contains("missing.yaml"));
    assert!(specs.find("GET /new").is_ok(), "other specs still load");
}

#[test]
fn swagger_2_is_a_warning_and_skipped() {
    let (specs, diagnostics) = load(
        &fixture("openapi-swagger"),
        &["swagger.json", "/openapi.yml"],
    );
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    assert!(!d.is_error());
    assert_eq!(d.file, PathBuf::from("swagger.json"));
    assert!(d.message.contains("Swagger 2.0 is not supported"));
    assert!(d
        .help
        .as_deref()
        .unwrap()
        .contains("convert it to OpenAPI 3"));
    assert_eq!(specs.operations().count(), 1);
    assert!(specs.find("GET /old").is_err());
}

#[test]
fn same_file_listed_twice_loads_once() {
    let (specs, diagnostics) = load(
        &fixture("openapi-swagger"),
        &["openapi.yml", "/openapi.yml", "./openapi.yml"],
    );
    assert!(diagnostics.is_empty());
    assert_eq!(specs.spec_names(), ["openapi.yml"]);
}

#[test]
fn find_accepts_every_reference_form() {
    let (specs, _) = load(&manifest_dir().join("example-docs"), &["openapi.yaml"]);
    for reference in [
        "GET /api/user",
        "get /api/user",
        "'GET /api/user'",
        "\"GET /api/user\"",
        "openapi.yaml GET /api/user",
        "openapi get /api/user",
        "/openapi.yaml GET /api/user",
        "\"openapi GET /api/user\"",
        "GET /api/user/",
    ] {
        let found = specs
            .find(reference)
            .unwrap_or_else(|e| panic!("{reference}: {e}"));
        assert_eq!(
            (found.method.as_str(), found.path.as_str()),
            ("GET", "/api/user"),
            "{reference}"
        );
    }
    assert_eq!(op(&specs, "post /api/user").method, "POST");
}

#[test]
fn find_errors_list_the_closest_operations() {
    let (specs, _) = load(&manifest_dir().join("example-docs"), &["openapi.yaml"]);
    let err = specs.find("GET /api/users").unwrap_err();
    let FindError::NotFound { closest, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(closest[0], "GET /api/user");
    assert!(err.to_string().contains("closest: GET /api/user"));
    let err = specs.find("v9 GET /api/user").unwrap_err();
    assert!(matches!(err, FindError::UnknownSpec { .. }));
    assert!(err.to_string().contains("openapi.yaml"));
    assert!(matches!(
        specs.find("the user page"),
        Err(FindError::Malformed { .. })
    ));
    assert!(matches!(
        specs.find("PATCH /api/user"),
        Err(FindError::NotFound { .. })
    ));
}
