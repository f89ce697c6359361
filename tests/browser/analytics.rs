//! docs.json `integrations` in a browser (tests/fixtures/analytics: every
//! provider Mintlify lists, with made-up ids, behind `cookies` consent).
//! ChromeDriver's performance log shows every request the page makes (host
//! names never resolve here, so nothing leaves the machine): before consent
//! no provider is asked for anything; once the page's own script stores the
//! consent value, each provider's loader is requested with the site's id, on
//! that same page and at once on the next one.

use serde_json::json;

use super::driver::Browser;
use super::site::named_fixture_site;
use super::{save_screenshot, tools};

/// Each provider's loader URL for the fixture's ids, and for providers
/// whose id is not in the URL, a script reading it where the loader put it.
const LOADERS: &[(&str, &str)] = &[
    ("https://assets.adobedtm.com/launch-ugs-test.min.js", ""),
    ("https://cdn.amplitude.com/script/amp-ugs-key.js", ""),
    ("https://www.clarity.ms/tag/clarity-ugs", ""),
    (
        "https://tag.clearbitscripts.com/v1/pk_ugs_clearbit/tags.js",
        "",
    ),
    (
        "https://cdn.usefathom.com/script.js",
        "script[data-site=FATHOMUGS]",
    ),
    ("https://chat-assets.frontapp.com/v1/chat.bundle.js", ""),
    ("https://www.googletagmanager.com/gtag/js?id=G-UGS12345", ""),
    ("https://www.googletagmanager.com/gtm.js?id=GTM-UGS123", ""),
    ("https://cdn.heapanalytics.com/js/heap-heap-ugs.js", ""),
    (
        "https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js",
        "",
    ),
    ("https://static.hotjar.com/c/hotjar-3412345.js?sv=6", ""),
    ("https://widget.intercom.io/widget/icugs", ""),
    ("https://cdn.getkoala.com/v1/pk_ugs_koala/sdk.js", ""),
    ("https://cdn.lr-ingest.com/LogRocket.min.js", ""),
    ("https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js", ""),
    (
        "https://api.pirsch.io/pa.js",
        "script#pianjs[data-code=pirsch-ugs]",
    ),
    (
        "https://stats.usergroups.example/js/script.js",
        "script[data-domain='docs.usergroups.example']",
    ),
    ("https://eu-assets.i.posthog.com/static/array.js", ""),
    (
        "https://cdn.segment.com/analytics.js/v1/seg-ugs-key/analytics.min.js",
        "",
    ),
];

/// Where the loaders keep the ids that are not in their URLs.
const IDS: &str = "return {
  hightouch: window.htevents && window.htevents._writeKey,
  mixpanel: window.mixpanel && window.mixpanel._i[0][0],
  posthog: window.posthog && window.posthog._i[0][0],
  posthogHost: window.posthog && window.posthog._i[0][1].api_host,
  intercom: window.intercomSettings && window.intercomSettings.app_id,
  ga4: window.dataLayer && [].slice.call(window.dataLayer.find(e => e[0] === 'config') || []),
};";

/// How many provider scripts the page has inserted.
const INSERTED: &str = "document.querySelectorAll('head script[src^=\"https:\"]').length";

/// The requests to a host other than the test's server (the browser's own
/// `chrome://` pages are not requests to anyone).
fn third_party(urls: &[String]) -> Vec<&String> {
    let web = |u: &&String| u.starts_with("http:") || u.starts_with("https:");
    let local = |u: &&String| u.starts_with("http://127.0.0.1");
    urls.iter().filter(|u| web(u) && !local(u)).collect()
}

#[tokio::test]
async fn every_provider_loads_with_its_id_only_after_consent() {
    let Some(tools) = tools::browser_tools() else {
        return;
    };
    let browser = Browser::launch_recording_requests(&tools).await;
    let site = named_fixture_site("analytics");
    browser.goto(&site.url("quickstart/")).await;
    browser
        .wait_until(
            "document.getElementById('sheaf-analytics') && typeof window.gtag === 'undefined'",
        )
        .await;
    assert_eq!(browser.eval(&format!("return {INSERTED};")).await, json!(0));
    let before = browser.requested_urls();
    assert!(
        third_party(&before).is_empty(),
        "requests before consent: {:?}",
        third_party(&before)
    );
    // The site's consent banner stores the value on this page.
    browser
        .eval("localStorage.setItem('ugs-consent', 'granted'); return null;")
        .await;
    browser
        .wait_until(&format!("{INSERTED} === {}", LOADERS.len()))
        .await;
    let after = browser.requested_urls();
    for (url, marker) in LOADERS {
        assert!(
            after.iter().any(|u| u == url),
            "{url} not requested: {after:#?}"
        );
        if !marker.is_empty() {
            let found = format!("return !!document.querySelector({marker:?});");
            assert_eq!(browser.eval(&found).await, json!(true), "{marker}");
        }
    }
    assert_eq!(
        browser.eval(IDS).await,
        json!({
            "hightouch": "ht-ugs-key",
            "mixpanel": "mp-ugs-token",
            "posthog": "phc_ugs",
            "posthogHost": "https://eu.i.posthog.com",
            "intercom": "icugs",
            "ga4": ["config", "G-UGS12345"],
        })
    );
    save_screenshot(&browser, "analytics-after-consent").await;
    // Consent given, the next page loads them at once.
    browser.goto(&site.url("users/update/")).await;
    browser
        .wait_until(&format!("{INSERTED} === {}", LOADERS.len()))
        .await;
    let next = browser.requested_urls();
    assert!(next.iter().any(|u| u == LOADERS[6].0), "{next:#?}");
    // Withdrawn, nothing loads.
    browser
        .eval("localStorage.setItem('ugs-consent', 'denied'); return null;")
        .await;
    browser.goto(&site.url("quickstart/")).await;
    browser
        .wait_until("document.getElementById('sheaf-analytics') !== null")
        .await;
    assert_eq!(browser.eval(&format!("return {INSERTED};")).await, json!(0));
    assert!(third_party(&browser.requested_urls()).is_empty());
    browser.close().await;
}
