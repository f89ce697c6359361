//! Checks of the page keys Mintlify documents (`content::frontmatter`): a
//! value sheaf cannot use, or a documented key it does not act on, is a
//! warning at its frontmatter line, so nothing an author wrote is dropped
//! silently. The page still builds, as on Mintlify.
//!
//! - `url` and `canonical` must be absolute `http(s)` addresses (`url` may
//!   also be `mailto:`): anything else (a `javascript:` address above all)
//!   is not linked.
//! - `playground` must be `interactive`, `simple` or `none`.
//! - `rss: true` on a page without `<Update>` makes no feed.
//! - The keys of [`IGNORED_KEYS`] are said to be ignored, with why.

use crate::config::PlaygroundMode;
use crate::content::{Page, Site, IGNORED_KEYS};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;

/// Every warning about the page keys of `site`'s pages.
pub fn check(site: &Site) -> Vec<Diagnostic> {
    (site.source_pages())
        .flat_map(|page| page_warnings(site, page))
        .collect()
}

fn page_warnings(site: &Site, page: &Page) -> Vec<Diagnostic> {
    let fm = &page.frontmatter;
    let mut found: Vec<(&str, String, String)> = Vec::new();
    if let Some(url) = fm.url.as_deref().filter(|_| fm.sidebar_url().is_none()) {
        found.push((
            "url",
            format!("`url: {url}` is not an absolute http(s) or mailto address; the sidebar links to the page itself"),
            "write the full address, such as `https://example.com/guide`".into(),
        ));
    }
    if let Some(canonical) = fm
        .canonical
        .as_deref()
        .filter(|_| fm.canonical_url().is_none())
    {
        found.push((
            "canonical",
            format!("`canonical: {canonical}` is not an absolute http(s) address; the page names no canonical address of its own"),
            "write the full address, such as `https://example.com/guide`".into(),
        ));
    }
    if let Some(value) = fm.playground.as_deref() {
        if PlaygroundMode::from_display(value).is_none() {
            found.push((
                "playground",
                format!("unknown playground \"{value}\"; the config's `api.playground` applies"),
                "use `interactive`, `simple` or `none`".into(),
            ));
        }
    }
    for (key, why) in IGNORED_KEYS {
        if fm.values.contains_key(key) {
            found.push((
                key,
                format!("frontmatter `{key}` is ignored: {why}"),
                "remove the key, or keep it for Mintlify".into(),
            ));
        }
    }
    found
        .into_iter()
        .filter_map(|(key, message, help)| {
            let path = page.source_path.as_ref()?;
            let line = page.frontmatter_line(&site.root, &[key]).unwrap_or(1);
            Some(
                Diagnostic::warning(path, message)
                    .with_rule(Rule::FrontmatterKey)
                    .at_line(line, 1)
                    .with_help(help),
            )
        })
        .collect()
}
