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
    fn pointer_escapes_are_decoded() {
        let store = store_with(json!({"paths": {"/users/{id}": {"get": {"summary": "x"}}}}));
        let node = store.resolve(0, "#/paths/~1users~1%7Bid%7D/get").unwrap();
        assert_eq!(node.value["summary"], "x");
        assert_eq!(ref_name("other.yaml#/components/schemas/Pet"), "Pet");
    }
}
