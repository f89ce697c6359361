//! A page listed in two versions (`tests/fixtures/docsjson/shared-pages`):
//! each listing is a place of its own, with its version's sidebar and
//! switcher, and the page's own URL as canonical; "appears twice" is kept
//! for a page listed twice within one version.

mod common;

use std::fs;
use std::path::Path;

use common::{fixture, fixture_copy, parse_printed, save_replacing, sheaf, stderr};

/// Builds `root` into `out/site`; the exit code and what was printed.
fn build(root: &Path, out: &Path) -> (Option<i32>, String) {
    let site = out.join("site");
    let output = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    (output.status.code(), stderr(&output))
}

fn read(out: &Path, page: &str) -> String {
    let file = out.join("site").join(page);
    fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"))
}

#[test]
fn a_page_in_two_versions_has_a_place_in_each() {
    let out = tempfile::tempdir().unwrap();
    let (code, printed) = build(&fixture("docsjson/shared-pages"), out.path());
    assert_eq!(code, Some(0), "{printed}");
    assert!(!printed.contains("warning"), "{printed}");

    // The v1.x listing: its own URL, the v1.x sidebar, the page's URL as canonical.
    let listing = read(out.path(), "v1.x/authentication/index.html");
    assert!(listing.contains("Authorization: Token &lt;API_KEY&gt;"));
    assert!(listing.contains("<link rel=canonical href=../../authentication/>"));
    assert!(listing.contains("<a href=./ aria-current=page>Authentication"));
    assert!(listing.contains("<a href=../../v1-notes/>Notes on v1.x"));
    assert!(listing.contains("data-page-version=v1.x"));
    // The switcher leads to the same page in the other version, both ways.
    assert!(listing.contains("data-version-alternate=v2.x href=../../authentication/>"));
    let page = read(out.path(), "authentication/index.html");
    assert!(page.contains("data-version-alternate=v1.x href=../v1.x/authentication/>"));
    assert!(page.contains("data-page-version=v2.x"));
    assert!(!page.contains("rel=canonical"));

    // Links from v1.x pages lead to the v1.x listing; a listing's relative
    // links resolve from the page's own folder.
    let notes = read(out.path(), "v1-notes/index.html");
    assert!(notes.contains("href=\"../v1.x/authentication/\">Authentication</a>"));
    let home_listing = read(out.path(), "v1.x/index.html");
    assert!(home_listing.contains("href=\"authentication/\">Authentication</a>"));

    // Search engines and llms.txt see each page once, at its own URL.
    let sitemap = read(out.path(), "sitemap.xml");
    assert!(!sitemap.contains("v1.x/"), "{sitemap}");
    assert_eq!(
        read(out.path(), "llms.txt")
            .matches("(authentication.md)")
            .count(),
        1
    );
}

#[test]
fn a_page_listed_twice_in_one_version_is_still_warned_about_once() {
    let root = fixture_copy("docsjson/shared-pages");
    let config = root.path().join("docs.json");
    save_replacing(
        &config,
        r#""pages": ["index", "authentication", "v1-notes"]"#,
        r#""pages": ["index", "authentication", "v1-notes", "authentication"]"#,
    );
    let out = tempfile::tempdir().unwrap();
    let (code, printed) = build(root.path(), out.path());
    assert_eq!(code, Some(0), "{printed}");
    let warnings: Vec<_> = parse_printed(&printed)
        .into_iter()
        .filter(|p| p.severity == "warning")
        .collect();
    assert_eq!(warnings.len(), 1, "{printed}");
    assert!(
        warnings[0].headline.contains(
            "`navigation.versions[1].tabs[0].groups[0].pages[3]`: page \"authentication\" appears twice"
        ),
        "{printed}"
    );
    assert!(printed.contains("already listed at line"), "{printed}");
}
