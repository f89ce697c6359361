//! The Try-it form (`playground.mode: show`). `themes/default/playground.js`
//! sends it; this only writes labelled inputs and the `data-*` hooks the
//! script reads. Parameter inputs are typed by their schema (a select for
//! an enum, a switch for a boolean, a number field for numbers, else text);
//! required values carry the same `required` badge as the page.

use super::{esc, Html};
use crate::openapi::auth::AuthKind;
use crate::openapi::fields::FieldView;
use crate::openapi::schema::plain;
use crate::openapi::view::EndpointView;

/// The mark of a value the request needs.
const REQUIRED_BADGE: &str = "<span class=\"badge badge-required\">required</span>";

impl Html<'_> {
    pub(super) fn playground(&mut self, view: &EndpointView) {
        let auth = &view.auth;
        self.out.push_str(&format!(
            "<section class=\"playground\" aria-labelledby=\"try-it\" data-playground data-body-needs-proxy=\"{}\"{}><h2 id=\"try-it\">Try it</h2><form class=\"playground-form\" data-playground-form novalidate data-auth-kind=\"{}\" data-auth-name=\"{}\" data-auth-location=\"{}\">",
            view.body_needs_proxy,
            if view.playground_proxy { "" } else { " data-no-proxy" },
            auth_kind(auth.kind),
            esc(&auth.name),
            esc(if auth.location.is_empty() { "header" } else { &auth.location }),
        ));
        self.auth_inputs(view);
        for (location, fields) in view.parameters.groups() {
            self.param_inputs(location, fields);
        }
        if let Some(body) = &view.request_body {
            self.out.push_str(&format!(
                "<div class=\"pg-field\"><label for=\"pg-body\">Body <span class=\"pg-hint\">{}</span></label><textarea id=\"pg-body\" data-body data-content-type=\"{}\" rows=\"10\" spellcheck=\"false\" autocomplete=\"off\">{}</textarea></div>",
                esc(&body.content_type),
                esc(&body.content_type),
                esc(body.example_json.as_deref().unwrap_or(""))
            ));
        }
        if view.body_needs_proxy {
            self.no_proxy_note(view);
        }
        self.out.push_str("<div class=\"pg-actions\"><button type=\"submit\" class=\"pg-send tryit-button\" data-send>Send request</button></div></form>");
        self.playground_result();
        self.out.push_str("</section>");
    }

    fn auth_inputs(&mut self, view: &EndpointView) {
        let auth = &view.auth;
        if auth.kind == AuthKind::None {
            return;
        }
        self.out
            .push_str("<fieldset class=\"pg-group\"><legend>Authorization</legend>");
        if auth.kind == AuthKind::Basic {
            self.text_input(
                "pg-auth-user",
                &auth.user_label,
                "",
                "data-auth-user",
                "text",
            );
            self.text_input(
                "pg-auth-pass",
                &auth.pass_label,
                "",
                "data-auth-pass",
                "password",
            );
        } else {
            let label = match auth.kind {
                AuthKind::Bearer => "Bearer token".to_string(),
                _ => auth.name.clone(),
            };
            self.text_input(
                "pg-auth",
                &label,
                &auth.input_prefix,
                "data-auth-input",
                "text",
            );
        }
        self.out.push_str("<label class=\"pg-remember\"><input type=\"checkbox\" data-remember> Remember on this device</label><p class=\"pg-hint\">Credentials stay in this browser tab unless you tick this box.</p></fieldset>");
    }

    /// A credential input; the spec requires it, so it is marked so.
    fn text_input(&mut self, id: &str, label: &str, value: &str, hook: &str, kind: &str) {
        self.out.push_str(&format!(
            "<div class=\"pg-field\"><label for=\"{id}\">{} {REQUIRED_BADGE}</label><input id=\"{id}\" type=\"{kind}\" {hook} value=\"{}\" autocomplete=\"off\" spellcheck=\"false\"></div>",
            esc(label),
            esc(value)
        ));
    }

    fn param_inputs(&mut self, location: &str, fields: &[FieldView]) {
        if fields.is_empty() {
            return;
        }
        self.out.push_str(&format!(
            "<fieldset class=\"pg-group\"><legend>{} parameters</legend>",
            capitalized(location)
        ));
        for field in fields {
            let id = format!("pg-{location}-{}", slug(&field.name));
            let required = if field.required {
                format!(" {REQUIRED_BADGE}")
            } else {
                String::new()
            };
            let control = param_control(&id, location, field);
            self.out.push_str(&format!(
                "<div class=\"pg-field\"><label for=\"{id}\"><code>{}</code> <span class=\"pg-hint\">{}</span>{required}</label>{control}</div>",
                esc(&field.name),
                esc(&field.type_label),
            ));
        }
        self.out.push_str("</fieldset>");
    }

    /// Browsers cannot send a body with GET: say so and offer cURL. The script
    /// hides this note when the preview server's proxy is available.
    fn no_proxy_note(&mut self, view: &EndpointView) {
        let curl = view
            .code_samples
            .iter()
            .find(|s| s.label == "cURL")
            .map(|s| s.code.as_str())
            .unwrap_or("");
        self.out.push_str(&format!(
            "<div class=\"pg-note\" data-no-proxy-note role=\"note\"><p>This {} request carries a body, and browsers cannot send a body with {}: <code>fetch</code> refuses it. The preview server (<code>sheaf serve</code>) relays such requests; on this static site, run the cURL command instead:</p><div class=\"code-panel\"><button type=\"button\" class=\"copy-button\" data-copy>Copy</button><pre><code class=language-bash>{}</code></pre></div></div>",
            esc(&view.method),
            esc(&view.method),
            esc(curl)
        ));
    }
}

/// The input of one parameter, typed by its schema: a select for an enum,
/// a switch for a boolean, a number field for numbers, else text.
fn param_control(id: &str, location: &str, field: &FieldView) -> String {
    let hooks = format!(
        "id=\"{id}\" data-param data-location=\"{location}\" data-name=\"{}\"{}",
        esc(&field.name),
        if field.required { " required" } else { "" }
    );
    let initial = field
        .example
        .as_ref()
        .or(field.default.as_ref())
        .filter(|v| !v.is_object() && !v.is_array())
        .map(plain)
        .unwrap_or_default();
    if !field.enum_values.is_empty() {
        return enum_select(&hooks, field, &initial);
    }
    match field.type_label.as_str() {
        "boolean" => format!(
            "<span class=\"pg-switch\"><input type=\"checkbox\" role=\"switch\" {hooks}{}><span class=\"pg-hint\">{}</span></span>",
            if initial == "true" { " checked" } else { "" },
            if field.required {
                "on: true, off: false"
            } else {
                "on: sends true; off: not sent"
            }
        ),
        "integer" | "number" => format!(
            "<input type=\"number\" {hooks} step=\"{}\" value=\"{}\" autocomplete=\"off\">",
            if field.type_label == "integer" { "1" } else { "any" },
            esc(&initial)
        ),
        _ => format!(
            "<input type=\"text\" {hooks} value=\"{}\" autocomplete=\"off\" spellcheck=\"false\">",
            esc(&initial)
        ),
    }
}

/// A select of the enum's values; an optional one can be left unset.
fn enum_select(hooks: &str, field: &FieldView, initial: &str) -> String {
    let mut out = format!("<select {hooks}>");
    if !field.required || initial.is_empty() {
        out.push_str("<option value=\"\">(not set)</option>");
    }
    for value in &field.enum_values {
        let text = plain(value);
        out.push_str(&format!(
            "<option value=\"{0}\"{1}>{0}</option>",
            esc(&text),
            if text == initial { " selected" } else { "" }
        ));
    }
    out.push_str("</select>");
    out
}

fn auth_kind(kind: AuthKind) -> &'static str {
    match kind {
        AuthKind::None => "none",
        AuthKind::Bearer => "bearer",
        AuthKind::Basic => "basic",
        AuthKind::Key => "key",
    }
}

fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

fn slug(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field(name: &str, type_label: &str, required: bool) -> FieldView {
        FieldView {
            name: name.into(),
            type_label: type_label.into(),
            required,
            ..FieldView::default()
        }
    }

    #[test]
    fn enums_are_selects_with_their_values() {
        let mut tag = field("tag", "string", false);
        tag.enum_values = vec![json!("Customer"), json!("Testing")];
        tag.example = Some(json!("Testing"));
        let html = param_control("pg-query-tag", "query", &tag);
        assert!(html.starts_with(
            "<select id=\"pg-query-tag\" data-param data-location=\"query\" data-name=\"tag\">"
        ));
        assert!(html.contains("<option value=\"\">(not set)</option>"));
        assert!(html.contains("<option value=\"Testing\" selected>Testing</option>"));
        tag.required = true;
        let html = param_control("pg-query-tag", "query", &tag);
        assert!(!html.contains("(not set)") && html.contains(" required>"));
    }

    #[test]
    fn booleans_are_switches_and_numbers_number_fields() {
        let mut flag = field("dry_run", "boolean", true);
        flag.default = Some(json!(true));
        let html = param_control("pg-query-dry-run", "query", &flag);
        assert!(html.contains("<input type=\"checkbox\" role=\"switch\" id=\"pg-query-dry-run\""));
        assert!(html.contains(" required checked>"));
        let html = param_control("pg-query-page", "query", &field("page", "integer", false));
        assert!(html.contains("type=\"number\"") && html.contains("step=\"1\""));
        let html = param_control("pg-path-id", "path", &field("id", "string", true));
        assert!(html.contains("type=\"text\"") && html.contains(" required value=\"\""));
    }
}
