//! Schema pages on `tests/fixtures/schema-pages/openapi.json`: which
//! schemas get one, the links of the fields below the top level, and the
//! schema views; and an example given twice, written once.

use super::*;
use crate::openapi::{render_endpoint_html, render_schema_html, FindError};

const SPEC: &str = "openapi.json";

fn loaded() -> crate::openapi::ApiSpecs {
    let (specs, diagnostics) = load(&fixture("schema-pages"), &[SPEC]);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    specs
}

#[test]
fn object_schemas_are_listed_in_file_order() {
    let specs = loaded();
    let entries = specs
        .schema_entries(&fixture("schema-pages"), SPEC)
        .unwrap();
    assert_eq!(
        entries,
        [
            "openapi.json SCHEMA simple-user",
            "openapi.json SCHEMA license",
            "openapi.json SCHEMA repository"
        ]
    );
}

#[test]
fn fields_below_the_top_level_link_to_schema_pages() {
    let mut specs = loaded();
    let before = specs.endpoint(&op(&specs, "GET /repos/{id}"), &ApiConfig::default());
    let template =
        |view: &crate::openapi::EndpointView| field(&view.responses[0].fields, "template").clone();
    assert_eq!(
        names(&field(&template(&before).children, "license").children),
        ["spdx_id", "url"]
    );
    specs.add_schema_pages(["openapi.json SCHEMA license", "SCHEMA simple-user"].into_iter());
    let view = specs.endpoint(&op(&specs, "GET /repos/{id}"), &ApiConfig::default());
    let owner = field(&view.responses[0].fields, "owner");
    assert_eq!(
        names(&owner.children),
        ["login", "site_admin"],
        "top level: in full"
    );
    assert_eq!(owner.own_page, None);
    let license = field(&template(&view).children, "license").clone();
    assert!(license.children.is_empty());
    assert_eq!(
        license.own_page.as_deref(),
        Some("openapi.json SCHEMA license")
    );
    assert_eq!(
        license.description_md.as_deref(),
        Some("A software licence.")
    );
    assert_eq!(license.type_label, "object");
    let template = template(&view);
    let owner = field(&template.children, "owner");
    assert_eq!(owner.own_page.as_deref(), Some("SCHEMA simple-user"));
}

#[test]
fn a_schema_view_lists_its_fields_and_renders_them() {
    let mut specs = loaded();
    specs.add_schema_pages(["SCHEMA license"].into_iter());
    let view = specs
        .schema("openapi.json SCHEMA repository", true)
        .unwrap();
    assert_eq!(view.title, "repository");
    assert_eq!(names(&view.fields), ["id", "owner", "template"]);
    let html = render_schema_html(&view, &PlainText);
    assert!(
        html.contains("<a href=\"/SCHEMA-license\">license fields</a>"),
        "{html}"
    );
    assert!(
        html.contains("<code class=\"field-name\">login</code>"),
        "{html}"
    );
    assert_eq!(
        specs.schema_title("SCHEMA simple-user").as_deref(),
        Some("Simple User")
    );
}

#[test]
fn unknown_schemas_and_specs_say_what_there_is() {
    let specs = loaded();
    match specs.schema("SCHEMA licence", true) {
        Err(FindError::NoSchema { closest, .. }) => {
            assert!(closest.contains(&"license".to_string()))
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        specs.schema("other.yaml SCHEMA license", true),
        Err(FindError::UnknownSpec { .. })
    ));
}

#[test]
fn an_example_given_again_is_written_once_and_named() {
    let specs = loaded();
    let view = specs.endpoint(&op(&specs, "GET /users/{login}"), &ApiConfig::default());
    let html = render_endpoint_html(&view, &PlainText).response;
    assert_eq!(html.matches("octocat").count(), 1, "{html}");
    assert!(
        html.contains("200 · member: the same example as <a href=\"#response-example-panel-0\">200 · admin</a>."),
        "{html}"
    );
}
