//! Component props as Mintlify documents them, in the HTML of
//! `tests/fixtures/component-props` (their behaviour in a browser is
//! `tests/browser/components.rs`).

mod common;

use common::{fixture, parse_printed, sheaf, stderr};

#[test]
fn component_props_shape_the_html_and_bad_values_are_warnings_at_their_lines() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture("component-props");
    let output = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let html = std::fs::read_to_string(site.join("index.html")).unwrap();
    let expected = [
        // Callout icon and colour (a shade with 3:1 on each mode's page).
        "style=\"--callout-light:#ba8d05;--callout-dark:#ffc107\"",
        // Danger looks like itself.
        "<aside class=\"c-callout c-danger callout\" data-callout-type=\"danger\" role=\"note\" aria-label=\"Danger\">",
        // Tabs: defaultTabIndex, sync on by default, off when asked.
        "<div class=\"c-tabs tabs\" data-tabs data-first=\"1\" data-sync>",
        "<div class=\"c-tabs tabs\" data-tabs>",
        "<div class=\"c-code-group code-group\" data-tabs data-sync data-dropdown>",
        // The Frame caption's Markdown.
        "<figcaption data-component-part=\"frame-description\">The dashboard, from the <strong>User Group Service</strong> <a href=\"https://example.com/tokens\">token guide</a>.</figcaption>",
        // Color {light, dark}.
        "style=\"--swatch: #0D9373; --swatch-dark: #55D799\"",
        "<code class=\"c-color-value\" data-component-part=\"color-item-value\">#0D9373 / #55D799</code>",
        // noZoom (and the size read from the file).
        "<img width=320 height=180 src=\"images/dashboard.png\" alt=\"Not zoomable\" data-no-zoom>",
        // Mintlify's field anchors.
        "<div class=\"c-field field\" id=\"param-user-group-id\">",
        "<div class=\"c-field field\" id=\"param-new-user-group\">",
    ];
    for snippet in expected {
        assert!(html.contains(snippet), "{snippet}\n{html}");
    }
    assert!(!html.contains("noZoom"), "{html}");
    let warnings: Vec<String> = parse_printed(&stderr(&output))
        .into_iter()
        .map(|p| format!("{} {}", p.location, p.headline))
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    assert!(warnings[0].contains("index.mdx:7:1") && warnings[0].contains("color=\"gold\""));
    assert!(warnings[1].contains("index.mdx:26:1") && warnings[1].contains("defaultTabIndex=5"));
}
