//! React components in a real browser, on `tests/fixtures/react-components`:
//! a counter declared on the page, tabs, a range slider driving an effect,
//! and the mode switched with components on the page; screenshots of both
//! pages in both modes.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;

use super::driver::Browser;
use super::site::named_fixture_site;
use super::{launch, launch_without_javascript, save_screenshot};

/// Waits until the page's `count` islands are mounted.
async fn wait_live(browser: &Browser, count: usize) {
    browser
        .wait_until(&format!(
            "document.querySelectorAll('sheaf-island[data-live]').length === {count}"
        ))
        .await;
}

#[tokio::test]
async fn a_counter_counts_and_keeps_its_count_across_a_mode_switch() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("react-components");
    browser.goto(&site.url("")).await;
    wait_live(&browser, 1).await;
    let count = "document.querySelector('.counter output').textContent";
    assert_eq!(browser.eval_string(&format!("return {count};")).await, "2");
    browser.click(".counter button").await;
    browser.click(".counter button").await;
    browser.wait_until(&format!("{count} === '4'")).await;

    let before = browser.theme().await;
    browser.click("button[data-mode-toggle]").await;
    browser
        .wait_until(&format!(
            "document.documentElement.getAttribute('data-theme') !== {before:?}"
        ))
        .await;
    assert_eq!(browser.eval_string(&format!("return {count};")).await, "4");
    save_screenshot(&browser, "react-counter-after-clicks").await;
    browser.close().await;
}

#[tokio::test]
async fn tabs_switch_and_a_slider_drives_an_effect() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("react-components");
    browser.goto(&site.url("widgets/")).await;
    wait_live(&browser, 6).await;

    // The effect derives the label once mounted (the build shows its start).
    let label = "document.querySelector('.timeout-label').textContent";
    browser
        .wait_until(&format!("{label} === '45 seconds'"))
        .await;
    let focus = "window.__slider = document.querySelector('#timeout'); window.__slider.focus(); return true;";
    browser.eval(focus).await;
    let keys = KeyActions::new("keys".to_string())
        .then(KeyAction::Down {
            value: Key::Right.into(),
        })
        .then(KeyAction::Up {
            value: Key::Right.into(),
        });
    browser.client.perform_actions(keys).await.unwrap();
    browser
        .wait_until(&format!("{label} === '46 seconds'"))
        .await;
    let same = "return window.__slider === document.querySelector('#timeout') && document.activeElement === window.__slider;";
    assert_eq!(
        browser.eval(same).await,
        serde_json::json!(true),
        "the slider is the same element, still focused"
    );
    browser
        .eval("const s = document.querySelector('#timeout'); s.value = '90'; s.dispatchEvent(new Event('input', { bubbles: true })); return true;")
        .await;
    browser
        .wait_until(&format!("{label} === 'about a minute'"))
        .await;
    let weight = "return getComputedStyle(document.querySelector('.timeout-label')).fontWeight;";
    assert_eq!(
        browser.eval_string(weight).await,
        "600",
        "font-semibold is styled, though the build never rendered it"
    );

    let panel = "document.querySelector('.method-tabs [role=tabpanel]').textContent";
    assert_eq!(
        browser.eval_string(&format!("return {panel};")).await,
        "Get or create the group"
    );
    browser.click(".method-tabs [role=tab]:nth-child(3)").await;
    browser
        .wait_until(&format!("{panel} === 'Rotate the token'"))
        .await;
    let selected =
        "return document.querySelector('.method-tabs [aria-selected=true]').textContent;";
    assert_eq!(browser.eval_string(selected).await, "POST");
    browser.close().await;
}

#[tokio::test]
async fn without_javascript_components_show_what_the_build_rendered() {
    let Some(browser) = launch_without_javascript().await else {
        return;
    };
    let site = named_fixture_site("react-components");
    browser.goto(&site.url("widgets/")).await;
    let text = browser
        .eval_string("return document.querySelector('.prose').innerText;")
        .await;
    for expected in [
        "New in version",
        "2.1",
        "Rotate the token",
        "Request timeout",
        "Authorization: Token <API_KEY>",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    browser.close().await;
}
