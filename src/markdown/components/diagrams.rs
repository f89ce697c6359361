//! Source-text components: Mermaid diagrams and Latex formulas.
//!
//! A formula becomes MathML at build time ([`super::super::math`]). A
//! Mermaid diagram stays its source, readable in a captioned `<pre>`:
//! drawing it needs Mermaid's JavaScript, which sheaf does not ship.

use super::super::attrs::{parse_literal, AttrList};
use super::super::html::escape;
use super::super::math::math_html;
use super::super::mdx::{self, Element, Node};
use super::super::render::Renderer;

/// A Mermaid diagram's source in a captioned figure (also used for
/// ```` ```mermaid ```` fences).
pub fn mermaid_html(source: &str) -> String {
    format!(
        "<figure class=\"c-mermaid\"><pre class=\"c-mermaid-source\"><code class=\"language-mermaid\">{}</code></pre>\
         <figcaption>Diagram source (Mermaid)</figcaption></figure>",
        escape(source.trim())
    )
}

impl Renderer<'_> {
    /// Mermaid: the `chart` attribute, or the children as written.
    pub(super) fn mermaid(&mut self, el: &Element) -> String {
        let source = el
            .attrs
            .text("chart")
            .unwrap_or_else(|| source_text(&el.children));
        self.push_text(&source);
        self.push_text("\n");
        mermaid_html(&source)
    }

    /// Latex: the children as a formula, inline within a line of text and
    /// a display block on lines of their own.
    pub(super) fn latex(&mut self, el: &Element) -> String {
        let tex = source_text(&el.children);
        let tex = tex.trim();
        self.push_text(tex);
        let (html, problem) = math_html(tex, !el.inline);
        if let Some(reason) = problem {
            self.warn_at(
                el.offset,
                format!("`<Latex>` formula `{tex}` is not valid TeX: {reason}"),
                Some("sheaf shows its source instead".to_string()),
            );
        }
        html
    }
}

/// Children as the author wrote them: text with the MDX layer's escapes
/// undone, and `{…}` kept as braces (TeX groups, Mermaid shapes) unless
/// it holds a string literal.
fn source_text(children: &[Node]) -> String {
    let mut out = String::new();
    for node in children {
        match node {
            Node::Text(t) => {
                out.push_str(&t.text.replace("&lt;", "<").replace(mdx::ESCAPED_LT, "<"))
            }
            Node::Expr { code, .. } => match parse_literal(code) {
                Some(serde_json::Value::String(s)) => out.push_str(&s),
                _ => {
                    out.push('{');
                    out.push_str(code);
                    out.push('}');
                }
            },
            Node::Element(_) => {}
        }
    }
    out
}
