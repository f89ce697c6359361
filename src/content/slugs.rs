//! The slugs of file-less pages: an endpoint's from its method and path, a
//! channel's from its title.

/// The slug of a file-less endpoint page: `GET /api/user` → `api-reference/get-api-user`
/// is too long for readers; we use the method and path words: `get-api-user`.
pub(super) fn endpoint_slug(entry: &str) -> String {
    let words: Vec<&str> = entry.split_whitespace().collect();
    slug_of(&words[words.len().saturating_sub(2)..].join("-"))
}

/// `text` lower-cased, each run of other characters than ASCII letters and
/// digits one `-`.
pub(super) fn slug_of(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let parts = lower.split(|c: char| !c.is_ascii_alphanumeric());
    parts
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}
