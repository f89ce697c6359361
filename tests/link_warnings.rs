//! Causes of wrong link warnings (issue 46), each on a fixture site built
//! end to end: files Mintlify never publishes (`README.md`…), attribute
//! expressions sheaf cannot evaluate (`href={href}`), SVG references
//! (`<use href="#icon">`) and anchors of non-Latin headings.

mod common;

use common::{build_fixture, read_built};

#[test]
fn mintlifys_default_ignores_are_not_pages() {
    let (_out, site, text) = build_fixture("default-ignores");
    for page in ["introduction", "guides/setup", "reference/README"] {
        let html = site.join(page).join("index.html");
        assert!(html.is_file(), "{page} missing\n{text}");
    }
    for absent in [
        "README",
        "README.md",
        "LICENSE",
        "CHANGELOG",
        "guides/README",
        "guides/contributing",
    ] {
        assert!(!site.join(absent).exists(), "{absent} was published");
    }
    let llms = std::fs::read_to_string(site.join("llms.txt")).unwrap();
    assert!(!llms.contains("Docs repository"), "{llms}");
    assert!(
        text.contains(
            "page \"guides/README\" is excluded by `README.md`, one of Mintlify's default ignores"
        ),
        "{text}"
    );
    assert!(text.contains("add `!README.md` to .mintignore"), "{text}");
    assert!(!text.contains("broken-link"), "{text}");
}

/// Each warning the build printed, with its place: `message @ file:line:col`.
fn warnings(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(message) = line.strip_prefix("warning: ") {
            let place = lines.get(i + 1).and_then(|l| l.trim().strip_prefix("--> "));
            found.push(format!("{message} @ {}", place.unwrap_or("?")));
        }
    }
    found
}

/// The warnings the `link-warnings` fixture must give, and no others.
const EXPECTED: [&str; 4] = [
    "no heading `#нет-такого-раздела` on this page @ ru/account.mdx:7:141",
    "link `/no-such-page` points to a page that does not exist @ snippets/links.mdx:1:1",
    "image or file `/images/gone.svg` does not exist @ svg.mdx:13:57",
    "no heading `#nowhere` on this page @ svg.mdx:15:53",
];

#[test]
fn the_fixture_warns_only_of_links_that_are_broken() {
    let (_out, _site, text) = build_fixture("link-warnings");
    let mut found = warnings(&text);
    found.sort();
    let mut expected = EXPECTED.map(String::from).to_vec();
    expected.sort();
    assert_eq!(found, expected, "{text}");
}

#[test]
fn an_attribute_expression_sheaf_cannot_evaluate_is_no_url() {
    let (_out, site, text) = build_fixture("link-warnings");
    let html = read_built(&site, "props/index.html");
    // A prop passed as a string is the link, checked and rewritten...
    assert!(
        html.contains("<a class=\"link-card\" href=\"../guide/#install\">To the guide</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a class=\"c-card card\" href=\"../guide/\">"),
        "{html}"
    );
    assert!(
        text.contains("link `/no-such-page` points to a page"),
        "{text}"
    );
    // ...and one no one passed, or a name the page cannot know, is none.
    assert!(
        html.contains("<a class=\"link-card\">Nowhere</a>"),
        "{html}"
    );
    assert!(html.contains("<a class=\"unknown\">settings</a>"), "{html}");
    assert!(
        html.contains("<a class=\"link-card\">Passed on</a>"),
        "{html}"
    );
    assert!(
        !html.contains("href=\"href\"") && !html.contains("href=\"to\""),
        "{html}"
    );
    assert!(!html.contains("settings.docsUrl"), "{html}");
    for name in ["`href`", "`to`", "settings"] {
        assert!(!text.contains(&format!("link {name}")), "{text}");
    }
}

#[test]
fn svg_references_are_no_page_links() {
    let (_out, site, text) = build_fixture("link-warnings");
    let html = read_built(&site, "svg/index.html");
    for written in [
        "<use href=\"#icon-star\">",
        "<use xlink:href=\"../images/sprite.svg#icon-star\">",
        "<use xlink:href=\"#icon-moon\">",
        "<a href=\"../guide/\">guide</a>",
    ] {
        assert!(html.contains(written), "{written} in {html}");
    }
    assert!(site.join("images/sprite.svg").is_file());
    assert!(!text.contains("#icon-"), "{text}");
    assert!(
        text.contains("image or file `/images/gone.svg` does not exist"),
        "{text}"
    );
}

#[test]
fn anchors_of_non_latin_headings_resolve() {
    let (_out, site, text) = build_fixture("link-warnings");
    let ja = read_built(&site, "ja/account/index.html");
    assert!(ja.contains("id=\"サインアウト\""), "{ja}");
    let ru = read_built(&site, "ru/account/index.html");
    assert!(ru.contains("id=\"выход\""), "{ru}");
    // Links to them, as written or percent-encoded, from the page or
    // another one, warn of nothing; a missing one still does.
    let anchors: Vec<String> = warnings(&text)
        .into_iter()
        .filter(|w| w.contains("account.mdx"))
        .collect();
    assert_eq!(
        anchors,
        ["no heading `#нет-такого-раздела` on this page @ ru/account.mdx:7:141"],
        "{text}"
    );
    assert!(
        ja.contains("href=\"../../ru/account/#%D0%B2%D1%8B%D1%85%D0%BE%D0%B4\""),
        "{ja}"
    );
}
