//! Which division of a site.json with tabs and anchors nests the other in
//! docs.json ([`anchors_nest_tabs`], Mintlify's upgrade's "most inclusive
//! division" rule), and the page slugs the navigation lists or the folders
//! hold, which place groups and say which pages leave a section.

use std::collections::HashSet;

use crate::config::{is_endpoint_entry, normalise_slug, NavEntry, NavGroup, SiteConfig};
use crate::sources::SourceFiles;

/// Whether a site with tabs and anchors has its tabs written inside a first
/// anchor rather than its anchors inside the tabs: Mintlify's upgrade puts
/// the "most inclusive" division on top. Tabs win when every tab's folder
/// lies under some anchor's, else anchors when every anchor's lies under
/// some tab's, else whichever has more such divisions (anchors on a tie).
/// Divisions that are all external links are global and nest nothing.
pub fn anchors_nest_tabs(config: &SiteConfig) -> bool {
    let nesting = |urls: Vec<(&str, bool)>| -> Vec<String> {
        let all_global = urls.iter().all(|(url, versioned)| {
            !versioned && (url.starts_with("https://") || url.starts_with("http://"))
        });
        match all_global {
            true => Vec::new(),
            false => urls.iter().map(|(url, _)| leading_slash(url)).collect(),
        }
    };
    let tabs = nesting(
        config
            .tabs
            .iter()
            .map(|t| (t.url.as_str(), t.version.is_some()))
            .collect(),
    );
    let anchors = nesting(
        config
            .anchors
            .iter()
            .map(|a| (a.url.as_str(), a.version.is_some()))
            .collect(),
    );
    if anchors.is_empty() || tabs.is_empty() {
        return false;
    }
    let under =
        |url: &String, others: &[String]| others.iter().any(|o| url.starts_with(o.as_str()));
    let inclusive_tabs = tabs.iter().filter(|t| under(t, &anchors)).count();
    let inclusive_anchors = anchors.iter().filter(|a| under(a, &tabs)).count();
    if inclusive_tabs == tabs.len() {
        return false;
    }
    inclusive_anchors == anchors.len() || inclusive_tabs <= inclusive_anchors
}

fn leading_slash(url: &str) -> String {
    match url.starts_with('/') {
        true => url.to_string(),
        false => format!("/{url}"),
    }
}

/// The slug of the first page the reader resolves in `entries`: entries
/// are read depth first, a page whose file is missing is skipped, and an
/// operation entry's page (`get-users`) lies in no folder.
pub(super) fn first_page(entries: &[NavEntry], files: &SourceFiles) -> Option<String> {
    entries.iter().find_map(|entry| match entry {
        NavEntry::Page(page) if is_endpoint_entry(page) => Some(String::new()),
        NavEntry::Page(page) => normalise_slug(page).filter(|s| files.page_file(s).is_some()),
        NavEntry::Group(group) => first_page(&group.pages, files),
    })
}

/// Every page slug the navigation lists.
pub(super) fn listed_slugs(groups: &[NavGroup]) -> HashSet<String> {
    let mut out = HashSet::new();
    for group in groups {
        out.extend(group.root.as_deref().and_then(normalise_slug));
        for entry in &group.pages {
            match entry {
                NavEntry::Page(page) => out.extend(normalise_slug(page)),
                NavEntry::Group(inner) => out.extend(listed_slugs(std::slice::from_ref(inner))),
            }
        }
    }
    out
}

/// The slug of a page file (`a/b.mdx` → `a/b`), snippets and `_` files excluded.
pub(super) fn page_slug(name: &str) -> Option<String> {
    let slug = name
        .strip_suffix(".mdx")
        .or_else(|| name.strip_suffix(".md"))?;
    let excluded = slug
        .split('/')
        .any(|part| part.starts_with('_') || part == "snippets" || part == "node_modules");
    (!excluded).then(|| slug.to_string())
}
