//! The endpoint view: everything an endpoint page shows, built from one
//! operation of a loaded spec.
//!
//! [`EndpointView`] is plain data (serialisable, so templates and the search
//! index can use it); [`build_view`] fills it from the spec: title and
//! description, base URLs from `servers` (else site.json `api.baseUrl`), auth,
//! parameters by location, the request body and responses as field trees
//! with examples, and the code samples.

use serde::Serialize;
use serde_json::Value;

use super::auth::{auth_for, AuthView};
use super::example::{Direction, ExampleBuilder};
use super::fields::{order_fields, FieldBuilder, FieldView};
use super::request::sample_request;
use super::samples::{chosen_samples, generated_samples, spec_samples, CodeSample};
use super::schema::Schema;
use super::store::{DocId, DocStore, Node};
use crate::config::{ApiConfig, ExampleDefaults, PlaygroundMode};

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

/// Where the operation sits.
pub(crate) struct OperationSource<'a> {
    pub store: &'a DocStore,
    pub spec_doc: DocId,
    pub spec_name: &'a str,
    pub path: &'a str,
    /// Lower case, as in the spec.
    pub method: &'a str,
}

const NO_VALUE: Value = Value::Null;

/// The spec root, the (dereferenced) path item and the operation of `src`.
fn operation_nodes<'a>(src: &OperationSource<'a>) -> (Node<'a>, Node<'a>, Node<'a>) {
    let root = src.store.root(src.spec_doc);
    let missing = Node {
        doc: src.spec_doc,
        value: &NO_VALUE,
    };
    let path_item = root
        .value
        .get("paths")
        .and_then(|p| p.get(src.path))
        .map(|value| Node {
            doc: src.spec_doc,
            value,
        })
        .and_then(|n| src.store.deref(n).ok())
        .map_or(missing, |(n, _)| n);
    let op = Node {
        doc: path_item.doc,
        value: path_item.value.get(src.method).unwrap_or(&NO_VALUE),
    };
    (root, path_item, op)
}

/// The title of an operation's page: its summary, else `METHOD path`.
pub(crate) fn title(src: &OperationSource<'_>) -> String {
    let (_, _, op) = operation_nodes(src);
    op_title(op, src)
}

fn op_title(op: Node<'_>, src: &OperationSource<'_>) -> String {
    op.value.get("summary").and_then(Value::as_str).map_or_else(
        || format!("{} {}", src.method.to_ascii_uppercase(), src.path),
        str::to_string,
    )
}

/// Builds the view of one operation.
pub(crate) fn build_view(src: &OperationSource<'_>, api: &ApiConfig) -> EndpointView {
    let (root, path_item, op) = operation_nodes(src);
    let text = |key: &str| {
        op.value
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let method = src.method.to_ascii_uppercase();
    let mut fields = FieldBuilder::new(src.store, api.maintain_order);
    let (base_urls, server_descriptions): (Vec<String>, Vec<Option<String>>) =
        servers(&[op.value, path_item.value, root.value], api)
            .into_iter()
            .unzip();
    let required_only = api.examples_defaults == ExampleDefaults::Required;
    let request_body = request_body(src.store, op, &mut fields, required_only);
    let mut view = EndpointView {
        title: op_title(op, src),
        description_md: text("description"),
        operation_id: text("operationId"),
        spec: Some(src.spec_name.to_string()),
        tags: string_list(op.value.get("tags")),
        auth: auth_for(src.store, root, op.value, api.auth.as_ref()),
        parameters: parameters(src.store, path_item, op, &mut fields, api.maintain_order),
        body_needs_proxy: request_body.is_some() && matches!(method.as_str(), "GET" | "HEAD"),
        request_body,
        responses: responses(src.store, op, &mut fields),
        code_samples: Vec::new(),
        deprecated: op.value.get("deprecated").and_then(Value::as_bool) == Some(true),
        playground_mode: playground_mode(api, &base_urls),
        expand_fields: api.params_expanded,
        playground_proxy: api.playground.proxy,
        base_urls,
        server_descriptions,
        path: src.path.to_string(),
        method,
        manual: false,
    };
    let mut samples = spec_samples(op.value);
    let generated = generated_samples(&sample_request(&view));
    samples.extend(chosen_samples(generated, &api.examples_languages));
    view.code_samples = samples;
    view
}

/// Without any base URL there is nowhere to send a request (Mintlify's rule).
pub(crate) fn playground_mode(api: &ApiConfig, base_urls: &[String]) -> PlaygroundMode {
    match api.playground.mode {
        PlaygroundMode::Show if base_urls.is_empty() => PlaygroundMode::Simple,
        mode => mode,
    }
}

fn string_list(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The base URLs and their descriptions: site.json `api.baseUrl` when set
/// (it is the base URL of all endpoints and may offer several; no
/// descriptions); else the nearest `servers` list (operation, path item,
/// spec) with variables replaced by their defaults.
fn servers(levels: &[&Value], api: &ApiConfig) -> Vec<(String, Option<String>)> {
    let configured = api.base_urls();
    if !configured.is_empty() {
        return configured.into_iter().map(|url| (url, None)).collect();
    }
    let servers = levels
        .iter()
        .filter_map(|level| level.get("servers").and_then(Value::as_array))
        .find(|list| !list.is_empty());
    let Some(servers) = servers else {
        return Vec::new();
    };
    servers
        .iter()
        .filter_map(|server| {
            let mut url = server.get("url")?.as_str()?.to_string();
            if let Some(vars) = server.get("variables").and_then(Value::as_object) {
                for (name, var) in vars {
                    if let Some(default) = var.get("default").and_then(Value::as_str) {
                        url = url.replace(&format!("{{{name}}}"), default);
                    }
                }
            }
            let description = server.get("description").and_then(Value::as_str);
            Some((
                url.trim_end_matches('/').to_string(),
                description.map(str::to_string),
            ))
        })
        .collect()
}

fn parameters<'a>(
    store: &'a DocStore,
    path_item: Node<'a>,
    op: Node<'a>,
    fields: &mut FieldBuilder<'a>,
    maintain_order: bool,
) -> Parameters {
    let mut merged: Vec<Node<'a>> = Vec::new();
    for level in [path_item, op] {
        let list = level.value.get("parameters").and_then(Value::as_array);
        for value in list.into_iter().flatten() {
            let Ok((param, _)) = store.deref(Node {
                doc: level.doc,
                value,
            }) else {
                continue;
            };
            let key = |n: &Node<'_>| (n.value.get("in").cloned(), n.value.get("name").cloned());
            merged.retain(|existing| key(existing) != key(&param));
            merged.push(param);
        }
    }
    let mut out = Parameters::default();
    for param in merged {
        let location = param
            .value
            .get("in")
            .and_then(Value::as_str)
            .unwrap_or("query");
        out.push(location, parameter_field(param, fields));
    }
    for list in [
        &mut out.path,
        &mut out.query,
        &mut out.header,
        &mut out.cookie,
    ] {
        order_fields(list, maintain_order);
    }
    out
}

fn parameter_field<'a>(param: Node<'a>, fields: &mut FieldBuilder<'a>) -> FieldView {
    let get = |key: &str| param.value.get(key);
    let name = get("name").and_then(Value::as_str).unwrap_or("");
    let schema =
        get("schema").or_else(|| get("content")?.as_object()?.values().next()?.get("schema"));
    let required = get("required").and_then(Value::as_bool) == Some(true)
        || get("in").and_then(Value::as_str) == Some("path");
    let mut field = match schema {
        Some(value) => fields.field(
            name,
            Node {
                doc: param.doc,
                value,
            },
            required,
        ),
        None => FieldView {
            name: name.to_string(),
            type_label: "string".into(),
            required,
            ..FieldView::default()
        },
    };
    if let Some(description) = get("description").and_then(Value::as_str) {
        field.description_md = Some(description.to_string());
    }
    field.deprecated |= get("deprecated").and_then(Value::as_bool) == Some(true);
    let named_example = get("examples")
        .and_then(Value::as_object)
        .and_then(|m| m.values().next())
        .and_then(|e| e.get("value"));
    if let Some(example) = get("example").or(named_example) {
        field.example = Some(example.clone());
    }
    field
}

/// The preferred media type of a `content` map: JSON first.
fn pick_content(content: Option<&Value>) -> Option<(&str, &Value)> {
    let map = content?.as_object()?;
    map.iter()
        .find(|(ct, _)| ct.contains("json"))
        .or_else(|| map.iter().next())
        .map(|(ct, media)| (ct.as_str(), media))
}

/// Fields, type and alternatives of a body or response schema.
struct SchemaSummary {
    type_label: String,
    fields: Vec<FieldView>,
    alternatives: Vec<FieldView>,
    alternatives_kind: Option<String>,
}

fn summarize<'a>(
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
        return vec![example(None, value)];
    }
    let named: Vec<ExampleView> = media
        .value
        .get("examples")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(key, entry)| {
            let (entry, _) = store
                .deref(Node {
                    doc: media.doc,
                    value: entry,
                })
                .ok()?;
            let value = entry.value.get("value")?;
            let summary = entry.value.get("summary").and_then(Value::as_str);
            Some(example(Some(summary.unwrap_or(key).to_string()), value))
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
fn request_body<'a>(
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

fn responses<'a>(
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
    }
}
