//! `sheaf check` on one fixture per way a `site.json`, `mint.json` or
//! `docs.json` can be wrong: every expected diagnostic is printed with its
//! severity, exact line:column, JSON path and message, all in one run, and
//! the exit code says whether there were errors or warnings. Fixtures: `tests/fixtures/config/<case>/` (see generate.py).

mod common;

use common::{fixture, parse_printed, sheaf, stderr, Printed};

struct Expected {
    severity: String,
    location: String,
    path: String,
    message: String,
}

fn expectations(case: &str) -> Vec<Expected> {
    let text = std::fs::read_to_string(fixture("config").join(case).join("expected.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let (head, message) = line.split_once(" | ").expect("`head | message`");
            let mut parts = head.split_whitespace();
            Expected {
                severity: parts.next().unwrap().to_string(),
                location: parts.next().unwrap().to_string(),
                path: parts.next().unwrap().to_string(),
                message: message.to_string(),
            }
        })
        .collect()
}

fn matches(printed: &Printed, want: &Expected) -> bool {
    let path_ok = want.path == "-" || printed.headline.starts_with(&format!("`{}`: ", want.path));
    printed.severity == want.severity
        && printed.location == want.location
        && path_ok
        && printed.headline.contains(&want.message)
}

fn cases() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixture("config"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().join("expected.txt").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_config_mistake_is_reported_at_its_exact_position() {
    let cases = cases();
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let dir = fixture("config").join(case);
        let output = sheaf(&["check", dir.to_str().unwrap()]);
        let text = stderr(&output);
        let printed = parse_printed(&text);
        let expected = expectations(case);
        for want in &expected {
            if !printed.iter().any(|p| matches(p, want)) {
                failures.push(format!(
                    "{case}: expected {} {} `{}` \"{}\"\n--- output ---\n{text}",
                    want.severity, want.location, want.path, want.message
                ));
            }
        }
        let fails = expected.iter().any(|e| e.severity != "note");
        let code = output.status.code();
        if code != Some(if fails { 1 } else { 0 }) {
            failures.push(format!("{case}: exit code {code:?}\n{text}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_warning_fails_check_unless_lenient() {
    let dir = fixture("config").join("unknown-top-key");
    let lenient = sheaf(&["check", "--lenient", dir.to_str().unwrap()]);
    assert_eq!(lenient.status.code(), Some(0));
    assert!(stderr(&lenient).contains("check passed (1 warning)"));
    for args in [&["check"][..], &["check", "--strict"]] {
        let mut args = args.to_vec();
        args.push(dir.to_str().unwrap());
        let failed = sheaf(&args);
        let text = stderr(&failed);
        assert_eq!(failed.status.code(), Some(1), "{args:?}: {text}");
        assert!(
            text.contains("warning: `navigaton`: unknown key `navigaton`"),
            "{text}"
        );
        assert!(text.contains("check failed: 0 errors, 1 warning; warnings fail `check` (`--lenient` passes with them)"), "{text}");
    }
}

#[test]
fn syntax_errors_show_the_line_and_a_caret() {
    let dir = fixture("config").join("syntax-missing-comma");
    let text = stderr(&sheaf(&["check", dir.to_str().unwrap()]));
    assert!(text.contains("3 |   \"navigation\": []"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("| ") && l.contains('^')),
        "{text}"
    );
}

#[test]
fn missing_page_suggests_the_closest_existing_page() {
    let dir = fixture("config").join("missing-page");
    let text = stderr(&sheaf(&["check", dir.to_str().unwrap()]));
    assert!(text.contains("did you mean \"quickstart\"?"), "{text}");
}

#[test]
fn mint_json_is_validated_when_there_is_no_site_json() {
    let dir = fixture("config").join("mint-json-errors");
    let text = stderr(&sheaf(&["check", dir.to_str().unwrap()]));
    assert!(text.contains("--> mint.json:"), "{text}");
}

#[test]
fn reading_mint_json_is_said_once_and_docs_json_only_when_verbose() {
    for (case, file, verbose) in [
        ("missing-page-mint-json", "mint.json", false),
        ("valid-docs-json", "docs.json", true),
    ] {
        let dir = fixture("config").join(case);
        for command in ["check", "build"] {
            let out = tempfile::tempdir().unwrap();
            let site = out.path().join("site");
            if verbose {
                let args = [
                    command,
                    dir.to_str().unwrap(),
                    "--out",
                    site.to_str().unwrap(),
                ];
                let quiet = stderr(&sheaf(&args[..if command == "build" { 4 } else { 2 }]));
                assert!(!quiet.contains("reading docs.json"), "{quiet}");
            }
            let mut args = vec![command, dir.to_str().unwrap()];
            if verbose {
                args.push("--verbose");
            }
            if command == "build" {
                args.extend(["--out", site.to_str().unwrap()]);
            }
            let text = stderr(&sheaf(&args));
            let said = format!("; reading {file} (Mintlify's");
            assert_eq!(text.matches(&said).count(), 1, "{case} {command}: {text}");
            assert!(
                text.starts_with("note: no site.json in "),
                "said first: {text}"
            );
        }
    }
    let site_json = fixture("config").join("valid-all-fields");
    let text = stderr(&sheaf(&["check", site_json.to_str().unwrap()]));
    assert!(!text.contains("reading"), "{text}");
}

#[test]
fn a_config_using_every_field_passes_without_warnings() {
    let dir = fixture("config").join("valid-all-fields");
    let site_url = ["--site-url", "https://docs.example.com"];
    let output = sheaf(&[
        "check",
        "--strict",
        dir.to_str().unwrap(),
        site_url[0],
        site_url[1],
    ]);
    assert_eq!(stderr(&output).trim(), "check passed");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_missing_navigation_page_fails_check_but_not_a_lenient_one_in_every_config_format() {
    for case in [
        "missing-page",
        "missing-page-mint-json",
        "docs-json-missing-page-nested",
    ] {
        let dir = fixture("config").join(case);
        let output = sheaf(&["check", "--lenient", dir.to_str().unwrap()]);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(0), "{case}: {text}");
        assert!(text.contains("the site builds without the entry"), "{text}");
        let checked = sheaf(&["check", dir.to_str().unwrap()]);
        assert_eq!(
            checked.status.code(),
            Some(1),
            "{case}: {}",
            stderr(&checked)
        );
    }
}

#[test]
fn an_unknown_docs_json_theme_suggests_the_closest_and_lists_the_others() {
    let dir = fixture("config").join("docs-json-unknown-theme");
    let text = stderr(&sheaf(&["check", dir.to_str().unwrap()]));
    assert!(text.contains("help: did you mean \"mint\"?"), "{text}");
    assert!(text.contains("\"maple\", \"palm\""), "{text}");
}

#[test]
fn an_unknown_key_in_a_nested_docs_json_group_suggests_the_known_one() {
    let dir = fixture("config").join("docs-json-unknown-key-nested-group");
    let text = stderr(&sheaf(&["check", dir.to_str().unwrap()]));
    assert!(text.contains("help: did you mean `expanded`?"), "{text}");
}

#[test]
fn a_docs_json_using_every_construct_passes_without_warnings() {
    let dir = fixture("config").join("valid-docs-json");
    let text = std::fs::read_to_string(dir.join("docs.json")).unwrap();
    for construct in [
        "\"tabs\"",
        "\"anchors\"",
        "\"dropdowns\"",
        "\"versions\"",
        "\"languages\"",
        "\"menu\"",
        "\"global\"",
        "\"tag\"",
        "\"expanded\"",
        "\"root\"",
        "\"hidden\"",
        "\"openapi\"",
        "\"GET /users\"",
    ] {
        assert!(text.contains(construct), "the fixture lost {construct}");
    }
    let site_url = ["--site-url", "https://docs.example.com"];
    let output = sheaf(&[
        "check",
        "--strict",
        dir.to_str().unwrap(),
        site_url[0],
        site_url[1],
    ]);
    let text = stderr(&output);
    assert_eq!(text, "check passed\n", "not a word more for a docs.json");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn one_check_reports_config_page_and_openapi_problems_together() {
    let dir = fixture("check-one-run");
    let output = sheaf(&["check", dir.to_str().unwrap()]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let printed = parse_printed(&text);
    let has = |severity: &str, location: &str, headline: &str| {
        printed.iter().any(|p| {
            p.severity == severity && p.location == location && p.headline.contains(headline)
        })
    };
    // site.json: three errors local to fields, at their own positions
    // (the anchor and the page entry lie inside arrays).
    assert!(has("error", "site.json:3:26", "`colors.primary`"), "{text}");
    assert!(
        has(
            "error",
            "site.json:5:5",
            "`anchors[0]`: missing required field `url`"
        ),
        "{text}"
    );
    assert!(
        has("error", "site.json:10:51", "`navigation[0].pages[1]`"),
        "{text}"
    );
    assert!(text.contains("note: the rest of the docs was checked as if the values with errors in site.json were not there"), "{text}");
    // ...and in the same run, the pages and the spec.
    assert!(
        has(
            "warning",
            "introduction.mdx:5:10",
            "link `/guides/missing-page`"
        ),
        "{text}"
    );
    assert!(
        has(
            "warning",
            "introduction.mdx:7:1",
            "unknown component `<Cardd>`"
        ),
        "{text}"
    );
    assert!(
        has(
            "warning",
            "guides/setup.mdx:5:1",
            "`/images/not-there.png` does not exist"
        ),
        "{text}"
    );
    assert!(
        has(
            "warning",
            "openapi.yaml:7:5",
            "GET /things has a request body"
        ),
        "{text}"
    );
    // The build fails on the config errors and writes nothing.
    let out = tempfile::tempdir().unwrap().path().join("site");
    let build = sheaf(&[
        "build",
        dir.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(build.status.code(), Some(1));
    assert!(!out.exists(), "a failed build writes nothing");
}

#[test]
fn a_config_without_a_usable_root_stops_after_its_own_errors() {
    let dir = fixture("config").join("missing-navigation");
    let text = stderr(&sheaf(&["check", dir.to_str().unwrap()]));
    assert!(
        text.contains("missing required field `navigation`"),
        "{text}"
    );
    assert!(!text.contains("the rest of the docs was checked"), "{text}");
}

#[test]
fn usage_errors_exit_with_code_2() {
    assert_eq!(sheaf(&["check", "--no-such-flag"]).status.code(), Some(2));
    assert_eq!(sheaf(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn schema_command_prints_the_embedded_schema() {
    let output = sheaf(&["schema"]);
    let schema: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        schema["required"],
        serde_json::json!(["name", "navigation"])
    );
}

#[test]
fn init_writes_a_site_that_check_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("docs");
    assert_eq!(
        sheaf(&["init", root.to_str().unwrap()]).status.code(),
        Some(0)
    );
    assert!(root.join("site.schema.json").is_file());
    let check = sheaf(&["check", "--strict", root.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    // A second init refuses to overwrite.
    assert_eq!(
        sheaf(&["init", root.to_str().unwrap()]).status.code(),
        Some(1)
    );
}
