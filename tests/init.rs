//! `sheaf init` asks nothing and writes a site that `check` passes without
//! a warning and `build` builds, reading as written (no code span broken
//! by backticks inside it): with a `site.json` by default (its
//! `site.schema.json` stays out of the site), with Mintlify's `docs.json`
//! under `--format docs-json`.

mod common;

use std::process::{Command, Stdio};

/// `sheaf init DIR ARGS` with no standard input: a question would fail it.
fn init(dir: &std::path::Path, args: &[&str]) {
    let output = Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .arg("init")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", common::stderr(&output));
}

fn check_strict_and_build(root: &std::path::Path) {
    let checked = common::sheaf(&["check", root.to_str().unwrap()]);
    let said = common::stderr(&checked);
    assert!(
        checked.status.success() && said.contains("check passed\n"),
        "{said}"
    );
    let out = tempfile::tempdir().unwrap();
    common::build_ok(root, out.path());
    assert!(
        !out.path().join("site.schema.json").exists(),
        "the schema is no page"
    );
    for page in ["index.html", "quickstart/index.html"] {
        let html = std::fs::read_to_string(out.path().join(page)).unwrap();
        let text = visible_text(&html);
        assert!(!text.contains('`'), "{page} shows a backtick: {text}");
    }
}

/// The text of a page's `<article>` outside code blocks: what a reader
/// sees of its Markdown, where a stray backtick is a broken code span.
fn visible_text(html: &str) -> String {
    let start = html.find("<article").expect("an article");
    let end = html[start..]
        .find("</article>")
        .map_or(html.len(), |e| start + e);
    let mut article = &html[start..end];
    let mut text = String::new();
    while let Some(pre) = article.find("<pre") {
        text.push_str(&article[..pre]);
        let close = article[pre..]
            .find("</pre>")
            .map_or(article.len(), |c| pre + c + 6);
        article = &article[close..];
    }
    text.push_str(article);
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    plain
}

#[test]
fn the_default_starter_has_a_site_json_and_passes_check_strict() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("docs");
    init(&site, &[]);
    assert!(site.join("site.json").is_file() && site.join("site.schema.json").is_file());
    assert!(!site.join("docs.json").exists());
    check_strict_and_build(&site);
}

#[test]
fn the_docs_json_starter_passes_check_strict() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("docs");
    init(&site, &["--format", "docs-json"]);
    assert!(site.join("docs.json").is_file());
    assert!(!site.join("site.json").exists());
    let config: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site.join("docs.json")).unwrap()).unwrap();
    assert_eq!(config["$schema"], "https://mintlify.com/docs.json");
    assert!(config["navigation"]["groups"].is_array());
    check_strict_and_build(&site);
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = common::sheaf(&["init", dir.path().to_str().unwrap(), "--format", "yaml"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
