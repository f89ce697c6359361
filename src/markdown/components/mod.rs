//! Mintlify components and inline HTML elements to HTML. One small function
//! per component; every output uses `c-` classes styled by
//! `themes/default/components.css` and reads well without JavaScript.
//!
//! Dispatch order: an imported name (a snippet, or a JavaScript component
//! we can only show the children of), a known component, an HTML element,
//! else an unknown component (children in a `c-unknown` box and one warning
//! per component name and page). First, an attribute expression naming the
//! document's props or constants (`href={href}` in a snippet's component)
//! gets their value; one sheaf cannot evaluate names no URL: it is neither
//! checked nor written (`<a>` without `href`), never taken as the URL `href`,
//! nor passed on as a prop (its source text is not its value).
//!
//! An `href` is a page link on `<a>` and `<area>` only. On SVG's `<use>`
//! (and any other element) it names a part of a drawing: `#icon` on the
//! page is left as it is (no heading), `/sprite.svg#icon` is an asset
//! (the file checked and rewritten, `#icon` kept); `xlinkHref` is written
//! `xlink:href`.

mod api;
mod blocks;
mod cards;
mod code;
mod diagrams;
mod elements;
mod expressions;
mod frame;
mod jsx_attrs;
mod layout;
mod mode_classes;
mod names;
mod props;
mod react;
mod react_scope;
mod tabs;
mod visual;

use serde_json::Value;

use super::attrs::{style_to_css, AttrList, AttrValue};
use super::html::{attr, escape};
use super::mdx::{self, Element, Import};
use super::render::{DocCtx, Renderer};
use super::{ExampleKind, SnippetError, UrlKind};
use crate::diagnostics::did_you_mean;
use crate::rules::Rule;
use names::{canonical_name, DOTTED, KNOWN};

/// HTML elements whose children are phrasing content (rendered inline).
/// Where an exported component's `{children}` go, until the element's own
/// children (rendered where it stands) replace it: two private-use
/// characters no page text holds around a name.
const CHILDREN: &str = "\u{E000}children\u{E001}";

/// `html` with each [`CHILDREN`] mark replaced by `children`, except a mark
/// inside a tag (`title={children}`), which is dropped: markup has no place
/// in an attribute.
fn fill_children(html: &str, children: &str) -> String {
    let mut out = String::with_capacity(html.len() + children.len());
    let mut rest = html;
    while let Some(at) = rest.find(CHILDREN) {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let in_tag = out.rfind('<') > out.rfind('>');
        if !in_tag {
            out.push_str(children);
        }
        rest = &after[CHILDREN.len()..];
    }
    out.push_str(rest);
    out
}

const PHRASING: &[&str] = &[
    "a",
    "abbr",
    "b",
    "button",
    "cite",
    "code",
    "del",
    "em",
    "figcaption",
    "font",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "i",
    "ins",
    "kbd",
    "label",
    "li",
    "mark",
    "p",
    "q",
    "s",
    "samp",
    "small",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "td",
    "th",
    "time",
    "u",
    "var",
    "dt",
    "dd",
];

impl Renderer<'_> {
    /// Renders one element (component or HTML) to HTML, its attribute
    /// expressions that name the document's props or constants evaluated.
    pub fn render_element(&mut self, el: &Element) -> String {
        let html = match self.with_known_attrs(el) {
            Some(known) => self.element_html(&known),
            None => self.element_html(el),
        };
        match html.contains(jsx_attrs::OPEN) {
            true => jsx_attrs::fill(&html, &self.jsx_attrs),
            false => html,
        }
    }

    fn element_html(&mut self, el: &Element) -> String {
        // A name the current document imports, else one a document
        // including it imports: the page and its snippets share one scope.
        let root = el.name.split('.').next().unwrap_or_default();
        let import = self.docs.iter().rev().find_map(|d| d.imports.get(root));
        if let Some(import) = import.cloned() {
            return self.imported(el, &import);
        }
        match canonical_name(&el.name) {
            "Note" | "Warning" | "Info" | "Tip" | "Check" | "Danger" | "Callout" => {
                self.callout(el)
            }
            "Card" => self.card(el),
            "CardGroup" => self.card_group(el, "c-card-group card-group"),
            "Columns" => self.card_group(el, "c-card-group c-columns columns"),
            "Column" => self.wrapper(el, "div", "c-column"),
            "Accordion" => self.accordion(el),
            "AccordionGroup" => self.accordion_group(el),
            "Steps" => self.steps(el),
            "Step" => self.step(el, 1),
            "Tabs" => self.tabs(el),
            "Tab" => self.lone_tab(el),
            "CodeGroup" => self.code_group(el, "c-code-group", None),
            "CodeBlock" => self.code_block_element(el),
            "RequestExample" => self.aside_example(el, ExampleKind::Request),
            "ResponseExample" => self.aside_example(el, ExampleKind::Response),
            "Frame" => self.frame(el),
            "Icon" => self.icon_component(el),
            "Tooltip" => self.tooltip(el),
            "Expandable" => self.expandable(el),
            "ParamField" => self.param_field(el),
            "ResponseField" => self.response_field(el),
            "Update" => self.update(el),
            "Snippet" => self.snippet_component(el),
            "Latex" => self.latex(el),
            "Mermaid" => self.mermaid(el),
            "Badge" => self.badge(el),
            "Tree" => self.tree(el),
            "Tree.Folder" | "Tree.File" => self.lone_tree_item(el),
            "Color" => self.color(el),
            "Color.Row" | "Color.Item" => self.lone_color_part(el),
            "View" => self.view(el),
            "Tile" => self.tile(el),
            "Banner" => self.banner(el),
            "Visibility" => self.visibility(el),
            "Panel" => self.panel(el),
            "Prompt" => self.prompt(el),
            "Stub" => self.stub(el),
            name if mdx::is_html_tag(name) => self.html_element(el),
            name if name.starts_with(|c: char| c.is_ascii_lowercase()) && !name.contains('.') => {
                self.lowercase_element(el)
            }
            // A fragment (`<>…</>`) is its children.
            "" => self.children_html(el),
            _ => match self.declared_component(el) {
                Some(html) => html,
                None => self.unknown(el),
            },
        }
    }

    /// The element's children as HTML (block markdown when they span lines).
    pub(super) fn children_html(&mut self, el: &Element) -> String {
        self.render_nodes(&el.children, el.child_indent, el.flow)
    }

    /// Records display text of an attribute (titles) for search. JSX
    /// (`title={<span>x</span>}`) is rendered, and stands as a mark that
    /// [`Renderer::render_element`] fills in ([`jsx_attrs`]).
    pub(super) fn text_attr(&mut self, el: &Element, name: &str) -> Option<String> {
        if let Some(AttrValue::Expr(code)) = el.attrs.get(name) {
            if code.trim_start().starts_with('<') {
                let html = self.jsx_attr_html(code);
                self.push_text("\n");
                self.jsx_attrs.push(html);
                let index = self.jsx_attrs.len() - 1;
                return Some(jsx_attrs::mark(index, &self.jsx_attrs[index]));
            }
        }
        let value = el.attrs.text(name)?;
        self.push_text(&value);
        self.push_text("\n");
        Some(value)
    }

    /// `<Visibility for="humans">` shows its children; `for="agents"`
    /// shows nothing here, only in the page's Markdown copy
    /// ([`crate::markdown::for_agents`]).
    fn visibility(&mut self, el: &Element) -> String {
        match el.attrs.text("for").as_deref() {
            Some("agents") => String::new(),
            Some("humans") => self.children_html(el),
            other => {
                let message = format!(
                    "`<Visibility for={}>`: Mintlify knows `humans` and `agents`",
                    other.map_or("…".to_string(), |v| format!("\"{v}\""))
                );
                let help = Some("sheaf shows its content on the page".to_string());
                self.warn_at(Rule::ComponentAttribute, el.offset, message, help);
                self.children_html(el)
            }
        }
    }

    fn wrapper(&mut self, el: &Element, tag: &str, class: &str) -> String {
        let body = self.children_html(el);
        format!("<{tag} class=\"{class}\">{body}</{tag}>")
    }

    /// An icon by name (the site's icon library first, see [`crate::icons`]),
    /// or an image when `icon` is a URL/path.
    pub(super) fn icon_html(&mut self, el: &Element, icon: &str) -> String {
        if icon.trim_start().starts_with('<') {
            return self.jsx_attr_html(icon);
        }
        if crate::icons::is_image_reference(icon) {
            let src = self.rewrite_url(icon, UrlKind::Asset, el.offset);
            return format!(
                "<img class=\"c-icon-img\" src=\"{}\" alt=\"\" data-component-part=\"icon-image\">",
                escape(&src)
            );
        }
        let icon_type = el.attrs.text("iconType");
        let library = self.icon_library(el);
        let (svg, finding) = crate::icons::resolve(icon, icon_type.as_deref(), library);
        if let Some(finding) = finding {
            let finding = finding.on(&format!("`<{}>`", el.name));
            self.report_at(el.offset, |file| finding.diagnostic(file));
        }
        // Mintlify's `<Icon>` names its drawing for a site's own CSS.
        svg.replacen(
            " class=\"icon\"",
            " class=\"icon\" data-component-part=\"icon-svg\"",
            1,
        )
    }

    /// The library an element's icon is looked up in first: its own
    /// `iconLibrary` (as Mintlify's `<Icon>` takes it), else the site's.
    fn icon_library(&self, el: &Element) -> crate::icons::Library {
        el.attrs
            .text("iconLibrary")
            .and_then(|name| crate::icons::Library::parse(&name))
            .unwrap_or(self.env.icons)
    }

    /// An unknown component: its children, and a warning the first time
    /// the page uses that name.
    fn unknown(&mut self, el: &Element) -> String {
        if self.first_use_of(&el.name) {
            let help = did_you_mean(&el.name, KNOWN.iter().copied())
                .map(|s| format!("did you mean `<{s}>`?"))
                .unwrap_or_else(|| "sheaf shows its content without it".to_string());
            self.warn_at(
                Rule::UnknownComponent,
                el.offset,
                format!("unknown component `<{}>`", el.name),
                Some(help),
            );
        }
        self.unknown_box(el)
    }

    fn unknown_box(&mut self, el: &Element) -> String {
        let tag = if el.inline { "span" } else { "div" };
        let body = self.children_html(el);
        format!(
            "<{tag} class=\"c-unknown\" data-component=\"{}\">{body}</{tag}>",
            escape(&el.name)
        )
    }

    fn imported(&mut self, el: &Element, import: &Import) -> String {
        let is_snippet = import.source.ends_with(".mdx") || import.source.ends_with(".md");
        let props: Vec<(String, Value)> = el
            .attrs
            .iter()
            .filter_map(|a| Some((a.name.clone(), a.value.prop()?)))
            .collect();
        if is_snippet && !import.named {
            return self.snippet(el, &import.source, props);
        }
        if let Some(html) = self.exported_component(el, import, props) {
            return html;
        }
        let runnable = import.named && (is_snippet || react_scope::is_script_file(&import.source));
        if let Some(html) = runnable
            .then(|| self.imported_js_component(el, import))
            .flatten()
        {
            return html;
        }
        if !self.first_use_of(&el.name) {
            return self.unknown_box(el);
        }
        let message = self.js_import_problem(import);
        self.warn_at(
            Rule::JsComponent,
            el.offset,
            format!("`<{}>` cannot run: {message}", el.name),
            Some("sheaf shows the component's children".to_string()),
        );
        self.unknown_box(el)
    }

    /// A component a snippet defines as `export const Name = () => (<jsx/>)`,
    /// rendered as MDX with the element's attributes as props and its
    /// children, rendered where the element stands, as `{children}`.
    fn exported_component(
        &mut self,
        el: &Element,
        import: &Import,
        props: Vec<(String, Value)>,
    ) -> Option<String> {
        if self.snippet_depth() > super::render::MAX_SNIPPET_DEPTH {
            return None;
        }
        if react_scope::is_script_file(&import.source) {
            return None;
        }
        let esm = self.snippet_esm(&import.source, import.offset)?;
        let body = esm.components.get(&import.exported)?;
        if react::names_other_components(body) {
            return None;
        }
        let children = match body.contains("children") {
            true => self.children_html(el),
            false => String::new(),
        };
        let doc = mdx::parse(body);
        let mut ctx = DocCtx::new(esm.path.clone(), 0, body, &doc);
        ctx.vars.extend(props);
        ctx.vars
            .insert("children".into(), Value::String(CHILDREN.into()));
        let text_before = self.out.text.len();
        let html = self.render_document(ctx, &doc, !el.inline);
        let text = &mut self.out.text;
        if text[text_before..].contains(CHILDREN) {
            let tail = text.split_off(text_before).replace(CHILDREN, "");
            text.push_str(&tail);
        }
        Some(fill_children(&html, &children))
    }

    /// An attribute holding JSX (`icon={<NextjsIcon />}`), rendered inline.
    pub(super) fn jsx_attr_html(&mut self, source: &str) -> String {
        let doc = mdx::parse(source);
        let ctx = self.docs.last().expect("a document is being rendered");
        let mut inner = DocCtx::new(ctx.file.clone(), ctx.line_offset, source, &doc);
        inner.imports = ctx.imports.clone();
        inner.vars = ctx.vars.clone();
        self.render_document(inner, &doc, false)
    }

    fn snippet_component(&mut self, el: &Element) -> String {
        let Some(file) = el.attrs.text("file") else {
            self.warn_at(
                Rule::ComponentAttribute,
                el.offset,
                "`<Snippet>` needs a `file` attribute".to_string(),
                None,
            );
            return String::new();
        };
        let props = el
            .attrs
            .iter()
            .filter(|a| a.name != "file")
            .filter_map(|a| Some((a.name.clone(), a.value.prop()?)))
            .collect();
        self.snippet(el, &file, props)
    }

    /// Renders a snippet file in place, with `props` visible as `{name}`.
    fn snippet(&mut self, el: &Element, reference: &str, props: Vec<(String, Value)>) -> String {
        if self.snippet_depth() > super::render::MAX_SNIPPET_DEPTH {
            self.warn_at(
                Rule::InputLimit,
                el.offset,
                format!("snippet `{reference}` includes itself too deeply"),
                None,
            );
            return String::new();
        }
        let snippet = match self.load_snippet(reference, el.offset) {
            Ok(snippet) => snippet,
            Err(SnippetError::Outside(_) | SnippetError::TooLarge(_)) => return String::new(),
            Err(SnippetError::Missing) => {
                self.warn_at(
                    Rule::SnippetMissing,
                    el.offset,
                    format!("snippet `{reference}` not found"),
                    Some("snippets live in the `snippets/` folder of the docs root".to_string()),
                );
                return String::new();
            }
        };
        let (body, frontmatter_lines) = strip_frontmatter(&snippet.source);
        let doc = mdx::parse(body);
        let mut ctx = DocCtx::new(snippet.path.clone(), frontmatter_lines, body, &doc);
        ctx.vars.extend(props);
        self.render_document(ctx, &doc, !el.inline)
    }

    /// Safe HTML passed through with JSX attribute names converted.
    fn html_element(&mut self, el: &Element) -> String {
        let name = el.name.as_str();
        if name == "img" && !el.attrs.iter().any(|a| a.name == "alt") {
            let src = el.attrs.iter().find(|a| a.name == "src");
            let src = src.and_then(|a| super::attrs::value_text(&a.value.to_json()));
            self.image_missing_alt(el.offset, src.as_deref().unwrap_or(""));
        }
        let attrs = self.html_attrs(el);
        if super::mdx::is_void_tag(name) {
            return format!("<{name}{attrs}>");
        }
        let body = if PHRASING.contains(&name) {
            self.render_nodes(&el.children, el.child_indent, false)
        } else {
            self.children_html(el)
        };
        format!("<{name}{attrs}>{body}</{name}>")
    }

    pub(super) fn html_attrs(&mut self, el: &Element) -> String {
        let mut out = String::new();
        for a in &el.attrs {
            let Some(name) = html_attr_name(&a.name) else {
                continue;
            };
            let value = match (&a.value, name.as_str()) {
                (AttrValue::Expr(_), "style") => style_to_css(&a.value.to_json()),
                // An expression sheaf cannot evaluate names no URL.
                (AttrValue::Expr(_), "href" | "xlink:href" | "src" | "poster" | "srcset") => {
                    a.value.url()
                }
                (_, _) => match a.value.to_json() {
                    Value::Bool(true) => {
                        out.push(' ');
                        out.push_str(&name);
                        continue;
                    }
                    Value::Bool(false) | Value::Null => continue,
                    other => super::attrs::value_text(&other),
                },
            };
            let Some(value) = value else { continue };
            let value = match (name.as_str(), el.name.as_str()) {
                ("href" | "xlink:href", "a" | "area") => {
                    self.rewrite_url(&value, UrlKind::Link, el.offset)
                }
                // SVG's `<use href>` (and the like) names a part of a
                // drawing: one of this page is no heading; in a file (a
                // sprite), the file is an asset and the part stays.
                ("href" | "xlink:href", _) => {
                    let (file, part) = value.split_at(value.find('#').unwrap_or(value.len()));
                    match file.is_empty() {
                        true => value.clone(),
                        false => self.rewrite_url(file, UrlKind::Asset, el.offset) + part,
                    }
                }
                ("src" | "poster" | "srcset", _) => {
                    self.rewrite_url(&value, UrlKind::Asset, el.offset)
                }
                ("class", _) => mode_classes::translate(&value),
                _ => value,
            };
            out.push_str(&attr(&name, Some(&value)));
        }
        out
    }
}

/// The HTML name of a JSX attribute, or `None` for ones that must not be
/// written out (event handlers, `key`, `ref`, spreads).
fn html_attr_name(name: &str) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    if lower.starts_with("on")
        || matches!(lower.as_str(), "key" | "ref" | "dangerouslysetinnerhtml")
    {
        return None;
    }
    Some(match name {
        "className" => "class".to_string(),
        "htmlFor" => "for".to_string(),
        "xlinkHref" => "xlink:href".to_string(),
        // Mintlify's `<img noZoom>`: the theme's zoom leaves it alone.
        "noZoom" | "nozoom" => "data-no-zoom".to_string(),
        "viewBox" => "viewBox".to_string(),
        n if n.starts_with("stroke")
            || n.starts_with("fill")
            || n.starts_with("clip")
            || n.starts_with("stop") =>
        {
            let mut out = String::new();
            for c in n.chars() {
                if c.is_ascii_uppercase() {
                    out.push('-');
                }
                out.push(c.to_ascii_lowercase());
            }
            out
        }
        _ => lower,
    })
}

/// A snippet's body without YAML frontmatter, and how many lines that was.
fn strip_frontmatter(source: &str) -> (&str, usize) {
    let Some(rest) = source.strip_prefix("---\n") else {
        return (source, 0);
    };
    match rest.find("\n---") {
        Some(end) => {
            let after = &rest[end + 4..];
            let body = after.split_once('\n').map_or("", |(_, b)| b);
            let consumed = &source[..source.len() - body.len()];
            (body, consumed.matches('\n').count())
        }
        None => (source, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsx_attribute_names_become_html() {
        assert_eq!(html_attr_name("className").as_deref(), Some("class"));
        assert_eq!(html_attr_name("htmlFor").as_deref(), Some("for"));
        assert_eq!(
            html_attr_name("strokeWidth").as_deref(),
            Some("stroke-width")
        );
        assert_eq!(html_attr_name("viewBox").as_deref(), Some("viewBox"));
        assert_eq!(
            html_attr_name("allowFullScreen").as_deref(),
            Some("allowfullscreen")
        );
        assert_eq!(html_attr_name("onClick"), None);
        assert_eq!(html_attr_name("xlinkHref").as_deref(), Some("xlink:href"));
    }

    #[test]
    fn snippet_frontmatter_is_stripped_and_counted() {
        assert_eq!(
            strip_frontmatter("---\ntitle: x\n---\nbody\n"),
            ("body\n", 3)
        );
        assert_eq!(strip_frontmatter("body"), ("body", 0));
    }
}
