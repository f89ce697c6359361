//! Tests of the whole stage against spec files: the User Group Service of
//! `example-docs/`, its 3.1 copy, cyclic and cross-file specs, specs served
//! over HTTP, Swagger 2.0, and the real-world sites' specs.

mod fuzz;
mod loading;
mod realworld;
mod schema_pages;
mod user_group;

use std::path::{Path, PathBuf};

use crate::config::{ApiAuth, ApiConfig, AuthMethod};
use crate::openapi::{FieldView, OperationRef};

pub(super) fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(super) fn fixture(name: &str) -> PathBuf {
    manifest_dir().join("tests/fixtures").join(name)
}

/// site.json `api` of example-docs (decisions.md).
pub(super) fn user_group_api() -> ApiConfig {
    ApiConfig {
        auth: Some(ApiAuth {
            method: Some(AuthMethod::Key),
            name: Some("Authorization".into()),
            input_prefix: Some("Token ".into()),
        }),
        ..ApiConfig::default()
    }
}

pub(super) fn names(fields: &[FieldView]) -> Vec<&str> {
    fields.iter().map(|f| f.name.as_str()).collect()
}

pub(super) fn field<'a>(fields: &'a [FieldView], name: &str) -> &'a FieldView {
    fields
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no field `{name}` in {:?}", names(fields)))
}

/// A text renderer good enough for tests: escapes, wraps descriptions in
/// `<p>` and code in `<span class=hl>`.
pub(super) struct PlainText;

impl super::EndpointText for PlainText {
    fn markdown(&self, text: &str) -> String {
        format!("<p>{}</p>", super::html::esc(text))
    }

    fn inline_markdown(&self, text: &str) -> String {
        super::html::esc(text)
    }

    fn code(&self, _lang: &str, code: &str) -> String {
        format!("<span class=hl>{}</span>", super::html::esc(code))
    }

    fn page_href(&self, reference: &str) -> Option<String> {
        Some(format!("/{}", reference.replace(' ', "-")))
    }
}

pub(super) fn op(specs: &super::ApiSpecs, reference: &str) -> OperationRef {
    specs
        .find(reference)
        .unwrap_or_else(|e| panic!("{reference}: {e}"))
}

pub(super) fn load(
    root: &Path,
    sources: &[&str],
) -> (super::ApiSpecs, Vec<crate::diagnostics::Diagnostic>) {
    let sources: Vec<String> = sources.iter().map(|s| s.to_string()).collect();
    let cache = tempfile::tempdir().unwrap();
    super::ApiSpecs::load_cached(root, &sources, &super::SpecCache::in_dir(cache.path()))
}

/// A loopback port that refuses connections: bound but never listening,
/// and held until dropped, so no other test can take the port meanwhile
/// (a listener bound and dropped frees its port for anyone).
pub(super) struct ClosedPort(socket2::Socket);

impl ClosedPort {
    pub(super) fn new() -> ClosedPort {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)
            .expect("a socket");
        let any_port = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
        socket.bind(&any_port.into()).expect("bound to a free port");
        ClosedPort(socket)
    }

    pub(super) fn port(&self) -> u16 {
        let addr = self.0.local_addr().expect("a bound address");
        addr.as_socket().expect("an IP address").port()
    }
}
