//! The `security` of a server or an operation, read into
//! [`SecurityRequirement`]s: the alternatives a client may use, any one of
//! which will do, each with the schemes it needs.
//!
//! The two versions write a requirement differently:
//!
//! - **2.x**: an object naming schemes of `components/securitySchemes`,
//!   each with the scopes it needs (`{petstoreAuth: ["write:pets"]}`; all
//!   the names of one object are needed together).
//! - **3.0**: a Security Scheme object, in place or by `$ref`, whose own
//!   `scopes` are the ones needed.
//!
//! A scheme shows its `type`, `description`, `in` and `name` (API keys),
//! `scheme` and `bearerFormat` (HTTP), `openIdConnectUrl`, and its OAuth
//! 2.0 `flows` with their URLs and scopes (2.x `scopes`, 3.0
//! `availableScopes`). A 2.x name that no scheme defines is kept, without
//! a type, so the page says so; [`undefined_schemes`] finds each for the
//! load's warning.

use serde_json::Value;

use super::view::{OAuthFlowView, SecurityRequirement, SecurityView};
use crate::openapi::{ref_name, DocStore, Node};

/// The requirements of a server's or operation's `security` list; `root`
/// is the document, whose `components/securitySchemes` 2.x names.
pub fn requirements<'a>(
    store: &'a DocStore,
    root: &'a Value,
    security: Option<Node<'a>>,
) -> Vec<SecurityRequirement> {
    let Some(security) = security else {
        return Vec::new();
    };
    let Some(items) = security.value.as_array() else {
        return Vec::new();
    };
    let node = |value: &'a Value| Node {
        doc: security.doc,
        value,
    };
    (items.iter())
        .filter_map(|item| {
            let schemes = match is_scheme(item) {
                true => vec![scheme_in_place(store, node(item))?],
                false => named_schemes(store, root, security.doc, item),
            };
            (!schemes.is_empty()).then_some(SecurityRequirement { schemes })
        })
        .collect()
}

/// A 3.0 item: a scheme (with its `type`) or a `$ref` to one.
fn is_scheme(item: &Value) -> bool {
    item.get("$ref").is_some() || item.get("type").is_some_and(Value::is_string)
}

/// A 3.0 scheme, its `$ref` followed; its key is the `$ref`'s last part.
fn scheme_in_place<'a>(store: &'a DocStore, item: Node<'a>) -> Option<SecurityView> {
    let key = (item.value.get("$ref").and_then(Value::as_str)).map(ref_name);
    let (scheme, _) = store.deref(item).ok()?;
    let key = key
        .or_else(|| text(scheme.value, "type"))
        .unwrap_or_default();
    Some(scheme_view(
        key,
        scheme.value,
        strings(scheme.value.get("scopes")),
    ))
}

/// A 2.x requirement object: each name looked up in
/// `components/securitySchemes`, with the scopes it lists.
fn named_schemes<'a>(
    store: &'a DocStore,
    root: &'a Value,
    doc: crate::openapi::DocId,
    item: &'a Value,
) -> Vec<SecurityView> {
    let Some(names) = item.as_object() else {
        return Vec::new();
    };
    let defined = root.pointer("/components/securitySchemes");
    (names.iter())
        .map(|(name, scopes)| {
            let scopes = strings(Some(scopes));
            let scheme = (defined.and_then(|d| d.get(name)))
                .and_then(|value| store.deref(Node { doc, value }).ok())
                .map(|(scheme, _)| scheme.value);
            match scheme {
                Some(scheme) => scheme_view(name.clone(), scheme, scopes),
                None => SecurityView {
                    key: name.clone(),
                    scopes,
                    ..SecurityView::default()
                },
            }
        })
        .collect()
}

/// The strings of a list (a requirement's scopes); none when it is no list.
fn strings(list: Option<&Value>) -> Vec<String> {
    (list.and_then(Value::as_array).into_iter().flatten())
        .filter_map(Value::as_str)
        .map(String::from)
        .collect()
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(String::from)
}

fn scheme_view(key: String, scheme: &Value, scopes: Vec<String>) -> SecurityView {
    let flows = (scheme.get("flows").and_then(Value::as_object).into_iter())
        .flatten()
        .map(|(kind, flow)| flow_view(kind, flow))
        .collect();
    SecurityView {
        key,
        kind: Some(text(scheme, "type").unwrap_or_default()),
        description_md: text(scheme, "description"),
        location: text(scheme, "in"),
        parameter: text(scheme, "name"),
        scheme: text(scheme, "scheme"),
        bearer_format: text(scheme, "bearerFormat"),
        open_id_connect_url: text(scheme, "openIdConnectUrl"),
        flows,
        scopes,
    }
}

fn flow_view(kind: &str, flow: &Value) -> OAuthFlowView {
    let scopes = (flow.get("availableScopes"))
        .or_else(|| flow.get("scopes"))
        .and_then(Value::as_object);
    OAuthFlowView {
        kind: kind.to_string(),
        authorization_url: text(flow, "authorizationUrl"),
        token_url: text(flow, "tokenUrl"),
        refresh_url: text(flow, "refreshUrl"),
        scopes: (scopes.into_iter().flatten())
            .map(|(scope, about)| (scope.clone(), about.as_str().unwrap_or("").to_string()))
            .collect(),
    }
}

/// 2.x: each scheme name a server's or operation's `security` gives that
/// `components/securitySchemes` does not define, with the JSON path of
/// the name in its requirement (`servers.production.security[0].apiKey`).
pub fn undefined_schemes(root: &Value) -> Vec<(String, String)> {
    let defined = root.pointer("/components/securitySchemes");
    let mut owners: Vec<(String, &Value)> = Vec::new();
    for (name, server) in root
        .get("servers")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        owners.push((format!("servers.{name}"), server));
    }
    let channels = root.get("channels").and_then(Value::as_object);
    for (id, channel) in channels.into_iter().flatten() {
        for key in ["publish", "subscribe"] {
            if let Some(op) = channel.get(key) {
                owners.push((format!("channels.{id}.{key}"), op));
            }
        }
    }
    let mut out = Vec::new();
    for (path, owner) in owners {
        let items = owner.get("security").and_then(Value::as_array);
        for (i, item) in items.into_iter().flatten().enumerate() {
            if is_scheme(item) {
                continue;
            }
            for name in item.as_object().into_iter().flatten().map(|(n, _)| n) {
                if defined.and_then(|d| d.get(name)).is_none() {
                    out.push((format!("{path}.security[{i}].{name}"), name.clone()));
                }
            }
        }
    }
    out
}
