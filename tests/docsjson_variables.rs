//! docs.json `variables` (`tests/fixtures/docsjson/variables`): `{{name}}`
//! is replaced in text, code, attributes, the frontmatter and the page's
//! Markdown copy; an undeclared one is a warning at its line.

mod common;

use common::{fixture, parse_printed, sheaf, stderr};

#[test]
fn variables_are_replaced_wherever_a_page_writes_them() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = sheaf(&[
        "build",
        fixture("docsjson/variables").to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    let printed = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{printed}");

    let html = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        html.contains("<title>User Group Service quickstart"),
        "{html}"
    );
    assert!(html.contains("Call the User Group Service from your backend."));
    assert!(html.contains("Every request to the User Group Service goes to one path"));
    assert!(
        html.contains("https://user-group-service.example.com"),
        "in the code block"
    );
    assert!(
        html.contains("User Group Service reference"),
        "in the attribute"
    );
    assert!(!html.contains("{{service}}") && !html.contains("{{base_url}}"));
    let markdown = std::fs::read_to_string(site.join("index.md")).unwrap();
    assert!(markdown.contains("curl \"https://user-group-service.example.com/api/user\""));

    let warnings: Vec<_> = parse_printed(&printed)
        .into_iter()
        .filter(|p| p.severity == "warning")
        .collect();
    assert_eq!(warnings.len(), 1, "{printed}");
    assert!(warnings[0]
        .headline
        .contains("variable `sdk` is not declared"));
    assert!(
        warnings[0].location.ends_with("index.mdx:16:5"),
        "{printed}"
    );
    assert!(
        html.contains("The {{sdk}} is not declared."),
        "left as written"
    );
}
