//! Keeping going after schema errors, so one `sheaf check` reports
//! everything: when a config file's errors are local to some fields (a bad
//! colour, an anchor without a URL, one broken navigation entry), those
//! values are left out and the rest of the site (pages, links, images,
//! components, OpenAPI files) is checked with what remains. The errors are
//! reported as they were found; the build still fails on them and writes
//! nothing.
//!
//! A failing value is removed whole: an object missing a required field
//! goes with the field's owner, an array item with its array's later items
//! moving up (their old pointers are kept as aliases, so every later
//! diagnostic still points at the author's text). A few top-level values a
//! config cannot do without (`name`, docs.json's `theme` and
//! `colors.primary`) get a neutral stand-in instead, which is never built
//! since the errors fail the build. Removing one value can make its owner
//! fail in turn (the last navigation group gone leaves an empty
//! navigation), so this repeats; when the root itself would have to go (no
//! usable `navigation`) the config is not usable and nothing after it is
//! checked.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{json, Value};

use super::schema::{failures, Failure};
use super::source::{escape_segment, through, unescape_segment, SourceDoc};
use super::ConfigShape;

/// Rounds of repair before giving up (each removes or replaces a value).
const MAX_ROUNDS: usize = 8;

/// What was taken out (pointers of the original value) and what was put in.
#[derive(Debug, Default)]
struct Repairs {
    removed: BTreeSet<String>,
    /// Stand-ins, at pointers outside any array (so the same in the
    /// original and the repaired value).
    stand_ins: BTreeMap<String, Value>,
}

/// `doc` without its failing values, when what remains passes the schema;
/// `None` when the config as a whole is unusable.
pub(super) fn without_failing_values(doc: SourceDoc, shape: ConfigShape) -> Option<SourceDoc> {
    let mut repairs = Repairs::default();
    let mut current = (doc.value.clone(), HashMap::new());
    for _ in 0..MAX_ROUNDS {
        let failing = failures(&current.0, shape);
        if failing.is_empty() {
            let (value, aliases) = current;
            return Some(doc.repaired(value, aliases));
        }
        for failure in failing {
            repairs.plan(&failure, &current.1, shape)?;
        }
        current = repairs.apply(&doc.value);
    }
    None
}

impl Repairs {
    /// Decides how to repair `failure` (found in the value whose moved
    /// items `aliases` map back); `None` when only the root could go.
    fn plan(
        &mut self,
        failure: &Failure,
        aliases: &HashMap<String, String>,
        shape: ConfigShape,
    ) -> Option<()> {
        let pointer = through(aliases, &failure.pointer);
        let target = match &failure.missing {
            Some(field) => format!("{pointer}/{}", escape_segment(field)),
            None => pointer.clone(),
        };
        if let Some(value) = stand_in(shape, &target) {
            if self.stand_ins.insert(target, value).is_none() {
                return Some(());
            }
        }
        if pointer.is_empty() {
            return None;
        }
        self.removed.insert(pointer);
        Some(())
    }

    /// The original value repaired, and the aliases of moved array items.
    fn apply(&self, original: &Value) -> (Value, HashMap<String, String>) {
        let (mut value, aliases) = remove(original, &self.removed);
        for (pointer, stand_in) in &self.stand_ins {
            set(&mut value, pointer, stand_in.clone());
        }
        (value, aliases)
    }
}

/// A neutral value for a place a config cannot leave empty.
fn stand_in(shape: ConfigShape, pointer: &str) -> Option<Value> {
    let color = || json!("#0D9373");
    match (shape, pointer) {
        (_, "/name") => Some(json!("Documentation")),
        (ConfigShape::DocsJson, "/theme") => Some(json!("mint")),
        (ConfigShape::DocsJson, "/colors") => Some(json!({ "primary": color() })),
        (ConfigShape::DocsJson, "/colors/primary") => Some(color()),
        _ => None,
    }
}

/// Sets the value at `pointer` (outside arrays), creating objects on the way.
fn set(value: &mut Value, pointer: &str, new: Value) {
    let mut at = value;
    let segments: Vec<String> = pointer.split('/').skip(1).map(unescape_segment).collect();
    for (i, segment) in segments.iter().enumerate() {
        if !at.is_object() {
            *at = json!({});
        }
        let map = at.as_object_mut().expect("made an object");
        if i + 1 == segments.len() {
            map.insert(segment.clone(), new);
            return;
        }
        at = map.entry(segment.clone()).or_insert_with(|| json!({}));
    }
}

/// `value` without the values at `removed` (pointers into `value`), and
/// the aliases from each moved array item's new pointer to its old one.
fn remove(value: &Value, removed: &BTreeSet<String>) -> (Value, HashMap<String, String>) {
    let mut aliases = HashMap::new();
    let kept = rebuild(value, "", "", removed, &mut aliases);
    (kept, aliases)
}

fn rebuild(
    value: &Value,
    old: &str,
    new: &str,
    removed: &BTreeSet<String>,
    aliases: &mut HashMap<String, String>,
) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter_map(|(key, child)| {
                    let segment = escape_segment(key);
                    let child_old = format!("{old}/{segment}");
                    (!removed.contains(&child_old)).then(|| {
                        let child_new = format!("{new}/{segment}");
                        let kept = rebuild(child, &child_old, &child_new, removed, aliases);
                        (key.clone(), kept)
                    })
                })
                .collect(),
        ),
        Value::Array(items) => {
            let mut kept = Vec::with_capacity(items.len());
            for (index, child) in items.iter().enumerate() {
                let child_old = format!("{old}/{index}");
                if removed.contains(&child_old) {
                    continue;
                }
                let child_new = format!("{new}/{}", kept.len());
                if child_new != child_old {
                    aliases.insert(child_new.clone(), child_old.clone());
                }
                kept.push(rebuild(child, &child_old, &child_new, removed, aliases));
            }
            Value::Array(kept)
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn doc(value: Value) -> SourceDoc {
        SourceDoc::parse(
            serde_json::to_string_pretty(&value).unwrap(),
            Path::new("site.json"),
        )
        .unwrap()
    }

    #[test]
    fn failing_fields_are_left_out_and_the_rest_kept() {
        let site = json!({
            "name": "X",
            "colors": {"primary": "green"},
            "anchors": [{"name": "A"}, {"name": "B", "url": "b"}],
            "navigation": [{"group": "G", "pages": ["a", 3, "b"]}]
        });
        let repaired = without_failing_values(doc(site), ConfigShape::SiteJson).unwrap();
        assert_eq!(
            repaired.value,
            json!({"name": "X", "anchors": [{"name": "B", "url": "b"}],
                   "navigation": [{"group": "G", "pages": ["a", "b"]}]})
        );
        // Moved items still point at their own text.
        assert_eq!(repaired.json_path("/anchors/0"), "anchors[1]");
        assert_eq!(
            repaired.json_path("/navigation/0/pages/1"),
            "navigation[0].pages[2]"
        );
        let text = &repaired.text;
        assert_eq!(&text[repaired.span_of("/navigation/0/pages/1")], "\"b\"");
    }

    #[test]
    fn removals_cascade_until_the_root_would_go() {
        // The only group is broken: navigation becomes empty, then missing.
        let site = json!({"name": "X", "navigation": [{"group": "G"}]});
        assert!(without_failing_values(doc(site), ConfigShape::SiteJson).is_none());
        let without_navigation = json!({"name": "X", "navigation": "a"});
        assert!(without_failing_values(doc(without_navigation), ConfigShape::SiteJson).is_none());
        let nameless = json!({"navigation": [{"group": "G", "pages": ["a"]}]});
        let repaired = without_failing_values(doc(nameless), ConfigShape::SiteJson).unwrap();
        assert_eq!(repaired.value["name"], json!("Documentation"));
    }

    #[test]
    fn required_top_level_values_get_a_stand_in() {
        let site = json!({"name": 3, "navigation": [{"group": "G", "pages": ["a"]}]});
        let repaired = without_failing_values(doc(site), ConfigShape::SiteJson).unwrap();
        assert_eq!(repaired.value["name"], json!("Documentation"));
        // (A theme sheaf does not know is only a warning: the value stays.)
        let docs = json!({"name": "D", "theme": 3, "colors": {"primary": "green", "light": "#ffffff"},
            "navigation": {"pages": ["a"]}});
        let repaired = without_failing_values(doc(docs), ConfigShape::DocsJson).unwrap();
        assert_eq!(repaired.value["theme"], json!("mint"));
        assert_eq!(
            repaired.value["colors"],
            json!({"primary": "#0D9373", "light": "#ffffff"})
        );
    }

    #[test]
    fn nested_moves_compose() {
        let value = json!({"a": [0, {"b": [1, 2, 3]}, {"b": [4, 5]}]});
        let removed = BTreeSet::from(["/a/0".to_string(), "/a/2/b/0".to_string()]);
        let (kept, aliases) = remove(&value, &removed);
        assert_eq!(kept, json!({"a": [{"b": [1, 2, 3]}, {"b": [5]}]}));
        assert_eq!(through(&aliases, "/a/1/b/0"), "/a/2/b/1");
        assert_eq!(through(&aliases, "/a/0/b/2"), "/a/1/b/2");
    }
}
