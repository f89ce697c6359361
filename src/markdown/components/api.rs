//! API reference components written by hand: ParamField, ResponseField and
//! Expandable (nested fields). A field's anchor is Mintlify's, `param-`
//! and its name in kebab case for both kinds (`#param-user-group-id`,
//! `#param-expires-in-days`), so links written for a Mintlify site land.

use super::super::attrs::AttrList;
use super::super::headings::kebab;
use super::super::html::escape;
use super::super::mdx::Element;
use super::super::render::Renderer;
use super::super::{ApiField, ApiFieldKind, ParamLocation};
use crate::rules::Rule;

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
            default: default.clone(),
        });
        // Mintlify's anchor for both kinds, so links written for it land.
        let id = self.heading_id(&kebab(&format!("param {name}")));
        let mut head = format!(
            "<code class=\"c-field-name\" data-component-part=\"field-name\">{}</code>",
            escape(&name)
        );
        let badge = |class: &str, text: &str| {
            let part = match class {
                "required" => "field-required-pill",
                "deprecated" => "field-deprecated-pill",
                _ => "field-info-pill",
            };
            format!(
                "<span class=\"c-badge c-badge-{class}\" data-component-part=\"{part}\">{}</span>",
                escape(text)
            )
        };
        if let Some(ty) = &ty {
            // A type is code (`Record<string, T>`), so it is shown as code.
            head.push_str(&format!(
                "<span class=\"c-badge c-badge-type\"><code>{}</code></span>",
                escape(ty)
            ));
        }
        if let Some(location) = location {
            head.push_str(&badge("location", location));
        }
        if required {
            head.push_str(&badge("required", "required"));
        }
        if el.attrs.flag("deprecated") {
            head.push_str(&badge("deprecated", "deprecated"));
        }
        if let Some(default) = &default {
            head.push_str(&format!(
                "<span class=\"c-field-default\">default: <code>{}</code></span>",
                escape(default)
            ));
        }
        let body = self.children_html(el);
        format!(
            "<div class=\"c-field field\" id=\"{}\"><div class=\"c-field-head\" data-component-part=\"field-meta\">{head}</div>\
             <div class=\"c-field-body\" data-component-part=\"field-content\">{body}</div></div>",
            escape(&id)
        )
    }

    /// Expandable: nested fields behind a "Show …" disclosure.
    pub(super) fn expandable(&mut self, el: &Element) -> String {
        let title = el
            .attrs
            .text("title")
            .unwrap_or_else(|| "properties".to_string());
        let open = if el.attrs.flag("defaultOpen") {
            " open"
        } else {
            ""
        };
        let body = self.render_nodes(&el.children, el.child_indent, true);
        format!(
            "<details class=\"c-expandable expandable\" data-component-part=\"expandable\"{open}>\
             <summary data-component-part=\"expandable-button\">Show {}</summary><div class=\"c-expandable-body\">{body}</div></details>",
            escape(&title)
        )
    }
}
