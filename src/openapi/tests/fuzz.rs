//! Fuzz target (see `crate::fuzzing`): OpenAPI loading with `$ref`
//! resolution. A generated docs root holds a main spec and a few more
//! files, JSON or YAML, sometimes with a syntax error; their values come
//! from OpenAPI's vocabulary and their `$ref`s point at components (in
//! cycles), at the other files, at missing files and pointers, and outside
//! the docs root. Every operation is then viewed, rendered and linted.
//! Property: no panic, no hang, every problem a diagnostic naming a file,
//! and a located one inside that file's lines.

use std::path::Path;

use proptest::prelude::*;
use serde_json::Value;

use super::PlainText;
use crate::config::ApiConfig;
use crate::fuzzing::{every_diagnostic_names_a_file, fuzz, json_value};
use crate::openapi::{render_endpoint_html, ApiSpecs, SpecCache};

#[rustfmt::skip]
const KEYS: &[&str] = &[
    "openapi", "info", "title", "version", "paths", "/users", "/users/{id}", "/a.b", "get",
    "post", "put", "delete", "parameters", "name", "in", "required", "schema", "requestBody",
    "content", "application/json", "responses", "200", "default", "description", "summary",
    "operationId", "tags", "components", "schemas", "A", "B", "Node", "type", "properties",
    "items", "allOf", "oneOf", "anyOf", "not", "additionalProperties", "enum", "const",
    "example", "examples", "value", "nullable", "format", "minimum", "exclusiveMinimum",
    "servers", "url", "security", "securitySchemes", "x-codeSamples", "lang", "source",
    "discriminator", "$ref", "$ref", "$ref",
];

#[rustfmt::skip]
const STRINGS: &[&str] = &[
    "3.0.3", "3.1.0", "2.0", "object", "array", "string", "integer", "number", "boolean",
    "null", "query", "path", "header", "cookie", "#/components/schemas/A",
    "#/components/schemas/B", "#/components/schemas/Node", "#/components/schemas/Missing",
    "#/paths/~1users/get", "#", "#/", "other.yaml", "other.yaml#/components/schemas/A",
    "more.json#/A", "more.json#/nope/deep", "missing.yaml#/A", "../outside.yaml#/A",
    "../../../../etc/hostname", "/abs/spec.yaml", "#/components/schemas/A/properties/x", "%7B",
    "#/x~2y", "http://127.0.0.1:1", "{region}", "",
];

/// One generated file: its name, its value, JSON or YAML, and an optional
/// corruption (text inserted at a fraction of the way in).
type File = (String, Value, bool, Option<(f64, String)>);

fn file(name: &'static str) -> impl Strategy<Value = File> {
    let corruption = proptest::option::weighted(
        0.15,
        (
            0.0..1.0f64,
            prop::sample::select(&["{", "]", ": :", "\t", "- ", "\"", "&x *y"][..])
                .prop_map(str::to_string),
        ),
    );
    (json_value(KEYS, STRINGS), any::<bool>(), corruption)
        .prop_map(move |(value, json, broken)| (name.to_string(), value, json, broken))
}

/// The main spec always has `openapi` and `paths`, so operations exist.
fn main_spec() -> impl Strategy<Value = File> {
    (file("openapi.yaml"), json_value(KEYS, STRINGS), json_value(KEYS, STRINGS)).prop_map(
        |((name, value, json, broken), paths, components)| {
            let mut spec = serde_json::json!({"openapi": "3.0.3", "paths": {}, "components": {"schemas": components}});
            if let (Value::Object(map), Value::Object(extra)) = (&mut spec, value) {
                map.extend(extra);
            }
            spec["paths"] = serde_json::json!({"/users": {"get": paths.clone(), "post": paths}});
            (name, spec, json, broken)
        },
    )
}

fn write(root: &Path, (name, value, json, broken): &File) -> std::io::Result<()> {
    let mut text = match json {
        true => serde_json::to_string_pretty(value).unwrap_or_default(),
        false => serde_yaml_ng::to_string(value).unwrap_or_default(),
    };
    if let Some((at, insert)) = broken {
        let mut offset = (text.len() as f64 * at) as usize;
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        text.insert_str(offset, insert);
    }
    std::fs::write(root.join(name), text)
}

#[test]
fn fuzz_openapi_loading_and_refs() {
    let files = (main_spec(), file("other.yaml"), file("more.json"));
    fuzz("openapi", 300, files, |(main, other, more)| {
        let root = tempfile::tempdir().map_err(|e| e.to_string())?;
        let cache = tempfile::tempdir().map_err(|e| e.to_string())?;
        for f in [&main, &other, &more] {
            write(root.path(), f).map_err(|e| e.to_string())?;
        }
        let sources = ["openapi.yaml".to_string(), "other.yaml".to_string()];
        let (specs, mut diagnostics) =
            ApiSpecs::load_cached(root.path(), &sources, &SpecCache::in_dir(cache.path()));
        let api = ApiConfig::default();
        for op in specs.operations().collect::<Vec<_>>() {
            let view = specs.endpoint(&op, &api);
            let _ = render_endpoint_html(&view, &PlainText);
            let _ = specs.title(&op);
        }
        diagnostics.extend(specs.lint());
        every_diagnostic_names_a_file(&diagnostics)?;
        for d in &diagnostics {
            let (Some(at), Ok(text)) = (
                d.position,
                std::fs::read_to_string(root.path().join(&d.file)),
            ) else {
                continue;
            };
            if at.line > text.lines().count() + 1 {
                return Err(format!("{d}: past the end of {}", d.file.display()));
            }
        }
        Ok(())
    });
}
