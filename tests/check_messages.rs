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
