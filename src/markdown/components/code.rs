//! `<CodeBlock>`: code written as a component, as Mintlify's own docs do
//! for code kept in snippets: `<CodeBlock filename="Python"
//! language="python">{PyConnect}</CodeBlock>`, where `PyConnect` is a
//! string a snippet exports. The children are the code: string literals
//! and imported strings as they are, other text trimmed, the whitespace
//! between them dropped (as JSX drops it). Rendered like a fenced block
//! (highlighted, titled by `filename`), also as a tab of a `<CodeGroup>`.

use serde_json::Value;

use super::super::attrs::{Attr, AttrList};
use super::super::highlight::CodeInfo;
use super::super::mdx::{self, Element, Node};
use super::super::render::Renderer;

impl Renderer<'_> {
    /// A `<CodeBlock>` as a highlighted code block.
    pub(super) fn code_block_element(&mut self, el: &Element) -> String {
        let code = self.code_of(el);
        let info = code_info(&el.attrs);
        let line = self.line_of(el.offset);
        self.code_block_at(&info, &code, line)
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

/// A `<CodeBlock>`'s props as a fence's options: `language`, `filename`
/// (or `title`), `icon`, the flags (`lines`, `wrap`, `expandable`,
/// `nocopy`, `twoslash`) and the lines to `highlight` and `focus`
/// (`"[1,3]"`, `{[1, 3]}`, `"1,3-4"`).
fn code_info(attrs: &[Attr]) -> CodeInfo {
    let mut info = CodeInfo {
        lang: attrs.text("language").map(|l| l.to_ascii_lowercase()),
        title: attrs.text("filename").or_else(|| attrs.text("title")),
        icon: attrs.text("icon"),
        ..CodeInfo::default()
    };
    for flag in ["lines", "wrap", "expandable", "nocopy", "twoslash"] {
        if AttrList::get(attrs, flag).is_some() {
            info.set_flag(flag, attrs.flag(flag));
        }
    }
    for key in ["highlight", "focus"] {
        if let Some(value) = AttrList::get(attrs, key) {
            info.set_option(key, &line_list(&value.to_json()));
        }
    }
    info
}

/// A line list prop as text: an array's items joined by commas.
fn line_list(value: &Value) -> String {
    match value {
        Value::Array(items) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .map_or_else(|| item.to_string(), str::to_string)
            })
            .collect::<Vec<_>>()
            .join(","),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::attrs::AttrValue;

    fn attr(name: &str, value: AttrValue) -> Attr {
        Attr {
            name: name.to_string(),
            value,
        }
    }

    #[test]
    fn props_are_the_fence_options() {
        let info = code_info(&[
            attr("language", AttrValue::Str("Python".into())),
            attr("filename", AttrValue::Str("app.py".into())),
            attr("icon", AttrValue::Str("python".into())),
            attr("lines", AttrValue::Bare),
            attr("wrap", AttrValue::Expr("false".into())),
            attr("highlight", AttrValue::Str("[1,3]".into())),
            attr("focus", AttrValue::Expr("[2, 4]".into())),
        ]);
        assert_eq!(info.lang.as_deref(), Some("python"));
        assert_eq!(info.title.as_deref(), Some("app.py"));
        assert_eq!(info.icon.as_deref(), Some("python"));
        assert!(info.lines && !info.wrap);
        assert!(info.highlight.contains(3) && !info.highlight.contains(2));
        assert!(info.focus.contains(4) && !info.focus.contains(3));
        assert!(info.problems.is_empty(), "{:?}", info.problems);
    }
}
