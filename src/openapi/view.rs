//! The endpoint view of one operation of a loaded spec: [`build_view`] fills
//! an [`EndpointView`] (the data, in `endpoint`) from the spec: title and
//! description, base URLs from `servers` (else site.json `api.baseUrl`), auth,
//! parameters by location, the request body and responses as field trees
//! with examples (`bodies`), and the code samples. A webhook (OpenAPI 3.1
//! `webhooks`) is read the same way, its payload as the body (its example
//! in place of code samples) and the responses the API expects, without
//! servers or Try-it.

use serde_json::Value;

use super::auth::auth_for;
use super::bodies::{request_body, responses};
use super::fields::{order_fields, FieldBuilder};
use super::params::parameter_field;
use super::request::sample_request;
use super::samples::{chosen_samples, generated_samples, spec_samples, CodeSample};
use super::store::{DocId, DocStore, Node};
use crate::config::{ApiConfig, ExampleDefaults, PlaygroundMode};

// The data moved to `endpoint`; `view::` paths (html, manual, the
// crate root's re-exports) still name it here.
pub use super::endpoint::{BodyView, EndpointView, ExampleView, Parameters, ResponseView};

/// Where the operation sits.
pub(crate) struct OperationSource<'a> {
    pub store: &'a DocStore,
    pub spec_doc: DocId,
    pub spec_name: &'a str,
    pub path: &'a str,
    /// Lower case, as in the spec.
    pub method: &'a str,
    /// `path` names an entry of `webhooks`, not of `paths`.
    pub webhook: bool,
    /// The named schemas whose fields are on a page of their own.
    pub schema_pages: &'a super::fields::SchemaPages,
}

const NO_VALUE: Value = Value::Null;

/// The spec root, the (dereferenced) path item and the operation of `src`.
fn operation_nodes<'a>(src: &OperationSource<'a>) -> (Node<'a>, Node<'a>, Node<'a>) {
    let root = src.store.root(src.spec_doc);
    let missing = Node {
        doc: src.spec_doc,
        value: &NO_VALUE,
    };
    let place = if src.webhook { "webhooks" } else { "paths" };
    let path_item = root
        .value
        .get(place)
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
    let mut fields = FieldBuilder::new(src.store, api.maintain_order).with_pages(src.schema_pages);
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
        webhook: false,
    };
    drop_unlinked_anchors(&mut view, &fields);
    if src.webhook {
        // A request the API sends: nothing to try, no server to call.
        view.webhook = true;
        view.playground_mode = PlaygroundMode::Hide;
        view.base_urls.clear();
        view.server_descriptions.clear();
        view.code_samples = webhook_payload(&view).into_iter().collect();
        return view;
    }
    let mut samples = spec_samples(op.value);
    let generated = generated_samples(&sample_request(&view));
    samples.extend(chosen_samples(generated, &api.examples_languages));
    view.code_samples = samples;
    view
}

/// A webhook's example payload, shown where an operation's code samples are.
fn webhook_payload(view: &EndpointView) -> Option<CodeSample> {
    let code = view.request_body.as_ref()?.example_json.clone()?;
    Some(CodeSample {
        lang: "json".into(),
        label: "Payload".into(),
        code,
    })
}

/// Every field tree of the view without the anchors no field links to.
fn drop_unlinked_anchors(view: &mut EndpointView, fields: &FieldBuilder<'_>) {
    let params = [
        &mut view.parameters.path,
        &mut view.parameters.query,
        &mut view.parameters.header,
        &mut view.parameters.cookie,
    ];
    let body = view.request_body.iter_mut();
    let body = body.flat_map(|b| b.fields.iter_mut().chain(&mut b.alternatives));
    let responses = view.responses.iter_mut().flat_map(|r| {
        (r.fields.iter_mut())
            .chain(&mut r.alternatives)
            .chain(&mut r.headers)
    });
    for field in params.into_iter().flatten().chain(body).chain(responses) {
        fields.drop_unlinked_anchors(field);
    }
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
        let name = param
            .value
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("");
        out.push(location, parameter_field(name, param, fields));
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
