//! API reference components written by hand: ParamField, ResponseField and
//! Expandable (nested fields). A field's anchor is Mintlify's, `param-`
//! and its name in kebab case for both kinds (`#param-user-group-id`,
//! `#param-expires-in-days`), so links written for a Mintlify site land.
//! The head is Mintlify's: the author's `pre` pills, the name in plain
//! mono text (`field-name`), then `field-meta` holding the type, location
//! and default (`field-info-pill`, the default as JSON: `"me"`, `30`), the
//! required and deprecated pills and the `post` pills.

use super::super::attrs::{value_text, AttrList};
use super::super::headings::kebab;
use super::super::html::escape;
use super::super::mdx::Element;
use super::super::render::Renderer;
use super::super::{ApiField, ApiFieldKind, ParamLocation};
use crate::rules::Rule;
use serde_json::Value;

impl Renderer<'_> {
    /// `<ParamField query="limit" type="number" required default="10">`.
    pub(super) fn param_field(&mut self, el: &Element) -> String {
        let found = ParamLocation::ALL
            .into_iter()
            .find_map(|loc| el.attrs.text(loc.as_str()).map(|name| (loc, name)));
        let (location, name) = match found {
            Some(found) => found,
            None => {
                self.warn_at(Rule::ComponentAttribute,
                    el.offset,
                    "`<ParamField>` needs the parameter's name in `query`, `path`, `body`, `header` or `cookie`"
                        .to_string(),
                    None,
                );
                (
                    ParamLocation::Body,
                    el.attrs.text("name").unwrap_or_default(),
                )
            }
        };
        self.field(
            el,
            ApiFieldKind::Param { location },
            name,
            Some(location.as_str()),
        )
    }

    /// `<ResponseField name="id" type="string" required>`.
    pub(super) fn response_field(&mut self, el: &Element) -> String {
        let name = el.attrs.text("name").unwrap_or_default();
        self.field(el, ApiFieldKind::Response, name, None)
    }

    fn field(
        &mut self,
        el: &Element,
        kind: ApiFieldKind,
        name: String,
        location: Option<&str>,
    ) -> String {
        let ty = el.attrs.text("type");
        let required = el.attrs.flag("required");
        let default = el.attrs.text("default");
        self.push_text(&name);
        self.push_text("\n");
        self.out.api_fields.push(ApiField {
            kind,
            name: name.clone(),
            ty: ty.clone(),
            required,
            default,
        });
        // Mintlify's anchor for both kinds, so links written for it land.
        let id = self.heading_id(&kebab(&format!("param {name}")));
        let pre = field_pills(el, "pre", "field-meta-pre");
        // A type is code (`Record<string, T>`), so it is a `<code>` pill.
        let mut meta = ty.as_deref().map_or(String::new(), |ty| {
            format!(
                "<code class=\"c-field-pill\" data-component-part=\"field-info-pill\">{}</code>",
                escape(ty)
            )
        });
        if let Some(location) = location {
            meta.push_str(&pill("field-info-pill", "", location));
        }
        // Mintlify shows the default as JSON: `"me"` for a string, `30`.
        if let Some(value) = el.attrs.get("default").map(|v| v.to_json()) {
            meta.push_str(&format!(
                "<span class=\"c-field-pill\" data-component-part=\"field-info-pill\">\
                 <span class=\"c-field-prefix\">default</span>{}</span>",
                escape(&value.to_string())
            ));
        }
        if required {
            meta.push_str(&pill(
                "field-required-pill",
                " c-field-required",
                "required",
            ));
        }
        if el.attrs.flag("deprecated") {
            meta.push_str(&pill(
                "field-deprecated-pill",
                " c-field-deprecated",
                "deprecated",
            ));
        }
        meta.push_str(&field_pills(el, "post", "field-meta-post"));
        let body = self.children_html(el);
        format!(
            "<div class=\"c-field field\" id=\"{}\"><div class=\"c-field-head param-head\">{pre}\
             <span class=\"c-field-name\" data-component-part=\"field-name\">{}</span>\
             <span class=\"c-field-meta\" data-component-part=\"field-meta\">{meta}</span></div>\
             <div class=\"c-field-body\" data-component-part=\"field-content\">{body}</div></div>",
            escape(&id),
            escape(&name)
        )
    }

    /// Expandable: nested fields behind a disclosure whose button reads
    /// "Show properties" closed and "Hide properties" open, as Mintlify's.
    pub(super) fn expandable(&mut self, el: &Element) -> String {
        let title = el
            .attrs
            .text("title")
            .unwrap_or_else(|| "child attributes".to_string());
        let open = if el.attrs.flag("defaultOpen") {
            " open"
        } else {
            ""
        };
        // The theme's own caret, whatever icon library the site picks.
        let caret = crate::icons::theme_svg("angle-right", None).replacen(
            " class=\"icon\"",
            " class=\"icon\" data-component-part=\"icon-svg\"",
            1,
        );
        let body = self.render_nodes(&el.children, el.child_indent, true);
        format!(
            "<details class=\"c-expandable expandable\" data-component-part=\"expandable\"{open}>\
             <summary data-component-part=\"expandable-button\"><span class=\"c-expandable-icon\" data-component-part=\"expandable-icon\">{caret}</span>\
             <span><span class=\"c-expandable-show\">Show</span><span class=\"c-expandable-hide\">Hide</span> {}</span></summary>\
             <div class=\"c-expandable-body expandable-content\" data-component-part=\"expandable-content\">{body}</div></details>",
            escape(&title)
        )
    }
}

/// A pill of a field's head: its type, location, `required`…
fn pill(part: &str, class: &str, text: &str) -> String {
    format!(
        "<span class=\"c-field-pill{class}\" data-component-part=\"{part}\">{}</span>",
        escape(text)
    )
}

/// The author's own pills before (`pre`) or after (`post`) the name: a
/// list of strings (`pre={["v2"]}`) or one.
fn field_pills(el: &Element, name: &str, part: &str) -> String {
    let texts = match el.attrs.get(name).map(|v| v.to_json()) {
        Some(Value::Array(items)) => items.iter().filter_map(value_text).collect(),
        Some(value) => value_text(&value).into_iter().collect(),
        None => Vec::new(),
    };
    texts.iter().map(|text| pill(part, "", text)).collect()
}
