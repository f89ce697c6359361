//! Component props as Mintlify documents them, in a real browser on
//! `tests/fixtures/component-props`: `Tabs defaultTabIndex` and `sync`,
//! `CodeGroup dropdown`, image zoom and `noZoom`; screenshots of the page
//! in both modes.

use serde_json::json;

use super::driver::Browser;
use super::site::named_fixture_site;
use super::{launch, save_screenshot, show_page};

/// The text of each `Tabs`/`CodeGroup` container's panel on screen, in
/// page order.
async fn shown_panels(browser: &Browser) -> Vec<String> {
    let texts = browser
        .eval(
            "return Array.from(document.querySelectorAll('[data-tabs][data-ready]')).map(function (c) {
               var shown = Array.from(c.querySelectorAll(':scope > .c-tab-panel, :scope > .c-tab-panels > .c-tab-panel'))
                 .filter(function (p) { return p.checkVisibility(); });
               return shown.map(function (p) { return p.innerText.trim(); }).join('|');
             });",
        )
        .await;
    serde_json::from_value(texts).unwrap()
}

#[tokio::test]
async fn tabs_open_at_their_default_and_follow_the_tab_chosen_elsewhere() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-props");
    browser.goto(&site.url("")).await;
    browser
        .wait_until("document.querySelectorAll('[data-tabs][data-ready]').length === 5")
        .await;
    let first = shown_panels(&browser).await;
    assert_eq!(
        first[0], "Send the request with Python.",
        "defaultTabIndex: {first:?}"
    );
    assert_eq!(first[1], "cURL again.", "{first:?}");
    assert_eq!(
        first[3], "The only tab.",
        "an index out of range: {first:?}"
    );

    // Choosing Python in the second Tabs chooses it in every synced container.
    let tabs = (browser.client)
        .find_all(fantoccini::Locator::Css("[data-tabs] [role=tab]"))
        .await
        .unwrap();
    assert_eq!(tabs[3].text().await.unwrap(), "Python");
    tabs[3].click().await.unwrap();
    let synced = "(function () { var c = document.querySelectorAll('[data-tabs]');
        return c[1].querySelector('[aria-selected=true]').textContent === 'Python'
          && c[4].querySelector('.c-tab-menu').value === 'Python'; })()";
    browser.wait_until(synced).await;
    let after = shown_panels(&browser).await;
    assert_eq!(after[0], "Send the request with Python.", "{after:?}");
    assert_eq!(after[1], "Python again.", "{after:?}");
    assert_eq!(
        after[2], "Not synced: cURL.",
        "sync={{false}} stays: {after:?}"
    );
    assert!(
        after[4].contains("requests.get"),
        "the code group follows: {after:?}"
    );
    browser.close().await;
}

#[tokio::test]
async fn a_dropdown_code_group_picks_its_example_from_a_menu() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-props");
    browser.goto(&site.url("")).await;
    let menu = browser
        .find(".c-code-group[data-dropdown][data-ready] > .c-tablist > select.c-tab-menu")
        .await;
    let options = browser
        .eval("return Array.from(document.querySelectorAll('.c-tab-menu option')).map(function (o) { return o.textContent; });")
        .await;
    assert_eq!(options, json!(["cURL", "Python"]));
    // The menu stands in the tab bar in place of its tabs.
    let tabs_shown = "return Array.from(document.querySelectorAll('.c-code-group[data-dropdown] .c-tab')).some(function (t) { return t.checkVisibility(); });";
    assert_eq!(browser.eval(tabs_shown).await, json!(false));
    menu.select_by_label("Python").await.unwrap();
    browser
        .wait_until("document.querySelector('.c-code-group[data-dropdown] .c-tab-panel:not([hidden])').innerText.includes('requests.get')")
        .await;
    browser.close().await;
}

#[tokio::test]
async fn an_image_zooms_in_a_dialog_unless_it_says_no_zoom() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-props");
    browser.goto(&site.url("")).await;
    let trigger = browser.find("button.c-zoom-trigger").await;
    assert_eq!(
        trigger.attr("aria-label").await.unwrap().as_deref(),
        Some("Zoom image: A dashboard")
    );
    let no_zoom = "return document.querySelector('img[data-no-zoom]').parentElement.tagName;";
    assert_ne!(browser.eval_string(no_zoom).await, "BUTTON");
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('button.c-zoom-trigger').length;")
            .await,
        json!(1)
    );
    trigger.click().await.unwrap();
    (browser.wait_until(
        "document.querySelector('dialog.c-zoom') && document.querySelector('dialog.c-zoom').open",
    ))
    .await;
    let focused = "return document.activeElement.className;";
    assert_eq!(browser.eval_string(focused).await, "c-zoom-close");
    save_screenshot(&browser, "component-props-zoom").await;
    browser.click("dialog.c-zoom .c-zoom-close").await;
    browser
        .wait_until("!document.querySelector('dialog.c-zoom')")
        .await;
    browser.close().await;
}

#[tokio::test]
async fn component_props_page_in_both_modes() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-props");
    for theme in ["light", "dark"] {
        show_page(&browser, &site.url(""), theme).await;
        let edge =
            "return getComputedStyle(document.querySelector('.c-callout[style]')).borderTopColor;";
        let expected = match theme {
            "light" => "rgb(255, 243, 205)",
            _ => "rgb(87, 70, 18)",
        };
        assert_eq!(browser.eval_string(edge).await, expected, "{theme}");
        let swatch =
            "return getComputedStyle(document.querySelector('.c-color-swatch')).backgroundColor;";
        let expected = match theme {
            "light" => "rgb(13, 147, 115)",
            _ => "rgb(85, 215, 153)",
        };
        assert_eq!(browser.eval_string(swatch).await, expected, "{theme}");
        save_screenshot(&browser, &format!("component-props-{theme}")).await;
    }
    browser.close().await;
}

/// A link to an accordion's id (Mintlify gives each one, made from its
/// title) opens it (`tests/fixtures/mintlify-urls`).
#[tokio::test]
async fn a_link_to_an_accordion_opens_it() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("mintlify-urls");
    browser.goto(&site.url("guides/quickstart/")).await;
    browser
        .wait_until(
            "document.querySelector('a[href=\"../../concepts/states/#token-rotation\"]') !== null",
        )
        .await;
    browser
        .goto(&site.url("concepts/states/#token-rotation"))
        .await;
    browser
        .wait_until("document.getElementById('token-rotation').open === true")
        .await;
}
