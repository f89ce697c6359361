//! Sites published under a sub-path and the links Mintlify reads that
//! sheaf missed (issue 60), on `tests/fixtures/sub-path`: the User Group
//! Service's docs served at `https://example.com/docs`, whose authors write
//! root-absolute links with the prefix (`/docs/quickstart`). Built with
//! `--site-url https://example.com/docs` and served by a plain static host
//! under `/docs/`, every `href` and `src` answers 200; `check` notes each
//! link it read with the prefix and, told no prefix, warns with the flag to
//! give (config links too); the footer's links and a global anchor written
//! with the prefix lead from the root; a folder of pages without an `index`, reached only by links (one
//! through a wildcard redirect), has a working URL; the operations'
//! descriptions read relative links from the generated page's URL;
//! `hreflang` alternates are absolute with a site URL, and without one
//! `build` and `check` say once that the sitemap is root-relative.

mod common;

use common::static_host::StaticHost;
use common::{fixture, fixture_copy, read_built, sheaf, stderr};
use serde_json::Value;

const SITE_URL: &str = "https://example.com/docs";

/// Builds the fixture at `root` with `extra` arguments; the temporary
/// folder, the site in it and what the build printed.
fn build(
    root: &std::path::Path,
    extra: &[&str],
) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let mut args = vec![
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ];
    args.extend(extra);
    let built = sheaf(&args);
    assert!(built.status.success(), "{}", stderr(&built));
    (out, site, stderr(&built))
}

/// `check --format json` of `root` with `extra` arguments, one value a line.
fn check(root: &std::path::Path, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["check", root.to_str().unwrap(), "--format", "json"];
    args.extend(extra);
    let checked = sheaf(&args);
    let printed = String::from_utf8(checked.stdout).unwrap();
    (printed.lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn with_rule<'a>(found: &'a [Value], rule: &str) -> Vec<&'a Value> {
    found.iter().filter(|d| d["rule"] == rule).collect()
}

#[test]
fn every_link_works_from_a_static_host_under_the_site_urls_path() {
    let (_out, site, _) = build(&fixture("sub-path"), &["--site-url", SITE_URL]);
    let host = StaticHost::start(&site, "/docs/");
    for (path, what) in [
        (
            "/docs/sdks/kotlin/authentication/",
            "a folder of unlisted pages without an index",
        ),
        (
            "/docs/old-sdks/kotlin/authentication/",
            "the same folder through a wildcard redirect",
        ),
        (
            "/docs/images/token-flow.svg",
            "an image written /docs/images/…",
        ),
        ("/docs/get-started/", "a redirect to /docs/quickstart"),
    ] {
        assert_eq!(host.get(path).0, 200, "{what}: {path}");
    }
    let failed = host.crawl("/docs/", "/docs/");
    assert!(failed.is_empty(), "{failed:#?}");
    let home = read_built(&site, "index.html");
    for written in [
        "href=\"quickstart/\"",
        "href=\"fr/quickstart/\"",
        "href=\"authentication/#the-api-key\"",
        "href=\"sdks/kotlin/authentication/api-key/\"",
        "src=\"images/token-flow.svg\"",
        "href=\"./\"",
    ] {
        assert!(home.contains(written), "{written}");
    }
    assert!(
        !home.contains("href=\"docs/") && !home.contains("../docs/"),
        "{home}"
    );
    let quickstart = read_built(&site, "quickstart/index.html");
    for top_bar in [
        "href=\"../authentication/\"",
        "class=\"cta cta-link\" href=./>",
    ] {
        assert!(quickstart.contains(top_bar), "the top bar's {top_bar}");
    }
    // The footer's column and a global anchor, written with the prefix.
    assert!(
        quickstart.contains("<a href=../authentication/>API key</a>"),
        "the footer's link"
    );
    assert!(
        quickstart.contains("<a class=nav-anchor href=./ aria-current=page>"),
        "the anchor to the quickstart: {quickstart}"
    );
    let redirect = read_built(&site, "get-started/index.html");
    assert!(redirect.contains("url=../quickstart/"), "{redirect}");
}

#[test]
fn spec_descriptions_read_relative_links_from_the_generated_pages_url() {
    let (_out, site, _) = build(&fixture("sub-path"), &["--base-path", "/docs"]);
    let get = read_built(&site, "api-reference/user-groups/get-user/index.html");
    for written in [
        "href=\"../update-user/\"",
        "href=\"../create-user/\"",
        "href=\"../../../quickstart/\"",
        "href=\"../../../authentication/#the-api-key\"",
    ] {
        assert!(get.contains(written), "{written}");
    }
    let update = read_built(&site, "api-reference/user-groups/update-user/index.html");
    assert!(update.contains("href=\"../get-user/\""), "`./get-user`");
}

#[test]
fn check_notes_each_link_it_reads_with_the_base_path_however_it_is_given() {
    let copy = fixture_copy("sub-path");
    std::fs::write(
        copy.path().join("sheaf.toml"),
        "[site]\nbase-path = \"/docs/\"\n",
    )
    .unwrap();
    let given = [
        (fixture("sub-path"), vec!["--site-url", SITE_URL]),
        (fixture("sub-path"), vec!["--base-path", "/docs"]),
        (copy.path().to_path_buf(), vec![]),
    ];
    for (root, args) in given {
        let found = check(&root, &args);
        let warnings: Vec<&Value> = found
            .iter()
            .filter(|d| d["severity"] == "warning")
            .collect();
        assert!(warnings.is_empty(), "{args:?}: {warnings:#?}");
        let notes = with_rule(&found, "base-path-link");
        assert_eq!(notes.len(), 16, "{args:?}: {notes:#?}");
        let card = notes
            .iter()
            .find(|n| n["file"] == "index.mdx" && n["line"] == 9);
        let card = card.unwrap_or_else(|| panic!("the card's link, located: {notes:#?}"));
        assert_eq!(
            card["message"],
            "`/docs/quickstart` starts with the base path `/docs`: read from the site root, as `/quickstart`"
        );
    }
}

#[test]
fn without_a_base_path_such_links_warn_naming_the_flag() {
    let found = check(&fixture("sub-path"), &[]);
    let broken = with_rule(&found, "broken-link");
    let hinted: Vec<&&Value> = (broken.iter())
        .filter(|w| {
            let help = w["help"].as_str().unwrap();
            help.contains("--site-url https://HOST/docs") && help.contains("--base-path /docs")
        })
        .collect();
    assert_eq!(
        hinted.len(),
        18,
        "each link and the image whose rest is there, and the three config links: {broken:#?}"
    );
    let home = broken
        .iter()
        .find(|w| w["message"] == "link `/docs` points to a page that does not exist");
    assert!(home.is_some(), "the bare prefix has no page: {broken:#?}");
    let config = broken.iter().filter(|w| w["file"] == "docs.json").count();
    assert_eq!(
        config, 3,
        "the redirect to /docs/quickstart, the top bar's link and button"
    );
    assert_eq!(broken.len(), 19, "{broken:#?}");
    assert!(with_rule(&found, "base-path-link").is_empty());
}

#[test]
fn hreflang_alternates_are_absolute_with_a_site_url() {
    let (_out, site, printed) = build(&fixture("sub-path"), &["--site-url", SITE_URL]);
    let quickstart = read_built(&site, "quickstart/index.html");
    assert!(
        quickstart.contains("hreflang=fr href=https://example.com/docs/fr/quickstart/>"),
        "{quickstart}"
    );
    let french = read_built(&site, "fr/quickstart/index.html");
    assert!(french.contains("hreflang=en href=https://example.com/docs/quickstart/>"));
    let sitemap = read_built(&site, "sitemap.xml");
    assert!(sitemap.contains("<loc>https://example.com/docs/fr/quickstart/</loc>"));
    assert!(!printed.contains("relative-sitemap"), "{printed}");
}

#[test]
fn without_a_site_url_build_and_a_verbose_check_say_once_the_sitemap_is_root_relative() {
    let (_out, site, printed) = build(&fixture("sub-path"), &["--base-path", "/docs"]);
    assert_eq!(
        printed.matches("rule: relative-sitemap").count(),
        1,
        "{printed}"
    );
    assert!(
        printed.contains("--site-url https://docs.example.com"),
        "{printed}"
    );
    let sitemap = read_built(&site, "sitemap.xml");
    assert!(
        sitemap.contains("<loc>/docs/fr/quickstart/</loc>"),
        "{sitemap}"
    );
    let quickstart = read_built(&site, "quickstart/index.html");
    assert!(
        quickstart.contains("hreflang=fr href=../fr/quickstart/>"),
        "{quickstart}"
    );
    let found = check(&fixture("sub-path"), &["--base-path", "/docs"]);
    assert!(
        with_rule(&found, "relative-sitemap").is_empty(),
        "only when verbose"
    );
    let found = check(&fixture("sub-path"), &["--base-path", "/docs", "--verbose"]);
    let notes = with_rule(&found, "relative-sitemap");
    assert_eq!(notes.len(), 1, "{found:#?}");
    assert_eq!(notes[0]["severity"], "note");
    let with_url = check(&fixture("sub-path"), &["--site-url", SITE_URL]);
    assert!(with_rule(&with_url, "relative-sitemap").is_empty());
}

#[test]
fn a_site_url_and_a_base_path_together_are_a_usage_error() {
    let root = fixture("sub-path");
    let both = sheaf(&[
        "check",
        root.to_str().unwrap(),
        "--site-url",
        SITE_URL,
        "--base-path",
        "/docs",
    ]);
    assert_eq!(both.status.code(), Some(2), "{}", stderr(&both));
}
