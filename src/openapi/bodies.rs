//! The request body and the responses of an operation's view: each as a
//! field tree (its schema summarised into type, top-level fields and
//! alternatives) with its examples, the spec's or generated from the schema;
//! a response also with its headers (`params`) and links. Every `$ref` is
//! followed: a response, a named example, an example's `value` and the
//! references inside it, a header, a link (`store::literal_value`).

use serde_json::Value;

use super::endpoint::{BodyView, ExampleView, LinkView, ResponseView};
use super::example::{Direction, ExampleBuilder};
use super::fields::{FieldBuilder, FieldView};
use super::params::response_headers;
use super::schema::Schema;
use super::store::{example_value, literal_value, DocStore, Node};

/// The preferred media type of a `content` map: JSON first.
fn pick_content(content: Option<&Value>) -> Option<(&str, &Value)> {
    let map = content?.as_object()?;
    map.iter()
        .find(|(ct, _)| ct.contains("json"))
        .or_else(|| map.iter().next())
        .map(|(ct, media)| (ct.as_str(), media))
}

/// Fields, type and alternatives of a body or response schema (or an
/// AsyncAPI message's payload or headers).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SchemaSummary {
    pub type_label: String,
    pub fields: Vec<FieldView>,
    pub alternatives: Vec<FieldView>,
    pub alternatives_kind: Option<String>,
}

pub(crate) fn summarize<'a>(
    store: &'a DocStore,
    schema: Node<'a>,
    fields: &mut FieldBuilder<'a>,
) -> SchemaSummary {
    let root = fields.field("body", schema, false);
    let is_object = Schema::load(store, schema).is_ok_and(|s| s.is_object());
    let top = if is_object || root.type_label.starts_with("array of") {
        root.children.clone()
    } else if root.alternatives.is_empty() {
        vec![root.clone()]
    } else {
        Vec::new()
    };
    SchemaSummary {
        type_label: root.type_label,
        fields: top,
        alternatives: root.alternatives,
        alternatives_kind: root.alternatives_kind,
    }
}

/// Every example of a media type: the `example`, else each named
/// `examples` entry, else one generated from the schema (a generated object
/// is JSON, so a response shows it only for JSON media types).
fn media_examples<'a>(
    store: &'a DocStore,
    content_type: &str,
    media: Node<'a>,
    direction: Direction,
    required_only: bool,
) -> Vec<ExampleView> {
    let example = |name: Option<String>, value: &Value| ExampleView {
        content_type: content_type.to_string(),
        name,
        code: pretty(value),
    };
    if let Some(value) = media.value.get("example") {
        let given = Node {
            doc: media.doc,
            value,
        };
        return literal_value(store, given)
            .map(|value| vec![example(None, &value)])
            .unwrap_or_default();
    }
    let named: Vec<ExampleView> = media
        .value
        .get("examples")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(key, entry)| {
            let entry = Node {
                doc: media.doc,
                value: entry,
            };
            let value = example_value(store, entry)?;
            let summary =
                (store.deref(entry).ok()).and_then(|(e, _)| e.value.get("summary")?.as_str());
            Some(example(Some(summary.unwrap_or(key).to_string()), &value))
        })
        .collect();
    if !named.is_empty() {
        return named;
    }
    let schema = media.value.get("schema").map(|value| Node {
        doc: media.doc,
        value,
    });
    schema
        .and_then(|schema| {
            ExampleBuilder::new(store, direction)
                .required_only(required_only)
                .example(schema)
        })
        .filter(|value| {
            direction == Direction::Request || value.is_string() || content_type.contains("json")
        })
        .map(|value| vec![example(None, &value)])
        .unwrap_or_default()
}

fn pretty(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => serde_json::to_string_pretty(other).unwrap_or_default(),
    }
}

/// The operation's request body; `required_only`: its generated example
/// fills in only required properties (`api.examples.defaults`).
pub(super) fn request_body<'a>(
    store: &'a DocStore,
    op: Node<'a>,
    fields: &mut FieldBuilder<'a>,
    required_only: bool,
) -> Option<BodyView> {
    let body = op.value.get("requestBody")?;
    let (body, _) = store
        .deref(Node {
            doc: op.doc,
            value: body,
        })
        .ok()?;
    let (content_type, media) = pick_content(body.value.get("content"))?;
    let media = Node {
        doc: body.doc,
        value: media,
    };
    let summary = media.value.get("schema").map(|s| {
        summarize(
            store,
            Node {
                doc: media.doc,
                value: s,
            },
            fields,
        )
    });
    let example = media_examples(
        store,
        content_type,
        media,
        Direction::Request,
        required_only,
    )
    .into_iter()
    .next();
    Some(BodyView {
        content_type: content_type.to_string(),
        required: body.value.get("required").and_then(Value::as_bool) == Some(true),
        description_md: body
            .value
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string),
        type_label: summary
            .as_ref()
            .map_or_else(String::new, |s| s.type_label.clone()),
        example_json: example.map(|e| e.code),
        alternatives_kind: summary.as_ref().and_then(|s| s.alternatives_kind.clone()),
        alternatives: summary
            .as_ref()
            .map_or_else(Vec::new, |s| s.alternatives.clone()),
        fields: summary.map_or_else(Vec::new, |s| s.fields),
    })
}

pub(super) fn responses<'a>(
    store: &'a DocStore,
    op: Node<'a>,
    fields: &mut FieldBuilder<'a>,
) -> Vec<ResponseView> {
    let Some(map) = op.value.get("responses").and_then(Value::as_object) else {
        return Vec::new();
    };
    map.iter()
        .filter_map(|(status, value)| {
            let (response, _) = store.deref(Node { doc: op.doc, value }).ok()?;
            Some(response_view(store, status, response, fields))
        })
        .collect()
}

fn response_view<'a>(
    store: &'a DocStore,
    status: &str,
    response: Node<'a>,
    fields: &mut FieldBuilder<'a>,
) -> ResponseView {
    let content = pick_content(response.value.get("content"));
    let media = content.map(|(_, m)| Node {
        doc: response.doc,
        value: m,
    });
    let summary = media.and_then(|m| {
        let schema = m.value.get("schema")?;
        Some(summarize(
            store,
            Node {
                doc: m.doc,
                value: schema,
            },
            fields,
        ))
    });
    let examples = response
        .value
        .get("content")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .flat_map(|(ct, media)| {
            let media = Node {
                doc: response.doc,
                value: media,
            };
            media_examples(store, ct, media, Direction::Response, false)
        })
        .collect();
    ResponseView {
        status: status.to_string(),
        description_md: response
            .value
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string),
        content_type: content.map(|(ct, _)| ct.to_string()),
        type_label: summary
            .as_ref()
            .map_or_else(String::new, |s| s.type_label.clone()),
        examples,
        alternatives_kind: summary.as_ref().and_then(|s| s.alternatives_kind.clone()),
        alternatives: summary
            .as_ref()
            .map_or_else(Vec::new, |s| s.alternatives.clone()),
        fields: summary.map_or_else(Vec::new, |s| s.fields),
        headers: response_headers(store, response, fields),
        links: response_links(store, response),
    }
}

/// The `links` of a Response Object, each (and each `$ref` to one) read.
fn response_links<'a>(store: &'a DocStore, response: Node<'a>) -> Vec<LinkView> {
    let Some(links) = response.value.get("links").and_then(Value::as_object) else {
        return Vec::new();
    };
    let link_view = |(name, value): (&String, &'a Value)| {
        let mut view = LinkView {
            name: name.clone(),
            ..LinkView::default()
        };
        let link = match store.deref(Node {
            doc: response.doc,
            value,
        }) {
            Ok((link, _)) => link.value,
            Err(err) => {
                view.error = Some(err.to_string());
                return view;
            }
        };
        let text = |key: &str| link.get(key).and_then(Value::as_str).map(str::to_string);
        view.operation = text("operationId").or_else(|| text("operationRef"));
        view.description_md = text("description");
        view.parameters = (link.get("parameters").and_then(Value::as_object))
            .into_iter()
            .flatten()
            .map(|(name, value)| (name.clone(), crate::openapi::schema::plain(value)))
            .collect();
        view
    };
    links.iter().map(link_view).collect()
}
