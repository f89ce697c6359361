//! The endpoint page body as HTML fragments, in the parts the page lays out
//! in two columns ([`EndpointHtml`]):
//!
//! - the intro: header (method badge, path, base URL or selector, server
//!   descriptions) and the operation's description;
//! - the main column: authorization, parameters, body and responses (field
//!   trees, [`fields`]; a response also lists its headers and links);
//! - the aside: the request example (code samples in language tabs), the
//!   response examples (a tab per status and media type, [`examples`]) and
//!   the Try-it form ([`playground`], its response box in [`result`]).
//!
//! Every description is untrusted Markdown and every code block is
//! highlighted, both through [`EndpointText`] (the later stages' renderer).
//! The markup is semantic and carries `data-*` hooks for
//! `themes/default/playground.js`; styles are in `themes/default/api.css`.
//! The page title (an `<h1>`) is the page template's job: use
//! [`EndpointView::title`](crate::openapi::EndpointView).

mod examples;
mod fields;
mod playground;
mod result;

use crate::config::PlaygroundMode;
use crate::openapi::auth::AuthKind;
use crate::openapi::fields::FieldView;
use crate::openapi::schema_pages::SchemaView;
use crate::openapi::view::{BodyView, EndpointView, ResponseView};

/// What an endpoint page needs from the later stages: its descriptions as
/// Markdown (untrusted: no raw HTML, no script links) and its code
/// highlighted.
pub trait EndpointText {
    /// A description as block HTML.
    fn markdown(&self, source: &str) -> String;
    /// A one-paragraph description as inline HTML (no `<p>`); text that is
    /// not one paragraph comes back as escaped text.
    fn inline_markdown(&self, source: &str) -> String;
    /// The inside of a `<code>` element: `code` highlighted as `lang`.
    fn code(&self, lang: &str, code: &str) -> String;
    /// The URL of the page of a navigation reference (a schema page:
    /// `openapi.json SCHEMA user`), relative to the page being written;
    /// `None` when the site has no such page.
    fn page_href(&self, reference: &str) -> Option<String>;
}

/// The endpoint page body in the parts the page places.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EndpointHtml {
    /// Header and description (above the columns' split on phones).
    pub intro: String,
    /// Authorization, parameters, body, responses.
    pub main: String,
    /// The request example card; empty without code samples.
    pub request: String,
    /// The response example card; empty without response examples.
    pub response: String,
    /// The Try-it panel; empty unless `playground.mode` is `show`.
    pub playground: String,
}

impl EndpointHtml {
    /// Every part in reading order (tests look for markup in the whole).
    #[cfg(test)]
    pub fn joined(&self) -> String {
        [
            &self.intro,
            &self.request,
            &self.response,
            &self.playground,
            &self.main,
        ]
        .into_iter()
        .map(String::as_str)
        .collect()
    }
}

/// Renders the endpoint page body of `view`.
pub fn render_endpoint_html(view: &EndpointView, text: &dyn EndpointText) -> EndpointHtml {
    let mut html = Html::new(text);
    html.expand_fields = view.expand_fields;
    html.header(view);
    if let Some(description) = &view.description_md {
        html.out.push_str(&format!(
            "<div class=\"endpoint-description\">{}</div>",
            text.markdown(description)
        ));
    }
    let intro = html.take();
    if !view.manual {
        html.auth(view);
        html.parameters(view);
        if let Some(body) = &view.request_body {
            html.body(body);
        }
        html.responses(&view.responses);
    }
    let main = html.take();
    html.request_card(view);
    let request = html.take();
    html.response_card(view);
    let response = html.take();
    if view.playground_mode == PlaygroundMode::Show {
        html.playground(view);
    }
    EndpointHtml {
        intro,
        main,
        request,
        response,
        playground: html.take(),
    }
}

/// A field tree as endpoint pages show it (nested lists, folded children,
/// `oneOf` choices), for the AsyncAPI stage's message payloads and headers.
pub(crate) fn render_field_tree(
    fields: &[FieldView],
    alternatives_kind: Option<&str>,
    alternatives: &[FieldView],
    text: &dyn EndpointText,
) -> String {
    let mut html = Html::new(text);
    html.field_list(fields);
    html.alternatives(alternatives_kind, alternatives);
    html.take()
}

/// The body of a schema page, or of a page with frontmatter
/// `openapi-schema`: the schema's type, description and field tree.
pub fn render_schema_html(view: &SchemaView, text: &dyn EndpointText) -> String {
    let mut html = Html::new(text);
    html.out.push_str(&format!(
        "<section class=\"endpoint-section schema-fields\" aria-label=\"{} fields\"><p class=\"content-type\"><span class=\"field-type\">{}</span></p>",
        esc(&view.name),
        esc(&view.type_label)
    ));
    if let Some(description) = &view.description_md {
        html.description("field-description", description);
    }
    html.field_list(&view.fields);
    html.alternatives(view.alternatives_kind.as_deref(), &view.alternatives);
    html.out.push_str("</section>");
    html.take()
}

pub(super) struct Html<'a> {
    out: String,
    text: &'a dyn EndpointText,
    /// Nested field lists start open.
    expand_fields: bool,
}

/// Escapes text for HTML content and attribute values.
pub(super) use crate::html::escape as esc;

impl<'a> Html<'a> {
    fn new(text: &'a dyn EndpointText) -> Html<'a> {
        Html {
            out: String::with_capacity(16 * 1024),
            text,
            expand_fields: false,
        }
    }

    /// The HTML written so far; starts a new part.
    fn take(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// A description as a `<div class="…">` of Markdown.
    fn description(&mut self, class: &str, source: &str) {
        self.out.push_str(&format!(
            "<div class=\"{class}\">{}</div>",
            self.text.markdown(source)
        ));
    }

    fn section_start(&mut self, class: &str, id: &str, title: &str) {
        self.out.push_str(&format!(
            "<section class=\"endpoint-section api-section {class}\" aria-labelledby=\"{id}\">\
             <h2 id=\"{id}\" class=\"api-section-heading api-section-heading-title\">{}</h2>",
            esc(title)
        ));
    }

    fn header(&mut self, view: &EndpointView) {
        let method = esc(&view.method);
        self.out
            .push_str("<header class=\"endpoint-header\"><div class=\"endpoint-line\">");
        if view.webhook {
            self.out
                .push_str("<span class=\"badge badge-webhook\">Webhook</span>");
        }
        self.out.push_str(&format!(
            "<span class=\"method-badge method-pill method-{}\">{method}</span><code class=\"endpoint-path\">{}</code>",
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
            self.server_descriptions(view);
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

    /// The `servers` descriptions: under a single base URL as they are, under
    /// a selector each after its URL.
    fn server_descriptions(&mut self, view: &EndpointView) {
        let described: Vec<(&String, &String)> = view
            .base_urls
            .iter()
            .zip(&view.server_descriptions)
            .filter_map(|(url, d)| Some((url, d.as_ref()?)))
            .collect();
        for (url, description) in described {
            let html = self.text.inline_markdown(description);
            if view.base_urls.len() == 1 {
                self.out
                    .push_str(&format!("<p class=\"endpoint-server\">{html}</p>"));
            } else {
                self.out.push_str(&format!(
                    "<p class=\"endpoint-server\"><code>{}</code>: {html}</p>",
                    esc(url)
                ));
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
            self.description("field-description", description);
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
            self.description("field-description", description);
        }
        self.field_list(&body.fields);
        self.alternatives(body.alternatives_kind.as_deref(), &body.alternatives);
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

    /// One response: its first paragraph as the summary line (Markdown),
    /// the rest of its description, content type and field tree.
    fn response(&mut self, r: &ResponseView, open: bool) {
        let (summary, rest) = r
            .description_md
            .as_deref()
            .map(first_paragraph)
            .unwrap_or_default();
        self.out.push_str(&format!(
            "<details class=\"response\"{}><summary><span class=\"status status-{}\">{}</span> <span class=\"response-summary\">{}</span></summary>",
            if open { " open" } else { "" },
            status_class(&r.status),
            esc(&r.status),
            self.text.inline_markdown(summary)
        ));
        if !rest.is_empty() {
            self.description("field-description", rest);
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
        if !r.headers.is_empty() {
            self.out
                .push_str("<h3 class=\"response-part\">Headers</h3>");
            self.field_list(&r.headers);
        }
        self.links(&r.links);
        self.out.push_str("</details>");
    }
}

/// `2xx`, `4xx`, … for colouring a status code; `other` for `default`.
fn status_class(status: &str) -> String {
    status
        .chars()
        .next()
        .filter(char::is_ascii_digit)
        .map_or("other".to_string(), |c| format!("{c}xx"))
}

/// A description's first paragraph (up to the first blank line) and the rest.
fn first_paragraph(text: &str) -> (&str, &str) {
    let text = text.trim();
    let blank = text.match_indices('\n').map(|(i, _)| i).find(|&i| {
        text[i + 1..]
            .lines()
            .next()
            .is_some_and(|l| l.trim().is_empty())
    });
    match blank {
        Some(i) => (text[..i].trim(), text[i..].trim()),
        None => (text, ""),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_paragraph_splits_at_a_blank_line() {
        assert_eq!(first_paragraph("a\nb\n\nc\n"), ("a\nb", "c"));
        assert_eq!(first_paragraph(" one line "), ("one line", ""));
        assert_eq!(first_paragraph("a\n  \nb"), ("a", "b"));
    }

    #[test]
    fn status_classes_colour_by_first_digit() {
        assert_eq!(status_class("201"), "2xx");
        assert_eq!(status_class("4XX"), "4xx");
        assert_eq!(status_class("default"), "other");
    }
}
