//! `sheaf build` end to end on fixture sites: the files a host serves, the
//! rewritten links, endpoint pages, diagnostics for broken links, and the
//! atomic swap that keeps the previous site when a build fails.

mod common;

use std::fs;
use std::path::Path;

use common::{build_ok, fixture, fixture_copy, sheaf, stderr};

fn build(root: &std::path::Path, out: &std::path::Path) -> std::process::Output {
    sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
}

/// Sets the top-level key `key` of the `site.json` in `root`.
fn set_config(root: &Path, key: &str, value: serde_json::Value) {
    let path = root.join("site.json");
    let mut config: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    config[key] = value;
    fs::write(&path, config.to_string()).unwrap();
}

/// Every `href`/`src` of the site's HTML files that names no file of the
/// site, as `file: link` (a link to a folder needs its `index.html`).
fn dangling_links(site: &Path) -> Vec<String> {
    let mut dangling = Vec::new();
    let html_files = walkdir::WalkDir::new(site)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"));
    for entry in html_files {
        let html = fs::read_to_string(entry.path()).unwrap();
        let folder = entry.path().parent().unwrap();
        for link in attribute_values(&html, &[" href=", " src="]) {
            let path = link.split(['#', '?']).next().unwrap_or_default();
            let local = !(link.starts_with('#') || link.contains(':') || link.starts_with("//"));
            if !local || path.is_empty() {
                continue;
            }
            let target = folder.join(path);
            let found = target.is_file() || target.join("index.html").is_file();
            if !found {
                let file = entry.path().strip_prefix(site).unwrap().display();
                dangling.push(format!("{file}: {link}"));
            }
        }
    }
    dangling
}

/// The values of the attributes that start with one of `needles` (`
/// href=`), quoted or not (the theme writes shared markup unquoted).
fn attribute_values<'a>(html: &'a str, needles: &[&str]) -> Vec<&'a str> {
    needles
        .iter()
        .flat_map(|needle| {
            html.match_indices(needle).filter_map(move |(at, _)| {
                let rest = &html[at + needle.len()..];
                match rest.strip_prefix('"') {
                    Some(quoted) => quoted.find('"').map(|end| &quoted[..end]),
                    None => {
                        let end = rest.find(|c: char| c.is_ascii_whitespace() || c == '>');
                        end.map(|end| &rest[..end])
                    }
                }
            })
        })
        .collect()
}

#[test]
fn builds_pretty_urls_and_site_files() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("build-basic"), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for file in [
        "introduction/index.html",
        "guides/setup/index.html",
        "api-reference/list-things/index.html",
        "get-things/index.html",
        "index.html",
        "404.html",
        "sitemap.xml",
        "robots.txt",
        "llms.txt",
        "llms-full.txt",
        "introduction.md",
        "guides/setup.md",
        "images/dot.svg",
        "old-setup/index.html",
        "search/meta.js",
    ] {
        assert!(site.join(file).is_file(), "missing {file}");
    }
    let llms = fs::read_to_string(site.join("llms.txt")).unwrap();
    assert!(
        llms.contains("- [Introduction](introduction.md): The first page."),
        "{llms}"
    );
    let order = |s: &str| llms.find(s).unwrap();
    assert!(order("Introduction") < order("Setup") && order("Setup") < order("List things"));
    let full = fs::read_to_string(site.join("llms-full.txt")).unwrap();
    assert!(
        full.contains("\n## Introduction\n\nSource: introduction.md\n\nThe first page.\n"),
        "each page: title, source and description, then its text: {full}"
    );
    assert!(
        full.contains("\n### Overview\n\nSome text.\n"),
        "sections keep their headings: {full}"
    );
    assert!(
        !full.contains("### Introduction"),
        "the title is written once: {full}"
    );
    let at = |s: &str| full.find(s).unwrap();
    assert!(at("## Introduction") < at("## Setup") && at("## Setup") < at("## List things"));
}

#[test]
fn links_and_images_become_relative_urls() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    assert_eq!(build(&fixture("build-basic"), &site).status.code(), Some(0));
    let intro = fs::read_to_string(site.join("introduction/index.html")).unwrap();
    assert!(
        intro.contains("href=\"../guides/setup/#install\""),
        "link rewritten"
    );
    assert!(
        intro.contains("src=\"../images/dot.svg\""),
        "image rewritten"
    );
    let setup = fs::read_to_string(site.join("guides/setup/index.html")).unwrap();
    assert!(setup.contains("href=\"../../introduction/\""));
    assert!(!intro.contains("href=\"/"), "no root-absolute links");
}

#[test]
fn navigation_endpoint_entry_becomes_an_endpoint_page() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    assert_eq!(build(&fixture("build-basic"), &site).status.code(), Some(0));
    let page = fs::read_to_string(site.join("api-reference/list-things/index.html")).unwrap();
    assert!(page.contains("List things"));
    assert!(page.contains("/things"));
    assert!(page.contains("limit"));
    assert!(
        page.contains("<a href=\"../../guides/setup/#install\">setup guide</a>"),
        "links in OpenAPI descriptions lead to the page like any other"
    );
}

#[test]
fn code_blocks_are_highlighted_at_build_time_with_their_title() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    assert_eq!(build(&fixture("build-basic"), &site).status.code(), Some(0));
    let setup = fs::read_to_string(site.join("guides/setup/index.html")).unwrap();
    assert!(setup.contains("Terminal"));
    assert!(setup.contains("class=hl-"), "syntect classes present");
    assert!(setup.contains("<div class=c-code"), "a code block");
}

#[test]
fn broken_links_and_anchors_are_reported_with_file_and_line() {
    let output = sheaf(&["check", fixture("build-broken-link").to_str().unwrap()]);
    let text = stderr(&output);
    assert!(
        text.contains("link `/nope` points to a page that does not exist"),
        "{text}"
    );
    assert!(text.contains("--> index.mdx:5:"), "{text}");
    assert!(
        text.contains("no heading `#nowhere` on this page"),
        "{text}"
    );
    // Another page's repeated heading is `setup-2`, as its page numbers it.
    assert!(
        text.contains("no heading `#setup-1` on page `other`"),
        "{text}"
    );
    assert!(!text.contains("no heading `#setup-2`"), "{text}");
}

#[test]
fn a_failed_build_leaves_the_previous_site_untouched() {
    let root = fixture_copy("build-basic");
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    assert_eq!(build(root.path(), &site).status.code(), Some(0));
    let before = fs::read_to_string(site.join("introduction/index.html")).unwrap();

    fs::write(root.path().join("site.json"), "{ \"name\": ").unwrap();
    let failed = build(root.path(), &site);
    assert_eq!(failed.status.code(), Some(1));
    assert!(stderr(&failed).contains("left untouched"));
    assert_eq!(
        fs::read_to_string(site.join("introduction/index.html")).unwrap(),
        before
    );
    let entries: Vec<_> = fs::read_dir(out.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        entries,
        vec![std::ffi::OsString::from("site")],
        "no staging leftovers"
    );
}

/// Every file of a built site with its inode number.
#[cfg(unix)]
fn inodes(site: &Path) -> std::collections::BTreeMap<String, u64> {
    use std::os::unix::fs::MetadataExt;
    walkdir::WalkDir::new(site)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let relative = e.path().strip_prefix(site).unwrap();
            (relative.display().to_string(), e.metadata().unwrap().ino())
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn a_rebuild_rewrites_only_what_changed_and_removes_what_went() {
    let root = fixture_copy("build-basic");
    fs::write(
        root.path().join("extra.mdx"),
        "---\ntitle: Extra\n---\nNot listed.\n",
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    assert_eq!(build(root.path(), &site).status.code(), Some(0));
    assert!(site.join("extra/index.html").is_file());
    let first = inodes(&site);

    assert_eq!(build(root.path(), &site).status.code(), Some(0));
    assert_eq!(
        inodes(&site),
        first,
        "an unchanged rebuild rewrites no file"
    );

    let config = fs::read_to_string(root.path().join("site.json")).unwrap();
    fs::write(root.path().join("site.json"), "{ \"name\": ").unwrap();
    assert_eq!(build(root.path(), &site).status.code(), Some(1));
    assert_eq!(inodes(&site), first, "a failed rebuild changes nothing");
    fs::write(root.path().join("site.json"), config).unwrap();

    let setup = root.path().join("guides/setup.mdx");
    let text = fs::read_to_string(&setup).unwrap();
    fs::write(&setup, text.replace("Back to the", "Edited: back to the")).unwrap();
    fs::remove_file(root.path().join("extra.mdx")).unwrap();
    assert_eq!(build(root.path(), &site).status.code(), Some(0));
    let second = inodes(&site);
    let rewritten: Vec<&str> = second
        .iter()
        .filter(|(file, inode)| first.get(*file) != Some(inode))
        .map(|(file, _)| file.as_str())
        .collect();
    assert!(
        rewritten.contains(&"guides/setup/index.html"),
        "{rewritten:?}"
    );
    assert!(fs::read_to_string(site.join("guides/setup/index.html"))
        .unwrap()
        .contains("Edited: back to the"));
    assert!(
        rewritten.iter().all(|f| f.starts_with("guides/setup")
            || f.starts_with("search/")
            || f.starts_with("llms-full")),
        "only the edited page, its Markdown copy and the search files change: {rewritten:?}"
    );
    assert!(!site.join("extra").exists() && !site.join("extra.md").exists());
    assert!(second.keys().all(|f| !f.starts_with("extra")), "{second:?}");
    assert_eq!(
        fs::read_dir(out.path()).unwrap().count(),
        1,
        "no staging leftovers"
    );
}

#[test]
fn llms_full_holds_each_listed_page_with_its_own_text() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    assert_eq!(
        build(&fixture("seo-indexing"), &site).status.code(),
        Some(0)
    );
    let llms = fs::read_to_string(site.join("llms-full.txt")).unwrap();
    let sections: Vec<&str> = llms.split("\n## ").skip(1).collect();
    assert_eq!(sections.len(), 2, "the listed, visible pages: {llms}");
    assert!(
        sections[0].starts_with("Introduction\n") && sections[0].contains("Listed and indexed."),
        "{llms}"
    );
    assert!(
        sections[1].starts_with("Private runbook\n")
            && sections[1].contains("Listed, never indexed."),
        "{llms}"
    );
    assert!(!llms.contains("In no navigation."), "{llms}");
}

#[test]
fn image_paths_without_a_leading_slash_resolve_from_the_root_too() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("build-basic"), &site);
    assert!(
        !stderr(&output).contains("images/dot.svg` does not exist"),
        "{}",
        stderr(&output)
    );
    let setup = fs::read_to_string(site.join("guides/setup/index.html")).unwrap();
    assert!(setup.contains("src=\"../../images/dot.svg\""), "{setup}");
}

#[test]
fn site_url_makes_sitemap_locations_absolute() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture("build-basic");
    let output = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
        "--site-url",
        "https://docs.example.com/",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let sitemap = fs::read_to_string(site.join("sitemap.xml")).unwrap();
    assert!(
        sitemap.contains("<loc>https://docs.example.com/guides/setup/</loc>"),
        "{sitemap}"
    );
    let robots = fs::read_to_string(site.join("robots.txt")).unwrap();
    assert!(robots.contains("Sitemap: https://docs.example.com/sitemap.xml"));
    let setup = fs::read_to_string(site.join("guides/setup/index.html")).unwrap();
    let own = "https://docs.example.com/guides/setup/";
    assert!(
        setup.contains(&format!("<link rel=canonical href={own}>")),
        "{setup}"
    );
    assert!(
        setup.contains(&format!("<meta property=og:url content={own}>")),
        "{setup}"
    );
    let llms = fs::read_to_string(site.join("llms.txt")).unwrap();
    assert!(
        llms.contains("](https://docs.example.com/guides/setup.md)"),
        "{llms}"
    );
}

#[test]
fn without_a_site_url_pages_name_no_og_url_and_llms_txt_links_are_relative() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    build_ok(&fixture("build-basic"), &site);
    let setup = fs::read_to_string(site.join("guides/setup/index.html")).unwrap();
    assert!(
        !setup.contains("og:url") && !setup.contains("rel=canonical"),
        "{setup}"
    );
    let llms = fs::read_to_string(site.join("llms.txt")).unwrap();
    assert!(llms.contains("](guides/setup.md)"), "{llms}");
}

#[test]
fn markdown_sources_off_writes_no_markdown_copies_and_no_llms_full() {
    let root = fixture_copy("build-basic");
    set_config(root.path(), "markdownSources", serde_json::json!(false));
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(root.path(), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));

    assert!(site.join("introduction/index.html").is_file());
    assert!(!site.join("llms-full.txt").exists());
    let markdown: Vec<_> = walkdir::WalkDir::new(&site)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .map(|e| e.path().display().to_string())
        .collect();
    assert!(markdown.is_empty(), "{markdown:?}");
    let llms = fs::read_to_string(site.join("llms.txt")).unwrap();
    assert!(
        llms.contains("- [Introduction](introduction/): The first page."),
        "llms.txt links the pages instead: {llms}"
    );
}

#[test]
fn html_page_urls_write_one_file_per_page_and_link_to_it() {
    let root = fixture_copy("build-basic");
    set_config(root.path(), "pageUrls", serde_json::json!("html"));
    set_config(
        root.path(),
        "topbarLinks",
        serde_json::json!([{ "name": "Setup", "url": "/guides/setup" }]),
    );
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(root.path(), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));

    for file in [
        "index.html",
        "introduction.html",
        "guides/setup.html",
        "api-reference/list-things.html",
        "get-things.html",
        "old-setup.html",
        "guides/setup.md",
    ] {
        assert!(site.join(file).is_file(), "missing {file}");
    }
    for folder in ["introduction", "guides/setup", "get-things", "old-setup"] {
        assert!(!site.join(folder).exists(), "no folder {folder}");
    }
    let intro = fs::read_to_string(site.join("introduction.html")).unwrap();
    assert!(
        intro.contains("href=\"guides/setup.html#install\""),
        "{intro}"
    );
    assert!(
        intro.contains("<a href=guides/setup.html>Setup</a>"),
        "topbar link"
    );
    let setup = fs::read_to_string(site.join("guides/setup.html")).unwrap();
    assert!(setup.contains("href=\"../introduction.html\""), "{setup}");
    assert!(setup.contains("<a href=setup.html aria-current=page>Setup</a>"));
    let redirect = fs::read_to_string(site.join("old-setup.html")).unwrap();
    assert!(redirect.contains("guides/setup.html"), "{redirect}");
    let sitemap = fs::read_to_string(site.join("sitemap.xml")).unwrap();
    assert!(sitemap.contains("guides/setup.html"), "{sitemap}");
    let search = fs::read_to_string(site.join("search/d/0.js")).unwrap();
    assert!(search.contains("\"guides/setup.html\""), "{search}");
    assert_eq!(dangling_links(&site), Vec::<String>::new());
}

#[test]
fn folder_page_urls_leave_no_dangling_links() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    assert_eq!(build(&fixture("build-basic"), &site).status.code(), Some(0));
    assert_eq!(dangling_links(&site), Vec::<String>::new());
}

/// What a build of a fixture with empty sections shows: the diagnostics
/// (`severity location headline`), everything printed, and the top bar's
/// tabs and the sidebar's anchors of one page.
struct EmptySections {
    printed: Vec<String>,
    log: String,
    bar: String,
    anchors: String,
}

/// Builds `name`, a fixture with a tab and an anchor that have no pages,
/// checks that nothing of the site links to a missing file, and reads the
/// page at `page`.
fn build_with_empty_sections(name: &str, page: &str) -> EmptySections {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture(name), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(dangling_links(&site), Vec::<String>::new());
    let html = fs::read_to_string(site.join(page).join("index.html")).unwrap();
    let part = |start: &str, end: &str| {
        let from = &html[html.find(start).unwrap()..];
        from[..from.find(end).unwrap()].to_string()
    };
    let log = stderr(&output);
    let printed = common::parse_printed(&log)
        .into_iter()
        .map(|p| format!("{} {} {}", p.severity, p.location, p.headline))
        .collect();
    EmptySections {
        printed,
        log,
        bar: part("<nav class=nav-tabs", "</nav>"),
        anchors: part("<ul class=\"anchors nav-anchors\">", "</ul>"),
    }
}

/// A tab or anchor with no pages (a real mint.json declares a tab for a
/// folder it never filled) is left out of the top bar or the sidebar with
/// a warning at its `url`, rather than linking to a missing folder; one
/// naming a static folder of the root, or an external URL, stays.
#[test]
fn a_tab_or_anchor_without_pages_is_left_out_with_a_warning() {
    let EmptySections {
        printed,
        log,
        bar,
        anchors,
    } = build_with_empty_sections("build-empty-tab", "introduction");
    assert_eq!(
        printed,
        [
            "warning site.json:9:33 `tabs[1].url`: tab \"Content\" has no pages, so the top bar leaves it out",
            "warning site.json:14:35 `anchors[0].url`: anchor \"Changelog\" has no pages, so the sidebar leaves it out",
        ]
    );
    assert!(
        log.contains("list pages under `content/` in `navigation`"),
        "{log}"
    );
    assert!(!bar.contains("Content"), "{bar}");
    for tab in [
        "<a class=nav-tabs-item href=../guides/setup/>Guides</a>",
        "<a class=nav-tabs-item href=../blog/>Blog</a>",
        "<a class=nav-tabs-item href=https://status.example.com>Status",
    ] {
        assert!(bar.contains(tab), "{tab} in {bar}");
    }
    assert!(!anchors.contains("Changelog"), "{anchors}");
    assert!(
        anchors.contains("<a class=nav-anchor href=https://community.example.com>"),
        "{anchors}"
    );
}

/// The same for a docs.json tab and anchor whose only pages do not exist:
/// the warnings point at them in the author's docs.json.
#[test]
fn a_docs_json_tab_or_anchor_without_pages_is_left_out_with_a_warning() {
    let built = build_with_empty_sections("build-empty-tab-docsjson", "intro");
    let (bar, anchors) = (built.bar, built.anchors);
    let empty: Vec<&String> = (built.printed.iter())
        .filter(|p| p.contains("has no pages"))
        .collect();
    assert_eq!(
        empty,
        [
            "warning docs.json:12:11 `navigation.tabs[0].anchors[1]`: section \"Recipes\" has no pages, so the sidebar leaves it out",
            "warning docs.json:15:7 `navigation.tabs[1]`: tab \"Reference\" has no pages, so the top bar leaves it out",
        ]
    );
    assert!(!bar.contains("Reference"), "{bar}");
    assert!(bar.contains(">Guides</a>"), "{bar}");
    assert!(bar.contains("https://blog.example.com"), "{bar}");
    assert!(
        !anchors.contains("Recipes") && anchors.contains("Start"),
        "{anchors}"
    );
}

/// Redirect pages keep the destination's `#fragment`, link a file of the
/// docs root as it is (not as a folder), and a destination that is no page
/// or file of the site is a warning at it; wildcards go to `_redirects`
/// only. A top bar link to a missing local path is a warning too, and is
/// shown as written (it may name another site on the same host).
#[test]
fn redirects_and_top_bar_links_that_lead_nowhere_are_warnings() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("build-config-links"), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed: Vec<_> = common::parse_printed(&stderr(&output))
        .into_iter()
        .map(|p| (p.severity, p.location, p.headline))
        .collect();
    let warning = |location: &str, headline: &str| {
        (
            "warning".to_string(),
            location.to_string(),
            headline.to_string(),
        )
    };
    assert_eq!(
        printed,
        [
            warning(
                "site.json:6:31",
                "`topbarLinks[1].url`: top bar link `/forum/` is not a page or file of this site"
            ),
            warning(
                "site.json:12:41",
                "`redirects[2].destination`: redirect destination `/nowhere` is not a page or file of this site"
            ),
        ]
    );
    for (source, target) in [
        ("old-setup", "../guides/setup/#install"),
        ("old-guide", "../files/guide.pdf"),
        ("status", "https://status.example.com/#now"),
    ] {
        let page = fs::read_to_string(site.join(source).join("index.html")).unwrap();
        assert!(
            page.contains(&format!("url={target}\"")),
            "{source}: {page}"
        );
        assert!(
            page.contains(&format!("href=\"{target}\"")),
            "{source}: {page}"
        );
    }
    assert!(!site.join("blog").exists(), "a wildcard source is no page");
    let rules = fs::read_to_string(site.join("_redirects")).unwrap();
    assert!(rules.contains("/blog/* /news/:splat 301"), "{rules}");
    let forum: Vec<String> = dangling_links(&site)
        .into_iter()
        .filter(|link| link.ends_with("forum/"))
        .collect();
    assert_eq!(forum.len(), 6, "the forum link is on each page: {forum:?}");
    assert_eq!(
        dangling_links(&site).len() - forum.len(),
        2,
        "besides, only the redirect the warning names leads nowhere"
    );
}

/// The same warnings for a docs.json, each at the author's own field
/// (`navbar.links[1].href`, not the site model's `topbarLinks[1].url`).
#[test]
fn docs_json_links_that_lead_nowhere_are_warnings_at_their_own_fields() {
    let out = tempfile::tempdir().unwrap();
    let output = build(
        &fixture("build-config-links-docsjson"),
        &out.path().join("site"),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed: Vec<_> = common::parse_printed(&stderr(&output))
        .into_iter()
        .map(|p| format!("{} {}", p.location, p.headline))
        .collect();
    assert_eq!(
        printed,
        [
            "docs.json:10:35 `navbar.links[1].href`: top bar link `/forum` is not a page or file of this site",
            "docs.json:12:64 `navbar.primary.href`: top bar link `/sign-up` is not a page or file of this site",
            "docs.json:14:52 `redirects[0].destination`: redirect destination `/gone` is not a page or file of this site",
        ]
    );
}

/// A page using every component of docs.json-era sites builds without a
/// warning, and none of them reaches the page as a raw or escaped tag.
#[test]
fn docs_json_era_components_render_without_leaks_or_warnings() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("components-docsjson"), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        !stderr(&output).contains("warning"),
        "no warnings: {}",
        stderr(&output)
    );
    let html = fs::read_to_string(site.join("index.html")).unwrap();
    let names = [
        "Banner",
        "Panel",
        "Badge",
        "Columns",
        "Tile",
        "Card",
        "Tree",
        "Color",
        "View",
        "Tooltip",
        "Expandable",
        "Prompt",
        "Latex",
        "Mermaid",
        "Stub",
        "Info",
    ];
    for name in names {
        for leak in [format!("<{name}"), format!("&lt;{name}")] {
            assert!(!html.contains(&leak), "`{leak}` leaked into the page");
        }
    }
    for expected in [
        "<aside class=\"c-banner\"",
        "<aside class=\"c-panel panel\"",
        "<span class=\"c-badge c-badge-orange c-badge-sm c-badge-rounded\" data-badge data-color=\"orange\" data-size=\"sm\">",
        "<div class=\"c-card-group c-columns columns\" style=\"--cols: 3\">",
        "<a class=\"c-tile tile\" href=\"changelog/\">",
        "<div class=\"c-tree tree\" data-component-part=\"tree-root\">",
        "<table class=\"c-color c-color-table color\">",
        "<section class=\"c-view multi-view-item\" data-view=\"Python\">",
        "<span class=\"c-tooltip-trigger\" tabindex=\"0\"",
        "<details class=\"c-expandable expandable\" data-component-part=\"expandable\" open>",
        // Every part Mintlify draws on a field, a badge's icon and an update.
        "<div class=\"c-expandable-body expandable-content\" data-component-part=\"expandable-content\">",
        "<span class=\"c-field-pill\" data-component-part=\"field-meta-pre\">v2</span><span class=\"c-field-name\" data-component-part=\"field-name\">role</span>",
        "<code class=\"c-field-pill\" data-component-part=\"field-info-pill\">string</code>",
        "<span class=\"c-field-prefix\">default</span>&quot;member&quot;</span>",
        "data-component-part=\"field-required-pill\">required</span><span class=\"c-field-pill c-field-deprecated\" data-component-part=\"field-deprecated-pill\">deprecated</span>",
        "data-component-part=\"field-meta-post\">beta</span></span></div>",
        "<span class=\"c-badge-icon\" data-component-part=\"lead-icon\"><svg",
        "<figure class=\"c-prompt prompt\">",
        "<math display=\"block\">",
        "<figure class=\"c-mermaid mermaid\" data-component-name=\"mermaid-container\"><svg ",
        "This text comes from a stub.",
    ] {
        assert!(html.contains(expected), "missing `{expected}`");
    }
    assert!(html.contains("a price of $5 or $5-$10 stays text ("));
    let changelog = fs::read_to_string(site.join("changelog/index.html")).unwrap();
    assert!(changelog.contains("<section class=\"c-update update\" id=\"2025-06-01\">"));
    assert!(changelog.contains("href=\"#2025-06-01\""));
    assert!(changelog.contains(
        "data-component-part=\"update-tag-list\"><li data-component-part=\"update-tag\">New</li>"
    ));
    assert!(changelog.contains(
        "</ul><p class=\"c-update-desc\" data-component-part=\"update-description\">v2.0</p>"
    ));
}

#[test]
fn mintignore_keeps_excluded_pages_assets_and_specs_out_of_the_site() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("mintignore"), &site);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for present in [
        "introduction/index.html",
        "guides/setup/index.html",
        "guides/internal/index.html",
        "guides/reference/index.html",
        "images/logo.svg",
        "images/secret-ok.svg",
    ] {
        assert!(site.join(present).is_file(), "{present} missing\n{text}");
    }
    for absent in [
        "drafts",
        "guides/setup.draft/index.html",
        "guides/setup.draft.md",
        "internal/index.html",
        "internal.md",
        "images/raw",
        "images/secret-plan.svg",
        "specs/private.yaml",
        ".mintignore",
        "docs.json",
    ] {
        assert!(!site.join(absent).exists(), "{absent} was published");
    }
    for file in ["sitemap.xml", "llms.txt", "introduction/index.html"] {
        let written = fs::read_to_string(site.join(file)).unwrap();
        assert!(!written.contains("drafts/plan"), "{file} names the draft");
    }
    assert!(
        text.contains("page \"drafts/plan\" is excluded by `drafts/` on line 2 of .mintignore"),
        "{text}"
    );
    assert!(text.contains("--> docs.json:10:70"), "{text}");
    assert!(
        text.contains("no operation `GET /private-things` in any loaded spec"),
        "an excluded spec is not discovered\n{text}"
    );
}

#[test]
fn a_navigation_page_that_does_not_exist_is_left_out_and_the_site_builds() {
    let site_json = r##"{"name": "X", "colors": {"primary": "#0D9373"},
        "navigation": [{"group": "Start", "pages": ["introduction", "nowhere"]}]}"##;
    let docs_json = r##"{"theme": "mint", "name": "X", "colors": {"primary": "#0D9373"},
        "navigation": {"tabs": [{"tab": "Guides", "groups": [{"group": "Start", "pages": ["introduction", "nowhere"]}]}]}}"##;
    for (file, config) in [
        ("site.json", site_json),
        ("mint.json", site_json),
        ("docs.json", docs_json),
    ] {
        let root = tempfile::tempdir().unwrap();
        fs::write(root.path().join(file), config).unwrap();
        fs::write(
            root.path().join("introduction.mdx"),
            "---\ntitle: Introduction\n---\nHello.\n",
        )
        .unwrap();
        let out = tempfile::tempdir().unwrap();
        let site = out.path().join("site");
        let output = build(root.path(), &site);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(0), "{file}: {text}");
        assert!(
            text.contains("warning: `navigation")
                && text.contains("page \"nowhere\" does not exist"),
            "{file}: {text}"
        );
        let page = fs::read_to_string(site.join("introduction/index.html")).unwrap();
        assert!(page.contains("Introduction"), "{file}");
        assert!(
            !page.contains("nowhere"),
            "{file}: the entry is in the sidebar"
        );
        assert!(!site.join("nowhere").exists(), "{file}");
    }
}

/// The sidebar scripts of every section of the site built at `site`.
fn section_scripts(site: &Path) -> String {
    let sheaf = site.join("_sheaf");
    let mut text = String::new();
    for folder in fs::read_dir(&sheaf).unwrap().flatten() {
        if !folder.file_name().to_string_lossy().starts_with("nav-") {
            continue;
        }
        for file in fs::read_dir(folder.path()).unwrap().flatten() {
            if file.path().extension().is_some_and(|e| e == "js") {
                text += &fs::read_to_string(file.path()).unwrap();
            }
        }
    }
    text
}

#[test]
fn docs_json_languages_versions_tabs_and_dropdowns_are_rendered() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("docsjson-nav"), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let page = |path: &str| fs::read_to_string(site.join(path).join("index.html")).unwrap();

    let spanish = page("es/v2/setup");
    assert!(spanish.contains("<html lang=es"), "{spanish}");
    assert!(spanish.contains(r#"<link rel=alternate hreflang=en href=../../../v2/setup/>"#));
    assert!(spanish.contains(r#"data-version-alternate=v1 href=../../../es/v1/intro/>"#));
    assert!(spanish.contains("data-language-select"));
    assert!(spanish.contains(r#"data-language=es><a class=nav-tabs-item href=../intro/ aria-current=page data-active>Guías"#));

    let english = page("v2/intro");
    assert!(english.contains("<html lang=en"));
    assert!(
        english.contains(r#"data-copy-page=../../v2/intro.md "#),
        "{english}"
    );
    assert!(english.contains(r#"<a class=page-action href=../../v2/intro.md>View as Markdown</a>"#));
    assert!(english.contains(r#"href=https://claude.ai/new data-ai-link"#));
    // A collapsed group (with its tag) comes from the section's script.
    assert!(section_scripts(&site).contains(r#"<span class=\"nav-tag nav-tag-pill\">NEW</span>"#));
    assert!(
        !english.contains(">Documentation<"),
        "no empty primary tab or anchor"
    );
    let python = page("v2/sdk/python");
    assert!(
        python.contains(
            r#"data-tab=1><a class=nav-dropdown-item href=./ aria-current=page data-active>"#
        ),
        "{python}"
    );
    assert!(
        python.contains(r#"<li class=section-select><details>"#),
        "{python}"
    );
    assert!(
        python.contains(r#"href=https://status.example.com"#),
        "global anchor"
    );

    let llms = fs::read_to_string(site.join("llms.txt")).unwrap();
    let spanish_section = llms.split("## es").nth(1).unwrap();
    assert!(
        spanish_section.contains("es/v2/intro.md") && !spanish_section.contains("(v2/intro.md)")
    );
}

/// The words of every search file of a built site.
fn search_text(site: &Path) -> String {
    walkdir::WalkDir::new(site.join("search"))
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| fs::read_to_string(e.path()).unwrap())
        .collect()
}

#[test]
fn only_listed_pages_are_indexed_unless_seo_says_so() {
    let root = fixture_copy("seo-indexing");
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(root.path(), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let page = |slug: &str| fs::read_to_string(site.join(slug).join("index.html")).unwrap();
    let noindex = r#"<meta name=robots content=noindex>"#;

    let intro = page("intro");
    assert!(!intro.contains(noindex));
    assert!(
        !intro.contains("Draft notes"),
        "`hidden: true` leaves the page out of the sidebar"
    );
    assert!(
        intro.contains("Private runbook"),
        "noindex pages stay listed"
    );
    for slug in ["draft", "appendix", "private"] {
        assert!(page(slug).contains(noindex), "{slug}");
    }
    let sitemap = fs::read_to_string(site.join("sitemap.xml")).unwrap();
    assert_eq!(sitemap.matches("<url>").count(), 1, "{sitemap}");
    assert!(sitemap.contains("intro/"));
    let search = search_text(&site);
    assert!(
        search.contains("Private runbook"),
        "noindex is for search engines only"
    );
    assert!(!search.contains("Draft notes") && !search.contains("Unlisted appendix"));

    set_config(
        root.path(),
        "seo",
        serde_json::json!({"indexHiddenPages": true}),
    );
    let output = build(root.path(), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for slug in ["draft", "appendix"] {
        assert!(!page(slug).contains(noindex), "{slug}");
    }
    assert!(page("private").contains(noindex), "noindex always wins");
    let sitemap = fs::read_to_string(site.join("sitemap.xml")).unwrap();
    assert_eq!(sitemap.matches("<url>").count(), 3, "{sitemap}");
    let search = search_text(&site);
    assert!(search.contains("Draft notes") && search.contains("Unlisted appendix"));
    assert!(
        !page("intro").contains("Draft notes"),
        "still not in the sidebar"
    );
}

/// The tags (not escaped text) whose `href`, `src` or `action` URL runs
/// script or smuggles a document: `javascript:`, `vbscript:`, `data:`,
/// read as a browser reads them (case, tabs and spaces ignored).
fn live_script_urls(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (start, _) in html.match_indices('<') {
        let end = html[start..].find('>').map_or(html.len(), |e| start + e);
        let tag = &html[start..end];
        for attr in ["href=", "src=", "action="] {
            for (at, _) in tag.match_indices(attr) {
                let value: String = tag[at + attr.len()..]
                    .trim_start_matches(['"', '\''])
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .take(12)
                    .collect::<String>()
                    .to_ascii_lowercase()
                    .replace("&#9;", "");
                if ["javascript:", "vbscript:", "data:"]
                    .iter()
                    .any(|scheme| value.starts_with(scheme))
                {
                    found.push(tag.to_string());
                }
            }
        }
    }
    found
}

/// Builds fixture `name` and returns the HTML of page `path` (a folder).
fn built_page(name: &str, path: &str) -> String {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture(name), &site);
    assert!(output.status.success(), "{}", stderr(&output));
    fs::read_to_string(site.join(path).join("index.html")).unwrap()
}

#[test]
fn links_that_run_script_in_an_openapi_spec_stay_plain_text() {
    let html = built_page("openapi-untrusted", "api-reference/get-a-thing");
    assert_eq!(live_script_urls(&html), Vec::<String>::new());
    for text in [
        "operation-link",
        "tab-link",
        "parameter-link",
        "response-link",
        "enum-link",
        "scheme-link",
        "server-link",
        "image-alt",
    ] {
        assert!(html.contains(text), "the text of {text} is kept");
    }
    assert!(html.contains("<a href=\"https://example.com/ok\">safe-link</a>"));
    assert!(html.contains("&lt;script&gt;alert('raw script')&lt;/script&gt;"));
    assert!(html.contains("&lt;img src=\"x\" onerror=\"alert('raw img')\"&gt;"));
    assert!(!html.contains("<script>alert") && !html.contains("<img src=\"x\""));
}

#[test]
fn links_that_run_script_in_frontmatter_stay_plain_text() {
    let html = built_page("frontmatter-untrusted", "imported");
    assert_eq!(live_script_urls(&html), Vec::<String>::new());
    assert!(html.contains(
        "<div class=page-description>Read frontmatter-link, vb-link, data-link, the <code>code</code> and <a href=\"https://example.com/ok\">safe-link</a>. &lt;img src=x onerror=alert('raw')&gt;</div>"
    ));
}

#[test]
fn every_kind_of_openapi_description_is_markdown() {
    let html = built_page("openapi-markdown", "api-reference/create-a-thing");
    for (kind, rendered) in [
        ("operation", "<p>Creates a <em>thing</em>. It needs:</p>\n<ul>\n<li>a <code>name</code></li>\n<li>a <a href=\"../../overview/#things\">kind</a></li>\n</ul>"),
        ("parameter", "When <code>true</code>, <strong>nothing</strong> is stored."),
        ("property", "see <a href=\"https://example.com/naming\">naming</a>."),
        ("response summary", "<span class=\"response-summary\"><code>success</code> is 1 when the thing was created.</span>"),
        ("response body", "<p>The body holds the new thing's <code>id</code>.</p>"),
        ("enum", "<li><code>big</code>: Larger than <code>1 m</code>.</li><li><code>small</code>: Fits in a <em>pocket</em>.</li>"),
        ("security scheme", "Send your key in <code>X-Key</code>, <strong>not</strong> in the query."),
        ("server", "<p class=\"endpoint-server\">The <code>production</code> server.</p>"),
    ] {
        assert!(html.contains(rendered), "{kind} description: {rendered}");
    }
    let body = &html[html.find("<div class=page-body>").unwrap()..];
    assert!(
        !body.contains('`'),
        "no literal backticks in the descriptions"
    );
}

#[test]
fn request_and_response_examples_written_in_a_page_go_to_its_aside() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("examples-aside"), &site);
    assert!(output.status.success(), "{}", stderr(&output));
    let read = |page: &str| fs::read_to_string(site.join(page).join("index.html")).unwrap();
    let split = |html: &str| {
        let start = html
            .find("<aside id=panel class=page-aside")
            .expect("an aside");
        let end = html.find("</aside>").unwrap();
        (html[start..end].to_string(), html[end..].to_string())
    };

    let (aside, rest) = split(&read("create-pet"));
    assert!(aside.contains("c-request-example") && aside.contains("c-response-example"));
    assert!(aside.contains("pet_1") && aside.contains("data-playground"));
    assert!(
        !aside.contains("data-code-tabs"),
        "the written request example replaces the generated samples"
    );
    assert!(rest.contains("class=\"c-field field\"") && !rest.contains("c-request-example"));

    let guide = read("config-guide");
    let (aside, rest) = split(&guide);
    assert!(aside.contains("retries"), "any page may have an aside");
    assert!(!rest.contains("retries") && rest.contains("Another section."));
    assert!(
        !guide.contains("On this page"),
        "the aside takes the TOC's place"
    );
}

#[test]
fn light_and_dark_image_pairs_get_the_theme_classes() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("light-dark-images"), &site);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = fs::read_to_string(site.join("index.html")).unwrap();
    // Each image also carries its size (320×120, read from the file).
    for img in [
        "<img width=320 height=120 class=\"block only-light\" src=\"images/diagram-light.svg\"",
        "<img width=320 height=120 class=\"only-dark\" src=\"images/diagram-dark.svg\"",
        "<img width=320 height=120 class=\"only-light\" src=\"images/diagram-light.svg\" alt=\"Framed diagram, light\">",
        "<img width=320 height=120 class=\"rounded\" src=\"images/diagram-light.svg\"",
    ] {
        assert!(html.contains(img), "{img}\n{html}");
    }
    assert!(
        !html.contains("dark:"),
        "no Tailwind class is left to do nothing"
    );
}

#[test]
fn pages_link_to_their_own_folder_in_the_short_form() {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let file = root.path().join(path);
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(file, text).unwrap();
    };
    write(
        "site.json",
        r#"{"name": "Short", "navigation": [
            {"group": "Guides", "pages": ["guides/a", "guides/b", "guides/c"]},
            {"group": "Other", "pages": ["other/d"]}]}"#,
    );
    write("guides/a.mdx", "---\ntitle: A\n---\nA");
    write(
        "guides/b.mdx",
        "---\ntitle: B\n---\nSee [C](c.mdx), [D](../other/d.mdx) and ![dot](img/dot.svg).",
    );
    write(
        "guides/img/dot.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    write("guides/c.mdx", "---\ntitle: C\n---\nC");
    write("other/d.mdx", "---\ntitle: D\n---\nD");
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(root.path(), &site);
    assert!(output.status.success(), "{}", stderr(&output));
    let b = fs::read_to_string(site.join("guides/b/index.html")).unwrap();
    // Pager and body links to pages of the same folder skip the folder.
    assert!(
        b.contains("<a href=../a/ rel=prev class=pagination-prev>"),
        "{b}"
    );
    assert!(
        b.contains("<a href=../c/ rel=next class=pagination-next>"),
        "{b}"
    );
    assert!(b.contains("<a href=\"../c/\">C</a>"), "{b}");
    assert!(b.contains("<a href=\"../../other/d/\">D</a>"), "{b}");
    assert!(b.contains("src=\"../img/dot.svg\""), "{b}");
    assert!(!b.contains("../../guides/"), "{b}");
}

/// Mintlify's callouts in a frontmatter description or an OpenAPI
/// description render as callouts; the text inside them stays untrusted
/// (raw HTML shown as text), and the meta description leaves the tags out
/// (`tests/fixtures/callouts-untrusted`).
#[test]
fn callouts_in_untrusted_text_are_callouts() {
    let html = built_page("callouts-untrusted", "deprecated");
    assert!(
        html.contains("<div class=page-description><aside class=\"c-callout c-warning callout\""),
        "{html}"
    );
    assert!(
        html.contains("<div class=\"c-callout-body\" data-component-part=\"callout-content\"><p>This Endpoint is Deprecated!</p>\n</div>")
    );
    assert!(
        html.contains("<meta name=description content=\"This Endpoint is Deprecated!\">"),
        "{html}"
    );
    let note = &html[html.find("c-callout c-note").expect("the spec's note")..];
    assert!(
        note.contains("Paged by <strong>cursor</strong>. &lt;script&gt;alert(1)&lt;/script&gt;"),
        "{note}"
    );
    assert_eq!(live_script_urls(&html), Vec::<String>::new());
    assert!(!html.contains("&lt;Warning&gt;") && !html.contains("&lt;Note&gt;"));
}

/// An expression of 100,000 nested arrays builds: its evaluation is
/// bounded instead of exhausting the stack (nested components and the other
/// bombs are in `tests/bombs.rs`).
#[test]
fn deeply_nested_expressions_build_without_exhausting_the_stack() {
    let arrays = format!(
        "# Arrays\n\n{{{}{}}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let (dir, output) = build_files(&[
        (
            "site.json",
            r#"{"name": "Deep", "navigation": [{"group": "G", "pages": ["arrays"]}]}"#,
        ),
        ("arrays.mdx", &arrays),
    ]);
    let out = dir.path().join("out");
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(out.join("arrays/index.html").is_file());
}

/// YAML nested deeper than 128 levels (in frontmatter, or a spec, also one
/// written as JSON) is refused where it gets too deep, before the YAML
/// parser (whose cost grows with the square of the depth) sees it.
#[test]
fn deeply_nested_yaml_is_an_error_at_its_place() {
    let deep = format!("{}{}", "[".repeat(40_000), "]".repeat(40_000));
    let head = "openapi: 3.0.0\ninfo: {title: t, version: \"1\"}\npaths: {}\n";
    let json = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "x": "#;
    let (_dir, output) = build_files(&[
        (
            "site.json",
            r#"{"name": "Deep", "navigation": [{"group": "G", "pages": ["index"]}], "openapi": ["a.yaml", "b.json"]}"#,
        ),
        (
            "index.mdx",
            &format!("---\ntitle: Deep\nx: {deep}\n---\n# Hi\n"),
        ),
        ("a.yaml", &format!("{head}x-deep: {deep}\n")),
        ("b.json", &format!("{json}{deep}}}")),
    ]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    for at in ["--> index.mdx:3:132", "--> a.yaml:4:137", "--> b.json:1:"] {
        assert!(text.contains(at), "{at}:\n{text}");
    }
}

/// Builds a docs root of `files` (path, text) in a temporary folder into
/// its `out/`; the folder and what the build printed.
fn build_files(files: &[(&str, &str)]) -> (tempfile::TempDir, std::process::Output) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("docs");
    for (name, text) in files {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let out = dir.path().join("out");
    let output = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    (dir, output)
}

/// The built search index finds a page by its frontmatter `keywords`, and
/// a word inside a Japanese sentence (read as bigrams on both sides).
#[test]
fn search_finds_frontmatter_keywords_and_words_inside_japanese_sentences() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("search-keywords-cjk"), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let titles = |q: &str| -> Vec<String> {
        (sheaf::search::query(&site.join("search"), q)
            .unwrap()
            .into_iter())
        .map(|hit| hit.title)
        .collect()
    };
    assert_eq!(titles("onboarding"), ["Quickstart"]);
    assert_eq!(titles("トークン"), ["認証"]);
    assert_eq!(titles("認証の方法"), ["認証"]);
}

/// `<Visibility>`: the humans' part on the HTML page only, the agents' part
/// in the page's Markdown copy and `llms-full.txt` only, neither with its
/// tags.
#[test]
fn visibility_splits_what_people_and_agents_read() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = build(&fixture("visibility"), &site);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("warning"), "{}", stderr(&output));
    let html = fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        html.contains("<strong>Rotate</strong> in the dashboard"),
        "{html}"
    );
    assert!(!html.contains("with the current token"), "{html}");
    let copy = fs::read_to_string(site.join("index.md")).unwrap();
    assert!(copy.contains("with the current token"), "{copy}");
    assert!(!copy.contains("in the dashboard"), "{copy}");
    assert!(!copy.contains("Visibility"), "{copy}");
    let llms = fs::read_to_string(site.join("llms-full.txt")).unwrap();
    assert!(llms.contains("with the current token"), "{llms}");
    assert!(llms.contains("Tokens expire after a year."), "{llms}");
    assert!(!llms.contains("in the dashboard"), "{llms}");
}
