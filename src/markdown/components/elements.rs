//! Lowercase elements MDX passes through that sheaf does not render as
//! HTML markup, treated as Mintlify treats them. The oracle is
//! `@mintlify/common` (`mdx/utils.js`'s `allowedComponents`, and
//! `mdx/plugins/remark/remarkMdxRemoveUnknownJsx`): an element on lines of
//! its own whose name is neither an allowed HTML element nor a component
//! becomes an empty comment, children and all; `script` and `head` are
//! allowed and rendered by React as written.
//!
//! - `<script>` is written as the author wrote it and runs in the
//!   reader's browser when the page loads, as on Mintlify's server-rendered
//!   pages; sheaf never runs it at build time. It is no wider a door than
//!   what a docs root already opens: its root `.js` files run on every page
//!   and its React components run live. A located `html-element` note says
//!   so, so a reviewer of a pull request sees it.
//! - `<style>` is written as a `<style>` element with its CSS (text, or a
//!   `{`template literal`}`), never shown as text.
//! - `<head>` is left out of the page: sheaf writes a page's head from its
//!   frontmatter; a note names the keys to use instead (sheaf differs here
//!   on purpose: React would put `<head>` in the body).
//! - Any other lowercase or namespaced name (`<note>`, `<custom-el>`,
//!   `<x:note>`) is written as an element of that name with its content,
//!   as MDX compiles it and React renders it (a custom element, or an
//!   unknown one the browser shows as an inline box). Mintlify's own
//!   renderer drops such an element on lines of its own, children and
//!   all; sheaf departs from it on purpose, so that nothing an author
//!   wrote is lost (its content is what `@mdx-js/mdx` reads, and the
//!   site's own CSS or scripts may style or define the element); a note
//!   says so where it stands on lines of its own, for an author who used
//!   it to hide a draft on Mintlify. A name
//!   that is no valid element name is written as a `<div>` (`<span>`
//!   inside a line).

use serde_json::Value;

use super::super::mdx::{Element, Node};
use super::super::render::Renderer;
use crate::rules::Rule;

impl Renderer<'_> {
    /// A lowercase element that is not an HTML element sheaf renders.
    pub(super) fn lowercase_element(&mut self, el: &Element) -> String {
        match el.name.as_str() {
            "script" => {
                self.element_note(el, "runs in the reader's browser when the page loads, as on Mintlify; sheaf never runs it at build time", "keep scripts you trust only; a site-wide script belongs in a `.js` file of the docs root");
                raw_element(el, self.html_attrs(el))
            }
            "style" => raw_element(el, self.html_attrs(el)),
            "head" => {
                self.element_note(
                    el,
                    "is left out: sheaf writes a page's head from its frontmatter",
                    "use the frontmatter keys `title`, `description` and `noindex` instead",
                );
                String::new()
            }
            name => {
                if !el.inline {
                    self.element_note(el, "is written as an element with its content, as MDX reads it; Mintlify's renderer leaves out an element it does not know on lines of its own, content and all", "to hide a draft, take it out of the page; to show it, this is already done");
                }
                let body = self.children_html(el);
                let tag = match is_element_name(name) {
                    true => name,
                    false if el.inline => "span",
                    false => "div",
                };
                let attrs = self.html_attrs(el);
                format!("<{tag}{attrs}>{body}</{tag}>")
            }
        }
    }

    fn element_note(&mut self, el: &Element, what: &str, help: &str) {
        if self.first_use_of(&el.name) {
            let message = format!("`<{}>` {what}", el.name);
            self.note_at(Rule::HtmlElement, el.offset, message, help.to_string());
        }
    }
}

/// Whether `name` can be written as an HTML element's tag as it is:
/// lowercase letters, digits, `-`, `_` and `:` after a letter.
fn is_element_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | ':'))
}

/// `<name attrs>text</name>` with the children's text verbatim, made safe
/// to stand in HTML (no `</` can end the element early).
fn raw_element(el: &Element, attrs: String) -> String {
    let text: String = el.children.iter().map(raw_text).collect();
    let name = &el.name;
    format!("<{name}{attrs}>{}</{name}>", text.replace("</", "<\\/"))
}

/// A child's text as written: text as is, an expression holding a string
/// (`{`…`}`, `{"…"}`) as its value; anything else has no text.
fn raw_text(node: &Node) -> String {
    match node {
        Node::Text(text) => text.text.clone(),
        Node::Expr { code, .. } => string_value(code.trim()).unwrap_or_default(),
        Node::Element(_) => String::new(),
    }
}

/// The value of a JavaScript string or template literal without
/// substitutions.
fn string_value(code: &str) -> Option<String> {
    if let Some(inner) = code.strip_prefix('`').and_then(|c| c.strip_suffix('`')) {
        return (!inner.contains("${")).then(|| inner.replace("\\`", "`"));
    }
    match serde_json::from_str::<Value>(code).ok()? {
        Value::String(s) => Some(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_template_literals_are_text() {
        assert_eq!(
            string_value("`.x { color: red; }`").unwrap(),
            ".x { color: red; }"
        );
        assert_eq!(string_value("\"a\"").unwrap(), "a");
        assert_eq!(string_value("`${x}`"), None);
        assert_eq!(string_value("1 + 2"), None);
    }
}
