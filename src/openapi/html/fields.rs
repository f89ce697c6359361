//! Field trees as nested lists: name, type, badges, description, allowed
//! values (each with its description when the spec gives one),
//! constraints. Nested objects fold away behind "Show N child attributes"
//! (a `<details>`, as Mintlify's Expandable; its summary reads "Hide …"
//! when open), and so do `oneOf`/`anyOf` choices.

use serde_json::Value;

use super::{esc, Html};
use crate::openapi::endpoint::LinkView;
use crate::openapi::fields::FieldView;
use crate::openapi::schema::plain;

impl Html<'_> {
    pub(super) fn field_list(&mut self, fields: &[FieldView]) {
        if fields.is_empty() {
            return;
        }
        self.out.push_str("<ul class=\"field-list\">");
        for field in fields {
            self.field(field);
        }
        self.out.push_str("</ul>");
    }

    fn field(&mut self, f: &FieldView) {
        match &f.anchor {
            Some(anchor) => self
                .out
                .push_str(&format!("<li class=\"field\" id=\"{}\">", esc(anchor))),
            None => self.out.push_str("<li class=\"field\">"),
        }
        self.field_head(f);
        if let Some(description) = &f.description_md {
            self.description("field-description", description);
        }
        self.field_meta(f);
        if let Some(name) = &f.recursive_ref {
            self.out.push_str(&format!(
                "<p class=\"field-recursive\"><span aria-hidden=\"true\">↻</span> {}, see above</p>",
                esc(name)
            ));
        }
        self.shown_above(f);
        self.own_page(f);
        if let Some(error) = &f.error {
            self.out.push_str(&format!(
                "<p class=\"field-error\" role=\"note\">{}</p>",
                esc(error)
            ));
        }
        if !f.children.is_empty() {
            let what = format!(
                "{} {}",
                f.children.len(),
                if f.children.len() == 1 {
                    "child attribute"
                } else {
                    "child attributes"
                }
            );
            let open = if self.expand_fields { " open" } else { "" };
            self.out.push_str(&format!(
                "<details class=\"field-children\"{open}><summary><span class=\"when-closed\">Show {what}</span><span class=\"when-open\">Hide {what}</span></summary>"
            ));
            self.field_list(&f.children);
            self.out.push_str("</details>");
        }
        self.alternatives(f.alternatives_kind.as_deref(), &f.alternatives);
        self.out.push_str("</li>");
    }

    fn field_head(&mut self, f: &FieldView) {
        self.out.push_str(&format!(
            "<div class=\"field-head\"><code class=\"field-name\">{}</code> <span class=\"field-type\">{}</span>",
            esc(&f.name),
            esc(&f.type_label)
        ));
        let badges = [
            (f.required, "required", "required"),
            (f.nullable, "nullable", "nullable"),
            (f.deprecated, "deprecated", "deprecated"),
            (f.read_only, "read-only", "read-only"),
            (f.write_only, "write-only", "write-only"),
        ];
        for (_, class, label) in badges.iter().filter(|b| b.0) {
            self.out.push_str(&format!(
                " <span class=\"badge badge-{class}\">{label}</span>"
            ));
        }
        if let Some(format) = &f.format {
            self.out.push_str(&format!(
                " <span class=\"badge badge-format\">{}</span>",
                esc(format)
            ));
        }
        self.out.push_str("</div>");
    }

    fn field_meta(&mut self, f: &FieldView) {
        let mut items: Vec<String> = Vec::new();
        if !f.enum_descriptions.is_empty() {
            self.described_values(f);
        } else if !f.enum_values.is_empty() {
            let values: Vec<String> = f.enum_values.iter().map(code).collect();
            items.push(format!("Allowed values: {}", values.join(", ")));
        }
        if let Some(default) = &f.default {
            items.push(format!("Default: {}", code(default)));
        }
        if let Some(example) = f
            .example
            .as_ref()
            .filter(|e| !e.is_object() && !e.is_array())
        {
            items.push(format!("Example: {}", code(example)));
        }
        if !f.constraints.is_empty() {
            let list: Vec<String> = f
                .constraints
                .iter()
                .map(|c| format!("<code>{}</code>", esc(c)))
                .collect();
            items.push(format!("Constraints: {}", list.join(", ")));
        }
        for item in items {
            self.out
                .push_str(&format!("<p class=\"field-meta\">{item}</p>"));
        }
    }

    /// A named schema listed in full earlier on the page: a link there.
    fn shown_above(&mut self, f: &FieldView) {
        if let Some((name, anchor)) = &f.shown_above {
            self.out.push_str(&format!(
                "<p class=\"field-recursive\"><a href=\"#{}\">{} fields</a>, listed above</p>",
                esc(anchor),
                esc(name)
            ));
        }
    }

    /// A named schema shown on a page of its own: a link there (plain
    /// text naming the schema when the page cannot be found).
    fn own_page(&mut self, f: &FieldView) {
        let Some(reference) = &f.own_page else {
            return;
        };
        let name = reference.rsplit(' ').next().unwrap_or(reference);
        match self.text.page_href(reference) {
            Some(href) => self.out.push_str(&format!(
                "<p class=\"field-recursive\"><a href=\"{}\">{} fields</a>, on its own page</p>",
                esc(&href),
                esc(name)
            )),
            None => self.out.push_str(&format!(
                "<p class=\"field-recursive\">{} fields, on its own page</p>",
                esc(name)
            )),
        }
    }

    /// Allowed values with their descriptions, as a list.
    fn described_values(&mut self, f: &FieldView) {
        self.out
            .push_str("<div class=\"field-meta\">Allowed values:<ul class=\"enum-values\">");
        for (value, description) in f.enum_values.iter().zip(&f.enum_descriptions) {
            let text = description
                .as_deref()
                .map(|d| format!(": {}", self.text.inline_markdown(d)))
                .unwrap_or_default();
            self.out
                .push_str(&format!("<li>{}{text}</li>", code(value)));
        }
        self.out.push_str("</ul></div>");
    }

    /// `oneOf`/`anyOf` choices, each in its own `<details>`.
    pub(super) fn alternatives(&mut self, kind: Option<&str>, alternatives: &[FieldView]) {
        if alternatives.is_empty() {
            return;
        }
        let kind = kind.unwrap_or("one of");
        self.out.push_str(&format!(
            "<div class=\"field-alternatives\"><p class=\"alternatives-kind\">{} the following:</p>",
            esc(&capitalize(kind))
        ));
        for alt in alternatives {
            let id =
                (alt.anchor.as_ref()).map_or_else(String::new, |a| format!(" id=\"{}\"", esc(a)));
            self.out.push_str(&format!(
                "<details class=\"alternative\"{id}><summary>{} <span class=\"field-type\">{}</span></summary>",
                esc(&alt.name),
                esc(&alt.type_label)
            ));
            if let Some(description) = &alt.description_md {
                self.description("field-description", description);
            }
            self.field_meta(alt);
            if let Some(name) = &alt.recursive_ref {
                self.out.push_str(&format!(
                    "<p class=\"field-recursive\"><span aria-hidden=\"true\">↻</span> {}, see above</p>",
                    esc(name)
                ));
            }
            self.shown_above(alt);
            self.own_page(alt);
            self.field_list(&alt.children);
            self.alternatives(alt.alternatives_kind.as_deref(), &alt.alternatives);
            self.out.push_str("</details>");
        }
        self.out.push_str("</div>");
    }
}

impl Html<'_> {
    /// A response's links: the operation each points at, what it sends
    /// there, and its description.
    pub(super) fn links(&mut self, links: &[LinkView]) {
        if links.is_empty() {
            return;
        }
        self.out
            .push_str("<h3 class=\"response-part\">Links</h3><ul class=\"field-list\">");
        for link in links {
            self.out.push_str(&format!(
                "<li class=\"field\"><div class=\"field-head\"><code class=\"field-name\">{}</code>",
                esc(&link.name)
            ));
            if let Some(operation) = &link.operation {
                self.out.push_str(&format!(
                    " <span class=\"field-type\">to <code>{}</code></span>",
                    esc(operation)
                ));
            }
            self.out.push_str("</div>");
            if let Some(description) = &link.description_md {
                self.description("field-description", description);
            }
            for (name, value) in &link.parameters {
                self.out.push_str(&format!(
                    "<p class=\"field-meta\"><code>{}</code> = <code>{}</code></p>",
                    esc(name),
                    esc(value)
                ));
            }
            if let Some(error) = &link.error {
                self.out.push_str(&format!(
                    "<p class=\"field-error\" role=\"note\">{}</p>",
                    esc(error)
                ));
            }
            self.out.push_str("</li>");
        }
        self.out.push_str("</ul>");
    }
}

/// A value as code: strings as they are, unless empty, padded with spaces
/// or holding control characters (a heartbeat's `"\r\n"`), which would
/// read as nothing: those are written quoted, escapes shown.
fn code(value: &Value) -> String {
    let shown = match value {
        Value::String(s) if !reads_plainly(s) => value.to_string(),
        _ => plain(value),
    };
    format!("<code>{}</code>", esc(&shown))
}

fn reads_plainly(s: &str) -> bool {
    !s.is_empty() && s.trim() == s && !s.chars().any(char::is_control)
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_that_would_read_as_nothing_are_quoted() {
        assert_eq!(code(&json!("\r\n")), "<code>&quot;\\r\\n&quot;</code>");
        assert_eq!(code(&json!("")), "<code>&quot;&quot;</code>");
        assert_eq!(code(&json!(" x")), "<code>&quot; x&quot;</code>");
        assert_eq!(code(&json!("Customer")), "<code>Customer</code>");
        assert_eq!(code(&json!("<b>")), "<code>&lt;b&gt;</code>");
        assert_eq!(code(&json!(3)), "<code>3</code>");
    }
}
