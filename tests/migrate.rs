//! `sheaf migrate` round trips: a site.json or mint.json migrated to
//! docs.json and read back through the docs.json loader gives the same site
//! model on every field both formats share, and builds the same pages. The
//! inputs are the example site, the fixture sites and the real mint.json
//! sites of `../shared/realworld` (each copied to a temporary folder first).
//! Also `sheaf schema --format`, and that a `$schema` URL is never fetched.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{copy_tree, fixture, shared_dir, sheaf, stderr};
use serde_json::Value;
use sheaf::config::{
    self, Anchor, AnchorColor, CtaButton, CtaType, NavEntry, NavGroup, SiteConfig, Tab,
};
use sheaf::content::{NavItem, Site};
use sheaf::sources::SourceFiles;

/// The fixture sites with a site.json (not the config error fixtures).
const FIXTURES: [&str; 5] = [
    "browser-site",
    "build-basic",
    "build-broken-link",
    "components-docsjson",
    "serve-site",
];

fn example_docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs")
}

/// The real mint.json sites that are present.
fn realworld_sites() -> Vec<PathBuf> {
    let Some(shared) = shared_dir() else {
        return Vec::new();
    };
    let mut sites: Vec<PathBuf> = std::fs::read_dir(shared.join("realworld"))
        .into_iter()
        .flatten()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("mint.json").is_file())
        .collect();
    sites.sort();
    sites
}

fn inputs() -> Vec<PathBuf> {
    let mut inputs = vec![example_docs()];
    inputs.extend(FIXTURES.iter().map(|name| fixture(name)));
    inputs.extend(realworld_sites());
    inputs
}

/// A copy of `site` in a temporary folder.
fn copy_of(site: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(site, dir.path());
    dir
}

/// The config of `root`, which must load without errors.
fn load(root: &Path) -> (SiteConfig, PathBuf) {
    let loaded = config::load(root);
    assert!(
        !loaded.diagnostics.has_errors(),
        "{}: {:#?}",
        root.display(),
        loaded.diagnostics
    );
    (loaded.config.expect("a config"), loaded.file)
}

/// Moves the site.json or mint.json of `root` aside so docs.json is read.
fn set_aside(root: &Path, file: &Path) {
    let from = root.join(file);
    std::fs::rename(&from, from.with_extension("json.orig")).unwrap();
}

// ---------------------------------------------------------------------------
// What a reader sees, from either config.

/// The site model reduced to what both formats can say, normalised where
/// they legitimately differ (tabs and anchors named, not indexed; a tab's
/// folder replaced by the groups it holds).
#[derive(Debug, PartialEq)]
struct ReaderView {
    fields: BTreeMap<&'static str, Value>,
    tabs: BTreeSet<String>,
    anchors: BTreeSet<String>,
    /// (tab, anchor, version, language) → the groups shown there, in order.
    sections: BTreeMap<(String, String, String, String), Vec<String>>,
}

fn reader_view(root: &Path, config: &SiteConfig) -> ReaderView {
    let (site, _) = Site::load(&SourceFiles::scan(root), config.clone(), &|_| None);
    let top = top_anchor(&site);
    let mut anchors: BTreeSet<String> = config.anchors.iter().map(anchor_key).collect();
    if let Some((name, icon)) = &top {
        anchors.insert(format!("{name}  Some({icon:?}) None None None"));
    }
    ReaderView {
        fields: shared_fields(config),
        tabs: shown_tabs(&site, config),
        anchors,
        sections: sections(&site, top.map(|(name, _)| name)),
    }
}

/// A site.json without tabs whose anchors hold groups shows the groups of
/// no anchor under `topAnchor` (name, icon), listed first with the
/// anchors; docs.json, which has no `topAnchor`, writes it as a first anchor.
/// So it does when the anchors nest the tabs (Mintlify's upgrade's rule):
/// the first anchor then holds the tabs.
fn top_anchor(site: &Site) -> Option<(String, String)> {
    let config = &site.config;
    let listed = || site.pages.iter().filter(|p| p.in_nav);
    let shown = config.tabs.is_empty()
        && listed().any(|p| p.anchor.is_some())
        && listed().any(|p| p.anchor.is_none());
    let shown = shown || config::migrate::anchors_nest_tabs(config);
    let top = config.top_anchor.as_ref();
    shown.then(|| {
        (
            top.map_or("Documentation".into(), |a| a.name.clone()),
            top.map_or("book-open".into(), |a| a.icon.clone()),
        )
    })
}

fn json<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).unwrap()
}

/// Every flat field both formats share.
fn shared_fields(config: &SiteConfig) -> BTreeMap<&'static str, Value> {
    // docs.json requires a primary colour: a site without one gets the theme's.
    let mut colors = config.colors.clone().unwrap_or_else(|| config::Colors {
        primary: config::migrate::THEME_PRIMARY.into(),
        ..Default::default()
    });
    colors.anchors = None; // docs.json has no default anchor colour
    let cta = config.topbar_cta_button.clone().map(|cta| CtaButton {
        name: match cta.kind {
            CtaType::Link => cta.name.or_else(|| Some(cta.url.clone())),
            CtaType::Github => cta.name,
        },
        ..cta
    });
    let mut api = config.api.clone().unwrap_or_default();
    api.maintain_order = false;
    if let Some(auth) = &mut api.auth {
        auth.input_prefix = None;
    }
    let api = json(&api);
    let api = serde_json::json!({
        "baseUrl": config.api.as_ref().map(|a| a.base_urls()).unwrap_or_default(),
        "rest": api,
    });
    let mut specs: BTreeSet<String> = config
        .openapi
        .as_ref()
        .map(|o| o.to_vec())
        .unwrap_or_default()
        .into_iter()
        .collect();
    specs.extend(group_specs(&config.navigation));
    BTreeMap::from([
        ("name", json(&config.name)),
        ("description", json(&config.description)),
        ("logo", json(&config.logo)),
        ("favicon", json(&config.favicon)),
        ("colors", json(&colors)),
        ("backgroundImage", json(&config.background_image)),
        ("modeToggle", json(config.mode_toggle)),
        ("topbarLinks", json(&config.topbar_links)),
        ("topbarCtaButton", json(&cta)),
        ("footerSocials", json(&config.footer_socials)),
        ("footerLinks", json(&config.footer_links)),
        ("versions", json(&config.versions)),
        ("languages", json(&config.languages)),
        ("api", api),
        ("openapi", json(&specs)),
        ("redirects", json(&config.redirects)),
        ("metadata", json(&config.metadata)),
        ("banner", json(&config.banner)),
        ("searchPrompt", json(&config.search_prompt)),
        ("notFound", json(&config.not_found)),
        ("contextual", json(&config.contextual)),
        ("feedback", json(config.feedback)),
        ("markdownSources", json(config.markdown_sources)),
        ("pageUrls", json(config.page_urls)),
    ])
}

/// The top bar's tabs: the primary one (named by `topAnchor`) when some
/// navigation page is in no tab, then `tabs`.
fn shown_tabs(site: &Site, config: &SiteConfig) -> BTreeSet<String> {
    let mut tabs: BTreeSet<String> = config.tabs.iter().map(tab_key).collect();
    let primary_shown = !config.tabs.is_empty()
        && site
            .nav_order
            .iter()
            .any(|&id| site.pages[id].tab.is_none());
    if primary_shown {
        tabs.insert(format!("{}  None", primary_tab_name(config)));
    }
    tabs
}

fn primary_tab_name(config: &SiteConfig) -> String {
    config
        .top_anchor
        .as_ref()
        .map_or("Documentation".into(), |t| t.name.clone())
}

/// Specs named by groups, which the docs.json loader also lists in `openapi`.
fn group_specs(groups: &[NavGroup]) -> Vec<String> {
    let mut out = Vec::new();
    for group in groups {
        out.extend(group.openapi.clone());
        for entry in &group.pages {
            if let NavEntry::Group(inner) = entry {
                out.extend(group_specs(std::slice::from_ref(inner)));
            }
        }
    }
    out
}

fn is_external(url: &str) -> bool {
    url.contains("://") || url.starts_with("mailto:")
}

/// A tab as readers see it: name, where it links when external, version.
fn tab_key(tab: &Tab) -> String {
    let link = if is_external(&tab.url) { &tab.url } else { "" };
    format!("{} {link} {:?}", tab.name, tab.version)
}

fn anchor_key(anchor: &Anchor) -> String {
    let link = if is_external(&anchor.url) {
        &anchor.url
    } else {
        ""
    };
    let color = anchor.color.as_ref().map(|c| match c {
        AnchorColor::Solid(c) => c.clone(),
        AnchorColor::Gradient { from, .. } => from.clone(),
    });
    format!(
        "{} {link} {:?} {:?} {color:?} {:?}",
        anchor.name, anchor.icon, anchor.icon_type, anchor.version
    )
}

/// Which groups the sidebar shows in each section and version, in order;
/// a group's section is its first page's (as the sidebar decides).
fn sections(
    site: &Site,
    top_anchor: Option<String>,
) -> BTreeMap<(String, String, String, String), Vec<String>> {
    let config = &site.config;
    let mut out: BTreeMap<_, Vec<String>> = BTreeMap::new();
    for item in &site.nav {
        let NavItem::Group {
            version, display, ..
        } = item
        else {
            continue;
        };
        let Some(first) = Site::first_page(std::slice::from_ref(item)) else {
            continue;
        };
        let page = &site.pages[first];
        let tab = page
            .tab
            .map_or_else(|| primary_tab_name(config), |i| config.tabs[i].name.clone());
        let anchor = page.anchor.map_or_else(
            || top_anchor.clone().unwrap_or_default(),
            |i| config.anchors[i].name.clone(),
        );
        let key = (
            tab,
            anchor,
            version.clone().unwrap_or_default(),
            display.language.clone().unwrap_or_default(),
        );
        out.entry(key).or_default().push(describe(site, item));
    }
    out
}

/// A group with everything inside it, as text.
fn describe(site: &Site, item: &NavItem) -> String {
    match item {
        NavItem::Page(id) => site.pages[*id].slug.clone(),
        NavItem::Group {
            name,
            icon,
            icon_type,
            items,
            display,
            ..
        } => {
            let inner: Vec<String> = items.iter().map(|i| describe(site, i)).collect();
            let root = display.root.map(|id| site.pages[id].slug.clone());
            format!(
                "{name} {icon:?} {icon_type:?} {:?} {} {} {root:?} [{}]",
                display.tag,
                display.expanded,
                display.hidden,
                inner.join(", ")
            )
        }
    }
}

// ---------------------------------------------------------------------------

/// Migrates the copy at `root` and reads the result back: (before, after).
fn round_trip(root: &Path) -> (ReaderView, ReaderView) {
    let (before, file) = load(root);
    let files = SourceFiles::scan(root);
    let migration = config::migrate(&before, &files);
    std::fs::write(
        root.join("docs.json"),
        serde_json::to_string_pretty(&migration.docs).unwrap(),
    )
    .unwrap();
    set_aside(root, &file);
    let (after, read) = load(root);
    assert_eq!(read, Path::new("docs.json"));
    (reader_view(root, &before), reader_view(root, &after))
}

#[test]
fn every_input_round_trips_through_docs_json() {
    let inputs = inputs();
    assert!(inputs.len() >= 6, "the example and fixture sites are there");
    for site in inputs {
        let copy = copy_of(&site);
        let (before, after) = round_trip(copy.path());
        assert_eq!(before, after, "{}", site.display());
    }
}

#[test]
fn the_example_site_keeps_its_tabs_anchors_and_versions() {
    let copy = copy_of(&example_docs());
    let (before, after) = round_trip(copy.path());
    assert_eq!(before.tabs.len(), 2, "Documentation and API Reference");
    // Its anchors nest its tabs (none of its anchors or tabs lies in the
    // other's folder), so a first "Documentation" anchor holds the tabs.
    assert_eq!(before.anchors.len(), 5);
    let versioned = before.sections.keys().filter(|k| !k.2.is_empty()).count();
    assert!(versioned > 0, "{:?}", before.sections);
    assert!(before.sections.keys().any(|k| k.0 == "API Reference"));
    assert_eq!(before, after);
}

#[test]
fn the_comparison_sees_a_group_moved_to_another_tab() {
    let copy = copy_of(&example_docs());
    let (before, _) = load(copy.path());
    let mut moved = before.clone();
    moved.tabs[0].url = "guides".into();
    let root = copy.path();
    assert_ne!(reader_view(root, &before), reader_view(root, &moved));
}

// ---------------------------------------------------------------------------
// The real binary.

/// Every HTML page under `dir`, relative to it (not the theme's files under
/// `_sheaf/`, such as the sidebar's pages for readers without JavaScript,
/// whose folder is named by a hash of their content).
fn html_files(dir: &Path) -> BTreeSet<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| e.path().strip_prefix(dir).unwrap().to_path_buf())
        .filter(|path| !path.starts_with("_sheaf"))
        .collect()
}

fn build(root: &Path, out: &Path) -> BTreeSet<PathBuf> {
    common::build_ok(root, out);
    html_files(out)
}

fn migrate_then_build_matches(site: &Path) {
    let original = copy_of(site);
    let outputs = tempfile::tempdir().unwrap();
    let expected = build(original.path(), &outputs.path().join("before"));
    let copy = copy_of(site);
    let migrated = sheaf(&["migrate", copy.path().to_str().unwrap()]);
    assert!(migrated.status.success(), "{}", stderr(&migrated));
    assert!(stderr(&migrated).contains("wrote"), "{}", stderr(&migrated));
    let (_, source) = load(copy.path());
    set_aside(copy.path(), &source);
    let built = build(copy.path(), &outputs.path().join("after"));
    assert!(!expected.is_empty());
    assert_eq!(expected, built, "{}", site.display());
}

#[test]
fn migrate_then_build_writes_the_same_pages() {
    migrate_then_build_matches(&example_docs());
    migrate_then_build_matches(&fixture("browser-site"));
    for site in realworld_sites().iter().take(3) {
        migrate_then_build_matches(site);
    }
}

/// The sidebar of a built page as its reader meets it: each link's target
/// and each text, in order.
fn sidebar(html: &str) -> Vec<String> {
    let start = html.find("id=sidebar ").expect("a sidebar");
    let end = start + html[start..].find("<main").expect("the page after it");
    let mut out = Vec::new();
    for part in html[start..end].split('<').skip(1) {
        let (tag, text) = part.split_once('>').unwrap_or((part, ""));
        if let Some(href) = tag.split(' ').find_map(|a| a.strip_prefix("href=")) {
            out.push(format!("-> {href}"));
        }
        if !text.trim().is_empty() {
            out.push(text.trim().to_string());
        }
    }
    out
}

/// A mint.json with the legacy keys Mintlify's upgrade carries, anchors and
/// groups of no anchor: the migrated docs.json builds the same pages with
/// the same sidebars, and `migrate` says where each key went.
#[test]
fn a_legacy_mint_json_migrates_as_mintlifys_upgrade_does() {
    let copy = copy_of(&fixture("migrate-legacy"));
    let outputs = tempfile::tempdir().unwrap();
    let before = build(copy.path(), &outputs.path().join("before"));
    let migrated = sheaf(&["migrate", copy.path().to_str().unwrap()]);
    assert!(migrated.status.success(), "{}", stderr(&migrated));
    let text = stderr(&migrated);
    for line in [
        "moved `topAnchor` to the first anchor, `Guides`: docs.json has no section outside the anchors, so the groups of no anchor go in this one, listed first, as Mintlify's upgrade writes them",
        "moved `font` to `fonts.heading` and `fonts.body`: `headings` is `heading` there, `url` is `source`",
        "moved `footer.socials` to `footer.socials`",
        "moved `footer.links` to `footer.links`: each column's `title` is its `header`, each link's `url` its `href`",
        "moved `background.style` to `background.decoration`",
        "moved `codeBlock.mode` to `styling.codeblocks`",
        "moved `search.prompt` to `search.prompt`",
        "moved `api.playground.disableProxy` to `api.playground.proxy`: `true` becomes `false`",
        "moved `banner` to `banner`",
        "left out `rounded`: docs.json has no setting for rounded corners; the theme's corners are kept",
        "left out `scripts`: docs.json has no `scripts`: Mintlify and sheaf load every `.js` file of the docs root, so keep the file there",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
    for wrong in [
        "unknown key",
        "did you mean",
        "move it aside",
        "left out `banner`",
        "(order)",
    ] {
        assert!(!text.contains(wrong), "{wrong}\n{text}");
    }
    let docs_json = copy.path().join("docs.json");
    let next = format!(
        "next: sheaf now builds from {} (read before mint.json, which a build then ignores with a warning); remove {} once you no longer need it",
        docs_json.display(),
        copy.path().join("mint.json").display()
    );
    assert!(text.lines().any(|l| l == next), "{text}");
    let docs: Value = serde_json::from_str(&std::fs::read_to_string(&docs_json).unwrap()).unwrap();
    assert_eq!(docs["fonts"]["heading"]["family"], "Inter");
    assert_eq!(docs["fonts"]["body"]["weight"], 400);
    assert_eq!(
        docs["footer"]["socials"]["github"],
        "https://github.com/example/user-group-service"
    );
    assert_eq!(
        docs["footer"]["links"][0]["items"][0]["href"],
        "https://status.usergroups.example"
    );
    assert_eq!(docs["background"]["decoration"], "windows");
    assert_eq!(docs["styling"]["codeblocks"], "dark");
    assert_eq!(docs["api"]["playground"]["proxy"], false);
    assert_eq!(docs["search"]["prompt"], "Search the User Group Service");
    let anchors: Vec<&str> = (docs["navigation"]["anchors"].as_array().unwrap().iter())
        .map(|a| a["anchor"].as_str().unwrap())
        .collect();
    assert_eq!(anchors, ["Guides", "API Reference", "Status"]);

    set_aside(copy.path(), Path::new("mint.json"));
    let after = build(copy.path(), &outputs.path().join("after"));
    assert_eq!(before, after);
    for page in &before {
        let read =
            |side: &str| std::fs::read_to_string(outputs.path().join(side).join(page)).unwrap();
        if !read("before").contains("id=sidebar ") {
            continue;
        }
        assert_eq!(
            sidebar(&read("before")),
            sidebar(&read("after")),
            "{}",
            page.display()
        );
    }
}

#[test]
fn migrate_never_overwrites_without_force_and_says_what_it_left_out() {
    let copy = copy_of(&example_docs());
    let root = copy.path().to_str().unwrap();
    let first = sheaf(&["migrate", root]);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stderr(&first);
    for field in [
        "api.auth.inputPrefix",
        "api.maintainOrder",
        "anchors[2].isDefaultHidden",
    ] {
        assert!(text.contains(&format!("left out `{field}`")), "{text}");
    }
    let docs_json = copy.path().join("docs.json");
    std::fs::write(&docs_json, "hand-written").unwrap();
    let again = sheaf(&["migrate", root]);
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(&docs_json).unwrap(), "hand-written");
    let forced = sheaf(&["migrate", root, "--force"]);
    assert!(forced.status.success());
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(&docs_json).unwrap()).unwrap();
    assert_eq!(written["theme"], "mint");
    assert!(copy.path().join("site.json").is_file(), "the source stays");
}

#[test]
fn migrate_writes_where_out_says() {
    let copy = copy_of(&fixture("build-basic"));
    let out = copy.path().join("elsewhere.json");
    let done = sheaf(&[
        "migrate",
        copy.path().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(done.status.success(), "{}", stderr(&done));
    assert!(out.is_file());
    assert!(!copy.path().join("docs.json").exists());
}

// ---------------------------------------------------------------------------
// `sheaf schema` and `$schema`.

#[test]
fn schema_prints_either_embedded_schema() {
    let default = sheaf(&["schema"]);
    assert_eq!(
        String::from_utf8_lossy(&default.stdout),
        config::SCHEMA_TEXT
    );
    let site = sheaf(&["schema", "--format", "site-json"]);
    assert_eq!(String::from_utf8_lossy(&site.stdout), config::SCHEMA_TEXT);
    let docs = sheaf(&["schema", "--format", "docs-json"]);
    assert!(docs.status.success());
    assert_eq!(
        String::from_utf8_lossy(&docs.stdout),
        config::docs_schema_for_editors()
    );
    assert_ne!(config::SCHEMA_TEXT, config::DOCS_SCHEMA_TEXT);
    let unknown = sheaf(&["schema", "--format", "yaml"]);
    assert_eq!(unknown.status.code(), Some(2));
}

/// An editor validating a docs.json split into `$ref` files with the
/// printed schema sees no error; the same file fails the bare schema.
#[test]
fn the_printed_docs_json_schema_accepts_ref_files_anywhere() {
    let docs = sheaf(&["schema", "--format", "docs-json"]);
    let printed: serde_json::Value = serde_json::from_slice(&docs.stdout).unwrap();
    let bare: serde_json::Value = serde_json::from_str(config::DOCS_SCHEMA_TEXT).unwrap();
    let config_text = std::fs::read_to_string(fixture("docsjson/ref-files/docs.json")).unwrap();
    let split: serde_json::Value = serde_json::from_str(&config_text).unwrap();
    let errors = |schema: &serde_json::Value| {
        let validator = jsonschema::draft7::new(schema).unwrap();
        let found: Vec<String> = validator
            .iter_errors(&split)
            .map(|e| e.to_string())
            .collect();
        found
    };
    assert_eq!(errors(&printed), Vec::<String>::new());
    assert!(!errors(&bare).is_empty());
    let mut wrong = split.clone();
    wrong["navigation"]["languages"][1] = serde_json::json!({"$ref": 3});
    let validator = jsonschema::draft7::new(&printed).unwrap();
    assert!(!validator.is_valid(&wrong), "a $ref is a path");
}

#[test]
fn the_schema_url_a_file_names_is_never_fetched() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}/docs.json", listener.local_addr().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let docs = serde_json::json!({
        "$schema": url, "theme": "mint", "name": "X", "colors": {"primary": "#112233"},
        "navigation": {"groups": [{"group": "A", "pages": ["intro"]}]}
    });
    std::fs::write(dir.path().join("docs.json"), docs.to_string()).unwrap();
    std::fs::write(dir.path().join("intro.mdx"), "# Intro").unwrap();
    let (config, _) = load(dir.path());
    assert_eq!(config.name, "X");
    let site = serde_json::json!({"$schema": url, "name": "Y", "navigation": []});
    std::fs::write(dir.path().join("site.json"), site.to_string()).unwrap();
    let _ = config::load(dir.path());
    let checked = sheaf(&["check", dir.path().to_str().unwrap()]);
    let _ = checked;
    match listener.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        other => panic!("something connected to the $schema URL: {other:?}"),
    }
}
