//! docs.json `integrations` (issue 59) on tests/fixtures/analytics, every
//! provider Mintlify lists with made-up ids behind `cookies` consent: built
//! pages carry the settings as a JSON block and load sheaf's loader, a site
//! without integrations carries neither, `check` names each integration in
//! a note and places what it cannot load, and the preview loads none. The
//! loaders themselves run in tests/browser/analytics.rs.

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::{build_fixture, check_findings, fixture_copy, read_built, save_replacing};
use serde_json::{json, Value};
use sheaf::serve::{Options, Server};

/// The JSON block of a built page, parsed.
fn settings_of(html: &str) -> Value {
    let at = html
        .find("id=sheaf-analytics")
        .or_else(|| html.find("id=\"sheaf-analytics\""));
    let from = at.expect("the settings block");
    let from = from + html[from..].find('>').unwrap() + 1;
    let to = from + html[from..].find("</script>").unwrap();
    serde_json::from_str(&html[from..to]).expect("JSON settings")
}

#[test]
fn built_pages_carry_the_settings_and_load_the_loader_after_the_theme() {
    let (_out, site, _) = build_fixture("analytics");
    for page in [
        "index.html",
        "quickstart/index.html",
        "users/update/index.html",
        "404.html",
    ] {
        let html = read_built(&site, page);
        let settings = settings_of(&html);
        assert_eq!(
            settings["consent"],
            json!({"key": "ugs-consent", "value": "granted"})
        );
        let providers = settings["providers"].as_array().unwrap();
        assert_eq!(providers.len(), 19, "{page}");
        assert_eq!(
            providers[6],
            json!(["ga4", {"measurementId": "G-UGS12345"}])
        );
        let theme = html.find("_sheaf/sheaf.").unwrap();
        let loader = html.find("_sheaf/analytics.").expect("the loader");
        assert!(
            loader > theme,
            "{page}: the loader comes after the theme's scripts"
        );
        assert!(
            !html.contains("googletagmanager"),
            "{page}: no provider URL in the page"
        );
    }
    let loaders: Vec<_> = std::fs::read_dir(site.join("_sheaf"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("analytics."))
        .collect();
    assert_eq!(loaders.len(), 1, "{loaders:?}");
}

#[test]
fn a_site_without_integrations_ships_no_loader() {
    let (_out, site, _) = build_fixture("looks");
    let html = read_built(&site, "quickstart/index.html");
    assert!(!html.contains("sheaf-analytics") && !html.contains("analytics."));
    let shipped = std::fs::read_dir(site.join("_sheaf")).unwrap();
    assert!(shipped
        .filter_map(|e| e.ok())
        .all(|e| !e.file_name().to_string_lossy().starts_with("analytics.")));
}

#[test]
fn check_names_each_integration_and_places_what_it_cannot_load() {
    let root = fixture_copy("analytics");
    let found = check_findings(root.path());
    let notes: Vec<&Value> = found
        .iter()
        .filter(|f| f["rule"] == "integration")
        .collect();
    assert_eq!(notes.len(), 19, "{found:#?}");
    let ga4 = notes
        .iter()
        .find(|n| {
            n["message"]
                .as_str()
                .unwrap()
                .starts_with("Google Analytics 4")
        })
        .unwrap();
    assert_eq!(
        ga4["message"],
        "Google Analytics 4 loads on every built page once local storage holds `ugs-consent` = `granted`"
    );
    assert_eq!(ga4["line"], 28);
    assert!(
        found.iter().all(|f| f["rule"] != "docs-json-feature"),
        "{found:#?}"
    );

    let docs = root.path().join("docs.json");
    save_replacing(&docs, r#""G-UGS12345""#, r#""G-1</script>""#);
    save_replacing(
        &docs,
        r#""https://eu.i.posthog.com""#,
        r#""http://eu.i.posthog.com""#,
    );
    let found = check_findings(root.path());
    let warnings: Vec<(String, u64)> = (found.iter())
        .filter(|f| f["severity"] == "warning")
        .map(|f| {
            (
                f["message"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        warnings,
        [
            ("Google Analytics 4 is not loaded: `measurementId` holds characters no provider id has".to_string(), 28),
            ("PostHog is not loaded: `apiHost` is not an `https:` URL".to_string(), 39),
        ],
        "{found:#?}"
    );
}

#[test]
fn the_preview_loads_no_integration() {
    let root = fixture_copy("analytics");
    let options = Options {
        root: root.path().to_path_buf(),
        port: 0,
        port_may_move: false,
        host: "127.0.0.1".into(),
        open: false,
        cache: sheaf::cache::BuildCache::disabled(),
    };
    let server = Server::start(&options).unwrap();
    let started = Instant::now();
    while server.snapshot().dir.is_none() {
        assert!(started.elapsed() < Duration::from_secs(60), "never built");
        thread::sleep(Duration::from_millis(25));
    }
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .proxy(None)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let url = format!("{}quickstart/", server.url());
    let html = agent
        .get(&url)
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    assert!(html.contains("Quickstart"), "{html}");
    assert!(!html.contains("sheaf-analytics") && !html.contains("_sheaf/analytics."));
}
