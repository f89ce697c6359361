//! Schema pages, built by the real binary on `tests/fixtures/schema-pages`
//! (a docs.json tab generated from a spec, and a page with frontmatter
//! `openapi-schema`): every named object schema gets a page of its own,
//! nested ones are links from the endpoint pages, the pages are in search
//! and `llms.txt` but not in the sidebar, and `openapi-schema` shows the
//! fields on its page.

mod common;

use std::fs;
use std::path::Path;

use common::read_built as read;
use common::{fixture, sheaf, stderr};

/// Builds the fixture into a temp folder; returns it, the site and stderr.
fn built() -> (tempfile::TempDir, std::path::PathBuf, String) {
    common::build_fixture("schema-pages")
}

/// Every file under `dir` holding `text`, relative to `dir`.
fn files_holding(dir: &Path, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
        let holds = fs::read(entry.path())
            .is_ok_and(|bytes| String::from_utf8_lossy(&bytes).contains(text));
        if entry.file_type().is_file() && holds {
            let relative = entry.path().strip_prefix(dir).unwrap();
            found.push(relative.display().to_string());
        }
    }
    found
}

#[test]
fn every_named_object_schema_gets_a_page_with_its_fields() {
    let (_out, site, stderr) = built();
    assert!(!stderr.contains("warning"), "{stderr}");
    let user = read(&site, "schema-simple-user/index.html");
    assert!(user.contains("<title>Simple User"), "titled by `title`");
    assert!(user.contains("A user of the service."));
    assert!(user.contains("<code class=\"field-name\">login</code>"));
    assert!(user.contains("<code class=\"field-name\">site_admin</code>"));
    let repository = read(&site, "schema-repository/index.html");
    assert!(repository.contains("<code class=\"field-name\">owner</code>"));
    assert!(
        repository.contains("<a href=\"../schema-license/\">license fields</a>"),
        "nested below the top level: a link, {repository}"
    );
    assert!(
        !site.join("schema-visibility").exists(),
        "a schema without fields has no page"
    );
}

#[test]
fn endpoint_pages_list_top_level_fields_and_link_nested_schemas() {
    let (_out, site, _) = built();
    let page = read(&site, "api-reference/repos/get-a-repository/index.html");
    assert!(
        page.contains("<code class=\"field-name\">login</code>"),
        "the owner, a top-level field, is listed in full"
    );
    assert!(
        page.contains("A software licence."),
        "the description stays"
    );
    assert!(page.contains("<a href=\"../../../schema-license/\">license fields</a>"));
    assert!(page.contains("<a href=\"../../../schema-simple-user/\">simple-user fields</a>"));
    assert!(
        !page.contains("<code class=\"field-name\">spdx_id</code>"),
        "the licence's fields are on its page"
    );
}

#[test]
fn schema_pages_are_found_by_search_and_agents_not_in_the_sidebar() {
    let (_out, site, _) = built();
    assert!(read(&site, "llms.txt").contains("schema-simple-user"));
    assert!(!files_holding(&site.join("search"), "Simple User").is_empty());
    let endpoint = read(&site, "api-reference/repos/get-a-repository/index.html");
    let sidebar = &endpoint[endpoint.find("<nav").unwrap()..endpoint.find("</nav>").unwrap()];
    assert!(!sidebar.contains("Schemas"), "{sidebar}");
    let nav_scripts = files_holding(&site.join("_sheaf"), "schema-license");
    assert!(nav_scripts.is_empty(), "{nav_scripts:?}");
}

#[test]
fn openapi_schema_frontmatter_shows_the_schema_after_the_body() {
    let (_out, site, stderr) = built();
    assert!(!stderr.contains("openapi-schema"), "{stderr}");
    let page = read(&site, "models/index.html");
    let body = page.find("Every repository has an owner.").unwrap();
    let field = page
        .find("<code class=\"field-name\">login</code>")
        .unwrap();
    assert!(body < field, "after the body");
    let output = sheaf(&[
        "check",
        "--strict",
        fixture("schema-pages").to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
}

#[test]
fn an_unknown_openapi_schema_is_a_warning_at_its_line() {
    let dir = common::fixture_copy("schema-pages");
    common::save_replacing(
        &dir.path().join("models.mdx"),
        "openapi-schema: simple-user",
        "openapi-schema: simple-usr",
    );
    let output = sheaf(&["check", dir.path().to_str().unwrap()]);
    let printed = stderr(&output);
    assert!(
        printed.contains("models.mdx:3:1") && printed.contains("no schema `simple-usr`"),
        "{printed}"
    );
    assert!(printed.contains("closest: simple-user"), "{printed}");
}
