//! Example values generated from a schema, for request bodies, responses and
//! parameters that the spec gives no example for.
//!
//! The spec's own `example`/`examples`/`default`/`const`/`enum` win; otherwise
//! a value of the right type is made up (respecting `minimum`/`minLength` and
//! common formats). `readOnly` properties are left out of requests and
//! `writeOnly` ones out of responses. Recursive schemas stop at their second
//! occurrence, so generation always terminates.

use serde_json::{json, Map, Value};

use super::schema::Schema;
use super::store::{DocStore, Node};

const MAX_DEPTH: usize = 10;

/// Whether the example is something a client sends or receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    Request,
    Response,
}

pub(crate) struct ExampleBuilder<'a> {
    store: &'a DocStore,
    direction: Direction,
    /// Leave optional properties out (`api.examples.defaults: "required"`).
    required_only: bool,
    stack: Vec<String>,
}

impl<'a> ExampleBuilder<'a> {
    pub(crate) fn new(store: &'a DocStore, direction: Direction) -> Self {
        ExampleBuilder {
            store,
            direction,
            required_only: false,
            stack: Vec::new(),
        }
    }

    /// Objects get only their required properties.
    pub(crate) fn required_only(mut self, required_only: bool) -> Self {
        self.required_only = required_only;
        self
    }

    /// An example for `node`, or `None` when nothing sensible exists (an
    /// unresolved or recursive schema, an empty schema).
    pub(crate) fn example(&mut self, node: Node<'a>) -> Option<Value> {
        let (_, key) = self.store.deref(node).ok()?;
        if let Some(key) = &key {
            if self.stack.contains(key) || self.stack.len() >= MAX_DEPTH {
                return None;
            }
            self.stack.push(key.clone());
        }
        let value = Schema::load(self.store, node)
            .ok()
            .and_then(|schema| self.generate(&schema));
        if key.is_some() {
            self.stack.pop();
        }
        value
    }

    fn generate(&mut self, schema: &Schema<'a>) -> Option<Value> {
        if let Some(given) = schema
            .example()
            .or_else(|| schema.get("default").map(|n| n.value.clone()))
            .or_else(|| schema.enum_values().into_iter().next())
        {
            return Some(given);
        }
        if let Some((_, choices)) = schema.alternatives() {
            if let Some(first) = choices.into_iter().find_map(|c| self.example(c)) {
                return Some(first);
            }
        }
        let (types, nullable) = schema.types();
        match types.first().map(String::as_str) {
            Some("object") => Some(self.object(schema)),
            Some("array") => Some(Value::Array(
                schema
                    .items()
                    .and_then(|i| self.example(i))
                    .into_iter()
                    .collect(),
            )),
            Some("string") => Some(Value::String(string_example(schema))),
            Some("integer") => Some(json!(number_example(schema).round() as i64)),
            Some("number") => Some(json!(number_example(schema))),
            Some("boolean") => Some(Value::Bool(true)),
            _ if schema.additional_properties().is_some() => Some(self.object(schema)),
            _ if nullable => Some(Value::Null),
            _ => None,
        }
    }

    fn object(&mut self, schema: &Schema<'a>) -> Value {
        let mut map = Map::new();
        let required = schema.required();
        for (name, node) in schema.properties() {
            if self.excluded(node) || (self.required_only && !required.contains(name)) {
                continue;
            }
            if let Some(value) = self.example(node) {
                map.insert(name.to_string(), value);
            }
        }
        if map.is_empty() {
            if let Some(extra) = schema.additional_properties() {
                if let Some(value) = self.example(extra) {
                    map.insert("key".into(), value);
                }
            }
        }
        Value::Object(map)
    }

    /// `readOnly` fields are not sent, `writeOnly` fields are not returned.
    fn excluded(&self, node: Node<'a>) -> bool {
        let Ok(schema) = Schema::load(self.store, node) else {
            return true;
        };
        match self.direction {
            Direction::Request => schema.flag("readOnly"),
            Direction::Response => schema.flag("writeOnly"),
        }
    }
}

fn string_example(schema: &Schema<'_>) -> String {
    let by_format = match schema.str("format").unwrap_or("") {
        "date-time" => "2024-01-01T00:00:00Z",
        "date" => "2024-01-01",
        "time" => "12:00:00",
        "email" => "user@example.com",
        "uuid" => "3fa85f64-5717-4562-b3fc-2c963f66afa6",
        "uri" | "url" => "https://example.com",
        "hostname" => "example.com",
        "ipv4" => "192.0.2.1",
        "ipv6" => "2001:db8::1",
        "byte" => "aGVsbG8=",
        "password" => "********",
        _ => "string",
    };
    let min = schema
        .get("minLength")
        .and_then(|n| n.value.as_u64())
        .unwrap_or(0) as usize;
    let mut text = by_format.to_string();
    while text.chars().count() < min {
        text.push('x');
    }
    if let Some(max) = schema.get("maxLength").and_then(|n| n.value.as_u64()) {
        text = text.chars().take(max as usize).collect();
    }
    text
}

fn number_example(schema: &Schema<'_>) -> f64 {
    let num = |key: &str| schema.get(key).and_then(|n| n.value.as_f64());
    if let Some(min) = num("exclusiveMinimum") {
        return min + 1.0;
    }
    match (num("minimum"), schema.flag("exclusiveMinimum")) {
        (Some(min), true) => min + 1.0,
        (Some(min), false) => min,
        (None, _) => num("maximum").map_or(0.0, |max| max.min(0.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::source::Location;
    use crate::openapi::store::Document;

    fn example(value: Value, direction: Direction) -> Option<Value> {
        example_of(value, direction, false)
    }

    /// The example of the schema at `/x` of the document `value`.
    fn example_of(value: Value, direction: Direction, required_only: bool) -> Option<Value> {
        let mut store = DocStore::default();
        store.add(Document {
            location: Location::File("/d/a.json".into()),
            name: "a.json".into(),
            value,
        });
        let root = store.get(0).value.get("x").unwrap();
        ExampleBuilder::new(&store, direction)
            .required_only(required_only)
            .example(Node {
                doc: 0,
                value: root,
            })
    }

    #[test]
    fn objects_are_filled_from_their_properties() {
        let schema = json!({"x": {"type": "object", "properties": {
            "id": {"type": "integer", "readOnly": true},
            "email": {"type": "string", "format": "email"},
            "tag": {"type": "string", "enum": ["Customer", "Testing"]},
            "count": {"type": "integer", "minimum": 5},
            "ok": {"type": "boolean", "example": false},
            "list": {"type": "array", "items": {"type": "number"}}
        }}});
        assert_eq!(
            example(schema.clone(), Direction::Request),
            Some(
                json!({"email": "user@example.com", "tag": "Customer", "count": 5, "ok": false, "list": [0.0]})
            )
        );
        assert_eq!(
            example(schema, Direction::Response).unwrap()["id"],
            json!(0)
        );
    }

    #[test]
    fn required_only_leaves_optional_properties_out_at_every_level() {
        let value = json!({"x": {"type": "object", "required": ["name", "owner"], "properties": {
            "name": {"type": "string"},
            "note": {"type": "string"},
            "owner": {"type": "object", "required": ["id"], "properties": {
                "id": {"type": "integer"},
                "email": {"type": "string"}
            }}
        }}});
        let built = example_of(value, Direction::Request, true);
        assert_eq!(built, Some(json!({"name": "string", "owner": {"id": 0}})));
    }

    #[test]
    fn recursion_stops() {
        let value = json!({"components": {"schemas": {"Node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}
        }}}}, "x": {"$ref": "#/components/schemas/Node"}});
        assert_eq!(
            example(value, Direction::Response),
            Some(json!({"name": "string", "children": []}))
        );
    }
}
