//! The documents of a site's specs and `$ref` resolution between them.
//!
//! Every loaded document (a spec named in site.json, a discovered spec, or a
//! file another document `$ref`s) gets a [`DocId`]. A [`Node`] is a value
//! together with the document it sits in, so references inside it resolve
//! relative to the right file. External documents are loaded once, up front,
//! so resolution afterwards is pure and the store is immutable.

use std::collections::HashMap;

use serde_json::Value;

use super::cache::SpecCache;
use super::source::{Location, SourceError};
use crate::confine::{DocsRoot, OUTSIDE_HELP};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;

pub(crate) type DocId = usize;

/// One parsed document.
#[derive(Debug)]
pub(crate) struct Document {
    pub location: Location,
    /// Path relative to the docs root, or the URL.
    pub name: String,
    pub value: Value,
}

/// A value inside a document.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node<'a> {
    pub doc: DocId,
    pub value: &'a Value,
}

/// A `$ref` that points nowhere.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`$ref: {reference}` in {document} does not resolve")]
pub(crate) struct RefError {
    pub reference: String,
    pub document: String,
}

/// How many `$ref`-to-`$ref` hops are followed before giving up.
const MAX_REF_CHAIN: usize = 32;

#[derive(Debug, Default)]
pub(crate) struct DocStore {
    docs: Vec<Document>,
    /// The text each document was parsed from (empty when not known), for
    /// positions in diagnostics.
    texts: Vec<String>,
    index: HashMap<Location, DocId>,
}

impl DocStore {
    #[cfg(test)]
    pub(crate) fn add(&mut self, document: Document) -> DocId {
        self.add_with_text(document, String::new())
    }

    /// Adds a document parsed from `text`.
    pub(crate) fn add_with_text(&mut self, document: Document, text: String) -> DocId {
        let id = self.docs.len();
        self.index.insert(document.location.clone(), id);
        self.docs.push(document);
        self.texts.push(text);
        id
    }

    pub(crate) fn get(&self, id: DocId) -> &Document {
        &self.docs[id]
    }

    /// The text document `id` was parsed from (empty when not known).
    pub(crate) fn text(&self, id: DocId) -> &str {
        &self.texts[id]
    }

    /// The document shown as `name` in diagnostics.
    pub(crate) fn named(&self, name: &str) -> Option<DocId> {
        self.docs.iter().position(|doc| doc.name == name)
    }

    pub(crate) fn find(&self, location: &Location) -> Option<DocId> {
        self.index.get(location).copied()
    }

    pub(crate) fn root(&self, id: DocId) -> Node<'_> {
        Node {
            doc: id,
            value: &self.docs[id].value,
        }
    }

    /// Loads every document that `id` references through `$ref`, and the
    /// documents those reference, reporting files that cannot be read.
    pub(crate) fn load_external_refs(
        &mut self,
        id: DocId,
        docs: &DocsRoot,
        cache: &SpecCache,
    ) -> Vec<Diagnostic> {
        let mut diagnostics = Vec::new();
        let mut queue = vec![id];
        while let Some(current) = queue.pop() {
            for (target, reference, at) in self.external_targets(current) {
                if self.find(&target).is_some() {
                    continue;
                }
                let name = target.display(docs.path());
                match target.load(docs, cache) {
                    Ok(loaded) => {
                        if let Some(stale) = &loaded.stale {
                            diagnostics.push(stale.diagnostic(&name));
                        }
                        let document = Document {
                            location: target,
                            name,
                            value: loaded.value,
                        };
                        queue.push(self.add_with_text(document, loaded.text));
                    }
                    Err(SourceError::Parse(failure)) => {
                        let mut located = failure.diagnostic(&name);
                        let referenced = format!(
                            "{} references this file with `$ref`",
                            self.docs[current].name
                        );
                        located.help = Some(match located.help {
                            Some(help) => format!("{help}; {referenced}"),
                            None => referenced,
                        });
                        diagnostics.push(located);
                    }
                    // Placed at its `$ref` by the caller (`spans` reads the store).
                    Err(SourceError::Outside { real, .. }) => diagnostics.push(
                        Diagnostic::error(
                            self.docs[current].name.clone(),
                            format!(
                                "`$ref: {reference}` resolves to `{}`, outside the docs root",
                                real.display()
                            ),
                        )
                        .with_rule(Rule::OutsideRoot)
                        .with_json_path(at)
                        .with_help(OUTSIDE_HELP),
                    ),
                    Err(err) => diagnostics.push(
                        Diagnostic::error(self.docs[current].name.clone(), err.to_string())
                            .with_rule(Rule::SpecMissing)
                            .with_help("fix the `$ref` or add the referenced file"),
                    ),
                }
            }
        }
        diagnostics
    }

    /// The documents that `id` references, each with the first `$ref`
    /// naming it (its file part) and that `$ref`'s JSON path.
    fn external_targets(&self, id: DocId) -> Vec<(Location, String, String)> {
        let mut refs = Vec::new();
        collect_refs_at(&self.docs[id].value, String::new(), &mut refs);
        let mut targets: Vec<(Location, String, String)> = Vec::new();
        for (reference, at) in refs {
            let Some(file) = reference.split('#').next().filter(|f| !f.is_empty()) else {
                continue;
            };
            let location = self.docs[id].location.join(file);
            if !targets.iter().any(|(known, ..)| *known == location) {
                targets.push((location, file.to_string(), at));
            }
        }
        targets
    }

    /// The value `reference` points at, seen from document `from`.
    pub(crate) fn resolve(&self, from: DocId, reference: &str) -> Result<Node<'_>, RefError> {
        let (file, pointer) = reference.split_once('#').unwrap_or((reference, ""));
        let doc = if file.is_empty() {
            Some(from)
        } else {
            self.find(&self.docs[from].location.join(file))
        };
        let missing = || RefError {
            reference: reference.to_string(),
            document: self.docs[from].name.clone(),
        };
        let doc = doc.ok_or_else(missing)?;
        let value = self.docs[doc]
            .value
            .pointer(&decode_pointer(pointer))
            .ok_or_else(missing)?;
        Ok(Node { doc, value })
    }

    /// Follows `$ref`s from `node` until a value without one. Returns the
    /// value and the canonical key of the last reference followed (used to
    /// detect cycles), if any.
    pub(crate) fn deref<'a>(
        &'a self,
        node: Node<'a>,
    ) -> Result<(Node<'a>, Option<String>), RefError> {
        let mut current = node;
        let mut key = None;
        for _ in 0..MAX_REF_CHAIN {
            let Some(reference) = current.value.get("$ref").and_then(Value::as_str) else {
                return Ok((current, key));
            };
            let target = self.resolve(current.doc, reference)?;
            key = Some(format!(
                "{}#{}",
                target.doc,
                reference.split_once('#').map_or("", |p| p.1)
            ));
            current = target;
        }
        Err(RefError {
            reference: "a chain of $refs longer than 32".into(),
            document: self.docs[node.doc].name.clone(),
        })
    }
}

/// The value an Example Object (or a `$ref` to one) gives, every `$ref`
/// in it followed ([`literal_value`]). `None` when the entry does not
/// resolve or has no `value`.
pub(crate) fn example_value(store: &DocStore, entry: Node<'_>) -> Option<Value> {
    let (entry, _) = store.deref(entry).ok()?;
    let value = Node {
        doc: entry.doc,
        value: entry.value.get("value")?,
    };
    literal_value(store, value)
}

/// How many values a `$ref` inside an example may bring in, in all: a
/// bound on example bombs (references that double at each level).
const MAX_EXAMPLE_VALUES: usize = 100_000;

/// An `example` (or an example's `value`) as the reader should see it: each
/// lone `{"$ref": …}` in it, at the top or nested, is replaced by what it
/// names, or by that Example Object's `value` when it names one (GitHub's
/// spec writes examples so). `None` when the value itself is a reference
/// that does not resolve; a nested one that does not resolve, or that
/// repeats a reference it is inside, or goes past the bound, stays as it is.
pub(crate) fn literal_value(store: &DocStore, value: Node<'_>) -> Option<Value> {
    let top = follow_example_ref(store, value)?;
    let mut budget = MAX_EXAMPLE_VALUES;
    Some(expand_example(store, top, &mut Vec::new(), &mut budget))
}

/// `value` itself, or what its lone `$ref` names (an Example Object's `value`).
fn follow_example_ref<'a>(store: &'a DocStore, value: Node<'a>) -> Option<Node<'a>> {
    let mut current = value;
    for _ in 0..MAX_REF_CHAIN {
        let Some(reference) = lone_ref(current.value) else {
            return Some(current);
        };
        let target = store.resolve(current.doc, reference).ok()?;
        let names_example = reference.contains("/components/examples/");
        current = match target.value.get("value") {
            Some(inner) if names_example => Node {
                doc: target.doc,
                value: inner,
            },
            _ => target,
        };
    }
    None
}

fn lone_ref(value: &Value) -> Option<&str> {
    let map = value.as_object().filter(|map| map.len() == 1)?;
    map.get("$ref")?.as_str()
}

fn expand_example(
    store: &DocStore,
    node: Node<'_>,
    inside: &mut Vec<*const Value>,
    budget: &mut usize,
) -> Value {
    *budget = budget.saturating_sub(1);
    let at = |value| Node {
        doc: node.doc,
        value,
    };
    match node.value {
        Value::Object(map) if lone_ref(node.value).is_some() => {
            let target = follow_example_ref(store, node);
            match target {
                Some(target)
                    if *budget > 0 && !inside.contains(&(target.value as *const Value)) =>
                {
                    inside.push(target.value);
                    let expanded = expand_example(store, target, inside, budget);
                    inside.pop();
                    expanded
                }
                _ => Value::Object(map.clone()),
            }
        }
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), expand_example(store, at(v), inside, budget)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|v| expand_example(store, at(v), inside, budget))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The name a reference gives its target: `Node` for `#/components/schemas/Node`.
pub(crate) fn ref_name(reference: &str) -> String {
    let tail = reference.rsplit('/').next().unwrap_or(reference);
    let tail = tail.split('#').next_back().unwrap_or(tail);
    tail.replace("~1", "/").replace("~0", "~")
}

/// JSON pointers in `$ref`s may be percent-encoded (`%7Bid%7D`).
fn decode_pointer(pointer: &str) -> String {
    if !pointer.contains('%') {
        return pointer.to_string();
    }
    let bytes = pointer.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = pointer
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every `$ref` string in a value with the dotted JSON path of its
/// `$ref` key (`paths./a.get.$ref`), depth first.
fn collect_refs_at(value: &Value, path: String, out: &mut Vec<(String, String)>) {
    let child = |key: &str| match path.is_empty() {
        true => key.to_string(),
        false => format!("{path}.{key}"),
    };
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                out.push((r.clone(), child("$ref")));
            }
            for (key, inner) in map {
                collect_refs_at(inner, child(key), out);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                collect_refs_at(inner, format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

/// A store holding one document, `/d/a.json`, for unit tests.
#[cfg(test)]
pub(crate) fn test_store(value: Value) -> DocStore {
    let mut store = DocStore::default();
    store.add(Document {
        location: Location::File("/d/a.json".into()),
        name: "a.json".into(),
        value,
    });
    store
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::PathBuf;

    fn store_with(value: Value) -> DocStore {
        let mut store = DocStore::default();
        store.add(Document {
            location: Location::File(PathBuf::from("/d/a.yaml")),
            name: "a.yaml".into(),
            value,
        });
        store
    }

    #[test]
    fn local_refs_and_chains_resolve() {
        let store = store_with(json!({"components": {"schemas": {
            "A": {"$ref": "#/components/schemas/B"},
            "B": {"type": "string"}
        }}}));
        let start = json!({"$ref": "#/components/schemas/A"});
        let (node, key) = store
            .deref(Node {
                doc: 0,
                value: &start,
            })
            .unwrap();
        assert_eq!(node.value, &json!({"type": "string"}));
        assert_eq!(key.as_deref(), Some("0#/components/schemas/B"));
    }

    #[test]
    fn missing_refs_and_endless_chains_are_errors() {
        let store = store_with(json!({"components": {"schemas": {
            "Loop": {"$ref": "#/components/schemas/Loop"}
        }}}));
        let missing = json!({"$ref": "#/components/schemas/Nope"});
        let err = store
            .deref(Node {
                doc: 0,
                value: &missing,
            })
            .unwrap_err();
        assert!(err.to_string().contains("#/components/schemas/Nope"));
        let looping = json!({"$ref": "#/components/schemas/Loop"});
        assert!(store
            .deref(Node {
                doc: 0,
                value: &looping
            })
            .is_err());
    }

    #[test]
    fn example_values_given_by_ref_are_followed() {
        let store = store_with(json!({"components": {"examples": {
            "whole": {"summary": "s", "value": {"id": 1}},
            "inner": {"value": {"$ref": "#/components/examples/whole"}}
        }}, "plain": {"value": {"$ref": "x", "other": 1}}}));
        let value_of = |entry: Value| {
            let node = Node {
                doc: 0,
                value: &entry,
            };
            example_value(&store, node)
        };
        let by_ref = json!({"$ref": "#/components/examples/whole"});
        assert_eq!(value_of(by_ref), Some(json!({"id": 1})));
        let value_by_ref = json!({"value": {"$ref": "#/components/examples/whole"}});
        assert_eq!(value_of(value_by_ref), Some(json!({"id": 1})));
        let chained = json!({"$ref": "#/components/examples/inner"});
        assert_eq!(value_of(chained), Some(json!({"id": 1})));
        let not_lone = json!({"value": {"$ref": "x", "other": 1}});
        assert_eq!(value_of(not_lone), Some(json!({"$ref": "x", "other": 1})));
        assert_eq!(value_of(json!({"value": {"$ref": "#/nope"}})), None);
        let looping = json!({"$ref": "#/components/examples/loop"});
        let store = store_with(json!({"components": {"examples": {
            "loop": {"value": {"$ref": "#/components/examples/loop"}}
        }}}));
        assert_eq!(
            example_value(
                &store,
                Node {
                    doc: 0,
                    value: &looping
                }
            ),
            None
        );
        let store = store_with(json!({"components": {"examples": {
            "user": {"value": {"login": "octocat", "self": {"$ref": "#/components/examples/user"}}},
            "pair": {"value": {"a": {"$ref": "#/components/examples/user"}, "n": [{"$ref": "#/n"}]}}
        }}, "n": 7}));
        let nested = json!({"$ref": "#/components/examples/pair"});
        let value = example_value(
            &store,
            Node {
                doc: 0,
                value: &nested,
            },
        )
        .unwrap();
        assert_eq!(value["a"]["login"], "octocat");
        assert_eq!(
            value["n"],
            json!([7]),
            "a nested reference to a plain value"
        );
        assert_eq!(
            value["a"]["self"],
            json!({"$ref": "#/components/examples/user"}),
            "a reference inside itself stays"
        );
    }

    #[test]
    fn pointer_escapes_are_decoded() {
        let store = store_with(json!({"paths": {"/users/{id}": {"get": {"summary": "x"}}}}));
        let node = store.resolve(0, "#/paths/~1users~1%7Bid%7D/get").unwrap();
        assert_eq!(node.value["summary"], "x");
        assert_eq!(ref_name("other.yaml#/components/schemas/Pet"), "Pet");
    }
}
