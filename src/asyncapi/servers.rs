//! The servers a channel is reached on, read into [`ServerView`]s: the
//! channel's `servers` (2.x names, 3.0 `$ref`s; every server of the
//! document when it names none), each with its host (3.0 `host` +
//! `pathname`, 2.x `url`), protocol, description, URL `variables` and
//! `security` (`super::security`).
//!
//! A server variable (`enum`, `default`, `description`, `examples`) has
//! the shape of a 3.0 channel parameter, so both become the same string
//! field ([`plain_field`]) the page lists as a field tree.

use serde_json::Value;

use super::security::requirements;
use super::view::ServerView;
use crate::openapi::{ref_name, DocId, DocStore, FieldView, Node};

/// The servers `channel` names, in document order, `$ref`s followed.
pub fn servers_of<'a>(store: &'a DocStore, doc: DocId, channel: &'a Value) -> Vec<ServerView> {
    let root = store.root(doc).value;
    let Some(all) = root.get("servers").and_then(Value::as_object) else {
        return Vec::new();
    };
    let named: Option<Vec<String>> = (channel.get("servers").and_then(Value::as_array))
        .map(|items| items.iter().filter_map(server_name).collect());
    (all.iter())
        .filter(|(name, _)| named.as_ref().is_none_or(|n| n.contains(name)))
        .filter_map(|(name, server)| {
            let (server, _) = store.deref(Node { doc, value: server }).ok()?;
            Some(server_view(store, root, name, server))
        })
        .collect()
}

/// A channel's server entry: a name (2.x) or a `$ref` (3.0).
fn server_name(item: &Value) -> Option<String> {
    match item {
        Value::String(name) => Some(name.clone()),
        _ => Some(ref_name(item.get("$ref")?.as_str()?)),
    }
}

fn server_view<'a>(
    store: &'a DocStore,
    root: &'a Value,
    name: &str,
    server: Node<'a>,
) -> ServerView {
    let value = server.value;
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(String::from);
    let host = match (text("host"), text("url")) {
        (Some(host), _) => host + text("pathname").as_deref().unwrap_or(""),
        (None, Some(url)) => url,
        (None, None) => String::new(),
    };
    ServerView {
        name: name.to_string(),
        host,
        protocol: text("protocol").unwrap_or_default(),
        protocol_version: text("protocolVersion"),
        description_md: text("description"),
        variables: variables(store, server),
        security: requirements(store, root, child(server, "security")),
    }
}

/// `key` of `object`, in the same document.
fn child<'a>(object: Node<'a>, key: &str) -> Option<Node<'a>> {
    Some(Node {
        doc: object.doc,
        value: object.value.get(key)?,
    })
}

/// The server's `variables`, each `$ref` followed.
fn variables<'a>(store: &'a DocStore, server: Node<'a>) -> Vec<FieldView> {
    let map = server.value.get("variables").and_then(Value::as_object);
    (map.into_iter().flatten())
        .filter_map(|(name, variable)| {
            let node = Node {
                doc: server.doc,
                value: variable,
            };
            let (variable, _) = store.deref(node).ok()?;
            Some(plain_field(name, variable.value, false))
        })
        .collect()
}

/// A 3.0 channel parameter or a server variable: a string with its
/// `enum`, `default`, `description` and first `examples` value.
pub fn plain_field(name: &str, value: &Value, required: bool) -> FieldView {
    let enum_values: Vec<Value> = (value.get("enum").and_then(Value::as_array))
        .cloned()
        .unwrap_or_default();
    FieldView {
        name: name.to_string(),
        type_label: "string".into(),
        required,
        description_md: (value.get("description").and_then(Value::as_str)).map(String::from),
        enum_descriptions: vec![None; enum_values.len()],
        enum_values,
        default: value.get("default").cloned(),
        example: value.pointer("/examples/0").cloned(),
        ..FieldView::default()
    }
}
