//! Tests of loading a site: navigation neighbours, the places that show a
//! copy of a page, many pages read ahead, and the helpers loading uses.

use super::*;

#[test]
fn neighbours_skip_pages_of_other_versions() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a", "b", "c"] {
        std::fs::write(dir.path().join(format!("{name}.mdx")), format!("# {name}")).unwrap();
    }
    let config: SiteConfig = serde_json::from_str(
        r#"{"name": "X", "versions": ["v2", "v1"], "navigation": [
            {"group": "New", "version": "v2", "pages": ["a"]},
            {"group": "Old", "version": "v1", "pages": ["b"]},
            {"group": "All", "pages": ["c"]}]}"#,
    )
    .unwrap();
    let (site, _) = Site::load(&SourceFiles::scan(dir.path()), config, &|_| None);
    let a = site.page_by_slug("a").unwrap().id;
    let (prev, next) = site.neighbours(a);
    assert!(prev.is_none());
    assert_eq!(next.unwrap().slug, "c", "the v1 page is skipped");
}

#[test]
fn a_frontmatter_version_the_config_does_not_declare_leaves_the_navigation_to_decide() {
    let dir = tempfile::tempdir().unwrap();
    let page = |version: &str| format!("---\nversion: {version}\n---\n# Page\n");
    std::fs::write(dir.path().join("a.mdx"), page("v5")).unwrap();
    std::fs::write(dir.path().join("b.mdx"), page("v6.x")).unwrap();
    let config: SiteConfig = serde_json::from_str(
        r#"{"name": "X", "versions": ["v6.x", "v5.x"], "navigation": [
            {"group": "Old", "version": "v5.x", "pages": ["a"]},
            {"group": "New", "version": "v5.x", "pages": ["b"]}]}"#,
    )
    .unwrap();
    let (site, _) = Site::load(&SourceFiles::scan(dir.path()), config, &|_| None);
    let version = |slug: &str| site.page_by_slug(slug).unwrap().version.clone();
    assert_eq!(version("a").as_deref(), Some("v5.x"), "v5 is not declared");
    assert_eq!(version("b").as_deref(), Some("v6.x"), "a declared one wins");
}

fn site_of(pages: &[&str], config: &str) -> Site {
    let dir = tempfile::tempdir().unwrap();
    for page in pages {
        let path = dir.path().join(format!("{page}.mdx"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, format!("# {page}")).unwrap();
    }
    let config: SiteConfig = serde_json::from_str(config).unwrap();
    Site::load(&SourceFiles::scan(dir.path()), config, &|_| None).0
}

#[test]
fn the_root_and_free_tab_folders_show_their_first_page() {
    let config = r#"{"name": "X",
        "tabs": [{"name": "API", "url": "api"}, {"name": "Own", "url": "own"},
                 {"name": "Out", "url": "https://x.com"}, {"name": "Empty", "url": "empty"},
                 {"name": "No URL", "url": ""}],
        "navigation": [{"group": "Start", "pages": ["intro"]},
                       {"group": "API", "pages": ["api/overview", "api/get"]},
                       {"group": "Own", "pages": ["own/index", "own/more"]},
                       {"group": "Deep", "pages": ["deep/a/one", "deep/a/b/two"]}]}"#;
    let pages = [
        "intro",
        "api/overview",
        "api/get",
        "own/index",
        "own/more",
        "deep/a/one",
        "deep/a/b/two",
    ];
    let mut site = site_of(&pages, config);
    // As a docs.json tab places its groups: the tab has no URL.
    for page in &mut site.pages {
        let deep = page.slug.starts_with("deep/");
        if deep || page.tab == Some(4) {
            page.tab = deep.then_some(4);
        }
    }
    let roots: Vec<(String, &str)> = site
        .section_roots()
        .into_iter()
        .map(|(place, id)| (place, site.pages[id].slug.as_str()))
        .collect();
    assert_eq!(
        roots,
        [
            ("index".into(), "intro"),
            ("api".into(), "api/overview"),
            ("deep/a".into(), "deep/a/one")
        ]
    );
    let with_index = site_of(
        &["index", "intro"],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["intro", "index"]}]}"#,
    );
    assert!(
        with_index.section_roots().is_empty(),
        "index.mdx is the root"
    );
}

#[test]
fn many_pages_are_read_ahead_by_a_wider_pool_and_all_load() {
    let names: Vec<String> = (0..nav::MANY_FILES + 10)
        .map(|i| format!("p/{i}"))
        .collect();
    let listed: Vec<&str> = names.iter().map(String::as_str).collect();
    let config = serde_json::json!({"name": "X", "navigation": [{"group": "G", "pages": listed}]});
    let site = site_of(&listed, &config.to_string());
    assert_eq!(site.pages.len(), names.len());
    assert_eq!(site.nav_order.len(), names.len());
    for (page, name) in site.pages.iter().zip(&names) {
        assert_eq!(page.slug, *name);
        assert_eq!(page.title, *name, "the title comes from the file's heading");
    }
}

#[test]
fn folders_share_whole_segments() {
    assert_eq!(shared_folder_len("x/y", "x/z"), 1);
    assert_eq!(shared_folder_len("x/y", "x/y"), 3);
    assert_eq!(shared_folder_len("x/y", "x"), 1);
    assert_eq!(shared_folder_len("ab/c", "a/c"), 0);
    assert_eq!(shared_folder_len("", "x"), 0);
    assert_eq!(shared_folder_len("", ""), 0);
}

#[test]
fn fallback_title_uses_heading_then_file_name() {
    assert_eq!(fallback_title("text\n# Real Title\n", "a/b"), "Real Title");
    assert_eq!(
        fallback_title("no heading", "guides/getting-started"),
        "Getting started"
    );
}

#[test]
fn a_fragment_names_a_heading_as_mintlify_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let body = "# Functions\n\n## isnull()\n\n## サインアウト\n\n## 🚀 Launch\n\n## Standard I/O\n\n## c3 — function selector\n";
    std::fs::write(dir.path().join("a.mdx"), body).unwrap();
    let config: SiteConfig =
        serde_json::from_str(r#"{"name": "X", "navigation": [{"group": "G", "pages": ["a"]}]}"#)
            .unwrap();
    let (site, _) = Site::load(&SourceFiles::scan(dir.path()), config, &|_| None);
    let page = site.page_by_slug("a").unwrap();
    let id = |fragment: &str| page.anchor_id(fragment).map(|id| id.into_owned());
    assert_eq!(id("isnull").as_deref(), Some("isnull"));
    assert_eq!(
        id("isnull()").as_deref(),
        Some("isnull"),
        "punctuation dropped"
    );
    let encoded = "%E3%82%B5%E3%82%A4%E3%83%B3%E3%82%A2%E3%82%A6%E3%83%88";
    assert_eq!(
        id(encoded).as_deref(),
        Some("サインアウト"),
        "percent-decoded"
    );
    let launch = page
        .heading_ids
        .iter()
        .find(|i| i.contains("launch"))
        .unwrap()
        .clone();
    assert_eq!(id(&format!("🚀{launch}")), Some(launch), "emoji dropped");
    assert_eq!(id("nope"), None);
    let slash = id("standard-i%2Fo").unwrap();
    assert!(
        page.heading_ids.contains(&slash),
        "Mintlify's id for `Standard I/O`: {slash}"
    );
    let dash = id("c3-%E2%80%94-function-selector").unwrap();
    assert!(
        page.heading_ids.contains(&dash),
        "and for an em dash: {dash}"
    );
}
