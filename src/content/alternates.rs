//! The same page in another language or version, for switchers that keep
//! the reader where they are.
//!
//! Each language (or version) usually lives in a folder of its own: `es/…`,
//! `v1/…`. A language's *prefix* is the first path segment that all its
//! navigation pages share (none when they do not all share one, as for a
//! default language at the root). Two pages are equivalent when their slugs
//! match once their own prefix is taken off: `es/guides/setup` and
//! `guides/setup`. A page with no equivalent in a language leads to that
//! language's first page instead. A prefix counts only when it is the
//! language's code (or the version's name): `guides/` shared by every page
//! of the default language is a folder, not a language.

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
        let languages: Vec<&str> = site
            .config
            .languages
            .iter()
            .map(|l| l.code.as_str())
            .collect();
        let versions: Vec<&str> = site
            .config
            .versions
            .iter()
            .filter(|v| v.external_url().is_none())
            .map(|v| v.name())
            .collect();
        SiteAlternates {
            languages: Alternates::build(site, &languages, |p| p.language.as_deref()),
            versions: Alternates::build(site, &versions, |p| p.version.as_deref()),
        }
    }
}

/// For every page with a language (or version): the page to open for each
/// other language (or version), in the order they are declared.
#[derive(Debug, Clone, Default)]
pub struct Alternates {
    by_page: HashMap<PageId, Vec<(String, PageId)>>,
}

impl Alternates {
    /// Alternates along one dimension: `key` gives a page's language (or
    /// version), `declared` the order of the switcher.
    pub fn build(site: &Site, declared: &[&str], key: impl Fn(&Page) -> Option<&str>) -> Self {
        let members: Vec<(&str, Vec<&Page>)> = declared
            .iter()
            .map(|&value| {
                let pages = site
                    .nav_order
                    .iter()
                    .map(|&id| &site.pages[id])
                    .filter(|p| key(p) == Some(value))
                    .collect();
                (value, pages)
            })
            .collect();
        let indexed: Vec<(&str, HashMap<&str, PageId>, Option<PageId>)> = members
            .iter()
            .map(|(value, pages)| {
                let prefix = shared_prefix(pages, value);
                let by_rest = pages
                    .iter()
                    .map(|p| (strip(&p.slug, prefix), p.id))
                    .collect();
                (*value, by_rest, pages.first().map(|p| p.id))
            })
            .collect();
        let mut by_page = HashMap::new();
        for (value, pages) in &members {
            let prefix = shared_prefix(pages, value);
            for page in pages {
                let rest = strip(&page.slug, prefix);
                let others: Vec<(String, PageId)> = indexed
                    .iter()
                    .filter(|(other, _, _)| other != value)
                    .filter_map(|(other, slugs, first)| {
                        let target = slugs.get(rest).copied().or(*first)?;
                        Some((other.to_string(), target))
                    })
                    .collect();
                by_page.insert(page.id, others);
            }
        }
        Alternates { by_page }
    }

    /// The page to open in each other language (or version) from `page`.
    pub fn of(&self, page: PageId) -> &[(String, PageId)] {
        self.by_page.get(&page).map_or(&[], Vec::as_slice)
    }
}

/// The first path segment every page shares, if they all have one and it
/// names `value`.
fn shared_prefix<'p>(pages: &[&'p Page], value: &str) -> Option<&'p str> {
    let first = pages.first()?.slug.split_once('/')?.0;
    let shared = pages.iter().all(|p| {
        p.slug
            .split_once('/')
            .is_some_and(|(head, _)| head == first)
    });
    (shared && first.eq_ignore_ascii_case(value)).then_some(first)
}

fn strip<'s>(slug: &'s str, prefix: Option<&str>) -> &'s str {
    prefix
        .and_then(|p| slug.strip_prefix(p))
        .and_then(|rest| rest.strip_prefix('/'))
        .unwrap_or(slug)
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
                source: String::new(),
                body_start: 0,
                body_line_offset: 0,
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
            })
            .collect();
        let config: SiteConfig =
            serde_json::from_str(r#"{"name": "X", "navigation": []}"#).unwrap();
        Site {
            root: Default::default(),
            config,
            nav_order: (0..pages.len()).collect(),
            slugs: pages.iter().map(|p| (p.slug.clone(), p.id)).collect(),
            pages,
            nav: Vec::new(),
            alternates: Default::default(),
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
        let alternates = Alternates::build(&site, &["en", "es"], |p| p.language.as_deref());
        assert_eq!(alternates.of(1), [("es".to_string(), 3)]);
        assert_eq!(alternates.of(3), [("en".to_string(), 1)]);
        assert_eq!(
            alternates.of(4),
            [("en".to_string(), 0)],
            "no equivalent: the language's first page"
        );
    }
}
