//! `sheaf check` for specs: unresolved `$ref`s (a warning: real specs ship
//! with some, and the field shows as unresolved), duplicate
//! operationIds, GET/DELETE operations with a request body (decisions.md),
//! missing summaries, and examples that do not validate against their schema
//! (warnings). Each finding is placed at the spec's line and column of its
//! JSON path ([`super::spans::locate`]). A spec acknowledges a deliberate
//! finding with `x-sheaf-lint-ignore` (`lint_ignore.rs`); each finding's
//! help names the rule to list there.
//!
//! Examples are validated with the `jsonschema` crate after turning the
//! OpenAPI schema into plain JSON Schema: `$ref`s inlined (recursion cut off
//! with `true`), 3.0 `nullable` and boolean `exclusiveMinimum` rewritten.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::{Map, Value};

use super::find::METHODS;
use super::lint_ignore::{Acknowledged, Rule};
use super::store::{example_value, literal_value, DocId, DocStore, Node};
use crate::diagnostics::Diagnostic;

const MAX_INLINE_DEPTH: usize = 24;

pub(crate) fn lint_spec(store: &DocStore, doc: DocId, name: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let spec_wide = Acknowledged::read(store.root(doc).value, name, "", &mut out);
    if !spec_wide.has(Rule::UnresolvedRef) {
        unresolved_refs(store, store.root(doc), String::new(), name, &mut out);
    }
    let mut ids: HashMap<String, String> = HashMap::new();
    for (path, method, op) in operations(store.root(doc).value) {
        let label = format!("{} {path}", method.to_ascii_uppercase());
        let at = format!("paths.{path}.{method}");
        let acknowledged = spec_wide.and(Acknowledged::read(op, name, &at, &mut out));
        let warn = |rule: Rule, message: String, help: &str| {
            Diagnostic::warning(PathBuf::from(name), message)
                .with_rule(rule.rule())
                .with_json_path(at.clone())
                .with_help(format!("{help}; {}", rule.how_to_acknowledge()))
        };
        if let Some(id) = op.get("operationId").and_then(Value::as_str) {
            if let Some(first) = ids.insert(id.to_string(), label.clone()) {
                if !acknowledged.has(Rule::DuplicateOperationId) {
                    out.push(warn(
                        Rule::DuplicateOperationId,
                        format!("operationId `{id}` of {label} is also used by {first}"),
                        "operationIds must be unique within a spec",
                    ));
                }
            }
        }
        if op
            .get("summary")
            .and_then(Value::as_str)
            .is_none_or(str::is_empty)
            && !acknowledged.has(Rule::MissingSummary)
        {
            out.push(warn(
                Rule::MissingSummary,
                format!("{label} has no summary; its page is titled `{label}`"),
                "add a `summary` to the operation",
            ));
        }
        if op.get("requestBody").is_some()
            && matches!(method, "get" | "delete")
            && !acknowledged.has(Rule::GetWithBody)
        {
            out.push(warn(
                Rule::GetWithBody,
                format!(
                    "{label} has a request body; many clients and proxies drop bodies on {}, and browsers cannot send one with GET",
                    method.to_ascii_uppercase()
                ),
                "the playground sends it through the preview server's proxy; a static site shows the cURL command instead",
            ));
        }
        if !acknowledged.has(Rule::ExampleMismatch) {
            out.extend(example_mismatches(
                store,
                Node { doc, value: op },
                name,
                &at,
            ));
        }
    }
    super::spans::locate(store, doc, &mut out);
    out
}

fn operations(spec: &Value) -> Vec<(&str, &'static str, &Value)> {
    let Some(paths) = spec.get("paths").and_then(Value::as_object) else {
        return Vec::new();
    };
    paths
        .iter()
        .flat_map(|(path, item)| {
            METHODS
                .iter()
                .filter_map(move |&m| item.get(m).map(|op| (path.as_str(), m, op)))
        })
        .collect()
}

fn unresolved_refs(
    store: &DocStore,
    node: Node<'_>,
    at: String,
    name: &str,
    out: &mut Vec<Diagnostic>,
) {
    match node.value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref") {
                if let Err(err) = store.resolve(node.doc, reference) {
                    out.push(
                        Diagnostic::warning(PathBuf::from(name), err.to_string()).with_rule(Rule::UnresolvedRef.rule())
                            .with_json_path(at.clone())
                            .with_help(format!(
                                "point the `$ref` at an existing component or file; the field is shown as \"unresolved\" meanwhile; {}",
                                Rule::UnresolvedRef.how_to_acknowledge()
                            )),
                    );
                }
            }
            for (key, value) in map {
                let path = if at.is_empty() {
                    key.clone()
                } else {
                    format!("{at}.{key}")
                };
                unresolved_refs(
                    store,
                    Node {
                        doc: node.doc,
                        value,
                    },
                    path,
                    name,
                    out,
                );
            }
        }
        Value::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                unresolved_refs(
                    store,
                    Node {
                        doc: node.doc,
                        value,
                    },
                    format!("{at}[{i}]"),
                    name,
                    out,
                );
            }
        }
        _ => {}
    }
}

/// Examples of the request body, responses and parameters checked against
/// their schemas.
fn example_mismatches<'a>(
    store: &'a DocStore,
    op: Node<'a>,
    name: &str,
    at: &str,
) -> Vec<Diagnostic> {
    let mut checks: Vec<(String, Node<'a>, Value)> = Vec::new();
    let mut media_checks = |owner: Option<&'a Value>, owner_at: String| {
        let Some(owner) = owner else { return };
        let Ok((owner, _)) = store.deref(Node {
            doc: op.doc,
            value: owner,
        }) else {
            return;
        };
        let Some(content) = owner.value.get("content").and_then(Value::as_object) else {
            return;
        };
        for (ct, media) in content {
            let Some(schema) = media.get("schema") else {
                continue;
            };
            let schema = Node {
                doc: owner.doc,
                value: schema,
            };
            for (label, example) in media_examples(
                store,
                Node {
                    doc: owner.doc,
                    value: media,
                },
            ) {
                checks.push((format!("{owner_at}.content.{ct}.{label}"), schema, example));
            }
        }
    };
    media_checks(op.value.get("requestBody"), format!("{at}.requestBody"));
    if let Some(responses) = op.value.get("responses").and_then(Value::as_object) {
        for (status, response) in responses {
            media_checks(Some(response), format!("{at}.responses.{status}"));
        }
    }
    checks
        .into_iter()
        .filter_map(|(path, schema, example)| {
            let error = validation_error(store, schema, &example)?;
            Some(
                Diagnostic::warning(
                    PathBuf::from(name),
                    format!("example does not match its schema: {error}"),
                )
                .with_rule(Rule::ExampleMismatch.rule())
                .with_json_path(path)
                .with_help(format!(
                    "fix the example or the schema; readers copy examples; {}",
                    Rule::ExampleMismatch.how_to_acknowledge()
                )),
            )
        })
        .collect()
}

fn media_examples(store: &DocStore, media: Node<'_>) -> Vec<(String, Value)> {
    let at = |value| Node {
        doc: media.doc,
        value,
    };
    let mut out = Vec::new();
    if let Some(example) = media.value.get("example") {
        if let Some(value) = literal_value(store, at(example)) {
            out.push(("example".to_string(), value));
        }
    }
    if let Some(named) = media.value.get("examples").and_then(Value::as_object) {
        for (key, example) in named {
            if let Some(value) = example_value(store, at(example)) {
                out.push((format!("examples.{key}"), value));
            }
        }
    }
    out
}

/// The first validation error of `instance` against the schema, if any.
pub(crate) fn validation_error(
    store: &DocStore,
    schema: Node<'_>,
    instance: &Value,
) -> Option<String> {
    let json_schema = to_json_schema(store, schema, &mut Vec::new());
    let validator = jsonschema::validator_for(&json_schema).ok()?;
    let first = validator.iter_errors(instance).next().map(|e| {
        let at = e.instance_path().to_string();
        if at.is_empty() {
            e.to_string()
        } else {
            format!("{at}: {e}")
        }
    });
    first
}

/// An OpenAPI schema as self-contained JSON Schema.
fn to_json_schema(store: &DocStore, node: Node<'_>, stack: &mut Vec<String>) -> Value {
    let Ok((target, key)) = store.deref(node) else {
        return Value::Bool(true);
    };
    if let Some(key) = &key {
        if stack.contains(key) || stack.len() > MAX_INLINE_DEPTH {
            return Value::Bool(true);
        }
        stack.push(key.clone());
    }
    let converted = match target.value {
        Value::Object(map) => Value::Object(convert_map(store, target.doc, map, stack)),
        other => other.clone(),
    };
    if key.is_some() {
        stack.pop();
    }
    converted
}

fn convert_map(
    store: &DocStore,
    doc: DocId,
    map: &Map<String, Value>,
    stack: &mut Vec<String>,
) -> Map<String, Value> {
    let sub =
        |value: &Value, stack: &mut Vec<String>| to_json_schema(store, Node { doc, value }, stack);
    let mut out = Map::new();
    for (key, value) in map {
        let converted = match (key.as_str(), value) {
            ("example" | "discriminator" | "xml" | "externalDocs" | "nullable", _) => continue,
            ("properties" | "patternProperties", Value::Object(props)) => Value::Object(
                props
                    .iter()
                    .map(|(k, v)| (k.clone(), sub(v, stack)))
                    .collect(),
            ),
            ("items" | "additionalProperties" | "not", Value::Object(_)) => sub(value, stack),
            ("allOf" | "oneOf" | "anyOf", Value::Array(list)) => {
                Value::Array(list.iter().map(|v| sub(v, stack)).collect())
            }
            ("exclusiveMinimum" | "exclusiveMaximum", Value::Bool(_)) => continue,
            _ => value.clone(),
        };
        out.insert(key.clone(), converted);
    }
    for (flag, bound) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        if map.get(flag) == Some(&Value::Bool(true)) {
            if let Some(limit) = out.remove(bound) {
                out.insert(flag.into(), limit);
            }
        }
    }
    if map.get("nullable") == Some(&Value::Bool(true)) {
        allow_null(&mut out);
    }
    out
}

/// 3.0 `nullable: true` in JSON Schema terms.
fn allow_null(schema: &mut Map<String, Value>) {
    match schema.get_mut("type") {
        Some(Value::String(t)) => {
            let t = std::mem::take(t);
            schema.insert("type".into(), serde_json::json!([t, "null"]));
        }
        Some(Value::Array(list)) if !list.contains(&Value::from("null")) => {
            list.push("null".into())
        }
        _ => {}
    }
    if let Some(Value::Array(values)) = schema.get_mut("enum") {
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::source::Location;
    use crate::openapi::store::Document;
    use serde_json::json;

    fn lint(spec: Value) -> Vec<Diagnostic> {
        let mut store = DocStore::default();
        store.add(Document {
            location: Location::File("/d/api.json".into()),
            name: "api.json".into(),
            value: spec,
        });
        lint_spec(&store, 0, "api.json")
    }

    fn messages(spec: Value) -> Vec<String> {
        lint(spec)
            .iter()
            .map(|d| format!("{}: {}", d.severity, d.message))
            .collect()
    }

    #[test]
    fn clean_spec_has_no_findings() {
        let spec = json!({"openapi": "3.0.0", "paths": {"/a": {"post": {
            "summary": "A", "operationId": "a",
            "requestBody": {"content": {"application/json": {
                "schema": {"type": "object", "properties": {"n": {"type": "integer", "nullable": true, "minimum": 0, "exclusiveMinimum": true}}},
                "example": {"n": null}
            }}},
            "responses": {"200": {"description": "ok"}}
        }}}});
        assert_eq!(messages(spec), Vec::<String>::new());
    }

    #[test]
    fn each_problem_is_reported() {
        let spec = json!({"openapi": "3.0.0", "paths": {
            "/a": {"get": {
                "operationId": "same",
                "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Missing"}
                }}}}
            }},
            "/b": {"post": {
                "summary": "B", "operationId": "same",
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"type": "object", "properties": {"n": {"type": "integer", "exclusiveMinimum": true, "minimum": 0}}},
                    "examples": {"zero": {"value": {"n": 0}}}
                }}}}
            }}
        }});
        let found = messages(spec);
        let has = |needle: &str| found.iter().any(|m| m.contains(needle));
        assert!(
            has("warning: `$ref: #/components/schemas/Missing`"),
            "{found:?}"
        );
        assert!(
            has("operationId `same` of POST /b is also used by GET /a"),
            "{found:?}"
        );
        assert!(has("GET /a has no summary"), "{found:?}");
        assert!(has("GET /a has a request body"), "{found:?}");
        assert!(has("example does not match its schema"), "{found:?}");
        let mismatch = lint(
            json!({"openapi": "3.0.0", "paths": {"/b": {"post": {"summary": "B",
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"type": "string"}, "example": 3}}}}}}}}),
        );
        assert_eq!(
            mismatch[0].json_path.as_deref(),
            Some("paths./b.post.responses.200.content.application/json.example")
        );
    }

    #[test]
    fn acknowledged_findings_are_left_out() {
        let get_with_body = |ignore: Value| {
            json!({"openapi": "3.0.0", "paths": {"/a": {"get": {
                "summary": "A", "x-sheaf-lint-ignore": ignore,
                "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {"200": {"description": "ok"}}
            }}}})
        };
        let found = lint(get_with_body(json!([])));
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .help
            .as_deref()
            .unwrap()
            .contains("add `x-sheaf-lint-ignore: [get-with-body]` on the operation (for a spec you do not own: `get-with-body = \"off\"`"));
        assert_eq!(
            messages(get_with_body(json!(["get-with-body"]))),
            Vec::<String>::new()
        );
        let typo = messages(get_with_body(json!(["get-with-bdy"])));
        assert_eq!(
            typo.len(),
            2,
            "the typo and the finding it failed to hide: {typo:?}"
        );
        let spec_wide = json!({"openapi": "3.0.0", "x-sheaf-lint-ignore": ["missing-summary", "unresolved-ref"],
            "paths": {"/b": {"post": {"responses": {"200": {"description": "ok", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Missing"}}}}}}}}});
        assert_eq!(messages(spec_wide), Vec::<String>::new());
    }

    #[test]
    fn recursive_schemas_validate_without_looping() {
        let spec = json!({"openapi": "3.1.0", "components": {"schemas": {"Node": {"type": "object", "properties": {
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}
        }}}}, "paths": {"/t": {"post": {"summary": "T", "responses": {"200": {"description": "ok",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"},
            "example": {"children": [{"children": []}]}}}}}}}}});
        assert!(lint(spec).is_empty());
    }
}
