//! Link targets as Mintlify resolves them, on small sites made here.

use super::*;
use crate::config::SiteConfig;
use crate::sources::SourceFiles;

/// A site of `files` (empty pages titled after their slug) and `config`.
fn site(files: &[&str], config: &str) -> Site {
    let dir = tempfile::tempdir().unwrap();
    for file in files {
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, format!("# {file}\n")).unwrap();
    }
    let config: SiteConfig = serde_json::from_str(config).unwrap();
    Site::load(&SourceFiles::scan(dir.path()), config, &|_| None).0
}

fn slug_of(target: LinkTarget<'_>) -> String {
    match target {
        LinkTarget::Page { page, fragment } => match fragment {
            Some(f) => format!("{}#{f}", page.slug),
            None => page.slug.clone(),
        },
        other => format!("{other:?}"),
    }
}

#[test]
fn a_folder_index_page_answers_to_the_folder_and_to_index() {
    let site = site(
        &["index.mdx", "guides/index.mdx", "guides/a.mdx"],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["index", "guides/index", "guides/a"]}]}"#,
    );
    assert_eq!(slug_of(site.link_target("guides")), "guides/index");
    assert_eq!(slug_of(site.link_target("guides/index")), "guides/index");
    assert_eq!(slug_of(site.link_target("index")), "index");
    assert_eq!(slug_of(site.link_target("")), "index");
}

#[test]
fn a_folder_without_a_page_leads_to_its_first_page_in_navigation_order() {
    let site = site(
        &[
            "index.mdx",
            "api/b.mdx",
            "api/a.mdx",
            "api/deep/c.mdx",
            "other/z.mdx",
        ],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["index", "api/b", "api/a"]}]}"#,
    );
    assert_eq!(
        slug_of(site.link_target("api")),
        "api/b",
        "navigation order, not names"
    );
    assert_eq!(slug_of(site.link_target("api/deep")), "api/deep/c");
    assert_eq!(
        slug_of(site.link_target("other")),
        "other/z",
        "unlisted pages count too"
    );
    assert_eq!(site.link_target("nothing"), LinkTarget::Missing);
    let mut folders: Vec<(&str, &str)> = site
        .folder_pages()
        .map(|(folder, page)| (folder, page.slug.as_str()))
        .collect();
    folders.sort();
    assert_eq!(
        folders,
        [
            ("api", "api/b"),
            ("api/deep", "api/deep/c"),
            ("other", "other/z")
        ]
    );
}

#[test]
fn redirects_are_followed_through_chains_and_wildcards() {
    let site = site(
        &["index.mdx", "new/a.mdx", "new/deep/b.mdx", "final.mdx"],
        r##"{"name": "X", "navigation": [{"group": "G", "pages": ["index"]}],
            "redirects": [
              {"source": "/first", "destination": "/second"},
              {"source": "/second/", "destination": "/final#part"},
              {"source": "/old/:slug*", "destination": "/new/:slug*"},
              {"source": "/docs/*", "destination": "/new/*"},
              {"source": "/users/:id/profile", "destination": "/new/:id"},
              {"source": "/ext/:slug*", "destination": "https://example.com/:slug*"}
            ]}"##,
    );
    assert_eq!(slug_of(site.link_target("first")), "final#part");
    assert_eq!(slug_of(site.link_target("old/a")), "new/a");
    assert_eq!(slug_of(site.link_target("old/deep/b")), "new/deep/b");
    assert_eq!(slug_of(site.link_target("docs/deep/b")), "new/deep/b");
    assert_eq!(slug_of(site.link_target("users/a/profile")), "new/a");
    assert_eq!(
        site.link_target("ext/x/y"),
        LinkTarget::External("https://example.com/x/y".into())
    );
    assert_eq!(site.link_target("old/none"), LinkTarget::Missing);
}

#[test]
fn a_redirect_loop_is_reported_with_the_paths_it_passed() {
    let site = site(
        &["index.mdx"],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["index"]}],
            "redirects": [{"source": "/a", "destination": "/b"}, {"source": "/b", "destination": "/a"}]}"#,
    );
    assert_eq!(
        site.link_target("a"),
        LinkTarget::Loop(vec!["a".into(), "b".into(), "a".into()])
    );
}

#[test]
fn a_long_chain_stops_after_the_bound() {
    let redirects: Vec<String> = (0..30)
        .map(|i| format!(r#"{{"source": "/r{i}", "destination": "/r{}"}}"#, i + 1))
        .collect();
    let config = format!(
        r#"{{"name": "X", "navigation": [{{"group": "G", "pages": ["index"]}}], "redirects": [{}]}}"#,
        redirects.join(",")
    );
    let site = site(&["index.mdx"], &config);
    match site.link_target("r0") {
        LinkTarget::Loop(passed) => assert_eq!(passed.len(), MAX_HOPS + 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn wildcard_redirects_cover_each_page_at_their_destination() {
    let site = site(
        &[
            "index.mdx",
            "new/a.mdx",
            "new/deep/b.mdx",
            "new/sub/index.mdx",
            "old/kept.mdx",
        ],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["index"]}],
            "redirects": [{"source": "/old/:slug*", "destination": "/new/:slug*"},
                          {"source": "/gone/*", "destination": "/"}]}"#,
    );
    let mut covered: Vec<String> = site.wildcard_pages().into_iter().map(|(s, _)| s).collect();
    covered.sort();
    assert_eq!(
        covered,
        ["old/a", "old/deep", "old/deep/b", "old/sub"],
        "a folder's index page by its folder, a folder without one by its path"
    );
}

#[test]
fn patterns_substitute_as_mintlify_does() {
    let pattern = Pattern::new("a/:slug*").unwrap();
    let captures = pattern.captures("a/x/y/z").unwrap();
    assert_eq!(captures.fill("/b/:slug*"), "/b/x/y/z");
    let two = Pattern::new(":lang/docs/:page").unwrap();
    assert_eq!(
        two.captures("fr/docs/intro").unwrap().fill("/:lang/:page"),
        "/fr/intro"
    );
    assert!(Pattern::new("plain/path").is_none());
    assert!(
        Pattern::new("a.b/:x").unwrap().captures("aXb/1").is_none(),
        "dots are literal"
    );
}

#[test]
fn a_path_with_the_base_path_leads_from_the_site_root_when_nothing_else_is_there() {
    let mut site = site(
        &["index.mdx", "quickstart.mdx", "docs/intro.mdx"],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["index", "quickstart", "docs/intro"]}],
            "redirects": [{"source": "/start", "destination": "/docs/quickstart"},
                          {"source": "/round", "destination": "/docs/round"}]}"#,
    );
    assert_eq!(slug_of(site.link_target("docs/quickstart")), "Missing");
    site.base_path = "docs".into();
    assert_eq!(
        site.without_base_path("docs/quickstart"),
        Some("quickstart")
    );
    assert_eq!(site.without_base_path("docs"), Some(""));
    assert_eq!(site.without_base_path("docsy/x"), None);
    assert_eq!(slug_of(site.link_target("docs/quickstart")), "quickstart");
    assert_eq!(slug_of(site.link_target("start")), "quickstart");
    assert_eq!(
        site.link_target("round"),
        LinkTarget::Loop(vec!["round".into(), "docs/round".into(), "round".into()])
    );
    assert_eq!(
        slug_of(site.link_target("docs/intro")),
        "docs/intro",
        "a page at the path as written wins"
    );
}

#[test]
fn a_wildcard_redirect_to_a_folder_without_a_page_covers_the_folder() {
    let site = site(
        &[
            "index.mdx",
            "sdks/kotlin/auth/a.mdx",
            "sdks/kotlin/auth/b.mdx",
        ],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["index"]}],
            "redirects": [{"source": "/old/:slug*", "destination": "/sdks/:slug*"}]}"#,
    );
    let covered: Vec<String> = site.wildcard_pages().into_iter().map(|(s, _)| s).collect();
    for path in ["old/kotlin/auth/a", "old/kotlin/auth", "old/kotlin"] {
        assert!(covered.iter().any(|c| c == path), "{path} in {covered:?}");
    }
    assert_eq!(
        slug_of(site.link_target("old/kotlin/auth")),
        "sdks/kotlin/auth/a"
    );
}
