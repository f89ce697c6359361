//! Heading ids: a slug of the heading text, unique within the page.
//!
//! An id keeps the letters and digits of every script, lowercased
//! ([`heading_slug`]: `## サインアウト` is `#サインアウト`, `## Über 2.0`
//! `#über-2-0`), as Mintlify's ids and GitHub's do, so the links written
//! for them resolve; [`slug`], for names in URLs, keeps ASCII alone. A link
//! may name an id percent-encoded (`#%E3%82%B5…`): `content`'s
//! `Page::anchor_id` decodes it before comparing.

use std::collections::{HashMap, HashSet};

/// Hands out unique slugs for one page.
#[derive(Debug, Default)]
pub struct Slugger {
    used: HashSet<String>,
    counters: HashMap<String, usize>,
}

impl Slugger {
    /// A unique id for `text`: lowercase letters (of any script), digits
    /// and `-` ([`heading_slug`]); the second `Setup` is `setup-2`, the
    /// third `setup-3`, as Mintlify numbers them (so links written for a
    /// Mintlify site find them).
    pub fn unique(&mut self, text: &str) -> String {
        let base = heading_slug(text);
        let base = if base.is_empty() {
            "section".to_string()
        } else {
            base
        };
        if self.used.insert(base.clone()) {
            return base;
        }
        let counter = self.counters.entry(base.clone()).or_insert(1);
        loop {
            *counter += 1;
            let candidate = format!("{base}-{counter}");
            if self.used.insert(candidate.clone()) {
                return candidate;
            }
        }
    }
}

/// The values of `id="…"` and `id='…'` attributes on a line.
fn explicit_ids(line: &str) -> impl Iterator<Item = &str> {
    ["id=\"", "id='"].into_iter().flat_map(move |needle| {
        let quote = &needle[3..];
        line.match_indices(needle).filter_map(move |(i, _)| {
            let rest = &line[i + needle.len()..];
            rest.find(quote).map(|end| &rest[..end])
        })
    })
}

/// The ids a page body's headings get when rendered, found by a quick
/// scan of its lines (numbered for repeats by the same [`Slugger`]), and
/// its explicit `id="…"` attributes: what links from other pages may name
/// before the page itself is rendered.
pub fn heading_ids(body: &str) -> HashSet<String> {
    let mut ids = HashSet::new();
    let mut slugger = Slugger::default();
    // The open code fence: its character and length.
    let mut fence: Option<(char, usize)> = None;
    // Inside a field's open tag whose name is not reached yet.
    let mut in_field = false;
    for line in body.lines() {
        let trimmed = line.trim_start();
        let was_fenced = fence.is_some();
        fence = next_fence(fence, trimmed);
        if was_fenced || fence.is_some() {
            continue;
        }
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && trimmed[hashes..].starts_with(' ') {
            let text = trimmed[hashes..].trim().trim_end_matches('#').trim();
            ids.insert(slugger.unique(text));
        }
        if line.contains("id=") {
            ids.extend(explicit_ids(line).map(str::to_string));
        }
        if let Some(title) = titled_component(line) {
            ids.insert(slugger.unique(title));
        }
        in_field |= line.contains("<ParamField") || line.contains("<ResponseField");
        if in_field {
            if let Some(name) = field_name(line) {
                ids.insert(slugger.unique(&kebab(&format!("param {name}"))));
                in_field = false;
            }
            in_field &= !line.contains('>');
        }
    }
    ids
}

/// The code fence open after `line` (trimmed), as CommonMark reads
/// fences: three or more backticks or tildes open one (an info string may
/// follow); only a line of the same character, at least as many and
/// nothing else, closes it (`` ```kusto `` inside a fence is code).
fn next_fence(open: Option<(char, usize)>, line: &str) -> Option<(char, usize)> {
    let run = |c: char| line.chars().take_while(|&x| x == c).count();
    match open {
        Some((c, len)) => {
            let closes = run(c) >= len && line[run(c)..].trim().is_empty();
            (!closes).then_some((c, len))
        }
        None => ['`', '~']
            .into_iter()
            .map(|c| (c, run(c)))
            .find(|&(_, n)| n >= 3),
    }
}

/// The title of an `<Accordion title="…">` or the label of an `<Update
/// label="…">` opening on `line` without an explicit `id`: the text its
/// anchor is made from, as Mintlify gives accordions and changelog entries
/// ids of their own.
fn titled_component(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let attribute = match () {
        _ if trimmed.starts_with("<Accordion ") => "title=\"",
        _ if trimmed.starts_with("<Update ") => "label=\"",
        _ => return None,
    };
    if attribute == "title=\"" && line.contains(" id=") {
        return None;
    }
    let rest = &line[line.find(attribute)? + attribute.len()..];
    Some(&rest[..rest.find('"')?])
}

/// The name a `<ParamField>`/`<ResponseField>` open tag gives on `line`:
/// the value of its first `name`, `path`, `body`, `query`, `header` or
/// `cookie` attribute.
fn field_name(line: &str) -> Option<&str> {
    const KEYS: [&str; 6] = ["name", "path", "body", "query", "header", "cookie"];
    let mut rest = line;
    while let Some(eq) = rest.find("=\"") {
        let key_start = rest[..eq]
            .rfind(|c: char| !c.is_ascii_alphanumeric())
            .map_or(0, |i| i + 1);
        let value = &rest[eq + 2..];
        let end = value.find('"')?;
        if KEYS.contains(&&rest[key_start..eq]) {
            return Some(&value[..end]);
        }
        rest = &value[end + 1..];
    }
    None
}

/// The slug of `text`: ASCII letters and digits lowercased, runs of
/// anything else collapsed to one `-`, no leading or trailing `-`.
pub fn slug(text: &str) -> String {
    slug_keeping(text, |c| c.is_ascii_alphanumeric())
}

/// The slug of a heading's `text`: as [`slug`], but letters and digits of
/// any script (with their combining marks) are kept, lowercased.
pub fn heading_slug(text: &str) -> String {
    slug_keeping(text, |c| {
        c.is_alphanumeric() || unicode_normalization::char::is_combining_mark(c)
    })
}

/// `text` with the characters `kept` (and `_`) lowercased and runs of the
/// others collapsed to one `-` (an apostrophe to nothing), trimmed of `-`.
fn slug_keeping(text: &str, kept: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if kept(c) || c == '_' {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') && c != '\'' {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// `text` in kebab case as lodash's `kebabCase` words it, which Mintlify's
/// field anchors use: words split at anything not a letter or digit,
/// between a lower-case and an upper-case letter, before the last capital
/// of a capital run followed by lower case, and between letters and
/// digits; joined lower-case with `-` (`expiresInDays` ->
/// `expires-in-days`, `user_group_id` -> `user-group-id`).
pub fn kebab(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
            continue;
        }
        let prev = i
            .checked_sub(1)
            .map(|p| chars[p])
            .filter(|p| p.is_alphanumeric());
        let next = chars.get(i + 1).copied();
        let starts_word = prev.is_some_and(|p| {
            (p.is_lowercase() && c.is_uppercase())
                || (p.is_uppercase() && c.is_uppercase() && next.is_some_and(char::is_lowercase))
                || (p.is_numeric() != c.is_numeric())
        });
        if starts_word && !out.ends_with('-') {
            out.push('-');
        }
        out.extend(c.to_lowercase());
    }
    out.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_have_mintlify_s_anchors_beside_the_headings() {
        let body = "## Storage\n<ParamField path=\"storage\" type=\"object\">\n</ParamField>\n\
                    <ResponseField\n  type=\"int\"\n  name=\"expiresInDays\"\n>\n";
        let ids = heading_ids(body);
        for id in ["storage", "param-storage", "param-expires-in-days"] {
            assert!(ids.contains(id), "{id}: {ids:?}");
        }
    }

    #[test]
    fn kebab_case_splits_words_as_lodash_does() {
        assert_eq!(kebab("param expiresInDays"), "param-expires-in-days");
        assert_eq!(kebab("param user_group_id"), "param-user-group-id");
        assert_eq!(
            kebab("param data-attribution-model"),
            "param-data-attribution-model"
        );
        assert_eq!(kebab("param HTMLParser"), "param-html-parser");
        assert_eq!(kebab("param v2Token"), "param-v-2-token");
        assert_eq!(
            kebab("param storage.allowMemory"),
            "param-storage-allow-memory"
        );
    }

    #[test]
    fn slugs_are_lowercase_ascii_and_dashes() {
        assert_eq!(slug("Getting Started!"), "getting-started");
        assert_eq!(slug("  `npm install` & co. "), "npm-install-co");
        assert_eq!(slug("What's new"), "whats-new");
        assert_eq!(slug("Über 2.0"), "ber-2-0");
        // Underscores stay, as in Mintlify's ids (`user_group`).
        assert_eq!(slug("The user_group object"), "the-user_group-object");
    }

    #[test]
    fn a_fence_closes_only_on_a_line_of_its_own_marks() {
        let body = "```kusto\nloggamma(x)\n\n```kusto\n## not a heading\n```\n\n## not()\n\n````\n```\n## inside\n````\n";
        let ids = heading_ids(body);
        assert!(ids.contains("not"), "{ids:?}");
        assert!(
            !ids.contains("not-a-heading") && !ids.contains("inside"),
            "{ids:?}"
        );
    }

    #[test]
    fn heading_slugs_keep_letters_of_every_script() {
        assert_eq!(heading_slug("サインアウト"), "サインアウト");
        assert_eq!(heading_slug("Выход из системы"), "выход-из-системы");
        assert_eq!(heading_slug("Über 2.0"), "über-2-0");
        assert_eq!(heading_slug("हिन्दी पाठ"), "हिन्दी-पाठ", "marks stay");
        assert_eq!(heading_slug("What's new?"), "whats-new");
        let mut s = Slugger::default();
        assert_eq!(s.unique("ログイン"), "ログイン");
        assert_eq!(s.unique("ログイン"), "ログイン-2");
    }

    #[test]
    fn duplicates_get_numbered() {
        let mut s = Slugger::default();
        assert_eq!(s.unique("Setup"), "setup");
        assert_eq!(s.unique("Setup"), "setup-2");
        assert_eq!(s.unique("Setup"), "setup-3");
        assert_eq!(s.unique("Setup 2"), "setup-2-2");
        assert_eq!(s.unique("Setup 1"), "setup-1");
        assert_eq!(s.unique("!!!"), "section");
    }

    #[test]
    fn the_scan_finds_heading_ids_and_explicit_ids() {
        let ids = heading_ids(
            "# Intro\n## Setup\n## Setup\n```\n# not a heading\n```\n<div id=\"custom\"></div>\n",
        );
        for id in ["intro", "setup", "setup-2", "custom"] {
            assert!(ids.contains(id), "{id} in {ids:?}");
        }
        assert!(!ids.contains("setup-1"), "numbered as the renderer numbers");
        assert!(!ids.contains("not-a-heading"));
    }
}
