use serde_json::json;

use super::*;

fn config(analytics: Value) -> SiteConfig {
    serde_json::from_value(
        json!({"name": "User Group Service", "navigation": [], "analytics": analytics}),
    )
    .expect("a config")
}

fn keys(integrations: &Integrations) -> Vec<&str> {
    integrations.providers.iter().map(|(k, _)| *k).collect()
}

#[test]
fn every_provider_loads_with_its_id_and_a_note() {
    let mut all = Map::new();
    for provider in &PROVIDERS {
        let mut settings = Map::new();
        for field in provider.fields {
            let value = match field.kind {
                Kind::Id => json!("ID-1"),
                Kind::Url => json!("https://assets.example.com"),
                Kind::Host => json!("stats.example.com"),
                Kind::Flag => json!(true),
            };
            settings.insert(field.name.into(), value);
        }
        all.insert(provider.key.into(), settings.into());
    }
    let (integrations, problems) = resolve(&config(all.into()));
    assert_eq!(keys(&integrations).len(), PROVIDERS.len());
    assert_eq!(problems.len(), PROVIDERS.len(), "{problems:#?}");
    assert!(problems
        .iter()
        .all(|p| !p.warning && p.message.contains("loads on every built page")));
    let plausible = &integrations
        .providers
        .iter()
        .find(|(k, _)| *k == "plausible")
        .unwrap()
        .1;
    assert_eq!(plausible["server"], json!("https://stats.example.com"));
}

#[test]
fn a_number_id_is_read_as_text_and_a_script_in_an_id_is_refused() {
    let (integrations, problems) = resolve(&config(json!({
        "hotjar": {"hjid": 3412, "hjsv": 6},
        "ga4": {"measurementId": "G-1\"></script><script>alert(1)</script>"}
    })));
    assert_eq!(keys(&integrations), ["hotjar"]);
    assert_eq!(integrations.providers[0].1["hjid"], json!("3412"));
    let refused = problems.iter().find(|p| p.warning).expect("a warning");
    assert_eq!(refused.pointer, "/analytics/ga4/measurementId");
    assert!(refused.message.contains("Google Analytics 4 is not loaded"));
}

#[test]
fn a_url_setting_must_be_https() {
    let (integrations, problems) = resolve(&config(json!({
        "posthog": {"apiKey": "phc_1", "apiHost": "javascript:alert(1)"},
        "adobe": {"launchUrl": "http://assets.adobedtm.com/launch.js"}
    })));
    assert!(integrations.is_empty());
    let pointers: Vec<&str> = problems.iter().map(|p| p.pointer.as_str()).collect();
    assert_eq!(
        pointers,
        ["/analytics/adobe/launchUrl", "/analytics/posthog/apiHost"]
    );
}

#[test]
fn a_missing_id_an_unknown_provider_and_consent() {
    let (integrations, problems) = resolve(&config(json!({
        "ga4": {},
        "matomo": {"siteId": "1"},
        "cookies": {"key": "consent", "value": "granted"},
        "segment": {"key": "abc"}
    })));
    assert_eq!(keys(&integrations), ["segment"]);
    assert_eq!(
        integrations.consent,
        Some(("consent".into(), "granted".into()))
    );
    let messages: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].contains("needs `measurementId`"));
    assert!(messages[1].contains("`matomo` is not one sheaf loads"));
    assert!(messages[2].contains("once local storage holds `consent` = `granted`"));
    assert_eq!(
        integrations.to_json(),
        json!({"consent": {"key": "consent", "value": "granted"}, "providers": [["segment", {"key": "abc"}]]})
    );
}

#[test]
fn telemetry_off_loads_nothing() {
    let (integrations, problems) = resolve(&config(json!({
        "ga4": {"measurementId": "G-1"},
        "telemetry": {"enabled": false}
    })));
    assert!(integrations.is_empty());
    assert_eq!(problems.len(), 1);
    assert!(problems[0].message.contains("no integration is loaded"));
}

#[test]
fn mint_json_chat_integrations_join_the_analytics() {
    let config: SiteConfig = serde_json::from_value(json!({
        "name": "User Group Service",
        "navigation": [],
        "analytics": {"gtm": {"tagId": "GTM-1"}},
        "integrations": {"intercom": "abc"}
    }))
    .unwrap();
    let (integrations, problems) = resolve(&config);
    assert_eq!(keys(&integrations), ["gtm", "intercom"]);
    assert_eq!(problems[1].pointer, "/integrations/intercom");
    assert_eq!(integrations.providers[1].1["appId"], json!("abc"));
}
