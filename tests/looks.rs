//! docs.json `styling`, `background.decoration` and `interaction` (issue
//! 59) on tests/fixtures/looks: breadcrumbs above the title, the code
//! palettes of each mode in the site CSS, the decoration layer, and `check`
//! saying nothing about them; `drilldown: false` groups that open in
//! place; a Shiki theme sheaf does not ship is shown as
//! the nearest one, with a note at its place in docs.json.

mod common;

use common::{build_fixture, copy_tree, fixture, read_built, sheaf, stderr};
use serde_json::{json, Value};

/// The notes of rule `docs-json-feature` that `check` prints for `root`.
fn feature_notes(root: &std::path::Path) -> Vec<Value> {
    let found = common::check_findings(root);
    found
        .into_iter()
        .filter(|d| d["rule"] == "docs-json-feature")
        .collect()
}

fn site_css(site: &std::path::Path) -> String {
    let dir = site.join("_sheaf");
    let css = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "css"))
        .expect("the site stylesheet");
    std::fs::read_to_string(css).unwrap()
}

#[test]
fn breadcrumbs_code_palettes_and_decoration_are_built() {
    let (_out, site, _) = build_fixture("looks");
    let update = read_built(&site, "users/update/index.html");
    assert!(update.contains(
        "<nav class=\"eyebrow breadcrumbs\" aria-label=Breadcrumbs><ol><li>User groups</li><li>Changing a user group</li></ol></nav><h1"
    ), "breadcrumbs above the title");
    // A page in one group has that group's name, as with `section`.
    let quickstart = read_built(&site, "quickstart/index.html");
    assert!(quickstart.contains("<p class=eyebrow>Get started</p>"));
    assert!(
        !update.contains(" style=\"color"),
        "colours are classes, not inline styles"
    );
    let css = site_css(&site);
    assert!(
        css.contains(":root .c-code,:root .c-code-group,:root pre.hl{--code-bg:#ffffff;"),
        "min-light"
    );
    assert!(
        css.contains("[data-theme=\"dark\"] pre.hl{--code-bg:#282a36;"),
        "dracula"
    );
    assert!(css.contains("html::before{content:\"\";position:fixed;inset:0;z-index:-1;pointer-events:none;background:radial-gradient("));
    // Math is MathML whatever `styling.latex` says.
    assert!(update.contains("<math"));
    assert_eq!(feature_notes(&fixture("looks")), Vec::<Value>::new());
}

#[test]
fn another_shiki_theme_is_a_located_note() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture("looks"), dir.path());
    let path = dir.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["styling"]["codeblocks"] =
        json!({"theme": {"light": "snazzy-light", "dark": "kanagawa-wave"}});
    std::fs::write(&path, serde_json::to_string_pretty(&docs).unwrap()).unwrap();
    let notes: Vec<(String, String)> = feature_notes(dir.path())
        .iter()
        .map(|n| {
            (
                n["json_path"].as_str().unwrap_or_default().to_string(),
                n["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0]
            .1
            .contains("code theme `kanagawa-wave` is shown as `github-dark-default`"),
        "{notes:?}"
    );
    assert_eq!(notes[0].0, "styling.codeblocks.theme.dark", "{notes:?}");
}

#[test]
fn without_drilldown_a_collapsed_group_opens_in_place() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture("looks"), dir.path());
    let path = dir.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["interaction"]["drilldown"] = json!(false);
    std::fs::write(&path, serde_json::to_string_pretty(&docs).unwrap()).unwrap();
    assert_eq!(feature_notes(dir.path()), Vec::<Value>::new());
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let built = sheaf(&[
        "build",
        dir.path().to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    assert_eq!(built.status.code(), Some(0), "{}", stderr(&built));
    // The collapsed groups are in the section script the sidebar inserts.
    let scripts: String = walkdir::WalkDir::new(site.join("_sheaf"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            e.path().extension().is_some_and(|x| x == "js")
                && e.path().to_string_lossy().contains("nav-")
        })
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .collect();
    assert!(scripts.contains("sidebar-group-disclosure"), "{scripts}");
    assert!(
        !scripts.contains("<a class=\\\"sidebar-group-header\\\""),
        "no group name leads away: {scripts}"
    );
}
