//! What a navigation entry names: a page file (as a slug), an OpenAPI
//! operation, an AsyncAPI channel (`asyncapi:FILE CHANNEL`, made by the
//! site stage for a group naming an AsyncAPI document), or a section folder. Shared by config validation, the
//! navigation loader in `content` and `migrate`, so it lives here, below
//! them all.

use std::path::{Component, Path};

const HTTP_METHODS: [&str; 8] = [
    "get", "post", "put", "patch", "delete", "head", "options", "trace",
];

/// Whether a navigation entry names an OpenAPI operation (`GET /x`,
/// `openapi.json post /x`), webhook (`webhook newPet`, `openapi.json
/// webhook newPet`) or named schema (`SCHEMA Pet`, `openapi.json SCHEMA
/// Pet`: a schema page) rather than a page file.
pub fn is_endpoint_entry(entry: &str) -> bool {
    let words: Vec<&str> = entry.split_whitespace().collect();
    let (method, path) = match words.as_slice() {
        [m, p] | [_, m, p] => (*m, *p),
        _ => return false,
    };
    let method = method.to_ascii_lowercase();
    (HTTP_METHODS.contains(&method.as_str()) && path.starts_with('/'))
        || method == "webhook"
        || is_schema_entry(entry)
}

/// Whether a navigation entry names a schema page: `SCHEMA Pet`,
/// `openapi.json SCHEMA Pet`.
pub fn is_schema_entry(entry: &str) -> bool {
    matches!(
        entry.split_whitespace().collect::<Vec<_>>()[..],
        ["SCHEMA", _] | [_, "SCHEMA", _]
    )
}

/// The prefix of a navigation entry naming an AsyncAPI channel.
const CHANNEL_PREFIX: &str = "asyncapi:";

/// The navigation entry of a channel reference (`FILE CHANNEL`, or
/// `CHANNEL` alone, as `asyncapi` frontmatter writes it).
pub fn channel_entry(reference: &str) -> String {
    format!("{CHANNEL_PREFIX}{reference}")
}

/// The channel reference (`FILE CHANNEL`, as `asyncapi` frontmatter
/// writes it) of a navigation entry made by [`channel_entry`].
pub fn channel_of_entry(entry: &str) -> Option<&str> {
    entry.strip_prefix(CHANNEL_PREFIX)
}

/// A navigation entry as a slug: no leading `/`, no extension. `None` when
/// it escapes the root (`..`, absolute Windows paths).
pub fn normalise_slug(entry: &str) -> Option<String> {
    let trimmed = entry.trim().trim_start_matches('/');
    let without_ext = trimmed
        .strip_suffix(".mdx")
        .or_else(|| trimmed.strip_suffix(".md"))
        .unwrap_or(trimmed);
    let escapes = Path::new(without_ext)
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir));
    (!escapes && !without_ext.is_empty()).then(|| without_ext.to_string())
}

/// The index of the longest local folder URL that contains `slug`.
pub fn section_of(slug: &str, urls: &[&str]) -> Option<usize> {
    urls.iter()
        .enumerate()
        .filter(|(_, url)| !url.contains("://") && !url.starts_with("mailto:"))
        .filter_map(|(i, url)| {
            let folder = url.trim_matches('/');
            let inside = !folder.is_empty()
                && (slug == folder
                    || slug
                        .strip_prefix(folder)
                        .is_some_and(|rest| rest.starts_with('/')));
            inside.then_some((i, folder.len()))
        })
        .max_by_key(|&(_, len)| len)
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoint_entries_are_recognised() {
        assert!(is_endpoint_entry("GET /api/user"));
        assert!(is_endpoint_entry("openapi.json post /x/{id}"));
        assert!(is_endpoint_entry("openapi.json webhook newPet"));
        let entry = channel_entry("events.yaml user/updated");
        assert_eq!(channel_of_entry(&entry), Some("events.yaml user/updated"));
        assert_eq!(channel_of_entry("guides/events"), None);
        assert!(is_endpoint_entry("webhook newPet"));
        assert!(!is_endpoint_entry("api-reference/get"));
        assert!(!is_endpoint_entry("get started"));
        assert!(is_endpoint_entry("openapi.json SCHEMA user"));
        assert!(!is_endpoint_entry("schema user"));
    }

    #[test]
    fn slugs_are_normalised_and_escapes_rejected() {
        assert_eq!(normalise_slug("/intro.mdx").as_deref(), Some("intro"));
        assert_eq!(normalise_slug("a/b").as_deref(), Some("a/b"));
        assert_eq!(normalise_slug("../secret"), None);
        assert_eq!(normalise_slug("a/../../x"), None);
    }

    #[test]
    fn section_prefers_longest_folder_and_ignores_external_urls() {
        let urls = ["api", "api/v2", "https://x.com/api"];
        assert_eq!(section_of("api/get", &urls), Some(0));
        assert_eq!(section_of("api/v2/get", &urls), Some(1));
        assert_eq!(section_of("apiary/get", &urls), None);
        assert_eq!(section_of("guides/x", &urls), None);
    }
}
