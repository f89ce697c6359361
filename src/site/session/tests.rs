//! The preview session: body edits rewrite one page, what needs a full
//! build says so.

use super::*;
use crate::site::test_support::docs_root;

fn site() -> tempfile::TempDir {
    docs_root(&[
        (
            "site.json",
            r#"{"name": "S", "navigation": [{"group": "G", "pages": ["a", "b"]}]}"#,
        ),
        ("a.mdx", "---\ntitle: A\n---\nFirst text.\n"),
        ("b.mdx", "---\ntitle: B\n---\nOther page.\n"),
    ])
}

/// The preview's first build of `root` into `served`, with no build cache.
fn preview_build(root: &Path, served: &Path) -> (BuildResult, Option<Session>) {
    Session::build(root, served, &Diagrams::new(), &BuildCache::disabled())
}

#[test]
fn a_body_edit_rewrites_only_that_page() {
    let root = site();
    let out = tempfile::tempdir().unwrap();
    let served = out.path().join("site");
    let (result, session) = preview_build(root.path(), &served);
    assert!(!result.diagnostics.has_errors());
    let mut session = session.unwrap();
    let b_before = fs::metadata(served.join("b/index.html"))
        .unwrap()
        .modified()
        .unwrap();

    fs::write(
        root.path().join("a.mdx"),
        "---\ntitle: A\n---\nSecond text.\n",
    )
    .unwrap();
    let update = session
        .update_pages(&[Path::new("a.mdx")], &served)
        .unwrap();
    assert_eq!(update.pages, 1);
    let a = fs::read_to_string(served.join("a/index.html")).unwrap();
    assert!(a.contains("Second text."));
    assert!(fs::read_to_string(served.join("a.md"))
        .unwrap()
        .contains("Second text."));
    let b_after = fs::metadata(served.join("b/index.html"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(b_before, b_after, "the other page was not rewritten");
    let refresh = session
        .search_refresh()
        .expect("the page's search data changed");
    refresh.write(&served, &Mutex::new(0)).unwrap();
    assert!(served.join("search/meta.js").is_file());
    assert!(session.search_refresh().is_none(), "nothing more to write");
}

/// Every file under `dir` that contains `needle`.
fn files_containing(dir: &Path, needle: &str) -> usize {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| fs::read_to_string(e.path()).is_ok_and(|t| t.contains(needle)))
        .count()
}

#[test]
fn an_edit_after_a_page_left_out_of_search_updates_its_own_search_entry() {
    let root = site();
    fs::write(
        root.path().join("a.mdx"),
        "---\ntitle: A\nhidden: true\n---\nHidden text.\n",
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let served = out.path().join("site");
    let mut session = preview_build(root.path(), &served).1.unwrap();
    fs::write(
        root.path().join("b.mdx"),
        "---\ntitle: B\n---\nZebrafish page.\n",
    )
    .unwrap();
    session
        .update_pages(&[Path::new("b.mdx")], &served)
        .unwrap();
    let refresh = session.search_refresh().unwrap();
    refresh.write(&served, &Mutex::new(0)).unwrap();
    let search = served.join("search");
    assert!(files_containing(&search, "zebrafish") > 0);
    assert_eq!(files_containing(&search, "Hidden text"), 0);
}

/// The warnings of `result` as `file: message` lines.
fn warnings(result: &BuildResult) -> Vec<String> {
    (result.diagnostics.iter())
        .map(|d| format!("{}: {}", d.file.display(), d.message))
        .collect()
}

#[test]
fn a_body_edit_keeps_other_pages_warnings_and_checks_again_the_links_to_its_headings() {
    let root = docs_root(&[
        (
            "site.json",
            r#"{"name": "S", "navigation": [{"group": "G", "pages": ["a", "b", "c"]}]}"#,
        ),
        ("a.mdx", "---\ntitle: A\n---\nSee [setup](/b#setup).\n"),
        ("b.mdx", "---\ntitle: B\n---\n## Setup\n\nText.\n"),
        ("c.mdx", "---\ntitle: C\n---\nA [missing page](/nowhere).\n"),
    ]);
    let out = tempfile::tempdir().unwrap();
    let served = out.path().join("site");
    let (result, session) = preview_build(root.path(), &served);
    let mut session = session.unwrap();
    let missing = "c.mdx: link `/nowhere` points to a page that does not exist";
    assert_eq!(warnings(&result), [missing]);
    let mut edit = |file: &str, body: &str| {
        let title = file.trim_end_matches(".mdx").to_uppercase();
        let text = format!("---\ntitle: {title}\n---\n{body}\n");
        fs::write(root.path().join(file), text).unwrap();
        let update = session.update_pages(&[Path::new(file)], &served);
        warnings(&update.expect("a body edit"))
    };

    let broken = "a.mdx: no heading `#setup` on page `b`";
    assert_eq!(edit("b.mdx", "## Install\n\nText."), [broken, missing]);
    assert_eq!(edit("a.mdx", "See [install](/b#install)."), [missing]);
    let broken_again = "a.mdx: no heading `#install` on page `b`";
    assert_eq!(edit("b.mdx", "## Setup\n\nText."), [broken_again, missing]);
}

#[test]
fn frontmatter_changes_and_unknown_files_need_a_full_build() {
    let root = site();
    let out = tempfile::tempdir().unwrap();
    let served = out.path().join("site");
    let mut session = preview_build(root.path(), &served).1.unwrap();
    fs::write(
        root.path().join("a.mdx"),
        "---\ntitle: Renamed\n---\nFirst text.\n",
    )
    .unwrap();
    assert!(session
        .update_pages(&[Path::new("a.mdx")], &served)
        .is_none());
    // A page titled by its first heading: a new heading renames it.
    fs::write(root.path().join("b.mdx"), "# Bee\n\nOther page.\n").unwrap();
    let mut session = preview_build(root.path(), &served).1.unwrap();
    fs::write(root.path().join("b.mdx"), "# Bee\n\nEdited.\n").unwrap();
    assert!(session
        .update_pages(&[Path::new("b.mdx")], &served)
        .is_some());
    fs::write(root.path().join("b.mdx"), "# Wasp\n\nEdited.\n").unwrap();
    assert!(session
        .update_pages(&[Path::new("b.mdx")], &served)
        .is_none());
    fs::write(root.path().join("new.mdx"), "# New\n").unwrap();
    assert!(session
        .update_pages(&[Path::new("new.mdx")], &served)
        .is_none());
}

#[test]
fn a_body_edit_of_a_channel_page_rewrites_only_that_page() {
    let root = docs_root(&[
        (
            "docs.json",
            r##"{"name": "S", "theme": "mint", "colors": {"primary": "#0D9373"},
                "navigation": {"pages": ["a", "events"]}}"##,
        ),
        ("a.mdx", "---\ntitle: A\n---\nFirst text.\n"),
        (
            "events.yaml",
            "asyncapi: 3.0.0\ninfo: {title: E, version: '1'}\nchannels:\n  userUpdated:\n    address: users/updated\n    title: User updated\n",
        ),
        (
            "events.mdx",
            "---\nasyncapi: \"events.yaml userUpdated\"\n---\nBefore.\n",
        ),
    ]);
    let out = tempfile::tempdir().unwrap();
    let served = out.path().join("site");
    let (result, session) = preview_build(root.path(), &served);
    assert!(!result.diagnostics.has_errors());
    let mut session = session.unwrap();
    let page = served.join("events/index.html");
    assert!(fs::read_to_string(&page).unwrap().contains("User updated"));
    fs::write(
        root.path().join("events.mdx"),
        "---\nasyncapi: \"events.yaml userUpdated\"\n---\nAfter.\n",
    )
    .unwrap();
    let update = session.update_pages(&[Path::new("events.mdx")], &served);
    assert!(update.is_some(), "a body edit, not a full build");
    let html = fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("After.") && html.contains("User updated"),
        "{html}"
    );
}

const TWO_DIAGRAMS: &str = "---\ntitle: A\n---\nIntro.\n\n```mermaid\ngraph TD\n  Client --> Service\n```\n\n```mermaid\nsequenceDiagram\n  Client->>Service: GET /api/user\n```\n";

#[test]
fn an_edit_redraws_only_the_diagram_whose_source_changed() {
    let root = site();
    fs::write(root.path().join("a.mdx"), TWO_DIAGRAMS).unwrap();
    let cache_dir = tempfile::tempdir().unwrap();
    let cache = BuildCache::at(cache_dir.path());
    let out = tempfile::tempdir().unwrap();
    let served = out.path().join("site");
    let diagrams = Diagrams::with_cache(&cache);
    let mut session = Session::build(root.path(), &served, &diagrams, &cache)
        .1
        .unwrap();
    assert_eq!(diagrams.counts(), (2, 0), "both drawn once");

    let edit = |from: &str, to: &str| {
        let text = fs::read_to_string(root.path().join("a.mdx")).unwrap();
        fs::write(root.path().join("a.mdx"), text.replace(from, to)).unwrap();
    };
    edit("Intro.", "Introduction.");
    session
        .update_pages(&[Path::new("a.mdx")], &served)
        .unwrap();
    assert_eq!(diagrams.counts(), (2, 0), "no diagram changed");

    edit("GET /api/user", "PUT /api/user");
    session
        .update_pages(&[Path::new("a.mdx")], &served)
        .unwrap();
    assert_eq!(diagrams.counts(), (3, 0), "the edited diagram alone");
    let page = fs::read_to_string(served.join("a/index.html")).unwrap();
    assert!(page.contains("PUT /api/user") && !page.contains("GET /api/user"));

    // A preview started later reads the drawings from the build cache.
    let later = Diagrams::with_cache(&cache);
    Session::build(root.path(), &served, &later, &cache);
    assert_eq!(later.counts(), (0, 2), "both read from the cache");
}
