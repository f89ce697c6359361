//! Real-browser tests: the fixture site (`tests/fixtures/browser-site`) is
//! built with the `sheaf` binary, served on 127.0.0.1 and driven in headless
//! Chromium over WebDriver (ChromeDriver + fantoccini). Nothing reaches the
//! internet: host names never resolve in the browser.
//!
//! Without Chromium and ChromeDriver the tests print a note and pass, except
//! under CI, where they fail (install `chromium chromium-driver`).
//!
//! Screenshots land in `<target dir>/screenshots/` for a human to look at.

#[path = "browser/analytics.rs"]
mod analytics;
#[path = "browser/axe.rs"]
mod axe;
#[path = "browser/code_blocks.rs"]
mod code_blocks;
#[path = "common/mod.rs"]
mod common;
#[path = "browser/components.rs"]
mod components;
#[path = "browser/driver.rs"]
mod driver;
#[path = "browser/fonts.rs"]
mod fonts;
#[path = "browser/icons.rs"]
mod icons;
#[path = "browser/keyboard.rs"]
mod keyboard;
#[path = "browser/looks.rs"]
mod looks;
#[path = "browser/minified.rs"]
mod minified;
#[path = "browser/page_actions.rs"]
mod page_actions;
#[path = "browser/react.rs"]
mod react;
#[path = "browser/react_globals.rs"]
mod react_globals;
#[path = "browser/react_scope.rs"]
mod react_scope;
#[path = "browser/search.rs"]
mod search;
#[path = "common/search_cases.rs"]
mod search_cases;
#[path = "browser/server.rs"]
mod server;
#[path = "browser/site.rs"]
mod site;
#[path = "browser/styling.rs"]
mod styling;
#[path = "browser/tailwind.rs"]
mod tailwind;
#[path = "browser/themes.rs"]
mod themes;
#[path = "browser/tools.rs"]
mod tools;
#[path = "browser/try_it.rs"]
mod try_it;
#[path = "browser/url_forms.rs"]
mod url_forms;

use std::path::PathBuf;

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::json;

use driver::Browser;
use server::serve_api;
use site::{
    build_site, edit_site_json, example_site, fixture_site, named_fixture_site, set_api_server,
};

/// A fresh headless Chromium, or `None` when the tests are skipped.
async fn launch() -> Option<Browser> {
    let tools = tools::browser_tools()?;
    Some(Browser::launch(&tools).await)
}

/// [`launch`], with scripts turned off: a reader without JavaScript.
async fn launch_without_javascript() -> Option<Browser> {
    let browser = launch().await?;
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({ "value": true }),
    );
    Some(browser)
}

/// Makes the media `feature` (e.g. `prefers-color-scheme`) report `value`.
fn emulate_media(browser: &Browser, feature: &str, value: &str) {
    let features = json!([{ "name": feature, "value": value }]);
    browser.cdp(
        "Emulation.setEmulatedMedia",
        json!({ "features": features }),
    );
}

/// Records `data-theme` on <html> as soon as <body> exists, i.e. before
/// anything of the page could be painted: `window.sheafThemeAtBody`.
const THEME_PROBE: &str = "new MutationObserver(function (records, observer) {
  if (!document.body) return;
  window.sheafThemeAtBody = document.documentElement.getAttribute('data-theme');
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });";

async fn press(browser: &Browser, modifier: Option<Key>, key: char) {
    let mut keys = KeyActions::new("keyboard".to_string());
    if let Some(modifier) = modifier {
        keys = keys.then(KeyAction::Down {
            value: modifier.into(),
        });
    }
    keys = keys
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    if let Some(modifier) = modifier {
        keys = keys.then(KeyAction::Up {
            value: modifier.into(),
        });
    }
    browser.client.perform_actions(keys).await.expect("keys");
}

/// Types `query` into the focused search input and waits until the results
/// list answers this text in full; returns the input.
async fn search_settled(browser: &Browser, query: &str) -> fantoccini::elements::Element {
    let input = browser.client.active_element().await.unwrap();
    input.send_keys(query).await.unwrap();
    browser
        .wait_until(&format!(
            "(function () {{
               var list = document.getElementById('sheaf-search-results');
               return list && list.getAttribute('data-query') === {}
                 && !list.hasAttribute('aria-busy') && list.querySelector('[role=option]');
             }})()",
            json!(query)
        ))
        .await;
    input
}

/* ---- mode toggle ---- */

#[tokio::test]
async fn mode_toggle_flips_the_theme_and_it_persists_across_pages() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    emulate_media(&browser, "prefers-color-scheme", "light");
    browser.on_new_document(THEME_PROBE);
    browser.goto(&site.url("")).await;
    assert_eq!(browser.theme().await, "light", "no default: the system's");

    let toggle = browser
        .find("header button[data-mode-toggle][aria-label='Dark mode']")
        .await;
    assert_eq!(toggle.attr("aria-pressed").await.unwrap().unwrap(), "false");
    toggle.click().await.unwrap();
    assert_eq!(browser.theme().await, "dark");
    assert_eq!(toggle.attr("aria-pressed").await.unwrap().unwrap(), "true");

    browser
        .click("#sidebar .nav-list a[href$='guides/quickstart/']")
        .await;
    browser
        .wait_until("location.pathname.endsWith('/guides/quickstart/') && document.readyState === 'complete'")
        .await;
    assert_eq!(
        browser.eval("return window.sheafThemeAtBody;").await,
        json!("dark"),
        "data-theme must be set before <body> is parsed (no flash of the other theme)"
    );
    assert_eq!(browser.theme().await, "dark");
    let toggle = browser.find("button[data-mode-toggle]").await;
    assert_eq!(toggle.attr("aria-pressed").await.unwrap().unwrap(), "true");
    browser.close().await;
}

#[tokio::test]
async fn hidden_mode_toggle_with_default_forces_that_mode() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = build_site(|root| {
        edit_site_json(root, |config| {
            config.insert(
                "modeToggle".into(),
                json!({ "default": "dark", "isHidden": true }),
            );
        })
    });
    emulate_media(&browser, "prefers-color-scheme", "light");
    browser.goto(&site.url("")).await;
    browser
        .eval("localStorage.setItem('sheaf-mode', 'light');")
        .await;
    browser.client.refresh().await.unwrap();
    assert_eq!(browser.theme().await, "dark", "forced, whatever was stored");
    let toggles = browser
        .eval("return document.querySelectorAll('[data-mode-toggle]').length;")
        .await;
    assert_eq!(toggles, json!(0), "no toggle when isHidden");
    browser.close().await;
}

/* ---- search ---- */

#[tokio::test]
async fn ctrl_k_search_finds_a_heading_and_enter_opens_it() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    browser.goto(&site.url("")).await;

    press(&browser, Some(Key::Control), 'k').await;
    browser
        .wait_until("document.querySelector('dialog.sheaf-search[open]')")
        .await;
    let focused = browser
        .eval_string("return document.activeElement.id;")
        .await;
    assert_eq!(focused, "search-input");

    let input = search_settled(&browser, "zephyrine").await;
    let first = browser.find("#sheaf-search-results [role=option]").await;
    assert!(first.text().await.unwrap().contains("Quickstart"));

    input
        .send_keys(&char::from(Key::Down).to_string())
        .await
        .unwrap();
    let target = browser
        .eval_string(
            "var id = document.activeElement.getAttribute('aria-activedescendant');
             return document.getElementById(id).href;",
        )
        .await;
    assert!(target.contains("/guides/quickstart/"), "{target}");
    input
        .send_keys(&char::from(Key::Enter).to_string())
        .await
        .unwrap();
    browser
        .wait_until(&format!("location.href === {}", json!(target)))
        .await;
    assert_eq!(browser.path().await, "/guides/quickstart/");
    browser.close().await;
}

#[tokio::test]
async fn html_page_urls_are_followed_by_sidebar_links_and_search() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = build_site(|root| {
        edit_site_json(root, |config| {
            config.insert("pageUrls".into(), json!("html"));
        })
    });
    browser.goto(&site.url("")).await;
    browser
        .click(".nav-list a[href='guides/components.html']")
        .await;
    browser
        .wait_until("location.pathname === '/guides/components.html'")
        .await;
    browser.click(".nav-list a[href='quickstart.html']").await;
    browser
        .wait_until("location.pathname === '/guides/quickstart.html'")
        .await;

    press(&browser, Some(Key::Control), 'k').await;
    browser
        .wait_until("document.querySelector('dialog.sheaf-search[open]')")
        .await;
    let input = browser.client.active_element().await.unwrap();
    input.send_keys("current major").await.unwrap();
    browser
        .wait_until("document.querySelector('#sheaf-search-results[data-query=\"current major\"]:not([aria-busy]) a[role=option]')")
        .await;
    input
        .send_keys(&char::from(Key::Enter).to_string())
        .await
        .unwrap();
    browser
        .wait_until("location.pathname === '/v2/overview.html'")
        .await;
    let title = browser.eval_string("return document.title;").await;
    assert!(title.starts_with("Overview v2"), "{title}");
    browser.close().await;
}

#[tokio::test]
async fn example_docs_search_finds_the_token_rotation_endpoint() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = example_site();
    browser.goto(&site.url("introduction/")).await;
    press(&browser, Some(Key::Control), 'k').await;
    browser
        .wait_until("document.querySelector('dialog.sheaf-search[open]')")
        .await;
    let input = browser.client.active_element().await.unwrap();
    input.send_keys("rotate token").await.unwrap();
    // Every key runs a search at once: the list must end up answering the
    // whole text, with section links and excerpts (no longer busy).
    browser
        .wait_until(
            "document.querySelector('#sheaf-search-results[data-query=\"rotate token\"]:not([aria-busy])')",
        )
        .await;
    let cards = browser
        .eval("return performance.getEntriesByType('resource').some(e => e.name.includes('/search/c/0.js'));")
        .await;
    assert_eq!(
        cards,
        json!(true),
        "doc cards are prefetched after the first results"
    );
    let position = browser
        .eval_string(
            "var opts = Array.from(document.querySelectorAll('#sheaf-search-results [role=option]'));
             return String(opts.findIndex(o => o.href.includes('/api-reference/rotate-token/')));",
        )
        .await;
    let position: usize = position
        .parse()
        .unwrap_or_else(|_| panic!("no rotate-token result: {position}"));
    for _ in 0..=position {
        input
            .send_keys(&char::from(Key::Down).to_string())
            .await
            .unwrap();
    }
    input
        .send_keys(&char::from(Key::Enter).to_string())
        .await
        .unwrap();
    browser
        .wait_until("location.pathname.startsWith('/api-reference/rotate-token/')")
        .await;
    let title = browser
        .eval_string("return document.querySelector('h1').textContent;")
        .await;
    assert!(title.contains("Create User"), "{title}");
    browser.close().await;
}

/// Adds `count` pages of ~2 KB to the fixture, in a group of their own;
/// page `n` alone holds the word `quartzite{n}`.
fn add_bulk_pages(root: &std::path::Path, count: usize) {
    let dir = root.join("bulk");
    std::fs::create_dir_all(&dir).unwrap();
    let filler = "Plain filler prose about nothing in particular. ".repeat(40);
    let mut pages = Vec::new();
    for n in 0..count {
        let body = format!("---\ntitle: Bulk page {n}\n---\n\n{filler}\n\n## Rare words\n\nThe quartzite{n} lives here.\n");
        std::fs::write(dir.join(format!("p{n}.md")), body).unwrap();
        pages.push(json!(format!("bulk/p{n}")));
    }
    edit_site_json(root, |config| {
        let nav = config["navigation"].as_array_mut().unwrap();
        nav.push(json!({ "group": "Bulk", "pages": pages }));
    });
}

#[tokio::test]
async fn later_queries_show_pages_from_cards_then_fill_in_sections() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = build_site(|root| add_bulk_pages(root, 120));
    browser.goto(&site.url("")).await;
    browser
        .eval(
            "window.busyShown = [];
             new MutationObserver(() => {
               const list = document.getElementById('sheaf-search-results');
               const first = list && list.querySelector('[role=option]');
               const query = list && list.getAttribute('data-query');
               if (list && list.hasAttribute('aria-busy') && first && first.dataset.seenBusy !== query) {
                 window.busyShown.push(query);
                 first.dataset.seenBusy = query;
               }
             }).observe(document.body, { subtree: true, childList: true, attributes: true });",
        )
        .await;
    press(&browser, Some(Key::Control), 'k').await;
    let input = browser.find("#search-input").await;
    input.send_keys("quartzite3").await.unwrap();
    browser
        .wait_until("document.querySelector('#sheaf-search-results[data-query=quartzite3]:not([aria-busy])')")
        .await;
    browser
        .wait_until(
            "performance.getEntriesByType('resource').some(e => e.name.includes('/search/c/0.js'))",
        )
        .await;

    browser
        .eval("document.getElementById('search-input').select();")
        .await;
    input.send_keys("quartzite117").await.unwrap();
    browser
        .wait_until("document.querySelector('#sheaf-search-results[data-query=quartzite117]:not([aria-busy])')")
        .await;
    let shown_early = browser
        .eval("return window.busyShown.includes('quartzite117');")
        .await;
    assert_eq!(
        shown_early,
        json!(true),
        "the page was listed from its card before its bundle arrived"
    );
    let section = browser
        .eval_string(
            "const a = document.querySelector('#sheaf-search-results .sheaf-search__option--section a');
             const url = new URL(a.href);
             return url.pathname + url.hash + ' ' + a.querySelector('mark').textContent;",
        )
        .await;
    assert_eq!(section, "/bulk/p117/#rare-words quartzite117");
    let kept = browser
        .eval_string(
            "const first = document.querySelector('#sheaf-search-results [role=option]');
             return first.dataset.seenBusy || '';",
        )
        .await;
    assert_eq!(
        kept, "quartzite117",
        "the filled-in list kept the option element the reader saw first"
    );
    browser.close().await;
}

/* ---- components ---- */

#[tokio::test]
async fn tabs_show_the_chosen_panel_only() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    browser.goto(&site.url("guides/components/")).await;
    browser.find("[data-tabs][data-ready]").await;

    let second = browser
        .find("[role=tablist] [role=tab]:nth-of-type(2)")
        .await;
    assert_eq!(second.text().await.unwrap(), "Two");
    second.click().await.unwrap();
    assert_eq!(second.attr("aria-selected").await.unwrap().unwrap(), "true");
    assert_eq!(visible_panels(&browser).await, ["Second"]);

    second
        .send_keys(&char::from(Key::Left).to_string())
        .await
        .unwrap();
    assert_eq!(visible_panels(&browser).await, ["First"]);
    browser.close().await;
}

#[tokio::test]
async fn every_code_block_gets_a_copy_button() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    browser.goto(&site.url("guides/quickstart/")).await;
    browser.find(".c-code > button.c-copy").await;
    let counts = browser
        .eval(
            "return [document.querySelectorAll('.c-code').length,
                     document.querySelectorAll('.c-code > button.c-copy[aria-label=\"Copy code\"]').length];",
        )
        .await;
    assert_eq!(counts, json!([1, 1]));
    browser.close().await;
}

#[tokio::test]
async fn view_selector_shows_one_view_and_its_headings_in_the_toc() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("components-docsjson");
    browser.goto(&site.url("")).await;
    browser.find("html[data-views] .c-view-select select").await;
    assert_eq!(visible_views(&browser).await, ["JavaScript"]);
    assert_eq!(
        toc_hidden(&browser).await,
        json!({ "install-with-npm": false, "install-with-pip": true })
    );

    browser
        .eval(
            "var select = document.querySelector('.c-view-select select');
             select.value = 'Python';
             select.dispatchEvent(new Event('change'));",
        )
        .await;
    assert_eq!(visible_views(&browser).await, ["Python"]);
    assert_eq!(
        toc_hidden(&browser).await,
        json!({ "install-with-npm": true, "install-with-pip": false })
    );

    browser.goto(&site.url("")).await;
    browser.find("html[data-views]").await;
    assert_eq!(
        visible_views(&browser).await,
        ["Python"],
        "the choice is remembered"
    );
    browser.close().await;
}

#[tokio::test]
async fn mermaid_diagrams_are_drawn_and_fit_a_phone() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("components-docsjson");
    for (width, height, mobile, name) in [(1440, 900, false, "desktop"), (390, 844, true, "phone")]
    {
        browser.set_viewport(width, height, mobile);
        for theme in ["light", "dark"] {
            show_page(&browser, &site.url(""), theme).await;
            let drawn = browser
                .eval(
                    "var figures = document.querySelectorAll('.c-mermaid > svg');
                     figures[0].scrollIntoView();
                     return Array.from(figures).map(function (svg) {
                       var box = svg.getBoundingClientRect();
                       return box.width > 100 && box.height > 40 && box.right <= document.documentElement.clientWidth;
                     });",
                )
                .await;
            assert_eq!(
                drawn,
                json!([true, true]),
                "{name} {theme}: both diagrams drawn inside the page"
            );
            let overflow = browser
                .eval("var e = document.documentElement; return e.scrollWidth - e.clientWidth;")
                .await;
            assert_eq!(overflow, json!(0), "{name} {theme}");
            save_screenshot(&browser, &format!("mermaid-{name}-{theme}")).await;
        }
    }
    browser.close().await;
}

#[tokio::test]
async fn prompts_get_a_copy_button_and_tooltips_open_on_focus() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("components-docsjson");
    browser.goto(&site.url("")).await;
    browser
        .find(".c-prompt-head > button.c-copy[aria-label=\"Copy prompt\"]")
        .await;
    let tip_style = "getComputedStyle(document.querySelector('.c-tooltip-text'))";
    assert_eq!(
        browser
            .eval(&format!("return {tip_style}.visibility;"))
            .await,
        json!("hidden")
    );
    browser
        .eval("document.querySelector('.c-tooltip-trigger').focus();")
        .await;
    // Shown once the fade-in is over (WebDriver reads no text before).
    browser
        .wait_until(&format!(
            "{tip_style}.visibility === 'visible' && {tip_style}.opacity === '1'"
        ))
        .await;
    let link = browser.find(".c-tooltip-cta").await;
    assert_eq!(link.text().await.unwrap(), "Read the API guide");
    browser.close().await;
}

/// The titles of the views on screen.
async fn visible_views(browser: &Browser) -> Vec<String> {
    let titles = browser
        .eval(
            "return Array.from(document.querySelectorAll('.c-view'))
               .filter(function (v) { return v.checkVisibility(); })
               .map(function (v) { return v.getAttribute('data-view'); });",
        )
        .await;
    serde_json::from_value(titles).unwrap()
}

/// Whether each view heading's table-of-contents entry is hidden.
async fn toc_hidden(browser: &Browser) -> serde_json::Value {
    browser
        .eval(
            "var out = {};
             ['install-with-npm', 'install-with-pip'].forEach(function (id) {
               out[id] = document.querySelector('.toc a[href=\"#' + id + '\"]').parentNode.hidden;
             });
             return out;",
        )
        .await
}

/// The text of the tab panels on screen (labels are hidden once JS runs).
async fn visible_panels(browser: &Browser) -> Vec<String> {
    let texts = browser
        .eval(
            "return Array.from(document.querySelectorAll('[role=tabpanel]'))
               .filter(function (p) { return p.checkVisibility(); })
               .map(function (p) { return p.innerText.trim(); });",
        )
        .await;
    serde_json::from_value(texts).unwrap()
}

/* ---- versions ---- */

#[tokio::test]
async fn version_switcher_shows_the_chosen_versions_groups() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    browser.goto(&site.url("guides/components/")).await;
    let v2 = ["Get started", "Version two", "API"];
    wait_for_groups(&browser, &v2, "the default version").await;

    let select = browser.find("select[data-version-select]").await;
    select.select_by_value("v1").await.unwrap();
    let v1 = ["Get started", "Version one", "API"];
    wait_for_groups(&browser, &v1, "the version chosen").await;

    browser.goto(&site.url("guides/quickstart/")).await;
    let why = "the choice is remembered on the next page";
    wait_for_groups(&browser, &v1, why).await;

    browser.goto(&site.url("v1/overview/")).await;
    let select = browser.find("select[data-version-select]").await;
    select.select_by_value("v2").await.unwrap();
    browser
        .wait_until("location.pathname.endsWith('/v2/overview/')")
        .await;
    browser.close().await;
}

/// The names of the sidebar groups on screen.
const VISIBLE_GROUPS: &str = "Array.from(document.querySelectorAll('#sidebar .nav-groups > li'))
   .filter(function (g) { return g.checkVisibility(); })
   .map(function (g) { return g.querySelector(':scope > p, :scope > a').innerText.trim(); })";

async fn visible_groups(browser: &Browser) -> Vec<String> {
    let names = browser.eval(&format!("return {VISIBLE_GROUPS};")).await;
    serde_json::from_value(names).unwrap()
}

/// Waits until the sidebar shows the groups `expected`, in order (a loaded
/// machine may still be laying out the page or its section script when a
/// navigation returns); fails naming what it shows then.
async fn wait_for_groups(browser: &Browser, expected: &[&str], why: &str) {
    let wanted = serde_json::to_string(&expected.join("|")).unwrap();
    let shown =
        format!("document.readyState === 'complete' && {VISIBLE_GROUPS}.join('|') === {wanted}");
    let deadline = std::time::Instant::now() + driver::PATIENCE;
    while browser.eval(&format!("return {shown};")).await != json!(true) {
        let now = visible_groups(browser).await;
        assert!(
            std::time::Instant::now() < deadline,
            "{why}: {now:?}, not {expected:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/* ---- lighter pages: what theme.js and the section scripts add ---- */

/// Records the sidebar's groups (titles, in order) at every animation
/// frame while the page loads (each is what a paint would show) and once
/// the parser has reached `<main>` (after that moment's other observers):
/// `window.sheafSidebarFrames`, `window.sheafGroupsAtMain`.
const SIDEBAR_PROBE: &str = "(function () {
  function groups() {
    var list = document.querySelector('#sidebar .nav-groups');
    if (!list) return null;
    return Array.from(list.children).filter(function (e) { return e.tagName === 'LI'; })
      .map(function (g) { return (g.querySelector(':scope > p, :scope > a') || g).textContent.trim(); });
  }
  window.sheafSidebarFrames = [];
  (function frame() {
    var now = groups();
    if (now) window.sheafSidebarFrames.push(now);
    if (document.readyState !== 'complete') requestAnimationFrame(frame);
  })();
  new MutationObserver(function (records, observer) {
    if (!document.querySelector('main')) return;
    observer.disconnect();
    queueMicrotask(function () { window.sheafGroupsAtMain = groups(); });
  }).observe(document, { childList: true, subtree: true });
})();";

/// The sidebar groups of the page, in order, once it has loaded.
async fn sidebar_groups(browser: &Browser) -> Vec<String> {
    browser
        .wait_until("document.readyState === 'complete'")
        .await;
    let names = browser
        .eval(
            "return Array.from(document.querySelectorAll('#sidebar .nav-groups > li'))
               .map(function (g) { return g.querySelector(':scope > p, :scope > a').textContent.trim(); });",
        )
        .await;
    serde_json::from_value(names).unwrap()
}

#[tokio::test]
async fn sidebar_groups_from_the_section_script_are_in_place_before_the_content() {
    let Some(browser) = launch().await else {
        return;
    };
    browser.on_new_document(SIDEBAR_PROBE);
    let site = fixture_site();
    let all = ["Get started", "Version two", "Version one", "API"];
    // The page's group first (groups after it: added when it is parsed), and
    // last (groups before it: added before it is parsed).
    for (path, own) in [("guides/quickstart/", 0), ("api/update-user/", 3)] {
        browser.goto(&site.url(path)).await;
        assert_eq!(sidebar_groups(&browser).await, all, "{path}");
        let expanded = browser
            .eval_string("return document.querySelector('#sidebar .nav-groups > li.is-expanded > p').textContent;")
            .await;
        assert_eq!(expanded, all[own], "{path}: the page's own group is open");
        assert_eq!(
            browser.eval("return window.sheafGroupsAtMain;").await,
            json!(all),
            "{path}: every group is in place before the parser reaches the content"
        );
        let frames: Vec<Vec<String>> =
            serde_json::from_value(browser.eval("return window.sheafSidebarFrames;").await)
                .unwrap();
        // A group whose title the parser has not reached yet reads "" in
        // that frame; it still stands in its place.
        for frame in &frames {
            let in_place = frame.len() <= all.len()
                && (frame.iter().zip(all)).all(|(shown, name)| shown.is_empty() || shown == name);
            assert!(
                in_place,
                "{path}: a frame showed {frame:?}; groups may only be added below what shows"
            );
        }
        let links = browser
            .eval("return Array.from(document.querySelectorAll('#sidebar .nav-groups > li > a')).map(function (a) { return a.href; });")
            .await;
        for link in links.as_array().unwrap() {
            assert!(
                link.as_str().unwrap().starts_with(&site.url("")),
                "{path}: {link} stays in the site"
            );
        }
    }
    // A collapsed group from the script leads to its first page.
    browser.goto(&site.url("guides/quickstart/")).await;
    browser
        .click("#sidebar .nav-groups > li > a[href$='api/update-user/']")
        .await;
    browser
        .wait_until("location.pathname.endsWith('/api/update-user/')")
        .await;
    browser.close().await;
}

#[tokio::test]
async fn without_javascript_the_sidebar_links_to_every_group_of_the_section() {
    let Some(browser) = launch_without_javascript().await else {
        return;
    };
    let site = fixture_site();
    browser.goto(&site.url("guides/quickstart/")).await;
    let groups = browser
        .client
        .find_all(fantoccini::Locator::Css("#sidebar .nav-groups > li"))
        .await
        .unwrap();
    assert_eq!(groups.len(), 1, "only the page's own group is in its HTML");
    assert!(groups[0].text().await.unwrap().contains("Quickstart"));
    let all_groups = browser.find("#sidebar a.nav-all").await;
    assert!(
        all_groups.is_displayed().await.unwrap(),
        "the noscript link shows"
    );
    assert_eq!(all_groups.text().await.unwrap(), "All groups");
    all_groups.click().await.unwrap();
    let heading = browser.find("main h1").await;
    assert_eq!(heading.text().await.unwrap(), "Browser Fixture");
    let listed = browser
        .client
        .find_all(fantoccini::Locator::Css("main .nav-groups > li > p"))
        .await
        .unwrap();
    let mut names = Vec::new();
    for group in listed {
        names.push(group.text().await.unwrap());
    }
    assert_eq!(names, ["Get started", "Version two", "Version one", "API"]);
    browser
        .click("main .nav-list a[href$='api/update-user/']")
        .await;
    let title = browser.find("h1.page-title").await;
    assert!(
        title.text().await.unwrap().contains("Update"),
        "the link leads to the page"
    );
    browser.close().await;
}

/// The fixture with 30 tabs (`t0` … `t29`, more than every page lists),
/// each holding one page.
fn many_tabs_site() -> site::Site {
    build_site(|root| {
        for i in 0..30 {
            let dir = root.join(format!("t{i}"));
            std::fs::create_dir_all(&dir).unwrap();
            let page = format!("---\ntitle: Page {i}\n---\nIn tab {i}.\n");
            std::fs::write(dir.join("page.mdx"), page).unwrap();
        }
        edit_site_json(root, |config| {
            let tabs: Vec<_> = (0..30)
                .map(|i| json!({"name": format!("Tab {i}"), "url": format!("t{i}")}))
                .collect();
            config.insert("tabs".into(), json!(tabs));
            let navigation = config["navigation"].as_array_mut().unwrap();
            for i in 0..30 {
                navigation
                    .push(json!({"group": format!("Group {i}"), "pages": [format!("t{i}/page")]}));
            }
        });
    })
}

/// Records the tab bar's entries once the parser has reached `<main>`:
/// `window.sheafTabsAtMain`.
const TABS_PROBE: &str = "new MutationObserver(function (records, observer) {
  if (!document.querySelector('main')) return;
  observer.disconnect();
  queueMicrotask(function () {
    window.sheafTabsAtMain = document.querySelectorAll('.nav-tabs > ul > li').length;
  });
}).observe(document, { childList: true, subtree: true });";

/// The tab bar's entries (names, in order) and which one is current.
async fn tab_bar(browser: &Browser) -> (Vec<String>, Vec<String>) {
    browser
        .wait_until("document.readyState === 'complete'")
        .await;
    let names = browser
        .eval("return Array.from(document.querySelectorAll('.nav-tabs > ul > li > a')).map(function (a) { return a.textContent.trim(); });")
        .await;
    let current = browser
        .eval("return Array.from(document.querySelectorAll('.nav-tabs > ul > li > a[aria-current=page]')).map(function (a) { return a.textContent.trim(); });")
        .await;
    (
        serde_json::from_value(names).unwrap(),
        serde_json::from_value(current).unwrap(),
    )
}

#[tokio::test]
async fn with_many_tabs_the_cached_script_adds_the_other_tabs_around_the_pages_own() {
    let Some(browser) = launch().await else {
        return;
    };
    browser.on_new_document(TABS_PROBE);
    let site = many_tabs_site();
    let all: Vec<String> = std::iter::once("Documentation".to_string())
        .chain((0..30).map(|i| format!("Tab {i}")))
        .collect();
    for (path, own) in [
        ("t7/page/", "Tab 7"),
        ("guides/quickstart/", "Documentation"),
        ("t29/page/", "Tab 29"),
    ] {
        browser.goto(&site.url(path)).await;
        assert_eq!(
            tab_bar(&browser).await,
            (all.clone(), vec![own.to_string()]),
            "{path}"
        );
        assert_eq!(
            browser.eval("return window.sheafTabsAtMain;").await,
            json!(31),
            "{path}: every tab is in place before the parser reaches the content"
        );
    }
    // The strip scrolls sideways: the page's own tab is brought into view,
    // on a wide screen and on a phone, without scrolling the page.
    for (width, height, mobile) in [(1440, 900, false), (390, 844, true)] {
        browser.set_viewport(width, height, mobile);
        browser.goto(&site.url("t29/page/")).await;
        browser
            .wait_until("document.readyState === 'complete'")
            .await;
        let shown = browser
            .eval(
                "var s = document.querySelector('.nav-tabs > ul').getBoundingClientRect();
                 var t = document.querySelector('.nav-tabs a[aria-current=page]').getBoundingClientRect();
                 return [t.left >= s.left && t.right <= s.right, window.scrollY];",
            )
            .await;
        assert_eq!(
            shown,
            json!([true, 0]),
            "{width} px: the last tab is in view"
        );
        save_screenshot(&browser, &format!("many-tabs-last-{width}")).await;
    }
    browser.set_viewport(1440, 900, false);
    browser.goto(&site.url("t7/page/")).await;
    save_screenshot(&browser, "many-tabs").await;
    browser.click(".nav-tabs a[href$='t12/page/']").await;
    browser
        .wait_until("location.pathname.endsWith('/t12/page/')")
        .await;
    let (_, current) = tab_bar(&browser).await;
    assert_eq!(current, ["Tab 12"]);
    browser.close().await;
}

/// The fixture with a long section: a group `Reference` of 80 pages
/// (`reference/p0` … `reference/p79`) after the fixture's own groups.
fn long_section_site() -> site::Site {
    build_site(|root| {
        let dir = root.join("reference");
        std::fs::create_dir_all(&dir).unwrap();
        for i in 0..80 {
            let page = format!("---\ntitle: Reference {i}\n---\nEntry {i}.\n");
            std::fs::write(dir.join(format!("p{i}.mdx")), page).unwrap();
        }
        edit_site_json(root, |config| {
            let pages: Vec<_> = (0..80).map(|i| format!("reference/p{i}")).collect();
            let navigation = config["navigation"].as_array_mut().unwrap();
            navigation.push(json!({"group": "Reference", "pages": pages}));
        });
    })
}

/// The sidebar's scroll offset and where the page's own link sits in it:
/// `[scrollTop, link top - sidebar top, link shown, window.scrollY]`.
async fn sidebar_place(browser: &Browser) -> Vec<f64> {
    browser
        .wait_until("document.readyState === 'complete'")
        .await;
    let place = browser
        .eval(
            "var s = document.getElementById('sidebar'); var v = s.getBoundingClientRect();
             var l = s.querySelector('.nav-list a[aria-current=page]').getBoundingClientRect();
             return [s.scrollTop, l.top - v.top, l.top >= v.top && l.bottom <= v.bottom ? 1 : 0, window.scrollY];",
        )
        .await;
    serde_json::from_value(place).unwrap()
}

/// In a long section the page's own link, far down the sidebar, is
/// scrolled into the sidebar's view (the page itself stays at the top);
/// following a sidebar link keeps the sidebar where it was, so the link
/// just clicked stays under the pointer.
#[tokio::test]
async fn the_sidebar_shows_the_pages_own_link_and_keeps_its_place() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = long_section_site();
    browser.set_viewport(1440, 900, false);
    browser.goto(&site.url("reference/p79/")).await;
    let [scroll, _, shown, page_scroll] = sidebar_place(&browser).await[..] else {
        unreachable!()
    };
    assert!(scroll > 0.0, "the sidebar scrolled to the last page");
    assert_eq!((shown, page_scroll), (1.0, 0.0));
    save_screenshot(&browser, "sidebar-long-section").await;

    // Scroll the sidebar to the middle of the section and follow a link there.
    browser
        .eval("var s = document.getElementById('sidebar'); s.scrollTop = s.querySelector(\"a[href$='p40/']\").offsetTop - 300; return s.scrollTop;")
        .await;
    let clicked_top = browser
        .eval("var s = document.getElementById('sidebar'); return s.querySelector(\"a[href$='p40/']\").getBoundingClientRect().top - s.getBoundingClientRect().top;")
        .await
        .as_f64()
        .unwrap();
    browser.click("#sidebar a[href$='p40/']").await;
    browser
        .wait_until("location.pathname.endsWith('/reference/p40/')")
        .await;
    let [_, top, shown, page_scroll] = sidebar_place(&browser).await[..] else {
        unreachable!()
    };
    assert_eq!((shown, page_scroll), (1.0, 0.0));
    assert!(
        (top - clicked_top).abs() < 2.0,
        "the link stays where it was clicked: {top} against {clicked_top}"
    );

    // On a phone the sidebar is a drawer: opened, it shows the own link.
    browser.set_viewport(390, 844, true);
    browser.goto(&site.url("reference/p79/")).await;
    browser
        .wait_until("document.readyState === 'complete'")
        .await;
    browser.click("[data-menu-toggle]").await;
    browser
        .wait_until("document.getElementById('sidebar').getBoundingClientRect().left >= 0")
        .await;
    let [_, _, shown, _] = sidebar_place(&browser).await[..] else {
        unreachable!()
    };
    assert_eq!(shown, 1.0, "the open drawer shows the page's own link");
    save_screenshot(&browser, "sidebar-long-section-phone").await;
    browser.close().await;
}

#[tokio::test]
async fn without_javascript_many_tabs_link_to_the_page_of_every_tab() {
    let Some(browser) = launch_without_javascript().await else {
        return;
    };
    let site = many_tabs_site();
    browser.goto(&site.url("t7/page/")).await;
    browser.set_viewport(1440, 900, false);
    let (names, current) = tab_bar(&browser).await;
    assert_eq!(names, ["Tab 7"], "only the page's own tab is in its HTML");
    save_screenshot(&browser, "many-tabs-without-js").await;
    assert_eq!(current, ["Tab 7"]);
    let all_tabs = browser.find(".nav-tabs a.tabs-all").await;
    assert!(
        all_tabs.is_displayed().await.unwrap(),
        "the noscript link shows"
    );
    assert_eq!(all_tabs.text().await.unwrap(), "All sections");
    let colours = browser
        .eval(
            "var colour = function (s) { return getComputedStyle(document.querySelector(s)).color; };
             return [colour('.nav-tabs a.tabs-all'), colour('.nav-list a[aria-current=page]')];",
        )
        .await;
    assert_eq!(
        colours[0], colours[1],
        "the link to every tab has the accent text colour, not a tab's"
    );
    all_tabs.click().await.unwrap();
    let heading = browser.find("main h1").await;
    assert_eq!(heading.text().await.unwrap(), "Browser Fixture");
    let listed = browser
        .eval("return document.querySelectorAll('main .tab-index li').length;")
        .await;
    assert_eq!(listed, json!(31));
    save_screenshot(&browser, "many-tabs-all-sections-without-js").await;
    browser.click("main .tab-index a[href$='t12/page/']").await;
    let title = browser.find("h1.page-title").await;
    assert_eq!(title.text().await.unwrap(), "Page 12");
    browser.close().await;
}

#[tokio::test]
async fn on_this_page_lists_the_headings_and_headings_link_to_themselves() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    browser.set_viewport(1440, 900, false);
    browser.goto(&site.url("guides/quickstart/")).await;
    browser
        .find(".layout.has-toc > aside.toc[aria-labelledby=toc-title]")
        .await;
    let toc = browser
        .eval(
            "return Array.from(document.querySelectorAll('.toc li')).map(function (li) {
               var a = li.querySelector('a');
               return [a.getAttribute('href'), a.textContent, li.className];
             });",
        )
        .await;
    assert_eq!(
        toc,
        json!([
            [
                "#install-the-zephyrine-toolkit",
                "Install the zephyrine toolkit",
                "toc-item"
            ],
            ["#next-steps", "Next steps", "toc-item"]
        ])
    );
    assert_eq!(
        browser
            .eval_string("return document.getElementById('toc-title').textContent;")
            .await,
        "On this page"
    );
    assert!(
        browser
            .eval("return document.querySelector('.toc').getBoundingClientRect().width > 100;")
            .await
            == json!(true),
        "the list sits in its own column at 1440 px"
    );
    let anchors = browser
        .eval(
            "return Array.from(document.querySelectorAll('.prose h2')).map(function (h) {
               var a = h.querySelector(':scope > a.anchor');
               return a && [a.getAttribute('href') === '#' + h.id, a.getAttribute('aria-label')];
             });",
        )
        .await;
    assert_eq!(
        anchors,
        json!([
            [true, "Link to this section"],
            [true, "Link to this section"]
        ])
    );
    // The menu backdrop the script adds (phones) exists and is hidden.
    assert_eq!(
        browser
            .eval("return document.querySelector('.sidebar-backdrop[data-menu-close]').hidden;")
            .await,
        json!(true)
    );
    browser.close().await;
}

/* ---- docs.json navigation ---- */

/// The texts of the visible elements matching `css`.
async fn visible_texts(browser: &Browser, css: &str) -> Vec<String> {
    let texts = browser
        .eval(&format!(
            "return Array.from(document.querySelectorAll({}))
               .filter(function (e) {{ return e.checkVisibility(); }})
               .map(function (e) {{ return e.innerText.trim(); }});",
            json!(css)
        ))
        .await;
    serde_json::from_value(texts).unwrap()
}

#[tokio::test]
async fn docs_json_switchers_keep_the_reader_on_the_same_page() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("docsjson-nav");
    browser.goto(&site.url("v2/setup/")).await;
    assert_eq!(
        browser
            .eval_string("return document.documentElement.lang;")
            .await,
        "en"
    );
    assert_eq!(
        visible_texts(&browser, ".nav-tabs li").await,
        ["Guides", "Reference"],
        "only this language's and version's tabs"
    );

    let language = browser.find("select[data-language-select]").await;
    language.select_by_value("es").await.unwrap();
    browser
        .wait_until("location.pathname.endsWith('/es/v2/setup/')")
        .await;
    assert_eq!(
        browser
            .eval_string("return document.documentElement.lang;")
            .await,
        "es"
    );
    assert_eq!(visible_texts(&browser, ".nav-tabs li").await, ["Guías"]);

    let version = browser.find("select[data-version-select]").await;
    version.select_by_value("v1").await.unwrap();
    browser
        .wait_until("location.pathname.endsWith('/es/v1/intro/')")
        .await;

    browser.goto(&site.url("v2/setup/")).await;
    let version = browser.find("select[data-version-select]").await;
    version.select_by_value("v1").await.unwrap();
    browser
        .wait_until("location.pathname.endsWith('/v1/setup/')")
        .await;
    browser.close().await;
}

/// The browser's search reads Japanese as the index does (bigrams): a word
/// inside a sentence and frontmatter `keywords` are found.
#[tokio::test]
async fn search_finds_words_inside_japanese_sentences_and_keywords() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("search-keywords-cjk");
    let titles = "return window.sheafSearch.query(arguments[0]).then(function (results) {
        return results.map(function (r) { return r.title; });
    });";
    browser.goto(&site.url("")).await;
    for (query, expected) in [
        ("トークン", "認証"),
        ("認証の方法", "認証"),
        ("onboarding", "Quickstart"),
    ] {
        let found = browser
            .client
            .execute(titles, vec![json!(query)])
            .await
            .unwrap();
        assert_eq!(found, json!([expected]), "{query}");
    }
    browser.close().await;
}

#[tokio::test]
async fn docs_json_search_stays_within_the_readers_language() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("docsjson-nav");
    let titles = "return window.sheafSearch.query(arguments[0]).then(function (results) {
        return results.map(function (r) { return r.title; });
    });";
    browser.goto(&site.url("es/v2/intro/")).await;
    let found = browser
        .client
        .execute(titles, vec![json!("bienvenido")])
        .await
        .unwrap();
    assert_eq!(found, json!(["Introducción (v2)"]), "Spanish v2 only");
    let found = browser
        .client
        .execute(titles, vec![json!("welcome")])
        .await
        .unwrap();
    assert_eq!(found, json!([]), "no English page from a Spanish one");
    browser.goto(&site.url("v2/intro/")).await;
    let found = browser
        .client
        .execute(titles, vec![json!("welcome")])
        .await
        .unwrap();
    assert_eq!(found, json!(["Introduction (v2)"]));
    browser.close().await;
}

#[tokio::test]
async fn docs_json_tabs_and_dropdowns_navigate() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("docsjson-nav");
    browser.goto(&site.url("v2/intro/")).await;
    assert_eq!(visible_groups(&browser).await, ["Start", "Extras\nNEW"]);
    browser.click(".nav-tabs li:nth-child(2) a").await;
    browser
        .wait_until("location.pathname.endsWith('/v2/sdk/python/')")
        .await;
    assert_eq!(
        visible_texts(&browser, "#sidebar .section-select summary").await,
        ["Python SDK"],
        "the dropdown shows the current section"
    );
    assert_eq!(
        visible_texts(&browser, "#sidebar .anchors > li:not(.section-select)").await,
        ["Status"]
    );
    browser.click("#sidebar .section-select summary").await;
    assert_eq!(
        visible_texts(&browser, "#sidebar .section-select li").await,
        ["Python SDK", "CLI"]
    );
    browser
        .click("#sidebar .section-select li:nth-child(2) a")
        .await;
    browser
        .wait_until("location.pathname.endsWith('/v2/sdk/cli/')")
        .await;
    assert_eq!(
        visible_texts(&browser, "#sidebar .section-select summary").await,
        ["CLI"]
    );
    assert_eq!(visible_groups(&browser).await, ["Commands"]);
    browser.close().await;
}

#[tokio::test]
async fn docs_json_tab_menu_opens_from_the_top_bar_and_from_the_phone_sidebar() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("docsjson/menu");
    browser.set_viewport(1440, 900, false);
    browser.goto(&site.url("intro/")).await;
    assert_eq!(
        visible_texts(&browser, ".tab-menu li").await,
        Vec::<String>::new(),
        "closed until asked"
    );
    assert_eq!(
        visible_texts(&browser, "#sidebar .anchors li").await,
        Vec::<String>::new(),
        "on a wide screen the menu lives in the top bar only"
    );
    browser.click(".tab-menu summary").await;
    assert_eq!(
        visible_texts(&browser, ".tab-menu li").await,
        ["API", "SDKs"]
    );
    save_screenshot(&browser, "docsjson-menu-open").await;
    browser.click(".tab-menu li:nth-child(2) a").await;
    browser
        .wait_until("location.pathname.endsWith('/tools/sdks/python/')")
        .await;
    assert_eq!(
        visible_texts(&browser, ".nav-tabs > ul > li > a[aria-current]").await,
        ["Developer tools"]
    );
    browser.click(".tab-menu summary").await;
    browser
        .client
        .active_element()
        .await
        .unwrap()
        .send_keys("\u{E00C}")
        .await
        .unwrap();
    browser
        .wait_until("!document.querySelector('.tab-menu').open")
        .await;

    browser.set_viewport(390, 844, true);
    browser.goto(&site.url("tools/sdks/python/")).await;
    browser.click("[data-menu-toggle]").await;
    browser
        .wait_until("document.documentElement.hasAttribute('data-menu-open')")
        .await;
    assert_eq!(
        visible_texts(&browser, "#sidebar .anchors li").await,
        ["API", "SDKs"],
        "on a phone the menu items are in the sidebar"
    );
    assert_eq!(
        visible_texts(&browser, ".tab-menu").await,
        Vec::<String>::new()
    );
    browser.close().await;
}

#[tokio::test]
async fn docs_json_product_tabs_show_only_inside_their_product() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("docsjson/products");
    browser.goto(&site.url("platform/start/")).await;
    assert_eq!(
        visible_texts(&browser, ".nav-tabs").await,
        Vec::<String>::new(),
        "the Platform product has no tabs"
    );
    browser.click("#sidebar .section-select summary").await;
    browser
        .click("#sidebar .section-select li:nth-child(2) a")
        .await;
    browser
        .wait_until("location.pathname.endsWith('/agents/start/')")
        .await;
    assert_eq!(
        visible_texts(&browser, ".nav-tabs > ul > li").await,
        ["Agent guides", "Agent tools"]
    );
    browser.close().await;
}

#[tokio::test]
async fn docs_json_site_screenshots_at_desktop_and_phone_widths() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("docsjson-nav");
    let page = site.url("v2/sdk/python/");
    for (width, height, mobile, name) in [(1440, 900, false, "desktop"), (390, 844, true, "phone")]
    {
        browser.set_viewport(width, height, mobile);
        for theme in ["light", "dark"] {
            show_page(&browser, &page, theme).await;
            let overflow = browser
                .eval("return document.documentElement.scrollWidth - innerWidth;")
                .await;
            assert_eq!(overflow, json!(0), "{name} {theme}: no sideways scrolling");
            save_screenshot(&browser, &format!("docsjson-{name}-{theme}")).await;
        }
    }
    browser.close().await;
}

/* ---- Try it ---- */

#[tokio::test]
async fn playground_sends_the_request_and_shows_the_pretty_response() {
    let Some(browser) = launch().await else {
        return;
    };
    let (api, calls) = serve_api(r#"{"id":7,"name":"Grace"}"#);
    let site = build_site(|root| set_api_server(root, &api.origin()));
    browser.goto(&site.url("api/update-user/")).await;

    let body = browser.find("[data-playground] textarea[data-body]").await;
    body.clear().await.unwrap();
    body.send_keys(r#"{"name": "Grace"}"#).await.unwrap();
    browser.click("[data-playground] [data-send]").await;
    browser
        .wait_until("document.querySelector('[data-playground] [data-status]').textContent !== ''")
        .await;

    let status = browser.find("[data-playground] [data-status]").await;
    assert_eq!(status.text().await.unwrap(), "200 OK");
    let shown = browser
        .eval_string("return document.querySelector('[data-response-body]').textContent;")
        .await;
    assert_eq!(shown, "{\n  \"id\": 7,\n  \"name\": \"Grace\"\n}");

    let call = calls.try_recv().expect("the API got the request");
    assert_eq!(
        (call.method.as_str(), call.url.as_str()),
        ("PUT", "/api/user")
    );
    assert_eq!(call.content_type.as_deref(), Some("application/json"));
    assert_eq!(call.body, r#"{"name": "Grace"}"#);
    browser.close().await;
}

/* ---- light and dark images ---- */

/// The `alt` text of the page's images that take up room.
async fn visible_images(browser: &Browser) -> Vec<String> {
    let found = browser
        .eval("return Array.from(document.querySelectorAll('.prose img')).filter(function (i) { return i.getBoundingClientRect().height > 0; }).map(function (i) { return i.alt; });")
        .await;
    serde_json::from_value(found).unwrap()
}

#[tokio::test]
async fn light_and_dark_image_pairs_show_one_image_per_mode() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("light-dark-images");
    show_page(&browser, &site.url(""), "light").await;
    browser
        .wait_until("Array.from(document.images).every(function (i) { return i.complete; })")
        .await;
    assert_eq!(
        visible_images(&browser).await,
        [
            "Diagram on a light background",
            "Framed diagram, light",
            "An image shown in both modes"
        ]
    );
    save_screenshot(&browser, "light-dark-images-light").await;
    browser.click("[data-mode-toggle]").await;
    assert_eq!(browser.theme().await, "dark");
    assert_eq!(
        visible_images(&browser).await,
        [
            "Diagram on a dark background",
            "Framed diagram, dark",
            "An image shown in both modes"
        ]
    );
    save_screenshot(&browser, "light-dark-images-dark").await;
    browser.close().await;
}

/* ---- screenshots ---- */

/// `<target dir>/screenshots`, created if needed.
/// Where the page's parts sit: whether the sidebar, the title and the
/// footer show, the body's width and how far its middle is from the
/// window's, and any sideways overflow.
async fn page_layout(browser: &Browser) -> serde_json::Value {
    browser
        .eval(
            "const shown = s => { const e = document.querySelector(s);
                                  return !!e && e.getBoundingClientRect().width > 0; };
             const body = document.querySelector('.page-body').getBoundingClientRect();
             return { sidebar: shown('#sidebar'), title: shown('.page-title'),
                      footer: shown('.site-footer'), toc: shown('.toc'),
                      bodyWidth: Math.round(body.width),
                      offCentre: Math.round(Math.abs(body.left + body.width / 2 - innerWidth / 2)),
                      overflow: document.documentElement.scrollWidth - innerWidth };",
        )
        .await
}

#[tokio::test]
async fn page_modes_drop_the_sidebar_title_and_footer_as_mintlify_does() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("page-modes");
    // `frame` is a mode of some themes only (almond's among them), as on Mintlify.
    let framed = site::build_and_serve({
        let source = common::fixture_copy("page-modes");
        edit_site_json(source.path(), |config| {
            config.insert("theme".into(), json!("almond"));
        });
        source
    });
    browser.set_viewport(1440, 900, false);
    let mut seen = Vec::new();
    for (page, name) in [
        ("", "custom"),
        ("changelog/", "center"),
        ("framed/", "frame"),
        ("guide/", "default"),
    ] {
        let site = if name == "frame" { &framed } else { &site };
        browser.goto(&site.url(page)).await;
        let layout = page_layout(&browser).await;
        save_screenshot(&browser, &format!("page-mode-{name}-desktop")).await;
        seen.push((name, layout));
    }
    let field = |name: &str, key: &str| {
        let (_, layout) = seen.iter().find(|(n, _)| *n == name).unwrap();
        layout[key].clone()
    };
    let parts = |name| ["sidebar", "title", "footer", "toc"].map(|key| field(name, key));
    assert_eq!(
        parts("custom"),
        [false, false, false, false].map(|b| json!(b))
    );
    assert_eq!(
        parts("center"),
        [false, true, true, false].map(|b| json!(b))
    );
    assert_eq!(parts("frame"), [true, false, true, false].map(|b| json!(b)));
    assert_eq!(parts("default"), [true, true, true, true].map(|b| json!(b)));
    let width = |name| field(name, "bodyWidth").as_f64().unwrap();
    assert!(width("custom") > 1.5 * width("default"), "{seen:?}");
    assert!(
        field("center", "offCentre").as_f64().unwrap() <= 2.0,
        "{seen:?}"
    );
    for (name, layout) in &seen {
        assert_eq!(layout["overflow"], json!(0), "{name}");
    }

    // On a phone the menu still opens the sidebar of a custom page.
    browser.set_viewport(390, 844, true);
    browser.goto(&site.url("")).await;
    assert_eq!(page_layout(&browser).await["overflow"], json!(0));
    browser.click("[data-menu-toggle]").await;
    browser
        .wait_until("document.getElementById('sidebar').getBoundingClientRect().left === 0")
        .await;
    assert_eq!(
        visible_texts(&browser, "#sidebar .nav-list a").await,
        ["Acme", "Guide", "Framed", "Changelog"]
    );
    save_screenshot(&browser, "page-mode-custom-phone-menu").await;
    browser.close().await;
}

fn screenshot_dir() -> PathBuf {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = target.parent().unwrap().join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn save_screenshot(browser: &Browser, name: &str) {
    let png = browser.client.screenshot().await.expect("a screenshot");
    assert!(png.len() > 1000, "{name}: {} bytes", png.len());
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{name} is a PNG");
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).unwrap();
}

async fn show_page(browser: &Browser, url: &str, theme: &str) {
    browser.goto(url).await;
    browser
        .eval(&format!(
            "localStorage.setItem('sheaf-mode', {});",
            json!(theme)
        ))
        .await;
    browser.client.refresh().await.unwrap();
    assert_eq!(browser.theme().await, theme);
}

#[tokio::test]
async fn desktop_screenshots_in_light_and_dark() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    let page = site.url("guides/quickstart/");
    browser.set_viewport(1280, 900, false);

    show_page(&browser, &page, "light").await;
    save_screenshot(&browser, "desktop-light").await;
    show_page(&browser, &page, "dark").await;
    save_screenshot(&browser, "desktop-dark").await;
    show_page(&browser, &site.url("guides/components/"), "dark").await;
    save_screenshot(&browser, "desktop-components-dark").await;
    let overflow = browser
        .eval("return document.documentElement.scrollHeight - innerHeight;")
        .await;
    assert_eq!(overflow, json!(0), "a short page does not scroll");
    show_page(&browser, &site.url("api/update-user/"), "light").await;
    save_screenshot(&browser, "desktop-endpoint").await;
    browser.close().await;
}

#[tokio::test]
async fn phone_screenshots_of_page_menu_and_search() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = fixture_site();
    browser.set_viewport(390, 844, true);
    emulate_media(&browser, "prefers-reduced-motion", "reduce");

    show_page(&browser, &site.url("guides/quickstart/"), "light").await;
    let width = browser
        .eval("return document.documentElement.clientWidth;")
        .await;
    assert_eq!(width, json!(390), "no horizontal overflow");
    save_screenshot(&browser, "phone-light").await;

    browser.click("[data-menu-toggle]").await;
    browser
        .wait_until("document.getElementById('sidebar').getBoundingClientRect().left === 0")
        .await;
    let focused = browser
        .eval_string("return document.activeElement.getAttribute('aria-current') || '';")
        .await;
    assert_eq!(
        focused, "page",
        "the open menu focuses the current page's link"
    );
    save_screenshot(&browser, "phone-menu").await;

    press(&browser, None, char::from(Key::Escape)).await;
    // The phone's search button (the wide one is hidden).
    browser.click("#search-bar-entry-mobile").await;
    let input = browser.find("#search-input").await;
    input.send_keys("zephyrine").await.unwrap();
    browser
        .wait_until("document.querySelector('#sheaf-search-results[data-query=zephyrine]:not([aria-busy]) [role=option]')")
        .await;
    save_screenshot(&browser, "phone-search").await;
    browser.close().await;
}

/* ---- live reload ---- */

#[tokio::test]
async fn an_open_preview_page_reloads_itself_after_its_file_changes() {
    let Some(browser) = launch().await else {
        return;
    };
    let root = common::fixture_copy("browser-site");
    let server = site::start_preview(root.path());
    browser
        .goto(&format!(
            "{}/guides/quickstart/",
            server.url().trim_end_matches('/')
        ))
        .await;
    browser.wait_until("document.querySelector('h1')").await;
    // A marker that only survives as long as the page is not reloaded.
    browser.eval("window.sheafMarker = 1; return null;").await;
    browser.wait_until("window.SHEAF_PROXY !== undefined").await;

    let page = root.path().join("guides/quickstart.mdx");
    let text = std::fs::read_to_string(&page).unwrap();
    common::save(&page, &format!("{text}\n\nFreshly saved paragraph.\n"));

    browser
        .wait_until("window.sheafMarker === undefined && document.body.textContent.includes('Freshly saved paragraph.')")
        .await;
    browser.close().await;
    server.shutdown();
}

/* ---- endpoint pages: two columns, field trees, the Try-it response ---- */

/// The three User Group Service endpoint pages of `example-docs/`.
const ENDPOINT_PAGES: [(&str, &str); 3] = [
    ("get-user", "api-reference/get-user/"),
    ("update-user", "api-reference/update-user/"),
    ("rotate-token", "api-reference/rotate-token/"),
];

/// Where the request example card and the field list are, and what of the
/// card shows below the sticky top bar.
const COLUMNS_PROBE: &str = "
  const card = document.querySelector('.page-aside .api-request').getBoundingClientRect();
  const fields = document.querySelector('.page-body .field-list').getBoundingClientRect();
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  const tabs = document.querySelector('.nav-tabs');
  const top = tabs ? Math.max(bar.bottom, tabs.getBoundingClientRect().bottom) : bar.bottom;
  return {
    cardLeft: card.left, cardTop: card.top, cardBottom: card.bottom,
    fieldsRight: fields.right, headerBottom: top,
    shown: Math.min(card.bottom, innerHeight) - Math.max(card.top, top),
    scrolled: scrollY,
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth
  };";

fn number(value: &serde_json::Value, key: &str) -> f64 {
    value[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

#[tokio::test]
async fn endpoint_pages_keep_the_request_example_beside_the_fields_at_1440() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = example_site();
    browser.set_viewport(1440, 900, false);
    for (name, path) in ENDPOINT_PAGES {
        for theme in ["light", "dark"] {
            show_page(&browser, &site.url(path), theme).await;
            browser.find(".api-response [data-tabs][data-ready]").await;
            let at_top = browser.eval(COLUMNS_PROBE).await;
            assert!(
                number(&at_top, "cardLeft") >= number(&at_top, "fieldsRight"),
                "{name}: the request example is right of the fields: {at_top}"
            );
            assert_eq!(
                at_top["overflow"],
                json!(0),
                "{name}: no sideways scrolling"
            );
            save_screenshot(&browser, &format!("endpoint-{name}-desktop-{theme}")).await;

            // Long enough to scroll by 1500 px with the field trees open.
            browser
                .eval("document.querySelectorAll('.page-body details').forEach(d => d.open = true); window.scrollTo(0, 1500); return null;")
                .await;
            browser.wait_until("scrollY === 1500").await;
            let scrolled = browser.eval(COLUMNS_PROBE).await;
            assert!(
                number(&scrolled, "cardTop") >= number(&scrolled, "headerBottom") - 1.0
                    && number(&scrolled, "shown") > 200.0,
                "{name}: the request example stays in view: {scrolled}"
            );
        }
    }
    save_screenshot(&browser, "endpoint-rotate-token-desktop-dark-scrolled").await;
    browser.close().await;
}

#[tokio::test]
async fn endpoint_pages_are_one_column_without_overflow_on_a_phone() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = example_site();
    browser.set_viewport(390, 844, true);
    for (name, path) in ENDPOINT_PAGES {
        for theme in ["light", "dark"] {
            show_page(&browser, &site.url(path), theme).await;
            browser.find(".api-response [data-tabs][data-ready]").await;
            let layout = browser
                .eval(
                    "const box = s => document.querySelector(s).getBoundingClientRect();
                     const intro = box('.page-intro'), aside = box('.page-aside'), body = box('.page-body');
                     const page = document.documentElement;
                     return { overflow: page.scrollWidth - page.clientWidth,
                              stacked: intro.bottom <= aside.top && aside.bottom <= body.top,
                              sameLeft: Math.abs(aside.left - body.left) < 1 };",
                )
                .await;
            assert_eq!(
                layout,
                json!({"overflow": 0, "stacked": true, "sameLeft": true}),
                "{name} {theme}"
            );
            save_screenshot(&browser, &format!("endpoint-{name}-phone-{theme}")).await;
        }
    }
    browser.close().await;
}

#[tokio::test]
async fn nested_fields_fold_behind_show_child_attributes() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = example_site();
    browser.goto(&site.url("api-reference/get-user/")).await;
    let summary = browser
        .find(".endpoint-responses .field-children > summary")
        .await;
    assert_eq!(summary.text().await.unwrap(), "Show 5 child attributes");
    let child_shown = "return document.querySelector('.endpoint-responses .field-children .field-name').checkVisibility();";
    assert_eq!(browser.eval(child_shown).await, json!(false));
    summary.click().await.unwrap();
    assert_eq!(browser.eval(child_shown).await, json!(true));
    assert_eq!(summary.text().await.unwrap(), "Hide 5 child attributes");
    browser.close().await;
}

#[tokio::test]
async fn try_it_shows_status_time_size_headers_and_a_highlighted_body() {
    let Some(browser) = launch().await else {
        return;
    };
    let (api, _calls) = serve_api(r#"{"id":7,"name":"Grace","admin":false}"#);
    let site = build_site(|root| set_api_server(root, &api.origin()));
    browser.set_viewport(1440, 900, false);
    browser.goto(&site.url("api/update-user/")).await;
    browser
        .click(".page-aside [data-playground] [data-send]")
        .await;
    browser
        .wait_until("document.querySelector('[data-playground] [data-status]').textContent !== ''")
        .await;

    let shown = browser
        .eval(
            "const q = s => document.querySelector('[data-playground] ' + s);
             const body = q('[data-response-body]');
             return {
               status: q('[data-status]').textContent,
               statusClass: q('[data-status]').getAttribute('data-status-class'),
               time: /^\\d+ ms$/.test(q('[data-time]').textContent),
               size: q('[data-size]').textContent,
               headers: Array.from(q('[data-headers]').querySelectorAll('dt')).map(d => d.textContent),
               headerCount: q('[data-header-count]').textContent,
               keys: Array.from(body.querySelectorAll('.hl-n')).map(s => s.textContent),
               strings: Array.from(body.querySelectorAll('.hl-s')).map(s => s.textContent),
               text: body.textContent,
               inAside: !!q('[data-result]').closest('.page-aside')
             };",
        )
        .await;
    let headers = shown["headers"].as_array().expect("headers").clone();
    assert!(
        headers.contains(&json!("content-type")),
        "the response headers are listed: {shown}"
    );
    assert_eq!(shown["headerCount"], json!(format!("({})", headers.len())));
    assert_eq!(
        (
            &shown["status"],
            &shown["statusClass"],
            &shown["time"],
            &shown["size"]
        ),
        (
            &json!("200 OK"),
            &json!("2xx"),
            &json!(true),
            &json!("37 B")
        )
    );
    assert_eq!(
        shown["keys"],
        json!(["\"id\"", "7", "\"name\"", "\"admin\"", "false"])
    );
    assert_eq!(shown["strings"], json!(["\"Grace\""]));
    assert_eq!(
        shown["text"],
        json!("{\n  \"id\": 7,\n  \"name\": \"Grace\",\n  \"admin\": false\n}")
    );
    assert_eq!(
        shown["inAside"],
        json!(true),
        "Try-it is in the right column"
    );
    save_screenshot(&browser, "endpoint-try-it-response").await;
    browser.close().await;
}

/// The root the 404 page's script found, once it has.
async fn found_root(browser: &Browser) -> String {
    browser
        .wait_until("document.documentElement.dataset.root !== './'")
        .await;
    browser
        .eval_string("return document.documentElement.dataset.root;")
        .await
}

#[tokio::test]
async fn docs_json_unknown_paths_go_home_unless_404_redirect_is_off() {
    let Some(browser) = launch().await else {
        return;
    };
    // docs.json without `errors.404.redirect`: Mintlify's default, home.
    let site = named_fixture_site("docsjson-nav");
    browser.goto(&site.url("v2/no-such-page/")).await;
    browser
        .wait_until("location.pathname === '/' && !document.querySelector('main.not-found')")
        .await;

    let source = common::fixture_copy("docsjson-nav");
    common::save_replacing(
        &source.path().join("docs.json"),
        r#""name": "Switchers","#,
        r#""name": "Switchers", "errors": {"404": {"redirect": false}},"#,
    );
    let site = site::build_and_serve(source);
    browser.goto(&site.url("v2/no-such-page/")).await;
    assert_eq!(found_root(&browser).await, "/");
    assert!(browser
        .eval_string("return location.pathname;")
        .await
        .ends_with("/v2/no-such-page/"));
    let heading = browser.eval_string("return document.querySelector('h1').textContent;");
    assert_eq!(heading.await, "Page not found");
    browser.close().await;
}

/// On a phone, what scrolls sideways (code samples, wide tables) can be
/// reached with the keyboard and says what it is, and the GitHub link, an
/// icon there, keeps a name (WCAG 2.1.1, 4.1.2).
#[tokio::test]
async fn on_a_phone_scrolling_regions_are_focusable_and_icon_links_named() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = example_site();
    browser.set_viewport(390, 844, true);
    browser.goto(&site.url("api-reference/get-user/")).await;
    browser
        .wait_until("[...document.querySelectorAll('pre, table')].some(e => e.scrollWidth > e.clientWidth + 1)")
        .await;
    let unreachable = browser
        .eval(
            "return [...document.querySelectorAll('pre, table')]
                .filter(e => e.scrollWidth > e.clientWidth + 1 && e.getAttribute('tabindex') !== '0').length;",
        )
        .await;
    assert_eq!(unreachable, json!(0));
    let unnamed = browser
        .eval(
            "return [...document.querySelectorAll('[tabindex=\"0\"]:is(pre, table)')]
                .filter(e => !e.getAttribute('aria-label') && !e.querySelector('caption'))
                .map(e => e.outerHTML.slice(0, 80));",
        )
        .await;
    assert_eq!(unnamed, json!([]), "every scrolling region has a name");
    let code = browser
        .eval_string("return document.querySelector('pre[tabindex=\"0\"]').getAttribute('role') + ' ' + document.querySelector('pre[tabindex=\"0\"]').getAttribute('aria-label');")
        .await;
    assert!(code.starts_with("region Code"), "{code}");
    let github = browser
        .eval_string(
            "const a = document.querySelector('.cta-github');
             const repo = a && getComputedStyle(a.querySelector('.cta-repo')).display;
             const name = a && a.querySelector('.visually-hidden').textContent;
             return a ? JSON.stringify([repo, name]) : 'none';",
        )
        .await;
    assert_eq!(
        github, "[\"none\",\"GitHub repository \"]",
        "the repository's name is hidden on a phone; the link keeps a name for screen readers"
    );
    browser.close().await;
}
