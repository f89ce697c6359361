//! `migrate`, construct by construct; `tests/migrate.rs` reads whole sites
//! back through the loader.

use serde_json::{json, Value};

use super::migrate;
use crate::config::SiteConfig;
use crate::sources::SourceFiles;

/// Migrates `site` (a site.json value) with the pages `pages` on disk.
fn migrated(site: Value, pages: &[&str]) -> super::Migration {
    let dir = tempfile::tempdir().unwrap();
    for page in pages {
        let path = dir.path().join(format!("{page}.mdx"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "# Page").unwrap();
    }
    let config: SiteConfig = serde_json::from_value(site).unwrap();
    migrate(&config, &SourceFiles::scan(dir.path()))
}

fn fields(migration: &super::Migration) -> Vec<&str> {
    migration
        .left_out
        .iter()
        .map(|l| l.field.as_str())
        .collect()
}

#[test]
fn flat_fields_map_onto_docs_json_keys() {
    let m = migrated(
        json!({
            "name": "X", "colors": {"primary": "#112233", "background": {"dark": "#000000"}},
            "modeToggle": {"default": "dark", "isHidden": true},
            "topbarLinks": [{"name": "Blog", "url": "https://b"}],
            "topbarCtaButton": {"url": "https://app", "name": "Sign in"},
            "api": {"baseUrl": "https://api", "auth": {"method": "key", "name": "K", "inputPrefix": "T "},
                    "playground": {"mode": "hide", "proxy": false}, "maintainOrder": true},
            "seo": {"indexHiddenPages": true},
            "openapi": ["a.yaml", "b.yaml"],
            "metadata": {"og:title": "X"}, "searchPrompt": "Ask", "notFound": {"title": "Lost"},
            "navigation": [{"group": "A", "pages": ["a"]}]
        }),
        &["a"],
    );
    let docs = &m.docs;
    let keys: Vec<&str> = docs
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(&keys[..4], ["$schema", "theme", "name", "colors"]);
    assert_eq!(docs["theme"], "mint");
    assert_eq!(docs["background"]["color"], json!({"dark": "#000000"}));
    assert_eq!(
        docs["appearance"],
        json!({"default": "dark", "strict": true})
    );
    assert_eq!(
        docs["navbar"]["links"][0],
        json!({"label": "Blog", "href": "https://b"})
    );
    assert_eq!(
        docs["navbar"]["primary"],
        json!({"type": "button", "label": "Sign in", "href": "https://app"})
    );
    assert_eq!(
        docs["api"]["playground"],
        json!({"display": "none", "proxy": false})
    );
    assert_eq!(docs["seo"]["indexing"], "all");
    assert_eq!(
        docs["api"]["mdx"],
        json!({"auth": {"method": "key", "name": "K"}, "server": "https://api"})
    );
    assert_eq!(docs["api"]["openapi"], json!(["a.yaml", "b.yaml"]));
    assert_eq!(docs["seo"]["metatags"]["og:title"], "X");
    assert_eq!(docs["search"]["prompt"], "Ask");
    assert_eq!(docs["errors"]["404"]["title"], "Lost");
    assert_eq!(fields(&m), ["api.auth.inputPrefix", "api.maintainOrder"]);
}

#[test]
fn groups_go_into_the_tab_of_their_first_page() {
    let m = migrated(
        json!({
            "name": "X", "colors": {"primary": "#112233"},
            "topAnchor": {"name": "Guides"},
            "tabs": [{"name": "API", "url": "api"}, {"name": "Blog", "url": "https://blog"}],
            "navigation": [
                {"group": "Start", "pages": ["missing/page", "intro"]},
                {"group": "Ref", "pages": [{"group": "Inner", "pages": ["api/users"]}]},
                {"group": "Ops", "pages": ["GET /users", "api/orders"]}
            ]
        }),
        &["intro", "api/users", "api/orders"],
    );
    let tabs = &m.docs["navigation"]["tabs"];
    assert_eq!(tabs[0]["tab"], "Guides");
    let first_tab: Vec<&Value> = tabs[0]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["group"])
        .collect();
    assert_eq!(
        first_tab,
        ["Start", "Ops"],
        "an operation entry lies in no folder"
    );
    assert_eq!(tabs[1]["tab"], "API");
    assert_eq!(tabs[1]["groups"][0]["pages"][0]["group"], "Inner");
    assert_eq!(tabs[2], json!({"tab": "Blog", "href": "https://blog"}));
}

#[test]
fn versions_are_declared_first_and_nest_their_groups() {
    let m = migrated(
        json!({
            "name": "X", "colors": {"primary": "#112233"},
            "versions": ["v2", "v1", {"name": "v0", "url": "https://old"}],
            "tabs": [{"name": "API", "url": "api"}],
            "navigation": [
                {"group": "New", "version": "v2", "pages": ["api/new"]},
                {"group": "All", "pages": ["api/all"]}
            ]
        }),
        &["api/new", "api/all"],
    );
    let nav = &m.docs["navigation"];
    assert_eq!(
        nav["versions"],
        json!([{"version": "v2", "default": true}, {"version": "v1"}, {"version": "v0", "href": "https://old"}])
    );
    // Every group is in a tab: no empty first tab is written before `API`.
    assert_eq!(nav["tabs"].as_array().unwrap().len(), 1);
    let api = &nav["tabs"][0];
    assert_eq!(api["versions"][0]["version"], "v2");
    assert_eq!(api["versions"][0]["groups"][0]["group"], "New");
    assert_eq!(api["groups"][0]["group"], "All");
}

#[test]
fn anchors_without_tabs_keep_their_order_and_say_what_is_lost() {
    let m = migrated(
        json!({
            "name": "X", "colors": {"primary": "#112233", "anchors": "#ff0000"},
            "anchors": [
                {"name": "Site", "url": "https://x", "icon": "globe", "isDefaultHidden": true},
                {"name": "Guides", "url": "guides", "color": {"from": "#111111", "to": "#222222"}}
            ],
            "navigation": [{"group": "G", "pages": ["guides/a"]}, {"group": "H", "pages": ["b"]}]
        }),
        &["guides/a", "guides/unlisted", "b"],
    );
    let nav = &m.docs["navigation"];
    // The groups of no anchor first, in an anchor of their own, as
    // Mintlify's upgrade writes them.
    assert_eq!(
        nav["anchors"][0],
        json!({"anchor": "Documentation", "icon": "book-open", "groups": [{"group": "H", "pages": ["b"]}]})
    );
    assert_eq!(
        nav["anchors"][1],
        json!({"anchor": "Site", "icon": "globe", "href": "https://x"})
    );
    assert_eq!(nav["anchors"][2]["color"], "#111111");
    assert_eq!(nav["anchors"][2]["groups"][0]["group"], "G");
    assert!(nav.get("groups").is_none());
    assert!(nav.get("global").is_none());
    assert_eq!(
        fields(&m),
        [
            "colors.anchors",
            "anchors[1].url",
            "topAnchor",
            "anchors[0].isDefaultHidden",
            "anchors[1].color.to"
        ]
    );
}

#[test]
fn a_group_spec_beside_its_own_pages_is_reported() {
    let m = migrated(
        json!({
            "name": "X", "colors": {"primary": "#112233"},
            "navigation": [
                {"group": "Spec", "openapi": "a.yaml", "pages": []},
                {"group": "Both", "openapi": "b.yaml", "pages": ["p"]}
            ]
        }),
        &["p"],
    );
    assert_eq!(m.docs["navigation"]["groups"][0]["openapi"], "a.yaml");
    assert!(m.docs["navigation"]["groups"][1].get("openapi").is_none());
    assert_eq!(fields(&m), ["navigation[1].openapi"]);
}

#[test]
fn legacy_theme_and_layout_become_the_theme_mintlify_upgrades_them_to() {
    for (extra, theme) in [
        (json!({"theme": "venus"}), "palm"),
        (json!({"theme": "quill"}), "willow"),
        (json!({"theme": "prism"}), "mint"),
        (json!({"theme": "prism", "layout": "sidenav"}), "maple"),
        (json!({"layout": "solidSidenav"}), "willow"),
    ] {
        let mut site = json!({"name": "X", "navigation": [{"group": "A", "pages": ["a"]}]});
        for (key, value) in extra.as_object().unwrap() {
            site[key] = value.clone();
        }
        assert_eq!(migrated(site, &["a"]).docs["theme"], theme, "{extra}");
    }
}

/// The pages of a docs.json navigation, in the order a reader meets them.
fn pages_in_order(nav: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for key in [
        "languages",
        "versions",
        "tabs",
        "anchors",
        "groups",
        "pages",
    ] {
        for item in nav[key].as_array().into_iter().flatten() {
            match item.as_str() {
                Some(page) => out.push(page.to_string()),
                None => out.extend(pages_in_order(item)),
            }
        }
    }
    out
}

/// A site modelled on a real one: tabs by folder, an external anchor and an
/// anchor holding the API groups; no tab's folder is under an anchor's and
/// no anchor's under a tab's.
fn tabs_and_anchors() -> Value {
    json!({
        "name": "X", "colors": {"primary": "#112233"},
        "tabs": [
            {"name": "Documentation", "url": "content"},
            {"name": "Examples", "url": "examples"}
        ],
        "anchors": [
            {"name": "Dashboard", "url": "https://app.x", "icon": "chart-simple"},
            {"name": "API Reference", "url": "api-reference", "icon": "square-terminal"}
        ],
        "navigation": [
            {"group": "Get Started", "pages": ["overview"]},
            {"group": "API", "pages": ["api-reference/overview"]},
            {"group": "Examples", "pages": ["examples/one"]}
        ]
    })
}

#[test]
fn anchors_nest_tabs_when_they_are_the_more_inclusive_division() {
    let m = migrated(
        tabs_and_anchors(),
        &["overview", "api-reference/overview", "examples/one"],
    );
    let nav = &m.docs["navigation"];
    // Mintlify's upgrade: a first anchor holds the tabs, the tab of no
    // folder first; the other anchors follow in their order.
    assert_eq!(
        nav["anchors"][0],
        json!({"anchor": "Documentation", "icon": "book-open", "tabs": [
            {"tab": "Documentation", "groups": [{"group": "Get Started", "pages": ["overview"]}]},
            {"tab": "Examples", "groups": [{"group": "Examples", "pages": ["examples/one"]}]}
        ]})
    );
    assert_eq!(nav["anchors"][1]["href"], "https://app.x");
    assert_eq!(nav["anchors"][2]["anchor"], "API Reference");
    assert!(nav.get("tabs").is_none() && nav.get("global").is_none());
    assert_eq!(
        pages_in_order(nav),
        ["overview", "examples/one", "api-reference/overview"]
    );
    // The site's own "Documentation" tab holds no group: it is not written
    // beside the first tab of the same name, and that is said.
    assert_eq!(fields(&m), ["tabs[0]"]);
}

#[test]
fn the_more_inclusive_division_follows_mintlifys_rule() {
    let nests = |tabs: &[&str], anchors: &[&str]| {
        let mut site = tabs_and_anchors();
        site["tabs"] = json!(tabs
            .iter()
            .map(|u| json!({"name": u, "url": u}))
            .collect::<Vec<_>>());
        site["anchors"] = json!(anchors
            .iter()
            .map(|u| json!({"name": u, "url": u}))
            .collect::<Vec<_>>());
        let config: SiteConfig = serde_json::from_value(site).unwrap();
        super::anchors_nest_tabs(&config)
    };
    // No division under another's folder: anchors on a tie.
    assert!(nests(
        &["content", "examples"],
        &["https://a", "api-reference"]
    ));
    // Every tab under an anchor: tabs on top.
    assert!(!nests(&["api/v1", "api/v2"], &["api", "guides"]));
    // Every anchor under a tab: anchors on top.
    assert!(nests(&["guides"], &["guides/advanced"]));
    // More tabs under anchors than anchors under tabs: tabs on top.
    assert!(!nests(&["a/x", "b/y", "c"], &["a", "b", "c/z", "d"]));
    // Anchors that are all external links are global: tabs on top.
    assert!(!nests(&["content"], &["https://a", "https://b"]));
    // No tabs: nothing to nest.
    assert!(!nests(&[], &["api-reference"]));
}
