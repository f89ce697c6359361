//! MDX expressions and elements as MDX reads them, on
//! `tests/fixtures/mdx-expressions` (the User Group Service): `{…}` that
//! holds JSX (`.map` over an array literal or an imported snippet value,
//! `&&`, ternaries, template literals) renders its value with Mintlify's
//! components and HTML elements inside it; a snippet component reads
//! `location`; lowercase, namespaced and custom elements keep their text;
//! JSX as a title renders as JSX; and an expression that cannot run is a
//! located `mdx-expression` warning with nothing in its place, never its
//! source text.

mod common;

use common::{build_fixture, check_findings, fixture, read_built, sheaf, stderr};

/// The page's article (the content column), from the built HTML.
fn content(html: &str) -> &str {
    let start = html.find("mdx-content").expect("a content column");
    let end = html[start..]
        .find("</article>")
        .map_or(html.len(), |e| start + e);
    &html[start..end]
}

/// Fails on expression source written into the page as text.
fn assert_no_source(page: &str) {
    for leak in [
        "].map(",
        ".map((",
        "=&gt;",
        "&lt;Icon",
        "&lt;Card",
        "{c.label}",
        "&amp;&amp;",
    ] {
        assert!(!page.contains(leak), "`{leak}` leaked into {page}");
    }
}

#[test]
fn an_expression_holding_jsx_renders_its_elements() {
    let (_dir, site, _) = build_fixture("mdx-expressions");
    let home = read_built(&site, "index.html");
    let page = content(&home);
    assert_no_source(page);
    let pills: Vec<&str> = page.split("<a href=\"#").skip(1).collect();
    assert_eq!(pills.len(), 2, "{page}");
    assert!(pills[0].starts_with("authentication\" style=\"display:inline-flex;border-radius:999px\"><span class=\"c-icon icon\""), "{page}");
    assert!(pills[0].contains("<svg") && pills[0].contains("</span>Authentication</a>"));
    assert!(pills[1].contains("</span>Operations</a>"), "{page}");
    assert!(
        page.contains("<p>The service has 3 operations on <code>{base_url}/api/user</code>.</p>")
    );
}

#[test]
fn expressions_over_snippet_values_render_mintlify_components() {
    let (_dir, site, _) = build_fixture("mdx-expressions");
    let reference = read_built(&site, "reference/index.html");
    let page = content(&reference);
    assert_no_source(page);
    let titles: Vec<&str> = page
        .split("data-component-part=\"card-title\">")
        .skip(1)
        .map(|rest| rest.split('<').next().unwrap())
        .collect();
    assert_eq!(titles, ["GET /api/user", "PUT /api/user", "POST /api/user"]);
    assert!(
        page.contains("<a class=\"c-card card\" href=\"#post\">"),
        "{page}"
    );
    assert!(page.contains("Create User</div>"), "{page}");
    // The ternary took its `false` branch; the filter left out GET.
    assert!(page.contains("All three operations are current.") && !page.contains("deprecated"));
    assert_eq!(page.matches("class=\"writes\"").count(), 2, "{page}");
    assert!(
        page.contains("<p>Token header: Token &lt;API_KEY&gt;.</p>"),
        "{page}"
    );
}

#[test]
fn a_snippet_component_reads_the_pages_location() {
    let (_dir, site, printed) = build_fixture("mdx-expressions");
    let page = read_built(&site, "reference/index.html");
    assert!(
        page.contains("<img width=1 height=1 class=\"hosted\" src=\"../images/diagram.gif\""),
        "{page}"
    );
    assert!(!printed.contains("location is not defined"), "{printed}");

    let out = tempfile::tempdir().unwrap();
    let root = fixture("mdx-expressions");
    let built = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
        "--site-url",
        "https://staging.example.com",
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    let staged = read_built(out.path(), "reference/index.html");
    assert!(
        staged.contains(
            "<img width=1 height=1 class=\"hosted\" src=\"../images/staging/diagram.gif\""
        ),
        "{staged}"
    );
}

#[test]
fn lowercase_namespaced_and_custom_elements_keep_their_text() {
    let (_dir, site, printed) = build_fixture("mdx-expressions");
    let elements = read_built(&site, "elements/index.html");
    let page = content(&elements);
    for kept in [
        "<note>Lowercase note text is kept.</note>",
        "<x:note>Namespaced note text is kept.</x:note>",
        "<custom-el>Custom element text is kept.</custom-el>",
        "<p>Inline <badge-el>custom</badge-el> text.</p>",
    ] {
        assert!(page.contains(kept), "{kept} missing from {page}");
    }
    assert!(
        !printed.contains("is left out with its content"),
        "{printed}"
    );
    // JSX as a title renders as JSX, not as its source.
    assert!(
        page.contains(
            "data-component-part=\"card-title\"><span class=\"styled\">Styled title</span></p>"
        ),
        "{page}"
    );
    assert!(!page.contains("&lt;span"), "{page}");
}

#[test]
fn an_expression_that_cannot_run_is_a_located_warning_and_shows_nothing() {
    let (_dir, site, _) = build_fixture("mdx-expressions");
    let broken = read_built(&site, "broken/index.html");
    let page = content(&broken);
    assert!(page.contains("<p>An  reference.</p>"), "{page}");
    assert!(page.contains("<p>A  typo.</p>"), "{page}");
    assert!(
        !page.contains("undefinedName") && !page.contains("n *"),
        "{page}"
    );

    let findings = check_findings(&fixture("mdx-expressions"));
    let expression: Vec<(String, u64, u64, String)> = findings
        .iter()
        .filter(|f| f["rule"] == "mdx-expression")
        .map(|f| {
            (
                f["file"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(expression.len(), 2, "{findings:#?}");
    assert_eq!(
        (expression[0].0.as_str(), expression[0].1, expression[0].2),
        ("broken.mdx", 5, 4)
    );
    assert!(expression[0]
        .3
        .contains("ReferenceError: undefinedName is not defined"));
    assert_eq!(
        (expression[1].1, expression[1].0.as_str()),
        (7, "broken.mdx")
    );
    assert!(
        expression[1].3.contains("not JavaScript MDX can run"),
        "{}",
        expression[1].3
    );
    // Only the broken page warns about its expressions.
    let others = findings
        .iter()
        .filter(|f| f["severity"] == "warning" && f["file"] != "broken.mdx")
        .count();
    assert_eq!(others, 0, "{findings:#?}");
}
