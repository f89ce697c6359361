//! The same page in another language or version, for switchers that keep
//! the reader where they are.
//!
//! Each language (or version) usually lives in a folder named after it:
//! `es/…`, `v1/…`, `es/v1/…`. Two pages are equivalent when their slugs
//! match once the folder named after their own language (or version) is
//! taken out: `es/v1/setup` and `v1/setup` are the Spanish and English
//! `setup` of v1. A page with no equivalent leads to the first page of that
//! language (or version) that shares the page's other dimension (its
//! version, or language), else to its first page at all; such a fallback is
//! not `equivalent`, so it is never announced as a translation (`hreflang`).
//! A page's listing in another language or version (`Page::listing_of`)
//! is equivalent to the page.

use std::collections::HashMap;

use super::{Page, PageId, Site};

/// The alternates of every page along both dimensions.
#[derive(Debug, Clone, Default)]
pub struct SiteAlternates {
    pub languages: Alternates,
    pub versions: Alternates,
}

impl SiteAlternates {
    /// The alternates of `site`'s declared languages and versions.
    pub fn build(site: &Site) -> SiteAlternates {
        let languages = site.config.language_codes();
        let versions = site.config.local_version_names();
        SiteAlternates {
            languages: Alternates::build(
                site,
                &languages,
                |p| p.language.as_deref(),
                |p| p.version.as_deref(),
            ),
            versions: Alternates::build(
                site,
                &versions,
                |p| p.version.as_deref(),
                |p| p.language.as_deref(),
            ),
        }
    }
}

/// For every page with a language (or version): the page to open for each
/// other language (or version), in the order they are declared.
#[derive(Debug, Clone, Default)]
pub struct Alternates {
    by_page: HashMap<PageId, Vec<Alternate>>,
}

/// The page to open in another language (or version).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternate {
    /// The language code (or version name).
    pub value: String,
    pub page: PageId,
    /// The same page there; `false`: a fallback (that language's first page).
    pub equivalent: bool,
}

impl Alternates {
    /// Alternates along one dimension: `key` gives a page's language (or
    /// version), `declared` the order of the switcher, `other` the page's
    /// value along the other dimension.
    pub fn build(
        site: &Site,
        declared: &[&str],
        key: impl Fn(&Page) -> Option<&str>,
        other: impl Fn(&Page) -> Option<&str>,
    ) -> Self {
        let nav_pages: Vec<&Page> = site.nav_order.iter().map(|&id| &site.pages[id]).collect();
        // A listing is equivalent to what its page is equivalent to.
        let rest_of = |page: &Page, value: &str| match page.listing_of {
            Some(id) => {
                let page = &site.pages[id];
                without_folder(&page.slug, key(page).unwrap_or_default())
            }
            None => without_folder(&page.slug, value),
        };
        let mut by_rest: HashMap<(&str, String), PageId> = HashMap::new();
        let mut first: HashMap<(&str, Option<&str>), PageId> = HashMap::new();
        for page in &nav_pages {
            let Some(value) = key(page).filter(|v| declared.contains(v)) else {
                continue;
            };
            by_rest
                .entry((value, rest_of(page, value)))
                .or_insert(page.id);
            first.entry((value, other(page))).or_insert(page.id);
            first.entry((value, None)).or_insert(page.id);
        }
        let mut by_page = HashMap::new();
        for page in &nav_pages {
            let Some(own) = key(page).filter(|v| declared.contains(v)) else {
                continue;
            };
            let rest = rest_of(page, own);
            let others: Vec<Alternate> = declared
                .iter()
                .filter(|&&value| value != own)
                .filter_map(|&value| {
                    if let Some(&same) = by_rest.get(&(value, rest.clone())) {
                        return Some(Alternate::new(value, same, true));
                    }
                    let fallback = first
                        .get(&(value, other(page)))
                        .or_else(|| first.get(&(value, None)))?;
                    Some(Alternate::new(value, *fallback, false))
                })
                .collect();
            by_page.insert(page.id, others);
        }
        Alternates { by_page }
    }

    /// The page to open in each other language (or version) from `page`.
    pub fn of(&self, page: PageId) -> &[Alternate] {
        self.by_page.get(&page).map_or(&[], Vec::as_slice)
    }
}

impl Alternate {
    fn new(value: &str, page: PageId, equivalent: bool) -> Alternate {
        Alternate {
            value: value.to_string(),
            page,
            equivalent,
        }
    }
}

/// The slug without the first folder named `value` (case aside).
fn without_folder(slug: &str, value: &str) -> String {
    let mut removed = false;
    slug.split('/')
        .filter(|segment| {
            let drop = !removed && segment.eq_ignore_ascii_case(value);
            removed |= drop;
            !drop
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{PageUrls, SiteConfig};

    fn site(pages: &[(&str, &str)]) -> Site {
        let pages: Vec<Page> = pages
            .iter()
            .enumerate()
            .map(|(id, (slug, language))| Page {
                id,
                slug: slug.to_string(),
                source_path: None,
                text: crate::content::PageText::Kept(String::new()),
                body_start: 0,
                body_line_offset: 0,
                heading_ids: Default::default(),
                diagrams: Vec::new(),
                frontmatter: Default::default(),
                title: slug.to_string(),
                nav_title: slug.to_string(),
                openapi: None,
                version: None,
                language: Some(language.to_string()),
                tab: None,
                anchor: None,
                in_nav: true,
                urls: PageUrls::Folders,
                written_at: None,
                listing_of: None,
            })
            .collect();
        let config: SiteConfig =
            serde_json::from_str(r#"{"name": "X", "navigation": []}"#).unwrap();
        Site {
            root: Default::default(),
            docs: Default::default(),
            config,
            nav_order: (0..pages.len()).collect(),
            nav_positions: crate::content::nav_positions(
                &(0..pages.len()).collect::<Vec<_>>(),
                pages.len(),
            ),
            slugs: pages.iter().map(|p| (p.slug.clone(), p.id)).collect(),
            pages,
            nav: Vec::new(),
            alternates: Default::default(),
            empty: Default::default(),
            listings: Default::default(),
            former: Default::default(),
            redirects: Default::default(),
            folders: Default::default(),
            base_path: String::new(),
            fonts: Default::default(),
        }
    }

    #[test]
    fn equivalent_pages_match_without_their_language_folder() {
        let site = site(&[
            ("index", "en"),
            ("guides/setup", "en"),
            ("es/index", "es"),
            ("es/guides/setup", "es"),
            ("es/only-here", "es"),
        ]);
        let alternates = Alternates::build(
            &site,
            &["en", "es"],
            |p| p.language.as_deref(),
            |p| p.version.as_deref(),
        );
        assert_eq!(alternates.of(1), [Alternate::new("es", 3, true)]);
        assert_eq!(alternates.of(3), [Alternate::new("en", 1, true)]);
        assert_eq!(
            alternates.of(4),
            [Alternate::new("en", 0, false)],
            "no equivalent: the language's first page, not announced as equivalent"
        );
    }

    #[test]
    fn the_folder_of_the_dimension_is_taken_out_wherever_it_is() {
        assert_eq!(without_folder("es/v1/setup", "v1"), "es/setup");
        assert_eq!(without_folder("es/v1/setup", "es"), "v1/setup");
        assert_eq!(without_folder("guides/setup", "v1"), "guides/setup");
    }
}
