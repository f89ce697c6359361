//! Components share the page's scope, as Mintlify resolves names
//! (`tests/fixtures/component-scope`, the User Group Service): a snippet's
//! component calls a name only the page imports, a content snippet uses a
//! component only the page imports, the page's own declaration comes
//! first, a name declared twice is a located warning, a snippet imports
//! another snippet; lowercase elements (`<script>`, `<style>`, `<head>`,
//! `<hide>`) and dotted names (`Tabs.Tab`) as Mintlify treats them.

mod common;

use common::{build_fixture, fixture, read_built, sheaf};
use serde_json::Value;

/// The prose of a built page: what its article holds.
fn prose(site: &std::path::Path, page: &str) -> String {
    let html = read_built(site, page);
    let start = html
        .find("<div class=\"prose mdx-content\">")
        .expect("a prose block");
    let end = html[start..].find("</article>").expect("an article") + start;
    html[start..end].to_string()
}

/// `sheaf check --format json` findings: (rule, file:line, message).
fn findings() -> Vec<(String, String, String)> {
    let root = fixture("component-scope");
    let output = sheaf(&[
        "check",
        "--lenient",
        root.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|d| d["type"] == "diagnostic")
        .map(|d| {
            let at = format!("{}:{}", d["file"].as_str().unwrap_or(""), d["line"]);
            let text = |k: &str| d[k].as_str().unwrap_or_default().to_string();
            (text("rule"), at, text("message"))
        })
        .collect()
}

#[test]
fn a_snippets_component_calls_a_component_only_the_page_imports() {
    let (_dir, site, _) = build_fixture("component-scope");
    let page = prose(&site, "index.html");
    assert!(page.contains("<p>GET /api/user answers with the user:</p><button type=\"button\">Hide fields</button><table class=\"field-table\">"), "{page}");
    assert!(page.contains("<td><code>group_id</code></td>"), "{page}");
    assert!(!page.contains("c-unknown"), "{page}");
}

#[test]
fn a_content_snippet_uses_a_component_only_the_page_imports() {
    let (_dir, site, _) = build_fixture("component-scope");
    let page = prose(&site, "authorizations/index.html");
    assert!(page.contains("<h3 class=\"h3-bordered\""), "{page}");
    assert!(
        page.contains("Authorization: Token &lt;API_KEY&gt;"),
        "{page}"
    );
}

#[test]
fn the_pages_own_declaration_comes_first_and_a_second_one_is_a_warning() {
    let (_dir, site, _) = build_fixture("component-scope");
    for page in ["shadowed/index.html", "twice/index.html"] {
        let html = prose(&site, page);
        let html = html.split("<script").next().unwrap_or_default();
        assert!(
            html.contains("<ul class=\"page-fields\"><li>user_id</li>"),
            "{page}: {html}"
        );
        assert!(
            !html.contains("field-table") && !html.contains("other-fields"),
            "{page}: {html}"
        );
    }
    let found = findings();
    let twice: Vec<_> = found
        .iter()
        .filter(|f| f.2.contains("declared twice"))
        .collect();
    assert_eq!(twice.len(), 1, "{found:#?}");
    assert_eq!(twice[0].0, "component-code");
    assert_eq!(twice[0].1, "twice.mdx:6");
    assert!(
        twice[0]
            .2
            .contains("the declaration in `twice.mdx` is kept"),
        "{twice:?}"
    );
    let others: Vec<_> = found
        .iter()
        .filter(|f| f.0 == "component-code" || f.0 == "js-component" || f.0 == "unknown-component")
        .collect();
    assert_eq!(others.len(), 1, "only the name declared twice: {others:#?}");
}

#[test]
fn a_snippet_imports_another_snippet() {
    let (_dir, site, _) = build_fixture("component-scope");
    let page = prose(&site, "nested/index.html");
    assert!(page.contains("<h3 class=\"h3-bordered\" style=\"border-bottom:1px solid currentColor\">Create User</h3>"), "{page}");
    assert!(
        page.contains("<output class=\"token\">abc123</output>"),
        "{page}"
    );
}

#[test]
fn a_component_that_fetches_in_an_effect_shows_its_first_state() {
    let (_dir, site, _) = build_fixture("component-scope");
    let page = prose(&site, "fetched/index.html");
    assert!(
        page.contains("<p class=\"user-list-loading\">Loading users…</p>"),
        "{page}"
    );
    assert!(site.join("data/users.json").is_file());
}

#[test]
fn lowercase_elements_and_dotted_names_are_read_as_mintlify_reads_them() {
    let (_dir, site, _) = build_fixture("component-scope");
    let page = prose(&site, "elements/index.html");
    assert!(
        page.contains(
            "<script>\n  window.userGroupService = \"GET, PUT and POST on /api/user\";\n</script>"
        ),
        "{page}"
    );
    assert!(
        page.contains("<style>.ugs-note { font-weight: 600; }</style>"),
        "{page}"
    );
    assert!(!page.contains("noindex"), "{page}");
    assert!(
        page.contains(
            "<hide><p>This paragraph about PUT /api/user is kept, as MDX reads it.</p>\n</hide>"
        ),
        "{page}"
    );
    assert!(page.contains("sent as <hide>the header</hide>"), "{page}");
    assert!(page.contains("data-tab-label=\"PUT\""), "{page}");
    let notes: Vec<(String, String, String)> = findings()
        .into_iter()
        .filter(|f| f.0 == "html-element")
        .collect();
    let at: Vec<&str> = notes.iter().map(|n| n.1.as_str()).collect();
    assert_eq!(
        at,
        ["elements.mdx:6", "elements.mdx:10", "elements.mdx:16"],
        "{notes:#?}"
    );
    assert!(notes[1].2.contains("runs in the reader's browser"));
    assert!(notes[2]
        .2
        .contains("is written as an element with its content"));
}
