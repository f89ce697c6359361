//! A site's own CSS and scripts through Mintlify's documented names (issue
//! 58), in Chromium, on `tests/fixtures/styling-contract` (the User Group
//! Service with a `style.css` and a `script.js` naming every name).
//!
//! The contract is `tests/fixtures/styling-contract.json`: each name of
//! Mintlify's list (`tests/fixtures/mintlify-selectors.json`, from its
//! "Custom scripts" page and `@mintlify/components`) is either carried
//! (the selector a site writes and the fixture page where it matches) or
//! absent with the reason. Each carried selector must match an element that
//! the site's stylesheet reaches and its script marks; the site's rules win
//! over the theme's in both modes, at desktop and phone widths; axe finds
//! nothing.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use super::axe::{axe_script, violations};
use super::driver::Browser;
use super::site::Site;
use super::{launch, named_fixture_site, save_screenshot, show_page};

/// The index page's path, and the API page's.
const INDEX: &str = "";
const API: &str = "api-reference/user-groups/get-user/";

fn fixture_json(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The carried entries, by page: (name, selector). Those on an element a
/// control makes (`opens`: the search dialog's input) and those checked on
/// another fixture (`fixture`: the language switcher, on `page-names`) are
/// left out.
fn carried_by_page() -> BTreeMap<String, Vec<(String, String)>> {
    let contract = fixture_json("styling-contract.json");
    let mut pages: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for entry in contract["carried"].as_array().unwrap() {
        let text = |key: &str| entry[key].as_str().unwrap().to_string();
        if entry.get("opens").is_some() || entry.get("fixture").is_some() {
            continue;
        }
        pages
            .entry(text("page"))
            .or_default()
            .push((text("name"), text("selector")));
    }
    pages
}

#[test]
fn every_documented_name_is_carried_or_said_absent_with_a_reason() {
    let names = fixture_json("mintlify-selectors.json");
    let mut documented = BTreeSet::new();
    for list in ["ids", "element_and_class_names", "data_attribute_selectors"] {
        for name in names[list].as_array().unwrap() {
            documented.insert(name.as_str().unwrap().to_string());
        }
    }
    for part in names["data_component_part_values"].as_array().unwrap() {
        documented.insert(format!("data-component-part={}", part.as_str().unwrap()));
    }
    let contract = fixture_json("styling-contract.json");
    let carried: BTreeSet<String> = contract["carried"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect();
    let absent = contract["absent"].as_object().unwrap();
    for (name, reason) in absent {
        assert!(!carried.contains(name), "{name} is both carried and absent");
        assert!(
            reason.as_str().is_some_and(|r| r.len() > 10),
            "{name}: a reason"
        );
    }
    let listed: BTreeSet<String> = carried
        .iter()
        .cloned()
        .chain(absent.keys().cloned())
        .collect();
    let missing: Vec<_> = documented.difference(&listed).collect();
    let unknown: Vec<_> = listed.difference(&documented).collect();
    assert!(missing.is_empty(), "not in the contract: {missing:?}");
    assert!(unknown.is_empty(), "not Mintlify's: {unknown:?}");
    // The fixture's stylesheet and script name every carried selector.
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/styling-contract");
    let css = std::fs::read_to_string(root.join("style.css")).unwrap();
    let js = std::fs::read_to_string(root.join("script.js")).unwrap();
    for entry in contract["carried"].as_array().unwrap() {
        let (name, selector) = (&entry["name"], entry["selector"].as_str().unwrap());
        {
            assert!(
                css.contains(&format!("{selector} {{ --ugs-hit: 1; }}")),
                "{name} in style.css"
            );
            assert!(
                js.contains(&json!(selector).to_string()),
                "{name} in script.js"
            );
        }
    }
}

/// Opens `path` and waits until the site's script has run.
async fn open(browser: &Browser, site: &Site, path: &str, mode: &str) {
    show_page(browser, &site.url(path), mode).await;
    browser.wait_until("window.ugsRuns === 1").await;
}

/// For each selector: whether it matches, whether the site's stylesheet
/// reaches the element, whether the site's script marked it.
async fn check_selectors(browser: &Browser, entries: &[(String, String)]) -> Vec<String> {
    let selectors: Vec<&str> = entries.iter().map(|(_, s)| s.as_str()).collect();
    let found = browser
        .eval(&format!(
            "return {}.map(function (s) {{ var e = document.querySelector(s); \
             return e ? [getComputedStyle(e).getPropertyValue('--ugs-hit').trim(), e.hasAttribute('data-ugs-seen')] : null; }});",
            json!(selectors)
        ))
        .await;
    let mut problems = Vec::new();
    for ((name, selector), result) in entries.iter().zip(found.as_array().unwrap()) {
        match result {
            Value::Null => problems.push(format!("{name}: no element matches {selector}")),
            r if r[0] != "1" => problems.push(format!("{name}: the site's CSS misses {selector}")),
            r if r[1] != true => {
                problems.push(format!("{name}: the site's script missed {selector}"))
            }
            _ => {}
        }
    }
    problems
}

#[tokio::test]
async fn every_carried_name_is_on_its_element_for_the_site_s_css_and_script() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("styling-contract");
    browser.set_viewport(1280, 900, false);
    let mut problems = Vec::new();
    for (page, entries) in carried_by_page() {
        open(&browser, &site, &page, "light").await;
        if page == INDEX {
            // The TOC marks the entry being read once the reader scrolls.
            browser
                .eval("document.getElementById('fields').scrollIntoView();")
                .await;
            browser
                .wait_until("document.querySelector('.toc-item[data-active]') !== null")
                .await;
        }
        for problem in check_selectors(&browser, &entries).await {
            problems.push(format!("/{page}: {problem}"));
        }
        assert_eq!(
            browser.eval("return window.ugsRuns;").await,
            1,
            "/{page}: once"
        );
    }
    // Elements a control makes: the site's CSS reaches them once made.
    let contract = fixture_json("styling-contract.json");
    for entry in contract["carried"].as_array().unwrap() {
        let Some(control) = entry["opens"].as_str() else {
            continue;
        };
        let selector = entry["selector"].as_str().unwrap();
        open(&browser, &site, entry["page"].as_str().unwrap(), "light").await;
        browser.click(control).await;
        browser
            .wait_until(&format!(
                "document.querySelector({}) !== null",
                json!(selector)
            ))
            .await;
        let hit = computed(&browser, selector, "--ugs-hit").await;
        if hit.trim() != "1" {
            problems.push(format!(
                "{}: the site's CSS misses {selector}",
                entry["name"]
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The current page's entries, and only theirs.
    open(&browser, &site, "quickstart/", "light").await;
    let active = browser
        .eval(
            "return Array.from(document.querySelectorAll('#sidebar-content li[data-active], .nav-tabs-item[data-active]'))\
             .map(function (e) { return e.textContent.trim(); });",
        )
        .await;
    assert_eq!(
        active,
        json!(["Guides", "QuickstartNEW"]),
        "the tag is inside the link"
    );
    assert_eq!(
        browser
            .eval("return document.documentElement.dataset.currentPath;")
            .await,
        "/quickstart"
    );
    browser.close().await;
}

/// `getComputedStyle(query)[property]`.
async fn computed(browser: &Browser, query: &str, property: &str) -> String {
    browser
        .eval_string(&format!(
            "return getComputedStyle(document.querySelector({})).getPropertyValue({});",
            json!(query),
            json!(property)
        ))
        .await
}

#[tokio::test]
async fn the_site_s_rules_win_over_the_theme_in_both_modes_and_widths() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("styling-contract");
    for (width, mobile) in [(1280, false), (390, true)] {
        browser.set_viewport(width, 900, mobile);
        for (mode, navbar, title) in [
            ("light", "rgb(238, 242, 255)", "rgb(67, 56, 202)"),
            ("dark", "rgb(30, 27, 75)", "rgb(199, 210, 254)"),
        ] {
            open(&browser, &site, INDEX, mode).await;
            let at = format!("{mode} {width}px");
            assert_eq!(
                computed(&browser, "#navbar", "background-color").await,
                navbar,
                "{at}"
            );
            assert_eq!(
                computed(&browser, "#footer", "background-color").await,
                footer_background(mode),
                "{at}"
            );
            assert_eq!(
                computed(&browser, ".card", "border-top-color").await,
                "rgb(79, 70, 229)",
                "{at}"
            );
            assert_eq!(
                computed(&browser, ".callout", "border-left-width").await,
                "4px",
                "{at}"
            );
            assert_eq!(
                computed(&browser, ".code-block", "border-top-left-radius").await,
                "2px",
                "{at}"
            );
            assert_eq!(
                computed(&browser, "#search-bar-entry", "border-top-left-radius").await,
                "9999px",
                "{at}"
            );
            let align = if mobile { "center" } else { "start" };
            assert_eq!(
                computed(&browser, "#footer", "text-align").await,
                align,
                "{at}"
            );
            // Classes named only in the site's script are styled.
            assert_eq!(
                computed(&browser, "#ugs-version-mark", "width").await,
                "20px",
                "{at}"
            );
            assert_eq!(
                computed(&browser, "#ugs-version-note", "border-top-color").await,
                "rgba(207, 218, 220, 0.3)",
                "{at}"
            );
            let note = computed(&browser, "#ugs-version-note", "background-color").await;
            match mode {
                "light" => assert_eq!(note, "rgba(241, 241, 241, 0.95)", "{at}"),
                _ => assert_ne!(
                    note, "rgba(241, 241, 241, 0.95)",
                    "{at}: dark:bg-white/[0.02]"
                ),
            }
            save_screenshot(&browser, &format!("styling-index-{mode}-{width}")).await;
            // A rule for the pages under a path.
            open(&browser, &site, API, mode).await;
            assert_eq!(
                computed(&browser, "#page-title", "color").await,
                title,
                "{at}"
            );
            save_screenshot(&browser, &format!("styling-api-{mode}-{width}")).await;
            open(&browser, &site, "quickstart/", mode).await;
            assert_ne!(
                computed(&browser, "#page-title", "color").await,
                title,
                "{at}: other paths"
            );
        }
    }
    browser.close().await;
}

fn footer_background(mode: &str) -> &'static str {
    match mode {
        "light" => "rgb(245, 243, 255)",
        _ => "rgb(30, 27, 75)",
    }
}

#[tokio::test]
async fn axe_finds_nothing_on_a_restyled_site_in_either_mode() {
    let Some(axe) = axe_script() else { return };
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("styling-contract");
    let mut found = Vec::new();
    for (width, mobile) in [(1280, false), (390, true)] {
        browser.set_viewport(width, 900, mobile);
        for path in [INDEX, API, "tokens/", "404.html"] {
            for mode in ["light", "dark"] {
                open(&browser, &site, path, mode).await;
                for line in violations(&browser, &axe).await {
                    found.push(format!("/{path} {mode} {width}px: {line}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    browser.close().await;
}

/// Mintlify's layout themes, each of which must carry the page-level names.
const THEMES: [&str; 9] = [
    "mint", "maple", "almond", "aspen", "linden", "luma", "palm", "sequoia", "willow",
];

/// The page-level names a site's CSS targets (issue 67), each marked by
/// `tests/fixtures/page-names/style.css` with a property of its own
/// (`--site-` and the name), and whether the built HTML already holds it
/// (the others: "On this page", which the theme's script builds from the
/// headings, as Mintlify's does once the page is running).
const PAGE_NAMES: [(&str, &str, bool); 10] = [
    ("#table-of-contents", "table-of-contents", false),
    (
        "#table-of-contents-content",
        "table-of-contents-content",
        false,
    ),
    (".toc-item", "toc-item", false),
    ("#banner", "banner", true),
    ("#mobile-nav", "mobile-nav", true),
    ("#search-bar-entry-mobile", "search-bar-entry-mobile", true),
    (
        "#localization-select-trigger",
        "localization-select-trigger",
        true,
    ),
    (".steps", "steps", true),
    (".step", "step", true),
    ("[data-component-part=\"accordion\"]", "accordion", true),
];

/// `tests/fixtures/page-names` built with docs.json `theme` set to `theme`.
fn page_names_site(theme: &str) -> Site {
    let source = super::common::fixture_copy("page-names");
    let path = source.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["theme"] = json!(theme);
    std::fs::write(&path, serde_json::to_string_pretty(&docs).unwrap()).unwrap();
    super::site::build_and_serve(source)
}

/// Whether the HTML as written holds `selector` (an id, a class or a
/// part), quoted or not.
fn written(html: &str, selector: &str, name: &str) -> bool {
    let ends = |rest: &str| rest.starts_with([' ', '>', '"', '/']);
    let attribute = |attr: &str| {
        [format!("{attr}={name}"), format!("{attr}=\"{name}")]
            .iter()
            .any(|start| {
                html.match_indices(start.as_str())
                    .any(|(at, _)| ends(&html[at + start.len()..]))
            })
    };
    match selector.as_bytes()[0] {
        b'#' => attribute(" id"),
        b'[' => attribute(" data-component-part"),
        _ => html.split(" class=").skip(1).any(|rest| {
            let value = match rest.strip_prefix('"') {
                Some(quoted) => quoted.split('"').next().unwrap_or(""),
                None => rest.split([' ', '>']).next().unwrap_or(""),
            };
            value.split_whitespace().any(|class| class == name)
        }),
    }
}

/// Each selector of [`PAGE_NAMES`] whose element is missing or which the
/// site's rule does not reach.
async fn unreached_names(browser: &Browser) -> Vec<String> {
    let probe: Vec<(&str, String)> = PAGE_NAMES
        .iter()
        .map(|(selector, name, _)| (*selector, format!("--site-{name}")))
        .collect();
    let found = browser
        .eval(&format!(
            "return {}.map(function (p) {{ var e = document.querySelector(p[0]); \
             return e ? getComputedStyle(e).getPropertyValue(p[1]).trim() : null; }});",
            json!(probe)
        ))
        .await;
    let mut problems = Vec::new();
    for ((selector, _, _), hit) in PAGE_NAMES.iter().zip(found.as_array().unwrap()) {
        match hit {
            Value::Null => problems.push(format!("no element matches {selector}")),
            hit if hit != "1" => problems.push(format!("the site's rule misses {selector}")),
            _ => {}
        }
    }
    problems
}

/// Whether `query` draws a box, and its computed `property`.
async fn shown(browser: &Browser, query: &str, property: &str) -> Value {
    browser
        .eval(&format!(
            "var e = document.querySelector({}); \
             return [e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden', \
             getComputedStyle(e).getPropertyValue({})];",
            json!(query),
            json!(property)
        ))
        .await
}

#[tokio::test]
async fn every_theme_carries_the_page_level_names_a_site_s_css_targets() {
    let Some(browser) = launch().await else {
        return;
    };
    let mut problems = Vec::new();
    for theme in THEMES {
        let site = page_names_site(theme);
        let html = site.built("index.html");
        for (selector, name, in_html) in PAGE_NAMES {
            if in_html && !written(&html, selector, name) {
                problems.push(format!("{theme}: {selector} is not in the built HTML"));
            }
        }
        browser.set_viewport(1280, 900, false);
        show_page(&browser, &site.url(""), "light").await;
        browser
            .wait_until("document.querySelector('#table-of-contents .toc-item') !== null")
            .await;
        for problem in unreached_names(&browser).await {
            problems.push(format!("{theme} 1280px: {problem}"));
        }
        let desktop_search = shown(&browser, "#search-bar-entry-mobile", "display").await;
        if desktop_search[0] != false {
            problems.push(format!("{theme} 1280px: the phone's search button shows"));
        }
        // On a phone: its own search button, and the drawer opened by the
        // menu button is #mobile-nav, holding the sidebar and the language
        // switcher, restyled by the site.
        browser.set_viewport(390, 844, true);
        show_page(&browser, &site.url(""), "light").await;
        let search = shown(&browser, "#search-bar-entry-mobile", "color").await;
        if search != json!([true, "rgb(67, 56, 202)"]) {
            problems.push(format!("{theme} 390px: #search-bar-entry-mobile {search}"));
        }
        if shown(&browser, "#search-bar-entry", "display").await[0] != false {
            problems.push(format!("{theme} 390px: the wide search button shows"));
        }
        save_screenshot(&browser, &format!("page-names-{theme}-390")).await;
        browser.click("[data-menu-toggle]").await;
        browser
            .wait_until("document.documentElement.hasAttribute('data-menu-open')")
            .await;
        browser
            .wait_until(
                "getComputedStyle(document.getElementById('mobile-nav')).transform === 'none'",
            )
            .await;
        let drawer = shown(&browser, "#mobile-nav", "background-color").await;
        if drawer != json!([true, "rgb(224, 231, 255)"]) {
            problems.push(format!("{theme} 390px: #mobile-nav {drawer}"));
        }
        let inside = "var d = document.getElementById('mobile-nav').getBoundingClientRect(); \
             return ['#sidebar-content', '#localization-select-trigger'].map(function (s) { \
             var r = document.querySelector(s).getBoundingClientRect(); \
             return r.width > 0 && r.left >= d.left && r.right <= d.right + 1; });";
        if browser.eval(inside).await != json!([true, true]) {
            problems.push(format!(
                "{theme} 390px: the drawer holds the sidebar and the language switcher"
            ));
        }
        save_screenshot(&browser, &format!("page-names-{theme}-390-menu")).await;
        browser.click("#search-bar-entry-mobile").await;
        browser
            .wait_until("document.activeElement && document.activeElement.id === 'search-input'")
            .await;
    }
    browser.close().await;
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
