//! Mintlify's themes (tests/fixtures/themes, its docs.json `theme`
//! rewritten in a copy per theme): where search, tabs and sidebar sit on a
//! desktop, almond's inset card, linden's monospace type and `>` marker,
//! aspen's uppercase group headers, sequoia's end-aligned tab; the search
//! and mode toggle maple and almond move into the sidebar, reached and used
//! with the keyboard; palm's sidebar collapsing; and every theme without an
//! axe violation in both modes, at 1280 and 390 px.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::{json, Value};

use super::axe::{assert_no_violations, axe_script, record_violations};
use super::driver::Browser;
use super::site::{build_and_serve, Site};
use super::{common, launch, save_screenshot};

const THEMES: [&str; 9] = [
    "mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma",
];

/// The fixture built with docs.json `theme` set to `theme`.
fn themed_site(theme: &str) -> Site {
    let source = common::fixture_copy("themes");
    let path = source.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["theme"] = json!(theme);
    std::fs::write(&path, serde_json::to_string_pretty(&docs).unwrap()).unwrap();
    build_and_serve(source)
}

/// Where the parts of the page are: the visible search button, tabs,
/// sidebar, top bar row, and facts about the type and the sidebar.
const MEASURE: &str = "
  const box = e => { if (!e) return null; const r = e.getBoundingClientRect();
    return r.width > 0 && getComputedStyle(e).visibility !== 'hidden'
      ? { left: Math.round(r.left), top: Math.round(r.top), right: Math.round(r.right),
          bottom: Math.round(r.bottom) } : null; };
  const visible = s => [...document.querySelectorAll(s)].map(box).filter(Boolean);
  const current = document.querySelector('#sidebar .nav-list a[aria-current=page]');
  const header = document.querySelector('#sidebar .nav-groups > li > p');
  const layout = document.querySelector('.layout');
  const card = getComputedStyle(layout, '::before');
  return {
    name: document.documentElement.getAttribute('data-theme-name'),
    search: visible('[data-search-open]'),
    toggles: visible('[data-mode-toggle]'),
    tabs: box(document.querySelector('.nav-tabs')),
    endTab: box(document.querySelector('.nav-tabs li[data-align=end]')),
    topbar: box(document.querySelector('.topbar')),
    logos: visible('.logo'),
    sidebar: box(document.getElementById('sidebar')),
    content: box(document.querySelector('.content')),
    sidebarLinks: visible('#sidebar .sidebar-end-links a'),
    lastNavLink: box([...document.querySelectorAll('#sidebar .nav-list a')].pop()),
    font: getComputedStyle(document.body).fontFamily,
    marker: getComputedStyle(current, '::before').content,
    headerCase: getComputedStyle(header).textTransform,
    cardRadius: card.content === 'none' ? null : card.borderTopLeftRadius,
    cardBorder: card.content === 'none' ? null : card.borderTopWidth,
    almondLayout: document.querySelectorAll('#body-content.almond-layout').length,
  };";

fn inside(inner: &Value, outer: &Value) -> bool {
    let n = |v: &Value, k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    n(inner, "left") >= n(outer, "left") - 1.0
        && n(inner, "right") <= n(outer, "right") + 1.0
        && n(inner, "top") >= n(outer, "top") - 1.0
        && n(inner, "bottom") <= n(outer, "bottom") + 1.0
}

fn n(v: &Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or_else(|| panic!("{key} in {v}"))
}

/// The one search button shown on a desktop.
fn search(seen: &Value) -> &Value {
    let all = seen["search"].as_array().unwrap();
    assert_eq!(all.len(), 1, "one search button shows: {seen}");
    &all[0]
}

/// What `theme` puts where, on a desktop.
fn assert_layout(theme: &str, seen: &Value) {
    let name = if theme == "mint" {
        Value::Null
    } else {
        json!(theme)
    };
    assert_eq!(seen["name"], name, "{theme}: {seen}");
    let (search, sidebar, tabs) = (search(seen), &seen["sidebar"], &seen["tabs"]);
    let in_sidebar = inside(search, sidebar);
    let tabs_in_bar = (n(tabs, "top") - n(&seen["topbar"], "top")).abs() < 2.0
        && (n(tabs, "bottom") - n(&seen["topbar"], "bottom")).abs() < 2.0;
    let tab_row_under_search = n(tabs, "top") >= n(search, "bottom");
    match theme {
        "maple" | "almond" => assert!(in_sidebar, "{theme}: search in the sidebar: {seen}"),
        _ => assert!(!in_sidebar, "{theme}: search in the top bar: {seen}"),
    }
    match theme {
        "almond" | "linden" | "luma" | "willow" => {
            assert!(tabs_in_bar, "{theme}: tabs in the top bar's row: {seen}")
        }
        "maple" => assert!(n(tabs, "left") >= n(sidebar, "right") - 1.0, "{seen}"),
        _ => assert!(
            tab_row_under_search,
            "{theme}: a tab row under the bar: {seen}"
        ),
    }
    if matches!(theme, "maple" | "willow") {
        assert!(
            n(sidebar, "top") <= 1.0,
            "{theme}: the sidebar from the top: {seen}"
        );
        let logo = &seen["logos"][0];
        assert!(
            inside(logo, sidebar),
            "{theme}: the logo heads the sidebar: {seen}"
        );
    }
    let links_at_bottom = seen["sidebarLinks"]
        .as_array()
        .unwrap()
        .iter()
        .any(|link| link["top"].as_f64() > seen["lastNavLink"]["bottom"].as_f64());
    assert_eq!(
        links_at_bottom,
        theme == "maple",
        "{theme}: navbar links end the sidebar: {seen}"
    );
    let toggles = seen["toggles"].as_array().unwrap();
    assert_eq!(toggles.len(), 1, "{theme}: one mode toggle: {seen}");
    let toggle_in_sidebar = inside(&toggles[0], sidebar);
    assert_eq!(
        toggle_in_sidebar,
        matches!(theme, "maple" | "almond"),
        "{theme}: {seen}"
    );
    let card = (seen["cardRadius"].clone(), seen["cardBorder"].clone());
    let expected = match theme {
        "almond" => (json!("16px"), json!("1px")),
        _ => (Value::Null, Value::Null),
    };
    assert_eq!(card, expected, "{theme}: the inset card: {seen}");
    assert_eq!(
        seen["almondLayout"],
        json!(u8::from(theme == "almond")),
        "{theme}: Mintlify's almond-layout class, in almond only"
    );
    if theme == "almond" {
        assert!(
            n(&seen["content"], "left") >= n(sidebar, "right") + 48.0,
            "{seen}"
        );
    }
    let end_tab_at_end = n(&seen["endTab"], "right") >= n(tabs, "right") - 30.0;
    if matches!(theme, "mint" | "sequoia" | "aspen" | "palm") {
        assert_eq!(
            end_tab_at_end,
            theme == "sequoia",
            "{theme}: `align: end`: {seen}"
        );
    }
    let monospace = seen["font"].as_str().unwrap().contains("monospace");
    assert_eq!(
        monospace,
        theme == "linden",
        "{theme}: the type family: {seen}"
    );
    let marker = seen["marker"] == json!("\">\"");
    assert_eq!(marker, theme == "linden", "{theme}: the `>` marker: {seen}");
    let upper = seen["headerCase"] == json!("uppercase");
    assert_eq!(
        upper,
        theme == "aspen",
        "{theme}: group header case: {seen}"
    );
}

/// Presses Tab until the focus is on an element matching `css` (at most 40 times).
async fn tab_to(browser: &Browser, css: &str) -> bool {
    let probe = format!(
        "const a = document.activeElement; return !!a && a.matches({}) && a.offsetParent !== null;",
        json!(css)
    );
    for _ in 0..40 {
        let tab = KeyActions::new("keyboard".to_string())
            .then(KeyAction::Down {
                value: Key::Tab.into(),
            })
            .then(KeyAction::Up {
                value: Key::Tab.into(),
            });
        browser.client.perform_actions(tab).await.expect("Tab");
        if browser.eval(&probe).await == json!(true) {
            return true;
        }
    }
    false
}

async fn press_enter(browser: &Browser) {
    let enter = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down {
            value: Key::Enter.into(),
        })
        .then(KeyAction::Up {
            value: Key::Enter.into(),
        });
    browser.client.perform_actions(enter).await.expect("Enter");
}

/// In maple and almond the keyboard reaches the sidebar's search (Enter
/// opens the dialog) and mode toggle (Enter switches the mode).
async fn assert_keyboard(browser: &Browser, site: &Site, theme: &str) {
    browser.goto(&site.url("quickstart/")).await;
    let search = "#sidebar .sidebar-chrome [data-search-open]";
    assert!(
        tab_to(browser, search).await,
        "{theme}: Tab reaches the sidebar's search"
    );
    press_enter(browser).await;
    browser
        .wait_until("document.activeElement && document.activeElement.id === 'search-input'")
        .await;
    browser.goto(&site.url("quickstart/")).await;
    let before = browser.theme().await;
    let toggle = "#sidebar [data-mode-toggle]";
    assert!(
        tab_to(browser, toggle).await,
        "{theme}: Tab reaches the sidebar's mode toggle"
    );
    press_enter(browser).await;
    let switched = format!(
        "document.documentElement.getAttribute('data-theme') !== {}",
        json!(before)
    );
    browser.wait_until(&switched).await;
}

/// palm's sidebar collapses to its button, from the keyboard, and opens again.
async fn assert_palm_sidebar_collapses(browser: &Browser, site: &Site) {
    browser.goto(&site.url("quickstart/")).await;
    let width =
        "return Math.round(document.getElementById('sidebar').getBoundingClientRect().width);";
    let open = browser.eval(width).await.as_f64().unwrap();
    assert!(
        tab_to(browser, "[data-sidebar-collapse]").await,
        "Tab reaches palm's collapse button"
    );
    press_enter(browser).await;
    browser
        .wait_until("document.documentElement.hasAttribute('data-sidebar-collapsed')")
        .await;
    let collapsed = browser.eval(width).await.as_f64().unwrap();
    assert!(collapsed < 60.0 && open > 200.0, "{open} then {collapsed}");
    let links =
        "return [...document.querySelectorAll('#sidebar a')].filter(a => a.offsetParent).length;";
    assert_eq!(
        browser.eval(links).await,
        json!(0),
        "the collapsed sidebar hides its links"
    );
    browser.goto(&site.url("")).await;
    assert_eq!(
        browser.eval(width).await.as_f64().unwrap(),
        collapsed,
        "it stays collapsed"
    );
    browser.click("[data-sidebar-collapse]").await;
    browser
        .wait_until("!document.documentElement.hasAttribute('data-sidebar-collapsed')")
        .await;
    assert_eq!(browser.eval(width).await.as_f64().unwrap(), open);
}

#[tokio::test]
async fn each_theme_lays_out_search_tabs_and_sidebar_as_mintlify_does() {
    let Some(browser) = launch().await else {
        return;
    };
    let axe = axe_script();
    let sites: Vec<(&str, Site)> = THEMES.iter().map(|t| (*t, themed_site(t))).collect();
    let mut found = Vec::new();
    for (width, height, mobile) in [(1280, 900, false), (390, 844, true)] {
        browser.set_viewport(width, height, mobile);
        for mode in ["light", "dark"] {
            browser.on_new_document(&format!("localStorage.setItem('sheaf-mode', '{mode}');"));
            for (theme, site) in &sites {
                browser.goto(&site.url("quickstart/")).await;
                browser
                    .wait_until("document.readyState === 'complete'")
                    .await;
                save_screenshot(&browser, &format!("theme-{theme}-{mode}-{width}")).await;
                if width == 1280 && mode == "light" {
                    assert_layout(theme, &browser.eval(MEASURE).await);
                }
                let sideways = "return document.documentElement.scrollWidth - document.documentElement.clientWidth;";
                assert_eq!(
                    browser.eval(sideways).await,
                    json!(0),
                    "{theme} {mode} {width}"
                );
                let at = format!("{theme}, {mode}, {width} px");
                record_violations(&browser, &axe, &at, &mut found).await;
            }
        }
    }
    browser.set_viewport(1280, 900, false);
    for (theme, site) in sites
        .iter()
        .filter(|(t, _)| matches!(*t, "maple" | "almond"))
    {
        assert_keyboard(&browser, site, theme).await;
    }
    let (_, palm) = sites.iter().find(|(t, _)| *t == "palm").unwrap();
    assert_palm_sidebar_collapses(&browser, palm).await;
    browser.close().await;
    assert_no_violations(&found);
}
