//! axe-core in the browser: every kind of page of `example-docs/`, the
//! components fixture, a docs.json fixture and the code block options, in
//! light and dark mode at 1280 px and 390 px, has no WCAG 2.1 A or AA
//! violation.
//!
//! axe-core is not part of the repository: `.ci/run` installs it from the
//! npm registry (`npm install --prefix target/axe axe-core@4.14.1`). The
//! test reads `axe.min.js` from `$SHEAF_AXE_JS`, else from that folder;
//! without it the test says so and passes, except under CI, where it fails
//! (the rule the Chromium tests follow).

use std::path::PathBuf;

use serde_json::json;

use super::driver::Browser;
use super::server::serve_api;
use super::site::{
    build_and_serve, edit_site_json, example_site_against, named_fixture_site, Site,
};
use super::{common, emulate_media, launch, save_screenshot};

/// The axe rules run: WCAG 2.0 and 2.1, levels A and AA.
pub const WCAG_TAGS: [&str; 4] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const INSTALL_HINT: &str =
    "run `npm install --prefix target/axe axe-core@4.14.1` (as .ci/run does) or set SHEAF_AXE_JS";

/// Where `axe.min.js` is expected.
fn axe_path() -> PathBuf {
    match std::env::var_os("SHEAF_AXE_JS") {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("target/axe/node_modules/axe-core/axe.min.js"),
    }
}

/// The axe-core script, or `None` (after saying why) when the test should
/// be skipped. Panics when it is missing and `CI` is set.
pub fn axe_script() -> Option<String> {
    let path = axe_path();
    match std::fs::read_to_string(&path) {
        Ok(script) => Some(script),
        Err(error) if std::env::var_os("CI").is_some() => {
            panic!(
                "the axe test needs {}: {error}; {INSTALL_HINT}",
                path.display()
            )
        }
        Err(error) => {
            eprintln!(
                "skipping the axe test: {}: {error}; {INSTALL_HINT}",
                path.display()
            );
            None
        }
    }
}

/// Runs axe over the current document and returns one line per violating
/// node: rule id, node target and axe's summary of what fails.
pub async fn violations(browser: &Browser, axe: &str) -> Vec<String> {
    if browser.eval("return typeof axe;").await != json!("object") {
        browser
            .client
            .execute(axe, vec![])
            .await
            .expect("axe-core loads");
    }
    let script = "const done = arguments[arguments.length - 1];
        axe.run(document, {
          runOnly: { type: 'tag', values: arguments[0] },
          resultTypes: ['violations']
        }).then(function (results) {
          done(results.violations.flatMap(function (v) {
            return v.nodes.map(function (n) {
              return v.id + ' at ' + n.target.join(' ') + ': ' + v.help + '\\n    '
                + (n.failureSummary || '').replace(/\\n/g, '\\n    ');
            });
          }));
        }, function (error) { done(['axe failed: ' + error]); });";
    let found = browser
        .client
        .execute_async(script, vec![json!(WCAG_TAGS)])
        .await
        .expect("axe runs");
    serde_json::from_value(found).expect("a list of violations")
}

/// Adds axe's violations on the current document to `found`, each led by
/// `at` (where the page was: its case, mode and width); nothing without axe.
pub async fn record_violations(
    browser: &Browser,
    axe: &Option<String>,
    at: &str,
    found: &mut Vec<String>,
) {
    if let Some(axe) = axe {
        let seen = violations(browser, axe).await;
        found.extend(seen.into_iter().map(|v| format!("{at}: {v}")));
    }
}

/// Fails with every violation listed when any were found.
pub fn assert_no_violations(found: &[String]) {
    assert!(
        found.is_empty(),
        "{} axe violations:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// A page in a given state: its path, what to do once it is loaded (a
/// script) and what to wait for then (a JavaScript condition).
struct View {
    name: &'static str,
    path: &'static str,
    action: &'static str,
    ready: &'static str,
    /// The name of a screenshot to keep of it (with mode and width added).
    screenshot: Option<&'static str>,
}

/// How far the page scrolls sideways (WCAG 1.4.10 Reflow: 0 at 320 CSS px
/// and wider).
const SIDEWAYS: &str =
    "return document.documentElement.scrollWidth - document.documentElement.clientWidth;";

const LOADED: &str = "document.readyState === 'complete'";

const fn page(name: &'static str, path: &'static str) -> View {
    View {
        name,
        path,
        action: "",
        ready: LOADED,
        screenshot: None,
    }
}

/// [`page`], with a screenshot kept as `axe-<file>-<mode>-<width>.png`.
const fn shot(name: &'static str, path: &'static str, file: &'static str) -> View {
    View {
        screenshot: Some(file),
        ..page(name, path)
    }
}

/// The pages of `example-docs/`: every Markdown page kind, the API pages
/// (Try-it sent), the changelog, the 404 page and the search dialog.
const EXAMPLE_VIEWS: &[View] = &[
    page("home", "introduction/"),
    shot("quickstart (steps, accordions, code groups)", "quickstart/", "quickstart"),
    page("authentication (snippets, callouts)", "authentication/"),
    page("guide (tabs, frame, tooltip)", "guides/embedding-dashboards/"),
    page("guide (steps in tabs)", "guides/environment-tags/"),
    page("field reference", "api-reference/fields/"),
    page("API page (a GET with a body: Try-it says why it cannot send)", "api-reference/get-user/"),
    page("API page with a path parameter", "api-reference/rotate-token/"),
    View {
        name: "API page, Try-it sent",
        path: "api-reference/update-user/",
        action: "document.querySelector('[data-playground] [data-send]').click();",
        ready: "document.querySelector('[data-playground] [data-status]').textContent !== ''",
        screenshot: Some("try-it"),
    },
    page("changelog", "changelog/"),
    page("v1 page (version switcher)", "v1/source-wording/"),
    page("404", "no-such-page/"),
    View {
        name: "search dialog open",
        path: "introduction/",
        action: "document.querySelector('[data-search-open]').click();
                 const input = document.getElementById('search-input');
                 input.value = 'user'; input.dispatchEvent(new Event('input', { bubbles: true }));",
        ready: "document.querySelector('#sheaf-search-results[data-query=user]:not([aria-busy]) [role=option]')",
        screenshot: None,
    },
    View {
        name: "phone menu open",
        path: "quickstart/",
        action: "const t = document.querySelector('[data-menu-toggle]');
                 if (t && t.offsetParent) t.click();",
        ready: "document.readyState === 'complete' && (innerWidth > 800 || document.documentElement.hasAttribute('data-menu-open'))",
        screenshot: None,
    },
];

/// The components fixture, in brand colours that do not read as given
/// (LangWatch's orange; a violet too dark for dark mode): every newer
/// component on one page.
const COMPONENT_VIEWS: &[View] = &[
    shot(
        "every component, brand colours shaded",
        "",
        "brand-components",
    ),
    page("changelog, brand colours shaded", "changelog/"),
];

/// The docs.json fixture: version and language switchers, tabs, and the
/// section dropdown open.
const DOCS_JSON_VIEWS: &[View] = &[
    page("docs.json page (switchers, tabs)", "v2/setup/"),
    page("docs.json page in Spanish", "es/v2/setup/"),
    View {
        name: "docs.json dropdown open",
        path: "v2/sdk/python/",
        action: "const t = document.querySelector('[data-menu-toggle]');
                 if (t && t.offsetParent) t.click();
                 document.querySelector('#sidebar .section-select').open = true;",
        ready: "document.querySelector('#sidebar .section-select').open",
        screenshot: None,
    },
    View {
        name: "search dialog, version note, widened to all versions",
        path: "v2/setup/",
        action: "document.querySelector('[data-search-open]').click();
                 document.querySelector('.sheaf-search__widen').click();
                 const input = document.getElementById('search-input');
                 input.value = 'setup'; input.dispatchEvent(new Event('input', { bubbles: true }));",
        ready: "document.querySelector('.sheaf-search__scope:not([hidden]) .sheaf-search__widen[aria-pressed=true]')
                && document.querySelector('#sheaf-search-results[data-query=setup]:not([aria-busy]) .sheaf-search__version')",
        screenshot: Some("search-versions"),
    },
];

/// Every code block option: line tints, diff signs, dimmed lines, the
/// expandable block's button.
const CODE_BLOCK_VIEWS: &[View] = &[shot("code block options", "", "code-block-options")];

/// The component props fixture: a callout in the author's colour, Danger,
/// synced tabs, a dropdown code group, zoomable images; and the zoom open.
const PROPS_VIEWS: &[View] = &[
    page("component props", ""),
    View {
        name: "image zoom open",
        path: "",
        action: "document.querySelector('.c-zoom-trigger').click();",
        ready: "document.querySelector('dialog.c-zoom') && document.querySelector('dialog.c-zoom').open",
        screenshot: None,
    },
];

/// React components (tests/fixtures/react-components), once live: a
/// counter, a list, tabs, a slider, a card and a badge from snippets.
const REACT_VIEWS: &[View] = &[
    View {
        ready: "document.querySelector('sheaf-island[data-live]')",
        ..shot("react component declared on the page", "", "react-counter")
    },
    View {
        ready: "document.querySelectorAll('sheaf-island[data-live]').length === 6",
        ..shot(
            "react components from snippets",
            "widgets/",
            "react-widgets",
        )
    },
];

/// AsyncAPI channel pages (a site whose long name must not push the top
/// bar's controls off a phone's screen).
const CHANNEL_VIEWS: &[View] = &[
    page("channel page", "user-group-updated/"),
    page("channel on a page", "events/rotation/"),
];

/// A real AsyncAPI 2.6 channel: a long address (title, pager), servers'
/// variables, OAuth flow tables.
const REAL_CHANNEL_VIEWS: &[View] = &[page(
    "real AsyncAPI 2.6 channel",
    "smartylighting-streetlights-1-0-event-streetlightid-lighting-measured/",
)];

/// Links on every callout tint, in the brand's colour.
const CALLOUTS_WITH_LINKS: &str = "
## Callouts with links

<Note>A [link in a note](/changelog).</Note>
<Warning>A [link in a warning](/changelog).</Warning>
<Info>A [link in an info](/changelog).</Info>
<Tip>A [link in a tip](/changelog).</Tip>
<Check>A [link in a check](/changelog).</Check>
<Danger>A [link in a danger](/changelog).</Danger>
";

/// The components fixture with `colors` the theme must shade to read.
fn components_site() -> Site {
    let source = common::fixture_copy("components-docsjson");
    edit_site_json(source.path(), |config| {
        config.insert(
            "colors".into(),
            json!({ "primary": "#b45a00", "light": "#7c3aed" }),
        );
    });
    let page = source.path().join("index.mdx");
    let mut text = std::fs::read_to_string(&page).unwrap();
    text.push_str(CALLOUTS_WITH_LINKS);
    std::fs::write(&page, text).unwrap();
    build_and_serve(source)
}

/// The viewports every view is checked at: desktop, then a phone.
const WIDTHS: [(u32, u32, bool, &str); 2] = [(1280, 900, false, "1280"), (390, 844, true, "390")];

/// Shows `view` in `mode` and returns its violations, each line prefixed
/// with where it was seen.
async fn check_view(
    browser: &Browser,
    axe: &str,
    site: &Site,
    view: &View,
    (mode, width): (&str, &str),
) -> Vec<String> {
    browser.goto(&site.url(view.path)).await;
    browser.wait_until(LOADED).await;
    assert_eq!(browser.theme().await, mode, "{} in {mode} mode", view.name);
    let label = format!("{mode}, {width} px");
    if !view.action.is_empty() {
        browser.eval(view.action).await;
    }
    browser.wait_until(view.ready).await;
    if let Some(file) = view.screenshot {
        save_screenshot(browser, &format!("axe-{file}-{mode}-{width}")).await;
    }
    let mut found = violations(browser, axe).await;
    let sideways = browser.eval(SIDEWAYS).await;
    if sideways != json!(0) {
        found.push(format!("the page scrolls sideways by {sideways} px"));
    }
    found
        .into_iter()
        .map(|line| format!("{} [{label}]: {line}", view.name))
        .collect()
}

#[tokio::test]
async fn every_page_kind_passes_axe_wcag_21_aa_in_both_modes_and_widths() {
    let Some(axe) = axe_script() else {
        return;
    };
    let Some(browser) = launch().await else {
        return;
    };
    let (api, _calls) = serve_api(r#"{"id":"usr_1","name":"Grace"}"#);
    let sites = [
        (example_site_against(&api.origin()), EXAMPLE_VIEWS),
        (components_site(), COMPONENT_VIEWS),
        (named_fixture_site("docsjson-nav"), DOCS_JSON_VIEWS),
        (named_fixture_site("component-props"), PROPS_VIEWS),
        (named_fixture_site("react-components"), REACT_VIEWS),
        (named_fixture_site("code-block-options"), CODE_BLOCK_VIEWS),
        (named_fixture_site("asyncapi-ugs"), CHANNEL_VIEWS),
        (named_fixture_site("asyncapi-real-2-6"), REAL_CHANNEL_VIEWS),
    ];
    emulate_media(&browser, "prefers-reduced-motion", "reduce");
    let mut found = Vec::new();
    let mut checked = 0;
    for (width, height, mobile, width_name) in WIDTHS {
        browser.set_viewport(width, height, mobile);
        for mode in ["light", "dark"] {
            browser.on_new_document(&format!("localStorage.setItem('sheaf-mode', '{mode}');"));
            for (site, views) in &sites {
                for view in views.iter() {
                    let at = (mode, width_name);
                    found.extend(check_view(&browser, &axe, site, view, at).await);
                    checked += 1;
                }
            }
        }
    }
    browser.close().await;
    assert!(checked >= 60, "{checked} views checked");
    assert!(
        found.is_empty(),
        "{} WCAG 2.1 A/AA violations ({}):\n{}",
        found.len(),
        WCAG_TAGS.join(", "),
        found.join("\n")
    );
}
