//! Tests of the whole theme: a small site on disk, its `site.json` written
//! in code, and assertions on the HTML of its pages, one per `site.json`
//! field or behaviour.

use std::path::Path;
use std::time::Instant;

use serde_json::{json, Value};
use tempfile::TempDir;

use super::*;
use crate::config::SiteConfig;

const PAGES: &[(&str, &str)] = &[
    (
        "index.mdx",
        "---\ntitle: Welcome\ndescription: Start here\n---\nHello",
    ),
    (
        "quickstart.mdx",
        "---\ntitle: Quickstart\nsidebarTitle: Quick start\nicon: rocket\n---\nGo",
    ),
    ("guides/one.mdx", "---\ntitle: Guide one\n---\nOne"),
    (
        "guides/deep/two.mdx",
        "---\ntitle: Guide two\nmode: wide\n---\nTwo",
    ),
    (
        "api/get-user.mdx",
        "---\ntitle: Get user\napi: GET https://x.dev/api/user\n---\nAPI",
    ),
    (
        "api/v2/list.mdx",
        "---\ntitle: List v2\nversion: v2\n---\nList",
    ),
];

fn base_config() -> Value {
    json!({
        "name": "Acme Docs",
        "navigation": [
            {"group": "Get started", "pages": ["index", "quickstart"]},
            {"group": "Guides", "icon": "book", "pages": [
                "guides/one", {"group": "Deep dive", "pages": ["guides/deep/two"]}
            ]},
            {"group": "API", "pages": ["api/get-user"]},
            {"group": "API v2", "version": "v2", "pages": ["api/v2/list"]}
        ]
    })
}

/// `base_config()` with `extra` merged in at the top level.
fn config_with(extra: Value) -> Value {
    let mut config = base_config();
    for (key, value) in extra.as_object().expect("object") {
        config[key] = value.clone();
    }
    config
}

struct Fixture {
    _dir: TempDir,
    site: Site,
    theme: Theme,
}

impl Fixture {
    fn new(config: Value) -> Fixture {
        Fixture::with_files(config, &[])
    }

    fn with_files(config: Value, extra_files: &[(&str, &str)]) -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in PAGES.iter().chain(extra_files) {
            write(dir.path(), path, text);
        }
        let site = load(dir.path(), config);
        let theme = Theme::new(&site).expect("theme builds");
        Fixture {
            _dir: dir,
            site,
            theme,
        }
    }

    fn page(&self, slug: &str) -> String {
        self.page_with(slug, &PageContent::default())
    }

    /// The theme's bundled stylesheet, site rules included.
    fn stylesheet(&self) -> String {
        String::from_utf8(self.theme.css.bytes.clone()).unwrap()
    }

    fn page_with(&self, slug: &str, content: &PageContent) -> String {
        let page = self.site.page_by_slug(slug).expect(slug);
        self.theme.render_page(&self.site, page, content).unwrap()
    }
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn load(root: &Path, config: Value) -> Site {
    let config: SiteConfig = serde_json::from_value(config).unwrap();
    Site::load(&crate::sources::SourceFiles::scan(root), config, &|_| None).0
}

/// The part of `html` from the first `start` to the next `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html.find(start).unwrap_or_else(|| panic!("no {start}"));
    let rest = &html[from..];
    &rest[..rest.find(end).map_or(rest.len(), |e| e + end.len())]
}

fn toc() -> PageContent {
    PageContent {
        html: "<h2 id=intro>Intro</h2>".into(),
        toc: vec![
            TocEntry {
                level: 2,
                id: "intro".into(),
                text: "Intro".into(),
            },
            TocEntry {
                level: 3,
                id: "detail".into(),
                text: "Detail <b>".into(),
            },
            TocEntry {
                level: 4,
                id: "deep".into(),
                text: "Too deep".into(),
            },
        ],
        ..PageContent::default()
    }
}

#[test]
fn theme_is_sync_and_send() {
    fn assert_sync<T: Sync + Send>() {}
    assert_sync::<Theme>();
}

#[test]
fn name_is_the_title_suffix_and_the_logo_text() {
    let html = Fixture::new(base_config()).page("quickstart");
    assert!(html.contains("<title>Quickstart - Acme Docs</title>"));
    assert!(html.contains("<span class=logo-text>Acme Docs</span>"));
    assert!(html.contains("<meta property=og:site_name content=\"Acme Docs\">"));
}

#[test]
fn single_logo_is_an_image_linking_home() {
    let config = config_with(json!({"logo": "/logo.svg"}));
    let html = Fixture::with_files(config, &[("logo.svg", "<svg/>")]).page("guides/one");
    assert!(html.contains(
        "<a class=\"logo nav-logo\" href=../../><img src=../../logo.svg alt=\"Acme Docs\"></a>"
    ));
}

#[test]
fn light_and_dark_logos_swap_and_href_is_honoured() {
    let logo = json!({"logo": {"light": "/l.svg", "dark": "/d.svg", "href": "https://acme.dev"}});
    let files = [("l.svg", "<svg/>"), ("d.svg", "<svg/>")];
    let html = Fixture::with_files(config_with(logo), &files).page("quickstart");
    assert!(html.contains("<a class=\"logo nav-logo\" href=https://acme.dev>"));
    assert!(html.contains("<img class=logo-light src=../l.svg alt=\"Acme Docs\">"));
    assert!(html.contains("<img class=logo-dark src=../d.svg alt=\"Acme Docs\">"));
}

/// A logo image the docs root lacks (config validation warns) is not
/// linked: the other mode's image stands in, and with neither the site's
/// name shows. A missing favicon or background image is left out too.
#[test]
fn missing_images_of_the_config_are_not_linked() {
    let logo = json!({"logo": {"light": "/l.svg", "dark": "/d.svg"},
        "favicon": "/favicon.svg", "backgroundImage": "/bg.png"});
    let html =
        Fixture::with_files(config_with(logo.clone()), &[("d.svg", "<svg/>")]).page("quickstart");
    assert!(
        html.contains("<img src=../d.svg alt=\"Acme Docs\">"),
        "{html}"
    );
    assert!(!html.contains("l.svg"));
    assert!(!html.contains("favicon.svg") && !html.contains("bg.png"));
    let html = Fixture::new(config_with(logo)).page("quickstart");
    assert!(
        html.contains("<span class=logo-text>Acme Docs</span>"),
        "{html}"
    );
    assert!(!html.contains("d.svg"));
}

#[test]
fn favicon_is_linked_with_its_type() {
    let config = config_with(json!({"favicon": "/favicon.svg"}));
    let html = Fixture::with_files(config, &[("favicon.svg", "<svg/>")]).page("quickstart");
    assert!(html.contains("<link rel=icon href=../favicon.svg type=image/svg+xml>"));
}

#[test]
fn colors_become_custom_properties() {
    let colors = json!({"colors": {"primary": "#0D9373", "light": "#55D799", "dark": "#0A0A0A",
        "background": {"light": "#FAFAFA", "dark": "#050505"}}});
    let style = Fixture::new(config_with(colors)).stylesheet();
    assert!(style.contains("--color-primary:#0d9373"));
    assert!(style.contains("--color-primary:#55d799"));
    assert!(style.contains("--color-cta:#0a0a0a"));
    assert!(style.contains("--bg:#fafafa") && style.contains("--bg:#050505"));
}

#[test]
fn topbar_links_are_relative_or_external() {
    let links = json!({"topbarLinks": [
        {"name": "Blog", "url": "https://acme.dev/blog"}, {"name": "Support", "url": "/quickstart"}]});
    let html = Fixture::new(config_with(links)).page("guides/one");
    let topbar = between(&html, "<nav class=topbar-links", "</nav>");
    assert!(topbar.contains("<a class=navbar-link href=https://acme.dev/blog>Blog</a>"));
    assert!(topbar.contains("<a class=navbar-link href=../../quickstart/>Support</a>"));
}

#[test]
fn cta_link_is_a_button() {
    let cta = json!({"topbarCtaButton": {"name": "Sign up", "url": "https://acme.dev/signup"}});
    let html = Fixture::new(config_with(cta)).page("index");
    assert!(html.contains(
        "<a id=topbar-cta-button class=\"cta cta-link\" href=https://acme.dev/signup>Sign up</a>"
    ));
}

#[test]
fn cta_github_shows_repository_and_a_star_slot() {
    let cta = json!({"topbarCtaButton": {"type": "github", "url": "https://github.com/acme/docs"}});
    let html = Fixture::new(config_with(cta)).page("index");
    let button = between(
        &html,
        "<a id=topbar-cta-button class=\"cta cta-github\"",
        "</a>",
    );
    assert!(button.contains("data-github-repo=acme/docs"));
    assert!(button.contains("<span class=cta-repo>acme/docs</span>"));
    assert!(button.contains("data-github-stars hidden"));
}

#[test]
fn versions_give_a_labelled_select_and_filter_content() {
    let versions = json!({"versions": ["v1", "v2", {"name": "v0", "url": "https://old.acme.dev"}]});
    let fixture = Fixture::new(config_with(versions));
    let html = fixture.page("index");
    assert!(html.contains("<label for=version-select>Version</label>"));
    assert!(html.contains("<option value=v2>v2</option>"));
    assert!(html.contains("data-href=https://old.acme.dev"));
    assert!(html.contains("data-first-pages={&quot;v2&quot;:&quot;./api/v2/list/&quot;}"));
    assert!(html.contains("<html lang=en data-root=./ data-current-path=/ data-version=v1>"));
    assert!(
        html.contains("if([\"v1\",\"v2\"].indexOf(m)>=0)"),
        "the boot script restores a chosen local version"
    );
    assert!(fixture
        .stylesheet()
        .contains("html[data-version=\"v2\"] [data-version]:not([data-version=\"v2\"])"));
    let (_, script) = nav_script(&fixture, &html);
    assert!(
        script.contains(
            "<li class=sidebar-group data-version=v2><a class=sidebar-group-header href="
        ),
        "{script}"
    );
    let v2 = fixture.page("api/v2/list");
    assert!(v2.contains("data-version=v2 data-page-version=v2"));
}

fn anchors() -> Value {
    json!({
        "topAnchor": {"name": "Docs home", "icon": "house"},
        "anchors": [
            {"name": "API", "url": "api", "icon": "code", "color": {"from": "#112233", "to": "#445566"}},
            {"name": "Secret", "url": "guides", "icon": "lock", "isDefaultHidden": true, "color": "#aa0000"},
            {"name": "Community", "url": "https://acme.dev/community", "icon": "users", "version": "v2"}
        ],
        "versions": ["v1", "v2"]
    })
}

#[test]
fn anchors_show_icons_colors_and_the_current_one() {
    let html = Fixture::new(config_with(anchors())).page("api/get-user");
    let list = between(&html, "<ul class=\"anchors nav-anchors\">", "</ul>");
    assert!(list.contains("<a class=nav-anchor href=./ aria-current=page><span class=anchor-icon style=--anchor-bg:linear-gradient(45deg,#112233,#445566)><svg"));
    assert!(list.contains("style=--anchor-bg:#aa0000"));
    assert!(
        list.contains("<li data-version=v2><a class=nav-anchor href=https://acme.dev/community>")
    );
}

#[test]
fn default_hidden_anchor_shows_only_inside_it() {
    let fixture = Fixture::new(config_with(anchors()));
    let outside = fixture.page("quickstart");
    let inside = fixture.page("guides/one");
    assert!(outside.contains("<li hidden><a class=nav-anchor href=../guides/one/>"));
    assert!(inside.contains("<li><a class=nav-anchor href=./ aria-current=page>"));
}

#[test]
fn top_anchor_names_the_primary_section() {
    let html = Fixture::new(config_with(anchors())).page("quickstart");
    let first = between(&html, "<ul class=\"anchors nav-anchors\"><li>", "</li>");
    assert!(first.contains("<span>Docs home</span>"));
    assert!(first.contains("aria-current=page"));
    let default = Fixture::new(config_with(
        json!({"anchors": [{"name": "API", "url": "api"}]}),
    ));
    assert!(default.page("index").contains("<span>Documentation</span>"));
}

fn tabs() -> Value {
    json!({"tabs": [{"name": "API reference", "url": "api"}, {"name": "Status", "url": "https://status.acme.dev"}]})
}

#[test]
fn tabs_mark_the_current_section_and_link_externals_plainly() {
    let fixture = Fixture::new(config_with(tabs()));
    let api = fixture.page("api/get-user");
    let bar = between(&api, "<nav class=nav-tabs", "</nav>");
    assert!(bar.contains("<a class=nav-tabs-item href=../../>Documentation</a>"));
    assert!(bar.contains(
        "<a class=nav-tabs-item href=./ aria-current=page data-active>API reference</a>"
    ));
    assert!(bar.contains("<a class=nav-tabs-item href=https://status.acme.dev>Status <svg"));
    let home = fixture.page("index");
    assert!(home.contains(
        "<a class=nav-tabs-item href=./ aria-current=page data-active>Documentation</a>"
    ));
}

/// A site with more tabs than every page lists: `t0` … `t29`, a page in
/// each (`t7/page` is "Seven").
fn many_tabs() -> Fixture {
    let tabs: Vec<Value> = (0..30)
        .map(|i| json!({"name": format!("Tab {i}"), "url": format!("t{i}")}))
        .collect();
    let mut config = config_with(json!({ "tabs": tabs }));
    let navigation = config["navigation"].as_array_mut().unwrap();
    for i in 0..30 {
        navigation.push(json!({"group": format!("Group {i}"), "pages": [format!("t{i}/page")]}));
    }
    let files: Vec<(String, String)> = (0..30)
        .map(|i| {
            let title = if i == 7 {
                "Seven".to_string()
            } else {
                format!("Page {i}")
            };
            (
                format!("t{i}/page.mdx"),
                format!("---\ntitle: {title}\n---\nIn tab {i}"),
            )
        })
        .collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    Fixture::with_files(config, &files)
}

/// The theme asset whose path ends with `name`, as text.
fn asset(fixture: &Fixture, name: &str) -> String {
    fixture
        .theme
        .assets()
        .into_iter()
        .find(|(path, _)| path.starts_with("_sheaf") && path.to_string_lossy().ends_with(name))
        .map(|(_, bytes)| String::from_utf8(bytes).unwrap())
        .unwrap_or_else(|| panic!("no {name} in the assets"))
}

#[test]
fn with_many_tabs_a_page_lists_its_own_and_a_cached_script_the_others() {
    const { assert!(30 > tabbar::INLINE_LIMIT) };
    let fixture = many_tabs();
    let seven = fixture.page("t7/page");
    let bar = between(&seven, "<nav class=nav-tabs", "</nav>");
    assert_eq!(bar.matches("<li").count(), 1, "{bar}");
    assert!(
        bar.contains("<a class=nav-tabs-item href=./ aria-current=page data-active>Tab 7</a>"),
        "{bar}"
    );
    let script_src = between(bar, "<script src=", "></script>");
    assert!(script_src.contains("../_sheaf/tabs-"), "{bar}");
    let page_href = between(
        bar,
        "<noscript><a class=tabs-all href=",
        ">All sections</a>",
    );
    assert!(page_href.contains("../_sheaf/tabs-"), "{bar}");
    let home = fixture.page("index");
    let bar = between(&home, "<nav class=nav-tabs", "</nav>");
    assert_eq!(bar.matches("<li").count(), 1, "{bar}");
    assert!(
        bar.contains("aria-current=page data-active>Documentation</a>"),
        "{bar}"
    );

    // The script holds every entry, keyed as `<html data-tab>`, none current.
    let name = between(script_src, "tabs-", ".js").to_string();
    let script = asset(&fixture, &name);
    let (items, position) = script
        .rsplit_once("})(")
        .and_then(|(_, call)| call.split_once(",function(){return "))
        .expect("the insertion script's arguments");
    let entries: Vec<String> = serde_json::from_str(items).expect("the tabs' HTML");
    let keys = &position[..position.find(".indexOf(").expect("the tabs' keys")];
    let keys: Vec<String> = serde_json::from_str(keys).expect("the tabs' keys");
    let data: Vec<(String, String)> = keys.iter().cloned().zip(entries).collect();
    let expected: Vec<String> = std::iter::once(String::new())
        .chain((0..30).map(|i| i.to_string()))
        .collect();
    assert_eq!(keys, expected);
    assert!(data[8].1.contains("\u{1}t7/"), "{:?}", data[8]);
    assert!(data.iter().all(|(_, li)| !li.contains("aria-current")));
    assert!(
        seven.contains(" data-tab=7"),
        "the script finds the page's tab"
    );

    // Without script: a page listing every tab, none current.
    let index = asset(&fixture, &name.replace(".js", ".html"));
    let list = between(&index, "<nav class=tab-index", "</nav>");
    assert_eq!(list.matches("<li").count(), 31, "{list}");
    assert!(
        list.contains("<a class=nav-tabs-item href=../t7/page/>Tab 7</a>"),
        "{list}"
    );
    assert!(!list.contains("aria-current"), "{list}");
}

/// The section script the sidebar of `html` loads, and its text.
fn nav_script(fixture: &Fixture, html: &str) -> (String, String) {
    let sidebar = between(html, "<nav id=sidebar", "</nav>");
    let src = between(sidebar, "<script src=", ".js")["<script src=".len()..].to_string();
    let name = src.rsplit('/').next().unwrap().to_string();
    let script = fixture
        .theme
        .assets()
        .into_iter()
        .find(|(path, _)| path.starts_with("_sheaf") && path.ends_with(&name))
        .map(|(_, bytes)| String::from_utf8(bytes).unwrap())
        .unwrap_or_else(|| panic!("no {name} in the assets"));
    (src, script)
}

#[test]
fn sidebar_shows_only_the_current_section() {
    let fixture = Fixture::new(config_with(tabs()));
    let api = fixture.page("api/get-user");
    let sidebar = between(&api, "<nav id=sidebar", "</nav>");
    assert!(sidebar.contains("Get user"));
    let (_, script) = nav_script(&fixture, &api);
    assert!(script.contains("API v2") && !script.contains("Get started"));
    let guide = fixture.page("guides/one");
    let (_, script) = nav_script(&fixture, &guide);
    assert!(script.contains("Get started") && !script.contains("Get user"));
}

#[test]
fn sidebar_expands_only_the_current_group() {
    let fixture = Fixture::new(base_config());
    let html = fixture.page("guides/one");
    let sidebar = between(&html, "<nav id=sidebar", "</nav>");
    // Only the page's own group is in the page; the section's others, the
    // same on every page, come from the section's cached script.
    assert!(!sidebar.contains("Get started"));
    assert!(sidebar
        .contains("<li class=\"sidebar-group is-expanded\"><p class=sidebar-group-header><span class=sidebar-group-icon><svg"));
    assert!(sidebar.contains("<a href=./ aria-current=page>"));
    assert!(sidebar.contains("<details open><summary>Deep dive</summary>"));
    assert_eq!(sidebar.matches("aria-current").count(), 1);
    let (src, script) = nav_script(&fixture, &html);
    assert!(src.starts_with("../../_sheaf/nav-"), "{src}");
    assert!(sidebar.contains(".js data-g=1></script><li class=\"sidebar-group is-expanded\">"));
    assert!(
        script.contains(
            "<li class=sidebar-group><a class=sidebar-group-header href=\\u0001>Get started</a>"
        ),
        "{script}"
    );
    assert!(
        !script.contains("Quick start"),
        "collapsed groups list no pages"
    );
    assert!(
        !script.contains("Guide one"),
        "the page's own group is in the page"
    );
    // Without JavaScript: a link to every group of the section.
    let index = src.replace(".js", ".html");
    assert!(sidebar.contains(&format!(
        "<noscript><a class=nav-all href={index}>All groups</a></noscript>"
    )));
    let listing = fixture
        .theme
        .assets()
        .into_iter()
        .find(|(path, _)| index.ends_with(&*path.to_string_lossy()))
        .map(|(_, bytes)| String::from_utf8(bytes).unwrap())
        .expect("the section's page of all groups");
    for text in [
        "Get started",
        "Quick start",
        "Guide one",
        "Deep dive",
        "Get user",
    ] {
        assert!(listing.contains(text), "{text} in {listing}");
    }
    assert!(listing.contains("<a href=../../quickstart/>"), "{listing}");
}

#[test]
fn navigation_shows_sidebar_titles_page_icons_and_method_badges() {
    let fixture = Fixture::new(base_config());
    let quick = fixture.page("quickstart");
    let sidebar = between(&quick, "<nav id=sidebar", "</nav>");
    let link = between(sidebar, "<a href=./", "</a>");
    assert!(link.contains("<svg class=icon") && link.ends_with("</svg>Quick start</a>"));
    let api = fixture.page("api/get-user");
    assert!(api.contains(
        "Get user<span class=\"method-badge method-nav-pill\" data-method=GET>GET</span>"
    ));
}

#[test]
fn footer_socials_have_icons_and_labels() {
    let socials = json!({"footerSocials": {"github": "https://github.com/acme", "x": "https://x.com/acme",
        "hacker-news": "https://news.ycombinator.com/user?id=acme"}});
    let html = Fixture::new(config_with(socials)).page("index");
    let footer = between(&html, "<ul class=socials>", "</ul>");
    assert!(footer.contains("<a href=https://github.com/acme aria-label=GitHub title=GitHub><svg"));
    assert!(footer.contains("aria-label=X"));
    assert!(footer.contains("aria-label=\"Hacker News\""));
}

#[test]
fn feedback_links_point_at_the_repository() {
    let feedback = json!({"feedback": {"suggestEdit": true, "raiseIssue": true},
        "topbarCtaButton": {"type": "github", "url": "https://github.com/acme/docs"}});
    let html = Fixture::new(config_with(feedback)).page("guides/one");
    assert!(html.contains("<a class=feedback-link href=https://github.com/acme/docs/edit/main/guides/one.mdx>Suggest edits</a>"));
    assert!(html.contains("href=\"https://github.com/acme/docs/issues/new?title=Issue%20on%20docs&amp;body=Path%3A%20/guides/one\">Raise issue</a>"));
}

#[test]
fn feedback_is_omitted_without_a_repository() {
    let feedback = json!({"feedback": {"suggestEdit": true, "raiseIssue": true}});
    let html = Fixture::new(config_with(feedback)).page("guides/one");
    assert!(!html.contains("Suggest edits") && !html.contains("Raise issue"));
}

#[test]
fn mode_toggle_default_sets_the_first_mode() {
    let html = Fixture::new(config_with(json!({"modeToggle": {"default": "dark"}}))).page("index");
    assert!(html.contains("<html lang=en data-root=./ data-current-path=/ data-theme=dark>"));
    assert!(html.contains("localStorage[\"sheaf-mode\"]"));
    assert!(html.contains("d.theme=m==\"light\"||m==\"dark\"?m:\"dark\";"));
    // aria-pressed is set by theme.js, which the toggle needs anyway.
    assert!(
        html.contains("data-mode-toggle data-component-name=theme-toggle aria-label=\"Dark mode\"")
    );
}

#[test]
fn mode_toggle_without_default_follows_the_system() {
    let html = Fixture::new(base_config()).page("index");
    assert!(html.contains("<html lang=en data-root=./ data-current-path=/>"));
    assert!(html.contains("localStorage[\"sheaf-mode\"]"));
    assert!(
        html.contains("?m:matchMedia(\"(prefers-color-scheme:dark)\").matches?\"dark\":\"light\";")
    );
    assert!(
        !html.contains("sheaf-version"),
        "no version code without versions"
    );
}

#[test]
fn mode_toggle_hidden_and_forced() {
    let hidden = Fixture::new(config_with(json!({"modeToggle": {"isHidden": true}}))).page("index");
    assert!(!hidden.contains("data-mode-toggle"));
    assert!(
        !hidden.contains("sheaf-mode"),
        "no stored choice without a toggle"
    );
    assert!(hidden.contains("d.theme=matchMedia("));
    let forced = json!({"modeToggle": {"isHidden": true, "default": "light"}});
    let forced = Fixture::new(config_with(forced)).page("index");
    assert!(forced.contains("d.theme=\"light\";"));
    assert!(!forced.contains("sheaf-mode"));
}

#[test]
fn background_image_is_fixed_behind_the_page() {
    let config = config_with(json!({"backgroundImage": "/bg.png"}));
    let html = Fixture::with_files(config, &[("bg.png", "png")]).page("guides/one");
    assert!(html.contains("url(\"../../bg.png\")"));
    assert!(
        html.contains("--bg-veil"),
        "text stays readable over the image"
    );
    assert!(html.contains("background-attachment:fixed"));
}

#[test]
fn metadata_becomes_meta_tags() {
    let meta = json!({"metadata": {"og:image": "https://acme.dev/og.png", "robots": "noindex"}});
    let html = Fixture::new(config_with(meta)).page("index");
    assert!(html.contains("<meta property=og:image content=https://acme.dev/og.png>"));
    assert!(html.contains("<meta name=robots content=noindex>"));
}

#[test]
fn description_fills_meta_and_og_tags() {
    let html = Fixture::new(base_config()).page("index");
    assert!(html.contains("<meta name=description content=\"Start here\">"));
    assert!(html.contains("<meta property=og:description content=\"Start here\">"));
    assert!(html.contains("<div class=page-description>Start here</div>"));
}

#[test]
fn an_endpoint_description_fills_meta_tags_unless_the_frontmatter_has_one() {
    let fixture = Fixture::new(base_config());
    let content = PageContent {
        meta_description: Some("Gets the user".into()),
        ..toc()
    };
    let html = fixture.page_with("guides/one", &content);
    assert!(html.contains("<meta name=description content=\"Gets the user\">"));
    assert!(html.contains("<meta property=og:description content=\"Gets the user\">"));
    let html = fixture.page_with("index", &content);
    assert!(html.contains("<meta name=description content=\"Start here\">"));
}

#[test]
fn group_name_is_the_eyebrow() {
    let fixture = Fixture::new(base_config());
    assert!(fixture
        .page("guides/one")
        .contains("<p class=eyebrow>Guides</p>"));
    assert!(fixture
        .page("guides/deep/two")
        .contains("<p class=eyebrow>Deep dive</p>"));
}

#[test]
fn toc_column_is_kept_for_h2_and_h3_except_on_wide_pages() {
    // The list itself is built by theme.js from the headings (see
    // tests/browser.rs `on_this_page_lists_the_headings_and_headings_link_to_themselves`).
    let fixture = Fixture::new(base_config());
    let html = fixture.page_with("guides/one", &toc());
    assert!(html.contains("<div id=body-content class=\"layout has-toc\">"));
    let only_deep = PageContent {
        toc: toc().toc.into_iter().filter(|e| e.level > 3).collect(),
        ..toc()
    };
    let html = fixture.page_with("guides/one", &only_deep);
    assert!(
        html.contains("<div id=body-content class=layout>"),
        "no h2 or h3: no column"
    );
    let wide = fixture.page_with("guides/deep/two", &toc());
    assert!(wide.contains("<div id=body-content class=layout>"));
}

#[test]
fn page_modes_lay_the_page_out_as_on_mintlify() {
    let modes = ["custom", "center", "frame"].map(|mode| {
        let file = format!("guides/{mode}.mdx");
        let text = format!("---\ntitle: A {mode} page\nmode: {mode}\n---\nBody");
        (file, text)
    });
    let files: Vec<(&str, &str)> = (modes.iter())
        .map(|(f, t)| (f.as_str(), t.as_str()))
        .collect();
    let mut config = config_with(json!({"footerSocials": {"github": "https://github.com/acme"}}));
    config["navigation"][1]["pages"] = json!([
        "guides/one",
        "guides/custom",
        "guides/center",
        "guides/frame"
    ]);
    let fixture = Fixture::with_files(config.clone(), &files);
    let shows = |html: &str| {
        [
            (
                "title",
                html.contains("<h1 id=page-title class=page-title>"),
            ),
            ("toc", html.contains("has-toc")),
            ("pager", html.contains("rel=prev")),
            (
                "footer",
                html.contains("<footer id=footer class=\"site-footer footer\">"),
            ),
        ]
        .into_iter()
        .filter_map(|(part, shown)| shown.then_some(part))
        .collect::<Vec<_>>()
    };

    let custom = fixture.page_with("guides/custom", &toc());
    assert!(
        custom.contains("<div id=body-content class=\"layout mode-custom\">"),
        "{custom}"
    );
    assert_eq!(
        shows(&custom),
        [] as [&str; 0],
        "only the top bar and the body"
    );
    assert!(custom.contains("<h2 id=intro>Intro</h2>"));
    let center = fixture.page_with("guides/center", &toc());
    assert!(center.contains("<div id=body-content class=\"layout mode-center\">"));
    assert_eq!(shows(&center), ["title", "pager", "footer"]);
    // `frame` is not mint's (Mintlify gives it to aspen, almond, luma and
    // sequoia): the page is laid out as the default.
    let frame = fixture.page_with("guides/frame", &toc());
    assert!(!frame.contains("mode-frame"));
    assert_eq!(shows(&frame), ["title", "toc", "pager", "footer"]);
    config["theme"] = json!("almond");
    let almond = Fixture::with_files(config, &files);
    let frame = almond.page_with("guides/frame", &toc());
    assert!(frame.contains("<div id=body-content class=\"layout mode-frame almond-layout\">"));
    assert_eq!(shows(&frame), ["pager", "footer"]);
    let center = almond.page_with("guides/center", &toc());
    assert!(!center.contains("mode-center"), "center is not almond's");
    let default = fixture.page_with("guides/one", &toc());
    assert_eq!(shows(&default), ["title", "toc", "pager", "footer"]);
    // The sidebar stays in the page: on a phone the menu opens it.
    assert!(custom.contains("<nav id=sidebar class=sidebar"));
    let css = fixture.stylesheet();
    assert!(css.contains(".mode-custom .sidebar,.mode-center .sidebar{display: none}"));
}

#[test]
fn previous_and_next_follow_the_navigation() {
    let html = Fixture::new(base_config()).page("quickstart");
    assert!(html.contains("<a href=../ rel=prev class=pagination-prev><span>Previous</span><span class=pagination-title>Welcome</span></a>"));
    assert!(html.contains("<a href=../guides/one/ rel=next class=pagination-next>"));
}

#[test]
fn search_button_is_in_the_top_bar() {
    let html = Fixture::new(base_config()).page("index");
    // The accessible name is the visible text (WCAG 2.5.3): no label over it.
    assert!(html.contains("data-search-open aria-keyshortcuts=Control+K>"));
    assert!(html.contains("<span class=search-label>Search…</span><kbd>Ctrl K</kbd>"));
}

#[test]
fn links_are_relative_at_every_depth() {
    let fixture = Fixture::new(base_config());
    let css = fixture.theme.css.path.clone();
    for (slug, root) in [
        ("index", "./"),
        ("quickstart", "../"),
        ("guides/one", "../../"),
    ] {
        let html = fixture.page(slug);
        assert!(html.contains(&format!("data-root={root}")), "{slug}");
        let prefix = if root == "./" { "" } else { root };
        assert!(html.contains(&format!("<link rel=stylesheet href={prefix}{css}>")));
        assert!(
            !html.contains(fragment::ROOT),
            "markers substituted in {slug}"
        );
        assert!(
            !html.contains("href=\"/"),
            "no root-absolute links in {slug}"
        );
    }
}

#[test]
fn landmarks_and_skip_link_are_present() {
    let html = Fixture::new(base_config()).page("index");
    for part in [
        "<a class=skip-link href=#content>",
        "<header id=navbar class=topbar>",
        "<div id=mobile-nav><nav id=sidebar class=sidebar aria-label=Documentation>",
        "<main id=content",
        "<footer id=footer class=\"site-footer footer\">",
        "aria-controls=mobile-nav aria-expanded=false aria-label=\"Navigation menu\"",
    ] {
        assert!(html.contains(part), "{part}");
    }
}

#[test]
fn page_text_is_escaped() {
    let fixture = Fixture::with_files(
        config_with(json!({"navigation": [{"group": "G", "pages": ["x"]}]})),
        &[("x.mdx", "---\ntitle: \"<script>alert(1)</script>\"\n---\n")],
    );
    let html = fixture.page("x");
    assert!(!html.contains("<script>alert"));
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;")
            || html.contains("&lt;script&gt;alert(1)&lt;/script&gt;")
    );
}

#[test]
fn fingerprint_changes_when_an_asset_changes() {
    let plain = Fixture::new(base_config());
    let custom = Fixture::with_files(base_config(), &[("_theme/base.css", "body{color:red}")]);
    assert_ne!(plain.theme.css.path, custom.theme.css.path);
    assert_eq!(plain.theme.js.path, custom.theme.js.path);
    let css = &custom
        .theme
        .assets()
        .into_iter()
        .find(|(p, _)| p.ends_with(&custom.theme.css.path))
        .unwrap()
        .1;
    assert!(String::from_utf8_lossy(css).contains("body{color:red}"));
}

#[test]
fn assets_include_bundles_and_root_css_js() {
    let fixture = Fixture::with_files(base_config(), &[("style.css", "p{}"), ("extra.js", "1")]);
    let assets = fixture.theme.assets();
    let paths: Vec<String> = assets
        .iter()
        .map(|(p, _)| p.to_string_lossy().into_owned())
        .collect();
    assert!(paths
        .iter()
        .any(|p| p.starts_with("_sheaf/sheaf.") && p.ends_with(".css")));
    assert!(paths
        .iter()
        .any(|p| p.starts_with("_sheaf/sheaf.") && p.ends_with(".js")));
    assert!(paths.contains(&"style.css".to_string()) && paths.contains(&"extra.js".to_string()));
    let bundle = &assets[0].1;
    assert!(String::from_utf8_lossy(bundle).starts_with("/*! Icons: Font Awesome Free"));
    let html = fixture.page("guides/one");
    assert!(html.contains("<link rel=stylesheet href=../../style.css>"));
    assert!(html.contains("<script src=../../extra.js defer></script>"));
}

#[test]
fn template_override_replaces_the_builtin() {
    let footer = "<footer class=mine>{{ footer.name }} custom</footer>";
    let fixture = Fixture::with_files(base_config(), &[("_theme/templates/footer.html", footer)]);
    assert!(fixture
        .page("index")
        .contains("<footer class=mine>Acme Docs custom</footer>"));
}

#[test]
fn a_template_override_is_used_as_written_not_made_lean() {
    let footer =
        "<footer class=\"mine\">\n  <a href=\"#a\">A</a>\n  <a href=\"#b\">B</a>\n</footer>";
    let fixture = Fixture::with_files(base_config(), &[("_theme/templates/footer.html", footer)]);
    let page = fixture.page("index");
    assert!(
        page.contains(footer),
        "the line breaks between the links keep them apart: {page}"
    );
    let builtin = Fixture::new(base_config()).page("index");
    let builtin_footer = &builtin[builtin.find("<footer").unwrap()..];
    let builtin_footer = &builtin_footer[..builtin_footer.find("</footer>").unwrap()];
    assert!(
        !builtin_footer.contains('\n'),
        "the built-in footer stays lean: {builtin_footer}"
    );
}

#[test]
fn broken_template_override_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in PAGES {
        write(dir.path(), path, text);
    }
    write(dir.path(), "_theme/templates/page.html", "{% if %}");
    let site = load(dir.path(), base_config());
    let Err(diagnostic) = Theme::new(&site) else {
        panic!("a broken override must fail");
    };
    assert_eq!(diagnostic.file, Path::new("_theme/templates/page.html"));
    assert!(diagnostic.message.contains("theme template error"));
}

#[test]
fn not_found_works_from_the_root_and_finds_it_elsewhere() {
    let fixture = Fixture::new(config_with(json!({"colors": {"primary": "#0D9373"}})));
    let html = fixture.theme.render_not_found(&fixture.site);
    assert!(
        html.contains("--color-primary:#0d9373"),
        "site colours apply"
    );
    assert!(html.contains("<h1 class=\"not-found-title\">Page not found</h1>"));
    assert!(html.contains("href=\"./\" data-root-link"));
    assert!(
        html.contains(&format!("\"{}\"", fixture.theme.css.path)),
        "probes for the bundle"
    );
    assert!(html.contains("--color-primary"), "CSS is inlined");
}

#[test]
fn redirect_page_refreshes_and_links() {
    let fixture = Fixture::new(base_config());
    let html = (fixture.theme).render_redirect("../new/", true, PageUrls::Folders);
    assert!(html.contains("<meta http-equiv=\"refresh\" content=\"0; url=../new/\">"));
    let slash = html.find("history.replaceState").expect("the slash script");
    assert!(
        slash < html.find("http-equiv").unwrap(),
        "before the refresh is read"
    );
    assert!(html.contains("<link rel=\"canonical\" href=\"../new/\">"));
    assert!(html.contains("<a href=\"../new/\">"));
    assert!(html.contains("has moved"));
}

#[test]
fn a_temporary_redirect_page_names_no_canonical_url() {
    let fixture = Fixture::new(base_config());
    let html = (fixture.theme).render_redirect("../new/", false, crate::config::PageUrls::Html);
    assert!(html.contains("<meta http-equiv=\"refresh\" content=\"0; url=../new/\">"));
    assert!(!html.contains("canonical"), "{html}");
    assert!(
        !html.contains("<script>"),
        "no slash to add to `new.html`: {html}"
    );
    assert!(html.contains("For now, this page is at <a href=\"../new/\">"));
}

#[test]
fn rendering_a_page_again_is_cheap() {
    let fixture = Fixture::new(config_with(anchors()));
    let content = toc();
    let first = fixture.page_with("guides/one", &content);
    let start = Instant::now();
    let runs = 200;
    for _ in 0..runs {
        assert_eq!(fixture.page_with("guides/one", &content).len(), first.len());
    }
    let per_page = start.elapsed() / runs;
    eprintln!("render_page: {per_page:?} per page (debug build)");
    // Debug builds are ~10x slower than release; this still catches re-parsing templates.
    assert!(per_page.as_micros() < 3_000, "{per_page:?} per page");
}

/// Writes a demo site to /tmp/theme-demo for screenshots:
/// `cargo test render::tests::demo -- --ignored`.
#[test]
#[ignore]
fn demo() {
    let out = Path::new("/tmp/theme-demo");
    let _ = std::fs::remove_dir_all(out);
    let config = config_with(json!({
        "logo": {"light": "/logo/light.svg", "dark": "/logo/dark.svg"},
        "favicon": "/favicon.svg",
        "colors": {"primary": "#0D9373", "light": "#55D799", "dark": "#0D9373"},
        "topbarLinks": [{"name": "Community", "url": "https://acme.dev/community"}],
        "topbarCtaButton": {"type": "github", "url": "https://github.com/acme/docs"},
        "anchors": [{"name": "API", "url": "api", "icon": "code", "color": {"from": "#0D9373", "to": "#55D799"}},
                    {"name": "Blog", "url": "https://acme.dev/blog", "icon": "newspaper"}],
        "tabs": [{"name": "API reference", "url": "api"}],
        "versions": ["v1", "v2"],
        "footerSocials": {"github": "https://github.com/acme", "x": "https://x.com/acme", "discord": "https://discord.gg/acme"},
        "feedback": {"suggestEdit": true, "raiseIssue": true}
    }));
    let logo = |fill: &str| {
        format!("<svg xmlns=http://www.w3.org/2000/svg width=120 height=28><circle cx=14 cy=14 r=12 fill=#0D9373/><text x=32 y=20 font-family=sans-serif font-size=18 font-weight=700 fill={fill}>Acme</text></svg>")
    };
    let fixture = Fixture::with_files(
        config,
        &[
            ("logo/light.svg", &logo("#111")),
            ("logo/dark.svg", &logo("#fff")),
        ],
    );
    let body = "<p>This guide shows how to <a href=#>connect</a> your first <code>user group</code>.</p>\
        <h2 id=install>Install</h2><p>Run the installer:</p><pre><code>curl -sSL https://acme.dev/install | sh</code></pre>\
        <h3 id=verify>Verify</h3><p>Check the version.</p><table><tr><th>Field</th><th>Type</th></tr><tr><td>name</td><td>string</td></tr></table>\
        <h2 id=next>Next steps</h2><ul><li>Read the API reference<li>Join the community</ul>";
    let content = PageContent {
        html: body.into(),
        toc: vec![
            TocEntry {
                level: 2,
                id: "install".into(),
                text: "Install".into(),
            },
            TocEntry {
                level: 3,
                id: "verify".into(),
                text: "Verify".into(),
            },
            TocEntry {
                level: 2,
                id: "next".into(),
                text: "Next steps".into(),
            },
        ],
        ..PageContent::default()
    };
    for page in &fixture.site.pages {
        let html = fixture
            .theme
            .render_page(&fixture.site, page, &content)
            .unwrap();
        let path = out.join(page.output_path());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, html).unwrap();
    }
    for (path, bytes) in fixture.theme.assets() {
        let path = out.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    std::fs::write(
        out.join("404.html"),
        fixture.theme.render_not_found(&fixture.site),
    )
    .unwrap();
    std::fs::create_dir_all(out.join("logo")).unwrap();
    std::fs::write(out.join("logo/light.svg"), logo("#111")).unwrap();
    std::fs::write(out.join("logo/dark.svg"), logo("#fff")).unwrap();
}

#[test]
fn unlisted_page_shows_its_section_with_no_group_expanded() {
    let fixture = Fixture::with_files(base_config(), &[("extra.mdx", "---\ntitle: Extra\n---\n")]);
    let html = fixture.page("extra");
    let sidebar = between(&html, "<nav id=sidebar", "</nav>");
    assert!(
        sidebar.contains("<ul id=sidebar-content class=nav-groups><script src="),
        "{sidebar}"
    );
    assert!(
        sidebar.contains(".js></script></ul>"),
        "no data-g: every group from the script"
    );
    let (_, script) = nav_script(&fixture, &html);
    assert!(script.contains(">Get started</a>"));
    assert!(!sidebar.contains("is-expanded") && !sidebar.contains("aria-current"));
    assert!(!html.contains("class=pager"));
}

#[test]
fn a_page_with_an_aside_is_laid_out_in_two_columns_without_toc() {
    let fixture = Fixture::new(base_config());
    let toc = vec![TocEntry {
        level: 2,
        id: "body".into(),
        text: "Body".into(),
    }];
    let content = PageContent {
        html: "<p>fields</p>".into(),
        intro: "<header class=endpoint-header>GET</header>".into(),
        aside: "<section class=api-card>curl</section>".into(),
        aside_label: "Examples".into(),
        toc: toc.clone(),
        is_endpoint: true,
        endpoint_method: Some("GET".into()),
        endpoint_path: Some("/api/user".into()),
        ..PageContent::default()
    };
    let html = fixture.page_with("api/get-user", &content);
    assert!(
        html.contains("<div id=body-content class=\"layout has-aside\">"),
        "no TOC column"
    );
    assert!(html.contains(
        "<article id=content-area class=\"page has-aside sheaf-endpoint\" data-endpoint data-method=GET data-path=/api/user>"
    ));
    let intro = html.find("class=\"prose page-intro\"").expect("intro");
    let aside = html
        .find("<aside id=panel class=page-aside aria-label=Examples><section class=api-card>")
        .expect("aside");
    let body = html.find("<p>fields</p>").expect("body");
    assert!(
        intro < aside && aside < body,
        "phones read intro, aside, body"
    );
    assert!(!html.contains("On this page"));
    let one_column = PageContent {
        toc,
        ..PageContent::default()
    };
    let html = fixture.page_with("quickstart", &one_column);
    assert!(html.contains("<div id=body-content class=\"layout has-toc\">"));
    assert!(!html.contains("page-aside") && !html.contains("data-endpoint"));
}

#[test]
fn a_copy_of_a_page_links_from_its_place_and_names_the_page_canonical() {
    let fixture = Fixture::new(base_config());
    let page = fixture.site.page_by_slug("guides/one").unwrap();
    let copy = page.copy_at("index");
    assert_eq!(copy.output_path(), Path::new("index.html"));
    let html = fixture
        .theme
        .render_page(&fixture.site, &copy, &PageContent::default())
        .unwrap();
    assert!(
        html.contains("<link rel=canonical href=./guides/one/>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=quickstart/ rel=prev class=pagination-prev>"),
        "links start at the root"
    );
    let own = fixture.page("guides/one");
    assert!(!own.contains("rel=canonical"));
}

/// The rules of the layout theme `theme`'s own CSS file, as the bundle
/// ships them (minified).
fn own_rules(theme: &str) -> String {
    let file = assets::builtin(&format!("themes/{theme}.css")).unwrap();
    assets::shipped_css(std::str::from_utf8(&file).unwrap())
}

/// The layout theme: its name on `<html>`, its CSS parts alone in the
/// bundle, the top bar's parts again in the sidebar where it shows them.
#[test]
fn a_theme_is_a_name_on_html_and_a_few_css_rules() {
    let mint = Fixture::new(base_config());
    let mint_page = mint.page("quickstart");
    assert!(!mint_page.contains("data-theme-name"));
    assert!(!mint_page.contains("sidebar-chrome") && !mint_page.contains("sidebar-end"));
    let mint_css = mint.stylesheet();
    assert!(!mint_css.contains("data-theme-name") && !mint_css.contains(".sidebar-chrome"));
    for theme in [
        "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma",
    ] {
        let mut config = base_config();
        config["theme"] = json!(theme);
        let fixture = Fixture::new(config);
        let page = fixture.page("quickstart");
        assert!(
            page.contains(&format!(" data-theme-name={theme}")),
            "{theme}"
        );
        let chrome = page.contains("sidebar-chrome");
        assert_eq!(
            chrome,
            matches!(theme, "maple" | "almond" | "willow"),
            "{theme}"
        );
        let css = fixture.stylesheet();
        assert!(css.contains(&own_rules(theme)), "{theme}'s own rules");
        let others = ["maple", "linden", "aspen", "luma"]
            .into_iter()
            .filter(|t| *t != theme);
        for other in others {
            assert!(
                !css.contains(&own_rules(other)),
                "{theme} without {other}'s rules"
            );
        }
        // Cost: the stylesheet grows by less than 5%, a page by a few
        // hundred bytes (under 5% of a real page: bench/themes.sh).
        let grown = css.len() as f64 / mint_css.len() as f64;
        assert!(grown < 1.05, "{theme}: {} vs {}", css.len(), mint_css.len());
        let added = page.len().saturating_sub(mint_page.len());
        assert!(added < 700, "{theme}: {added} bytes more than mint's page");
    }
}

/// mint.json's legacy names, as `@mintlify/validation` upgrades them.
#[test]
fn legacy_theme_names_choose_the_theme_mintlify_upgrades_them_to() {
    for (key, value, theme) in [
        ("theme", "venus", "palm"),
        ("theme", "quill", "willow"),
        ("layout", "sidenav", "maple"),
    ] {
        let mut config = base_config();
        config[key] = json!(value);
        let page = Fixture::new(config).page("quickstart");
        assert!(
            page.contains(&format!(" data-theme-name={theme}")),
            "{value}"
        );
    }
    let mut config = base_config();
    config["theme"] = json!("prism");
    assert!(!Fixture::new(config)
        .page("quickstart")
        .contains("data-theme-name"));
}
