//! Every page at the URL Mintlify gives it and every link as Mintlify
//! resolves it (issue 46), on `tests/fixtures/mintlify-urls`: generated API
//! pages at `api-reference/TAG/SUMMARY` (the old sheaf URL a redirect), a
//! folder's `index` page at the folder, a folder without a page leading to
//! its first page, wildcard redirects and chains followed, a loop and a
//! missing page reported, and the whole site read from a sub-path of a
//! plain static host, following every link.

mod common;

use common::static_host::StaticHost;
use common::{build_fixture, fixture, read_built, sheaf};

#[test]
fn generated_api_pages_live_where_mintlify_puts_them() {
    let (_out, site, _) = build_fixture("mintlify-urls");
    for page in ["get-user", "update-user", "create-user"] {
        let html = read_built(
            &site,
            &format!("api-reference/user-groups/{page}/index.html"),
        );
        assert!(html.contains("/api/user"), "{page}");
    }
    let committed = read_built(&site, "api-reference/user-groups/update-user/index.html");
    assert!(
        committed.contains("what an omitted field does on update"),
        "a page file at the generated URL is the page, as on Mintlify"
    );
    assert!(!site
        .join("api-reference/user-groups/update-user-1")
        .exists());
    let former = read_built(&site, "get-api-user/index.html");
    assert!(
        former.contains("url=../api-reference/user-groups/get-user/"),
        "the old sheaf URL leads to the new one: {former}"
    );
}

#[test]
fn folders_redirects_and_index_pages_resolve_as_on_mintlify() {
    let (_out, site, _) = build_fixture("mintlify-urls");
    let home = read_built(&site, "index.html");
    for (written, expected) in [
        (
            "/api-reference/user-groups/get-user",
            "api-reference/user-groups/get-user/",
        ),
        (
            "/api-reference/user-groups/update-user#body",
            "api-reference/user-groups/update-user/#body",
        ),
        ("/guides", "guides/"),
        ("/guides/index", "guides/"),
        ("/concepts", "concepts/states/"),
        ("/old/authentication", "concepts/authentication/"),
        ("/start", "guides/"),
        ("/nowhere", "nowhere"),
    ] {
        assert!(
            home.contains(&format!("href=\"{expected}\"")),
            "`{written}` is written `{expected}`"
        );
    }
    let states = read_built(&site, "concepts/states/index.html");
    assert!(
        states.contains("href=\"../../guides/quickstart/#first-step\""),
        "a link to a page's missing heading still leads to the page"
    );
    let folder = read_built(&site, "concepts/index.html");
    assert!(folder.contains("url=states/"), "{folder}");
    let covered = read_built(&site, "old/states/index.html");
    assert!(covered.contains("url=../../concepts/states/"), "{covered}");
}

#[test]
fn check_warns_only_about_the_loop_the_missing_page_and_heading() {
    let root = fixture("mintlify-urls");
    let checked = sheaf(&["check", root.to_str().unwrap(), "--format", "json"]);
    let printed = String::from_utf8_lossy(&checked.stdout);
    let warnings: Vec<&str> = printed
        .lines()
        .filter(|line| line.contains("\"severity\":\"warning\""))
        .collect();
    assert_eq!(warnings.len(), 5, "{printed}");
    let loops = |file: &str| {
        (warnings.iter())
            .filter(|w| w.contains("\"rule\":\"redirect-loop\"") && w.contains(file))
            .count()
    };
    assert_eq!(
        loops("\"file\":\"docs.json\""),
        2,
        "each redirect of the loop: {printed}"
    );
    assert_eq!(
        loops("\"file\":\"index.mdx\""),
        1,
        "the link through it: {printed}"
    );
    assert!(
        printed.contains(
            "link `/loop-a` follows redirects that never reach a page: /loop-a → /loop-b → /loop-a"
        ),
        "{printed}"
    );
    let broken: Vec<&&str> = (warnings.iter())
        .filter(|w| w.contains("\"rule\":\"broken-link\""))
        .collect();
    assert_eq!(broken.len(), 2, "{printed}");
    assert!(
        broken[0].contains("no heading `#first-step` on page `guides/quickstart`"),
        "{printed}"
    );
    assert!(
        broken[1].contains("`/nowhere` points to a page that does not exist"),
        "{printed}"
    );
}

#[test]
fn every_link_works_from_a_sub_path_of_a_plain_static_host() {
    let (_out, site, _) = build_fixture("mintlify-urls");
    let host = StaticHost::start(&site, "/docs/sub/");
    assert_eq!(
        host.get("/docs/sub/concepts/").0,
        200,
        "a folder without a page"
    );
    assert_eq!(
        host.get("/docs/sub/old/authentication/").0,
        200,
        "a wildcard's path"
    );
    let failed = host.crawl("/docs/sub/", "/docs/sub/");
    let unexpected: Vec<_> = failed
        .iter()
        .filter(|(_, link, _, _)| !link.ends_with("nowhere") && !link.contains("loop-"))
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
    let missing: Vec<&str> = failed.iter().map(|(_, _, url, _)| url.as_str()).collect();
    assert!(
        missing.contains(&"/docs/sub/nowhere"),
        "stays under the sub-path: {failed:#?}"
    );
}
