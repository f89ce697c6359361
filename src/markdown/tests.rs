//! End-to-end tests of the markdown stage: page text in, HTML out.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::*;

/// Renders `source` with the given snippet files and a URL rewriter that
/// marks `/broken` links as broken.
fn render_with(source: &str, snippets: &[(&str, &str)], line_offset: usize) -> Rendered {
    let files: HashMap<String, String> = snippets
        .iter()
        .map(|(p, s)| (p.to_string(), s.to_string()))
        .collect();
    let resolve = move |reference: &str| {
        let key = reference.trim_start_matches('/');
        let key = if key.starts_with("snippets/") {
            key.to_string()
        } else {
            format!("snippets/{key}")
        };
        files
            .get(&key)
            .map(|source| Snippet {
                path: PathBuf::from(&key),
                source: source.clone(),
            })
            .ok_or(SnippetError::Missing)
    };
    let urls = |url: &str, _kind: UrlKind| {
        if url == "/broken" {
            UrlRewrite::Broken {
                message: "no page `/broken`".into(),
                help: None,
                href: None,
                rule: crate::rules::Rule::BrokenLink,
            }
        } else if let Some(rest) = url.strip_prefix("/img/") {
            UrlRewrite::To(format!("/assets/{rest}"))
        } else {
            UrlRewrite::Keep
        }
    };
    let env = PageEnv {
        file: Path::new("page.mdx"),
        line_offset,
        snippets: &resolve,
        urls: &urls,
        frontmatter: &Default::default(),
        now_ms: 0.0,
        icons: Default::default(),
        location: "",
    };
    Markdown::new().render(source, &env)
}

fn render(source: &str) -> Rendered {
    render_with(source, &[], 0)
}

/// Fails if a component name appears as a raw (`<Note`) or escaped
/// (`&lt;Note`) tag outside `<pre>` blocks.
pub fn assert_no_component_leak(html: &str, context: &str) {
    let mut rest = html;
    let mut outside = String::new();
    while let Some(start) = rest.find("<pre") {
        outside.push_str(&rest[..start]);
        rest = rest[start..]
            .find("</pre>")
            .map_or("", |end| &rest[start + end + 6..]);
    }
    outside.push_str(rest);
    let outside = strip_code_spans(&outside);
    for pattern in ["<", "&lt;"] {
        for (i, _) in outside.match_indices(pattern) {
            let next = outside[i + pattern.len()..].chars().next();
            if next.is_some_and(|c| c.is_ascii_uppercase()) {
                let end = (i + 60).min(outside.len());
                let end = (end..outside.len())
                    .find(|&e| outside.is_char_boundary(e))
                    .unwrap_or(outside.len());
                panic!("{context}: component leaked: {}", &outside[i..end]);
            }
        }
    }
}

fn strip_code_spans(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("<code") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find("</code>")
            .map_or("", |end| &rest[start + end + 7..]);
    }
    out.push_str(rest);
    out
}

#[test]
fn plain_markdown_with_extensions() {
    let r = render("Hello *world*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ text[^1]\n\n[^1]: note\n");
    assert!(r.html.contains("<em>world</em>"));
    assert!(r.html.contains("<table>"));
    assert!(r.html.contains("checkbox"));
    assert!(r.html.contains("<del>old</del>"));
    assert!(r.html.contains("footnote"));
    assert!(r.text.contains("Hello world"));
    assert!(!r.text.contains('<'));
}

#[test]
fn headings_carry_their_id_and_no_link_of_their_own() {
    // The `#` link to a heading is added by the theme's script (theme.js):
    // it would repeat the id on every heading of every page.
    let r = render("## See [the guide](https://x.dev)\n\n## With <Icon icon=\"star\" /> icon\n\n## *Plain* `code`\n");
    assert!(
        r.html
            .contains("<h2 id=\"see-the-guide\">See <a href=\"https://x.dev\">the guide</a></h2>"),
        "{}",
        r.html
    );
    assert!(r.html.contains("<h2 id=\"with-icon\">With "), "{}", r.html);
    assert!(
        r.html
            .contains("<h2 id=\"plain-code\"><em>Plain</em> <code>code</code></h2>"),
        "{}",
        r.html
    );
    assert!(!r.html.contains("href=\"#"), "{}", r.html);
}

#[test]
fn headings_get_unique_ids_and_anchors() {
    let r = render("# Title\n\n## Setup\n\n### Setup\n\n## Custom {#mine}\n");
    assert!(r.html.contains("<h2 id=\"setup\">Setup</h2>"));
    assert!(r.html.contains("<h3 id=\"setup-2\">"));
    assert!(r.html.contains("<h2 id=\"mine\">"));
    let ids: Vec<(u8, &str)> = r
        .headings
        .iter()
        .map(|h| (h.level, h.id.as_str()))
        .collect();
    assert_eq!(
        ids,
        [(1, "title"), (2, "setup"), (3, "setup-2"), (2, "mine")]
    );
    assert_eq!(r.headings[3].text, "Custom");
}

#[test]
fn headings_inside_components_keep_document_order() {
    let r = render("## A\n\n<Tabs>\n  <Tab title=\"T\">\n    ## B\n  </Tab>\n</Tabs>\n\n## C\n");
    let ids: Vec<&str> = r.headings.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["a", "b", "c"]);
}

#[test]
fn code_blocks_have_titles_and_highlighting() {
    let r = render("```js App.js {1,3}\nconst a = 1;\n```\n\n```nope\n<b>\n```\n");
    assert!(r.html.contains(
        "<span class=c-code-title data-component-part=code-block-header-filename>App.js</span>"
    ));
    assert!(r.html.contains("hl-"));
    assert!(r.html.contains("&lt;b&gt;"));
    assert!(r.text.contains("const a = 1;"));
}

#[test]
fn indented_text_is_markdown_not_code() {
    let r = render("    Indented **text** <Note>n</Note>\n\n    ```js\n    let a;\n    ```\n");
    assert!(
        r.html.contains("<p>Indented <strong>text</strong>"),
        "{}",
        r.html
    );
    assert!(r.html.contains("c-callout"));
    assert!(r.html.contains("<code class=language-js>"));
}

#[test]
fn escaped_angle_brackets_are_literal_text() {
    let r = render("Use \\<Inbox /> here.\n");
    assert_eq!(r.html.trim(), "<p>Use &#60;Inbox /&gt; here.</p>");
    assert_eq!(r.text, "Use <Inbox /> here.");
}

#[test]
fn callouts() {
    for (tag, class) in [
        ("Note", "c-note"),
        ("Warning", "c-warning"),
        ("Info", "c-info"),
        ("Tip", "c-tip"),
        ("Check", "c-check"),
    ] {
        let r = render(&format!("<{tag}>Be **careful**.</{tag}>\n"));
        assert!(
            r.html.contains(&format!(
                "<aside class=\"c-callout {class} callout\" data-callout-type=\"{}\" role=\"note\"",
                &class[2..]
            )),
            "{}",
            r.html
        );
        assert!(r.html.contains("<strong>careful</strong>"));
        assert!(r.html.contains("<svg"));
        assert!(r.diagnostics.is_empty());
    }
}

#[test]
fn indented_children_are_dedented_not_code() {
    let r = render("<Note>\n    This is **bold**.\n\n    - item\n</Note>\n");
    assert!(
        r.html.contains("<p>This is <strong>bold</strong>.</p>"),
        "{}",
        r.html
    );
    assert!(r.html.contains("<li>item</li>"));
    assert!(!r.html.contains("<pre"));
}

#[test]
fn cards_and_groups() {
    let r = render("<CardGroup cols={3}>\n  <Card title=\"Start\" icon=\"rocket\" href=\"/img/x\">\n    Go **now**\n  </Card>\n  <Card title=\"Plain\" img=\"/img/a.png\" horizontal />\n</CardGroup>\n");
    assert!(
        r.html
            .contains("<div class=\"c-card-group card-group\" style=\"--cols: 3\">"),
        "{}",
        r.html
    );
    assert!(r
        .html
        .contains("<a class=\"c-card card\" href=\"/assets/x\">"));
    assert!(r
        .html
        .contains("<p class=\"c-card-title\" data-component-part=\"card-title\">Start</p>"));
    assert!(r.html.contains("<strong>now</strong>"));
    assert!(r.html.contains(
        "<div class=\"c-card card c-card-horizontal\"><img class=\"c-card-img\" data-component-part=\"card-image\" src=\"/assets/a.png\""
    ));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn card_variants_carry_mintlify_parts() {
    let r = render("<Card title=\"Guide\" href=\"https://example.com/g\" cta=\"Read more\">\n  One line.\n</Card>\n\n<Card title=\"Here\" href=\"/img/x\" arrow={false}>x</Card>\n\n<Card title=\"Arrow\" href=\"/img/x\" arrow>x</Card>\n\n<Card title=\"Off\" href=\"/img/x\" cta=\"Gone\" disabled>x</Card>\n");
    // An external link has the corner arrow unless `arrow={false}`; a
    // site link has it when asked. A lone paragraph is the body's text.
    assert_eq!(
        r.html.matches("data-component-part=\"card-arrow\"").count(),
        2,
        "{}",
        r.html
    );
    assert!(r.html.contains("<a class=\"c-card card\" href=\"https://example.com/g\"><div class=\"c-card-content\" data-component-part=\"card-content-container\"><span class=\"c-card-arrow\" data-component-part=\"card-arrow\"><svg"), "{}", r.html);
    assert!(r.html.contains("<div class=\"c-card-body\" data-component-part=\"card-content\">One line.</div><div class=\"c-card-cta\" data-component-part=\"card-cta\"><span>Read more<svg"), "{}", r.html);
    // Disabled: no link, and the call to action dimmed by its class.
    assert!(
        r.html
            .contains("<div class=\"c-card card c-card-disabled\"><div class=\"c-card-content\""),
        "{}",
        r.html
    );
    assert_eq!(r.html.matches("<a class=\"c-card card\"").count(), 3);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn accordions_and_expandables_are_details() {
    let r = render("<AccordionGroup>\n<Accordion title=\"Q\" description=\"d\" defaultOpen icon=\"book\">\nA\n</Accordion>\n</AccordionGroup>\n\n<Expandable title=\"props\">\nX\n</Expandable>\n");
    assert!(r.html.contains(
        "<div class=\"c-accordion-group accordion-group\" data-component-part=\"accordion-group\">"
    ));
    assert!(
        r.html
            .contains("<details class=\"c-accordion accordion\" data-component-part=\"accordion\" id=\"q\" open><summary data-component-part=\"accordion-button\">\
                <span class=\"c-accordion-caret\" data-component-part=\"accordion-caret-right\" aria-hidden=\"true\"><svg class=\"icon\" data-component-part=\"icon-svg\""),
        "{}",
        r.html
    );
    assert!(
        r.html.contains(
            "</svg></span><span class=\"c-accordion-icon\" data-component-part=\"accordion-icon\">"
        ),
        "{}",
        r.html
    );
    assert!(r.html.contains(
        "<span class=\"c-accordion-head\" data-component-part=\"accordion-title-container\">\
         <span class=\"c-accordion-title\" data-component-part=\"accordion-title\">Q</span><span class=\"c-accordion-desc\" data-component-part=\"accordion-description\">d</span></span></summary>"
    ));
    assert!(r
        .html
        .contains("<details class=\"c-expandable expandable\" data-component-part=\"expandable\"><summary data-component-part=\"expandable-button\">"));
}

/// Accordions have ids as Mintlify gives them (the title's slug, numbered
/// with the headings, or their own `id`), the same that the quick scan of
/// a page's ids finds for links from other pages.
#[test]
fn accordion_ids_are_the_ones_links_are_checked_against() {
    let source = "## Dashboard\n\n<Accordion title=\"Dashboard\">\nNDJSON\n</Accordion>\n\n<Accordion title=\"Other\" id=\"own\">\nX\n</Accordion>\n";
    let r = render(source);
    assert!(
        r.html
            .contains("<details class=\"c-accordion accordion\" data-component-part=\"accordion\" id=\"dashboard-2\">"),
        "{}",
        r.html
    );
    assert!(
        r.html
            .contains("<details class=\"c-accordion accordion\" data-component-part=\"accordion\" id=\"own\">"),
        "{}",
        r.html
    );
    let scanned = crate::markdown::heading_ids(source);
    for id in ["dashboard", "dashboard-2", "own"] {
        assert!(scanned.contains(id), "{id}: {scanned:?}");
    }
    assert!(!scanned.contains("other"), "{scanned:?}");
}

#[test]
fn steps_are_an_ordered_list() {
    let r = render("<Steps>\n  <Step title=\"First\">\n    Do it.\n  </Step>\n  <Step title=\"Second\" stepNumber={5}>\n    Then.\n  </Step>\n</Steps>\n");
    assert!(
        r.html
            .starts_with("<ol class=\"c-steps steps\" data-component-part=\"steps\">"),
        "{}",
        r.html
    );
    assert!(r
        .html
        .contains("<li class=\"c-step step\" data-component-part=\"step-item\" value=\"1\">"));
    assert!(r
        .html
        .contains("<li class=\"c-step step\" data-component-part=\"step-item\" value=\"5\">"));
    assert!(r
        .html
        .contains("<p class=\"c-step-title\" data-component-part=\"step-title\">First</p>"));
    // titleSize: the Steps' for every step, a step's own first.
    let r = render("<Steps titleSize=\"h3\">\n  <Step title=\"A\">\n    x\n  </Step>\n  <Step title=\"B\" titleSize=\"h2\">\n    y\n  </Step>\n</Steps>\n");
    assert!(r
        .html
        .contains("<h3 class=\"c-step-title\" data-component-part=\"step-title\">A</h3>"));
    assert!(r
        .html
        .contains("<h2 class=\"c-step-title\" data-component-part=\"step-title\">B</h2>"));
}

#[test]
fn tabs_hold_every_panel() {
    let r = render("<Tabs>\n  <Tab title=\"One\">\n    First\n  </Tab>\n  <Tab title=\"Two\">\n    Second\n  </Tab>\n</Tabs>\n");
    assert!(r
        .html
        .contains("class=\"c-tablist\" data-component-part=\"tabs-list\" hidden"));
    let button = "<span class=\"c-tab-button\" data-component-part=\"tab-button\">";
    assert!(r.html.contains(&format!(
        "aria-selected=\"true\" tabindex=\"0\">{button}One</span></button>"
    )));
    assert!(r.html.contains(&format!(
        "aria-selected=\"false\" tabindex=\"-1\">{button}Two</span></button>"
    )));
    assert!(r
        .html
        .contains("<div class=\"c-tab-panels\" data-component-part=\"tabs-panels\"><div class=\"c-tab-panel\""));
    assert_eq!(
        r.html
            .matches("data-component-part=\"tab-content\"")
            .count(),
        2
    );
    assert_eq!(
        r.html
            .matches("class=\"c-tab tab\" data-component-part=\"tab\"")
            .count(),
        2
    );
    assert!(r.html.contains("<p class=\"c-tab-label\">Two</p>"));
    assert!(r.html.contains("First") && r.html.contains("Second"));
}

#[test]
fn code_groups_label_tabs_by_title_or_language() {
    let r =
        render("<CodeGroup>\n```js index.js\nlet a;\n```\n\n```python\nb = 1\n```\n</CodeGroup>\n");
    assert!(r.html.contains(">index.js</button>"), "{}", r.html);
    assert!(r.html.contains(">python</button>"));
    assert_eq!(
        r.html
            .matches("class=\"c-code code-block c-code-titled\" ")
            .count(),
        2
    );
    assert_eq!(
        r.html
            .matches("data-component-part=code-block-root><code data-component-part=code-group-tab-content class=")
            .count(),
        2
    );
}

#[test]
fn request_and_response_examples_leave_the_flow_for_the_aside() {
    let r = render("Before\n\n<RequestExample>\n```bash cURL\ncurl x\n```\n</RequestExample>\n\n<ResponseExample>\n```json 200\n{}\n```\n</ResponseExample>\n\nAfter\n");
    assert_eq!(r.html, "<p>Before</p>\n<p>After</p>\n");
    let kinds: Vec<ExampleKind> = r.examples.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [ExampleKind::Request, ExampleKind::Response]);
    let request = &r.examples[0].html;
    assert!(
        request.contains("c-code-group c-request-example"),
        "{request}"
    );
    assert!(request.contains("<p class=\"c-tabs-heading\">Request</p>"));
    assert!(
        request.contains("<span class=hl-"),
        "highlighted: {request}"
    );
}

#[test]
fn frame_icon_tooltip_and_update() {
    let r = render("<Frame caption=\"Shot\">\n  <img src=\"/img/a.png\" className=\"x\" style={{ width: 200 }} />\n</Frame>\n\nClick <Icon icon=\"gear\" size={16} color=\"#f00\" /> or <Tooltip tip=\"Application\">app</Tooltip>.\n\n<Update label=\"2024-10-12\" description=\"v1\" tags={[\"New\"]}>\nShipped.\n</Update>\n");
    assert!(r.html.contains("<div class=\"c-frame-container\" data-component-part=\"frame-container\"><figure class=\"c-frame frame\" data-component-part=\"frame\">\
        <div class=\"c-frame-pattern\" data-component-part=\"frame-background-pattern\" aria-hidden=\"true\"></div>\
        <div class=\"c-frame-border\" data-component-part=\"frame-border\" aria-hidden=\"true\"></div>\
        <div class=\"c-frame-content\" data-component-part=\"frame-content\"><img src=\"/assets/a.png\" class=\"x\" style=\"width: 200px\"></div>\
        <figcaption class=\"c-frame-caption\" data-component-part=\"frame-description\">Shot</figcaption></figure></div>"), "{}", r.html);
    assert!(r
        .html
        .contains("<span class=\"c-icon icon\" style=\"color: #f00; --icon-size: 16px\"><svg"));
    assert!(r.html.contains("<span class=\"c-tooltip tooltip\"><span class=\"c-tooltip-trigger\" tabindex=\"0\" aria-describedby=\"tip-1\">app</span><span class=\"c-tooltip-text\" role=\"tooltip\" id=\"tip-1\" data-component-part=\"tooltip-content\"><span class=\"c-tooltip-tip\" data-component-part=\"tooltip-description\">Application</span></span></span>"), "{}", r.html);
    assert!(r
        .html
        .contains("<section class=\"c-update update\" id=\"2024-10-12\">"));
    assert!(r
        .html
        .contains("<li data-component-part=\"update-tag\">New</li>"));
    assert!(r.headings.iter().any(|h| h.id == "2024-10-12"));
}

#[test]
fn param_and_response_fields() {
    let r = render("<ParamField query=\"limit\" type=\"number\" required default=\"10\">\nHow many.\n</ParamField>\n\n<ResponseField name=\"id\" type=\"string\">\nThe id.\n</ResponseField>\n");
    // Mintlify's head: the name in plain text, then the pills in its order
    // (type, location, default as JSON, required).
    assert!(r.html.contains("<div class=\"c-field-head param-head\"><span class=\"c-field-name\" data-component-part=\"field-name\">limit</span>\
        <span class=\"c-field-meta\" data-component-part=\"field-meta\"><code class=\"c-field-pill\" data-component-part=\"field-info-pill\">number</code>\
        <span class=\"c-field-pill\" data-component-part=\"field-info-pill\">query</span>\
        <span class=\"c-field-pill\" data-component-part=\"field-info-pill\"><span class=\"c-field-prefix\">default</span>&quot;10&quot;</span>\
        <span class=\"c-field-pill c-field-required\" data-component-part=\"field-required-pill\">required</span></span></div>\
        <div class=\"c-field-body\" data-component-part=\"field-content\">"), "{}", r.html);
    assert_eq!(
        r.api_fields,
        vec![
            ApiField {
                kind: ApiFieldKind::Param {
                    location: ParamLocation::Query
                },
                name: "limit".into(),
                ty: Some("number".into()),
                required: true,
                default: Some("10".into()),
            },
            ApiField {
                kind: ApiFieldKind::Response,
                name: "id".into(),
                ty: Some("string".into()),
                required: false,
                default: None
            },
        ]
    );
}

/// Every pill Mintlify draws on a field, in its order: the author's `pre`
/// pills before the name, then type, location, default (as JSON: a number
/// bare), required, deprecated and the `post` pills.
#[test]
fn field_pills_follow_mintlify() {
    let r = render("<ParamField header=\"Authorization\" type=\"string\" default={30} required deprecated pre={[\"v2\"]} post=\"beta\">\nToken.\n</ParamField>\n");
    let pills: Vec<&str> = r
        .html
        .split("data-component-part=\"")
        .skip(1)
        .map(|p| p.split('"').next().unwrap())
        .collect();
    assert_eq!(
        pills,
        [
            "field-meta-pre",
            "field-name",
            "field-meta",
            "field-info-pill",
            "field-info-pill",
            "field-info-pill",
            "field-required-pill",
            "field-deprecated-pill",
            "field-meta-post",
            "field-content"
        ],
        "{}",
        r.html
    );
    assert!(r.html.contains(">header</span>"), "{}", r.html);
    assert!(
        r.html
            .contains("<span class=\"c-field-prefix\">default</span>30</span>"),
        "{}",
        r.html
    );
    assert!(
        r.html.contains(
            "data-component-part=\"field-meta-pre\">v2</span><span class=\"c-field-name\""
        ),
        "{}",
        r.html
    );
    assert!(
        r.html
            .contains("data-component-part=\"field-meta-post\">beta</span></span></div>"),
        "{}",
        r.html
    );
    let r = render("<ParamField path=\"id\">\nx\n</ParamField>\n");
    assert!(
        r.html
            .contains("field-info-pill\">path</span></span></div>"),
        "{}",
        r.html
    );
}

#[test]
fn html_passes_through_with_jsx_attributes() {
    let r = render("<div className=\"grid\" style={{ marginTop: 8 }}>\n\n**md** inside\n\n</div>\n\nLine<br/>break <a href=\"/broken\" target=\"_blank\">x</a>\n\n<iframe src=\"https://y.dev/e\" allowFullScreen frameBorder=\"0\"></iframe>\n");
    assert!(
        r.html.contains(
            "<div class=\"grid\" style=\"margin-top: 8px\"><p><strong>md</strong> inside</p>"
        ),
        "{}",
        r.html
    );
    assert!(r
        .html
        .contains("Line<br>break <a href=\"/broken\" target=\"_blank\">x</a>"));
    assert!(r
        .html
        .contains("<iframe src=\"https://y.dev/e\" allowfullscreen frameborder=\"0\"></iframe>"));
    assert_eq!(r.diagnostics.len(), 1);
}

#[test]
fn links_and_images_are_rewritten_and_broken_ones_warn_with_line() {
    let r = render_with(
        "Intro\n\nSee [x](/img/p) and ![i](/img/i.png)\n\n[bad](/broken)\n",
        &[],
        4,
    );
    assert!(r.html.contains("href=\"/assets/p\""));
    assert!(r.html.contains("src=\"/assets/i.png\""));
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(r.diagnostics[0].position.map(|p| p.line), Some(5 + 4));
    assert_eq!(r.diagnostics[0].file, PathBuf::from("page.mdx"));
}

#[test]
fn unknown_components_render_children_and_warn_at_their_line() {
    let r = render_with("Text\n\n<Foo bar=\"x\">\n  inner **md**\n</Foo>\n", &[], 3);
    assert!(
        r.html
            .contains("<div class=\"c-unknown\" data-component=\"Foo\">"),
        "{}",
        r.html
    );
    assert!(r.html.contains("<strong>md</strong>"));
    assert_eq!(r.diagnostics.len(), 1);
    assert!(r.diagnostics[0].message.contains("`<Foo>`"));
    assert_eq!(r.diagnostics[0].position.map(|p| p.line), Some(3 + 3));
    assert_no_component_leak(&r.html, "unknown");
}

#[test]
fn unknown_icons_warn() {
    let r = render("<Card title=\"x\" icon=\"no-such-icon-zz\">y</Card>\n");
    assert_eq!(r.diagnostics.len(), 1);
    assert!(r.diagnostics[0].message.contains("no-such-icon-zz"));
    let r = render("<Card title=\"x\" icon=\"GitHub\">y</Card>\n");
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let r = render("<Card title=\"x\" icon=\"/img/logo.svg\">y</Card>\n");
    assert!(r
        .html
        .contains("<img class=\"c-icon-img\" src=\"/assets/logo.svg\" alt=\"\" data-component-part=\"icon-image\">"));
}

#[test]
fn snippets_by_import_and_by_file_with_props() {
    let snippets = [
        (
            "snippets/intro.mdx",
            "---\ntitle: x\n---\nHello {name} from {props.place}!\n",
        ),
        ("snippets/vars.mdx", "export const product = 'Sheaf';\n"),
        ("snippets/help.mdx", "Need [help](/broken)?\n"),
    ];
    let page = "import Intro from '/snippets/intro.mdx'\nimport { product } from '/snippets/vars.mdx'\n\n<Intro name=\"Ada\" place=\"home\" />\n\nUse {product}.\n\n<Snippet file=\"help.mdx\" />\n\n<Snippet file=\"missing.mdx\" />\n";
    let r = render_with(page, &snippets, 0);
    assert!(r.html.contains("Hello Ada from home!"), "{}", r.html);
    assert!(r.html.contains("Use Sheaf."));
    assert!(r.html.contains("<a href=\"/broken\">help</a>"));
    let broken = r
        .diagnostics
        .iter()
        .find(|d| d.message.contains("/broken"))
        .unwrap();
    assert_eq!(broken.file, PathBuf::from("snippets/help.mdx"));
    assert_eq!(broken.position.map(|p| p.line), Some(1));
    assert!(r
        .diagnostics
        .iter()
        .any(|d| d.message.contains("missing.mdx") && d.position.map(|p| p.line) == Some(10)));
}

#[test]
fn comments_and_exports_vanish() {
    let r = render("export const meta = {\n  a: 1,\n}\n\nA {/* secret */} B\n\n{/*\nmulti\n*/}\n");
    assert_eq!(r.html.trim(), "<p>A  B</p>");
}

#[test]
fn components_inside_list_items_stay_in_the_list() {
    let r = render("1. Install:\n   <Note>Needs Node.</Note>\n2. Run\n");
    assert_eq!(r.html.matches("<ol>").count(), 1, "{}", r.html);
    assert!(r.html.contains("c-callout"));
}

#[test]
fn never_closed_component_warns_and_does_not_leak() {
    let r = render_with("<Note>\nhello\n", &[], 2);
    assert_eq!(r.diagnostics[0].position.map(|p| p.line), Some(3));
    assert_no_component_leak(&r.html, "never closed");
}

#[test]
fn markdown_is_sync() {
    fn is_sync<T: Sync>() {}
    is_sync::<Markdown>();
}

/// Every page of every real-world site renders without a component
/// leaking as a raw or escaped tag.
#[test]
fn realworld_sites_never_leak_components() {
    let root = Path::new("/work/shared/realworld");
    if !root.is_dir() {
        eprintln!("skipping: {} is absent", root.display());
        return;
    }
    let markdown = Markdown::new();
    let mut pages = 0;
    for site in std::fs::read_dir(root)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
    {
        let site_root = site.path();
        for entry in walkdir::WalkDir::new(&site_root).into_iter().flatten() {
            let path = entry.path();
            if !matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("md" | "mdx")
            ) {
                continue;
            }
            let source = std::fs::read_to_string(path).unwrap();
            let body = strip_page_frontmatter(&source);
            let relative = path.strip_prefix(&site_root).unwrap();
            let html = render_site_page(&markdown, &site_root, relative, body);
            assert_no_component_leak(&html, &path.display().to_string());
            pages += 1;
        }
    }
    assert!(pages > 1000, "only {pages} pages found");
}

fn strip_page_frontmatter(source: &str) -> &str {
    source
        .strip_prefix("---")
        .and_then(|rest| rest.find("\n---").map(|end| &rest[end + 4..]))
        .unwrap_or(source)
}

fn render_site_page(markdown: &Markdown, site_root: &Path, file: &Path, body: &str) -> String {
    let resolve = |reference: &str| {
        let reference = reference.trim_start_matches('/');
        [
            PathBuf::from(reference),
            Path::new("snippets").join(reference),
            // Older sites keep snippets in `_snippets/`.
            Path::new("_snippets").join(reference),
        ]
        .into_iter()
        .find_map(|p| {
            let source = std::fs::read_to_string(site_root.join(&p)).ok()?;
            Some(Snippet { path: p, source })
        })
        .ok_or(SnippetError::Missing)
    };
    let urls = |_: &str, _: UrlKind| UrlRewrite::Keep;
    let env = PageEnv {
        file,
        line_offset: 0,
        snippets: &resolve,
        urls: &urls,
        frontmatter: &Default::default(),
        now_ms: 0.0,
        icons: Default::default(),
        location: "",
    };
    markdown.render(body, &env).html
}

#[test]
fn without_highlighting_code_is_escaped_plain_text() {
    let md = Markdown::without_highlighting();
    let no_snippets = |_: &str| Err(SnippetError::Missing);
    let keep = |_: &str, _: UrlKind| UrlRewrite::Keep;
    let env = PageEnv {
        file: Path::new("p.mdx"),
        line_offset: 0,
        snippets: &no_snippets,
        urls: &keep,
        frontmatter: &Default::default(),
        now_ms: 0.0,
        icons: Default::default(),
        location: "",
    };
    let html = md.render("```json\n{\"a\": \"<b>\"}\n```\n", &env).html;
    assert!(html.contains("&lt;b&gt;"), "{html}");
    assert!(!html.contains("class=hl-"), "{html}");
}

/* ---- docs.json-era components ---- */

#[test]
fn columns_are_a_grid_of_their_children() {
    let r = render("<Columns cols={3}>\n  <Card title=\"A\">a</Card>\n  <Card title=\"B\">b</Card>\n</Columns>\n");
    assert!(
        r.html.starts_with(
            "<div class=\"c-card-group c-columns columns\" style=\"--cols: 3\"><div class=\"c-card card\">"
        ),
        "{}",
        r.html
    );
    assert_eq!(r.html.matches("class=\"c-card card\"").count(), 2);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn badges_carry_colour_size_shape_and_state_as_classes() {
    let r = render("Needs <Badge color=\"orange\" size=\"sm\" shape=\"pill\" icon=\"star\" stroke disabled>Pro & <b>up</b></Badge> plan.\n");
    assert!(
        r.html.contains("<span class=\"c-badge c-badge-orange c-badge-sm c-badge-pill c-badge-stroke c-badge-disabled\" data-badge data-color=\"orange\" data-size=\"sm\"><span class=\"c-badge-icon\" data-component-part=\"lead-icon\"><svg class=\"icon\" data-component-part=\"icon-svg\" aria-hidden=\"true\""),
        "{}",
        r.html
    );
    assert!(
        r.html.contains("Pro &amp; <b>up</b></span> plan."),
        "{}",
        r.html
    );
    let r = render("<Badge>Plain</Badge>\n\n<Badge color=\"pink\">x</Badge>\n");
    assert!(r
        .html
        .contains("<span class=\"c-badge c-badge-gray c-badge-md c-badge-rounded\" data-badge data-color=\"gray\" data-size=\"md\">Plain</span>"));
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    assert!(r.diagnostics[0].message.contains("unknown color `pink`"));
}

#[test]
fn trees_are_nested_lists_with_folders_as_details() {
    let r = render("<Tree>\n  <Tree.Folder name=\"app\" defaultOpen>\n    <Tree.File name=\"page.tsx\" />\n    <Tree.Folder name=\"lib\">\n      <Tree.File name=\"a&b.ts\" />\n    </Tree.Folder>\n    <Tree.Folder name=\"empty\" />\n  </Tree.Folder>\n  <Tree.File name=\"package.json\" />\n</Tree>\n");
    let html = &r.html;
    assert!(html.starts_with("<div class=\"c-tree tree\" data-component-part=\"tree-root\"><ul aria-label=\"Files\"><li class=\"c-tree-folder tree-folder\" data-component-part=\"tree-folder\"><details open><summary class=\"c-tree-row\"><svg class=\"icon\" data-component-part=\"tree-folder-icon-open\""), "{html}");
    // Both folder icons are there; the stylesheet shows the one of the state.
    assert!(
        html.contains("<svg class=\"icon\" data-component-part=\"tree-folder-icon-closed\""),
        "{html}"
    );
    assert!(html.contains("<span class=\"c-tree-name\" data-component-part=\"tree-folder-title\" title=\"app\">app</span></summary>\
        <div class=\"c-tree-children\" data-component-part=\"tree-folder-children-wrapper\">\
        <span class=\"c-tree-line\" data-component-part=\"tree-folder-children-line\" aria-hidden=\"true\"></span><ul>\
        <li class=\"c-tree-file c-tree-row tree-file\" data-component-part=\"tree-file\" style=\"--pl:28px\"><svg class=\"icon\" data-component-part=\"tree-file-icon\""), "{html}");
    // A level deeper, 22px further in; a closed folder; an empty one cannot open.
    assert!(html.contains("<li class=\"c-tree-file c-tree-row tree-file\" data-component-part=\"tree-file\" style=\"--pl:50px\">"), "{html}");
    assert!(html.contains("<li class=\"c-tree-folder tree-folder\" data-component-part=\"tree-folder\" style=\"--pl:28px\"><details><summary class=\"c-tree-row\">"), "{html}");
    assert!(html.contains("style=\"--pl:28px\"><div class=\"c-tree-row\"><svg class=\"icon\" data-component-part=\"tree-folder-icon-closed\""), "{html}");
    assert!(
        html.contains(
            "data-component-part=\"tree-file-title\" title=\"a&amp;b.ts\">a&amp;b.ts</span></li>"
        ),
        "{html}"
    );
    assert!(
        html.ends_with("title=\"package.json\">package.json</span></li></ul></div>"),
        "{html}"
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn colours_are_swatches_with_names_and_values() {
    let r = render("<Color variant=\"compact\">\n  <Color.Item name=\"blue-500\" value=\"#3B82F6\" />\n  <Color.Item name=\"bad\" value=\"red; background: url(x)\" />\n</Color>\n");
    assert!(r.html.starts_with("<div class=\"c-color c-color-compact color\"><ul class=\"c-color-items\"><li class=\"c-color-item color-item\"><span class=\"c-color-swatch\" data-component-part=\"color-item-button\" style=\"--swatch: #3B82F6\"></span><span class=\"c-color-name\" data-component-part=\"color-item-name\">blue-500</span><code class=\"c-color-value\" data-component-part=\"color-item-value\">#3B82F6</code></li>"), "{}", r.html);
    assert!(
        !r.html.contains("--swatch: red"),
        "unsafe values stay out of style: {}",
        r.html
    );
    assert_eq!(r.diagnostics.len(), 1);
    let r = render("<Color variant=\"table\">\n  <Color.Row title=\"Primary <x>\">\n    <Color.Item name=\"p\" value=\"rgb(1, 2, 3)\" />\n  </Color.Row>\n</Color>\n");
    assert!(r.html.starts_with("<table class=\"c-color c-color-table color\"><tbody><tr class=\"color-row\"><th scope=\"row\" data-component-part=\"color-row-title-container\"><span class=\"c-color-row-title\" data-component-part=\"color-row-title\">Primary &lt;x&gt;</span></th><td><ul class=\"c-color-items\" data-component-part=\"color-row-items-container\"><li class=\"c-color-item color-item\"><span class=\"c-color-swatch\" data-component-part=\"color-item-button\" style=\"--swatch: rgb(1, 2, 3)\">"), "{}", r.html);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn views_show_every_version_under_its_title() {
    let r = render("<View title=\"Java&Script\" icon=\"js\">\n  ## Install\n\n  Use npm.\n</View>\n\n<View title=\"Python\">\n  Use pip.\n</View>\n");
    assert!(r.html.starts_with("<section class=\"c-view multi-view-item\" data-view=\"Java&amp;Script\"><p class=\"c-view-title\"><span class=\"c-view-icon\"><svg"), "{}", r.html);
    assert!(r
        .html
        .contains("</span>Java&amp;Script</p><h2 id=\"install\">"));
    assert!(r.html.contains("<section class=\"c-view multi-view-item\" data-view=\"Python\"><p class=\"c-view-title\">Python</p><p>Use pip.</p>\n</section>"), "{}", r.html);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn tiles_link_a_preview_with_title_and_description() {
    let r = render("<Tile href=\"/img/guide\" title=\"Accordion\" description={'Two \"variants\"'}>\n  <img src=\"/img/a.svg\" alt=\"Preview\" className=\"block dark:hidden\" />\n</Tile>\n");
    assert!(r.html.starts_with("<a class=\"c-tile tile\" href=\"/assets/guide\"><div class=\"c-tile-preview\" data-component-part=\"tile-children-container\">\
        <div class=\"c-tile-bg only-light\" data-component-part=\"tile-background-light\" aria-hidden=\"true\"></div>\
        <div class=\"c-tile-bg only-dark\" data-component-part=\"tile-background-dark\" aria-hidden=\"true\"></div>\
        <div class=\"c-tile-inner\" data-component-part=\"tile-children-inner-container\"><img src=\"/assets/a.svg\" alt=\"Preview\" class=\"block only-light\"></div></div>\
        <div class=\"c-tile-text\" data-component-part=\"tile-text-container\"><p class=\"c-tile-title\" data-component-part=\"tile-title\">Accordion</p><p class=\"c-tile-desc\" data-component-part=\"tile-description\">Two &quot;variants&quot;</p></div></a>"), "{}", r.html);
    let bare = render(
        "<Tile href=\"/img/guide\">\n  <img src=\"/img/a.svg\" alt=\"Preview\" />\n</Tile>\n",
    );
    assert!(!bare.html.contains("tile-text-container"), "{}", bare.html);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn updates_are_anchored_changelog_entries() {
    let r = render("<Update label=\"v2 <beta>\" description=\"Big & bold\" tags={[\"New\", \"<Fix>\"]}>\n  Shipped **it**.\n</Update>\n");
    assert!(r.html.starts_with("<section class=\"c-update update\" id=\"v2-beta\"><div class=\"c-update-meta\"><a class=\"c-update-label\" data-component-part=\"update-label\" href=\"#v2-beta\">v2 &lt;beta&gt;</a><ul class=\"c-update-tags\" data-component-part=\"update-tag-list\"><li data-component-part=\"update-tag\">New</li><li data-component-part=\"update-tag\">&lt;Fix&gt;</li></ul><p class=\"c-update-desc\" data-component-part=\"update-description\">Big &amp; bold</p></div>"), "{}", r.html);
    assert!(r.html.contains("<strong>it</strong>"));
    assert_eq!(r.headings[0].id, "v2-beta");
}

#[test]
fn banners_are_labelled_notes() {
    let r = render("<Banner>\n  Version 2 is **out**.\n</Banner>\n");
    assert!(r.html.starts_with("<aside class=\"c-banner\" role=\"note\" aria-label=\"Announcement\"><span class=\"c-banner-icon\"><svg"), "{}", r.html);
    assert!(r
        .html
        .contains("<div class=\"c-banner-body\"><p>Version 2 is <strong>out</strong>.</p>"));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn tooltips_have_a_headline_and_a_focusable_call_to_action() {
    let r = render("<Tooltip headline=\"API\" tip=\"A <protocol> & more\" cta=\"Read the guide\" href=\"/img/api\">API</Tooltip> docs.\n");
    assert!(r.html.contains("<span class=\"c-tooltip tooltip\"><span class=\"c-tooltip-trigger\" tabindex=\"0\" aria-describedby=\"tip-1\">API</span><span class=\"c-tooltip-text\" role=\"tooltip\" id=\"tip-1\" data-component-part=\"tooltip-content\"><strong class=\"c-tooltip-headline\" data-component-part=\"tooltip-title\">API</strong> <span class=\"c-tooltip-tip\" data-component-part=\"tooltip-description\">A &lt;protocol&gt; &amp; more</span> <a class=\"c-tooltip-cta\" data-component-part=\"tooltip-cta\" href=\"/assets/api\">Read the guide</a></span></span> docs."), "{}", r.html);
}

#[test]
fn panels_are_labelled_asides() {
    let r = render("<Panel>\n  <Info>Pinned.</Info>\n</Panel>\n");
    assert!(
        r.html.starts_with(
            "<aside class=\"c-panel panel\" aria-label=\"Side panel\"><aside class=\"c-callout c-info callout\" data-callout-type=\"info\""
        ),
        "{}",
        r.html
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn prompts_show_their_text_under_the_description() {
    let r = render("<Prompt description=\"Write **clear** docs\" icon=\"paperclip\">\n  You are a *writer*.\n\n  - Use \"you\".\n</Prompt>\n");
    assert!(r.html.starts_with("<figure class=\"c-prompt prompt\"><figcaption class=\"c-prompt-head\"><span class=\"c-prompt-icon\"><svg"), "{}", r.html);
    assert!(r.html.contains("<span class=\"c-prompt-desc\">Write <strong>clear</strong> docs</span></figcaption><div class=\"c-prompt-body\"><p>You are a <em>writer</em>.</p>"), "{}", r.html);
    assert!(
        r.html.contains("<li>Use &quot;you&quot;.</li>")
            || r.html.contains("<li>Use \"you\".</li>"),
        "{}",
        r.html
    );
    assert!(r.text.contains("Write **clear** docs"));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn expandables_are_details_open_on_request() {
    let r = render("<Expandable title=\"a <b>\" defaultOpen>\n  Inner **x**\n</Expandable>\n");
    assert!(r.html.starts_with("<details class=\"c-expandable expandable\" data-component-part=\"expandable\" open><summary data-component-part=\"expandable-button\"><span class=\"c-expandable-icon\" data-component-part=\"expandable-icon\"><svg class=\"icon\" data-component-part=\"icon-svg\""), "{}", r.html);
    // The button reads "Show …" closed and "Hide …" open, as Mintlify's.
    assert!(r.html.contains("<span><span class=\"c-expandable-show\">Show</span><span class=\"c-expandable-hide\">Hide</span> a &lt;b&gt;</span></summary>\
        <div class=\"c-expandable-body expandable-content\" data-component-part=\"expandable-content\"><p>Inner <strong>x</strong></p>"), "{}", r.html);
    let r = render("<Expandable>\n  x\n</Expandable>\n");
    assert!(
        r.html.contains("</span> child attributes</span>"),
        "{}",
        r.html
    );
}

#[test]
fn stubs_render_only_their_children() {
    let r = render("<Stub>\n  Coming **soon**.\n</Stub>\n\nInline <Stub>bit</Stub>.\n");
    assert_eq!(
        r.html,
        "<p>Coming <strong>soon</strong>.</p>\n<p>Inline bit.</p>\n"
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn mermaid_is_drawn_as_inline_svg_with_its_source_below() {
    let fenced = render("```mermaid\nflowchart LR\n  A{Start} --> B[<b>]\n```\n");
    let component = render("<Mermaid>\nflowchart LR\n  A{Start} --> B[<b>]\n</Mermaid>\n");
    let chart = render("<Mermaid chart={`flowchart LR\n  A{Start} --> B[<b>]`} />\n");
    // MDX reads the component's children as MDX: `<b>` opens a tag there.
    let rejected = &component.diagnostics;
    assert!(
        rejected.len() == 1 && rejected[0].message.contains("(mdx-syntax)"),
        "{rejected:?}"
    );
    for r in [&fenced, &component, &chart] {
        assert!(
            r.diagnostics
                .iter()
                .all(|d| d.message.contains("mdx-syntax")),
            "{:?}",
            r.diagnostics
        );
        let html = &r.html;
        assert!(
            html.starts_with("<figure class=\"c-mermaid mermaid\" data-component-name=\"mermaid-container\"><svg "),
            "{html}"
        );
        assert!(html.contains(" role=\"img\" aria-label=\"Diagram\" style=\"max-width:"));
        assert!(html.contains(" data-component-part=\"mermaid-diagram\" role=\"img\""));
        assert!(
            !html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width="),
            "no fixed size"
        );
        assert!(
            html.contains(">Start</tspan>") || html.contains(">Start<"),
            "{html}"
        );
        assert!(html.contains("&lt;b&gt;"), "labels are text: {html}");
        assert!(html.ends_with("<details class=\"c-mermaid-details\"><summary>Diagram source</summary><pre class=\"c-mermaid-source\"><code class=language-mermaid>flowchart LR\n  A{Start} --&gt; B[&lt;b&gt;]</code></pre></details></figure>"), "{html}");
    }
    assert!(fenced.text.contains("A{Start}"));
}

#[test]
fn two_mermaid_diagrams_on_a_page_share_no_ids_and_script_links_are_inert() {
    let r = render("```mermaid\nflowchart LR\n  A --> B\n```\n\n```mermaid\nflowchart LR\n  C --> D\n  click C \"javascript:alert(1)\"\n```\n");
    let ids: Vec<&str> = r
        .html
        .split(" id=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert!(!ids.is_empty());
    let unique: std::collections::HashSet<&&str> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "{ids:?}");
    assert!(
        ids.iter().any(|id| id.starts_with("mermaid-1-"))
            && ids.iter().any(|id| id.starts_with("mermaid-2-"))
    );
    assert!(!r.html.contains("href=\"javascript"), "{}", r.html);
}

#[test]
fn a_mermaid_diagram_that_cannot_be_drawn_shows_its_source_with_a_warning() {
    let r = render("Intro.\n\n```mermaid\nnot a diagram\n```\n");
    assert!(r.html.contains("<figure class=\"c-mermaid mermaid\" data-component-name=\"mermaid-container\"><pre class=\"c-mermaid-source\"><code class=language-mermaid>not a diagram</code></pre><figcaption>Diagram source (Mermaid)</figcaption></figure>"), "{}", r.html);
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    let d = &r.diagnostics[0];
    assert!(
        d.message
            .starts_with("Mermaid diagram cannot be drawn: unexpected token 'not a diagram'"),
        "{}",
        d.message
    );
    assert_eq!(d.position.map(|p| p.line), Some(3), "{d:?}");
}

#[test]
fn dollar_math_becomes_mathml_outside_code() {
    let r = render("Area $\\pi r^{2}$ costs \\$5, or \\$5-\\$10.\n\n$$\n\\frac{a}{b}\n$$\n\n`$x$` and\n\n```\n$y$\n```\n");
    assert!(
        r.html.contains("Area <math display=\"inline\"><semantics>"),
        "{}",
        r.html
    );
    assert!(r.html.contains("<msup><mi>r</mi>"), "{}", r.html);
    assert!(r.html.contains("costs $5, or $5-$10.</p>"), "{}", r.html);
    assert!(r.html.contains("<math display=\"block\">"), "{}", r.html);
    assert!(r.html.contains("<mfrac>"), "{}", r.html);
    assert!(r.html.contains("<code>$x$</code>"), "{}", r.html);
    assert!(r.html.contains("<code>$y$\n</code>"), "{}", r.html);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn dollars_pair_as_mintlify_pairs_them_and_a_price_pair_is_a_warning() {
    // remark-math, which Mintlify runs: any two `$` in a paragraph hold a
    // formula, whatever is around them.
    let r = render_with("Intro\n\nPlans cost $5 or $10 a month.\n", &[], 0);
    assert!(
        r.html.contains("Plans cost <math display=\"inline\">"),
        "{}",
        r.html
    );
    assert!(r.html.contains("</math>10 a month."), "{}", r.html);
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    let d = &r.diagnostics[0];
    assert!(d.message.contains("`$5 or $` reads as a formula"), "{d:?}");
    assert!(d.help.as_deref().unwrap_or("").contains("\\$"), "{d:?}");
    assert_eq!(d.position.map(|p| p.line), Some(3));
    // `$$` on one line is inline, as in remark-math; `$$` alone on its
    // lines is a display formula, in a block quote too.
    let r = render("Inline $$x^2$$ too.\n\n> Quoted:\n>\n> $$\n> \\frac{1}{2}\n> $$\n");
    assert!(
        r.html.contains("Inline <math display=\"inline\">"),
        "{}",
        r.html
    );
    assert!(r.html.contains("<blockquote>"), "{}", r.html);
    let quote = &r.html[r.html.find("<blockquote>").unwrap()..];
    assert!(quote.contains("<math display=\"block\">"), "{}", r.html);
    assert!(quote.contains("<mfrac>"), "{}", r.html);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn invalid_math_shows_its_source_and_warns_with_the_line() {
    let r = render_with("Intro\n\nBroken $a^b^c$ here.\n", &[], 2);
    assert!(
        r.html
            .contains("Broken <code class=\"c-math-error\">a^b^c</code> here."),
        "{}",
        r.html
    );
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    assert!(r.diagnostics[0].message.contains("not valid TeX"));
    assert_eq!(r.diagnostics[0].position.map(|p| p.line), Some(3 + 2));
}

#[test]
fn latex_component_uses_the_same_renderer() {
    let r = render("Inline <Latex>x^{2}</Latex> here.\n\n<Latex>\n\\frac{1}{2}\n</Latex>\n\n<Latex>\\frac{1</Latex>\n");
    assert!(
        r.html.contains("Inline <math display=\"inline\">"),
        "{}",
        r.html
    );
    assert!(r.html.contains("<math display=\"block\">"), "{}", r.html);
    assert!(
        r.html
            .contains("<mfrac><mrow><mn>1</mn></mrow><mrow><mn>2</mn></mrow></mfrac>"),
        "{}",
        r.html
    );
    assert!(
        r.html
            .contains("<code class=\"c-math-error c-math-display\">\\frac{1</code>"),
        "{}",
        r.html
    );
    // MDX reads the `{` of `\frac{1` as an expression never closed.
    let (mdx, tex): (Vec<_>, Vec<_>) =
        (r.diagnostics.iter()).partition(|d| d.message.contains("mdx-syntax"));
    assert_eq!((mdx.len(), tex.len()), (1, 1), "{:?}", r.diagnostics);
    assert_eq!(tex[0].position.map(|p| p.line), Some(7));
}

#[test]
fn unknown_components_warn_once_per_name() {
    let r = render("<Foo>a</Foo>\n\n<Foo>b</Foo>\n\n<Bar>c</Bar>\n\n<Foo>d</Foo>\n");
    let messages: Vec<&str> = r.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        ["unknown component `<Foo>`", "unknown component `<Bar>`"]
    );
    assert_eq!(r.html.matches("data-component=\"Foo\"").count(), 3);
    assert!(r.html.contains(">d</div>"), "{}", r.html);
}

/// Found by `fuzz_page_rendering`: the MDX splitter copied `$5<Note>{$`
/// through as a formula while pulldown-cmark (braces must balance; a later
/// `$` that can only open takes over) read `<Note>` as raw HTML, which
/// reached the page as a raw tag.
#[test]
fn components_beside_dollar_signs_never_reach_the_page_raw() {
    for source in [
        "$5<Note>{$x^2$",
        "$5<Note>x\n$x^2$",
        "$5<Note>import A from '/snippets/a.mdx'\n$x^2$",
        "$5$$\n\\frac{a}{b}\n$$- $5<Note>import A from '/snippets/a.mdx'\n$$\n\\frac{a}{b}\n$$",
    ] {
        let html = render_with(source, &[], 0).html;
        let raw = html.match_indices('<').any(|(i, _)| {
            html[i + 1..]
                .trim_start_matches('/')
                .starts_with(|c: char| c.is_ascii_uppercase())
        });
        assert!(!raw, "{source:?} gave {html}");
    }
    let html = render_with("$a{b$c}d$ and $x$", &[], 0).html;
    assert_eq!(
        html.matches("c-math").count() + html.matches("<math").count(),
        2,
        "{html}"
    );
}

#[test]
fn renamed_imports_read_the_exported_name() {
    let page = "import { PyName as Name } from '/snippets/vars.mdx';\n\nHello {Name}.\n";
    let out = render_with(
        page,
        &[("snippets/vars.mdx", "export const PyName = \"Ada\";\n")],
        0,
    );
    assert!(out.html.contains("Hello Ada."), "{}", out.html);
}

#[test]
fn code_blocks_written_as_components_are_code() {
    let page = "import { PyConnect as Connect, RsConnect } from '/snippets/code.mdx';\n\n\
<CodeGroup>\n    <CodeBlock filename=\"Python\" language=\"Python\" icon=\"python\">\n    {Connect}\n    </CodeBlock>\n\n\
    <CodeBlock filename=\"Rust\" language=\"Rust\">\n    { \"use db::connect;\\n\" }\n    {RsConnect}\n    </CodeBlock>\n</CodeGroup>\n";
    let snippet = "export const PyConnect = \"db = connect(\\\"uri\\\")\";\n\
export const RsConnect = \"let rows: Vec<u8> = connect(\\\"uri\\\");\";\n";
    let out = render_with(page, &[("snippets/code.mdx", snippet)], 0);
    assert_no_component_leak(&out.html, "code blocks");
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    assert!(out.html.contains(">Python</button>"), "{}", out.html);
    assert!(out.html.contains(">Rust</button>"), "{}", out.html);
    assert!(
        out.html
            .contains("<code data-component-part=code-group-tab-content class=language-python>"),
        "{}",
        out.html
    );
    let rust = out.html.split("language-rust>").nth(1).unwrap();
    let code = rust.split("</code>").next().unwrap();
    let mut text = String::new();
    let mut in_tag = false;
    for c in code.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    assert_eq!(
        text,
        "use db::connect;\nlet rows: Vec&lt;u8&gt; = connect(\"uri\");\n"
    );
}

#[test]
fn expressions_of_literals_are_evaluated() {
    let out = render(
        "Answer: {40 + 2}.\n\n<Card title={`Version ${2}`} href=\"/x\">{\"a\" + \"b\"}</Card>\n",
    );
    assert!(out.html.contains("Answer: 42."), "{}", out.html);
    assert!(out.html.contains("Version 2"), "{}", out.html);
    assert!(
        out.html.contains(">ab<") || out.html.contains("ab</"),
        "{}",
        out.html
    );
}

#[test]
fn expression_text_is_escaped_and_comments_show_nothing() {
    let out = render("A {\"<b>bold</b>\"} and {// a note\n} end.\n");
    assert!(
        out.html.contains("A &lt;b&gt;bold&lt;/b&gt; and  end."),
        "{}",
        out.html
    );
}

/// MDX has no indented code: children indented under a less indented
/// sibling, and `    1. Step` after a paragraph's line, are lists.
#[test]
fn indentation_never_makes_code_as_in_mdx() {
    let page = "<Step title=\"A\">\n    - The data is analysed.\n    - Customers are grouped.\n\n<img src=\"/a.png\" />\n</Step>\n\nIn your dashboard:\n    1. Open the section\n    2. Create a server\n";
    let html = render(page).html;
    assert!(!html.contains("<pre"), "{html}");
    assert!(html.contains("<li>The data is analysed.</li>"), "{html}");
    assert!(html.contains("<ol>"), "{html}");
    assert!(html.contains("<li>Create a server</li>"), "{html}");
}

/// The one-line children of an element are inline: `<p>1. Install</p>`
/// is a paragraph reading "1. Install", not a list.
#[test]
fn one_line_children_stay_inline() {
    let html = render("<p>1. Install Claude Code</p>\n\nClick <b>+ Add Endpoint</b>.\n").html;
    assert!(html.contains("1. Install Claude Code"), "{html}");
    assert!(html.contains("<b>+ Add Endpoint</b>"), "{html}");
    assert!(!html.contains("<ol") && !html.contains("<ul"), "{html}");
}

/// Braces in a link's URL are part of it, not an expression.
#[test]
fn braces_in_a_link_destination_are_the_url() {
    let html = render("[Run](https://play.example.com/q?initForm={%22apl%22:%22x%22})\n").html;
    assert!(
        html.contains("href=\"https://play.example.com/q?initForm=%7B%22apl%22:%22x%22%7D\""),
        "{html}"
    );
}

/// Names JSX reads: custom elements, namespaces, members, any script,
/// fragments; a fragment shows its children.
#[test]
fn every_jsx_name_is_an_element() {
    let rendered = render("<custom-el>custom</custom-el> <x:note>spaced</x:note> <Überblick>Text</Überblick>\n\n<>\nFragment text\n</>\n");
    let html = rendered.html;
    for text in ["custom", "spaced", "Text", "Fragment text"] {
        assert!(html.contains(text), "{text}: {html}");
    }
    assert!(!html.contains("&lt;"), "no tag shown as text: {html}");
}

/// Expressions read the page's frontmatter and exported constants, in text
/// and in attributes; a derived constant too.
#[test]
fn frontmatter_and_constants_are_read_in_text_and_attributes() {
    let md = Markdown::without_highlighting();
    let no_snippets = |_: &str| Err(SnippetError::Missing);
    let keep = |_: &str, _: UrlKind| UrlRewrite::Keep;
    let frontmatter = serde_json::json!({"title": "User Group Service", "version": 2});
    let env = PageEnv {
        file: Path::new("p.mdx"),
        line_offset: 0,
        snippets: &no_snippets,
        urls: &keep,
        frontmatter: frontmatter.as_object().unwrap(),
        now_ms: 0.0,
        icons: Default::default(),
        location: "",
    };
    let page = "export const api = frontmatter.title + \" API\"\n\nexport const meta = { title: `v${frontmatter.version}` }\n\n{api} {40 + 2} {`release v${frontmatter.version}`}\n\n<Card title={api} href=\"/x\">One</Card>\n\n<Card {...meta}>Two</Card>\n";
    let rendered = md.render(page, &env);
    let html = rendered.html;
    assert!(
        html.contains("User Group Service API 42 release v2"),
        "{html}"
    );
    assert!(
        html.contains("User Group Service API</"),
        "the first card's title: {html}"
    );
    assert!(html.contains(">v2</"), "the spread card's title: {html}");
    assert!(
        rendered.diagnostics.is_empty(),
        "{:?}",
        rendered.diagnostics
    );
}

/// An element on one line right under a list item's (or paragraph's) text
/// continues it, as MDX reads it; alone on its lines, it stands apart.
#[test]
fn an_element_on_a_lazy_line_stays_in_its_list_item() {
    let html = render("- Item text\n<Tip>lazy</Tip>\n- Second\n").html;
    let item = html.split("</li>").next().unwrap_or_default();
    assert!(
        item.contains("Item text") && item.contains("c-callout c-tip"),
        "{html}"
    );
    assert_eq!(html.matches("<ul>").count(), 1, "one list: {html}");
    let apart = render("Some text\n<Tip>\nx\n</Tip>\n").html;
    assert!(apart.starts_with("<p>Some text</p>"), "{apart}");
}

#[test]
fn what_mdx_reads_renders_the_same_way() {
    // A delimiter row with tabs is a table (GFM; pulldown-cmark alone
    // would not read it); emphasis right after an element opens, as after
    // the element's `>`; `{<Aside>…</Aside>}` is its element even when its
    // text holds an apostrophe; braces in a bare URL are the URL's.
    let r = render(
        "| Name | Locale\t|\n|------\t|-----\t|\n| English\t| en_US\t|\n\nLine.<br />_Details:_ here.\n\n1. Keep it.<br />{<Note>\n   It's the key.\n   </Note>}\n\nAt https://mcp.${DOMAIN}.com today.\n",
    );
    assert!(r.html.contains("<td>en_US</td>"), "{}", r.html);
    assert!(r.html.contains("<em>Details:</em> here."), "{}", r.html);
    assert!(
        r.html.contains("It’s the key.") || r.html.contains("It's the key."),
        "{}",
        r.html
    );
    assert!(!r.html.contains("{<"), "{}", r.html);
    assert!(
        r.html.contains("https://mcp.${DOMAIN}.com today."),
        "{}",
        r.html
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn a_snippet_is_read_once_per_page_however_often_its_exports_are_used() {
    let reads = std::sync::atomic::AtomicUsize::new(0);
    let resolve = |_: &str| {
        reads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(Snippet {
            path: PathBuf::from("snippets/code.mdx"),
            source: "export const A = \"alpha\";\nexport const B = \"beta\";\n\
                     export const Box = ({ children }) => <strong title={children}>{children}</strong>\n"
                .into(),
        })
    };
    let keep = |_: &str, _: UrlKind| UrlRewrite::Keep;
    let env = PageEnv {
        file: Path::new("p.mdx"),
        line_offset: 0,
        snippets: &resolve,
        urls: &keep,
        frontmatter: &Default::default(),
        now_ms: 0.0,
        icons: Default::default(),
        location: "",
    };
    let source =
        "import { A, B, Box } from '/snippets/code.mdx'\n\n{A} {B} {A}\n\n<Box>x *y*</Box>\n";
    let html = Markdown::new().render(source, &env).html;
    assert!(html.contains("alpha beta alpha"), "{html}");
    // The children go where `{children}` stands in the text, never into an
    // attribute.
    assert!(html.contains("\">x <em>y</em></strong>"), "{html}");
    assert!(
        !html.contains("\u{E000}") && html.matches("<em>").count() == 1,
        "{html}"
    );
    assert_eq!(reads.load(std::sync::atomic::Ordering::Relaxed), 1);
}

/// Renders `source` (with `snippets/links.mdx` holding `snippet`), and
/// every URL it asked to rewrite, with its kind.
fn rewritten_urls(source: &str, snippet: &str) -> (String, Vec<(String, UrlKind)>) {
    let asked = std::cell::RefCell::new(Vec::new());
    let resolve = |_: &str| {
        Ok(Snippet {
            path: PathBuf::from("snippets/links.mdx"),
            source: snippet.to_string(),
        })
    };
    let urls = |url: &str, kind: UrlKind| {
        asked.borrow_mut().push((url.to_string(), kind));
        UrlRewrite::To(format!("[{url}]"))
    };
    let env = PageEnv {
        file: Path::new("p.mdx"),
        line_offset: 0,
        snippets: &resolve,
        urls: &urls,
        frontmatter: &Default::default(),
        now_ms: 0.0,
        icons: Default::default(),
        location: "",
    };
    let html = Markdown::new().render(source, &env).html;
    (html, asked.into_inner())
}

#[test]
fn an_attribute_expression_is_a_url_only_when_its_value_is_known() {
    let snippet =
        "export const Go = ({ href, img }) => <a href={href}><img src={img} alt=\"\" /></a>\n\
                   export const Box = ({ to }) => <Card title=\"Box\" href={to}>x</Card>\n";
    let page = "import { Go, Box } from '/snippets/links.mdx'\n\n\
                <Go href=\"/a\" img=\"/i.png\" />\n\n<Go />\n\n<Box to=\"/b\" />\n\n<Box />\n\n\
                <a href={elsewhere}>c</a> <Go href={elsewhere} />\n";
    let (html, asked) = rewritten_urls(page, snippet);
    let asked: Vec<(&str, UrlKind)> = asked.iter().map(|(u, k)| (u.as_str(), *k)).collect();
    assert_eq!(
        asked,
        [
            ("/a", UrlKind::Link),
            ("/i.png", UrlKind::Asset),
            ("/b", UrlKind::Link)
        ],
        "{html}"
    );
    assert!(
        html.contains("<a href=\"[/a]\"><img src=\"[/i.png]\""),
        "{html}"
    );
    assert!(
        html.contains("<a><img alt=\"\"></a>"),
        "no href, no src: {html}"
    );
    assert!(html.contains("<a>c</a>"), "{html}");
}

#[test]
fn svg_references_are_assets_or_parts_of_the_page() {
    let page = "<svg><use href=\"#star\" /><use xlink:href=\"/sprite.svg#star\" /></svg>\n\n\
                <svg><use xlinkHref=\"/s.svg\" /></svg> <a href=\"#top\">top</a>\n";
    let (html, asked) = rewritten_urls(page, "");
    let asked: Vec<(&str, UrlKind)> = asked.iter().map(|(u, k)| (u.as_str(), *k)).collect();
    assert_eq!(
        asked,
        [
            ("/sprite.svg", UrlKind::Asset),
            ("/s.svg", UrlKind::Asset),
            ("#top", UrlKind::Link)
        ],
        "{html}"
    );
    assert!(html.contains("<use href=\"#star\">"), "{html}");
    assert!(
        html.contains("<use xlink:href=\"[/sprite.svg]#star\">"),
        "{html}"
    );
    assert!(html.contains("<use xlink:href=\"[/s.svg]\">"), "{html}");
}
