//! `{expression}`s in a page or snippet body whose value sheaf cannot read
//! from the text alone ([`crate::markdown::expr`] reads literals, names and
//! sums first): `{items.map((c) => <Card title={c.label} />)}`,
//! `{open && <Note>…</Note>}`, `{["a", "b"].length}`, template literals
//! over imported values. MDX compiles each into the page's JavaScript and
//! React renders its value; sheaf does the same in the page's component
//! sandbox ([`crate::jsx`]):
//!
//! - the expression is compiled by `oxc` (JSX inside it as `__jsx` calls),
//!   then run in the current document's scope (its `export const`s and
//!   imports, the page's shared scope) with the document's variables
//!   (frontmatter, a snippet's props, also as `props`) in front;
//! - its value is rendered as React renders a child: elements, arrays of
//!   them, text and numbers; nothing for `null`, `undefined` and booleans.
//!   Mintlify's components it names (`<Icon>`, `<Card>`) are drawn by sheaf
//!   as everywhere else, plain HTML elements as written, and URLs are
//!   checked and made the page's own;
//! - an expression that does not compile or throws (`{undefinedName}`:
//!   `ReferenceError`) is an `mdx-expression` warning at its line saying
//!   why, and nothing stands in its place: never its source text.

use serde_json::{Map, Value};

use super::super::render::Renderer;
use crate::jsx;
use crate::rules::Rule;

/// The help line of an expression that could not be evaluated.
const HELP: &str = "MDX runs `{…}` as JavaScript and React shows its value; \
fix the expression, declare the names it uses (`export const name = …`), \
or write `\\{` for a literal brace";

impl Renderer<'_> {
    /// The HTML of `code`'s value, evaluated in the sandbox; nothing, and
    /// a warning, when it cannot be evaluated.
    pub(in crate::markdown) fn sandbox_expression(
        &mut self,
        code: &str,
        offset: usize,
        inline: bool,
    ) -> String {
        let compiled = match jsx::compile::expression(code) {
            Ok(compiled) => compiled,
            Err(problem) => {
                let message = format!(
                    "this expression is not JavaScript MDX can run: {}",
                    problem.message
                );
                self.expression_warning(offset + 1 + problem.offset, message);
                return String::new();
            }
        };
        let Some(scope) = self.js_scope() else {
            // The document's own code does not compile: reported there.
            return String::new();
        };
        let vars = self.expression_vars();
        let code = format!("(function () {{ with ({vars}) {{ return ({compiled}\n); }} }})()");
        match self.js_render(scope.index, code, offset, inline) {
            Ok(html) => html,
            Err(failure) => {
                let message = format!("this expression could not be evaluated: {failure}");
                self.expression_warning(offset, message);
                String::new()
            }
        }
    }

    fn expression_warning(&mut self, offset: usize, message: String) {
        self.warn_at(Rule::MdxExpression, offset, message, Some(HELP.to_string()));
    }

    /// The document's variables (frontmatter, exported constants, a
    /// snippet's props) as a JavaScript object, with `props` naming them
    /// all unless a variable has that name.
    fn expression_vars(&self) -> String {
        let vars = &self.ctx().vars;
        let mut object: Map<String, Value> = vars
            .iter()
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        object.sort_keys();
        if !object.contains_key("props") {
            object.insert("props".to_string(), Value::Object(object.clone()));
        }
        Value::Object(object).to_string()
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::markdown::{Markdown, PageEnv, Rendered, SnippetError, UrlRewrite};
    use crate::rules::Rule;

    fn render(source: &str) -> Rendered {
        let snippets = |_: &str| Err(SnippetError::Missing);
        let urls = |_: &str, _| UrlRewrite::Keep;
        let mut frontmatter = serde_json::Map::new();
        frontmatter.insert("title".into(), "Title".into());
        let env = PageEnv {
            file: Path::new("page.mdx"),
            line_offset: 0,
            snippets: &snippets,
            urls: &urls,
            frontmatter: &frontmatter,
            now_ms: 0.0,
            icons: Default::default(),
            location: "",
        };
        Markdown::new().render(source, &env)
    }

    #[test]
    fn a_map_over_an_array_renders_its_elements() {
        let page = render(
            "{[{ label: 'Auth', href: '#auth' }, { label: 'Chat', href: '#chat' }].map((c) => (\n  <a key={c.href} href={c.href}>{c.label}</a>\n))}\n",
        );
        assert!(
            page.html.contains(r##"<a href="#auth">Auth</a>"##),
            "{}",
            page.html
        );
        assert!(page.html.contains(r##"<a href="#chat">Chat</a>"##));
        assert!(!page.html.contains("map("), "{}", page.html);
        assert!(page.diagnostics.is_empty(), "{:?}", page.diagnostics);
    }

    #[test]
    fn an_unknown_name_shows_nothing_and_says_where() {
        let page = render("Text.\n\nAn {undefinedName} reference.\n");
        assert!(page.html.contains("<p>An  reference.</p>"), "{}", page.html);
        let warning = &page.diagnostics[0];
        assert_eq!(warning.rule, Some(Rule::MdxExpression));
        assert_eq!(warning.position.as_ref().map(|p| p.line), Some(3));
        assert!(
            warning.message.contains("undefinedName is not defined"),
            "{}",
            warning.message
        );
    }

    #[test]
    fn a_value_over_exported_constants_and_frontmatter() {
        let page = render(
            "export const names = ['a', 'b'];\n\nLength {names.length} in {frontmatter.title.toLowerCase()}.\n",
        );
        assert!(
            page.html.contains("<p>Length 2 in title.</p>"),
            "{}",
            page.html
        );
    }

    #[test]
    fn personalization_reads_an_anonymous_user() {
        let page = render("Hello, {user.name ?? 'reader'}!\n");
        assert!(page.html.contains("<p>Hello, reader!</p>"), "{}", page.html);
        assert!(page.diagnostics.is_empty(), "{:?}", page.diagnostics);
    }

    #[test]
    fn conditions_render_mintlify_components() {
        let page = render("{true && <Note>Shown</Note>}\n\n{false && <Note>Hidden</Note>}\n");
        assert!(
            page.html.contains("Shown") && page.html.contains("callout"),
            "{}",
            page.html
        );
        assert!(!page.html.contains("Hidden") && !page.html.contains("&amp;&amp;"));
    }
}
