//! Deserialising the site model and the helpers on its types.

use super::*;

#[test]
fn github_repo_needs_owner_and_name() {
    assert_eq!(github_repo("https://github.com/a/b/"), Some("a/b".into()));
    assert_eq!(github_repo("https://github.com/a"), None);
    assert_eq!(github_repo("https://gitlab.com/a/b"), None);
}

#[test]
fn nested_navigation_deserialises() {
    let nav: Vec<NavGroup> = serde_json::from_str(
        r#"[{"group":"A","pages":["x",{"group":"B","icon":"k","pages":["y"]}]}]"#,
    )
    .unwrap();
    assert!(matches!(&nav[0].pages[1], NavEntry::Group(g) if g.group == "B"));
}

#[test]
fn page_urls_place_pages_in_folders_or_html_files() {
    let (folders, html) = (PageUrls::Folders, PageUrls::Html);
    assert_eq!(folders.url("a/b"), "a/b/");
    assert_eq!(folders.file("a/b"), "a/b/index.html");
    assert_eq!(folders.folder("a/b"), "a/b/");
    assert_eq!(html.url("a/b"), "a/b.html");
    assert_eq!(html.file("a/b"), "a/b.html");
    assert_eq!(html.folder("a/b"), "a/");
    assert_eq!(html.folder("top"), "");
    assert_eq!(folders.url("es/index"), "es/");
    assert_eq!(folders.file("es/index"), "es/index.html");
    for urls in [folders, html] {
        assert_eq!(urls.url("index"), "");
        assert_eq!(urls.file("index"), "index.html");
        assert_eq!(urls.folder("index"), "");
    }
}
