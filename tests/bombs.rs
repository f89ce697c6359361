//! Inputs built to hurt (`tests/fixtures/bomb-*`, written by
//! `bench/gen_bombs.py`): 750 nested components, HTML tags, block quotes
//! and list items; lists 40,000 deep in a JSON spec, a YAML spec,
//! frontmatter and `site.json`; a page over the size limit. Each ends in an
//! error naming the file and its line, in `build` and `check` alike, never
//! a crash. The binary runs with a generous time limit, so a regression to
//! a stall or a quadratic parse fails instead of hanging the suite; no
//! timings are asserted.

mod common;

use std::time::Duration;

use common::{fixture, sheaf_within, stderr};

const LIMIT: Duration = Duration::from_secs(120);

/// Runs `build` and `check` on the fixture `case`: both fail with an error
/// at `location` whose text holds `says`.
fn fails_at(case: &str, location: &str, says: &str) {
    let root = fixture(case);
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let build = [
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ];
    for args in [&build[..], &["check", root.to_str().unwrap()]] {
        let output = sheaf_within(args, LIMIT);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}:\n{text}");
        let at = text
            .find(&format!("--> {location}"))
            .unwrap_or_else(|| panic!("{args:?}: no error at {location}:\n{text}"));
        let headline = text[..at].lines().rev().find(|l| l.starts_with("error"));
        assert!(
            headline.is_some_and(|h| h.contains(says)),
            "{args:?}: {headline:?} does not say {says:?}:\n{text}"
        );
    }
    assert!(!site.exists(), "a failed build writes nothing");
}

#[test]
fn nested_components() {
    fails_at(
        "bomb-nested-note",
        "index.mdx:3:",
        "nested more than 256 deep",
    );
}

#[test]
fn nested_html_tags() {
    fails_at(
        "bomb-nested-div",
        "index.mdx:3:",
        "nested more than 256 deep",
    );
}

#[test]
fn nested_block_quotes() {
    fails_at(
        "bomb-nested-quote",
        "index.mdx:3:",
        "nested more than 256 deep",
    );
}

#[test]
fn nested_list_items() {
    fails_at(
        "bomb-nested-list",
        "index.mdx:3:",
        "nested more than 256 deep",
    );
}

#[test]
fn a_deep_json_spec() {
    fails_at(
        "bomb-deep-spec-json",
        "api.json:2:",
        "nested more than 128 deep",
    );
}

#[test]
fn a_deep_yaml_spec() {
    fails_at(
        "bomb-deep-spec-yaml",
        "api.yaml:4:",
        "nested more than 128 deep",
    );
}

#[test]
fn deep_frontmatter() {
    fails_at(
        "bomb-deep-frontmatter",
        "index.mdx:3:",
        "nested more than 128 deep",
    );
}

#[test]
fn a_deep_config() {
    fails_at(
        "bomb-deep-config",
        "site.json:2:",
        "nested more than 128 deep",
    );
}

/// A page over the size limit (20 MB) is refused by its size, unread.
#[test]
fn a_huge_page() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("docs");
    common::copy_tree(&fixture("bomb-huge-page"), &root);
    let line = "Lorem [link](/index) ipsum dolor sit amet.\n";
    let huge = line.repeat(20_000_000 / line.len() + 1);
    std::fs::write(root.join("huge.mdx"), format!("# Huge\n\n{huge}")).unwrap();
    let site = dir.path().join("site");
    let build = [
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ];
    let output = sheaf_within(&build, LIMIT);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("--> huge.mdx"), "{text}");
    assert!(text.contains("more than the 20 MB"), "{text}");
    assert!(!site.exists(), "a failed build writes nothing");
}
