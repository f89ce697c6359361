//! What sheaf reads from one MDX page, in the shape `bench/mdx-oracle`
//! records for `@mdx-js/mdx` (the compiler Mintlify runs on every page;
//! the shape is described in `tests/mdx-oracle/README.md`): whether the
//! page is accepted, its elements (name, attributes as values, enclosing
//! element, text without whitespace), its `{expressions}` and its ESM
//! blocks. `tests/mdx_oracle.rs` compares it with MDX's record of each
//! case, and `bench/mdx-oracle.sh compare` with MDX itself over the real
//! sites. Nothing here is used to build a site.

use serde_json::{json, Map, Value};

use super::super::attrs::{without_comments, AttrValue};
use super::super::expr::evaluate;
use super::super::render::{dedent, keep_inline, single_tilde_pairs, without_indented_code};
use super::document::{Document, Element, Node, ESCAPED_LT};
use super::math::{formula_of_code, is_display_fence};
use super::parse_with;
use super::syntax::SPREAD;
use pulldown_cmark::{CodeBlockKind, Event, Options, Tag, TagEnd};

/// The reading of `source`, a page with its frontmatter.
pub fn reading(source: &str) -> Value {
    let (frontmatter, body) = split(source);
    let doc = parse_with(body, &frontmatter);
    if let Some(problem) = doc.problems.first() {
        let line = body[..problem.offset.min(body.len())].matches('\n').count() + 1;
        return json!({
            "accepted": false,
            "error": {"line": line, "message": problem.message},
            "elements": [], "expressions": [], "esm": [],
        });
    }
    let scope = Scope {
        frontmatter,
        doc: &doc,
        body,
        definitions: link_definitions(body),
    };
    let mut found = Found::default();
    found.nodes(&doc.nodes, None, &scope);
    json!({
        "accepted": true,
        "error": null,
        "elements": found.elements,
        "expressions": found.expressions,
        "esm": esm_blocks(body, &doc),
    })
}

/// The frontmatter's values (empty when there is none or it does not
/// parse into a mapping) and the body.
fn split(source: &str) -> (Map<String, Value>, &str) {
    let Some((yaml, body, _)) = crate::yaml::frontmatter_block(source) else {
        return (Map::new(), source);
    };
    // Read as a build reads it (`content::frontmatter`): YAML's own values
    // first, so a key written twice is refused there too.
    // A number JSON cannot hold (`.inf`) is left unknown, as the oracle's
    // JSON record leaves it.
    let values = crate::yaml::frontmatter_value(yaml)
        .ok()
        .map(without_non_finite)
        .and_then(|value| serde_json::to_value(value).ok());
    match values {
        Some(Value::Object(values)) => (values, body),
        _ => (Map::new(), body),
    }
}

/// `value` without the mapping entries whose value is a number JSON cannot
/// hold (infinities, NaN).
fn without_non_finite(mut value: serde_yaml_ng::Value) -> serde_yaml_ng::Value {
    if let serde_yaml_ng::Value::Mapping(map) = &mut value {
        map.retain(|_, v| v.as_f64().is_none_or(f64::is_finite));
    }
    value
}

/// What an expression can name: `frontmatter.KEY` and exported constants.
struct Scope<'d> {
    frontmatter: Map<String, Value>,
    doc: &'d Document,
    body: &'d str,
    /// The page's link reference definitions.
    definitions: String,
}

impl Scope<'_> {
    /// The code of the `{<Element />}` wrapper `element` was read from.
    fn wrapper_of(&self, element: &Element) -> Option<&str> {
        let range = self
            .doc
            .wrapped
            .iter()
            .find(|r| r.start == element.offset)?;
        Some(self.body[range.clone()].trim())
    }

    /// The value of `code` when it can be known without running it.
    fn value_of(&self, code: &str) -> Option<Value> {
        let names = |path: &[&str]| match path {
            ["frontmatter", key] => self.frontmatter.get(*key).cloned(),
            [name] => self.doc.exports.get(*name).cloned(),
            _ => None,
        };
        evaluate(code, &names)
    }

    /// An expression's value, or its code when it has none that sheaf
    /// knows; `None` for one holding only comments.
    fn expression(&self, code: &str) -> Option<Value> {
        let without = without_comments(code);
        if without.trim().is_empty() {
            return None;
        }
        Some(
            self.value_of(&without)
                .unwrap_or_else(|| json!({"$expr": code.trim()})),
        )
    }
}

/// The elements and expressions found so far, in document order.
#[derive(Default)]
struct Found {
    elements: Vec<Value>,
    expressions: Vec<Value>,
}

impl Found {
    fn nodes(&mut self, nodes: &[Node], parent: Option<usize>, scope: &Scope) {
        for node in nodes {
            match node {
                Node::Text(_) => {}
                Node::Expr { code, .. } => self.expressions.extend(scope.expression(code)),
                Node::Element(element) => match scope.wrapper_of(element) {
                    Some(code) => self.expressions.push(json!({ "$expr": code })),
                    None => self.element(element, parent, scope),
                },
            }
        }
    }

    fn element(&mut self, element: &Element, parent: Option<usize>, scope: &Scope) {
        let index = self.elements.len();
        self.elements.push(json!({
            "name": element.name,
            "attrs": attributes(element, scope),
            "parent": parent,
            "text": text_of(element, scope),
        }));
        self.nodes(&element.children, Some(index), scope);
    }
}

/// The attributes as values, a later one of a name replacing an earlier.
fn attributes(element: &Element, scope: &Scope) -> Map<String, Value> {
    let mut values = Map::new();
    for attr in &element.attrs {
        let value = match &attr.value {
            AttrValue::Bare => Value::Bool(true),
            AttrValue::Str(text) => Value::String(text.clone()),
            AttrValue::Expr(code) if attr.name == SPREAD => json!({"$expr": code.trim()}),
            AttrValue::Expr(code) => scope
                .value_of(&without_comments(code))
                .unwrap_or_else(|| json!({"$expr": code.trim()})),
        };
        values.insert(attr.name.clone(), value);
    }
    values
}

/// Stands for a child element in the Markdown of its parent's children:
/// a symbol, which markdown counts as punctuation, as it counts `<`.
const CHILD: char = '\u{1FBC8}';

/// The text of `element`'s children and of the elements among them, as a
/// reader sees it (its Markdown read as the renderer reads it: dedented,
/// with the page's link definitions; code kept, image descriptions not),
/// without any whitespace.
fn text_of(element: &Element, scope: &Scope) -> String {
    let mut markdown = String::new();
    let mut children = Vec::new();
    for node in &element.children {
        match node {
            Node::Text(text) => markdown.push_str(&dedent(
                &text.text,
                element.child_indent,
                text.at_line_start,
            )),
            Node::Element(child) => {
                markdown.push(CHILD);
                let wrapped = scope.wrapper_of(child).is_some();
                children.push(if wrapped {
                    String::new()
                } else {
                    text_of(child, scope)
                });
            }
            Node::Expr { .. } => {}
        }
    }
    if !element.flow {
        keep_inline(&mut markdown);
    }
    markdown.push_str("\n\n");
    markdown.push_str(&scope.definitions);
    let (markdown, _) = without_indented_code(&markdown);
    let mut children = children.into_iter();
    let mut out = String::new();
    let mut images = 0usize;
    let (mut in_code, mut in_formula) = (false, false);
    for event in pulldown_cmark::Parser::new_ext(&markdown, gfm()) {
        match event {
            Event::Start(Tag::Image { .. }) => images += 1,
            Event::End(TagEnd::Image) => images -= 1,
            // A formula is not text (MDX's `inlineMath` and `math` nodes).
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                in_formula = matches!(kind, CodeBlockKind::Fenced(info) if is_display_fence(&info));
            }
            Event::End(TagEnd::CodeBlock) => (in_code, in_formula) = (false, false),
            Event::Code(code) if formula_of_code(&code).is_some() => {}
            Event::Text(_) if in_formula => {}
            Event::Text(text) if images == 0 && !in_code => {
                let text = without_tildes_at(&text, &single_tilde_pairs(&text));
                push_visible(&text, &mut out, &mut children);
            }
            Event::Text(code) | Event::Code(code) if images == 0 => {
                push_visible(&code, &mut out, &mut children)
            }
            Event::Html(html) | Event::InlineHtml(html) => {
                out.extend(children.by_ref().take(html.matches(CHILD).count()))
            }
            _ => {}
        }
    }
    out.extend(children);
    out
}

fn gfm() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
}

/// The link reference definitions of a page (`[d]: https://…` lines, not
/// in fenced code), which links inside its elements may name.
fn link_definitions(body: &str) -> String {
    let mut out = String::new();
    let mut fence: Option<&str> = None;
    for line in body.lines() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m))
                if open == m
                    && trimmed
                        .trim_end()
                        .trim_matches(m.as_bytes()[0] as char)
                        .is_empty() =>
            {
                fence = None
            }
            _ => {}
        }
        if fence.is_some() || marker.is_some() {
            continue;
        }
        let is_definition = line.len() - trimmed.len() < 4
            && trimmed.starts_with('[')
            && !trimmed.starts_with("[^")
            && trimmed.find("]:").is_some_and(|end| end > 1);
        if is_definition {
            out.push_str(trimmed);
            out.push('\n');
        }
    }
    out
}

/// The ESM statements as MDX groups them: statements on consecutive lines
/// form one block.
fn esm_blocks(body: &str, doc: &Document) -> Vec<String> {
    let mut blocks: Vec<std::ops::Range<usize>> = Vec::new();
    for statement in &doc.esm {
        match blocks.last_mut() {
            Some(last) if body[last.end..statement.start].matches('\n').count() <= 1 => {
                last.end = statement.end;
            }
            _ => blocks.push(statement.clone()),
        }
    }
    (blocks.into_iter())
        .map(|block| body[block].trim().to_string())
        .collect()
}

/// The characters of `text` a reader sees, without white space, each
/// child element's mark replaced by the child's own text.
fn push_visible(text: &str, out: &mut String, children: &mut impl Iterator<Item = String>) {
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match c {
            CHILD => out.extend(children.next()),
            ESCAPED_LT => out.push('<'),
            c => out.push(c),
        }
    }
}

/// `text` without the tildes of strikethrough `pairs`.
fn without_tildes_at(text: &str, pairs: &[(usize, usize)]) -> String {
    let cut = |i: &usize| pairs.iter().any(|&(a, b)| a == *i || b == *i);
    (text.char_indices())
        .filter(|(i, _)| !cut(i))
        .map(|(_, c)| c)
        .collect()
}
