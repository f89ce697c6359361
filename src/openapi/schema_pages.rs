//! Schema pages: a named schema (`components/schemas/X`) shown once, on a
//! page of its own, and linked from the fields that hold it.
//!
//! The rule. A spec whose navigation sheaf generates (a docs.json tab,
//! anchor or group naming the spec: `"openapi": "openapi.json"`) gets a
//! page for every named schema that lists fields (properties or
//! `oneOf`/`anyOf` choices), in a hidden navigation group "Schemas": each
//! has a URL (`schema-<name>`), a title, a search entry and a line in
//! `llms.txt`, and nothing in the sidebar (GitHub's spec has some 900). On
//! the endpoint pages (and on the schema pages themselves) such a schema
//! reached below the top-level fields is a link to its page, with its type
//! and description, not its fields again ([`FieldBuilder`]); the top-level
//! fields of a body, a response or a parameter are listed in full as
//! before, unless a field's schema is too big to inline (over 30
//! properties: a whole repository as the `parent` of a repository). Why below the top level: the top level is what the reader of
//! the operation came for and reads there, the nested objects are where
//! real APIs repeat themselves (GitHub's `simple-user` sits in hundreds of
//! objects, an issue event lists 20 variants each holding several), and
//! writing each once is what keeps the largest pages under 250 KB without
//! hiding anything from a reader without JavaScript: every field is one
//! plain link away. A navigation that lists operations by hand (the User
//! Group Service of `example-docs`) keeps its pages exactly as they were:
//! it has no schema pages unless it lists them, as `SCHEMA Name` entries.
//!
//! A Markdown page's frontmatter `openapi-schema: Name` (or `openapi.json
//! Name`), as Mintlify reads it, shows the same field tree after its body.
//!
//! [`FieldBuilder`]: super::fields::FieldBuilder

use std::path::Path;

use serde_json::Value;

use super::fields::{FieldBuilder, FieldView};
use super::find::{closest, spec_matches, FindError};
use super::schema::Schema;
use super::source::Location;
use super::store::{DocId, Node};
use super::ApiSpecs;

/// The word that makes a navigation entry name a schema: `SCHEMA User`,
/// `openapi.json SCHEMA User`.
pub const SCHEMA_WORD: &str = "SCHEMA";

/// Whether a navigation entry or page reference names a schema.
pub use crate::config::is_schema_entry as is_schema_reference;

/// The spec token (if any) and schema name of a schema reference.
fn schema_reference(reference: &str) -> Option<(Option<&str>, &str)> {
    match reference.split_whitespace().collect::<Vec<_>>()[..] {
        [SCHEMA_WORD, name] => Some((None, name)),
        [spec, SCHEMA_WORD, name] => Some((Some(spec), name)),
        _ => None,
    }
}

/// A schema page's content.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SchemaView {
    /// Its name in `components/schemas`.
    pub name: String,
    /// Its `title`, else its name.
    pub title: String,
    pub description_md: Option<String>,
    /// `object`, `array of object`, `object | string`.
    pub type_label: String,
    /// Its properties (of its items, for an array).
    pub fields: Vec<FieldView>,
    pub alternatives: Vec<FieldView>,
    pub alternatives_kind: Option<String>,
}

impl ApiSpecs {
    /// The schema page references of the spec `source` (as the config
    /// names it): `SOURCE SCHEMA name` for every named schema that lists
    /// fields, in file order; `None` when that spec is not loaded.
    pub fn schema_entries(&self, root: &Path, source: &str) -> Option<Vec<String>> {
        let doc = self.store.find(&Location::from_source(root, source))?;
        let schemas = self.store.root(doc).value.pointer("/components/schemas")?;
        let listed = (schemas.as_object()?.iter())
            .filter(|(_, value)| self.lists_fields(Node { doc, value }))
            .map(|(name, _)| format!("{source} {SCHEMA_WORD} {name}"));
        Some(listed.collect())
    }

    fn lists_fields(&self, node: Node<'_>) -> bool {
        Schema::load(&self.store, node)
            .is_ok_and(|schema| !schema.properties().is_empty() || schema.alternatives().is_some())
    }

    /// Records the schema pages the navigation holds (`references`: every
    /// page's reference; those naming a schema of a loaded spec count).
    pub fn add_schema_pages<'r>(&mut self, references: impl Iterator<Item = &'r str>) {
        for reference in references.filter(|r| is_schema_reference(r)) {
            if let Ok((doc, name)) = self.find_schema(reference) {
                let key = format!("{doc}#/components/schemas/{}", pointer_segment(&name));
                self.schema_pages.insert(key, reference.to_string());
            }
        }
    }

    /// The spec document and name of the schema `reference` names.
    fn find_schema(&self, reference: &str) -> Result<(DocId, String), FindError> {
        let malformed = || FindError::Malformed {
            reference: reference.to_string(),
        };
        let (token, name) = schema_reference(reference).ok_or_else(malformed)?;
        let specs: Vec<_> = match token {
            Some(token) => (self.specs.iter())
                .filter(|s| spec_matches(token, &s.name, &s.stem))
                .collect(),
            None => self.specs.iter().collect(),
        };
        if let (Some(token), true) = (token, specs.is_empty()) {
            return Err(FindError::UnknownSpec {
                spec: token.to_string(),
                known: self.spec_names(),
            });
        }
        let schemas = |doc: DocId| {
            let value = self.store.root(doc).value.pointer("/components/schemas");
            value.and_then(Value::as_object)
        };
        if let Some(spec) = specs
            .iter()
            .find(|s| schemas(s.doc).is_some_and(|m| m.contains_key(name)))
        {
            return Ok((spec.doc, name.to_string()));
        }
        let known = specs
            .iter()
            .filter_map(|s| schemas(s.doc))
            .flat_map(|m| m.keys().cloned());
        Err(FindError::NoSchema {
            name: name.to_string(),
            searched: match token {
                Some(_) => specs
                    .iter()
                    .map(|s| s.name.clone())
                    .collect::<Vec<_>>()
                    .join(", "),
                None => "any loaded spec".into(),
            },
            closest: closest(name, known),
        })
    }

    /// The title of a schema page: the schema's `title`, else its name.
    pub fn schema_title(&self, reference: &str) -> Option<String> {
        let (doc, name) = self.find_schema(reference).ok()?;
        let schema = self.schema_node(doc, &name)?;
        let title = schema.value.get("title").and_then(Value::as_str);
        Some(title.unwrap_or(&name).to_string())
    }

    fn schema_node(&self, doc: DocId, name: &str) -> Option<Node<'_>> {
        let value = self
            .store
            .root(doc)
            .value
            .pointer("/components/schemas")?
            .get(name)?;
        Some(Node { doc, value })
    }

    /// The view of the schema `reference` names (`SCHEMA User`,
    /// `openapi.json SCHEMA User`), fields in the file's order unless
    /// `maintain_order` is off.
    pub fn schema(&self, reference: &str, maintain_order: bool) -> Result<SchemaView, FindError> {
        let (doc, name) = self.find_schema(reference)?;
        let node = self.schema_node(doc, &name).expect("found above");
        let mut fields =
            FieldBuilder::new(&self.store, maintain_order).with_pages(&self.schema_pages);
        let mut root = fields.field(&name, node, false);
        fields.drop_unlinked_anchors(&mut root);
        let title = node.value.get("title").and_then(Value::as_str);
        Ok(SchemaView {
            title: title.unwrap_or(&name).to_string(),
            name,
            description_md: root.description_md,
            type_label: root.type_label,
            fields: root.children,
            alternatives: root.alternatives,
            alternatives_kind: root.alternatives_kind,
        })
    }
}

/// `name` as one JSON pointer segment.
fn pointer_segment(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// The schema reference of frontmatter `openapi-schema` (`User`,
/// `openapi.json User`, or a reference already: `openapi.json SCHEMA User`).
pub fn frontmatter_schema_reference(value: &str) -> String {
    if is_schema_reference(value) {
        return value.trim().to_string();
    }
    match value.split_whitespace().collect::<Vec<_>>()[..] {
        [spec, name] => format!("{spec} {SCHEMA_WORD} {name}"),
        _ => format!("{SCHEMA_WORD} {}", value.trim()),
    }
}
