//! `sheaf check` as CI runs it, and its messages (issue 66): it fails on
//! the warnings Mintlify's `mint validate` and `mint broken-links` fail on
//! (`tests/fixtures/check-warnings`: a navigation entry naming a missing
//! page, tags never closed, a `</Crad>` typo, a `{` never closed, an
//! unknown `<Notee>`, broken links), `--lenient` passes them, `build` never
//! fails on them; an attribute a component does not have is a warning with
//! the closest one; page findings point at the exact column with the source
//! line under it.

mod common;

use common::{fixture, sheaf, stderr};

fn check(extra: &[&str]) -> (Option<i32>, String) {
    let root = fixture("check-warnings");
    let mut args = vec!["check"];
    args.extend(extra);
    args.push(root.to_str().unwrap());
    let output = sheaf(&args);
    (output.status.code(), stderr(&output))
}

#[test]
fn check_fails_on_warnings_and_lenient_lets_them_pass() {
    let (code, text) = check(&[]);
    assert_eq!(code, Some(1), "{text}");
    for warning in [
        "warning: `navigation.groups[0].pages[2]`: page \"missing-page\" does not exist",
        "warning: `<Note>` is never closed",
        "warning: closing tag `</Crad>` has no matching opening tag",
        "warning: `{` is never closed",
        "warning: unknown component `<Notee>`",
        "warning: link `/nope` points to a page that does not exist",
        "warning: no heading `#configur` on page `configure`",
    ] {
        assert!(text.contains(warning), "{warning}: {text}");
    }
    assert!(
        text.ends_with(
            "check failed: 0 errors, 10 warnings; warnings fail `check` (`--lenient` passes with them)\n"
        ),
        "{text}"
    );
    for lenient in ["--lenient", "--warnings-ok"] {
        let (code, text) = check(&[lenient]);
        assert_eq!(code, Some(0), "{lenient}: {text}");
        assert!(text.ends_with("check passed (10 warnings)\n"), "{text}");
    }
    let (code, _) = check(&["--strict"]);
    assert_eq!(code, Some(1), "--strict is still accepted");
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture("check-warnings");
    let built = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    assert_eq!(
        built.status.code(),
        Some(0),
        "build never fails on a warning"
    );
    assert!(
        stderr(&built).contains("(10 warnings)"),
        "{}",
        stderr(&built)
    );
}

#[test]
fn notes_never_fail_check() {
    let work = tempfile::tempdir().unwrap();
    let root = work.path().join("docs");
    common::copy_tree(&fixture("check-warnings"), &root);
    std::fs::write(root.join("index.mdx"), "---\ntitle: Home\n---\n\nHello.\n").unwrap();
    std::fs::write(
        root.join("configure.mdx"),
        "---\ntitle: Configure\n---\n\n## Configure\n",
    )
    .unwrap();
    let config = std::fs::read_to_string(root.join("docs.json")).unwrap();
    std::fs::write(
        root.join("docs.json"),
        config.replace(", \"missing-page\"", ""),
    )
    .unwrap();
    let checked = sheaf(&["check", root.to_str().unwrap()]);
    let text = stderr(&checked);
    assert_eq!(checked.status.code(), Some(0), "{text}");
    assert!(text.contains("note: "), "the site has notes: {text}");
    assert!(text.ends_with("check passed\n"), "{text}");
}

#[test]
fn an_attribute_a_component_does_not_have_names_the_closest_one() {
    let (_, text) = check(&[]);
    assert!(
        text.contains(
            "warning: `<Tab>` has no attribute `titel`\n  --> index.mdx:9:8\n  |\n9 |   <Tab titel=\"B\">b</Tab>\n  |        ^"
        ),
        "{text}"
    );
    assert!(text.contains("= help: did you mean `title`?"), "{text}");
    assert!(
        text.contains("warning: `<Card>` has no attribute `hreff`\n   --> index.mdx:12:26"),
        "{text}"
    );
    assert!(text.contains("= help: did you mean `href`?"), "{text}");
    for global in ["className", "data-track", "aria-label", "`id`"] {
        assert!(
            !text.contains(&format!("attribute `{global}")),
            "{global}: {text}"
        );
    }
}

#[test]
fn page_findings_name_the_exact_column_and_show_the_line() {
    let (_, text) = check(&[]);
    let line = "5 | Read the    [guide](/nope) and [settings](/configure#configur).";
    assert!(
        text.contains(&format!(
            "warning: link `/nope` points to a page that does not exist\n  --> index.mdx:5:13\n  |\n{line}\n  |             ^^^^^^^^^^^^^^\n"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "warning: no heading `#configur` on page `configure`\n  --> index.mdx:5:32\n  |\n{line}\n"
        )),
        "{text}"
    );
    assert!(
        text.contains("= help: did you mean `#configure`?"),
        "{text}"
    );
    assert!(
        text.contains("--> configure.mdx:7:18\n  |\n7 | <Card title=\"Y\">y</Crad>\n  |                  ^^^^^^^\n"),
        "{text}"
    );
    assert!(
        text.contains("--> configure.mdx:9:9\n  |\n9 | Here is { unclosed\n  |         ^\n"),
        "{text}"
    );
}

/// A `sheaf init --format docs-json` starter in a temporary folder, with
/// `edit` applied to its file `name`.
fn starter_with(name: &str, edit: impl Fn(&str) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let made = sheaf(&[
        "init",
        dir.path().join("docs").to_str().unwrap(),
        "--format",
        "docs-json",
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let file = dir.path().join("docs").join(name);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, edit(&text)).unwrap();
    dir
}

fn check_docs(dir: &tempfile::TempDir) -> (Option<i32>, String) {
    let output = sheaf(&["check", dir.path().join("docs").to_str().unwrap()]);
    (output.status.code(), stderr(&output))
}

#[test]
fn a_frontmatter_error_names_the_pages_lines() {
    let dir = starter_with("quickstart.mdx", |text| {
        text.replace("description: Build", "description: [Build")
    });
    let (code, text) = check_docs(&dir);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("error: invalid frontmatter: did not find expected ',' or ']', while parsing a flow sequence at line 3 column 14\n  --> quickstart.mdx:4:1\n  |\n4 | ---\n"),
        "{text}"
    );
}

#[test]
fn two_commas_in_docs_json_are_named_and_nothing_else_is_said() {
    let dir = starter_with("docs.json", |text| text.replace("\"mint\",", "\"mint\",,"));
    let (code, text) = check_docs(&dir);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.starts_with(
            "error: invalid JSON: two commas in a row; remove one\n  --> docs.json:3:19\n"
        ),
        "{text}"
    );
    let out = dir.path().join("site");
    let built = sheaf(&[
        "build",
        dir.path().join("docs").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    for said in [text, stderr(&built)] {
        assert!(!said.contains("relative-sitemap"), "{said}");
        assert!(!said.contains("reading docs.json"), "{said}");
    }
}

#[test]
fn a_misspelt_primary_colour_is_reported_not_the_default_that_replaces_it() {
    let dir = starter_with("docs.json", |text| {
        text.replace("\"primary\"", "\"primray\"")
    });
    let (code, text) = check_docs(&dir);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("warning: `colors.primray`: unknown key `primray`"),
        "{text}"
    );
    assert!(text.contains("= help: did you mean `primary`?"), "{text}");
    assert!(!text.contains("color-contrast"), "{text}");
    assert!(
        !text.contains("#0D9373"),
        "no default colour is named: {text}"
    );
}

#[test]
fn a_missing_docs_folder_names_every_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nosuchdir");
    let built = sheaf(&["build", missing.to_str().unwrap()]);
    assert_eq!(built.status.code(), Some(1));
    assert!(
        stderr(&built)
            .contains("= help: pass the folder that holds docs.json, mint.json or site.json"),
        "{}",
        stderr(&built)
    );
}

#[test]
fn a_busy_port_asked_for_is_an_error() {
    let dir = starter_with("docs.json", str::to_string);
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let root = dir.path().join("docs");
    let served = common::sheaf_within(
        &["serve", root.to_str().unwrap(), "--port", &port],
        std::time::Duration::from_secs(120),
    );
    let text = stderr(&served);
    assert_eq!(served.status.code(), Some(1), "{text}");
    assert!(
        text.contains(&format!("error: port {port} is busy (another program, or another preview, listens there); pick another with --port")),
        "{text}"
    );
}
