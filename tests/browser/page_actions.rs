//! docs.json `contextual` in a browser (tests/fixtures/page-actions, with
//! sheaf.toml naming an MCP server): each copy button, reached and pressed
//! with the keyboard, copies what it says; the assistant links carry a
//! prompt naming the page; a custom link with `$page` opens with the page's
//! Markdown in it; both modes, no axe violation.

use fantoccini::key::Key;
use serde_json::json;

use super::axe::{assert_no_violations, axe_script, record_violations};
use super::driver::Browser;
use super::site::named_fixture_site;
use super::{launch, save_screenshot};

/// Keeps what the page copies in `window.sheafCopied`, and what it opens in
/// `window.sheafOpened` (headless Chromium has no clipboard to read back,
/// and the links lead off the machine).
const PROBES: &str = "Object.defineProperty(navigator, 'clipboard', {
  value: { writeText: function (text) { window.sheafCopied = text; return Promise.resolve(); } }
});
window.open = function () { window.sheafOpened = { opener: 1, location: {} }; return window.sheafOpened; };";

/// Presses `key` on the focused element.
async fn send(browser: &Browser, key: Key) {
    let focused = browser
        .client
        .active_element()
        .await
        .expect("a focused element");
    focused
        .send_keys(&char::from(key).to_string())
        .await
        .expect("a key press");
}

/// Focuses the page action labelled `label` and presses Enter on it,
/// opening the menu of further actions first when it is in there.
async fn press(browser: &Browser, label: &str) {
    let find = format!(
        "var a = Array.from(document.querySelectorAll('.page-action')).find(e => e.firstChild.textContent === {0} || e.textContent.startsWith({0}));",
        json!(label)
    );
    let menu = format!("{find} var d = a.closest('details'); if (d && !d.open) {{ d.querySelector('summary').focus(); return true; }} return false;");
    if browser.eval(&menu).await == json!(true) {
        send(browser, Key::Enter).await;
        browser
            .wait_until("document.querySelector('.page-actions-more').open")
            .await;
    }
    let focus = format!("{find} a.focus(); return document.activeElement === a;");
    assert_eq!(
        browser.eval(&focus).await,
        json!(true),
        "{label} takes the focus"
    );
    send(browser, Key::Enter).await;
}

async fn copied_by(browser: &Browser, label: &str) -> String {
    browser
        .eval("window.sheafCopied = null; return null;")
        .await;
    press(browser, label).await;
    browser.wait_until("window.sheafCopied !== null").await;
    browser.eval_string("return window.sheafCopied;").await
}

#[tokio::test]
async fn every_action_does_what_it_says_from_the_keyboard() {
    let Some(browser) = launch().await else {
        return;
    };
    let axe = axe_script();
    let site = named_fixture_site("page-actions");
    browser.on_new_document(PROBES);
    let mut found = Vec::new();
    for mode in ["light", "dark"] {
        browser.on_new_document(&format!("localStorage.setItem('sheaf-mode', '{mode}');"));
        browser.goto(&site.url("quickstart/")).await;
        browser
            .wait_until("!document.querySelector('[data-copy-text]').hidden")
            .await;
        save_screenshot(&browser, &format!("page-actions-{mode}")).await;
        record_violations(&browser, &axe, mode, &mut found).await;
        browser
            .eval("document.querySelector('.page-actions-more').open = true; return null;")
            .await;
        save_screenshot(&browser, &format!("page-actions-menu-{mode}")).await;
        record_violations(&browser, &axe, &format!("{mode}, menu open"), &mut found).await;
    }
    let server = "https://mcp.usergroups.example/mcp";
    assert_eq!(copied_by(&browser, "Copy MCP server URL").await, server);
    assert_eq!(
        copied_by(&browser, "Copy MCP install command").await,
        format!("npx add-mcp {server}")
    );
    let page = copied_by(&browser, "Copy page").await;
    assert!(page.contains("title: Quickstart"), "{page}");
    let prompts = browser
        .eval(
            "var prompt = encodeURIComponent('Read ' + location.href + ' so I can ask questions about it.');
             var href = l => Array.from(document.querySelectorAll('[data-ai-link]')).find(a => a.textContent === l).href;
             return [href('Open in ChatGPT') === 'https://chatgpt.com/?q=' + prompt,
                     href('Open in Google AI Studio') === 'https://aistudio.google.com/prompts/new_chat?prompt=' + prompt];",
        )
        .await;
    assert_eq!(prompts, json!([true, true]));
    press(&browser, "Share on X").await;
    browser
        .wait_until("window.sheafOpened && window.sheafOpened.location.href")
        .await;
    let opened = browser
        .eval_string("return window.sheafOpened.location.href;")
        .await;
    let start = "https://x.com/intent/tweet?text=User%20Group%20Service%20docs%3A%20";
    assert!(opened.starts_with(start), "{opened}");
    assert!(
        opened.contains("title%3A%20Quickstart"),
        "the page's Markdown: {opened}"
    );
    assert_eq!(
        browser.path().await,
        "/quickstart/",
        "the reader stays on the page"
    );
    // Escape closes the menu and gives the focus back to its toggle.
    let open = "var d = document.querySelector('.page-actions-more'); d.open = true;
                d.querySelector('a').focus(); return null;";
    browser.eval(open).await;
    send(&browser, Key::Escape).await;
    browser
        .wait_until("!document.querySelector('.page-actions-more').open && document.activeElement.matches('summary')")
        .await;
    browser.close().await;
    assert_no_violations(&found);
}
