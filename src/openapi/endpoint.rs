//! The endpoint view's data: everything an endpoint page shows
//! ([`EndpointView`]), with its parameters by location, request body,
//! responses and their examples. Plain data (serialisable, so templates and
//! the search index can use it): `view` fills it from a spec operation,
//! `manual` from a hand-written page, and `request` reads it to make the
//! code samples' request.

use serde::Serialize;

use super::auth::AuthView;
use super::fields::FieldView;
use super::samples::CodeSample;
use crate::config::PlaygroundMode;

/// Everything an endpoint page shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndpointView {
    /// Upper case: `GET`.
    pub method: String,
    pub path: String,
    /// The operation's summary, else `METHOD path`.
    pub title: String,
    pub description_md: Option<String>,
    pub operation_id: Option<String>,
    /// The spec file (relative to the docs root) or URL; `None` on hand-written pages.
    pub spec: Option<String>,
    pub tags: Vec<String>,
    /// Where requests go; several give a selector. May be empty.
    pub base_urls: Vec<String>,
    /// The Markdown description of each base URL (same order) that comes
    /// from a spec `servers` entry describing it.
    pub server_descriptions: Vec<Option<String>>,
    pub auth: AuthView,
    pub parameters: Parameters,
    pub request_body: Option<BodyView>,
    pub responses: Vec<ResponseView>,
    pub code_samples: Vec<CodeSample>,
    pub deprecated: bool,
    pub playground_mode: PlaygroundMode,
    /// Nested fields start open (`api.params.expanded`).
    pub expand_fields: bool,
    /// Try-it goes through the preview's proxy under `sheaf serve`
    /// (`api.playground.proxy`).
    pub playground_proxy: bool,
    /// A body on GET/HEAD: browsers cannot send it, the playground needs the
    /// preview server's proxy.
    pub body_needs_proxy: bool,
    /// A hand-written (`api:` frontmatter) page: the page lists its own fields.
    pub manual: bool,
    /// An OpenAPI 3.1 webhook: `path` is its name, `method` how it is sent.
    pub webhook: bool,
}

/// The longest page description [`EndpointView::meta_description`] gives
/// (what search engines show of one), in characters.
const META_DESCRIPTION_CHARS: usize = 160;

impl EndpointView {
    /// What the page's `<meta name="description">` says when its
    /// frontmatter says nothing: the first paragraph of the operation's
    /// description as plain text (cut at a word, at most
    /// [`META_DESCRIPTION_CHARS`]), else its summary (the title).
    pub fn meta_description(&self) -> String {
        let first = self.description_md.as_deref().map(first_paragraph_text);
        match first.filter(|text| !text.is_empty()) {
            Some(text) => shortened(&text),
            None => self.title.clone(),
        }
    }
}

/// The text of the first paragraph of Markdown `md`, without its markup.
fn first_paragraph_text(md: &str) -> String {
    use pulldown_cmark::{Event, Parser, TagEnd};
    let mut text = String::new();
    for event in Parser::new(md) {
        match event {
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_)) if !text.trim().is_empty() => break,
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` cut to at most [`META_DESCRIPTION_CHARS`] characters at a
/// word, with an ellipsis: a page description as search engines show it.
pub fn shortened(text: &str) -> String {
    let max = META_DESCRIPTION_CHARS;
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max - 1).collect();
    let at_word = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", at_word.trim_end_matches([',', ';', ':', '.']))
}

/// Parameters by where they go.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Parameters {
    pub path: Vec<FieldView>,
    pub query: Vec<FieldView>,
    pub header: Vec<FieldView>,
    pub cookie: Vec<FieldView>,
}

impl Parameters {
    pub fn is_empty(&self) -> bool {
        self.groups().iter().all(|(_, list)| list.is_empty())
    }

    /// `(location, fields)` in page order.
    pub fn groups(&self) -> [(&'static str, &Vec<FieldView>); 4] {
        [
            ("path", &self.path),
            ("query", &self.query),
            ("header", &self.header),
            ("cookie", &self.cookie),
        ]
    }

    pub(crate) fn push(&mut self, location: &str, field: FieldView) {
        match location {
            "path" => self.path.push(field),
            "header" => self.header.push(field),
            "cookie" => self.cookie.push(field),
            _ => self.query.push(field),
        }
    }
}

/// A request body.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BodyView {
    pub content_type: String,
    pub required: bool,
    pub description_md: Option<String>,
    /// The body schema's type (`object`, `array of object`).
    pub type_label: String,
    /// Top-level fields (an object's properties; else the body itself as one field).
    pub fields: Vec<FieldView>,
    pub alternatives: Vec<FieldView>,
    pub alternatives_kind: Option<String>,
    /// Pretty-printed example (the spec's, else generated).
    pub example_json: Option<String>,
}

/// One response.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResponseView {
    /// `200`, `4XX`, `default`.
    pub status: String,
    pub description_md: Option<String>,
    pub content_type: Option<String>,
    pub type_label: String,
    pub fields: Vec<FieldView>,
    pub alternatives: Vec<FieldView>,
    pub alternatives_kind: Option<String>,
    /// One per media type, or per named example of a media type.
    pub examples: Vec<ExampleView>,
    /// The response's headers (`Content-Type` left out).
    pub headers: Vec<FieldView>,
    /// The response's `links`: operations its values can be sent to.
    pub links: Vec<LinkView>,
}

/// One link of a response (an OpenAPI Link Object).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct LinkView {
    pub name: String,
    /// The linked operation: its `operationId`, else its `operationRef`.
    pub operation: Option<String>,
    pub description_md: Option<String>,
    /// `(parameter, runtime expression or value)`, in the spec's order.
    pub parameters: Vec<(String, String)>,
    /// Set when the link could not be read (an unresolved `$ref`).
    pub error: Option<String>,
}

/// One example of a response body.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExampleView {
    pub content_type: String,
    /// A named example's summary, else its key; `None` for the media
    /// type's only example.
    pub name: Option<String>,
    /// Pretty-printed JSON, or the text as the spec gives it.
    pub code: String,
}

impl ExampleView {
    /// The highlighting language of the example's media type.
    pub fn lang(&self) -> &'static str {
        let ct = self.content_type.to_ascii_lowercase();
        if ct.contains("json") {
            "json"
        } else if ct.contains("xml") {
            "xml"
        } else if ct.contains("yaml") {
            "yaml"
        } else if ct.contains("html") {
            "html"
        } else {
            "text"
        }
    }
}

#[cfg(test)]
mod meta_tests {
    use super::*;

    #[test]
    fn the_meta_description_is_the_first_paragraph_as_text_else_the_summary() {
        assert_eq!(
            first_paragraph_text(
                "Gets the **current** [user](/u) by `id`.\nOr makes one.\n\nMore."
            ),
            "Gets the current user by id. Or makes one."
        );
        let long = "word ".repeat(60);
        let short = shortened(long.trim());
        assert!(
            short.chars().count() <= 160 && short.ends_with("word…"),
            "{short}"
        );
        assert_eq!(shortened("short"), "short");
    }
}
