//! Renders a document's nodes: the page itself, a snippet or an element's
//! children. Text (dedented) and `{expression}` values go into a
//! [`Fragment`] of markdown, each element as a placeholder token, and the
//! fragment goes to pulldown-cmark.

use serde_json::Value;

use super::super::attrs::{parse_literal, value_text, without_comments, Attr, AttrValue};
use super::super::html::escape;
use super::super::mdx::{self, Element, Node};
use super::super::Rendered;
use super::context::DocCtx;
use super::fragment::{token, Fragment, Slot};
use super::renderer::Renderer;
use super::text::{dedent, unwrap_paragraph};
use crate::rules::Rule;

impl Renderer<'_> {
    pub fn render_page(mut self, source: &str) -> Rendered {
        let doc = mdx::parse_with(source, self.env.frontmatter);
        let mut ctx = DocCtx::new(
            self.env.file.to_path_buf(),
            self.env.line_offset,
            source,
            &doc,
        );
        let frontmatter = serde_json::Value::Object(self.env.frontmatter.clone());
        ctx.vars.insert("frontmatter".to_string(), frontmatter);
        self.out.html = self.render_document(ctx, &doc, true);
        self.out.text = self.out.text.trim().to_string();
        self.out.script = self.js.as_ref().and_then(|js| js.browser_script());
        self.out
    }

    /// Renders a parsed document in its own context (imports, variables, file).
    pub fn render_document(&mut self, ctx: DocCtx, doc: &mdx::Document, block: bool) -> String {
        self.docs.push(ctx);
        for problem in &doc.problems {
            self.warn_at(
                Rule::MdxSyntax,
                problem.offset,
                problem.message.clone(),
                problem.help.clone(),
            );
        }
        self.check_component_attributes(&doc.nodes);
        if let Some(offset) = doc.too_deep {
            self.error_at(
                Rule::InputLimit,
                offset,
                format!(
                    "components and HTML tags are nested more than {} deep here",
                    mdx::MAX_NESTING
                ),
                "close some of the tags before this one: sheaf reads at most that many nested tags",
            );
        }
        let html = self.render_nodes(&doc.nodes, 0, block);
        self.docs.pop();
        html
    }

    /// Renders nodes (an element's children, dedented by `indent`) as block
    /// HTML, or as inline HTML without the wrapping paragraph.
    pub fn render_nodes(&mut self, nodes: &[Node], indent: usize, block: bool) -> String {
        let mut frag = Fragment::default();
        let mut slots: Vec<Slot> = Vec::new();
        for node in nodes {
            match node {
                Node::Text(t) => {
                    let line = self.ctx().line(t.offset);
                    frag.push_text(&dedent(&t.text, indent, t.at_line_start), line);
                }
                Node::Expr { code, offset } => match self.expression_text(code) {
                    Some(text) => {
                        let line = self.ctx().line(*offset);
                        frag.push_text(&text, line);
                    }
                    None => {
                        frag.md.push_str(&token(slots.len()));
                        slots.push(Slot::Expr(code, *offset));
                    }
                },
                Node::Element(el) => {
                    let tok = token(slots.len());
                    slots.push(Slot::Element(el));
                    if el.inline {
                        frag.md.push_str(&tok);
                    } else {
                        let line = self.ctx().line(el.offset);
                        frag.push_block(&tok, line);
                    }
                }
            }
        }
        frag.without_indented_code();
        if !block {
            frag.keep_inline();
        }
        let html = self.markdown_to_html(&frag, &slots);
        if block {
            html
        } else {
            unwrap_paragraph(html)
        }
    }

    /// The text an `{expression}` stands for, escaped, when it can be read
    /// without running it: a prop, an exported variable, a literal (`+`
    /// and template literals evaluated); nothing for a comment alone.
    /// `None`: it runs in the sandbox ([`Slot::Expr`]).
    fn expression_text(&mut self, code: &str) -> Option<String> {
        let without = super::super::attrs::without_comments(code);
        let code = without.trim();
        if code.is_empty() {
            return Some(String::new());
        }
        // `## Setup {#custom-id}`: a heading's id, read by the heading; and
        // `{{name}}`, a docs.json variable no one declared (reported where
        // variables are replaced), shown as written.
        if code.starts_with('#') || is_variable_reference(code) {
            return Some(escape(&format!("{{{code}}}")));
        }
        let value = self.expression_value(code)?;
        Some(escape(&value_text(&value).unwrap_or_default()))
    }

    /// The value of an expression that can be read without running
    /// JavaScript ([`crate::markdown::expr`]) over the document's names: its
    /// props, exported constants and frontmatter, with their fields
    /// (`props.a.b`, `name.b`, `` `v${frontmatter.version}` ``); else a
    /// constant a snippet exports (`{Name}` of `import { Name }`).
    pub(in crate::markdown) fn expression_value(&mut self, code: &str) -> Option<Value> {
        let vars = &self.ctx().vars;
        let names = |path: &[&str]| {
            let path = match path {
                ["props", rest @ ..] if !rest.is_empty() => rest,
                whole => whole,
            };
            let (first, fields) = path.split_first()?;
            (fields.iter()).try_fold(vars.get(*first)?.clone(), |v, key| v.get(key).cloned())
        };
        if let Some(value) = super::super::expr::evaluate(code, &names) {
            return Some(value);
        }
        let path = code.strip_prefix("props.").unwrap_or(code);
        let mut parts = path.split('.');
        let root = self.lookup_var(parts.next().unwrap_or(""))?;
        parts.try_fold(root, |v, key| v.get(key).cloned())
    }

    /// `el` with each attribute expression that names the document's props
    /// or constants (`href={href}` in a snippet's component, given
    /// `href="/guide"`) written as its value; `None`, and no copy, when no
    /// attribute names anything known. What stays an expression is one
    /// sheaf cannot evaluate, which names no URL ([`AttrList::url`]).
    ///
    /// [`AttrList::url`]: super::super::attrs::AttrList::url
    pub(in crate::markdown) fn with_known_attrs(&mut self, el: &Element) -> Option<Element> {
        let mut known: Option<Vec<Attr>> = None;
        for (i, attr) in el.attrs.iter().enumerate() {
            let AttrValue::Expr(code) = &attr.value else {
                continue;
            };
            // Spreads (`...`) and stray braces (`{}`) are no attributes.
            let named = attr.name.starts_with(|c: char| c.is_alphabetic());
            if !named || code.trim_start().starts_with('<') || parse_literal(code).is_some() {
                continue;
            }
            let Some(value) = self.expression_value(without_comments(code).trim()) else {
                continue;
            };
            // `{children}` of a component is a mark for its children's
            // place in the text, not a value.
            if value_text(&value).is_some_and(|text| text.contains('\u{E000}')) {
                continue;
            }
            let attrs = known.get_or_insert_with(|| el.attrs.clone());
            attrs[i].value = match value {
                Value::String(text) => AttrValue::Str(text),
                other => AttrValue::Expr(other.to_string()),
            };
        }
        let attrs = known?;
        Some(Element {
            attrs,
            ..el.clone()
        })
    }

    /// The value of `name`: a prop, or a constant a snippet exports under
    /// the name it was imported as (`import { PyConnect as Connect }`).
    fn lookup_var(&mut self, name: &str) -> Option<Value> {
        if let Some(v) = self.ctx().vars.get(name) {
            return Some(v.clone());
        }
        let import = self.ctx().imports.get(name).filter(|i| i.named)?.clone();
        let esm = self.snippet_esm(&import.source, import.offset)?;
        esm.exports.get(&import.exported).cloned()
    }
}

/// Whether `code` (inside the braces) is `{name}`: a `{{name}}` docs.json
/// variable.
fn is_variable_reference(code: &str) -> bool {
    let Some(inner) = code.strip_prefix('{').and_then(|c| c.strip_suffix('}')) else {
        return false;
    };
    let inner = inner.trim();
    inner.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && inner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}
