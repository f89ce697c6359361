//! The pages behind the site's sections (tabs and anchors): a section's
//! first page, the link that leads to it, its language, and whether the
//! primary section (pages in no tab or anchor) has pages at all.

use super::links;
use crate::config::PageUrls;
use crate::content::{Page, Site};

/// The first page (in navigation order) matching `pred`.
pub fn first_page(site: &Site, pred: impl Fn(&Page) -> bool) -> Option<&Page> {
    site.nav_order
        .iter()
        .map(|&id| &site.pages[id])
        .find(|p| pred(p))
}

/// The link to a section: its first page, else its folder (or external URL).
pub fn section_href(url: &str, first: Option<&Page>) -> String {
    match first {
        Some(page) if !links::is_external(url) => links::page_href(page),
        // A section URL names a folder, whatever shape pages have.
        _ => links::href(url, PageUrls::Folders),
    }
}

/// Whether the site lists pages outside every tab (or anchor): a docs.json
/// whose navigation is all tabs has no primary section to show.
pub fn has_primary(site: &Site, in_section: impl Fn(&Page) -> bool) -> bool {
    site.nav_order.is_empty() || first_page(site, |p| !in_section(p)).is_some()
}

/// Whether the top anchor has pages: some navigation page in no anchor that
/// shares its tab with a page in an anchor (anchors are shown per tab).
pub fn has_primary_anchor(site: &Site) -> bool {
    if site.nav_order.is_empty() {
        return true;
    }
    let nav = || site.nav_order.iter().map(|&id| &site.pages[id]);
    let tabs_with_anchored_pages: Vec<Option<usize>> = nav()
        .filter(|p| p.anchor.is_some())
        .map(|p| p.tab)
        .collect();
    nav().any(|p| p.anchor.is_none() && tabs_with_anchored_pages.contains(&p.tab))
}

/// The language of a section: that of its first page, if the site has several.
pub fn section_language(first: Option<&Page>) -> Option<String> {
    first.and_then(|p| p.language.clone())
}
