//! Every `$ref` of a spec is followed before a page shows it: named
//! examples and example values, responses, parameters, headers and links
//! given by reference show what they point at, never the reference
//! (`tests/fixtures/openapi-refs`, one operation per kind), and no page of
//! GitHub's whole REST description shows one (`tests/fixtures/openapi-github`).

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{build_ok, fixture};

/// The fixture built once for all tests of this file.
fn built() -> &'static Path {
    static OUT: OnceLock<PathBuf> = OnceLock::new();
    OUT.get_or_init(|| {
        let out = tempfile::tempdir().unwrap().keep().join("site");
        build_ok(&fixture("openapi-refs"), &out);
        out
    })
}

/// The page of an operation, checked to hold no `$ref` text.
fn page(slug: &str) -> String {
    let html = fs::read_to_string(built().join(slug).join("index.html"))
        .unwrap_or_else(|e| panic!("{slug}: {e}"));
    for reference in ["$ref", "&#36;ref", "#/components/"] {
        assert!(!html.contains(reference), "{slug} shows {reference}");
    }
    html
}

#[test]
fn a_named_example_given_by_ref_shows_its_value() {
    let html = page("api-reference/named-example-by-reference");
    assert!(
        html.contains("blue-from-named-example"),
        "the example's value"
    );
}

#[test]
fn an_example_value_given_by_ref_shows_the_value_it_points_at() {
    let html = page("api-reference/example-value-by-reference");
    assert!(html.contains("red-from-example-value"));
}

#[test]
fn a_response_given_by_ref_shows_its_description_fields_and_example() {
    let html = page("api-reference/response-by-reference");
    for text in [
        "name-from-shared-response",
        "What-went-wrong-from-shared-response",
        "not-found-example-from-shared-response",
    ] {
        assert!(html.contains(text), "{text}");
    }
}

#[test]
fn a_parameter_given_by_ref_shows_with_its_example_resolved() {
    let html = page("api-reference/parameter-by-reference");
    assert!(html.contains("<code class=\"field-name\">per_page</code>"));
    assert!(html.contains("from-shared-parameter"));
    assert!(
        html.contains("Example: <code>30</code>"),
        "its named example by $ref"
    );
}

#[test]
fn a_response_header_given_by_ref_is_listed_under_the_response() {
    let html = page("api-reference/header-by-reference");
    let headers = &html[html.find("Headers</h3>").expect("a Headers part")..];
    assert!(headers.contains("<code class=\"field-name\">Link</code>"));
    assert!(headers.contains("from-shared-header"));
    assert!(headers.contains(
        "Example: <code>&lt;https://api.example.com/widgets?page=2&gt;; rel=next</code>"
    ));
}

#[test]
fn a_response_link_given_by_ref_names_its_operation() {
    let html = page("api-reference/link-by-reference");
    let links = &html[html.find("Links</h3>").expect("a Links part")..];
    assert!(links.contains("<code class=\"field-name\">GetWidget</code>"));
    assert!(links.contains("to <code>getWidget-from-shared-link</code>"));
    assert!(links.contains("from-shared-link"));
    assert!(links.contains("<code>colour</code> = <code>$response.body#/colour</code>"));
}

/// `(METHOD, path)` of every operation of a spec.
fn operations(spec: &Path) -> BTreeSet<(String, String)> {
    let spec: serde_json::Value = serde_json::from_str(&fs::read_to_string(spec).unwrap()).unwrap();
    let paths = spec["paths"].as_object().unwrap();
    paths
        .iter()
        .flat_map(|(path, item)| {
            let methods = item.as_object().unwrap().keys();
            methods.map(move |m| (m.to_uppercase(), path.clone()))
        })
        .collect()
}

/// `(METHOD, path)` an endpoint page's article names.
fn endpoint_of(html: &str) -> Option<(String, String)> {
    let article = &html[html.find("<article ")?..];
    let article = &article[..article.find('>')?];
    let value = |name: &str| {
        let start = article.find(name)? + name.len();
        let rest = &article[start..];
        Some(rest[..rest.find(' ').unwrap_or(rest.len())].to_string())
    };
    Some((value("data-method=")?, value("data-path=")?))
}

/// The GitHub fixture in a temporary folder, its spec unpacked beside
/// `docs.json` (`tests/fixtures/openapi-github/README.md`).
fn githubs_site() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    common::copy_tree(&fixture("openapi-github"), root.path());
    let packed = root.path().join("openapi.json.gz");
    let mut spec = Vec::new();
    flate2::read::GzDecoder::new(fs::File::open(&packed).unwrap())
        .read_to_end(&mut spec)
        .unwrap();
    fs::write(root.path().join("openapi.json"), spec).unwrap();
    fs::remove_file(packed).unwrap();
    root
}

#[test]
fn no_page_of_githubs_whole_description_shows_a_ref() {
    let root = githubs_site();
    let out = tempfile::tempdir().unwrap();
    build_ok(root.path(), out.path());
    let mut shown = BTreeSet::new();
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(out.path()) {
        let entry = entry.unwrap();
        if entry.file_name() != "index.html" {
            continue;
        }
        let html = fs::read_to_string(entry.path()).unwrap();
        for reference in ["$ref", "&#36;ref", "#/components/"] {
            assert!(
                !html.contains(reference),
                "{} shows {reference}",
                entry.path().display()
            );
        }
        shown.extend(endpoint_of(&html));
        pages += 1;
    }
    let operations = operations(&root.path().join("openapi.json"));
    assert_eq!(operations.len(), 1223, "GitHub's 1,223 operations");
    assert_eq!(shown, operations, "a page per operation");
    assert!(
        pages > shown.len() + 800,
        "and the schema pages ({pages} pages)"
    );
}
