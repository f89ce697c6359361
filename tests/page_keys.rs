//! The page keys Mintlify documents, built by the real binary on
//! `tests/fixtures/page-keys`: each does what it says, and a value sheaf
//! cannot use is a warning at its line.

mod common;

use std::fs;

use common::parse_printed;
use common::read_built as read;

/// Builds the fixture into a temp folder; returns it, the site and stderr.
fn built() -> (tempfile::TempDir, std::path::PathBuf, String) {
    common::build_fixture("page-keys")
}

#[test]
fn og_and_twitter_keys_replace_the_site_s_and_the_defaults() {
    let (_out, site, _) = built();
    let html = read(&site, "index.html");
    let tags = |name: &str| html.matches(&format!("={name} content=")).count();
    assert!(
        html.contains("<meta property=og:title content=\"The User Group Service\">"),
        "{html}"
    );
    assert!(html.contains("<meta property=og:image content=https://example.com/ugs.png>"));
    assert!(html.contains("<meta name=twitter:card content=summary_large_image>"));
    assert!(
        html.contains("<meta name=twitter:site content=@ugs>"),
        "the site's stay"
    );
    for name in ["og:title", "og:image", "twitter:card", "og:description"] {
        assert_eq!(tags(name), 1, "one {name} tag: {html}");
    }
    let other = read(&site, "tokens/index.html");
    assert!(other.contains("<meta property=og:image content=https://example.com/site.png>"));
    assert!(other.contains("<meta property=og:title content=\"Rotate a user group token\">"));
}

#[test]
fn canonical_tag_url_deprecated_and_pagination_keys_shape_the_pages() {
    let (_out, site, _) = built();
    let tokens = read(&site, "tokens/index.html");
    assert!(tokens.contains("<link rel=canonical href=https://docs.example.com/tokens>"));
    let index = read(&site, "index.html");
    assert!(
        !index.contains("class=pager"),
        "hideFooterPagination: {index}"
    );
    assert!(tokens.contains("class=pager"), "the others keep theirs");
    assert!(
        index.contains("<span class=title-tag>NEW</span>"),
        "{index}"
    );
    assert!(
        index.contains("User Group Service<span class=\"nav-tag nav-tag-pill\">NEW</span>"),
        "{index}"
    );
    let sidebar_link = "<a href=https://status.example.com rel=noopener>Service status";
    assert!(index.contains(sidebar_link), "url: {index}");
    let legacy = read(&site, "legacy/index.html");
    assert!(legacy.contains("<span class=\"title-tag is-deprecated\">Deprecated</span>"));
    assert!(legacy.contains("<span class=\"nav-tag is-deprecated\">Deprecated</span>"));
    assert!(!legacy.contains("javascript:"), "never linked: {legacy}");
    assert!(!legacy.contains("rel=canonical"), "{legacy}");
}

#[test]
fn hide_api_marker_and_playground_apply_to_the_endpoint_page() {
    let (_out, site, _) = built();
    let page = read(&site, "api/get-user/index.html");
    let sidebar = &page[page.find("id=sidebar").unwrap()..page.find("id=content").unwrap()];
    assert!(sidebar.contains("Get User"), "{sidebar}");
    assert!(
        !sidebar.contains("method-badge"),
        "hideApiMarker: {sidebar}"
    );
    assert!(
        page.contains("data-method=GET"),
        "the page keeps its method"
    );
    assert!(!page.contains("Try it"), "playground: none: {page}");
}

#[test]
fn a_page_that_is_not_searchable_stays_in_llms_full_txt() {
    let (_out, site, _) = built();
    let index: String = walkdir::WalkDir::new(site.join("search"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    assert!(
        index.contains("Rotate a user group token"),
        "the index is where it should be"
    );
    assert!(
        !index.to_lowercase().contains("quokkaword"),
        "searchable: false"
    );
    assert!(!index.contains("Internal notes"));
    assert!(read(&site, "llms-full.txt").contains("Quokkaword appears only on this page."));
    assert!(
        read(&site, "sitemap.xml").contains("private/"),
        "still indexed by engines"
    );
}

#[test]
fn rss_true_publishes_the_page_s_updates_as_a_feed() {
    let (_out, site, _) = built();
    let feed = read(&site, "changelog/rss.xml");
    assert!(feed.starts_with("<?xml"), "{feed}");
    let items: Vec<&str> = feed.split("<item>").skip(1).collect();
    assert_eq!(items.len(), 2, "{feed}");
    assert!(items[0].contains("<title>2024-10-11</title>"), "{feed}");
    assert!(
        items[0].contains("<link>/changelog/#2024-10-11</link>"),
        "{feed}"
    );
    assert!(items[0].contains("<pubDate>Fri, 11 Oct 2024 00:00:00 +0000</pubDate>"));
    assert!(
        items[0].contains("<description>v1.1</description>"),
        "{feed}"
    );
    assert!(items[0].contains("<category>API</category>"), "{feed}");
    assert!(items[1].contains("<title>First release</title>"), "{feed}");
    assert!(
        items[1].contains("<description>GET, PUT and POST on one path, /api/user.</description>")
    );
    let page = read(&site, "changelog/index.html");
    let link =
        "<link rel=alternate type=application/rss+xml title=Changelog href=../changelog/rss.xml>";
    assert!(page.contains(link), "{page}");
}

#[test]
fn values_sheaf_cannot_use_and_ignored_keys_are_warnings_at_their_lines() {
    let (_out, _site, printed) = built();
    let warnings: Vec<(String, String)> = parse_printed(&printed)
        .into_iter()
        .filter(|p| p.severity == "warning")
        .map(|p| (p.location, p.headline))
        .collect();
    let at = |location: &str, words: &str| {
        assert!(
            (warnings.iter()).any(|(l, m)| l.ends_with(location) && m.contains(words)),
            "{location} {words}: {warnings:#?}"
        )
    };
    at("legacy.mdx:4:1", "javascript:alert(1)");
    at("legacy.mdx:5:1", "canonical: /tokens");
    at("legacy.mdx:6:1", "unknown playground \"sometimes\"");
    at("private.mdx:4:1", "frontmatter `public` is ignored");
    assert_eq!(warnings.len(), 4, "{warnings:#?}");
}
