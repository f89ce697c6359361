//! The docs.json conversion, construct by construct.

use serde_json::{json, Value};

use super::convert;
use crate::config::{AnchorDisplay, SiteConfig};

/// The converted value, deserialised as the site model reads it.
fn site(docs: Value) -> (SiteConfig, super::Conversion) {
    let (value, conversion) = convert(&docs);
    let config = serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}: {value:#}"));
    (config, conversion)
}

#[test]
fn tabs_hold_their_groups_and_links_are_external_tabs() {
    let (config, conversion) = site(json!({
        "name": "X", "theme": "mint", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [
            {"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro"]}]},
            {"tab": "API", "groups": [{"group": "Users", "pages": ["api/users"]}]},
            {"tab": "Blog", "href": "https://example.com/blog"}
        ]}
    }));
    let tabs: Vec<(&str, &str)> = config
        .tabs
        .iter()
        .map(|t| (t.name.as_str(), t.url.as_str()))
        .collect();
    assert_eq!(
        tabs,
        [
            ("Guides", ""),
            ("API", ""),
            ("Blog", "https://example.com/blog")
        ]
    );
    assert!(config.top_anchor.is_none());
    assert_eq!(config.navigation[0].tab, Some(0));
    assert_eq!(config.navigation[1].tab, Some(1));
    assert_eq!(
        conversion.aliases.get("/navigation/1").map(String::as_str),
        Some("/navigation/tabs/1/groups/0")
    );
}

#[test]
fn first_tab_stays_a_tab_when_groups_lie_outside_every_tab() {
    let (config, _) = site(json!({
        "name": "X",
        "navigation": {
            "tabs": [{"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro"]}]}],
            "groups": [{"group": "Loose", "pages": ["other"]}]
        }
    }));
    assert_eq!(config.tabs.len(), 1);
    assert!(config.top_anchor.is_none());
    assert_eq!(config.navigation[0].tab, Some(0));
    assert_eq!(config.navigation[1].tab, None);
}

#[test]
fn anchor_icon_types_and_github_button_labels_are_kept() {
    let (config, _) = site(json!({
        "name": "X",
        "navbar": {"primary": {"type": "github", "label": "Star us", "href": "https://github.com/o/r"}},
        "navigation": {"anchors": [
            {"anchor": "A", "icon": "code", "iconType": "brands", "pages": ["a"]},
            {"anchor": "B", "iconType": "sharp-thin", "href": "https://b.example"}
        ]}
    }));
    assert_eq!(
        config.anchors[0].icon_type,
        Some(crate::config::IconType::Brands)
    );
    assert_eq!(config.anchors[1].icon_type, None, "a style the model lacks");
    let cta = config.topbar_cta_button.unwrap();
    assert_eq!(cta.name.as_deref(), Some("Star us"));
}

#[test]
fn anchors_dropdowns_products_and_menus_become_sections() {
    let (config, _) = site(json!({
        "name": "X",
        "navigation": {
            "dropdowns": [{"dropdown": "SDKs", "icon": "code", "groups": [{"group": "Py", "pages": ["py"]}]}],
            "anchors": [{"anchor": "Docs", "color": {"light": "#ff0000"}, "pages": ["intro"]}],
            "global": {"anchors": [{"anchor": "Status", "href": "https://status.example.com"}]}
        }
    }));
    let anchors: Vec<&str> = config.anchors.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(anchors, ["SDKs", "Docs", "Status"]);
    assert_eq!(config.anchors[2].url, "https://status.example.com");
    assert_eq!(config.navigation[0].anchor, Some(0));
    assert_eq!(config.navigation[1].anchor, Some(1));
    assert_eq!(
        config.navigation[1].group, "",
        "loose pages form an unnamed group"
    );
}

#[test]
fn menus_belong_to_their_tab_and_tabs_to_their_product() {
    let (config, _) = site(json!({
        "name": "X",
        "navigation": {"products": [
            {"product": "Platform", "groups": [{"group": "P", "pages": ["p"]}]},
            {"product": "Agents", "tabs": [{"tab": "Tools", "menu": [
                {"item": "API", "pages": ["api"]},
                {"item": "SDKs", "pages": ["sdk"]}
            ]}]}
        ]}
    }));
    let displays: Vec<(&str, AnchorDisplay, Option<usize>)> = config
        .anchors
        .iter()
        .map(|a| (a.name.as_str(), a.display, a.tab))
        .collect();
    assert_eq!(
        displays,
        [
            ("Platform", AnchorDisplay::Selector, None),
            ("Agents", AnchorDisplay::Selector, None),
            ("API", AnchorDisplay::Menu, Some(0)),
            ("SDKs", AnchorDisplay::Menu, Some(0)),
        ]
    );
    assert_eq!(config.tabs[0].anchor, Some(1), "the tab belongs to Agents");
}

#[test]
fn api_params_expanded_all_opens_nested_fields() {
    let (config, conversion) = site(
        json!({"name": "X", "navigation": {"pages": ["a"]}, "api": {"params": {"expanded": "all"}}}),
    );
    assert!(config.api.unwrap().params_expanded);
    assert!(conversion
        .notes
        .iter()
        .all(|n| !n.pointer.contains("params")));
    let (config, _) = site(
        json!({"name": "X", "navigation": {"pages": ["a"]}, "api": {"params": {"expanded": "closed"}}}),
    );
    assert!(!config.api.unwrap().params_expanded);
}

#[test]
fn seo_indexing_all_indexes_hidden_pages() {
    let (config, _) =
        site(json!({"name": "X", "navigation": {"pages": ["a"]}, "seo": {"indexing": "all"}}));
    assert!(config.seo.index_hidden_pages);
    let (config, _) = site(
        json!({"name": "X", "navigation": {"pages": ["a"]}, "seo": {"indexing": "navigable"}}),
    );
    assert!(!config.seo.index_hidden_pages);
}

#[test]
fn versions_and_languages_tag_their_groups() {
    let (config, _) = site(json!({
        "name": "X",
        "navigation": {"languages": [
            {"language": "en", "versions": [
                {"version": "v1", "groups": [{"group": "A", "pages": ["en/v1/a"]}]},
                {"version": "v2", "default": true, "groups": [{"group": "A", "pages": ["en/v2/a"]}]}
            ]},
            {"language": "es", "versions": [
                {"version": "v2", "groups": [{"group": "A", "pages": ["es/v2/a"]}]}
            ]}
        ]}
    }));
    let names: Vec<&str> = config.versions.iter().map(|v| v.name()).collect();
    assert_eq!(names, ["v2", "v1"], "the default version first, each once");
    let languages: Vec<&str> = config.languages.iter().map(|l| l.code.as_str()).collect();
    assert_eq!(languages, ["en", "es"]);
    let tags: Vec<(Option<&str>, Option<&str>)> = config
        .navigation
        .iter()
        .map(|g| (g.language.as_deref(), g.version.as_deref()))
        .collect();
    assert_eq!(
        tags,
        [
            (Some("en"), Some("v1")),
            (Some("en"), Some("v2")),
            (Some("es"), Some("v2"))
        ]
    );
}

#[test]
fn group_flags_and_openapi_nodes_are_kept() {
    let (config, conversion) = site(json!({
        "name": "X",
        "navigation": {"tabs": [
            {"tab": "API", "openapi": "openapi.json", "groups": [
                {"group": "Users", "tag": "NEW", "expanded": true, "root": "api/index",
                 "pages": ["GET /users", {"group": "Hidden", "hidden": true, "pages": ["x"]}]}
            ]},
            {"tab": "Spec", "openapi": {"source": "other.yaml", "directory": "ref"}}
        ]}
    }));
    let users = &config.navigation[0];
    assert_eq!(users.tag.as_deref(), Some("NEW"));
    assert!(users.expanded);
    assert_eq!(users.root.as_deref(), Some("api/index"));
    match &users.pages[0] {
        crate::config::NavEntry::Page(entry) => assert_eq!(entry, "openapi.json GET /users"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(&users.pages[1], crate::config::NavEntry::Group(g) if g.hidden));
    let spec_group = &config.navigation[1];
    assert_eq!(spec_group.openapi.as_deref(), Some("other.yaml"));
    assert_eq!(spec_group.tab, Some(1));
    let specs = config.openapi.unwrap().to_vec();
    assert_eq!(specs, ["openapi.json", "other.yaml"]);
    assert_eq!(
        conversion.aliases.get("/openapi/1").map(String::as_str),
        Some("/navigation/tabs/1/openapi")
    );
}

#[test]
fn asyncapi_nodes_become_groups_and_every_document_is_listed() {
    let (config, conversion) = site(json!({
        "name": "X",
        "api": {"asyncapi": ["shared.yaml"]},
        "navigation": {"tabs": [
            {"tab": "Events", "asyncapi": "events.yaml"},
            {"tab": "More", "groups": [
                {"group": "Sockets", "asyncapi": {"source": "ws.json", "directory": "sockets"}, "pages": []}
            ]}
        ]}
    }));
    let events = &config.navigation[0];
    assert_eq!(events.asyncapi.as_deref(), Some("events.yaml"));
    assert_eq!((events.group.as_str(), events.tab), ("", Some(0)));
    let sockets = &config.navigation[1];
    assert_eq!(sockets.asyncapi.as_deref(), Some("ws.json"));
    assert_eq!(sockets.directory.as_deref(), Some("sockets"));
    assert_eq!(config.asyncapi, ["events.yaml", "ws.json", "shared.yaml"]);
    assert_eq!(
        conversion.aliases.get("/asyncapi/0").map(String::as_str),
        Some("/navigation/tabs/0/asyncapi")
    );
    assert!(conversion.notes.is_empty(), "{:?}", conversion.notes);
}

#[test]
fn top_level_keys_map_onto_the_site_model() {
    let (config, conversion) = site(json!({
        "name": "X", "theme": "maple", "description": "About X",
        "colors": {"primary": "#112233", "light": "#445566", "dark": "#778899"},
        "logo": {"light": "/l.svg"},
        "favicon": {"light": "/f.png", "dark": "/fd.png"},
        "background": {"color": {"dark": "#000000"}, "image": "/bg.png"},
        "appearance": {"default": "dark", "strict": true},
        "navbar": {"links": [{"label": "Blog", "href": "https://b"}],
                   "primary": {"type": "github", "href": "https://github.com/o/r"}},
        "footer": {"socials": {"x": "https://x.com/o"},
                   "links": [{"header": "More", "items": [{"label": "Jobs", "href": "https://j"}]}]},
        "banner": {"content": "**Hi**", "dismissible": true},
        "seo": {"metatags": {"og:title": "X"}},
        "search": {"prompt": "Ask"},
        "contextual": {"options": ["copy", "claude", "assistant"]},
        "errors": {"404": {"title": "Lost", "description": "Nothing here"}},
        "api": {"mdx": {"server": "https://api.x", "auth": {"method": "key", "name": "X-Key"}},
                "playground": {"display": "none"}, "examples": {"languages": ["curl", "python"]}},
        "integrations": {"ga4": {"measurementId": "G-1"}},
        "navigation": {"pages": ["intro"]}
    }));
    assert_eq!(config.description.as_deref(), Some("About X"));
    assert_eq!(config.logo.as_ref().unwrap().dark(), "/l.svg");
    assert_eq!(config.favicon.as_deref(), Some("/f.png"));
    let colors = config.colors.as_ref().unwrap();
    assert_eq!(
        colors.background.as_ref().unwrap().dark.as_deref(),
        Some("#000000")
    );
    assert_eq!(config.background_image.as_deref(), Some("/bg.png"));
    assert_eq!(config.mode_toggle.default, Some(crate::config::Mode::Dark));
    assert!(config.mode_toggle.is_hidden);
    assert_eq!(config.topbar_links[0].name, "Blog");
    assert_eq!(
        config.topbar_cta_button.as_ref().unwrap().kind,
        crate::config::CtaType::Github
    );
    assert_eq!(
        config.socials(),
        [("x".to_string(), "https://x.com/o".to_string())]
    );
    assert_eq!(config.footer_links[0].items[0].name, "Jobs");
    assert!(config.banner.as_ref().unwrap().dismissible);
    assert_eq!(config.metadata["og:title"], "X");
    assert_eq!(config.search_prompt.as_deref(), Some("Ask"));
    assert_eq!(config.contextual.len(), 2);
    let not_found = config.not_found.as_ref().unwrap();
    assert_eq!(not_found.title.as_deref(), Some("Lost"));
    assert!(
        not_found.redirect,
        "Mintlify's default: unknown paths go home"
    );
    let api = config.api.as_ref().unwrap();
    assert_eq!(api.base_urls(), ["https://api.x"]);
    assert_eq!(api.auth.as_ref().unwrap().name.as_deref(), Some("X-Key"));
    assert_eq!(api.playground.mode, crate::config::PlaygroundMode::Hide);
    assert_eq!(api.examples_languages, ["curl", "python"]);
    let noted: Vec<&str> = conversion
        .notes
        .iter()
        .map(|n| n.pointer.as_str())
        .collect();
    assert_eq!(noted, ["/contextual/options/2"]);
    assert!(
        !config.analytics.is_empty(),
        "integrations are kept as analytics"
    );
    assert_eq!(
        config.theme_name(),
        crate::config::ThemeName::Maple,
        "the theme is drawn"
    );
}

#[test]
fn api_examples_defaults_picks_the_properties_of_generated_examples() {
    use crate::config::ExampleDefaults;
    let docs = |examples: Value| json!({"name": "X", "navigation": {"pages": ["a"]}, "api": {"examples": examples}});
    let (config, _) = site(docs(json!({"defaults": "required"})));
    assert_eq!(
        config.api.unwrap().examples_defaults,
        ExampleDefaults::Required
    );
    let (config, _) = site(docs(json!({"languages": ["curl"]})));
    assert_eq!(config.api.unwrap().examples_defaults, ExampleDefaults::All);
}

#[test]
fn api_playground_proxy_false_turns_the_preview_proxy_off() {
    let docs = |playground: Value| json!({"name": "X", "navigation": {"pages": ["a"]}, "api": {"playground": playground}});
    let (config, _) = site(docs(json!({"display": "simple", "proxy": false})));
    let api = config.api.unwrap();
    assert!(!api.playground.proxy);
    assert_eq!(api.playground.mode, crate::config::PlaygroundMode::Simple);
    let (config, _) = site(docs(json!({"display": "interactive"})));
    assert!(config.api.unwrap().playground.proxy, "on by default");
}

#[test]
fn a_playground_for_signed_in_readers_shows_no_try_it_on_a_static_site() {
    let docs = json!({"name": "X", "navigation": {"pages": ["a"]},
        "api": {"playground": {"display": "auth"}}});
    let (config, conversion) = site(docs);
    assert_eq!(
        config.api.unwrap().playground.mode,
        crate::config::PlaygroundMode::Simple
    );
    let note = conversion
        .notes
        .iter()
        .find(|n| n.pointer == "/api/playground/display")
        .expect("a note at the value");
    assert!(
        note.message.contains("signed-in readers"),
        "{}",
        note.message
    );
}

#[test]
fn a_404_redirect_can_be_turned_off() {
    let (config, conversion) = site(json!({
        "name": "X", "theme": "mint", "colors": {"primary": "#112233"},
        "errors": {"404": {"redirect": false}},
        "navigation": {"pages": ["intro"]}
    }));
    assert!(!config.not_found.is_some_and(|n| n.redirect));
    assert_eq!(
        conversion
            .aliases
            .get("/notFound/redirect")
            .map(String::as_str),
        Some("/errors/404/redirect")
    );
}

#[test]
fn a_language_keeps_its_own_navbar_footer_and_banner() {
    let (config, conversion) = site(json!({
        "name": "X", "theme": "mint", "colors": {"primary": "#112233"},
        "navbar": {"links": [{"label": "Blog", "href": "https://b"}]},
        "navigation": {"languages": [
            {"language": "en", "groups": [{"group": "G", "pages": ["intro"]}]},
            {"language": "fr",
             "navbar": {"links": [{"label": "Le blog", "href": "https://b/fr"}]},
             "footer": {"socials": {"x": "https://x.com/fr"}},
             "banner": {"content": "Bonjour"},
             "groups": [{"group": "G", "pages": ["fr/intro"]}]}
        ]}
    }));
    assert_eq!(config.topbar_links[0].name, "Blog");
    assert!(
        config.for_language("en").is_none(),
        "English has none of its own"
    );
    let french = config.for_language("fr").unwrap();
    assert_eq!(french.topbar_links[0].name, "Le blog");
    assert_eq!(french.socials(), [("x".into(), "https://x.com/fr".into())]);
    assert_eq!(french.banner.unwrap().content, "Bonjour");
    assert_eq!(
        conversion
            .aliases
            .get("/languages/1/topbarLinks/0/url")
            .map(String::as_str),
        Some("/navigation/languages/1/navbar/links/0/href")
    );
}
