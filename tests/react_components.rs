//! React components (`tests/fixtures/react-components`), built by the real
//! binary: rendered at build time with their props, defaults and children;
//! live pages end with sheaf's runtime and their own script, others ship
//! none; failures and what Mintlify refuses are located warnings; the code
//! reaches no file, network or environment while the site builds.

mod common;

use common::{build_fixture, parse_printed, read_built};

#[test]
fn components_render_at_build_time_with_props_defaults_and_children() {
    let (_dir, site, _) = build_fixture("react-components");
    let index = read_built(&site, "index.html");
    assert!(index.contains("<sheaf-island data-i=1><div class=\"counter\"><p>Rotations: <output aria-live=\"polite\">2</output></p>"), "{index}");

    let widgets = read_built(&site, "widgets/index.html");
    for expected in [
        // A default parameter, and the value passed instead.
        "<svg width=\"24\" height=\"24\" class=\"inline-icon\"",
        "<svg width=\"16\" height=\"16\" class=\"\"",
        "stroke-width=\"2\"",
        // `.map` with a template-literal class and a conditional; spread props.
        "<ul class=\"methods\" data-kind=\"verbs\"><li class=\"method \">",
        "<li class=\"method method-on\"><code>POST</code> Rotate the token</li>",
        // A style object; the slider's value from its prop.
        "style=\"display:flex;gap:12px;align-items:center\"",
        "type=\"range\" min=\"5\" max=\"120\" value=\"45\"",
        // Mintlify components inside, rendered by sheaf with the children.
        "<p class=\"c-card-title\" data-component-part=\"card-title\">Authorization</p>",
        "<code>Authorization: Token &lt;API_KEY&gt;</code>",
        "New in version <code>2.1</code></span>",
    ] {
        assert!(
            widgets.contains(expected),
            "{expected} missing from {widgets}"
        );
    }
    assert!(!widgets.contains("width=\"size\"") && !widgets.contains("class=\"className\""));

    // A utility class only a state change shows is styled, from the code.
    assert!(!widgets.contains("class=\"timeout-label font-semibold\""));
    assert!(
        widgets.contains(".font-semibold{"),
        "no rule for font-semibold"
    );

    // The page's text is searchable and in llms-full.txt.
    let llms = read_built(&site, "llms-full.txt");
    assert!(
        llms.contains("Rotations: 2") && llms.contains("Get or create the group"),
        "{llms}"
    );
}

#[test]
fn only_pages_with_live_components_ship_a_script() {
    let (_dir, site, _) = build_fixture("react-components");
    let index = read_built(&site, "index.html");
    let runtime = index
        .split("<script src=\"./")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .filter(|s| s.starts_with("_sheaf/jsx."))
        .unwrap_or_else(|| panic!("no runtime in {index}"));
    let js = read_built(&site, runtime);
    assert!(js.contains("function islands(list, memo)"), "the runtime");
    assert!(
        index.contains("__sheafJsx.islands(__islands"),
        "the page's script"
    );
    let widgets = read_built(&site, "widgets/index.html");
    assert!(
        widgets.contains("src=\"../_sheaf/jsx."),
        "from a folder, the runtime's path climbs"
    );

    // No hook or handler: the HTML alone; no component: nothing at all.
    let imports = read_built(&site, "imports/index.html");
    assert!(
        imports.contains("class=\"allowed\"") && !imports.contains("jsx."),
        "{imports}"
    );
    let (_dir2, plain, _) = build_fixture("component-props");
    assert!(!read_built(&plain, "index.html").contains("jsx."));
}

#[test]
fn failures_and_refused_shapes_are_located_warnings_and_the_site_builds() {
    let (_dir, site, printed) = build_fixture("react-components");
    let found: Vec<(String, String)> = parse_printed(&printed)
        .into_iter()
        .map(|p| (p.location, p.headline))
        .collect();
    let expect = |location: &str, words: &str| {
        assert!(
            found
                .iter()
                .any(|(l, h)| l == location && h.contains(words)),
            "no warning at {location} saying {words:?} in {found:#?}"
        );
    };
    expect(
        "failures.mdx:27:1",
        "`<Throws>` could not render: it threw `Error: no token`",
    );
    expect(
        "failures.mdx:39:1",
        "`<Forever>` could not render: it ran past the page's budget of",
    );
    expect("imports.mdx:11:1", "`framer-motion` is an npm package");
    expect("imports.mdx:13:1", "named exports");
    expect(
        "imports.mdx:17:1",
        "`/snippets/gone.jsx` was not found in the docs root",
    );
    expect("snippets/refused.jsx:1:1", "a default export");
    expect("snippets/refused.jsx:5:1", "a re-export");

    let failures = read_built(&site, "failures/index.html");
    assert!(failures.contains("data-component=\"Throws\"><p>The group keeps its token.</p>"));
    assert!(failures.contains("<p>This text stands in for the loop.</p>"));
}

#[test]
fn component_code_reaches_no_file_network_or_environment() {
    let (_dir, site, _) = build_fixture("react-components");
    let failures = read_built(&site, "failures/index.html");
    for expected in [
        "<p>no require</p>",
        "<p>no fetch</p>",
        "<p>no process</p>",
        "<p class=\"reaches\">reaches nothing</p>",
    ] {
        assert!(
            failures.contains(expected),
            "{expected} missing from {failures}"
        );
    }
}
