//! The browser's standard globals in components, on
//! `tests/fixtures/component-sandbox`'s globals page: what the build's
//! sandbox wrote is what the reader's browser shows once the components
//! mount (URL, text encoding, base64, structuredClone, Intl), `typeof
//! window` guards see the page's URL and inert stand-ins at build time and
//! the browser's own once live, and a component fetching in an effect shows its loading
//! state in the built HTML and its data after mounting.

use super::site::named_fixture_site;
use super::{launch, save_screenshot};

/// The text of the element with class `class` in the built HTML.
fn built_text(html: &str, class: &str) -> String {
    let start = html
        .find(&format!("class=\"{class}\""))
        .or_else(|| html.find(&format!("class={class}>")))
        .unwrap_or_else(|| panic!("no .{class} in the built page"));
    let open = start + html[start..].find('>').expect("the tag ends");
    let close = open + html[open..].find("</p>").expect("the paragraph ends");
    let inner = &html[open + 1..close];
    let mut text = String::new();
    let mut in_tag = false;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
}

#[tokio::test]
async fn standard_globals_show_the_same_text_built_and_live() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("component-sandbox");
    site.add_file(
        "api/user",
        br#"{"user_group": {"team_id": 7, "name": "Acme Corp", "provided_id": "acme-42"}}"#,
    );
    let html = site.built("globals/index.html");
    assert_eq!(built_text(&html, "loading"), "Loading the user group…");
    assert!(built_text(&html, "guarded").starts_with("localhost null en-US false [] "));

    browser.goto(&site.url("globals/")).await;
    browser
        .wait_until("document.querySelector('.loaded') && document.querySelector('.loaded').textContent === 'Acme Corp'")
        .await;
    let live = |class: &str| {
        format!("return document.querySelector('.{class}').textContent.replace(/\\u00a0|\\u202f/g, ' ');")
    };
    for class in ["url", "auth", "clone"] {
        assert_eq!(
            browser.eval_string(&live(class)).await,
            built_text(&html, class),
            ".{class}: the browser and the build's sandbox agree"
        );
    }
    let intl_live = browser.eval_string(&live("intl")).await;
    let intl_built = built_text(&html, "intl").replace(['\u{a0}', '\u{202f}'], " ");
    let utc = browser
        .eval_string("return Intl.DateTimeFormat().resolvedOptions().timeZone;")
        .await
        == "UTC";
    let parts = if utc { 6 } else { 5 }; // the last one is in the reader's zone
    let first = |text: &str| {
        text.split(" | ")
            .take(parts)
            .collect::<Vec<_>>()
            .join(" | ")
    };
    assert_eq!(first(&intl_live), first(&intl_built), "Intl formats agree");

    let guarded = browser.eval_string(&live("guarded")).await;
    assert!(
        guarded.starts_with("127.0.0.1 "),
        "live, window is there: {guarded}"
    );
    let seeded = browser.eval_string(&live("seeded")).await;
    let uuid = seeded.split(' ').next().unwrap_or_default();
    assert_eq!(uuid.len(), 36, "crypto.randomUUID in the browser: {seeded}");
    assert!(built_text(&html, "seeded").split(' ').next().unwrap().len() == 36);
    save_screenshot(&browser, "component-sandbox-globals").await;
    browser.close().await;
}
