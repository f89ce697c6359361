//! Config links of a site published under a sub-path (`--site-url
//! https://example.com/docs`, `--base-path /docs`, `base-path` in
//! sheaf.toml): authors write them with the prefix (`/docs/quickstart`), as
//! readers see them on Mintlify. Each one that leads somewhere only from
//! the site root becomes a link from the root (`/quickstart`), and the
//! site is loaded again with them (its sections depend on where anchors
//! and tabs lead) before the theme writes them relative like every other
//! link, as page links are read (`site::links`): the top bar's links and
//! button, the footer's columns, and anchors and tabs that link to a page,
//! in the site's and each language's chrome. Redirects' destinations are
//! read where redirect pages are written.

use crate::config::{FooterColumn, SiteConfig};
use crate::content::{LinkTarget, Site};

/// The site's config with the links written with its base path that lead
/// somewhere only from the site root read from the root, when there are
/// any; the site is then loaded again with it (its sections and alternates
/// depend on those links).
pub(super) fn config_read_from_the_root(site: &Site) -> Option<SiteConfig> {
    if site.base_path.is_empty() {
        return None;
    }
    let mut config = site.config.clone();
    let mut changed = false;
    for url in urls_mut(&mut config) {
        if let Some(root) = from_the_root(site, url) {
            *url = root;
            changed = true;
        }
    }
    changed.then_some(config)
}

/// Every config link a base path may prefix.
fn urls_mut(config: &mut SiteConfig) -> Vec<&mut String> {
    let mut urls: Vec<&mut String> = Vec::new();
    urls.extend(config.topbar_links.iter_mut().map(|l| &mut l.url));
    urls.extend(column_urls(&mut config.footer_links));
    urls.extend(config.topbar_cta_button.iter_mut().map(|c| &mut c.url));
    urls.extend(config.anchors.iter_mut().map(|a| &mut a.url));
    urls.extend(config.tabs.iter_mut().map(|t| &mut t.url));
    for language in &mut config.languages {
        let chrome = &mut language.chrome;
        urls.extend(chrome.topbar_links.iter_mut().flatten().map(|l| &mut l.url));
        urls.extend(chrome.footer_links.iter_mut().flat_map(|c| column_urls(c)));
        urls.extend(chrome.topbar_cta_button.iter_mut().map(|c| &mut c.url));
    }
    urls
}

fn column_urls(columns: &mut [FooterColumn]) -> impl Iterator<Item = &mut String> {
    (columns.iter_mut())
        .flat_map(|c| c.items.iter_mut())
        .map(|l| &mut l.url)
}

/// `url` from the site root when it starts with the base path and only so
/// leads somewhere: `/docs/quickstart#step` → `/quickstart#step`. A folder
/// of pages named like the base path (a section `docs/`) keeps its link.
fn from_the_root(site: &Site, url: &str) -> Option<String> {
    let path = url.strip_prefix('/')?;
    let (path, suffix) = path.split_at(path.find(['#', '?']).unwrap_or(path.len()));
    let path = path.trim_end_matches('/');
    let rest = site.without_base_path(path)?;
    let file = |path: &str| site.root.join(path).is_file();
    let folder = format!("{path}/");
    let as_written = site.page_at(path).is_some()
        || file(path)
        || site.pages.iter().any(|p| p.slug.starts_with(&folder));
    let page = matches!(site.link_target(rest), LinkTarget::Page { .. });
    (!as_written && (page || file(rest))).then(|| format!("/{rest}{suffix}"))
}
