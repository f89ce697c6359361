//! `sheaf.toml` on `tests/fixtures/rules-settings`: a warning rule turned
//! into an error fails `build` too (a warning fails only `check`), one turned
//! off is not reported, and one turned off for a spec the author does not
//! own (`[files."openapi.json"]`) is still reported elsewhere, while that
//! spec's other rules still report. Mistakes in `sheaf.toml` are located
//! warnings; the file is never copied into the site.

mod common;

use std::process::Output;

use common::{fixture, fixture_copy, save_replacing, sheaf, stderr};
use serde_json::Value;

/// `severity rule file:line` of each diagnostic of `check --format json`.
fn findings(output: &Output) -> Vec<String> {
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    text.lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|v| v["type"] == "diagnostic")
        .map(|v| {
            format!(
                "{} {} {}:{}",
                v["severity"].as_str().unwrap(),
                v["rule"].as_str().unwrap(),
                v["file"].as_str().unwrap(),
                v["line"]
            )
        })
        .collect()
}

#[test]
fn site_and_file_levels_change_what_is_reported() {
    let root = fixture("rules-settings");
    let checked = sheaf(&[
        "check",
        "--format",
        "json",
        "--site-url",
        "https://docs.example.com",
        root.to_str().unwrap(),
    ]);
    assert_eq!(
        checked.status.code(),
        Some(1),
        "broken-link = \"error\" fails check"
    );
    assert_eq!(
        findings(&checked),
        [
            "error broken-link index.mdx:9",
            "warning image-alt index.mdx:11",
            "warning missing-summary openapi.json:6",
        ]
    );
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let built = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    assert_eq!(built.status.code(), Some(1), "{}", stderr(&built));
    assert!(stderr(&built).contains("error: link `/nowhere` points to a page that does not exist"));
    assert!(!site.exists());
}

#[test]
fn without_the_file_every_rule_reports_as_it_always_does() {
    let copy = fixture_copy("rules-settings");
    std::fs::remove_file(copy.path().join("sheaf.toml")).unwrap();
    let checked = sheaf(&["check", "--format", "json", copy.path().to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(1), "warnings fail check");
    let found = findings(&checked);
    for rule in [
        "heading-order",
        "broken-link",
        "image-alt",
        "missing-summary",
        "example-mismatch",
    ] {
        assert!(
            found
                .iter()
                .any(|f| f.starts_with(&format!("warning {rule} "))),
            "{rule}: {found:?}"
        );
    }
}

#[test]
fn mistakes_in_sheaf_toml_are_located_warnings_and_it_is_not_published() {
    let copy = fixture_copy("rules-settings");
    let settings = copy.path().join("sheaf.toml");
    save_replacing(
        &settings,
        "broken-link = \"error\"",
        "broken-lnk = \"off\"\nimage-alt = \"loud\"",
    );
    let checked = sheaf(&["check", "--lenient", copy.path().to_str().unwrap()]);
    let text = stderr(&checked);
    assert_eq!(checked.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "warning: `broken-lnk` is not a rule name; the line is skipped\n  --> sheaf.toml:3:1"
        ),
        "{text}"
    );
    assert!(text.contains("did you mean `broken-link`?"), "{text}");
    assert!(
        text.contains(
            "warning: `image-alt` needs a level; the line is skipped\n  --> sheaf.toml:4:13"
        ),
        "{text}"
    );
    assert!(
        !text.contains("(heading-order)"),
        "the rest of the file applies: {text}"
    );

    let site = copy.path().join("_site");
    let built = sheaf(&["build", copy.path().to_str().unwrap()]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(site.join("index.html").exists());
    assert!(
        !site.join("sheaf.toml").exists(),
        "sheaf.toml is not a static file"
    );

    save_replacing(&settings, "[rules]", "[rules\n");
    let broken = sheaf(&["check", copy.path().to_str().unwrap()]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(
        stderr(&broken).contains("--> sheaf.toml:2:"),
        "{}",
        stderr(&broken)
    );
}
