//! The Try-it form (`playground.mode: show`). `themes/default/playground.js`
//! sends it; this only writes labelled inputs and the `data-*` hooks the
//! script reads.

use super::{esc, Html};
use crate::openapi::auth::AuthKind;
use crate::openapi::fields::FieldView;
use crate::openapi::schema::plain;
use crate::openapi::view::EndpointView;

impl Html<'_> {
    pub(super) fn playground(&mut self, view: &EndpointView) {
        let auth = &view.auth;
        self.out.push_str(&format!(
            "<section class=\"playground\" aria-labelledby=\"try-it\" data-playground data-body-needs-proxy=\"{}\"><h2 id=\"try-it\">Try it</h2><form class=\"playground-form\" data-playground-form novalidate data-auth-kind=\"{}\" data-auth-name=\"{}\" data-auth-location=\"{}\">",
            view.body_needs_proxy,
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
        self.out.push_str("<div class=\"pg-actions\"><button type=\"submit\" class=\"pg-send\" data-send>Send request</button></div></form>");
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

    fn text_input(&mut self, id: &str, label: &str, value: &str, hook: &str, kind: &str) {
        self.out.push_str(&format!(
            "<div class=\"pg-field\"><label for=\"{id}\">{}</label><input id=\"{id}\" type=\"{kind}\" {hook} value=\"{}\" autocomplete=\"off\" spellcheck=\"false\"></div>",
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
            let value = field
                .example
                .as_ref()
                .or(field.default.as_ref())
                .filter(|v| !v.is_object() && !v.is_array())
                .map(plain)
                .unwrap_or_default();
            self.out.push_str(&format!(
                "<div class=\"pg-field\"><label for=\"{id}\"><code>{}</code> <span class=\"pg-hint\">{}{}</span></label><input id=\"{id}\" type=\"text\" data-param data-location=\"{location}\" data-name=\"{}\" value=\"{}\"{} autocomplete=\"off\" spellcheck=\"false\"></div>",
                esc(&field.name),
                esc(&field.type_label),
                if field.required { ", required" } else { "" },
                esc(&field.name),
                esc(&value),
                if field.required { " required" } else { "" },
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
            "<div class=\"pg-note\" data-no-proxy-note role=\"note\"><p>This {} request carries a body, and browsers cannot send a body with {}: <code>fetch</code> refuses it. The preview server (<code>sheaf serve</code>) relays such requests; on this static site, run the cURL command instead:</p><div class=\"code-panel\"><button type=\"button\" class=\"copy-button\" data-copy>Copy</button><pre><code class=\"language-bash\">{}</code></pre></div></div>",
            esc(&view.method),
            esc(&view.method),
            esc(curl)
        ));
    }
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
