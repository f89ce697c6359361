//! Parameter and Header Objects as fields: the schema's field tree (or the
//! schema of its one `content` entry) under the parameter's name, with its
//! own description, `required`, `deprecated` and example, every `$ref` on the
//! way followed (a named example given by `$ref`, or whose `value` is one,
//! shows the value it points at, not the reference). A path parameter is
//! always required. Response headers are read the same way, as a Header
//! Object is a Parameter Object without `name` and `in`.

use serde_json::Value;

use super::fields::{FieldBuilder, FieldView};
use super::store::{example_value, literal_value, DocStore, Node};

/// The field of the Parameter or Header Object `param` (its `$ref`
/// followed by the caller), shown as `name`.
pub(crate) fn parameter_field<'a>(
    name: &str,
    param: Node<'a>,
    fields: &mut FieldBuilder<'a>,
) -> FieldView {
    let get = |key: &str| param.value.get(key);
    let at = |value| Node {
        doc: param.doc,
        value,
    };
    let schema =
        get("schema").or_else(|| get("content")?.as_object()?.values().next()?.get("schema"));
    let required = get("required").and_then(Value::as_bool) == Some(true)
        || get("in").and_then(Value::as_str) == Some("path");
    let mut field = match schema {
        Some(value) => fields.field(name, at(value), required),
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
    if let Some(example) = given_example(fields.store(), param) {
        field.example = Some(example);
    }
    field
}

/// The parameter's `example`, else the value of its first named example.
fn given_example(store: &DocStore, param: Node<'_>) -> Option<Value> {
    let at = |value| Node {
        doc: param.doc,
        value,
    };
    if let Some(example) = param.value.get("example") {
        return literal_value(store, at(example));
    }
    let first = param.value.get("examples")?.as_object()?.values().next()?;
    example_value(store, at(first))
}

/// The headers of a Response Object (`$ref`s followed), in the spec's
/// order; `Content-Type` is left out, as OpenAPI says it is ignored there.
pub(crate) fn response_headers<'a>(
    store: &'a DocStore,
    response: Node<'a>,
    fields: &mut FieldBuilder<'a>,
) -> Vec<FieldView> {
    let Some(headers) = response.value.get("headers").and_then(Value::as_object) else {
        return Vec::new();
    };
    headers
        .iter()
        .filter(|(name, _)| !name.eq_ignore_ascii_case("content-type"))
        .map(|(name, value)| {
            let header = Node {
                doc: response.doc,
                value,
            };
            match store.deref(header) {
                Ok((header, _)) => parameter_field(name, header, fields),
                Err(err) => FieldView {
                    name: name.clone(),
                    type_label: "unresolved".into(),
                    error: Some(err.to_string()),
                    ..FieldView::default()
                },
            }
        })
        .collect()
}
