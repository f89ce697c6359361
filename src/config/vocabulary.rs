//! Mintlify's docs.json vocabulary: every key and enum value its own schema
//! names (`schema/mintlify-docs-vocabulary.txt`, written from the package
//! `@mintlify/validation` by `bench/mintlify_vocabulary.py`). A key or value
//! outside sheaf's schema that Mintlify names is a note ("sheaf does not act
//! on it yet"), which never fails a build, not even `check`; one
//! that Mintlify does not name either is a warning (likely a typo).
//!
//! Entries are keyed by the names of the keys holding them (a key by its
//! object's key, a value by its key and that key's object's key), not by
//! their full path: the navigation nests without end, and `colors.dark` (a
//! colour) and `theme.dark` (a code theme) are told apart by one level.

use serde_json::Value;

use super::source::unescape_segment;

/// The vocabulary file's text.
const VOCABULARY: &str = include_str!("../../schema/mintlify-docs-vocabulary.txt");

/// Whether Mintlify's docs.json allows `key` in the object at JSON
/// pointer `object`.
pub fn knows_key(object: &str, key: &str) -> bool {
    let [.., holder] = holder_names(object);
    let line = format!("key {holder} {key}");
    VOCABULARY.lines().any(|l| l == line)
}

/// Whether Mintlify's docs.json allows `value` at JSON pointer `pointer`.
pub fn knows_value(pointer: &str, value: &Value) -> bool {
    let [parent, key] = holder_names(pointer);
    let line = format!("value {parent} {key} {value}");
    VOCABULARY.lines().any(|l| l == line)
}

/// The names of the last two keys on the way to `pointer`, array indexes
/// skipped (`/navigation/languages/1/language` → `languages`, `language`),
/// `.` where there is none (the root).
fn holder_names(pointer: &str) -> [String; 2] {
    let mut names = pointer
        .rsplit('/')
        .filter(|segment| !segment.is_empty() && !segment.bytes().all(|b| b.is_ascii_digit()))
        .map(unescape_segment);
    let last = names.next().unwrap_or_else(|| ".".to_string());
    let before = names.next().unwrap_or_else(|| ".".to_string());
    [before, last]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::schema::validate;
    use crate::config::{ConfigShape, SourceDoc};
    use crate::diagnostics::{Diagnostic, Severity};
    use serde_json::json;
    use std::path::Path;

    /// The docs.json of `tests/fixtures/config/valid-docs-json`, which uses
    /// every construct, as a value.
    fn every_construct() -> Value {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/config/valid-docs-json/docs.json");
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// Every JSON pointer of `value` with the value there.
    fn pointers(value: &Value, at: String, out: &mut Vec<(String, Value)>) {
        out.push((at.clone(), value.clone()));
        match value {
            Value::Object(map) => map.iter().for_each(|(k, v)| {
                pointers(
                    v,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                )
            }),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .for_each(|(i, v)| pointers(v, format!("{at}/{i}"), out)),
            _ => {}
        }
    }

    /// What sheaf's schema says about `value` as a docs.json.
    fn checked(value: &Value) -> Vec<Diagnostic> {
        let text = serde_json::to_string_pretty(value).unwrap();
        let doc = SourceDoc::parse(text, Path::new("docs.json")).unwrap();
        validate(&doc, Path::new("docs.json"), ConfigShape::DocsJson)
    }

    fn more_than_a_note(diagnostics: &[Diagnostic]) -> Vec<String> {
        (diagnostics.iter())
            .filter(|d| d.severity != Severity::Note)
            .map(|d| format!("{}: {}", d.json_path.clone().unwrap_or_default(), d.message))
            .collect()
    }

    /// The oracle: every value Mintlify's schema names is accepted with at
    /// most a note, wherever its key appears in a docs.json using every
    /// construct (a key that appears nowhere there is not tried).
    #[test]
    fn every_value_mintlify_names_is_accepted_with_at_most_a_note() {
        let base = every_construct();
        let mut places = Vec::new();
        pointers(&base, String::new(), &mut places);
        let mut tried = 0;
        for line in VOCABULARY.lines().filter_map(|l| l.strip_prefix("value ")) {
            let (parent, rest) = line.split_once(' ').unwrap();
            let (key, value) = rest.split_once(' ').unwrap();
            let value: Value = serde_json::from_str(value).unwrap();
            for (pointer, current) in &places {
                let scalar = !(current.is_object() || current.is_array());
                let [p, k] = holder_names(pointer);
                if !scalar || (p.as_str(), k.as_str()) != (parent, key) || pointer.is_empty() {
                    continue;
                }
                let mut changed = base.clone();
                *changed.pointer_mut(pointer).unwrap() = value.clone();
                let problems = more_than_a_note(&checked(&changed));
                assert!(problems.is_empty(), "{pointer} = {value}: {problems:?}");
                tried += 1;
            }
        }
        // The values whose key the fixture holds (89 of the vocabulary's
        // values today): fewer means the fixture lost a construct.
        assert!(tried >= 89, "only {tried} values tried");
    }

    /// The oracle for keys: a key Mintlify names that sheaf's schema does
    /// not know where it stands is a note, not a warning.
    #[test]
    fn every_key_mintlify_names_is_accepted_with_at_most_a_note() {
        let base = every_construct();
        let mut places = Vec::new();
        pointers(&base, String::new(), &mut places);
        let mut tried = 0;
        for line in VOCABULARY.lines().filter_map(|l| l.strip_prefix("key ")) {
            let (holder, key) = line.split_once(' ').unwrap();
            for (pointer, current) in &places {
                let Some(object) = current.as_object() else {
                    continue;
                };
                if object.contains_key(key) || holder_names(pointer)[1] != holder {
                    continue;
                }
                let mut changed = base.clone();
                changed
                    .pointer_mut(pointer)
                    .and_then(Value::as_object_mut)
                    .unwrap()
                    .insert(key.to_string(), Value::Null);
                let unknown = format!("unknown key `{key}`");
                let problems: Vec<String> = more_than_a_note(&checked(&changed))
                    .into_iter()
                    .filter(|p| p.contains(&unknown))
                    .collect();
                assert!(problems.is_empty(), "{pointer}/{key}: {problems:?}");
                tried += 1;
            }
        }
        assert!(tried > 100, "only {tried} keys tried");
    }

    #[test]
    fn mintlify_names_are_found_by_the_key_holding_them() {
        assert!(knows_value(
            "/navigation/languages/1/language",
            &json!("zh-CN")
        ));
        assert!(knows_value(
            "/contextual/options/2",
            &json!("download-spec")
        ));
        assert!(!knows_value(
            "/contextual/options/2",
            &json!("download-spex")
        ));
        assert!(knows_key("", "name"));
        assert!(knows_key("/navigation/tabs/0/groups/3", "group"));
        assert!(!knows_key("", "nmae"));
    }
}
