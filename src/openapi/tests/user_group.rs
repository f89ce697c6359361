//! The three User Group Service operations of example-docs/openapi.yaml,
//! field by field, and the same checks against its OpenAPI 3.1 copy.

use serde_json::json;

use super::*;
use crate::openapi::{render_endpoint_html, ApiSpecs, AuthKind, EndpointView};

fn example_docs() -> ApiSpecs {
    let (specs, diagnostics) = load(&manifest_dir().join("example-docs"), &["openapi.yaml"]);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    specs
}

fn endpoint(specs: &ApiSpecs, reference: &str) -> EndpointView {
    specs.endpoint(&op(specs, reference), &user_group_api())
}

/// The `user_group` object of the first response.
fn user_group(view: &EndpointView) -> &FieldView {
    field(&view.responses[0].fields, "user_group")
}

fn assert_common(view: &EndpointView) {
    assert_eq!(view.path, "/api/user");
    assert_eq!(view.base_urls, ["https://user-group-service.example.com"]);
    assert_eq!(view.auth.kind, AuthKind::Key);
    assert_eq!(
        (view.auth.name.as_str(), view.auth.input_prefix.as_str()),
        ("Authorization", "Token ")
    );
    assert_eq!(view.responses.len(), 1);
    let envelope = &view.responses[0].fields;
    let success = field(envelope, "success");
    assert_eq!(success.type_label, "number");
    assert_eq!(success.enum_values, [json!(1), json!(0)]);
    let group = user_group(view);
    assert_eq!(group.type_label, "object");
    let team_id = field(&group.children, "team_id");
    assert_eq!(team_id.type_label, "number");
    let description = team_id.description_md.as_deref().unwrap();
    assert!(description.contains("Internal id"), "{description}");
    assert!(!description.contains("new user group was created"));
    for name in ["token", "name", "provided_id"] {
        assert_eq!(field(&group.children, name).type_label, "string");
    }
    assert!(
        group.children.iter().all(|f| !f.required),
        "required fields are unknown"
    );
    for sample in &view.code_samples {
        assert!(sample.code.contains("Token <API_KEY>"), "{}", sample.label);
        assert!(sample
            .code
            .contains("https://user-group-service.example.com/api/user"));
    }
    assert_eq!(view.code_samples.len(), 8);
}

fn assert_get_or_update_body(view: &EndpointView) {
    let body = view.request_body.as_ref().unwrap();
    assert_eq!(body.content_type, "application/json");
    assert_eq!(
        names(&body.fields),
        ["mapping", "name", "properties", "user_group_id"]
    );
    assert_eq!(field(&body.fields, "name").type_label, "string");
    assert_eq!(field(&body.fields, "user_group_id").type_label, "string");
    assert_eq!(field(&body.fields, "mapping").type_label, "object");
    assert_eq!(field(&body.fields, "properties").type_label, "object");
    assert!(body.fields.iter().all(|f| !f.required));
}

fn assert_environment_tag(group: &FieldView) {
    let tag = field(&group.children, "api_environment_tag");
    assert_eq!(tag.enum_values, [json!("Customer"), json!("Testing")]);
    assert!(tag.nullable);
}

#[test]
fn get_user_gets_or_creates() {
    let specs = example_docs();
    let view = endpoint(&specs, "GET /api/user");
    assert_eq!(
        (view.method.as_str(), view.title.as_str()),
        ("GET", "Get User")
    );
    assert_common(&view);
    assert_get_or_update_body(&view);
    assert!(view.body_needs_proxy);
    let envelope = &view.responses[0].fields;
    assert_eq!(names(envelope), ["new_user_group", "success", "user_group"]);
    assert_eq!(field(envelope, "new_user_group").type_label, "boolean");
    let group = user_group(&view);
    assert_eq!(
        names(&group.children),
        ["name", "properties", "provided_id", "team_id", "token"]
    );
    assert!(field(&group.children, "properties").nullable);
    let example: serde_json::Value =
        serde_json::from_str(&view.responses[0].examples[0].code).unwrap();
    assert_eq!(example["new_user_group"], json!(true));
}

#[test]
fn update_user_has_the_environment_tag() {
    let specs = example_docs();
    let view = endpoint(&specs, "PUT /api/user");
    assert_eq!(view.title, "Update User");
    assert_common(&view);
    assert_get_or_update_body(&view);
    assert!(!view.body_needs_proxy);
    assert_eq!(names(&view.responses[0].fields), ["success", "user_group"]);
    let group = user_group(&view);
    assert_eq!(
        names(&group.children),
        [
            "api_environment_tag",
            "name",
            "properties",
            "provided_id",
            "team_id",
            "token"
        ]
    );
    assert_environment_tag(group);
    let description = view.description_md.as_deref().unwrap().replace('\n', " ");
    assert!(
        description.contains("known error in the source"),
        "{description}"
    );
}

#[test]
fn create_user_says_it_rotates_the_token() {
    let specs = example_docs();
    let view = endpoint(&specs, "POST /api/user");
    assert_eq!(view.title, "Create User");
    assert!(view
        .description_md
        .as_deref()
        .unwrap()
        .contains("rotates a user group's token"));
    assert_common(&view);
    let body = view.request_body.as_ref().unwrap();
    assert_eq!(names(&body.fields), ["current_token"]);
    assert_eq!(body.fields[0].type_label, "string");
    let group = user_group(&view);
    assert_eq!(
        names(&group.children),
        [
            "api_environment_tag",
            "name",
            "provided_id",
            "team_id",
            "token"
        ]
    );
    assert_environment_tag(group);
    assert_eq!(names(&view.responses[0].fields), ["success", "user_group"]);
}

#[test]
fn without_site_auth_the_spec_scheme_applies() {
    let specs = example_docs();
    let view = specs.endpoint(&op(&specs, "POST /api/user"), &ApiConfig::default());
    assert_eq!(
        (view.auth.kind, view.auth.name.as_str()),
        (AuthKind::Key, "Authorization")
    );
    assert!(view
        .auth
        .description_md
        .as_deref()
        .unwrap()
        .contains("Token <API_KEY>"));
}

#[test]
fn maintain_order_follows_the_file() {
    let specs = example_docs();
    let api = ApiConfig {
        maintain_order: true,
        ..user_group_api()
    };
    let view = specs.endpoint(&op(&specs, "GET /api/user"), &api);
    let body = view.request_body.as_ref().unwrap();
    assert_eq!(
        names(&body.fields),
        ["name", "user_group_id", "mapping", "properties"]
    );
    assert_eq!(
        names(&view.responses[0].fields),
        ["success", "new_user_group", "user_group"]
    );
    let group = user_group(&view);
    assert_eq!(
        names(&group.children),
        ["team_id", "token", "name", "provided_id", "properties"]
    );
}

#[test]
fn example_docs_lint_is_clean_with_the_get_body_acknowledged() {
    assert_eq!(example_docs().lint(), Vec::new());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs/openapi.yaml");
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        text.matches("x-sheaf-lint-ignore: [get-with-body]").count(),
        1,
        "the deliberate GET body, and nothing else, is acknowledged"
    );
}

#[test]
fn pages_render_every_part() {
    let specs = example_docs();
    let get = render_endpoint_html(&endpoint(&specs, "GET /api/user"), &PlainText).joined();
    for needle in [
        "method-badge method-pill method-get",
        "<code class=\"endpoint-path\">/api/user</code>",
        "value=\"Token \"",
        "Remember on this device",
        "data-no-proxy-note",
        "new_user_group",
        "Show 5 child attributes",
        "Token &lt;API_KEY&gt;",
        "<textarea id=\"pg-body\"",
    ] {
        assert!(get.contains(needle), "missing {needle}");
    }
    let put = render_endpoint_html(&endpoint(&specs, "PUT /api/user"), &PlainText).joined();
    assert!(put.contains("Allowed values: <code>Customer</code>, <code>Testing</code>"));
    assert!(!put.contains("data-no-proxy-note"));
    let post = render_endpoint_html(&endpoint(&specs, "POST /api/user"), &PlainText).joined();
    assert!(post.contains("current_token"));
}

#[test]
fn playground_modes() {
    use crate::config::{Playground, PlaygroundMode};
    let specs = example_docs();
    let render = |mode| {
        let api = ApiConfig {
            playground: Playground {
                mode,
                ..Playground::default()
            },
            ..user_group_api()
        };
        render_endpoint_html(
            &specs.endpoint(&op(&specs, "PUT /api/user"), &api),
            &PlainText,
        )
        .joined()
    };
    let show = render(PlaygroundMode::Show);
    assert!(show.contains("data-playground-form") && show.contains("data-code-tabs"));
    let simple = render(PlaygroundMode::Simple);
    assert!(!simple.contains("data-playground-form") && simple.contains("data-code-tabs"));
    assert!(simple.contains("Base URL"));
    let hide = render(PlaygroundMode::Hide);
    assert!(!hide.contains("data-playground") && !hide.contains("Base URL"));
}

/// What must not differ between the 3.0 file and its 3.1 copy.
fn shape(fields: &[FieldView]) -> Vec<String> {
    fields
        .iter()
        .map(|f| {
            format!(
                "{} {} req={} null={} enum={:?} [{}]",
                f.name,
                f.type_label,
                f.required,
                f.nullable,
                f.enum_values,
                shape(&f.children).join(", ")
            )
        })
        .collect()
}

#[test]
fn openapi_31_copy_renders_the_same_fields() {
    let (v31, diagnostics) = load(&fixture("openapi-31"), &["openapi.json"]);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let v30 = example_docs();
    for reference in ["GET /api/user", "PUT /api/user", "POST /api/user"] {
        let a = endpoint(&v30, reference);
        let b = endpoint(&v31, reference);
        assert_eq!(a.title, b.title);
        let body = |v: &EndpointView| shape(&v.request_body.as_ref().unwrap().fields);
        assert_eq!(body(&a), body(&b), "{reference} body");
        assert_eq!(
            shape(&a.responses[0].fields),
            shape(&b.responses[0].fields),
            "{reference} response"
        );
        assert!(!render_endpoint_html(&b, &PlainText).joined().is_empty());
    }
    let get = endpoint(&v31, "GET /api/user");
    let team_id = field(&user_group(&get).children, "team_id");
    assert_eq!(team_id.constraints, ["> 0"]);
    assert_eq!(team_id.example, Some(json!(1234)));
    let mapping = field(&get.request_body.as_ref().unwrap().fields, "mapping");
    assert!(mapping
        .description_md
        .as_deref()
        .unwrap()
        .contains("3.1 `$ref` sibling"));
    assert_eq!(v31.lint().len(), 1, "{:?}", v31.lint());
}

#[test]
fn nested_fields_start_open_when_params_are_expanded() {
    let specs = example_docs();
    let folded = render_endpoint_html(&endpoint(&specs, "GET /api/user"), &PlainText).joined();
    assert!(folded.contains("<details class=\"field-children\"><summary>"));
    assert!(!folded.contains("<details class=\"field-children\" open>"));

    let api = crate::config::ApiConfig {
        params_expanded: true,
        ..user_group_api()
    };
    let view = specs.endpoint(&op(&specs, "GET /api/user"), &api);
    let expanded = render_endpoint_html(&view, &PlainText).joined();
    assert!(expanded.contains("<details class=\"field-children\" open><summary>"));
    assert!(!expanded.contains("<details class=\"field-children\"><summary>"));
}

#[test]
fn try_it_is_marked_when_the_preview_proxy_is_off() {
    let specs = example_docs();
    let on = render_endpoint_html(&endpoint(&specs, "PUT /api/user"), &PlainText).joined();
    assert!(!on.contains("data-no-proxy "), "proxy on by default");
    let mut api = user_group_api();
    api.playground.proxy = false;
    let view = specs.endpoint(&op(&specs, "PUT /api/user"), &api);
    let off = render_endpoint_html(&view, &PlainText).joined();
    assert!(off.contains("data-body-needs-proxy=\"false\" data-no-proxy>"));
}
