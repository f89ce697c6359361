//! docs.json navigation, one construct per fixture
//! (`tests/fixtures/docsjson/<construct>/`): each test builds its site with
//! the real binary and asserts what a reader sees in the top bar, the
//! sidebar and the switchers of the pages written. `docsjson-nav` combines
//! them (languages × versions × tabs × dropdowns) for the browser tests.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{fixture, sheaf, stderr};

/// A fixture built into a temporary folder.
struct Built {
    _out: tempfile::TempDir,
    site: PathBuf,
}

fn build(construct: &str) -> Built {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture(&format!("docsjson/{construct}"));
    let output = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{construct}: {text}");
    assert!(!text.contains("warning"), "{construct}: {text}");
    Built { _out: out, site }
}

/// One written page, with its inline SVG icons left out for readable asserts.
struct Written {
    html: String,
    /// The sidebar groups of the page's section that its script adds (the
    /// collapsed ones), links written from the page.
    script_groups: String,
}

impl Built {
    fn page(&self, path: &str) -> Written {
        let file = self.site.join(path).join("index.html");
        let html = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let script_groups = section_script_groups(&self.site.join(path), &html);
        Written {
            html: without_svg(&html),
            script_groups: without_svg(&script_groups),
        }
    }

    fn exists(&self, path: &str) -> bool {
        Path::new(&self.site)
            .join(path)
            .join("index.html")
            .is_file()
    }
}

impl Written {
    /// The `<html>` start tag.
    fn html_tag(&self) -> &str {
        between(&self.html, "<html", ">")
    }

    /// The tab bar, empty when the site has none.
    fn tabs(&self) -> &str {
        if !self.html.contains("<nav class=nav-tabs") {
            return "";
        }
        between(&self.html, "<nav class=nav-tabs", "</nav>")
    }

    /// The sidebar: switchers, anchors and groups.
    fn sidebar(&self) -> &str {
        between(&self.html, "<nav id=sidebar", "</nav>")
    }

    /// The sidebar's navigation groups: the page's own, from its HTML, then
    /// the others of its section, from the section's script.
    fn groups(&self) -> String {
        let own = between(
            self.sidebar(),
            "<ul id=sidebar-content class=nav-groups>",
            "</nav>",
        );
        format!("{own}\n{}", self.script_groups)
    }

    fn head(&self) -> &str {
        between(&self.html, "<head>", "</head>")
    }
}

/// The groups the sidebar script of the page in folder `dir` adds, as HTML
/// with links from the page (the script's JSON array, its root placeholder
/// replaced by the page's `data-root`).
fn section_script_groups(dir: &Path, html: &str) -> String {
    let Some(start) = html.find("<ul id=sidebar-content class=nav-groups><script src=") else {
        return String::new();
    };
    let src = &html[start + "<ul id=sidebar-content class=nav-groups><script src=".len()..];
    let src = &src[..src.find([' ', '>']).unwrap()];
    let script = fs::read_to_string(dir.join(src)).unwrap();
    // `…})(GROUPS,function(s){…});`: the groups, then how to find the page's own.
    let json = &script[script.rfind("})(").unwrap() + 3..script.rfind(",function(").unwrap()];
    let groups: Vec<String> = serde_json::from_str(json).unwrap();
    let root = &html[html.find("data-root=").unwrap() + "data-root=".len()..];
    let root = &root[..root.find([' ', '>']).unwrap()];
    groups.join("").replace('\u{1}', root)
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("no {start:?} in {text}"));
    let rest = &text[from..];
    let to = rest[start.len()..]
        .find(end)
        .map_or(rest.len(), |i| i + start.len());
    &rest[..to]
}

fn without_svg(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("<svg") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("</svg>").expect("closed svg") + start;
        rest = &rest[end + "</svg>".len()..];
    }
    out.push_str(rest);
    out
}

#[test]
fn tabs_sit_in_the_top_bar_and_each_tab_has_its_own_sidebar() {
    let built = build("tabs");
    let intro = built.page("intro");
    assert_eq!(
        intro.tabs(),
        r#"<nav class=nav-tabs aria-label=Sections><ul><li><a class=nav-tabs-item href=./ aria-current=page data-active><span class=tab-icon></span>Guides</a><li><a class=nav-tabs-item href=../api/overview/>API</a><li><a class=nav-tabs-item href=https://blog.example.com>Blog </a></ul>"#,
        "no primary tab when every page sits in a tab; an href tab links out; a tab's icon (its SVG left out here)"
    );
    assert!(intro
        .groups()
        .contains("<p class=sidebar-group-header>Start<ul"));
    assert!(!intro.sidebar().contains("API overview"));

    let api = built.page("api/overview");
    assert!(api
        .tabs()
        .contains(r#"<a class=nav-tabs-item href=./ aria-current=page data-active>API</a>"#));
    assert!(api
        .groups()
        .contains("<p class=sidebar-group-header>Reference<ul"));
    assert!(!api.sidebar().contains("Start"));
}

#[test]
fn anchors_are_sidebar_sections_with_icons_colours_and_links() {
    let built = build("anchors");
    let intro = built.page("intro");
    let anchors = between(
        intro.sidebar(),
        r#"<ul class="anchors nav-anchors">"#,
        "</ul>",
    );
    assert!(anchors.contains(
        r#"<li><a class=nav-anchor href=./ aria-current=page><span class=anchor-icon></span><span>Documentation</span></a>"#
    ));
    assert!(anchors.contains(
        r#"<a class=nav-anchor href=../sdk/python/><span class=anchor-icon style=--anchor-bg:#FF5500></span><span>SDKs</span>"#
    ));
    assert!(anchors.contains(r#"<a class=nav-anchor href=https://community.example.com>"#));
    assert!(!intro.groups().contains("Python"), "{}", intro.groups());

    let python = built.page("sdk/python");
    assert!(python
        .sidebar()
        .contains(r#"<a class=nav-anchor href=./ aria-current=page><span class=anchor-icon style=--anchor-bg:#FF5500></span><span>SDKs</span>"#));
    assert!(python
        .groups()
        .contains("<p class=sidebar-group-header>Python<ul"));
    assert!(!python.groups().contains("Start"));
}

#[test]
fn dropdowns_form_a_section_selector_showing_the_current_section() {
    let built = build("dropdowns");
    let usage = built.page("python/usage");
    let selector = between(
        usage.sidebar(),
        r#"<li class=section-select>"#,
        "</ul></details>",
    );
    assert!(selector.contains(
        r#"<summary class=nav-dropdown-trigger><span class=section-select-default>Choose a section</span><span aria-current=page><span class=anchor-icon></span>Python</span><span><span class=anchor-icon></span>CLI</span></summary>"#
    ), "{selector}");
    assert!(selector
        .contains(r#"<a class=nav-dropdown-item href=../../cli/run/><span class=anchor-icon></span><span class=nav-dropdown-item-title>CLI</span></a>"#));
    assert!(usage.groups().contains("Install") && !usage.groups().contains("Run"));

    let run = built.page("cli/run");
    assert!(run.sidebar().contains(
        r#"<span aria-current=page><span class=anchor-icon></span>CLI</span></summary>"#
    ));
    assert!(run
        .groups()
        .contains("<p class=sidebar-group-header>Commands<ul"));
}

#[test]
fn products_are_sections_and_their_tabs_show_only_inside_them() {
    let built = build("products");
    let platform = built.page("platform/start");
    assert!(platform.sidebar().contains(
        r#"<span aria-current=page><span class=anchor-icon></span>Platform</span><span>"#
    ));
    assert!(
        platform.html_tag().contains("data-no-tabs"),
        "Platform has no tabs: the bar is hidden ({})",
        platform.html_tag()
    );
    assert!(
        !platform.tabs().contains("Documentation"),
        "no primary tab made of another product's pages"
    );

    let agents = built.page("agents/start");
    assert!(agents.html_tag().contains(r#"data-section=1"#));
    assert!(!agents.html_tag().contains("data-no-tabs"));
    assert!(agents
        .tabs()
        .contains(r#"<li data-section=1><a class=nav-tabs-item href=./ aria-current=page data-active>Agent guides</a>"#));
    assert!(agents.sidebar().contains(
        r#"<span aria-current=page><span class=anchor-icon></span>Agents</span></summary>"#
    ));

    let cli = built.page("agents/cli");
    assert!(
        cli.html_tag().contains(r#"data-section=1"#) && !cli.html_tag().contains("data-no-tabs"),
        "a menu item's page sits in the product around its tab: {}",
        cli.html_tag()
    );
    assert!(cli.tabs().contains(
        r#"<a class=nav-tabs-item href=./ aria-current=page data-active>Agent tools</a>"#
    ));

    let css = site_css(&built.site);
    assert!(css.contains(
        r#"html[data-section="1"] .nav-tabs [data-section]:not([data-section="1"]){display:none!important}"#
    ));
    assert!(css
        .contains(r#"html:not([data-section]) .nav-tabs [data-section]{display:none!important}"#));
}

#[test]
fn versions_get_a_switcher_that_keeps_the_same_page() {
    let built = build("versions");
    let v1 = built.page("v1/intro");
    assert!(v1
        .html_tag()
        .contains(r#"data-version=v1 data-page-version=v1"#));
    assert!(v1
        .sidebar()
        .contains(r#"<select id=version-select data-version-select"#));
    assert!(v1
        .sidebar()
        .contains(r#"<option value=v2>v2</option><option value=v1>v1</option>"#));
    assert!(v1
        .head()
        .contains(r#"<link rel=alternate data-version-alternate=v2 href=../../v2/intro/>"#));
    assert!(v1
        .groups()
        .contains(r#"<li class="sidebar-group is-expanded" data-version=v1>"#));
    assert!(v1
        .groups()
        .contains(r#"<li class=sidebar-group data-version=v2>"#));

    let new = built.page("v2/new");
    assert!(
        new.head()
            .contains(r#"data-version-alternate=v1 href=../../v1/intro/"#),
        "a page v1 lacks opens v1's first page"
    );
}

#[test]
fn languages_set_lang_hreflang_and_a_switcher() {
    let built = build("languages");
    let french = built.page("fr/intro");
    assert!(french.html_tag().contains(r#"lang=fr"#));
    assert!(french.html_tag().contains(r#"data-language=fr"#));
    assert!(french
        .head()
        .contains(r#"<link rel=alternate hreflang=en href=../../intro/>"#));
    assert!(french.sidebar().contains(
        r#"<option value=en lang=en>English</option><option value=fr lang=fr>Français</option>"#
    ));
    assert!(french
        .groups()
        .contains(r#"<li class="sidebar-group is-expanded" data-language=fr><p class=sidebar-group-header>Démarrer<ul"#));

    let guide = built.page("guide");
    assert!(
        !guide.head().contains("hreflang=fr"),
        "a page without a translation announces none: {}",
        guide.head()
    );
    assert!(
        guide
            .head()
            .contains(r#"<link rel=alternate data-language-alternate=fr href=../fr/intro/>"#),
        "the switcher still has somewhere to go"
    );
}

#[test]
fn a_tabs_menu_opens_from_the_top_bar_and_lists_its_sections() {
    let built = build("menu");
    let python = built.page("tools/sdks/python");
    let tabs = python.tabs();
    assert!(tabs.contains(
        r#"<li><a class=nav-tabs-item href=../../api/users/ aria-current=page data-active>Developer tools</a><details class=tab-menu><summary class=nav-dropdown-trigger aria-label="Developer tools sections"></summary><ul class=nav-dropdown-content><li><a class=nav-dropdown-item href=../../api/users/><span class=nav-dropdown-item-icon></span><span class=nav-dropdown-item-title>API</span></a><li><a class=nav-dropdown-item href=./ aria-current=page data-active><span class=nav-dropdown-item-icon></span><span class=nav-dropdown-item-title>SDKs</span></a></ul></details>"#
    ), "{tabs}");
    assert!(tabs.contains(r#"<li><a class=nav-tabs-item href=../../../intro/>Guides</a>"#));
    assert!(
        python.sidebar().contains(
            r#"<li class=menu-item data-tab=0><a class=nav-anchor href=./ aria-current=page>"#
        ),
        "menu items are in the sidebar too, for phones"
    );
    assert!(python.groups().contains("Python") && !python.groups().contains("Users"));

    let users = built.page("tools/api/users");
    assert!(users
        .groups()
        .contains("<p class=sidebar-group-header>Endpoints<ul"));
    let intro = built.page("intro");
    assert!(intro
        .tabs()
        .contains(r#"<a class=nav-tabs-item href=./ aria-current=page data-active>Guides</a>"#));
    assert!(
        intro.html_tag().contains(r#"data-tab=1"#),
        "the menu items show in tab 0 only"
    );
}

#[test]
fn global_tabs_and_anchors_show_on_every_page() {
    let built = build("global");
    for path in ["intro", "more"] {
        let page = built.page(path);
        assert!(
            page.tabs()
                .contains(r#"<li><a class=nav-tabs-item href=https://blog.example.com>Blog </a>"#),
            "{path}"
        );
        assert!(
            page.sidebar()
                .contains(r#"<a class=nav-anchor href=https://status.example.com>"#),
            "{path}"
        );
    }
}

#[test]
fn group_flags_tag_expanded_root_hidden_and_icon() {
    let built = build("group-flags");
    let beta = built.page("beta/one");
    let groups = beta.groups();
    assert!(groups.contains(
        r#"<p class=sidebar-group-header>Beta<span class="nav-tag nav-tag-pill">BETA</span><ul"#
    ));
    assert!(
        groups.contains(
            r#"<li class="sidebar-group is-expanded"><p class=sidebar-group-header>Always open<ul"#
        ) && groups.contains(r#"<details open><summary>Nested</summary>"#),
        "expanded groups stay open on other groups' pages: {groups}"
    );
    assert!(
        groups.contains(
            r#"<li class=sidebar-group><a class=sidebar-group-header href=../../guide/>Guide</a>"#
        ),
        "a group's root page is its name's link"
    );
    assert!(!groups.contains("Secret"), "hidden groups are not listed");
    assert!(
        built.exists("secret/one"),
        "a hidden group's pages are built"
    );

    let intro = fs::read_to_string(built.site.join("intro/index.html")).unwrap();
    let start = between(
        &intro,
        r#"<li class="sidebar-group is-expanded"><p class=sidebar-group-header>"#,
        "Start<ul",
    );
    assert!(
        start.contains(r#"<svg class=icon"#),
        "the group icon: {start}"
    );
}

#[test]
fn openapi_on_a_node_generates_a_page_per_operation_grouped_by_tag() {
    let built = build("openapi-node");
    for path in [
        "api-reference/users/list-users",
        "api-reference/users/create-user",
        "api-reference/teams/list-teams",
        "reference/users/list-users",
        "reference/users/create-user",
        "reference/teams/list-teams",
    ] {
        assert!(built.exists(path), "{path}");
    }
    let users = built.page("api-reference/users/list-users");
    assert!(users.tabs().contains(
        r#"<a class=nav-tabs-item href=./ aria-current=page data-active>API reference</a>"#
    ));
    assert!(users
        .tabs()
        .contains(r#"<a class=nav-tabs-item href=../../../reference/users/list-users/>Reference in a folder</a>"#));
    // A tab naming only a spec shows its tags as the tab's groups (as
    // Mintlify does): the page holds its own tag's operations, the other
    // tags come collapsed from the section's script.
    let groups = users.groups();
    assert!(
        !groups.contains(r#"<p class=sidebar-group-header>API reference<ul"#),
        "{groups}"
    );
    let own = between(
        users.sidebar(),
        "<ul id=sidebar-content class=nav-groups>",
        "</nav>",
    );
    assert!(own.contains(r#"<p class=sidebar-group-header>Users<ul class=nav-list><li data-active><a href=./ aria-current=page>List users<span class="method-badge method-nav-pill" data-method=GET>GET</span></a><li><a href=../create-user/>Create user<span class="method-badge method-nav-pill" data-method=POST>POST</span></a></ul>"#), "{own}");
    assert!(
        !own.contains("Teams"),
        "another tag is not in the page's HTML: {own}"
    );
    assert!(groups.contains("Teams"), "{groups}");
    assert!(users.html.contains("List users"));

    let in_folder = built.page("reference/users/create-user");
    assert!(in_folder
        .groups()
        .contains("<p class=sidebar-group-header>Generated<ul"));
    assert!(
        in_folder.html.contains("Display name"),
        "the request body is documented"
    );
}

/// OpenAPI 3.1 `webhooks`: pages generated by an `openapi` node, named by
/// `webhook NAME` in frontmatter and `SPEC webhook NAME` in navigation,
/// laid out like endpoint pages (the payload as the body, the responses
/// expected) with no Try-it.
#[test]
fn webhooks_get_pages_like_operations_without_try_it() {
    let built = build("openapi-webhooks");
    for path in [
        "api-reference/users/list-users",
        "api-reference/events/user-created",
        "api-reference/user-deleted",
        "events",
    ] {
        assert!(built.exists(path), "{path}");
    }
    let page = built.page("api-reference/events/user-created");
    let groups = page.groups();
    assert!(groups.contains(r#"<p class=sidebar-group-header>Events<ul class=nav-list><li data-active><a href=./ aria-current=page>User created<span class="method-badge method-nav-pill" data-method=WEBHOOK>WEBHOOK</span></a></ul>"#), "{groups}");
    let others = &page.script_groups;
    let untagged = r#"<a class=sidebar-group-header href=../../../api-reference/api-reference/user-deleted/>Webhooks</a>"#;
    assert!(others.contains(untagged), "untagged ones: {others}");
    let html = &page.html;
    assert!(html.contains(r#"<span class="badge badge-webhook">Webhook</span><span class="method-badge method-pill method-post">POST</span><code class="endpoint-path">userCreated</code>"#), "{html}");
    assert!(
        html.contains("The new user's name."),
        "the payload's fields: {html}"
    );
    assert!(
        html.contains("Return 200 to acknowledge the event."),
        "{html}"
    );
    assert!(
        html.contains(r#"aria-label="Copy the Payload sample""#),
        "the example payload: {html}"
    );
    assert!(!html.contains("data-playground"), "no Try-it: {html}");
    assert!(!html.contains("api.example.com"), "no server: {html}");
    let events = built.page("events");
    assert!(events
        .html
        .contains("Sent to your endpoint when a user signs up."));
    let listed = built.page("api-reference/api-reference/user-deleted");
    assert!(listed.html.contains("Acknowledged."), "{}", listed.html);
}

#[test]
fn operation_entries_name_operations_of_the_nodes_spec() {
    let built = build("operation-entries");
    let users = built.page("api-reference/users/list-users");
    let groups = users.groups();
    assert!(groups.contains(r#"<p class=sidebar-group-header>Users<ul class=nav-list><li data-active><a href=./ aria-current=page>List users<span class="method-badge method-nav-pill" data-method=GET>GET</span></a><li><a href=../create-user/>Create user<span class="method-badge method-nav-pill" data-method=POST>POST</span></a></ul>"#), "{groups}");
    assert!(users.html.contains("https://api.example.com/users"));
    let teams = built.page("api-reference/teams/list-teams");
    assert!(teams
        .groups()
        .contains(r#"<p class=sidebar-group-header>Teams<ul"#));
    assert!(teams.html.contains("List teams"));
}

/// The bundled stylesheet of a built site.
fn site_css(site: &Path) -> String {
    let dir = site.join("_sheaf");
    fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "css"))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect()
}

/// `{"$ref": "…"}` anywhere in docs.json stands for the file it names,
/// relative to the file holding it (`tests/fixtures/docsjson/ref-files`:
/// a language, a page list and the redirects in files of their own).
#[test]
fn ref_files_stand_for_their_json() {
    let built = build("ref-files");
    let french = built.page("fr/intro");
    assert!(french.html_tag().contains(r#"lang=fr"#));
    assert!(french
        .groups()
        .contains(r#"<li class="sidebar-group is-expanded" data-language=fr><p class=sidebar-group-header>Démarrer<ul"#));
    assert!(built.page("guide").html.contains("Guide"));
    assert!(built.exists("old-intro"), "the redirects file was read");
}

/// A problem inside a referenced file is reported at its own line.
#[test]
fn a_problem_in_a_ref_file_points_into_that_file() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&fixture("docsjson/ref-files"), dir.path());
    let navigation = dir.path().join("fr/navigation.json");
    let text = fs::read_to_string(&navigation).unwrap();
    fs::write(
        &navigation,
        text.replace(r#""language": "fr""#, r#""language": 7"#),
    )
    .unwrap();
    let output = sheaf(&["check", dir.path().to_str().unwrap()]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("--> fr/navigation.json:2:15"), "{text}");
    assert!(text.contains("navigation.languages[1].language"), "{text}");
}

/// A docs.json value outside sheaf's lists is a note at the value when
/// Mintlify's own schema names it (a newer option, a language code) and a
/// warning when it does not (likely a typo); the site builds either way,
/// and an icon written as `{name, style}` shows
/// (`tests/fixtures/docsjson/open-world`).
#[test]
fn values_sheaf_does_not_know_are_notes_or_warnings_and_the_site_builds() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("docsjson/open-world");
    let output = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(!text.contains("error"), "{text}");
    for (severity, headline, at) in [
        (
            "warning",
            "`appearance.default`: sheaf does not know the value \"sepia\"",
            "docs.json:9:16",
        ),
        (
            "note",
            "`navigation.languages[1].language`: Mintlify's value \"zh-CN\"",
            "docs.json:28:21",
        ),
    ] {
        let found = text
            .lines()
            .position(|l| l.starts_with(severity) && l.contains(headline));
        let line = found.unwrap_or_else(|| panic!("no `{headline}`:\n{text}"));
        let location = text.lines().nth(line + 1).unwrap();
        assert!(location.contains(at), "{headline} at {location}:\n{text}");
    }
    let page = fs::read_to_string(out.path().join("zh/intro/index.html")).unwrap();
    assert!(
        page.contains("lang=zh-CN"),
        "the code is the page's language"
    );
    let intro = fs::read_to_string(out.path().join("intro/index.html")).unwrap();
    assert!(
        intro.contains("data-language=en><p class=sidebar-group-header><span class=sidebar-group-icon><svg class=icon"),
        "the group's icon shows"
    );
}

#[test]
fn a_language_has_its_own_top_bar_footer_and_banner() {
    let built = build("languages");
    let french = built.page("fr/intro").html;
    assert!(french.contains("<a href=https://example.com/fr/blog>Le blog</a>"));
    assert!(french.contains("Bienvenue sur la documentation en français."));
    assert!(french.contains("https://x.com/example_fr"));
    assert!(!french.contains(">Blog<"), "the site's links are replaced");
    assert!(
        !french.contains("github.com/example/docs"),
        "and its footer"
    );

    let english = built.page("intro").html;
    assert!(english.contains("<a href=https://example.com/blog>Blog</a>"));
    assert!(english.contains("https://github.com/example/docs"));
    assert!(!english.contains("Le blog") && !english.contains("Bienvenue"));
}
