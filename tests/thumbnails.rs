//! docs.json `thumbnails` (issue 59) on tests/fixtures/thumbnails: a
//! 1200×630 PNG per page in `_sheaf/og/`, named by `og:image` and
//! `twitter:image` (absolute with `--site-url`), none for a page with its
//! own `og:image`; a second build from the same cache writes the same
//! bytes; the dark appearance draws other pixels.

mod common;

use std::path::Path;

use common::{fixture_copy, read_built, save_replacing, sheaf, snapshot};

fn build(root: &Path, out: &Path, extra: &[&str]) {
    let mut args = vec![
        "build",
        root.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let output = sheaf(&args);
    assert!(output.status.success(), "{}", common::stderr(&output));
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn every_page_gets_a_card_unless_it_has_its_own_image() {
    let root = fixture_copy("thumbnails");
    let work = tempfile::tempdir().unwrap();
    let cache = work.path().join("cache");
    let site = work.path().join("site");
    build(
        root.path(),
        &site,
        &[
            "--site-url",
            "https://docs.usergroups.example",
            "--cache-dir",
            cache.to_str().unwrap(),
        ],
    );
    let cards = snapshot(&site.join("_sheaf/og"));
    let names: Vec<String> = cards.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(
        names,
        [
            "index.png",
            "quickstart.png",
            "users/get-or-create.png",
            "users/rotate-token.png"
        ]
    );
    assert!(cards.values().all(|png| png_size(png) == (1200, 630)));

    let page = read_built(&site, "quickstart/index.html");
    let card = "https://docs.usergroups.example/_sheaf/og/quickstart.png";
    assert!(
        page.contains(&format!("<meta property=og:image content={card}>")),
        "{page}"
    );
    assert!(page.contains(&format!("<meta name=twitter:image content={card}>")));
    assert!(page.contains("<meta name=twitter:card content=summary_large_image>"));
    let own = read_built(&site, "users/update/index.html");
    assert!(own.contains(
        "<meta property=og:image content=https://cdn.usergroups.example/cards/update.png>"
    ));
    assert!(
        !own.contains("twitter:image") && !own.contains("_sheaf/og/"),
        "the page's own image only"
    );

    let again = work.path().join("again");
    build(
        root.path(),
        &again,
        &[
            "--site-url",
            "https://docs.usergroups.example",
            "--cache-dir",
            cache.to_str().unwrap(),
        ],
    );
    assert!(
        snapshot(&site) == snapshot(&again),
        "a warm build writes the same bytes"
    );

    save_replacing(
        &root.path().join("docs.json"),
        r#""appearance": "light""#,
        r#""appearance": "dark""#,
    );
    let dark = work.path().join("dark");
    build(root.path(), &dark, &["--no-cache"]);
    let dark_cards = snapshot(&dark.join("_sheaf/og"));
    assert_eq!(dark_cards.len(), 4);
    assert_ne!(
        dark_cards.values().next(),
        cards.values().next(),
        "dark draws other pixels"
    );
    let relative = read_built(&dark, "quickstart/index.html");
    assert!(relative.contains("<meta property=og:image content=/_sheaf/og/quickstart.png>"));
}

#[test]
fn a_site_without_thumbnails_writes_no_card() {
    let root = fixture_copy("analytics");
    let work = tempfile::tempdir().unwrap();
    build(root.path(), work.path(), &["--no-cache"]);
    assert!(!work.path().join("_sheaf/og").exists());
    assert!(!read_built(work.path(), "quickstart/index.html").contains("og:image"));
}
