//! Search in Chromium, `search.js` itself: the ranking cases of
//! `tests/fixtures/search-ranking` answered as the Rust mirror answers them
//! (`tests/search_ranking.rs`), and the dialog's version note on
//! `tests/fixtures/search-versions`: which version is searched, the button
//! that widens it to all (by keyboard), each result then naming its version;
//! one Escape closes the dialog.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::json;

use super::driver::Browser;
use super::search_cases::RANKING_CASES;
use super::site::named_fixture_site;
use super::{launch, save_screenshot};

const TITLES: &str = "return window.sheafSearch.query(arguments[0]).then(function (results) {
    return results.map(function (r) { return r.title; });
});";

#[tokio::test]
async fn search_js_ranks_the_fixture_cases_as_the_rust_mirror_does() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("search-ranking");
    for (page, query, expected) in RANKING_CASES {
        browser.goto(&site.url(page)).await;
        browser.wait_until("window.sheafSearch !== undefined").await;
        let found = browser
            .client
            .execute(TITLES, vec![json!(query)])
            .await
            .unwrap();
        assert_eq!(found, json!(expected), "{query} from {page}");
    }
    browser.close().await;
}

/// Opens the dialog with Ctrl+K, types `text`, waits for its results.
async fn search_for(browser: &Browser, text: &str) {
    let open = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down {
            value: Key::Control.into(),
        })
        .then(KeyAction::Down { value: 'k' })
        .then(KeyAction::Up { value: 'k' })
        .then(KeyAction::Up {
            value: Key::Control.into(),
        });
    browser.client.perform_actions(open).await.unwrap();
    browser
        .wait_until("document.querySelector('dialog.sheaf-search[open]')")
        .await;
    browser
        .find("#search-input")
        .await
        .send_keys(text)
        .await
        .unwrap();
    browser
        .wait_until(&format!(
            "document.querySelector('#sheaf-search-results[data-query={text}]:not([aria-busy]) [role=option]')"
        ))
        .await;
}

async fn press(browser: &Browser, key: Key) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: key.into() })
        .then(KeyAction::Up { value: key.into() });
    browser.client.perform_actions(keys).await.unwrap();
}

/// The result pages shown: title and the version each names.
async fn shown(browser: &Browser) -> serde_json::Value {
    browser
        .eval(
            "return Array.from(document.querySelectorAll('.sheaf-search__option--page')).map(function (o) {
                var version = o.querySelector('.sheaf-search__version');
                return [o.querySelector('.sheaf-search__title').textContent, version ? version.textContent : ''];
            });",
        )
        .await
}

#[tokio::test]
async fn the_dialog_says_which_version_it_searches_and_widens_to_all() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("search-versions");
    browser.goto(&site.url("v1/rotate/")).await;
    search_for(&browser, "rotate").await;
    let note = "return document.querySelector('.sheaf-search__scope-text').textContent;";
    assert_eq!(browser.eval_string(note).await, "Searching version v1.");
    assert_eq!(shown(&browser).await, json!([["Rotate a token (v1)", ""]]));

    // Widened by keyboard: Tab from the input reaches the button.
    let widen = browser.find(".sheaf-search__widen").await;
    assert_eq!(
        widen.attr("aria-pressed").await.unwrap().as_deref(),
        Some("false")
    );
    press(&browser, Key::Tab).await; // the close button
    press(&browser, Key::Tab).await;
    let focused = "return document.activeElement.className;";
    assert_eq!(browser.eval_string(focused).await, "sheaf-search__widen");
    press(&browser, Key::Enter).await;
    browser
        .wait_until(
            "document.querySelectorAll('#sheaf-search-results:not([aria-busy]) .sheaf-search__version').length === 2",
        )
        .await;
    assert_eq!(browser.eval_string(note).await, "Searching all versions.");
    assert_eq!(
        widen.attr("aria-pressed").await.unwrap().as_deref(),
        Some("true")
    );
    assert_eq!(
        shown(&browser).await,
        json!([["Rotate a token", "v2"], ["Rotate a token (v1)", "v1"]])
    );
    save_screenshot(&browser, "search-all-versions").await;

    // Outside every version: all versions, nothing to widen.
    browser.goto(&site.url("")).await;
    search_for(&browser, "rotate").await;
    assert_eq!(browser.eval_string(note).await, "Searching all versions.");
    let hidden = "return document.querySelector('.sheaf-search__widen').hidden;";
    assert_eq!(browser.eval(hidden).await, json!(true));
    assert_eq!(
        shown(&browser).await,
        json!([["Rotate a token", "v2"], ["Rotate a token (v1)", "v1"]])
    );
    browser.close().await;
}

/// The footer says "Esc to close": one Escape closes the dialog, also with
/// text in the search field (which would otherwise take it to clear the
/// text), and the focus goes back where it was.
#[tokio::test]
async fn one_escape_closes_the_dialog_with_text_typed() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("search-versions");
    browser.goto(&site.url("v1/rotate/")).await;
    search_for(&browser, "rotate").await;
    press(&browser, Key::Escape).await;
    browser
        .wait_until("!document.querySelector('dialog.sheaf-search[open]')")
        .await;
    let typed = "return document.querySelector('#search-input').value;";
    assert_eq!(
        browser.eval_string(typed).await,
        "rotate",
        "closed, not cleared"
    );
    browser.close().await;
}
