//! The navigation as written in the config's JSON (the site shape, also
//! for a converted docs.json): every page entry with its JSON pointer and
//! its scope, and every group, for the checks that point into the author's
//! file.

use serde_json::Value;

/// The array at `key` of `value`, empty when there is none.
pub(super) fn array<'v>(value: &'v Value, key: &str) -> &'v [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The page entries under `group`, each with its pointer and its scope: the
/// version and language its groups give it (`"v2\u{0}fr"`), within which
/// one page may be listed once.
pub(super) fn collect_entries(group: &Value, pointer: String, scope: Scope, out: &mut Vec<Entry>) {
    let scope = scope.inside(group);
    for (i, entry) in array(group, "pages").iter().enumerate() {
        let child = format!("{pointer}/pages/{i}");
        match entry {
            Value::String(s) => out.push(Entry {
                pointer: child,
                page: s.clone(),
                scope: scope.clone(),
            }),
            Value::Object(_) => collect_entries(entry, child, scope.clone(), out),
            _ => {}
        }
    }
}

/// A navigation page entry as [`collect_entries`] finds it.
pub(super) struct Entry {
    pub pointer: String,
    pub page: String,
    pub scope: Scope,
}

/// The version and language a group's entries inherit: a page listed in
/// two scopes is in two places of the site, not listed twice.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub(super) struct Scope {
    version: Option<String>,
    language: Option<String>,
}

impl Scope {
    pub(super) fn inside(self, group: &Value) -> Scope {
        let own = |key: &str| group.get(key).and_then(Value::as_str).map(String::from);
        Scope {
            version: own("version").or(self.version),
            language: own("language").or(self.language),
        }
    }
}

pub(super) fn collect_groups<'v>(
    group: &'v Value,
    pointer: String,
    out: &mut Vec<(String, &'v Value)>,
) {
    for (i, entry) in array(group, "pages").iter().enumerate() {
        if entry.is_object() {
            collect_groups(entry, format!("{pointer}/pages/{i}"), out);
        }
    }
    out.push((pointer, group));
}
