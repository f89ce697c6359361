//! Source-text components: Mermaid diagrams and Latex formulas.
//!
//! Both are drawn at build time, so pages need no script for them: a
//! formula becomes MathML ([`super::super::math`]), a Mermaid diagram an
//! inline SVG drawn by `mermaid-rs-renderer`, with its source kept below it
//! in a closed `<details>` (readable, copyable, and what a screen reader
//! can fall back on). A diagram the renderer rejects shows its source, with
//! a warning.

use super::super::attrs::{parse_literal, AttrList};
use super::super::html::escape;
use super::super::math::math_html;
use super::super::mdx::{self, Element, Node};
use super::super::render::{Renderer, MERMAID_HELP};
use super::super::untrusted::runs_script;
use crate::rules::Rule;

impl Renderer<'_> {
    /// Mermaid: the `chart` attribute, or the children as written.
    pub(super) fn mermaid(&mut self, el: &Element) -> String {
        let source = el
            .attrs
            .text("chart")
            .unwrap_or_else(|| source_text(&el.children));
        self.push_text(&source);
        self.push_text("\n");
        let (html, problem) = self.mermaid_figure(&source);
        if let Some(message) = problem {
            self.warn_at(
                Rule::InvalidMermaid,
                el.offset,
                message,
                Some(MERMAID_HELP.into()),
            );
        }
        html
    }

    /// A Mermaid diagram (the component or a ```` ```mermaid ```` fence) as
    /// a figure with the drawing and its source; with the problem to report
    /// when it cannot be drawn (the figure then shows the source alone).
    pub(crate) fn mermaid_figure(&mut self, source: &str) -> (String, Option<String>) {
        let id = self.unique_id("mermaid");
        match self.draw_diagram(source) {
            Ok(svg) => (mermaid_figure_html(&page_svg(&svg, &id), source), None),
            Err(reason) => (
                mermaid_source_html(source),
                Some(format!("Mermaid diagram cannot be drawn: {reason}")),
            ),
        }
    }
}

impl Renderer<'_> {
    /// Latex: the children as a formula, inline within a line of text and
    /// a display block on lines of their own.
    pub(super) fn latex(&mut self, el: &Element) -> String {
        let tex = source_text(&el.children);
        let tex = tex.trim();
        self.push_text(tex);
        let (html, problem) = math_html(tex, !el.inline);
        if let Some(reason) = problem {
            self.warn_at(
                Rule::InvalidTex,
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

/// The figure of a drawn diagram: the SVG, then its source folded away.
fn mermaid_figure_html(svg: &str, source: &str) -> String {
    format!(
        "<figure class=\"c-mermaid mermaid\" data-component-name=\"mermaid-container\">{svg}<details class=\"c-mermaid-details\"><summary>Diagram source</summary>\
         <pre class=\"c-mermaid-source\"><code class=language-mermaid>{}</code></pre></details></figure>",
        escape(source.trim())
    )
}

/// A diagram that could not be drawn: its source in a captioned figure.
fn mermaid_source_html(source: &str) -> String {
    format!(
        "<figure class=\"c-mermaid mermaid\" data-component-name=\"mermaid-container\"><pre class=\"c-mermaid-source\"><code class=language-mermaid>{}</code></pre>\
         <figcaption>Diagram source (Mermaid)</figcaption></figure>",
        escape(source.trim())
    )
}

/// Draws `source` as an SVG element fit for inlining into a page: it scales
/// down with its column, its ids start with `id` (two diagrams on a page
/// never share one), and links with a script URL (`click` lines) are inert.
/// A drawing as one page shows it: its ids prefixed with `id` (unique on
/// the page), sized by the column, script links made inert.
fn page_svg(svg: &str, id: &str) -> String {
    inert_script_links(&responsive(&prefix_ids(svg, id)))
}

/// `id="x"`, `url(#x)` and `href="#x"` with `prefix-` before each id.
fn prefix_ids(svg: &str, prefix: &str) -> String {
    svg.replace(" id=\"", &format!(" id=\"{prefix}-"))
        .replace("url(#", &format!("url(#{prefix}-"))
        .replace("href=\"#", &format!("href=\"#{prefix}-"))
}

/// The root element's fixed `width`/`height` become a width that follows
/// the column up to the drawn size (the `viewBox` keeps the proportions),
/// and the drawing is labelled for assistive technology.
fn responsive(svg: &str) -> String {
    let Some(end) = svg.find('>') else {
        return svg.to_string();
    };
    let (root, rest) = svg.split_at(end);
    let mut tag = String::from("<svg");
    let mut width = None;
    for (name, value) in root_attributes(root) {
        match name {
            "width" => width = Some(value),
            "height" => {}
            _ => tag.push_str(&format!(" {name}=\"{value}\"")),
        }
    }
    // Mintlify's name for the drawing, which sites' own CSS targets.
    tag.push_str(" data-component-part=\"mermaid-diagram\" role=\"img\" aria-label=\"Diagram\"");
    if let Some(width) = width {
        tag.push_str(&format!(" style=\"max-width:{width}px\""));
    }
    tag + rest
}

/// The `name="value"` pairs of an element's start tag (values as written).
fn root_attributes(tag: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = tag.trim_start_matches("<svg");
    while let Some(eq) = rest.find("=\"") {
        let name = rest[..eq].trim();
        let after = &rest[eq + 2..];
        let Some(close) = after.find('"') else { break };
        out.push((name, &after[..close]));
        rest = &after[close + 1..];
    }
    out
}

/// `href`s with a URL that runs script ([`runs_script`]) emptied, as
/// Mermaid's own strict security level does.
fn inert_script_links(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find("href=\"") {
        let value_start = at + "href=\"".len();
        out.push_str(&rest[..value_start]);
        rest = &rest[value_start..];
        let end = rest.find('"').unwrap_or(rest.len());
        if !runs_script(&rest[..end]) {
            out.push_str(&rest[..end]);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}
