//! What a CI job reads from `sheaf check` and `sheaf build`: `--format
//! json` (every line a JSON object, each diagnostic with its rule, the
//! summary last), `--format github` (workflow commands naming files from
//! the repository root), many findings of one rule in one file as one line
//! unless `--verbose`, and `--quiet`.
//!
//! The broken site is `example-docs/` copied with a broken page (a link
//! to no page, an image without alt text), a broken config (a number for
//! a colour) and a broken spec (YAML that does not parse).

mod common;

use std::path::Path;
use std::process::Output;

use common::{copy_tree, fixture, save_replacing, sheaf, stderr};
use serde_json::Value;

/// A repository (a `.git` folder) holding `docs/`, the broken example.
fn broken_example() -> tempfile::TempDir {
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir(repo.path().join(".git")).unwrap();
    let docs = repo.path().join("docs");
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs"),
        &docs,
    );
    let page = docs.join("quickstart.mdx");
    let text = std::fs::read_to_string(&page).unwrap();
    let broken = format!(
        "{text}\n\nSee [the missing page](/no-such-page).\n\n![](/images/embed-flow.svg)\n"
    );
    std::fs::write(&page, broken).unwrap();
    save_replacing(
        &docs.join("site.json"),
        "\"primary\": \"#4F46E5\"",
        "\"primary\": 42",
    );
    save_replacing(
        &docs.join("openapi.yaml"),
        "\npaths:\n",
        "\npaths:\n  /broken: {get: [unclosed\n",
    );
    repo
}

fn stdout_lines(output: &Output) -> Vec<Value> {
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// `rule file:line:col-end_line:end_column`, of each diagnostic line.
fn placed(lines: &[Value]) -> Vec<String> {
    let at = |v: &Value| v.as_u64().map_or("-".to_string(), |n| n.to_string());
    lines
        .iter()
        .filter(|l| l["type"] == "diagnostic")
        .map(|l| {
            format!(
                "{} {} {}:{}:{}-{}:{}",
                l["severity"].as_str().unwrap(),
                l["rule"].as_str().unwrap(),
                l["file"].as_str().unwrap(),
                at(&l["line"]),
                at(&l["column"]),
                at(&l["end_line"]),
                at(&l["end_column"])
            )
        })
        .collect()
}

const FIELDS: [&str; 11] = [
    "type",
    "severity",
    "rule",
    "file",
    "line",
    "column",
    "end_line",
    "end_column",
    "json_path",
    "message",
    "help",
];

fn assert_json_report(output: &Output, pages: Value) {
    let lines = stdout_lines(output);
    let (summary, diagnostics) = lines.split_last().expect("a summary line");
    for line in diagnostics {
        let keys: Vec<&str> = line
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, FIELDS, "{line}");
        assert!(
            line["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{line}"
        );
    }
    let count = |s: &str| diagnostics.iter().filter(|l| l["severity"] == s).count();
    assert_eq!(summary["type"], "summary", "{summary}");
    assert_eq!(summary["errors"], count("error"));
    assert_eq!(summary["warnings"], count("warning"));
    assert_eq!(summary["notes"], count("note"));
    assert_eq!(summary["pages"], pages);
    assert!(summary["seconds"].as_f64().is_some(), "{summary}");
}

#[test]
fn check_as_json_gives_one_object_per_line_each_with_its_rule() {
    let repo = broken_example();
    let docs = repo.path().join("docs");
    let output = sheaf(&["check", "--format", "json", docs.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_json_report(&output, Value::Null);
    let found = placed(&stdout_lines(&output));
    for expected in [
        "error config-schema site.json:11:16-11:18",
        "error spec-syntax openapi.yaml:47:12-47:13",
        "warning broken-link quickstart.mdx:",
        "warning image-alt quickstart.mdx:",
        "note config-repaired site.json:-:---:-",
    ] {
        assert!(
            found.iter().any(|f| f.starts_with(expected)),
            "{expected} in {found:#?}"
        );
    }
    let schema = stdout_lines(&output)
        .into_iter()
        .find(|l| l["rule"] == "config-schema")
        .unwrap();
    assert_eq!(schema["json_path"], "colors.primary");
    assert_eq!(schema["help"], "write a string here");
}

#[test]
fn build_as_json_ends_with_the_pages_built() {
    let repo = broken_example();
    let docs = repo.path().join("docs");
    let out = repo.path().join("site");
    let failed = sheaf(&[
        "build",
        "--format",
        "json",
        docs.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(failed.status.code(), Some(1));
    assert_json_report(&failed, Value::from(0));
    assert!(!out.exists(), "nothing is written on errors");

    let clean = Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs");
    let built = sheaf(&[
        "build",
        "--format",
        "json",
        "--quiet",
        "--site-url",
        "https://docs.example.com",
        clean.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert_eq!(stderr(&built), "", "--quiet says nothing on stderr");
    let lines = stdout_lines(&built);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0]["pages"].as_u64().unwrap() > 10, "{}", lines[0]);
}

#[test]
fn github_commands_name_files_from_the_repository_root() {
    let repo = broken_example();
    let output = sheaf_in(
        repo.path(),
        &["check", "--strict", "--format", "github", "docs"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.iter().all(|l| l.starts_with("::")), "{text}");
    assert!(
        lines.contains(&"::error file=docs/site.json,line=11,col=16,endLine=11,endColumn=18,title=config-schema::`colors.primary`: expected string, found number 42%0Ahelp: write a string here"),
        "{text}"
    );
    let broken_link = lines
        .iter()
        .find(|l| l.contains("title=broken-link"))
        .unwrap();
    assert!(
        broken_link.starts_with("::warning file=docs/quickstart.mdx,line="),
        "a warning stays a warning (it fails the check all the same): {broken_link}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("::notice file=docs/site.json,title=config-repaired::")),
        "{text}"
    );
    // From inside the docs folder, paths still start at the repository root.
    let inside = sheaf_in(
        &repo.path().join("docs"),
        &["check", "--format", "github", "."],
    );
    let inside = String::from_utf8(inside.stdout).unwrap();
    assert!(
        inside.contains("::error file=docs/openapi.yaml,line=47,col=12,"),
        "{inside}"
    );
}

/// Runs `sheaf` with `args` from the folder `dir`, without colours.
fn sheaf_in(dir: &Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("sheaf runs")
}

#[test]
fn many_findings_of_one_rule_in_one_file_are_one_line_unless_verbose() {
    let root = fixture("many-findings");
    let grouped = stderr(&sheaf(&["check", "--lenient", root.to_str().unwrap()]));
    assert!(
        grouped.contains("warning: 12 × image-alt in gallery.mdx; first at gallery.mdx:7:1\n  --> gallery.mdx:7:1\n  = help: --verbose lists them all"),
        "{grouped}"
    );
    assert_eq!(grouped.matches("= rule: image-alt").count(), 2, "{grouped}");
    assert!(grouped.contains("check passed (13 warnings)"), "{grouped}");
    let verbose = stderr(&sheaf(&["check", "--verbose", root.to_str().unwrap()]));
    assert_eq!(
        verbose.matches("= rule: image-alt").count(),
        13,
        "{verbose}"
    );
    let json = sheaf(&["check", "--format", "json", root.to_str().unwrap()]);
    let lines = stdout_lines(&json);
    let alt = lines.iter().filter(|l| l["rule"] == "image-alt").count();
    assert_eq!(alt, 13, "json lists every finding");
    let github = sheaf(&["check", "--format", "github", root.to_str().unwrap()]);
    let github = String::from_utf8(github.stdout).unwrap();
    assert_eq!(github.matches("title=image-alt::").count(), 2, "{github}");
}
