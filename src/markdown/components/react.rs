//! React components run by [`crate::jsx`]: one a document declares in its
//! own ESM (`export const Counter = () => { … }`) or imports by name from
//! a snippet (`.jsx`, `.js`, `.tsx`, `.ts`, or an `.mdx` snippet's ESM).
//!
//! Each instance is compiled to `__jsx(Name, {props}, children)` (props
//! as written: strings, expressions, JSX, spreads; the element's MDX children
//! rendered by sheaf and passed as trusted HTML) and rendered in the
//! page's sandbox. Mintlify components it calls (`<Badge>`, `<Card>`) are
//! rendered by sheaf ([`Renderer::host_html`]) and remembered for the
//! browser; its `href`/`src` URLs are checked and rewritten as the page's
//! own. A component whose code uses hooks or event handlers makes the page
//! live: each instance then stands in a `<sheaf-island>` and the page ships
//! its script (`JsPage::browser_script`).
//!
//! What fails (code that does not compile, a throw, the page's budget of
//! operations or memory running out) is a `component-code` warning at the
//! instance's line, and the instance shows its children, as an unknown
//! component does; the page still builds.

use serde_json::{Map, Value};

use super::super::attrs::{Attr, AttrValue};
use super::super::html::{escape, visible_text};
use super::super::mdx::{self, Element, Import, Node};
use super::super::render::Renderer;
use super::super::UrlKind;
use super::react_scope::FAILED_HELP;
use super::{fill_children, CHILDREN, KNOWN};
use crate::jsx::{self, HOST_CLOSE, HOST_OPEN};
use crate::rules::Rule;

impl Renderer<'_> {
    /// A component the current document declares in its own ESM.
    pub(super) fn declared_component(&mut self, el: &Element) -> Option<String> {
        let esm = &self.ctx().esm;
        if esm.is_empty() || !esm.contains(el.name.split('.').next()?) {
            return None;
        }
        let scope = self.js_scope()?;
        let root = el.name.split('.').next()?;
        scope
            .exports
            .iter()
            .any(|e| e == root)
            .then(|| self.js_instance(el, scope.index))
    }

    /// A component imported by name from a snippet module that exports it.
    pub(super) fn imported_js_component(
        &mut self,
        el: &Element,
        import: &Import,
    ) -> Option<String> {
        let module = self.js_module(&import.source, import.offset)?;
        if !module.exports.contains(&import.exported) {
            return None;
        }
        let scope = self.js_scope()?;
        Some(self.js_instance(el, scope.index))
    }

    /// Why an imported name could not be run, for the `js-component` warning.
    pub(super) fn js_import_problem(&mut self, import: &Import) -> String {
        let source = &import.source;
        if !source.starts_with('/') && !source.starts_with('.') {
            return format!("`{source}` is an npm package, which Mintlify does not install; import components from `/snippets/`");
        }
        if !import.named {
            return format!(
                "Mintlify components are named exports: write `import {{ {} }} from \"{source}\"`",
                import.name
            );
        }
        match self.js_module(source, import.offset) {
            Some(_) => format!("`{source}` exports no component `{}`", import.exported),
            None => format!("`{source}` was not found in the docs root"),
        }
    }

    /// One instance rendered in the sandbox; its children on failure.
    fn js_instance(&mut self, el: &Element, scope: usize) -> String {
        let code = match self.instance_code(el) {
            Ok(code) => code,
            Err(message) => return self.js_failed(el, message),
        };
        match self.js_render(scope, code, el.offset, el.inline) {
            Ok(html) => html,
            Err(failure) => {
                let message = format!("`<{}>` could not render: {failure}", el.name);
                self.js_failed(el, message)
            }
        }
    }

    /// Compiled code making an element (or any value React renders), run
    /// in the document's `scope` and rendered: the Mintlify components it
    /// calls drawn by sheaf, its URLs made the page's own, its text
    /// recorded for search; a live page keeps it as an island.
    pub(super) fn js_render(
        &mut self,
        scope: usize,
        code: String,
        offset: usize,
        inline: bool,
    ) -> Result<String, jsx::Failure> {
        let id = self.js_page().script.instance_count() + 1;
        let page = self.js_page();
        let rendered = match &page.engine {
            Ok(engine) => engine.render(scope, &code, &format!("i{id}-")),
            Err(failure) => Err(failure.clone()),
        }?;
        let html = self.resolve_hosts(rendered, offset, inline);
        let html = self.rewrite_component_urls(&html, offset);
        self.push_text(&visible_text(&html));
        self.push_text("\n");
        let page = self.js_page();
        if !page.script.live {
            return Ok(html);
        }
        page.script.add_instance(id, scope, code);
        Ok(format!("<sheaf-island data-i={id}>{html}</sheaf-island>"))
    }

    fn js_failed(&mut self, el: &Element, message: String) -> String {
        self.warn_at(
            Rule::ComponentCode,
            el.offset,
            message,
            Some(FAILED_HELP.to_string()),
        );
        self.unknown_box(el)
    }

    /// `__jsx(Name, {props}, children)`, compiled.
    fn instance_code(&mut self, el: &Element) -> Result<String, String> {
        let props: Vec<String> = el.attrs.iter().filter_map(prop_code).collect();
        let mut code = format!("__jsx({}, {{{}}}", el.name, props.join(", "));
        if !el.children.is_empty() {
            let children = self.children_html(el);
            code.push_str(&format!(", __sheafJsx.raw({})", Value::from(children)));
        }
        code.push(')');
        jsx::compile::expression(&code)
            .map_err(|p| format!("its props are not JavaScript sheaf can read: {}", p.message))
    }

    /// The HTML with each host component's placeholder replaced by what
    /// sheaf renders for it; live pages remember each for the browser.
    fn resolve_hosts(&mut self, rendered: jsx::Rendered, offset: usize, inline: bool) -> String {
        let mut finals: Vec<String> = Vec::with_capacity(rendered.calls.len());
        for jsx::HostCall(name, props, children) in rendered.calls {
            let children = fill_hosts(&children, &finals);
            let html = self.host_html(&name, &props, &children, offset, inline);
            let key = format!("{name}\u{0}{props}\u{0}{children}");
            self.js_page().memo.insert(key, Value::from(html.clone()));
            finals.push(html);
        }
        fill_hosts(&rendered.html, &finals)
    }

    /// A Mintlify component a user component called, rendered by sheaf
    /// with `props` (JSON) and `children` (HTML) at the instance's place.
    fn host_html(
        &mut self,
        name: &str,
        props: &str,
        children: &str,
        offset: usize,
        inline: bool,
    ) -> String {
        let props: Map<String, Value> = serde_json::from_str(props).unwrap_or_default();
        let attrs = props
            .into_iter()
            .map(|(name, v)| Attr {
                name,
                value: attr_value(v),
            })
            .collect();
        let el = Element {
            name: name.to_string(),
            attrs,
            children: match children.is_empty() {
                true => Vec::new(),
                false => vec![Node::Expr {
                    code: "children".into(),
                    offset,
                }],
            },
            offset,
            open_end: offset,
            close: None,
            inline,
            flow: false,
            child_indent: 0,
        };
        let vars = &mut self.docs.last_mut().expect("a document").vars;
        let saved = vars.insert("children".into(), Value::from(CHILDREN));
        let text_before = self.out.text.len();
        let html = self.render_element(&el);
        let vars = &mut self.docs.last_mut().expect("a document").vars;
        match saved {
            Some(value) => vars.insert("children".into(), value),
            None => vars.remove("children"),
        };
        let tail = self.out.text.split_off(text_before).replace(CHILDREN, "");
        self.out.text.push_str(&tail);
        fill_children(&html, children)
    }

    /// The `href` and `src` values of component HTML, checked and
    /// rewritten as the page's own links and files are.
    fn rewrite_component_urls(&mut self, html: &str, offset: usize) -> String {
        let mut out = String::with_capacity(html.len());
        let mut rest = html;
        while let Some((at, kind, len)) = next_url_attr(rest) {
            out.push_str(&rest[..at + len]);
            rest = &rest[at + len..];
            let end = rest.find('"').unwrap_or(rest.len());
            let url = html_escape::decode_html_entities(&rest[..end]).into_owned();
            let rewritten = match is_site_url(&url) {
                true => self.rewrite_url(&url, kind, offset),
                false => url.clone(),
            };
            if rewritten != url {
                self.js_page()
                    .memo
                    .insert(format!("url\u{0}{url}"), Value::from(rewritten.clone()));
            }
            out.push_str(&escape(&rewritten));
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    }
}

/// Whether JSX calls a component that is not one of Mintlify's (another
/// component of its file, say): only JavaScript can resolve that name.
pub(super) fn names_other_components(jsx: &str) -> bool {
    jsx.match_indices('<').any(|(at, _)| {
        let name: String = jsx[at + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '_')
            .collect();
        name.starts_with(|c: char| c.is_ascii_uppercase()) && !KNOWN.contains(&name.as_str())
    })
}

/// One prop as JavaScript: `"title": "x"`, `"cols": (2)`, `"open": true`.
/// A spread (`{...props}`) is `...(props)`; what is no attribute at all
/// (`{"x"}`, reported by the parser) is left out.
fn prop_code(attr: &Attr) -> Option<String> {
    let value = match &attr.value {
        AttrValue::Expr(code) if attr.name == mdx::SPREAD => return Some(format!("...({code}\n)")),
        _ if attr.name == mdx::NOT_AN_ATTRIBUTE => return None,
        AttrValue::Bare => "true".to_string(),
        AttrValue::Str(s) => Value::from(s.as_str()).to_string(),
        AttrValue::Expr(code) => format!("({code}\n)"),
    };
    Some(format!("{}: {value}", Value::from(attr.name.as_str())))
}

/// A host component's prop as the attribute sheaf's components read.
fn attr_value(value: Value) -> AttrValue {
    match value {
        Value::String(s) => AttrValue::Str(s),
        Value::Bool(true) => AttrValue::Bare,
        other => AttrValue::Expr(other.to_string()),
    }
}

/// `html` with each host placeholder replaced by its rendered HTML.
fn fill_hosts(html: &str, finals: &[String]) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find(HOST_OPEN) {
        out.push_str(&rest[..open]);
        let after = &rest[open + HOST_OPEN.len_utf8()..];
        let close = after.find(HOST_CLOSE).unwrap_or(after.len());
        let index: Option<usize> = after[..close].parse().ok();
        out.push_str(index.and_then(|i| finals.get(i)).map_or("", String::as_str));
        rest = after.get(close + HOST_CLOSE.len_utf8()..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// The next ` href="` or ` src="`: (offset, kind, length).
fn next_url_attr(html: &str) -> Option<(usize, UrlKind, usize)> {
    let href = html.find(" href=\"").map(|at| (at, UrlKind::Link, 7));
    let src = html.find(" src=\"").map(|at| (at, UrlKind::Asset, 6));
    match (href, src) {
        (Some(a), Some(b)) => Some(if a.0 < b.0 { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// A URL into the site (a path), not another site's, a fragment or a
/// `mailto:`/`data:` URL.
fn is_site_url(url: &str) -> bool {
    !url.is_empty() && !url.starts_with('#') && !url.contains(':') && !url.starts_with("//")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_placeholders_are_filled_in_order() {
        let finals = vec!["<b>a</b>".to_string(), "<i>b</i>".to_string()];
        let html = format!("x{HOST_OPEN}1{HOST_CLOSE}y{HOST_OPEN}0{HOST_CLOSE}");
        assert_eq!(fill_hosts(&html, &finals), "x<i>b</i>y<b>a</b>");
    }

    #[test]
    fn props_keep_their_kinds() {
        let attr = |name: &str, value| Attr {
            name: name.into(),
            value,
        };
        assert_eq!(
            prop_code(&attr("open", AttrValue::Bare)).unwrap(),
            "\"open\": true"
        );
        let spread = attr(mdx::SPREAD, AttrValue::Expr("rest".into()));
        assert_eq!(prop_code(&spread).unwrap(), "...(rest\n)");
        assert_eq!(
            prop_code(&attr(mdx::NOT_AN_ATTRIBUTE, AttrValue::Expr("1".into()))),
            None
        );
        assert_eq!(
            prop_code(&attr("data-x", AttrValue::Str("a\"b".into()))).unwrap(),
            "\"data-x\": \"a\\\"b\""
        );
        assert_eq!(
            prop_code(&attr("n", AttrValue::Expr("1 + 2".into()))).unwrap(),
            "\"n\": (1 + 2\n)"
        );
    }

    #[test]
    fn only_site_paths_are_rewritten() {
        assert!(is_site_url("/quickstart") && is_site_url("images/a.png"));
        assert!(
            !is_site_url("https://x.dev") && !is_site_url("#top") && !is_site_url("mailto:a@b")
        );
    }
}
