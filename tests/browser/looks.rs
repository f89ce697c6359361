//! docs.json `styling`, `background` and `interaction` in a browser
//! (tests/fixtures/looks, and copies with another decoration): the
//! breadcrumbs above the title, the code theme of each mode (min-light in
//! light mode, dracula in dark: the code's own background, inside the
//! block's frame), the decoration drawn behind the page, and
//! no axe violation in either mode at 1280 and 390 px.

use serde_json::{json, Value};

use super::axe::{assert_no_violations, axe_script, record_violations};
use super::site::{build_and_serve, Site};
use super::{common, launch, save_screenshot};

/// The fixture with `background.decoration` set to `decoration`.
fn decorated_site(decoration: &str) -> Site {
    let source = common::fixture_copy("looks");
    let path = source.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["background"]["decoration"] = json!(decoration);
    std::fs::write(&path, serde_json::to_string_pretty(&docs).unwrap()).unwrap();
    build_and_serve(source)
}

const MEASURE: &str = "
  const crumbs = [...document.querySelectorAll('nav.breadcrumbs li')].map(li => li.textContent);
  const pre = document.querySelector('pre.hl');
  const string = document.querySelector('pre.hl .hl-s');
  const deco = getComputedStyle(document.documentElement, '::before');
  return { crumbs, codeBg: getComputedStyle(pre).backgroundColor,
    string: getComputedStyle(string).color,
    decoration: deco.content === 'none' ? null : deco.backgroundImage.slice(0, 15) };";

#[tokio::test]
async fn breadcrumbs_code_themes_and_decorations_in_both_modes() {
    let Some(browser) = launch().await else {
        return;
    };
    let axe = axe_script();
    let sites: Vec<(&str, Site)> = ["gradient", "grid", "windows"]
        .into_iter()
        .map(|d| (d, decorated_site(d)))
        .collect();
    let mut found = Vec::new();
    for (width, height, mobile) in [(1280, 900, false), (390, 844, true)] {
        browser.set_viewport(width, height, mobile);
        for mode in ["light", "dark"] {
            browser.on_new_document(&format!("localStorage.setItem('sheaf-mode', '{mode}');"));
            for (decoration, site) in &sites {
                browser.goto(&site.url("users/update/")).await;
                browser
                    .wait_until("document.readyState === 'complete'")
                    .await;
                save_screenshot(&browser, &format!("looks-{decoration}-{mode}-{width}")).await;
                let seen = browser.eval(MEASURE).await;
                assert_eq!(
                    seen["crumbs"],
                    json!(["User groups", "Changing a user group"]),
                    "{seen}"
                );
                let (bg, string) = match mode {
                    "light" => ("rgb(255, 255, 255)", "rgb(34, 134, 58)"),
                    _ => ("rgb(40, 42, 54)", "rgb(241, 250, 140)"),
                };
                assert_eq!(seen["codeBg"], json!(bg), "{mode}: {seen}");
                assert_eq!(seen["string"], json!(string), "{mode}: {seen}");
                let image = seen["decoration"].as_str().unwrap_or("");
                let kind = if *decoration == "gradient" {
                    "radial-gradient"
                } else {
                    "linear-gradient"
                };
                assert!(image.starts_with(kind), "{decoration}: {seen}");
                let sideways = "return document.documentElement.scrollWidth - document.documentElement.clientWidth;";
                assert_eq!(
                    browser.eval(sideways).await,
                    json!(0),
                    "{decoration} {mode} {width}"
                );
                let at = format!("{decoration}, {mode}, {width} px");
                record_violations(&browser, &axe, &at, &mut found).await;
            }
        }
    }
    browser.close().await;
    assert_no_violations(&found);
}

/// `interaction.drilldown: false`: a collapsed group opens in place, from a
/// click or the keyboard, and the reader stays on the page.
#[tokio::test]
async fn without_drilldown_a_group_opens_in_place() {
    let Some(browser) = launch().await else {
        return;
    };
    let source = common::fixture_copy("looks");
    let path = source.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["interaction"]["drilldown"] = json!(false);
    std::fs::write(&path, serde_json::to_string_pretty(&docs).unwrap()).unwrap();
    let site = build_and_serve(source);
    let axe = axe_script();
    let mut found = Vec::new();
    for mode in ["light", "dark"] {
        browser.on_new_document(&format!("localStorage.setItem('sheaf-mode', '{mode}');"));
        browser.goto(&site.url("users/update/")).await;
        let summary = "#sidebar details.sidebar-group-disclosure > summary";
        browser
            .wait_until(&format!("!!document.querySelector('{summary}')"))
            .await;
        let shown = "return [...document.querySelectorAll('#sidebar details.sidebar-group-disclosure a')].filter(a => a.checkVisibility() && a.getBoundingClientRect().height > 0).map(a => a.textContent.trim());";
        assert_eq!(browser.eval(shown).await, json!([]), "closed at first");
        browser.click(summary).await;
        browser
            .wait_until("document.querySelector('#sidebar details.sidebar-group-disclosure').open")
            .await;
        assert_eq!(
            browser.eval(shown).await,
            json!(["User Group Service", "Quickstart"]),
            "the group's pages show in place"
        );
        assert_eq!(
            browser.path().await,
            "/users/update/",
            "the reader stays on the page"
        );
        save_screenshot(&browser, &format!("looks-drilldown-off-{mode}")).await;
        record_violations(&browser, &axe, mode, &mut found).await;
    }
    browser.close().await;
    assert_no_violations(&found);
}
