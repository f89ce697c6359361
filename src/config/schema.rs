//! The embedded JSON Schema of `site.json`, and validation against it with
//! every failure turned into a diagnostic that points at the offending value
//! and says how to fix it. Unknown keys are warnings with a did-you-mean,
//! never errors, so sites written for a later Mintlify still build.

use std::path::Path;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::ValidationError;
use serde_json::Value;

use super::source::{display_path, escape_segment, unescape_segment, SourceDoc};
use super::vocabulary;
use super::ConfigShape;
use crate::diagnostics::{did_you_mean, Diagnostic};
use crate::rules::Rule;

/// The schema text, as written by `sheaf schema` and `sheaf init`.
pub const SCHEMA_TEXT: &str = include_str!("../../schema/site.schema.json");

/// The schema of docs.json, as written by `sheaf schema --format docs-json`.
pub const DOCS_SCHEMA_TEXT: &str = include_str!("../../schema/docs.schema.json");

/// The docs.json schema as `sheaf schema --format docs-json` prints it for
/// editors: wherever a value may stand, a `{"$ref": "./file.json"}` may
/// too (docs.json's split files, which sheaf reads before it validates), so
/// an editor does not flag them.
pub fn docs_schema_for_editors() -> String {
    let mut schema: Value =
        serde_json::from_str(DOCS_SCHEMA_TEXT).expect("embedded schema is valid JSON");
    if let Some(Value::Object(definitions)) = schema.get_mut("definitions") {
        definitions
            .values_mut()
            .for_each(|d| allow_file_ref(d, true));
        definitions.insert(
            FILE_REF.into(),
            serde_json::json!({
                "type": "object",
                "description": "A file holding this value, relative to the file naming it (Mintlify's `$ref`).",
                "required": ["$ref"],
                "additionalProperties": false,
                "properties": {"$ref": {"type": "string", "description": "Path of the JSON file."}}
            }),
        );
    }
    allow_file_ref(&mut schema, false);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serialises");
    text.push('\n');
    text
}

/// The definition [`docs_schema_for_editors`] adds.
const FILE_REF: &str = "fileReference";

/// Lets every value below `schema` (and, with `this_one`, `schema` itself)
/// be a file reference instead. A bare `$ref` to a definition is left as it
/// is: the definition allows one already.
fn allow_file_ref(schema: &mut Value, this_one: bool) {
    let Value::Object(object) = schema else {
        return;
    };
    for key in ["properties", "patternProperties"] {
        if let Some(Value::Object(children)) = object.get_mut(key) {
            children.values_mut().for_each(|c| allow_file_ref(c, true));
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(child @ Value::Object(_)) = object.get_mut(key) {
            allow_file_ref(child, true);
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(children)) = object.get_mut(key) {
            children.iter_mut().for_each(|c| allow_file_ref(c, false));
        }
    }
    let only_a_ref = object.len() == 1 && object.contains_key("$ref");
    if !this_one || only_a_ref {
        return;
    }
    let description = object.get("description").cloned();
    let original = std::mem::take(object);
    let reference = serde_json::json!({"$ref": format!("#/definitions/{FILE_REF}")});
    object.insert(
        "anyOf".into(),
        Value::Array(vec![Value::Object(original), reference]),
    );
    if let Some(description) = description {
        object.insert("description".into(), description);
    }
}

/// The file name `sheaf init` gives the schema beside `site.json`.
pub const SCHEMA_FILE_NAME: &str = "site.schema.json";

/// The schema of `shape`, parsed, and its compiled validator.
fn compiled(shape: ConfigShape) -> (Value, jsonschema::Validator) {
    let text = match shape {
        ConfigShape::SiteJson => SCHEMA_TEXT,
        ConfigShape::DocsJson => DOCS_SCHEMA_TEXT,
    };
    let schema: Value = serde_json::from_str(text).expect("embedded schema is valid JSON");
    let validator = jsonschema::draft7::new(&schema).expect("embedded schema compiles");
    (schema, validator)
}

/// One value that fails the schema.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Failure {
    /// The JSON pointer of the failing value (for a missing required field,
    /// of the object lacking it).
    pub pointer: String,
    /// The required field the object lacks.
    pub missing: Option<String>,
}

/// The values of `value` that fail the schema; unknown keys, which are only
/// warnings, are not failures.
pub fn failures(value: &Value, shape: ConfigShape) -> Vec<Failure> {
    let (_, validator) = compiled(shape);
    let mut found: Vec<Failure> = validator
        .iter_errors(value)
        .filter_map(|e| {
            let missing = match e.kind() {
                ValidationErrorKind::AdditionalProperties { .. } => return None,
                ValidationErrorKind::Enum { .. } if is_open(shape) => return None,
                ValidationErrorKind::Required { property } => property.as_str().map(String::from),
                _ => None,
            };
            Some(Failure {
                pointer: e.instance_path().as_str().to_string(),
                missing,
            })
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Validates `doc` against the schema of its shape; every failure, not just the first.
pub fn validate(doc: &SourceDoc, file: &Path, shape: ConfigShape) -> Vec<Diagnostic> {
    let (schema, validator) = compiled(shape);
    let mut out: Vec<Diagnostic> = validator
        .iter_errors(&doc.value)
        .flat_map(|error| to_diagnostics(&error, doc, file, &schema, shape))
        .collect();
    out.sort_by_key(|d| d.position);
    out.dedup();
    out
}

fn to_diagnostics(
    error: &ValidationError<'_>,
    doc: &SourceDoc,
    file: &Path,
    schema: &Value,
    shape: ConfigShape,
) -> Vec<Diagnostic> {
    let pointer = error.instance_path().as_str().to_string();
    let path = display_path(&pointer);
    let at_value = |message: String| {
        doc.at(
            Diagnostic::error(file, message).with_rule(Rule::ConfigSchema),
            &pointer,
            false,
        )
        .with_json_path(path.clone())
    };
    let instance = error.instance();
    match error.kind() {
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            let known = known_keys(schema, error.schema_path().as_str());
            unexpected
                .iter()
                .map(|key| unknown_key(doc, file, &pointer, key, &known, shape))
                .collect()
        }
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            let help = required_help(schema, error.schema_path().as_str(), name);
            vec![at_value(format!("missing required field `{name}`")).with_help(help)]
        }
        ValidationErrorKind::Type { kind } => {
            let expected = type_names(kind);
            let found = json_type_name(instance);
            vec![at_value(format!("expected {expected}, found {found}"))
                .with_help(format!("write {} here", with_article(&expected)))]
        }
        ValidationErrorKind::Enum { options } if is_open(shape) => {
            vec![unknown_value(doc, file, &pointer, instance, options)]
        }
        ValidationErrorKind::Enum { options } => vec![enum_error(at_value, instance, options)],
        ValidationErrorKind::Pattern { .. } => vec![at_value(format!(
            "{} is not a hex color",
            short(instance)
        ))
        .with_help("write a hex color as #rgb or #rrggbb, for example \"#0D9373\"")],
        ValidationErrorKind::MinItems { .. } => vec![at_value("must not be empty".into())
            .with_help("add at least one entry, for example {\"group\": \"Get started\", \"pages\": [\"introduction\"]}")],
        ValidationErrorKind::MinLength { .. } => {
            vec![at_value("must not be empty".into()).with_help("give it a non-empty text")]
        }
        _ => vec![at_value(error.to_string())],
    }
}

fn unknown_key(
    doc: &SourceDoc,
    file: &Path,
    object: &str,
    key: &str,
    known: &[String],
    shape: ConfigShape,
) -> Diagnostic {
    let pointer = format!("{object}/{}", escape_segment(key));
    if is_open(shape) && vocabulary::knows_key(object, key) {
        return doc
            .at(
                Diagnostic::note(file, format!("sheaf does not act on `{key}` yet"))
                    .with_rule(Rule::UnsupportedKey),
                &pointer,
                true,
            )
            .with_json_path(display_path(&pointer))
            .with_help("Mintlify's docs.json has this key; the site builds without it");
    }
    let help = match did_you_mean(key, known.iter().map(String::as_str)) {
        Some(suggestion) => format!("did you mean `{suggestion}`?"),
        None if known.is_empty() => "sheaf ignores this key; remove it".to_string(),
        None => format!(
            "sheaf ignores this key; known keys here: {}",
            known.join(", ")
        ),
    };
    doc.at(
        Diagnostic::warning(file, format!("unknown key `{key}`")).with_rule(Rule::UnknownKey),
        &pointer,
        true,
    )
    .with_json_path(display_path(&pointer))
    .with_help(help)
}

/// Whether a value outside the schema's lists is let through: Mintlify's
/// docs.json vocabulary grows every month, so a value sheaf does not know
/// there is a warning and the conversion decides what to do with it; in
/// sheaf's own `site.json` it is an error.
pub(super) fn is_open(shape: ConfigShape) -> bool {
    shape == ConfigShape::DocsJson
}

/// The warning for a docs.json value outside sheaf's list.
fn unknown_value(
    doc: &SourceDoc,
    file: &Path,
    pointer: &str,
    instance: &Value,
    options: &Value,
) -> Diagnostic {
    let placed = |diagnostic| {
        doc.at(diagnostic, pointer, false)
            .with_json_path(display_path(pointer))
    };
    if vocabulary::knows_value(pointer, instance) {
        let message = format!(
            "Mintlify's value {} is not in sheaf's list here",
            short(instance)
        );
        return placed(Diagnostic::note(file, message).with_rule(Rule::UnsupportedValue)).with_help(
            "the site builds: the value is used as written where sheaf can, and left out where it cannot",
        );
    }
    let (list, guess) = allowed_values(instance, options);
    let guess = guess
        .map(|g| format!("did you mean \"{g}\"? "))
        .unwrap_or_default();
    let message = format!("sheaf does not know the value {} here", short(instance));
    placed(Diagnostic::warning(file, message).with_rule(Rule::UnknownValue)).with_help(format!(
        "{guess}sheaf knows {list}; the site builds as if the value were not set (a newer Mintlify value, or a typo)"
    ))
}

fn enum_error(
    at_value: impl Fn(String) -> Diagnostic,
    instance: &Value,
    options: &Value,
) -> Diagnostic {
    let (list, guess) = allowed_values(instance, options);
    let help = match guess {
        Some(guess) => format!("did you mean \"{guess}\"? Allowed values: {list}"),
        None => format!("use one of {list}"),
    };
    at_value(format!("{} is not an allowed value", short(instance))).with_help(help)
}

/// An enum's values as a quoted list, and the one closest to `instance`.
fn allowed_values(instance: &Value, options: &Value) -> (String, Option<String>) {
    let allowed: Vec<&str> = (options.as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .collect();
    let list: Vec<String> = allowed.iter().map(|a| format!("\"{a}\"")).collect();
    let guess = (instance.as_str())
        .and_then(|s| did_you_mean(s, allowed.iter().copied()))
        .map(String::from);
    (list.join(", "), guess)
}

/// The subschema at `schema_path`, following `$ref`s on the way.
fn subschema<'a>(schema: &'a Value, schema_path: &str) -> Option<&'a Value> {
    let mut current = schema;
    for segment in schema_path.split('/').skip(1) {
        if segment == "$ref" {
            let target = current.get("$ref")?.as_str()?.trim_start_matches('#');
            current = schema.pointer(target)?;
        } else {
            let segment = unescape_segment(segment);
            current = match current {
                Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
                _ => current.get(&segment)?,
            };
        }
    }
    Some(current)
}

/// The property names allowed by the object schema owning a keyword at `schema_path`.
fn known_keys(schema: &Value, schema_path: &str) -> Vec<String> {
    let parent = schema_path.rsplit_once('/').map_or("", |(p, _)| p);
    subschema(schema, parent)
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|props| props.keys().filter(|k| *k != "$schema").cloned().collect())
        .unwrap_or_default()
}

fn required_help(schema: &Value, schema_path: &str, name: &str) -> String {
    let parent = schema_path
        .rsplit_once('/')
        .map_or("", |(p, _)| p)
        .trim_end_matches("/else")
        .trim_end_matches("/then");
    let description = subschema(schema, parent)
        .and_then(|s| s.pointer(&format!("/properties/{name}/description")))
        .and_then(Value::as_str);
    match description {
        Some(d) => format!("add \"{name}\": {}", d.trim_end_matches('.')),
        None => format!("add \"{name}\" to this object"),
    }
}

fn type_names(kind: &TypeKind) -> String {
    let names: Vec<String> = match kind {
        TypeKind::Single(t) => vec![t.to_string()],
        TypeKind::Multiple(set) => set.iter().map(|t| t.to_string()).collect(),
    };
    names.join(" or ")
}

fn with_article(type_names: &str) -> String {
    match type_names.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => format!("an {type_names}"),
        _ => format!("a {type_names}"),
    }
}

fn json_type_name(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => format!("string \"{s}\""),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Position;

    fn check(text: &str) -> Vec<Diagnostic> {
        let doc = SourceDoc::parse(text.to_string(), Path::new("site.json")).unwrap();
        validate(&doc, Path::new("site.json"), ConfigShape::SiteJson)
    }

    #[test]
    fn embedded_schema_is_valid_draft7() {
        let schema: Value = serde_json::from_str(SCHEMA_TEXT).unwrap();
        assert!(jsonschema::draft7::meta::is_valid(&schema));
    }

    #[test]
    fn minimal_config_passes() {
        assert!(
            check(r#"{"name": "X", "navigation": [{"group": "A", "pages": ["a"]}]}"#).is_empty()
        );
    }

    #[test]
    fn unknown_key_warns_with_suggestion() {
        let ds = check("{\"name\": \"X\",\n \"navigaton\": []}");
        let unknown = ds.iter().find(|d| d.message.contains("navigaton")).unwrap();
        assert!(!unknown.is_error());
        assert_eq!(unknown.help.as_deref(), Some("did you mean `navigation`?"));
        assert_eq!(unknown.position, Some(Position { line: 2, column: 2 }));
        // navigation itself is missing: an error.
        assert!(ds
            .iter()
            .any(|d| d.is_error() && d.message == "missing required field `navigation`"));
    }

    #[test]
    fn nested_unknown_key_lists_known_keys_through_refs() {
        let ds =
            check(r#"{"name": "X", "navigation": [{"group": "A", "pages": [], "icno": "x"}]}"#);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].help.as_deref(), Some("did you mean `icon`?"));
        assert_eq!(ds[0].json_path.as_deref(), Some("navigation[0].icno"));
    }

    #[test]
    fn bad_hex_and_enum_name_the_field() {
        let ds = check(
            r##"{"name": "X", "navigation": [{"group": "A", "pages": []}], "colors": {"primary": "blue"}, "modeToggle": {"default": "drak"}}"##,
        );
        let hex = ds
            .iter()
            .find(|d| d.json_path.as_deref() == Some("colors.primary"))
            .unwrap();
        assert!(hex.message.contains("not a hex color"));
        let mode = ds
            .iter()
            .find(|d| d.json_path.as_deref() == Some("modeToggle.default"))
            .unwrap();
        assert!(
            mode.help
                .as_deref()
                .unwrap()
                .starts_with("did you mean \"dark\""),
            "{mode:?}"
        );
    }

    #[test]
    fn cta_link_requires_name_but_github_does_not() {
        let base =
            r#"{"name": "X", "navigation": [{"group": "A", "pages": []}], "topbarCtaButton": "#;
        let link = check(&format!("{base}{{\"url\": \"https://x\"}}}}"));
        assert!(
            link.iter()
                .any(|d| d.message == "missing required field `name`"),
            "{link:?}"
        );
        let gh = check(&format!(
            "{base}{{\"type\": \"github\", \"url\": \"https://github.com/a/b\"}}}}"
        ));
        assert!(gh.is_empty(), "{gh:?}");
    }
}
