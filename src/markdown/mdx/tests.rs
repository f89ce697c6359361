use serde_json::Value;

use super::super::attrs::AttrValue;
use super::scan::next_delimiter;
use super::*;

fn element(doc: &Document, i: usize) -> &Element {
    match doc
        .nodes
        .iter()
        .filter(|n| matches!(n, Node::Element(_)))
        .nth(i)
    {
        Some(Node::Element(el)) => el,
        _ => panic!("no element {i} in {:#?}", doc.nodes),
    }
}

#[test]
fn attributes_of_every_form() {
    let doc = parse("<Card\n  title=\"A\"\n  icon='x'\n  cols={2}\n  defaultOpen\n  flag={true}\n  label={\"s\"}\n  style={{ a: 1 }}\n  {/* note */}\n  tags={[\"a\", \"b\"]}\n/>\n");
    let el = element(&doc, 0);
    let names: Vec<&str> = el.attrs.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "title",
            "icon",
            "cols",
            "defaultOpen",
            "flag",
            "label",
            "style",
            "tags"
        ]
    );
    assert_eq!(el.attrs[0].value, AttrValue::Str("A".into()));
    assert_eq!(el.attrs[2].value, AttrValue::Expr("2".into()));
    assert_eq!(el.attrs[3].value, AttrValue::Bare);
    assert_eq!(el.attrs[6].value, AttrValue::Expr("{ a: 1 }".into()));
    assert!(!el.inline);
}

#[test]
fn nested_components_and_children_indent() {
    let doc = parse("<Tabs>\n  <Tab title=\"One\">\n    Hello **x**\n  </Tab>\n</Tabs>\n");
    let tabs = element(&doc, 0);
    assert_eq!(tabs.child_indent, 2);
    let Some(Node::Element(tab)) = tabs.children.iter().find(|n| matches!(n, Node::Element(_)))
    else {
        panic!("no tab");
    };
    assert_eq!(tab.name, "Tab");
    assert_eq!(tab.child_indent, 4);
    assert!(tab.flow);
}

#[test]
fn code_is_never_parsed_for_tags() {
    let doc = parse("```jsx\n<Note>x</Note>\n```\n\nUse `<Card>` here.\n");
    assert!(
        doc.nodes.iter().all(|n| matches!(n, Node::Text(_))),
        "{:#?}",
        doc.nodes
    );
    assert!(doc.problems.is_empty());
}

#[test]
fn imports_exports_and_comments_are_removed() {
    let src = "import Foo from '/snippets/foo.mdx'\nimport { A, B as C } from \"/snippets/x.mdx\";\nexport const name = 'Ada';\nexport const config = {\n  a: 1,\n};\n\nText {/* hidden */} here.\n";
    let doc = parse(src);
    let names: Vec<(&str, bool)> = doc
        .imports
        .iter()
        .map(|i| (i.name.as_str(), i.named))
        .collect();
    assert_eq!(names, [("Foo", false), ("A", true), ("C", true)]);
    assert_eq!(doc.exports.get("name"), Some(&Value::String("Ada".into())));
    assert!(doc.exports.contains_key("config"));
    let text: String = doc
        .nodes
        .iter()
        .filter_map(|n| match n {
            Node::Text(t) => Some(t.text.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        !text.contains("import") && !text.contains("export") && !text.contains("hidden"),
        "{text}"
    );
    assert!(text.contains("Text ") && text.contains(" here."));
}

#[test]
fn prose_starting_with_import_stays_text() {
    let doc = parse("import the data first.\n");
    assert!(doc.imports.is_empty());
    assert!(matches!(&doc.nodes[0], Node::Text(t) if t.text.starts_with("import the")));
}

#[test]
fn inline_and_block_elements() {
    let doc = parse("Press <Icon icon=\"x\" /> now.\n\n<Note>Hi</Note>\n");
    assert!(element(&doc, 0).inline);
    assert!(!element(&doc, 1).inline);
    assert!(!element(&doc, 1).flow);
}

#[test]
fn not_tags_are_escaped_text() {
    let doc = parse("a < b and <your-host> and <https://x.dev>\n");
    let Node::Text(t) = &doc.nodes[0] else {
        panic!()
    };
    assert!(t.text.contains("a &lt; b"), "{}", t.text);
    assert!(t.text.contains("&lt;your-host>"), "{}", t.text);
    assert!(t.text.contains("<https://x.dev>"), "{}", t.text);
}

#[test]
fn unclosed_and_stray_tags_are_problems() {
    let doc = parse("<Note>\ntext\n\nmore </Card>\n");
    let messages: Vec<&str> = doc.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages
        .iter()
        .any(|m| m.contains("`<Note>` is never closed")));
    assert!(messages.iter().any(|m| m.contains("`</Card>`")));
}

#[test]
fn unclosed_html_is_left_to_markdown() {
    let doc = parse("<p>para\n");
    assert!(matches!(&doc.nodes[0], Node::Text(t) if t.text == "<p>para\n"));
}

#[test]
fn expressions_become_nodes() {
    let doc = parse("Hi {name}!\n");
    assert!(doc
        .nodes
        .iter()
        .any(|n| matches!(n, Node::Expr { code, .. } if code == "name")));
}

#[test]
fn plain_text_runs_stop_at_syntax_or_the_line_end() {
    assert_eq!(next_delimiter(b"plain prose\nnext"), Some(11));
    assert_eq!(next_delimiter(b"a `code` b"), Some(2));
    assert_eq!(next_delimiter(b"a <Note> {x}"), Some(2));
    assert_eq!(next_delimiter(b"a {x} <b>"), Some(2));
    assert_eq!(next_delimiter(b"escaped \\< text"), Some(8));
    assert_eq!(next_delimiter(b"no delimiter at all"), None);
    assert_eq!(next_delimiter(b"syntax on the next line\n<Note>"), Some(23));
}

#[test]
fn braces_around_one_element_are_the_element() {
    let doc = parse("Step one.<br />{<Aside type=\"danger\">\n  Careful.\n</Aside>} done { <Image alt=\"x\" /> }\n");
    let names: Vec<&str> = doc
        .nodes
        .iter()
        .filter_map(|n| match n {
            Node::Element(el) => Some(el.name.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        names.contains(&"Aside") && names.contains(&"Image"),
        "{:#?}",
        doc.nodes
    );
    let text: String = doc
        .nodes
        .iter()
        .filter_map(|n| match n {
            Node::Text(t) => Some(t.text.as_str()),
            _ => None,
        })
        .collect();
    assert!(!text.contains('{') && !text.contains('}'), "{text:?}");
}

#[test]
fn math_spans_are_text_not_expressions_or_tags() {
    let doc =
        parse("Area $\\pi r^{2}$ and $a<b$.\n\n$$\n\\frac{1}{x}\n$$\n\nCosts $5 or {price}.\n");
    let exprs: Vec<&str> = doc
        .nodes
        .iter()
        .filter_map(|n| match n {
            Node::Expr { code, .. } => Some(code.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(exprs, ["price"], "{:#?}", doc.nodes);
    let Node::Text(first) = &doc.nodes[0] else {
        panic!("{:#?}", doc.nodes);
    };
    assert!(
        first
            .text
            .contains("`\u{E020}\\pi r^{2}\u{E021}` and `\u{E020}a<b\u{E021}`"),
        "{}",
        first.text
    );
    assert!(
        first.text.contains("```\u{E022}\n\\frac{1}{x}\n```"),
        "{}",
        first.text
    );
}

#[test]
fn tags_read_as_jsx_reads_them() {
    use super::super::attrs::AttrList;
    // No space before an attribute after a value, CRLF, a non-breaking
    // space, `/ >`: all accepted by MDX.
    for source in [
        "<ParamField body=\"limit\" type=\"integer\"required>\nx\n</ParamField>\n",
        "<ParamField body='limit'type=\"integer\" required>\r\nx\r\n</ParamField>\r\n",
        "<ParamField body={\"limit\"}type=\"integer\" required>\nx\n</ParamField>\n",
        "<ParamField\u{a0}body=\"limit\" type=\"integer\" required / >\n",
    ] {
        let doc = parse(source);
        let el = element(&doc, 0);
        assert_eq!(el.name, "ParamField", "{source:?}");
        assert_eq!(
            el.attrs.text("body").as_deref(),
            Some("limit"),
            "{source:?}"
        );
        assert_eq!(
            el.attrs.text("type").as_deref(),
            Some("integer"),
            "{source:?}"
        );
        assert!(el.attrs.flag("required"), "{source:?}");
    }
    // Character references are decoded; of duplicates the last wins.
    let doc = parse("<Card title=\"Fish &amp; Chips &#169; &quot;x&quot; &apos;y&apos;\" icon=\"a\" icon=\"b\" />\n");
    let el = element(&doc, 0);
    assert_eq!(
        el.attrs.text("title").as_deref(),
        Some("Fish & Chips © \"x\" 'y'")
    );
    assert_eq!(el.attrs.text("icon").as_deref(), Some("b"));
}

#[test]
fn closing_tags_may_have_space_after_the_slash() {
    let doc = parse("<Tip>\nHi\n</ Tip>\n\n<Note>Inline</ Note> after\n");
    assert!(doc.problems.is_empty(), "{:?}", doc.problems);
    assert_eq!(element(&doc, 0).name, "Tip");
    assert_eq!(element(&doc, 1).name, "Note");
    assert_eq!(
        doc.nodes
            .iter()
            .filter(|n| matches!(n, Node::Element(_)))
            .count(),
        2
    );
}

#[test]
fn a_spread_object_literal_gives_attributes_in_order() {
    use super::super::attrs::AttrList;
    let doc = parse("<Card {...{title: \"X\", cols: 2}} icon=\"a\" {...{icon: \"b\"}} />\n");
    let el = element(&doc, 0);
    assert_eq!(el.attrs.text("title").as_deref(), Some("X"));
    assert_eq!(el.attrs.text("cols").as_deref(), Some("2"));
    assert_eq!(
        el.attrs.text("icon").as_deref(),
        Some("b"),
        "the later one wins"
    );
}
