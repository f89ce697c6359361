//! Reading one schema, whatever the OpenAPI version wrote it as.
//!
//! A [`Schema`] is a schema with its `$ref` followed and its `allOf` members
//! flattened into a list of parts; every keyword lookup goes through the parts
//! in order, so a schema's own keywords (including the siblings of a 3.1
//! `$ref`) win over what it inherits. The accessors hide the 3.0/3.1
//! differences: `type: [string, "null"]` vs `nullable`, numeric vs boolean
//! `exclusiveMinimum`, `examples` arrays vs `example`, `const` vs `enum`.

use std::collections::HashSet;

use serde_json::Value;

use super::store::{DocStore, Node, RefError};

/// Which keyword lists a schema's alternatives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AltKind {
    OneOf,
    AnyOf,
}

impl AltKind {
    pub(crate) fn label(self) -> &'static str {
        match self {
            AltKind::OneOf => "one of",
            AltKind::AnyOf => "any of",
        }
    }
}

#[derive(Debug)]
pub(crate) struct Schema<'a> {
    parts: Vec<Node<'a>>,
}

impl<'a> Schema<'a> {
    /// Follows `node`'s `$ref` and flattens its `allOf` tree (cycle-safe).
    pub(crate) fn load(store: &'a DocStore, node: Node<'a>) -> Result<Schema<'a>, RefError> {
        let mut parts = Vec::new();
        flatten(store, node, &mut parts, &mut HashSet::new())?;
        Ok(Schema { parts })
    }

    pub(crate) fn get(&self, key: &str) -> Option<Node<'a>> {
        self.parts.iter().find_map(|part| {
            part.value.get(key).map(|value| Node {
                doc: part.doc,
                value,
            })
        })
    }

    pub(crate) fn str(&self, key: &str) -> Option<&'a str> {
        self.get(key).and_then(|n| n.value.as_str())
    }

    pub(crate) fn flag(&self, key: &str) -> bool {
        self.parts
            .iter()
            .any(|p| p.value.get(key).and_then(Value::as_bool) == Some(true))
    }

    /// The declared types without `null`, and whether `null` is allowed.
    pub(crate) fn types(&self) -> (Vec<String>, bool) {
        let mut nullable = self.flag("nullable");
        let mut types = Vec::new();
        match self.get("type").map(|n| n.value) {
            Some(Value::String(t)) => types.push(t.clone()),
            Some(Value::Array(list)) => {
                for t in list.iter().filter_map(Value::as_str) {
                    if t == "null" {
                        nullable = true;
                    } else {
                        types.push(t.to_string());
                    }
                }
            }
            _ if self.get("properties").is_some() => types.push("object".into()),
            _ if self.get("items").is_some() => types.push("array".into()),
            _ => {}
        }
        (types, nullable)
    }

    pub(crate) fn is_object(&self) -> bool {
        self.types().0.iter().any(|t| t == "object")
    }

    /// Properties of every part, the first definition of a name winning, in
    /// the order the parts list them.
    pub(crate) fn properties(&self) -> Vec<(&'a str, Node<'a>)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for part in &self.parts {
            let Some(Value::Object(props)) = part.value.get("properties") else {
                continue;
            };
            for (name, value) in props {
                if seen.insert(name.as_str()) {
                    out.push((
                        name.as_str(),
                        Node {
                            doc: part.doc,
                            value,
                        },
                    ));
                }
            }
        }
        out
    }

    /// The union of every part's `required` list.
    pub(crate) fn required(&self) -> HashSet<&'a str> {
        self.parts
            .iter()
            .filter_map(|p| p.value.get("required").and_then(Value::as_array))
            .flatten()
            .filter_map(Value::as_str)
            .collect()
    }

    pub(crate) fn alternatives(&self) -> Option<(AltKind, Vec<Node<'a>>)> {
        [("oneOf", AltKind::OneOf), ("anyOf", AltKind::AnyOf)]
            .into_iter()
            .find_map(|(key, kind)| {
                let list = self.get(key)?;
                let items = list.value.as_array()?;
                Some((
                    kind,
                    items
                        .iter()
                        .map(|value| Node {
                            doc: list.doc,
                            value,
                        })
                        .collect(),
                ))
            })
    }

    pub(crate) fn items(&self) -> Option<Node<'a>> {
        self.get("items").filter(|n| n.value.is_object())
    }

    /// The `additionalProperties` schema, when it says something about the values.
    pub(crate) fn additional_properties(&self) -> Option<Node<'a>> {
        self.get("additionalProperties")
            .filter(|n| n.value.as_object().is_some_and(|m| !m.is_empty()))
    }

    /// `enum`, or a 3.1 `const` as a one-value enum.
    pub(crate) fn enum_values(&self) -> Vec<Value> {
        if let Some(list) = self.get("enum").and_then(|n| n.value.as_array()) {
            return list.iter().filter(|v| !v.is_null()).cloned().collect();
        }
        self.get("const")
            .map(|n| vec![n.value.clone()])
            .unwrap_or_default()
    }

    /// The description of each of [`Schema::enum_values`], from the
    /// `x-enumDescriptions` map (value → text, Redocly's and Scalar's
    /// spelling) or the `x-enum-descriptions` list (in enum order,
    /// openapi-generator's); empty when the spec gives none.
    pub(crate) fn enum_descriptions(&self, values: &[Value]) -> Vec<Option<String>> {
        let described: Vec<Option<String>> = if let Some(map) = self
            .get("x-enumDescriptions")
            .and_then(|n| n.value.as_object())
        {
            values
                .iter()
                .map(|v| {
                    map.get(&plain(v))
                        .and_then(Value::as_str)
                        .map(str::to_string)
                })
                .collect()
        } else if let Some(list) = self
            .get("x-enum-descriptions")
            .and_then(|n| n.value.as_array())
        {
            (0..values.len())
                .map(|i| list.get(i).and_then(Value::as_str).map(str::to_string))
                .collect()
        } else {
            Vec::new()
        };
        if described.iter().any(Option::is_some) {
            described
        } else {
            Vec::new()
        }
    }

    /// `example`, or the first of a 3.1 `examples` array.
    pub(crate) fn example(&self) -> Option<Value> {
        if let Some(example) = self.get("example") {
            return Some(example.value.clone());
        }
        self.get("examples")
            .and_then(|n| n.value.as_array())
            .and_then(|list| list.first())
            .cloned()
    }

    /// Human-readable bounds: `min 1`, `> 0`, `max length 64`, `pattern ^a`.
    pub(crate) fn constraints(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.bound(&mut out, "minimum", "exclusiveMinimum", ">=", ">");
        self.bound(&mut out, "maximum", "exclusiveMaximum", "<=", "<");
        let labelled = [
            ("minLength", "min length"),
            ("maxLength", "max length"),
            ("minItems", "min items"),
            ("maxItems", "max items"),
            ("minProperties", "min properties"),
            ("maxProperties", "max properties"),
            ("multipleOf", "multiple of"),
            ("pattern", "pattern"),
        ];
        for (key, label) in labelled {
            if let Some(node) = self.get(key) {
                out.push(format!("{label} {}", plain(node.value)));
            }
        }
        if self.flag("uniqueItems") {
            out.push("unique items".into());
        }
        out
    }

    /// `minimum` + boolean `exclusiveMinimum` (3.0) or a numeric
    /// `exclusiveMinimum` (3.1).
    fn bound(&self, out: &mut Vec<String>, key: &str, exclusive: &str, incl: &str, excl: &str) {
        let exclusive_value = self.get(exclusive).map(|n| n.value);
        match (self.get(key).map(|n| n.value), exclusive_value) {
            (_, Some(v @ Value::Number(_))) => out.push(format!("{excl} {v}")),
            (Some(v), Some(Value::Bool(true))) => out.push(format!("{excl} {v}")),
            (Some(v), _) => out.push(format!("{incl} {v}")),
            (None, _) => {}
        }
    }
}

fn flatten<'a>(
    store: &'a DocStore,
    node: Node<'a>,
    parts: &mut Vec<Node<'a>>,
    seen: &mut HashSet<String>,
) -> Result<(), RefError> {
    if node.value.get("$ref").is_some() {
        // The reference's own siblings (3.1 allows `description` beside `$ref`).
        parts.push(node);
    }
    let (target, key) = store.deref(node)?;
    if let Some(key) = key {
        if !seen.insert(key) {
            return Ok(());
        }
    }
    parts.push(target);
    if let Some(Value::Array(members)) = target.value.get("allOf") {
        for value in members {
            flatten(
                store,
                Node {
                    doc: target.doc,
                    value,
                },
                parts,
                seen,
            )?;
        }
    }
    Ok(())
}

/// A JSON value as plain text (strings without quotes).
pub(crate) fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn store(value: Value) -> DocStore {
        crate::openapi::store::test_store(value)
    }

    /// The schema at top-level key `key` of the test document.
    fn load<'a>(store: &'a DocStore, key: &str) -> Schema<'a> {
        let value = &store.get(0).value[key];
        Schema::load(store, Node { doc: 0, value }).unwrap()
    }

    #[test]
    fn all_of_unites_properties_and_required() {
        let s = store(json!({
            "components": {"schemas": {"Base": {
                "type": "object", "required": ["id"],
                "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}
            }}},
            "x": {"allOf": [
                {"$ref": "#/components/schemas/Base"},
                {"type": "object", "required": ["tag"], "properties": {"tag": {"type": "string"}}}
            ]}
        }));
        let schema = load(&s, "x");
        let names: Vec<_> = schema.properties().iter().map(|p| p.0).collect();
        assert_eq!(names, ["id", "name", "tag"]);
        assert_eq!(schema.required(), HashSet::from(["id", "tag"]));
        assert!(schema.is_object());
    }

    #[test]
    fn openapi_31_forms_read_like_30() {
        let s = store(json!({"x": {
            "type": ["integer", "null"], "exclusiveMinimum": 0, "const": 3, "examples": [3]
        }, "y": {"type": "integer", "nullable": true, "minimum": 0, "exclusiveMinimum": true}}));
        let x = load(&s, "x");
        assert_eq!(x.types(), (vec!["integer".to_string()], true));
        assert_eq!(x.constraints(), ["> 0"]);
        assert_eq!(x.enum_values(), [json!(3)]);
        assert_eq!(x.example(), Some(json!(3)));
        let y = load(&s, "y");
        assert_eq!(y.types(), (vec!["integer".to_string()], true));
        assert_eq!(y.constraints(), ["> 0"]);
    }

    #[test]
    fn self_including_all_of_terminates() {
        let s = store(json!({"components": {"schemas": {"A": {
            "allOf": [{"$ref": "#/components/schemas/A"}], "properties": {"a": {}}
        }}}, "x": {"$ref": "#/components/schemas/A"}}));
        let schema = load(&s, "x");
        assert_eq!(schema.properties().len(), 1);
    }
}
