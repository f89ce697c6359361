//! docs.json `styling`, `background.decoration` and `interaction` (issue
//! 59) on tests/fixtures/looks: breadcrumbs above the title, the code
//! palettes of each mode in the site CSS, the decoration layer, and `check`
//! saying nothing about them; a Shiki theme sheaf does not ship is shown as
//! the nearest one, with a note at its place in docs.json.

mod common;

use common::{build_fixture, copy_tree, fixture, read_built, sheaf, stderr};
use serde_json::{json, Value};

/// The notes of rule `docs-json-feature` that `check` prints for `root`.
fn feature_notes(root: &std::path::Path) -> Vec<Value> {
    let output = sheaf(&[
        "check",
        root.to_str().unwrap(),
        "--format",
        "json",
        "--no-cache",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
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
fn other_shiki_themes_and_no_drilldown_are_located_notes() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture("looks"), dir.path());
    let path = dir.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["styling"]["codeblocks"] =
        json!({"theme": {"light": "snazzy-light", "dark": "kanagawa-wave"}});
    docs["interaction"]["drilldown"] = json!(false);
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
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0]
            .1
            .contains("code theme `kanagawa-wave` is shown as `github-dark-default`"),
        "{notes:?}"
    );
    assert!(notes[1].1.contains("collapsed sidebar group"), "{notes:?}");
    for (at, _) in &notes {
        assert!(
            at.contains("styling") || at.contains("interaction"),
            "{notes:?}"
        );
    }
}
