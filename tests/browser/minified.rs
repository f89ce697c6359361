//! The theme's bundles ship minified (issue 68): the stylesheet without
//! its comments and indentation, the script printed again by `oxc`, and a
//! page that links them still works in Chromium: the mode toggle switches
//! the page's colours, search finds a page, tabs show the chosen panel.

use serde_json::json;

use super::site::{fixture_site, Site};
use super::{emulate_media, launch, press, search_settled, visible_panels};
use fantoccini::key::Key;

/// The text of the bundle of kind `ext` the built page `html` links
/// (`_sheaf/sheaf.<10 hex digits>.<ext>`).
fn linked_bundle(site: &Site, html: &str, ext: &str) -> String {
    let suffix = format!(".{ext}");
    let name = (html.match_indices("_sheaf/sheaf."))
        .filter_map(|(at, prefix)| html.get(at..at + prefix.len() + 10 + suffix.len()))
        .find(|name| name.ends_with(&suffix))
        .expect(ext);
    site.built(name)
}

#[tokio::test]
async fn a_page_with_the_minified_bundles_toggles_searches_and_switches_tabs() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    let html = site.built("guides/components/index.html");
    let css = linked_bundle(&site, &html, "css");
    let js = linked_bundle(&site, &html, "js");
    assert!(css.starts_with("/*! Icons:"), "the attribution stays");
    assert!(
        !css.contains("/* base.css */") && !css.contains("\n  "),
        "minified CSS"
    );
    assert!(
        !js.contains("/* theme.js */") && !js.contains("\n  "),
        "minified JS"
    );

    // The stylesheet applies: the page's background follows the mode.
    emulate_media(&browser, "prefers-color-scheme", "light");
    browser.goto(&site.url("guides/components/")).await;
    let background = "return getComputedStyle(document.body).backgroundColor;";
    let light = browser.eval(background).await;
    assert_ne!(light, json!("rgba(0, 0, 0, 0)"), "the theme's background");
    browser.click("header button[data-mode-toggle]").await;
    assert_eq!(browser.theme().await, "dark");
    assert_ne!(browser.eval(background).await, light, "the dark background");

    // Tabs.
    browser.find("[data-tabs][data-ready]").await;
    browser
        .click("[role=tablist] [role=tab]:nth-of-type(2)")
        .await;
    assert_eq!(visible_panels(&browser).await, ["Second"]);

    // Search.
    press(&browser, Some(Key::Control), 'k').await;
    browser
        .wait_until("document.querySelector('dialog.sheaf-search[open]')")
        .await;
    search_settled(&browser, "zephyrine").await;
    let first = browser.find("#sheaf-search-results [role=option]").await;
    assert!(first.text().await.unwrap().contains("Quickstart"));
    browser.close().await;
}
