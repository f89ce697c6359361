//! Icons in Chromium (issue 57), on `tests/fixtures/icons`: icons of Font
//! Awesome, Lucide and Tabler have their size and the text's colour in
//! both modes, and axe finds nothing at either width (icons without a
//! label are decorative).

use super::axe::{axe_script, violations};
use super::driver::Browser;
use super::{launch, named_fixture_site, save_screenshot, show_page};

/// `[width, height, colour]` of the first element `query` finds, as text.
async fn drawn(browser: &Browser, query: &str) -> String {
    browser
        .eval_string(&format!(
            "var e = document.querySelector({}); var r = e.getBoundingClientRect(); \
             return [Math.round(r.width), Math.round(r.height), getComputedStyle(e).color].join(' ');",
            serde_json::json!(query)
        ))
        .await
}

#[tokio::test]
async fn icons_of_every_library_are_drawn_in_both_modes() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("icons");
    browser.set_viewport(1280, 900, false);
    show_page(&browser, &site.url("guides/components/"), "light").await;
    // `<Icon size={24} color>` and `size={32}`: Lucide and Tabler drawings.
    let sized = drawn(&browser, ".c-icon[style*='24px'] svg").await;
    assert_eq!(sized, "24 24 rgb(13, 147, 115)");
    let sized = drawn(&browser, ".c-icon[style*='32px'] svg").await;
    assert!(sized.starts_with("32 32 "), "{sized}");
    // Every inline icon has a size: none is drawn at 0 or the SVG default.
    let sizes = browser
        .eval_string(
            "return Array.from(document.querySelectorAll('svg.icon')).filter(function (s) { \
             var r = s.getBoundingClientRect(); return r.width > 0 && (r.width > 64 || r.height > 64); }).length + '';",
        )
        .await;
    assert_eq!(sizes, "0", "an icon drawn oversized");
    // An icon without a colour takes the text's, which follows the mode.
    let plain = ".c-icon:not([style]) svg";
    let light = drawn(&browser, plain).await;
    save_screenshot(&browser, "icons-components-light").await;
    browser.click("[data-mode-toggle]").await;
    assert_eq!(browser.theme().await, "dark");
    let dark = drawn(&browser, plain).await;
    assert_ne!(light, dark, "the icon's colour follows the mode");
    save_screenshot(&browser, "icons-components-dark").await;
    show_page(&browser, &site.url(""), "light").await;
    save_screenshot(&browser, "icons-home-light").await;
    show_page(&browser, &site.url(""), "dark").await;
    save_screenshot(&browser, "icons-home-dark").await;
    browser.close().await;
}

#[tokio::test]
async fn axe_finds_nothing_on_pages_full_of_icons() {
    let Some(axe) = axe_script() else { return };
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("icons");
    let mut found = Vec::new();
    for (width, mobile) in [(1280, false), (390, true)] {
        browser.set_viewport(width, 900, mobile);
        for path in ["", "guides/components/", "api/get-user/"] {
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
