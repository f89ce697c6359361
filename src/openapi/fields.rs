//! Schemas as field trees: what an endpoint page lists under "Body",
//! "Response" and "Parameters".
//!
//! [`FieldBuilder`] walks a schema into [`FieldView`]s. It keeps the stack of
//! `$ref`s it is inside: meeting one of them again (a recursive schema) yields
//! a back-reference field (`recursive_ref`) instead of descending, and a depth
//! and node budget bound the output of huge but acyclic specs.
//!
//! One builder serves a whole endpoint page, and a named schema (a `$ref`)
//! is listed in full once per page: met again below the top-level fields,
//! it shows its type and description and a link to where its fields are
//! listed (`shown_above`, the first showing getting that `anchor`), not its
//! fields again. Real APIs nest the same objects everywhere (GitHub's
//! `simple-user` sits in most of its objects, its issue events list 20
//! variants each holding one), and the fields repeated on one page were
//! most of its bytes. Nothing is lost without JavaScript: the fields are on
//! the page, one link away, and each page still stands alone (no separate
//! schema pages to keep in step with the navigation, the search index and
//! the Markdown copies). Top-level fields are always listed in full, so
//! small specs (the User Group Service) read as before.
//!
//! A named schema that has a page of its own (`schema_pages`: a spec whose
//! navigation sheaf generates gets one per named schema) is not listed
//! below the top-level fields at all, nor as a top-level field when it has
//! more than [`MAX_INLINE_PROPERTIES`] properties: the field shows its type and
//! description and links to that page (`own_page`), as Redoc's and
//! Stripe's model pages. On GitHub's spec the once-per-page listing still
//! left pages of 300 KB (an event's 20 variants, each a different object);
//! with the pages, every object is written once for the whole site.

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use serde_json::Value;

use super::schema::Schema;
use super::store::{DocStore, Node};

/// Deeper nesting than this is cut off (shown as "…").
const MAX_DEPTH: usize = 12;
/// At most this many fields per tree.
const MAX_FIELDS: usize = 3000;
/// A top-level field holding a named schema with a page of its own and
/// more properties than this links to that page (GitHub's `repository`,
/// 90 of them, is the `parent`, `source` and `template_repository` of a
/// full repository: listed there, they made a 250 KB page).
const MAX_INLINE_PROPERTIES: usize = 30;

/// One field of a parameter list, body or response, with its nested fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FieldView {
    pub name: String,
    /// `string`, `integer`, `object`, `array of object`, `string | integer`.
    pub type_label: String,
    pub required: bool,
    pub description_md: Option<String>,
    pub enum_values: Vec<Value>,
    /// Markdown describing each enum value (same order), when the spec has
    /// `x-enumDescriptions` or `x-enum-descriptions`; else empty.
    pub enum_descriptions: Vec<Option<String>>,
    pub default: Option<Value>,
    pub example: Option<Value>,
    pub format: Option<String>,
    pub nullable: bool,
    pub deprecated: bool,
    pub read_only: bool,
    pub write_only: bool,
    /// `>= 1`, `max length 64`, `pattern ^[a-z]+$`.
    pub constraints: Vec<String>,
    /// Properties of an object (or of the items of an array of objects).
    pub children: Vec<FieldView>,
    /// The `oneOf`/`anyOf` choices.
    pub alternatives: Vec<FieldView>,
    /// `one of` or `any of` when there are alternatives.
    pub alternatives_kind: Option<String>,
    /// Set when this field repeats a schema it is nested in: the schema name.
    pub recursive_ref: Option<String>,
    /// The id of this field's element, when it lists the fields of a named
    /// schema that a later field of the page links to (`shown_above`).
    pub anchor: Option<String>,
    /// Set when this field is a named schema listed in full earlier on the
    /// page: `(schema name, that field's anchor)`; its fields are not repeated.
    pub shown_above: Option<(String, String)>,
    /// Set when this field is a named schema shown on a page of its own:
    /// that page's navigation reference (`openapi.json SCHEMA user`); its
    /// fields are listed there.
    pub own_page: Option<String>,
    /// Set when the schema could not be read (an unresolved `$ref`).
    pub error: Option<String>,
}

impl FieldView {
    /// Total number of fields in this tree (for tests and bounds).
    pub fn count(&self) -> usize {
        1 + self
            .children
            .iter()
            .chain(&self.alternatives)
            .map(FieldView::count)
            .sum::<usize>()
    }
}

/// The named schemas that have a page of their own (`schema_pages`):
/// canonical key (`0#/components/schemas/user`) → the page's reference.
#[derive(Debug, Default)]
pub(crate) struct SchemaPages {
    by_key: HashMap<String, String>,
}

impl SchemaPages {
    pub(crate) fn insert(&mut self, key: String, reference: String) {
        self.by_key.insert(key, reference);
    }

    fn reference(&self, key: &str) -> Option<&str> {
        self.by_key.get(key).map(String::as_str)
    }
}

/// Orders sibling fields: the file's order, or required first then alphabetical.
pub(crate) fn order_fields(fields: &mut [FieldView], maintain_order: bool) {
    if !maintain_order {
        fields.sort_by_key(|f| (!f.required, f.name.to_lowercase()));
    }
}

pub(crate) struct FieldBuilder<'a> {
    store: &'a DocStore,
    maintain_order: bool,
    /// Canonical keys of the `$ref`s being expanded, outermost first.
    stack: Vec<String>,
    built: usize,
    /// How many field lists deep the field being built sits (0: a
    /// parameter, a body or a response itself; 1: their fields).
    depth: usize,
    /// The named schemas listed in full so far: key → (anchor, type).
    shown: HashMap<String, (String, String)>,
    /// The anchors a later field links to.
    linked: HashSet<String>,
    /// The named schemas that have a page of their own.
    pages: Option<&'a SchemaPages>,
}

impl<'a> FieldBuilder<'a> {
    pub(crate) fn new(store: &'a DocStore, maintain_order: bool) -> Self {
        FieldBuilder {
            store,
            maintain_order,
            stack: Vec::new(),
            built: 0,
            depth: 0,
            shown: HashMap::new(),
            linked: HashSet::new(),
            pages: None,
        }
    }

    /// Links the named schemas of `pages` below the top-level fields to
    /// their pages instead of listing them.
    pub(crate) fn with_pages(mut self, pages: &'a SchemaPages) -> Self {
        self.pages = Some(pages);
        self
    }

    /// The store the fields are read from.
    pub(crate) fn store(&self) -> &'a DocStore {
        self.store
    }

    /// The field tree of `node` under `name`.
    pub(crate) fn field(&mut self, name: &str, node: Node<'a>, required: bool) -> FieldView {
        self.built += 1;
        let mut field = FieldView {
            name: name.to_string(),
            required,
            ..FieldView::default()
        };
        if self.stack.len() >= MAX_DEPTH || self.built > MAX_FIELDS {
            field.type_label = "…".into();
            field.description_md = Some("Nested too deeply to show here.".into());
            return field;
        }
        let key = match self.store.deref(node) {
            Ok((_, key)) => key,
            Err(err) => return unresolved(field, err.to_string()),
        };
        if let Some(key) = &key {
            if self.stack.contains(key) {
                let name = crate::openapi::store::ref_name(key);
                field.type_label = name.clone();
                field.recursive_ref = Some(name);
                return field;
            }
            if let Some(reference) = self.own_page_of(key, node) {
                return self.on_own_page(field, node, reference.to_string());
            }
            if self.depth >= 2 {
                if let Some((anchor, type_label)) = self.shown.get(key).cloned() {
                    return self.shown_above(field, node, key, anchor, type_label);
                }
            }
            self.stack.push(key.clone());
        }
        let mut filled = match Schema::load(self.store, node) {
            Ok(schema) => self.fill(field, &schema),
            Err(err) => unresolved(field, err.to_string()),
        };
        if let Some(key) = key {
            self.stack.pop();
            let lists_fields = !filled.children.is_empty() || !filled.alternatives.is_empty();
            if lists_fields && filled.anchor.is_none() && !self.shown.contains_key(&key) {
                let anchor = self.new_anchor(&key);
                filled.anchor = Some(anchor.clone());
                self.shown.insert(key, (anchor, filled.type_label.clone()));
            }
        }
        filled
    }

    /// A named schema met again: its type and description, and a link to
    /// the field listing its fields.
    fn shown_above(
        &mut self,
        mut field: FieldView,
        node: Node<'a>,
        key: &str,
        anchor: String,
        type_label: String,
    ) -> FieldView {
        if let Ok(schema) = Schema::load(self.store, node) {
            field.description_md = schema.str("description").map(str::to_string);
            field.nullable = schema.types().1;
        }
        field.type_label = type_label;
        self.linked.insert(anchor.clone());
        field.shown_above = Some((crate::openapi::store::ref_name(key), anchor));
        field
    }

    /// The page reference of the named schema `key` when the field links
    /// to its page: below the top-level fields, or at the top level when
    /// it has more than [`MAX_INLINE_PROPERTIES`] properties.
    fn own_page_of(&self, key: &str, node: Node<'a>) -> Option<&'a str> {
        let reference = self.pages?.reference(key)?;
        let too_big = || {
            Schema::load(self.store, node)
                .is_ok_and(|schema| schema.properties().len() > MAX_INLINE_PROPERTIES)
        };
        (self.depth >= 2 || (self.depth == 1 && too_big())).then_some(reference)
    }

    /// A named schema with a page of its own: its type and description,
    /// and that page's reference.
    fn on_own_page(&self, mut field: FieldView, node: Node<'a>, reference: String) -> FieldView {
        if let Ok(schema) = Schema::load(self.store, node) {
            field.description_md = schema.str("description").map(str::to_string);
            let (types, nullable) = schema.types();
            field.nullable = nullable;
            field.type_label = match schema.items() {
                Some(_) => "array".into(),
                None if types.is_empty() => "object".into(),
                None => types.join(" | "),
            };
        }
        field.own_page = Some(reference);
        field
    }

    /// A page-unique id for the fields of the schema `key`.
    fn new_anchor(&self, key: &str) -> String {
        let slug: String = (crate::openapi::store::ref_name(key).chars())
            .map(|c| match c.is_ascii_alphanumeric() {
                true => c.to_ascii_lowercase(),
                false => '-',
            })
            .collect();
        let base = format!("schema-{slug}");
        let taken = |candidate: &String| self.shown.values().any(|(a, _)| a == candidate);
        let mut anchor = base.clone();
        let mut n = 1;
        while taken(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        anchor
    }

    /// Clears the anchors of `field`'s tree that no field links to (they
    /// would only add bytes).
    pub(crate) fn drop_unlinked_anchors(&self, field: &mut FieldView) {
        if field
            .anchor
            .as_ref()
            .is_some_and(|a| !self.linked.contains(a))
        {
            field.anchor = None;
        }
        for inner in field.children.iter_mut().chain(&mut field.alternatives) {
            self.drop_unlinked_anchors(inner);
        }
    }

    /// The properties of an object schema as sibling fields (a body's or a
    /// response's top level).
    pub(crate) fn properties(&mut self, schema: &Schema<'a>) -> Vec<FieldView> {
        self.depth += 1;
        let fields = self.property_fields(schema);
        self.depth -= 1;
        fields
    }

    fn property_fields(&mut self, schema: &Schema<'a>) -> Vec<FieldView> {
        let required = schema.required();
        let mut fields: Vec<FieldView> = schema
            .properties()
            .into_iter()
            .map(|(name, node)| self.field(name, node, required.contains(name)))
            .collect();
        if let Some(extra) = schema.additional_properties() {
            fields.push(self.field("[key]", extra, false));
        }
        order_fields(&mut fields, self.maintain_order);
        fields
    }

    fn fill(&mut self, mut field: FieldView, schema: &Schema<'a>) -> FieldView {
        let (types, nullable) = schema.types();
        field.nullable = nullable;
        field.description_md = schema.str("description").map(str::to_string);
        field.enum_values = schema.enum_values();
        field.enum_descriptions = schema.enum_descriptions(&field.enum_values);
        field.default = schema.get("default").map(|n| n.value.clone());
        field.example = schema.example();
        field.format = schema.str("format").map(str::to_string);
        field.deprecated = schema.flag("deprecated");
        field.read_only = schema.flag("readOnly");
        field.write_only = schema.flag("writeOnly");
        field.constraints = schema.constraints();
        field.type_label = types.join(" | ");
        if schema.is_object() || schema.additional_properties().is_some() {
            field.children = self.properties(schema);
        }
        if let Some(items) = schema.items() {
            self.lift_items(&mut field, items);
        }
        if let Some((kind, choices)) = schema.alternatives() {
            self.add_alternatives(&mut field, kind.label(), choices);
        }
        if field.type_label.is_empty() {
            field.type_label = "any".into();
        }
        field
    }

    /// An array shows its items' fields as its own: `array of object`.
    fn lift_items(&mut self, field: &mut FieldView, items: Node<'a>) {
        let inner = self.field("items", items, false);
        field.type_label = format!("array of {}", inner.type_label);
        field.children = inner.children;
        field.alternatives = inner.alternatives;
        field.alternatives_kind = inner.alternatives_kind;
        field.recursive_ref = field.recursive_ref.take().or(inner.recursive_ref);
        field.anchor = inner.anchor;
        field.shown_above = inner.shown_above;
        field.own_page = inner.own_page;
        field.error = field.error.take().or(inner.error);
        if field.enum_values.is_empty() {
            field.enum_values = inner.enum_values;
            field.enum_descriptions = inner.enum_descriptions;
        }
        if field.format.is_none() {
            field.format = inner.format;
        }
    }

    fn add_alternatives(&mut self, field: &mut FieldView, kind: &str, choices: Vec<Node<'a>>) {
        self.depth += 1;
        field.alternatives = choices
            .into_iter()
            .enumerate()
            .map(|(i, node)| {
                let title = alternative_title(node, i);
                self.field(&title, node, false)
            })
            .collect();
        self.depth -= 1;
        field.alternatives_kind = Some(kind.to_string());
        if field.type_label.is_empty() {
            let mut labels: Vec<&str> = field
                .alternatives
                .iter()
                .map(|a| a.type_label.as_str())
                .collect();
            labels.dedup();
            field.type_label = labels.join(" | ");
        }
    }
}

/// `Cat` for a `$ref` to `Cat`, the schema's `title`, else `Option 2`.
fn alternative_title(node: Node<'_>, index: usize) -> String {
    if let Some(r) = node.value.get("$ref").and_then(Value::as_str) {
        return crate::openapi::store::ref_name(r);
    }
    if let Some(title) = node.value.get("title").and_then(Value::as_str) {
        return title.to_string();
    }
    format!("Option {}", index + 1)
}

fn unresolved(mut field: FieldView, message: String) -> FieldView {
    field.type_label = "unresolved".into();
    field.error = Some(message);
    field
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn store(value: Value) -> DocStore {
        crate::openapi::store::test_store(value)
    }

    fn build(store: &DocStore, pointer: &str, maintain: bool) -> FieldView {
        let value = store.get(0).value.pointer(pointer).unwrap();
        FieldBuilder::new(store, maintain).field("root", Node { doc: 0, value }, false)
    }

    #[test]
    fn recursive_schemas_render_once_then_point_back() {
        let s = store(json!({"components": {"schemas": {"Node": {
            "type": "object",
            "properties": {
                "value": {"type": "string"},
                "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
                "parent": {"$ref": "#/components/schemas/Node"}
            }
        }}}, "x": {"$ref": "#/components/schemas/Node"}}));
        let root = build(&s, "/x", true);
        assert_eq!(root.children.len(), 3);
        let children = &root.children[1];
        assert_eq!(children.type_label, "array of Node");
        assert_eq!(children.recursive_ref.as_deref(), Some("Node"));
        assert_eq!(root.children[2].recursive_ref.as_deref(), Some("Node"));
        assert!(root.count() < 10);
    }

    #[test]
    fn a_named_schema_is_listed_once_per_page_below_the_top_level() {
        let s = store(json!({"components": {"schemas": {
            "User": {"type": "object", "description": "A user.", "properties": {
                "login": {"type": "string"}
            }},
            "Repo": {"type": "object", "properties": {
                "owner": {"$ref": "#/components/schemas/User"},
                "forks": {"type": "array", "items": {"$ref": "#/components/schemas/User"}}
            }}
        }}, "x": {"type": "object", "properties": {
            "author": {"$ref": "#/components/schemas/User"},
            "repo": {"$ref": "#/components/schemas/Repo"},
            "copy": {"$ref": "#/components/schemas/Repo"}
        }}}));
        let value = s.get(0).value.pointer("/x").unwrap();
        let mut builder = FieldBuilder::new(&s, true);
        let mut root = builder.field("root", Node { doc: 0, value }, false);
        builder.drop_unlinked_anchors(&mut root);
        let [author, repo, copy] = &root.children[..] else {
            panic!("{root:?}")
        };
        assert_eq!(
            author.anchor.as_deref(),
            Some("schema-user"),
            "linked from below"
        );
        assert_eq!(
            author.children.len(),
            1,
            "the first showing lists its fields"
        );
        let owner = &repo.children[0];
        assert_eq!(
            owner.shown_above,
            Some(("User".to_string(), "schema-user".to_string()))
        );
        assert!(owner.children.is_empty());
        assert_eq!(owner.description_md.as_deref(), Some("A user."));
        let forks = &repo.children[1];
        assert_eq!(forks.type_label, "array of object");
        assert!(forks.shown_above.is_some() && forks.children.is_empty());
        assert_eq!(
            copy.children.len(),
            2,
            "top-level fields are listed in full"
        );
        assert_eq!(repo.anchor, None, "no field links to it");
    }

    #[test]
    fn default_order_is_required_then_alphabetical() {
        let s = store(
            json!({"x": {"type": "object", "required": ["zeta"], "properties": {
                "beta": {"type": "string"}, "zeta": {"type": "string"}, "alpha": {"type": "string"}
            }}}),
        );
        let names = |f: &FieldView| {
            f.children
                .iter()
                .map(|c| c.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&build(&s, "/x", false)), ["zeta", "alpha", "beta"]);
        assert_eq!(names(&build(&s, "/x", true)), ["beta", "zeta", "alpha"]);
    }

    #[test]
    fn details_are_carried_over() {
        let s = store(json!({"x": {
            "type": "string", "nullable": true, "enum": ["a", "b"], "default": "a",
            "format": "slug", "deprecated": true, "readOnly": true, "maxLength": 3,
            "description": "A *letter*."
        }}));
        let f = build(&s, "/x", false);
        assert_eq!(f.type_label, "string");
        assert!(f.nullable && f.deprecated && f.read_only && !f.write_only);
        assert_eq!(f.enum_values, [json!("a"), json!("b")]);
        assert_eq!(f.default, Some(json!("a")));
        assert_eq!(f.format.as_deref(), Some("slug"));
        assert_eq!(f.constraints, ["max length 3"]);
        assert_eq!(f.description_md.as_deref(), Some("A *letter*."));
    }

    #[test]
    fn enum_values_carry_their_descriptions() {
        let s = store(json!({
            "map": {"type": "string", "enum": ["a", "b"], "x-enumDescriptions": {"b": "The `b` one."}},
            "list": {"type": "integer", "enum": [1, 0], "x-enum-descriptions": ["Yes", "No"]},
            "none": {"type": "string", "enum": ["a"]},
            "items": {"type": "array", "items": {"$ref": "#/list"}}
        }));
        let described = |pointer| build(&s, pointer, false).enum_descriptions;
        assert_eq!(described("/map"), [None, Some("The `b` one.".to_string())]);
        assert_eq!(
            described("/list"),
            [Some("Yes".to_string()), Some("No".to_string())]
        );
        assert!(described("/none").is_empty());
        assert_eq!(described("/items").len(), 2);
    }

    #[test]
    fn one_of_becomes_alternatives() {
        let s = store(
            json!({"components": {"schemas": {"Cat": {"type": "object"}}},
            "x": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"type": "string"}]}}),
        );
        let f = build(&s, "/x", false);
        assert_eq!(f.alternatives_kind.as_deref(), Some("one of"));
        let titles: Vec<_> = f.alternatives.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(titles, ["Cat", "Option 2"]);
        assert_eq!(f.type_label, "object | string");
    }

    #[test]
    fn unresolved_refs_are_marked_not_fatal() {
        let s = store(json!({"x": {"type": "object", "properties": {"a": {"$ref": "#/nope"}}}}));
        let f = build(&s, "/x", false);
        assert_eq!(f.children[0].type_label, "unresolved");
        assert!(f.children[0].error.as_ref().unwrap().contains("#/nope"));
    }

    #[test]
    fn wide_acyclic_trees_are_bounded() {
        let mut schemas = serde_json::Map::new();
        for i in 0..20 {
            let next = format!("#/components/schemas/S{}", i + 1);
            schemas.insert(
                format!("S{i}"),
                json!({"type": "object", "properties": {
                    "a": {"$ref": next}, "b": {"$ref": next}, "c": {"$ref": next}
                }}),
            );
        }
        schemas.insert("S20".into(), json!({"type": "string"}));
        let s = store(
            json!({"components": {"schemas": schemas}, "x": {"$ref": "#/components/schemas/S0"}}),
        );
        assert!(build(&s, "/x", false).count() < MAX_FIELDS + 100);
    }
}
