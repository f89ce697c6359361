//! The endpoint page body as an HTML fragment.
//!
//! Order: header (method badge, path, base URL or selector), description,
//! authorization, parameters, body, responses (each a `<details>` with its
//! field tree and example), code samples (tabs), and the Try-it form. The
//! markup is semantic and carries `data-*` hooks for
//! `themes/default/playground.js`; styles are in `themes/default/api.css`.
//! The page title (an `<h1>`) is the page template's job: use
//! [`EndpointView::title`](crate::openapi::EndpointView).

mod fields;
mod playground;

use crate::config::PlaygroundMode;
use crate::openapi::auth::AuthKind;
use crate::openapi::fields::FieldView;
use crate::openapi::view::{BodyView, EndpointView, ResponseView};

/// Renders the whole endpoint page body. `md` turns a markdown string into
/// HTML (the markdown stage's renderer).
pub fn render_endpoint_html(view: &EndpointView, md: &dyn Fn(&str) -> String) -> String {
    let mut html = Html {
        out: String::with_capacity(16 * 1024),
        md,
    };
    html.out.push_str(&format!(
        "<article class=\"sheaf-endpoint\" data-endpoint data-method=\"{}\" data-path=\"{}\">",
        esc(&view.method),
        esc(&view.path)
    ));
    html.header(view);
    if let Some(description) = &view.description_md {
        html.out.push_str(&format!(
            "<div class=\"endpoint-description\">{}</div>",
            md(description)
        ));
    }
    if !view.manual {
        html.auth(view);
        html.parameters(view);
        if let Some(body) = &view.request_body {
            html.body(body);
        }
        html.responses(&view.responses);
    }
    html.code_samples(view);
    if view.playground_mode == PlaygroundMode::Show {
        html.playground(view);
    }
    html.out.push_str("</article>");
    html.out
}

pub(super) struct Html<'a> {
    out: String,
    md: &'a dyn Fn(&str) -> String,
}

/// Escapes text for HTML content and attribute values.
pub(super) use crate::html::escape as esc;

impl Html<'_> {
    fn section_start(&mut self, class: &str, id: &str, title: &str) {
        self.out.push_str(&format!(
            "<section class=\"endpoint-section {class}\" aria-labelledby=\"{id}\"><h2 id=\"{id}\">{}</h2>",
            esc(title)
        ));
    }

    fn header(&mut self, view: &EndpointView) {
        let method = esc(&view.method);
        self.out.push_str(&format!(
            "<header class=\"endpoint-header\"><div class=\"endpoint-line\"><span class=\"method-badge method-{}\">{method}</span><code class=\"endpoint-path\">{}</code>",
            view.method.to_ascii_lowercase(),
            esc(&view.path)
        ));
        if view.deprecated {
            self.out
                .push_str(" <span class=\"badge badge-deprecated\">deprecated</span>");
        }
        self.out.push_str("</div>");
        if view.playground_mode != PlaygroundMode::Hide {
            self.base_urls(&view.base_urls);
        }
        self.out.push_str("</header>");
    }

    fn base_urls(&mut self, urls: &[String]) {
        match urls {
            [] => {}
            [only] => self.out.push_str(&format!(
                "<p class=\"endpoint-base\">Base URL: <code data-base-url=\"{0}\">{0}</code></p>",
                esc(only)
            )),
            many => {
                self.out.push_str("<p class=\"endpoint-base\"><label for=\"endpoint-base-url\">Base URL</label> <select id=\"endpoint-base-url\" data-base-url-select>");
                for url in many {
                    self.out
                        .push_str(&format!("<option value=\"{0}\">{0}</option>", esc(url)));
                }
                self.out.push_str("</select></p>");
            }
        }
    }

    fn auth(&mut self, view: &EndpointView) {
        let auth = &view.auth;
        if auth.kind == AuthKind::None {
            return;
        }
        self.section_start("endpoint-auth", "authorization", "Authorization");
        let where_ = match auth.location.as_str() {
            "query" => "query parameter",
            "cookie" => "cookie",
            _ => "header",
        };
        let example = auth.header_value(auth.placeholder());
        self.out.push_str(&format!(
            "<p><code class=\"field-name\">{}</code> <span class=\"field-type\">{where_}</span> <span class=\"badge badge-required\">required</span></p><p class=\"field-meta\">Value: <code>{}</code></p>",
            esc(&auth.name),
            esc(&example)
        ));
        if auth.kind == AuthKind::Basic {
            self.out.push_str(&format!(
                "<p class=\"field-meta\">Basic authentication: base64 of <code>{}:{}</code>.</p>",
                esc(&auth.user_label),
                esc(&auth.pass_label)
            ));
        }
        if let Some(description) = &auth.description_md {
            self.out.push_str(&format!(
                "<div class=\"field-description\">{}</div>",
                (self.md)(description)
            ));
        }
        self.out.push_str("</section>");
    }

    fn parameters(&mut self, view: &EndpointView) {
        for (location, fields) in view.parameters.groups() {
            let with_content_type;
            let fields = match (location, &view.request_body) {
                ("header", Some(body)) => {
                    with_content_type = request_headers(fields, body);
                    &with_content_type
                }
                _ => fields,
            };
            if fields.is_empty() {
                continue;
            }
            let title = format!(
                "{}{} parameters",
                location[..1].to_uppercase(),
                &location[1..]
            );
            self.section_start("endpoint-params", &format!("{location}-parameters"), &title);
            self.field_list(fields);
            self.out.push_str("</section>");
        }
    }

    fn body(&mut self, body: &BodyView) {
        self.section_start("endpoint-body", "body", "Body");
        self.out.push_str(&format!(
            "<p class=\"content-type\"><code>{}</code>{}{}</p>",
            esc(&body.content_type),
            if body.type_label.is_empty() {
                String::new()
            } else {
                format!(
                    " <span class=\"field-type\">{}</span>",
                    esc(&body.type_label)
                )
            },
            if body.required {
                " <span class=\"badge badge-required\">required</span>"
            } else {
                ""
            }
        ));
        if let Some(description) = &body.description_md {
            self.out.push_str(&format!(
                "<div class=\"field-description\">{}</div>",
                (self.md)(description)
            ));
        }
        self.field_list(&body.fields);
        self.alternatives(body.alternatives_kind.as_deref(), &body.alternatives);
        if let Some(example) = &body.example_json {
            self.example_block("Example request body", example);
        }
        self.out.push_str("</section>");
    }

    fn responses(&mut self, responses: &[ResponseView]) {
        if responses.is_empty() {
            return;
        }
        self.section_start("endpoint-responses", "responses", "Responses");
        for (i, response) in responses.iter().enumerate() {
            self.response(response, i == 0);
        }
        self.out.push_str("</section>");
    }

    fn response(&mut self, r: &ResponseView, open: bool) {
        let class = r
            .status
            .chars()
            .next()
            .map_or("other".to_string(), |c| format!("{c}xx"));
        self.out.push_str(&format!(
            "<details class=\"response\"{}><summary><span class=\"status status-{class}\">{}</span> {}</summary>",
            if open { " open" } else { "" },
            esc(&r.status),
            r.description_md.as_deref().map(|d| esc(first_line(d))).unwrap_or_default()
        ));
        if let Some(description) = r
            .description_md
            .as_deref()
            .filter(|d| d.trim() != first_line(d))
        {
            self.out.push_str(&format!(
                "<div class=\"field-description\">{}</div>",
                (self.md)(description)
            ));
        }
        if let Some(ct) = &r.content_type {
            self.out.push_str(&format!(
                "<p class=\"content-type\"><code>{}</code> <span class=\"field-type\">{}</span></p>",
                esc(ct),
                esc(&r.type_label)
            ));
        }
        self.field_list(&r.fields);
        self.alternatives(r.alternatives_kind.as_deref(), &r.alternatives);
        if let Some(example) = &r.example_json {
            self.example_block(&format!("Example {} response", r.status), example);
        }
        self.out.push_str("</details>");
    }

    fn example_block(&mut self, label: &str, code: &str) {
        self.out.push_str(&format!(
            "<figure class=\"code-example\"><figcaption>{}</figcaption><pre><code class=\"language-json\">{}</code></pre></figure>",
            esc(label),
            esc(code)
        ));
    }

    fn code_samples(&mut self, view: &EndpointView) {
        if view.code_samples.is_empty() {
            return;
        }
        self.section_start("endpoint-samples", "code-samples", "Code samples");
        self.out.push_str("<div class=\"code-tabs\" data-code-tabs><div class=\"code-tablist\" role=\"tablist\" aria-label=\"Code sample language\">");
        for (i, sample) in view.code_samples.iter().enumerate() {
            self.out.push_str(&format!(
                "<button type=\"button\" role=\"tab\" id=\"sample-tab-{i}\" aria-controls=\"sample-panel-{i}\" aria-selected=\"{}\" tabindex=\"{}\" data-lang=\"{}\">{}</button>",
                i == 0,
                if i == 0 { 0 } else { -1 },
                esc(&sample.lang),
                esc(&sample.label)
            ));
        }
        self.out.push_str("</div>");
        for (i, sample) in view.code_samples.iter().enumerate() {
            self.out.push_str(&format!(
                "<div class=\"code-panel\" role=\"tabpanel\" id=\"sample-panel-{i}\" aria-labelledby=\"sample-tab-{i}\" data-sample=\"{}\"{}><button type=\"button\" class=\"copy-button\" data-copy>Copy</button><pre><code class=\"language-{}\">{}</code></pre></div>",
                esc(&sample.lang),
                if i == 0 { "" } else { " hidden" },
                esc(&sample.lang),
                esc(&sample.code)
            ));
        }
        self.out.push_str("</div></section>");
    }
}

/// The header parameters of an operation with a body, and `Content-Type`
/// (the request sends it with the body, so readers must too).
fn request_headers(fields: &[FieldView], body: &BodyView) -> Vec<FieldView> {
    let mut out = fields.to_vec();
    if !fields
        .iter()
        .any(|f| f.name.eq_ignore_ascii_case("content-type"))
    {
        out.push(FieldView {
            name: "Content-Type".into(),
            type_label: "string".into(),
            required: true,
            description_md: Some("The media type of the request body.".into()),
            enum_values: vec![body.content_type.clone().into()],
            ..FieldView::default()
        });
    }
    out
}

fn first_line(s: &str) -> &str {
    s.trim().lines().next().unwrap_or("")
}
