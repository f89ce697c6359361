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
        // Callout icon and colour, mixed as Mintlify mixes them (text 4.5:1, icon 3:1).
        "<aside class=\"c-callout c-custom callout\" data-callout-type=\"custom\" role=\"note\" aria-label=\"Callout\" \
         style=\"--callout-edge:#fff3cd;--callout-bg:#fff9e6;--callout-text:#836200;--callout-icon:#b58905;\
         --callout-edge-dark:#574612;--callout-bg-dark:#272315;--callout-text-dark:#ffe28a;--callout-icon-dark:#ffc107\">\
         <span class=\"c-callout-icon\" data-component-part=\"callout-icon\"><svg class=\"icon\" data-component-part=\"icon-svg\"",
        // Danger looks like itself.
        "<aside class=\"c-callout c-danger callout\" data-callout-type=\"danger\" role=\"note\" aria-label=\"Danger\">",
        // Tabs: defaultTabIndex, sync on by default, off when asked.
        "<div class=\"c-tabs tabs\" data-tabs data-first=\"1\" data-sync>",
        "<div class=\"c-tabs tabs\" data-tabs>",
        "<div class=\"c-code-group code-group\" data-tabs data-sync data-dropdown>",
        // The Frame caption's Markdown.
        "<figcaption class=\"c-frame-caption\" data-component-part=\"frame-description\">The dashboard, from the <strong>User Group Service</strong> <a href=\"https://example.com/tokens\">token guide</a>.</figcaption>",
        // Frame hint, above the frame; Mintlify's parts of a frame.
        "<p>Sign in before you open the dashboard.</p></div><figure class=\"c-frame frame\" data-component-part=\"frame\"><div class=\"c-frame-pattern\" data-component-part=\"frame-background-pattern\"",
        "<div class=\"c-frame-content\" data-component-part=\"frame-content\">",
        // Columns of cards: a call to action, an image with the external
        // link's arrow, a horizontal card with its arrow and coloured icon.
        "<div class=\"c-card-group c-columns columns\" style=\"--cols: 3\">",
        "<div class=\"c-card-cta\" data-component-part=\"card-cta\"><span>Read more<svg",
        "<a class=\"c-card card\" href=\"https://example.com/tokens\"><img width=320 height=180 class=\"c-card-img\" data-component-part=\"card-image\" src=\"images/dashboard.png\" alt=\"\"><div class=\"c-card-content\" data-component-part=\"card-content-container\"><span class=\"c-card-arrow\" data-component-part=\"card-arrow\">",
        "<a class=\"c-card card c-card-horizontal\" href=\"#param-new-user-group\"><div class=\"c-card-content\" data-component-part=\"card-content-container\"><span class=\"c-card-arrow\" data-component-part=\"card-arrow\"><svg",
        "<span class=\"c-card-icon\" data-component-part=\"card-icon\" style=\"color: #E11D48\">",
        // A disabled card is no link.
        "<div class=\"c-card card c-card-disabled\">",
        // Tile: its containers, backgrounds for each mode, and text.
        "<div class=\"c-tile-preview\" data-component-part=\"tile-children-container\"><div class=\"c-tile-bg only-light\" data-component-part=\"tile-background-light\" aria-hidden=\"true\"></div><div class=\"c-tile-bg only-dark\" data-component-part=\"tile-background-dark\" aria-hidden=\"true\"></div><div class=\"c-tile-inner\" data-component-part=\"tile-children-inner-container\">",
        "<div class=\"c-tile-text\" data-component-part=\"tile-text-container\"><p class=\"c-tile-title\" data-component-part=\"tile-title\">User</p>",
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
