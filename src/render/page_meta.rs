//! The meta tags and canonical link of one page's `<head>`.
//!
//! Three sources, each over the one before, one tag per name:
//! 1. what every page says of itself: `description` and `og:description`
//!    (its frontmatter description as text, else an endpoint page's from
//!    its operation), `og:title`, `og:site_name`,
//!    `og:type`, `twitter:card`, and `robots: noindex` for a page search
//!    engines should not index;
//! 2. the config's `metadata` (docs.json `seo.metatags`), site-wide;
//! 3. the page's own `og:*` and `twitter:*` frontmatter keys.
//!
//! Open Graph names (`og:`, `article:`, `fb:`) are written as `property`,
//! the others as `name`. The canonical link is the page's frontmatter
//! `canonical` (an absolute `http(s)` address), else, for a copy of a page
//! shown at another place, that page's own URL. With the site's public URL
//! (`build --site-url`), every page has an absolute canonical link (its own
//! URL, or its page's) and an `og:url` of the same address, which the
//! config's and the page's own `og:url` replace.

use serde::Serialize;

use crate::content::{Page, PageId, Site};

#[derive(Debug, Serialize, PartialEq)]
pub struct Meta {
    /// `property` for Open Graph names, else `name`.
    attr: &'static str,
    name: String,
    content: String,
}

/// The meta tags of `page` in `site`, published at `site_url`; `fallback`
/// is the description to give when its frontmatter has none.
pub fn page_meta(
    site: &Site,
    page: &Page,
    fallback: Option<&str>,
    site_url: Option<&str>,
) -> Vec<Meta> {
    let title = page.title.as_str();
    let mut meta = Vec::new();
    let description = page
        .description_text()
        .or_else(|| fallback.map(String::from));
    if let Some(description) = description {
        set(&mut meta, "description", &description);
        set(&mut meta, "og:description", &description);
    }
    set(&mut meta, "og:title", title);
    set(&mut meta, "og:site_name", &site.config.name);
    set(&mut meta, "og:type", "article");
    set(&mut meta, "twitter:card", "summary");
    if let Some(base) = site_url {
        set(&mut meta, "og:url", &absolute(base, site, page));
    }
    if !site.is_indexed(page) {
        set(&mut meta, "robots", "noindex");
    }
    if crate::thumbnails::wanted(site, page) {
        card_meta(&mut meta, site, page, site_url);
    }
    for (name, value) in &site.config.metadata {
        if let Some(content) = scalar_text(value) {
            set(&mut meta, name, &content);
        }
    }
    for (name, content) in &page.frontmatter.meta {
        set(&mut meta, name, content);
    }
    meta
}

/// The page's social card (`crate::thumbnails`) in `og:image` and
/// `twitter:image`: absolute with a site URL, else from the host's root.
/// The config's and the page's own `og:image` come later and replace it.
fn card_meta(meta: &mut Vec<Meta>, site: &Site, page: &Page, site_url: Option<&str>) {
    let card = crate::thumbnails::path(page);
    let url = match site_url {
        Some(base) => format!("{}/{}", base.trim_end_matches('/'), card.display()),
        None if site.base_path.is_empty() => format!("/{}", card.display()),
        None => format!("/{}/{}", site.base_path, card.display()),
    };
    set(meta, "og:image", &url);
    set(
        meta,
        "og:image:width",
        &crate::thumbnails::WIDTH.to_string(),
    );
    set(
        meta,
        "og:image:height",
        &crate::thumbnails::HEIGHT.to_string(),
    );
    set(meta, "twitter:card", "summary_large_image");
    set(meta, "twitter:image", &url);
}

/// The page's canonical URL: absolute with a site URL, else relative to a
/// page whose root prefix is `root` when it is the site's own.
pub fn canonical(site: &Site, page: &Page, root: &str, site_url: Option<&str>) -> Option<String> {
    if let Some(url) = page.frontmatter.canonical_url() {
        return Some(url.to_string());
    }
    if let Some(base) = site_url {
        return Some(absolute(base, site, page));
    }
    (page.is_copy() || page.listing_of.is_some())
        .then(|| format!("{root}{}", site.source_page(page).url()))
}

/// The `href` of an `hreflang` alternate, page `id`: absolute with a site
/// URL, as search engines want it, else relative to a page whose root
/// prefix is `root`.
pub fn alternate_href(site: &Site, id: PageId, root: &str, site_url: Option<&str>) -> String {
    let page = &site.pages[id];
    match site_url {
        Some(base) => format!("{}/{}", base.trim_end_matches('/'), page.url()),
        None => format!("{root}{}", page.url()),
    }
}

/// The public address of `page` (of the page a copy shows) under `base`.
fn absolute(base: &str, site: &Site, page: &Page) -> String {
    format!(
        "{}/{}",
        base.trim_end_matches('/'),
        site.source_page(page).url()
    )
}

/// Sets tag `name` to `content`, in place of one set before.
fn set(meta: &mut Vec<Meta>, name: &str, content: &str) {
    let content = content.to_string();
    match meta.iter_mut().find(|m| m.name == name) {
        Some(existing) => existing.content = content,
        None => meta.push(Meta {
            attr: attribute(name),
            name: name.to_string(),
            content,
        }),
    }
}

fn attribute(name: &str) -> &'static str {
    let open_graph = ["og:", "article:", "fb:"];
    match open_graph.iter().any(|prefix| name.starts_with(prefix)) {
        true => "property",
        false => "name",
    }
}

fn scalar_text(value: &serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(_) | serde_json::Value::Bool(_) => Some(value.to_string()),
        _ => None,
    }
}

/// The page's "last modified" line: the date of the last commit that
/// changed its file, as text (`March 1, 2024`) and for `<time datetime>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LastModified {
    pub text: String,
    pub datetime: String,
}

/// A page's path as Mintlify's `data-current-path` gives it: `/` and its
/// slug, without a last `index` (`/`, `/api-reference/get-user`).
pub(super) fn current_path(slug: &str) -> String {
    let slug = match slug.rsplit_once('/') {
        Some((folder, "index")) => folder,
        None if slug == "index" => "",
        _ => slug,
    };
    format!("/{slug}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_source_replaces_a_tag_in_its_place() {
        let mut meta = Vec::new();
        set(&mut meta, "og:title", "Page");
        set(&mut meta, "twitter:card", "summary");
        set(&mut meta, "og:title", "Own");
        let names: Vec<_> = meta
            .iter()
            .map(|m| (m.attr, &*m.name, &*m.content))
            .collect();
        assert_eq!(
            names,
            [
                ("property", "og:title", "Own"),
                ("name", "twitter:card", "summary")
            ]
        );
    }
}
