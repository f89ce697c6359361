//! Tailwind utility classes in Chromium (issue 51), on
//! `tests/fixtures/tailwind`: the landing page's computed styles follow the
//! mode toggle and the window's width, and axe finds nothing in either mode.

use super::axe::{axe_script, violations};
use super::driver::Browser;
use super::{launch, named_fixture_site, save_screenshot, show_page};

/// `getComputedStyle(query)[property]`.
async fn computed(browser: &Browser, query: &str, property: &str) -> String {
    browser
        .eval_string(&format!(
            "return getComputedStyle(document.querySelector({})).getPropertyValue({});",
            serde_json::json!(query),
            serde_json::json!(property)
        ))
        .await
}

/// How many columns the card grid lays out.
async fn card_columns(browser: &Browser) -> usize {
    computed(browser, "#cards", "grid-template-columns")
        .await
        .split_whitespace()
        .count()
}

/// Sets the window to `width` px and waits until the cards lay out in
/// `columns` columns.
async fn at_width(browser: &Browser, width: u32, columns: usize) {
    browser.set_viewport(width, 900, width < 600);
    browser
        .wait_until(&format!(
            "getComputedStyle(document.querySelector('#cards')).gridTemplateColumns.split(' ').length === {columns}"
        ))
        .await;
    assert_eq!(card_columns(browser).await, columns);
}

#[tokio::test]
async fn the_landing_page_follows_the_mode_and_the_width() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("tailwind");
    browser.set_viewport(1280, 900, false);
    show_page(&browser, &site.url(""), "light").await;
    browser
        .wait_until("Array.from(document.images).every(function (i) { return i.complete; })")
        .await;
    assert_eq!(computed(&browser, "#logo-light", "display").await, "block");
    assert_eq!(computed(&browser, "#logo-dark", "display").await, "none");
    assert_eq!(card_columns(&browser).await, 3);
    assert_eq!(
        computed(&browser, "#cta", "border-top-left-radius").await,
        "24px"
    );
    assert_eq!(
        computed(&browser, "#hero", "background-color").await,
        "rgb(245, 245, 245)"
    );
    // `border` draws a solid line (the scoped reset), `not-prose` keeps the
    // theme's prose margins off the hero's heading.
    assert_eq!(
        computed(&browser, "#cards > a", "border-top-style").await,
        "solid"
    );
    assert_eq!(computed(&browser, "#hero h1", "margin-top").await, "0px");
    save_screenshot(&browser, "tailwind-landing-desktop-light").await;
    browser.click("[data-mode-toggle]").await;
    assert_eq!(browser.theme().await, "dark");
    assert_eq!(computed(&browser, "#logo-light", "display").await, "none");
    assert_eq!(computed(&browser, "#logo-dark", "display").await, "block");
    save_screenshot(&browser, "tailwind-landing-desktop-dark").await;
    at_width(&browser, 390, 1).await;
    assert_eq!(computed(&browser, "header nav", "display").await, "none");
    save_screenshot(&browser, "tailwind-landing-phone-dark").await;
    browser.click("[data-mode-toggle]").await;
    assert_eq!(browser.theme().await, "light");
    save_screenshot(&browser, "tailwind-landing-phone-light").await;
    at_width(&browser, 1280, 3).await;
    assert_eq!(computed(&browser, "header nav", "display").await, "flex");
    browser.close().await;
}

#[tokio::test]
async fn utility_classes_win_over_prose_and_not_prose_is_honoured() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("tailwind");
    browser.set_viewport(1280, 900, false);
    show_page(&browser, &site.url("guide/"), "light").await;
    // `text-sm` on a prose heading wins over the theme's h2 size.
    assert_eq!(
        computed(&browser, "#styled-heading", "font-size").await,
        "14px"
    );
    assert_eq!(
        computed(&browser, "#columns", "grid-template-columns")
            .await
            .split_whitespace()
            .count(),
        3
    );
    assert_eq!(
        computed(&browser, "#bare-list", "list-style-type").await,
        "none"
    );
    assert_eq!(
        computed(&browser, "#bare-list", "padding-left").await,
        "0px"
    );
    // An ordinary prose heading keeps the theme's style.
    assert_eq!(
        computed(&browser, "#a-prose-heading", "font-size").await,
        "24px"
    );
    browser.close().await;
}

#[tokio::test]
async fn axe_finds_nothing_on_utility_coloured_pages_in_either_mode() {
    let Some(axe) = axe_script() else { return };
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("tailwind");
    let mut found = Vec::new();
    for (width, mobile) in [(1280, false), (390, true)] {
        browser.set_viewport(width, 900, mobile);
        for path in ["", "guide/"] {
            for mode in ["light", "dark"] {
                show_page(&browser, &site.url(path), mode).await;
                for line in violations(&browser, &axe).await {
                    found.push(format!("/{path} {mode} {width}px: {line}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    browser.close().await;
}
