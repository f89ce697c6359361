//! The keyboard alone: keys sent through WebDriver walk `example-docs/`
//! (skip link, sidebar, search, tabs, code groups, copy buttons, Try-it,
//! mode toggle), asserting at each step which element has the focus and
//! what changed; and every element Tab reaches shows a focus ring.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::{json, Value};

use super::driver::Browser;
use super::launch;
use super::server::serve_api;
use super::site::{example_site_against, Site};

/// Presses and releases each key of `keys` in turn.
async fn keys(browser: &Browser, keys: &str) {
    let mut actions = KeyActions::new("keyboard".to_string());
    for key in keys.chars() {
        actions = actions
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
    }
    browser.client.perform_actions(actions).await.expect("keys");
}

async fn key(browser: &Browser, key: Key) {
    keys(browser, &char::from(key).to_string()).await;
}

/// Shift+Tab.
async fn shift_tab(browser: &Browser) {
    let actions = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down {
            value: Key::Shift.into(),
        })
        .then(KeyAction::Down {
            value: Key::Tab.into(),
        })
        .then(KeyAction::Up {
            value: Key::Tab.into(),
        })
        .then(KeyAction::Up {
            value: Key::Shift.into(),
        });
    browser.client.perform_actions(actions).await.expect("keys");
}

/// The focused element, described: `tag#id.class "name"`.
const FOCUSED: &str = "const e = document.activeElement;
    if (!e || e === document.body) return 'body';
    const name = (e.getAttribute('aria-label') || e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
      + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
      + ' \"' + name + '\"';";

async fn focused(browser: &Browser) -> String {
    browser.eval_string(FOCUSED).await
}

/// Whether the focused element matches `css`.
async fn focus_matches(browser: &Browser, css: &str) -> bool {
    let script = "return !!document.activeElement && document.activeElement.matches(arguments[0]);";
    let matches = browser.client.execute(script, vec![json!(css)]).await;
    matches.expect("a selector") == json!(true)
}

/// Presses Tab until the focus is on an element matching `css` (at most
/// `limit` times) and returns how many presses it took.
async fn tab_to(browser: &Browser, css: &str, limit: usize) -> usize {
    let mut walked = Vec::new();
    for presses in 1..=limit {
        key(browser, Key::Tab).await;
        if focus_matches(browser, css).await {
            return presses;
        }
        walked.push(focused(browser).await);
    }
    panic!("Tab never reached {css} in {limit} presses; it went:\n{walked:#?}");
}

/// Waits until the focused element matches `css`.
async fn wait_for_focus(browser: &Browser, css: &str) {
    let condition = format!(
        "document.activeElement && document.activeElement.matches({})",
        json!(css)
    );
    browser.wait_until(&condition).await;
}

async fn open(browser: &Browser, site: &Site, path: &str) {
    browser.goto(&site.url(path)).await;
    browser
        .wait_until("document.readyState === 'complete'")
        .await;
}

#[tokio::test]
async fn the_keyboard_alone_reaches_and_works_every_control() {
    let Some(browser) = launch().await else {
        return;
    };
    let (api, calls) = serve_api(r#"{"id":"usr_1","name":"Grace"}"#);
    let site = example_site_against(&api.origin());
    browser.set_viewport(1280, 900, false);
    let grant = json!({ "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"] });
    browser.cdp("Browser.grantPermissions", grant);

    // Skip link: the first Tab stop; Enter moves the focus to the content.
    open(&browser, &site, "quickstart/").await;
    key(&browser, Key::Tab).await;
    assert!(
        focus_matches(&browser, "a.skip-link").await,
        "first stop: {}",
        focused(&browser).await
    );
    key(&browser, Key::Enter).await;
    wait_for_focus(&browser, "main#content").await;

    // Sidebar: Shift+Tab from the content goes back into the sidebar,
    // whose links Enter follows.
    shift_tab(&browser).await;
    assert!(
        focus_matches(
            &browser,
            "#sidebar a, #sidebar button, #sidebar summary, #sidebar select"
        )
        .await,
        "before the content: {}",
        focused(&browser).await
    );
    open(&browser, &site, "quickstart/").await;
    tab_to(&browser, "#sidebar a[href$='authentication/']", 60).await;
    key(&browser, Key::Enter).await;
    browser
        .wait_until("location.pathname.endsWith('/authentication/')")
        .await;

    // Search: `/` opens it with the focus in the field; typing searches,
    // the arrows move through the results, Enter opens the chosen one.
    browser
        .wait_until("document.readyState === 'complete'")
        .await;
    keys(&browser, "/").await;
    wait_for_focus(&browser, "#search-input").await;
    keys(&browser, "token").await;
    browser
        .wait_until("document.querySelector('#sheaf-search-results[data-query=token]:not([aria-busy]) [role=option]')")
        .await;
    let active = "return document.getElementById('search-input').getAttribute('aria-activedescendant') || '';";
    let first = browser.eval_string(active).await;
    key(&browser, Key::Down).await;
    let second = browser.eval_string(active).await;
    assert_ne!(first, second, "ArrowDown moves to another result");
    assert!(
        focus_matches(&browser, "#search-input").await,
        "the focus stays in the field"
    );
    let chosen = browser
        .eval_string(&format!(
            "const o = document.getElementById({}); return (o.querySelector('a') || o).getAttribute('href') || '';",
            json!(second)
        ))
        .await;
    key(&browser, Key::Enter).await;
    let target = chosen
        .split('#')
        .next()
        .unwrap()
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap()
        .to_string();
    browser
        .wait_until(&format!(
            "location.pathname.replace(/\\/$/, '').endsWith({}) && !document.querySelector('.sheaf-search[open]')",
            json!(target)
        ))
        .await;

    // Tabs: Tab reaches the selected tab, the arrows choose another, whose
    // panel then shows.
    open(&browser, &site, "guides/embedding-dashboards/").await;
    tab_to(&browser, ".c-tabs .c-tab[aria-selected=true]", 80).await;
    let selected = "return document.activeElement.getAttribute('aria-selected') + ' ' +
        !document.getElementById(document.activeElement.getAttribute('aria-controls')).hidden;";
    let before = focused(&browser).await;
    key(&browser, Key::Right).await;
    assert_ne!(
        focused(&browser).await,
        before,
        "ArrowRight moves to the next tab"
    );
    assert_eq!(browser.eval_string(selected).await, "true true");

    // Code groups: the same on the code group's tabs; Tab then reaches its
    // copy button, and Enter copies.
    open(&browser, &site, "quickstart/").await;
    tab_to(&browser, ".c-code-group .c-tab[aria-selected=true]", 80).await;
    let before = focused(&browser).await;
    key(&browser, Key::Right).await;
    assert_ne!(focused(&browser).await, before);
    assert_eq!(browser.eval_string(selected).await, "true true");
    tab_to(&browser, ".c-code-group .c-copy", 5).await;
    key(&browser, Key::Enter).await;
    browser
        .wait_until("document.activeElement.textContent === 'Copied'")
        .await;

    // Try-it: Tab reaches Send; Enter sends the request.
    open(&browser, &site, "api-reference/update-user/").await;
    tab_to(&browser, "[data-playground] [data-send]", 120).await;
    key(&browser, Key::Enter).await;
    browser
        .wait_until(
            "document.querySelector('[data-playground] [data-status]').textContent === '200 OK'",
        )
        .await;
    let call = calls.try_recv().expect("the API got the request");
    assert_eq!(call.method, "PUT");

    // Mode toggle: Tab reaches it in the top bar; Enter switches the mode
    // and the button says so (aria-pressed).
    let theme = browser.theme().await;
    open(&browser, &site, "quickstart/").await;
    tab_to(&browser, "button[data-mode-toggle]", 20).await;
    key(&browser, Key::Enter).await;
    let flipped = if theme == "dark" { "light" } else { "dark" };
    browser
        .wait_until(&format!(
            "document.documentElement.getAttribute('data-theme') === '{flipped}'"
        ))
        .await;
    let pressed = browser
        .eval("return document.activeElement.getAttribute('aria-pressed');")
        .await;
    assert_eq!(
        pressed,
        json!(if flipped == "dark" { "true" } else { "false" })
    );
    browser.close().await;
}

/// The focus ring of the focused element: its outline, else (for a field
/// inside a bar that shows the focus) the bar's ring.
const RING: &str = "const e = document.activeElement;
    const style = getComputedStyle(e);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return 'outline';
    const bar = e.closest('.sheaf-search__bar');
    if (bar && getComputedStyle(bar).boxShadow !== 'none') return 'bar';
    return 'none';";

/// Presses Tab through the whole page (until the focus comes back round)
/// and returns every stop whose focus ring is missing.
async fn stops_without_ring(browser: &Browser) -> (usize, Vec<String>) {
    let mut missing = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for stop in 0..400 {
        key(browser, Key::Tab).await;
        let here = browser
            .eval("const e = document.activeElement; return e === document.body ? null : [...document.querySelectorAll('*')].indexOf(e);")
            .await;
        if here == Value::Null || !seen.insert(here.to_string()) {
            return (stop, missing);
        }
        if browser.eval_string(RING).await == "none" {
            missing.push(focused(browser).await);
        }
    }
    panic!("Tab did not come back round in 400 presses");
}

#[tokio::test]
async fn every_element_tab_reaches_shows_a_focus_ring() {
    let Some(browser) = launch().await else {
        return;
    };
    let (api, _calls) = serve_api(r#"{"id":"usr_1"}"#);
    let site = example_site_against(&api.origin());
    let mut missing = Vec::new();
    for (width, height, mobile) in [(1280, 900, false), (390, 844, true)] {
        browser.set_viewport(width, height, mobile);
        for path in [
            "quickstart/",
            "guides/embedding-dashboards/",
            "api-reference/update-user/",
        ] {
            open(&browser, &site, path).await;
            let (stops, without) = stops_without_ring(&browser).await;
            assert!(stops > 5, "{path}: only {stops} Tab stops");
            missing.extend(
                without
                    .into_iter()
                    .map(|e| format!("{path} at {width} px: {e}")),
            );
        }
    }
    browser.close().await;
    assert!(
        missing.is_empty(),
        "no focus ring on:\n{}",
        missing.join("\n")
    );
}
