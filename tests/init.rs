//! `sheaf init` asks nothing and writes a site that `check --strict`
//! passes and `build` builds: with a `site.json` by default, with
//! Mintlify's `docs.json` under `--format docs-json`.

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
    let checked = common::sheaf(&["check", "--strict", root.to_str().unwrap()]);
    let said = common::stderr(&checked);
    assert!(
        checked.status.success() && said.contains("check passed\n"),
        "{said}"
    );
    let out = tempfile::tempdir().unwrap();
    common::build_ok(root, out.path());
    assert!(out.path().join("quickstart/index.html").is_file());
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
