//! `<CodeBlock>`: code written as a component, as Mintlify's own docs do
//! for code kept in snippets: `<CodeBlock filename="Python"
//! language="python">{PyConnect}</CodeBlock>`, where `PyConnect` is a
//! string a snippet exports. The children are the code: string literals
//! and imported strings as they are, other text trimmed, the whitespace
//! between them dropped (as JSX drops it). Rendered like a fenced block
//! (highlighted, titled by `filename`), also as a tab of a `<CodeGroup>`.

use serde_json::Value;

use super::super::attrs::AttrList;
use super::super::highlight::CodeInfo;
use super::super::mdx::{self, Element, Node};
use super::super::render::Renderer;

impl Renderer<'_> {
    /// A `<CodeBlock>` as a highlighted code block.
    pub(super) fn code_block_element(&mut self, el: &Element) -> String {
        let code = self.code_of(el);
        let info = CodeInfo {
            lang: el.attrs.text("language").map(|l| l.to_ascii_lowercase()),
            title: el.attrs.text("filename").or_else(|| el.attrs.text("title")),
        };
        self.push_text(&code);
        self.highlight_block(&info, &code)
    }

    /// The code a `<CodeBlock>`'s children spell; an expression that is
    /// neither a string literal nor a known string stays as written.
    fn code_of(&mut self, el: &Element) -> String {
        let mut code = String::new();
        for node in &el.children {
            match node {
                Node::Text(text) if text.text.trim().is_empty() => {}
                Node::Text(text) => {
                    let written = text.text.replace(mdx::ESCAPED_LT, "<");
                    code.push_str(written.trim());
                }
                Node::Expr {
                    code: expression, ..
                } => {
                    code.push_str(&self.string_of(expression.trim()));
                }
                Node::Element(_) => {}
            }
        }
        // As a fenced block's code, it ends with a line break.
        if !code.ends_with('\n') {
            code.push('\n');
        }
        code
    }

    /// The string an expression in code stands for.
    fn string_of(&mut self, expression: &str) -> String {
        match self.expression_value(expression) {
            Some(Value::String(text)) => text,
            _ => format!("{{{expression}}}"),
        }
    }
}
