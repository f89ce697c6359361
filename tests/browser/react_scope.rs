//! The page's shared component scope in a real browser, on
//! `tests/fixtures/component-scope`: a snippet's live component re-renders
//! a component only the page imports, a snippet's component uses what it
//! imports from another snippet, and a component fetches in an effect
//! from the site's own server once mounted.

use super::site::named_fixture_site;
use super::{launch, save_screenshot};

/// Waits until the page's `count` islands are mounted.
async fn wait_live(browser: &super::driver::Browser, count: usize) {
    browser
        .wait_until(&format!(
            "document.querySelectorAll('sheaf-island[data-live]').length === {count}"
        ))
        .await;
}

#[tokio::test]
async fn a_live_snippet_component_rerenders_a_component_only_the_page_imports() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-scope");
    browser.goto(&site.url("")).await;
    wait_live(&browser, 1).await;
    let rows = "document.querySelectorAll('.user-response table.field-table tbody tr').length";
    browser.wait_until(&format!("{rows} === 3")).await;
    browser.click(".user-response button").await;
    browser.wait_until(&format!("{rows} === 0")).await;
    browser.click(".user-response button").await;
    browser.wait_until(&format!("{rows} === 3")).await;
    save_screenshot(&browser, "component-scope-page-import").await;
    browser.close().await;
}

#[tokio::test]
async fn a_snippet_uses_what_it_imports_from_another_snippet() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-scope");
    browser.goto(&site.url("nested/")).await;
    wait_live(&browser, 1).await;
    let token = "document.querySelector('.token-panel output').textContent";
    browser.click(".token-panel button").await;
    browser.wait_until(&format!("{token} === '321cba'")).await;
    let heading = "return document.querySelector('.token-panel h3.h3-bordered').textContent;";
    assert_eq!(browser.eval_string(heading).await, "Create User");
    browser.close().await;
}

#[tokio::test]
async fn a_component_fetches_in_an_effect_once_mounted() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-scope");
    browser.goto(&site.url("fetched/")).await;
    browser
        .wait_until("document.querySelectorAll('.user-list li').length === 2")
        .await;
    let first = "return document.querySelector('.user-list li').textContent;";
    assert_eq!(browser.eval_string(first).await, "u-1 in g-7");
    save_screenshot(&browser, "component-scope-fetched").await;
    browser.close().await;
}
