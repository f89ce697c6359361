//! The tab bar of a site with many tabs. Up to [`INLINE_LIMIT`] entries,
//! every page lists every tab. Beyond, a tab bar would be most of a page's
//! bytes (100 tabs: 4 KB a page) and is the same on every page, so, as the
//! sidebar's other groups (see `sidebar.rs`), a page's HTML holds only its
//! own tab and the others come from one cached script
//! (`_sheaf/tabs-<hash>.js`): the first element of the list, a classic
//! script that inserts the tabs before the page's own while the parser
//! waits, and those after it the moment it is parsed, before any paint.
//! Without JavaScript, a link after the list opens `_sheaf/tabs-<hash>.html`,
//! every tab with its menu.
//!
//! The top bar template marks each tab as a region written only when the
//! tab is current (`Key::region_markers`); the script
//! (`fragment::insertion_script`, as the sidebar's) holds each region and
//! finds the page's own tab by `<html data-tab>`.

use std::path::PathBuf;

use serde::Serialize;

use super::fragment::{insertion_script, Fragment, Key};
use super::{assets, NavIndexPage};
use crate::content::Site;

/// The most tab bar entries every page lists; beyond, pages list their own.
pub const INLINE_LIMIT: usize = 24;

/// Stands for the files' hash in the top bar before it is known (the
/// script is made from the rendered top bar).
const HASH_PLACEHOLDER: &str = "SHEAFTABSHASH";

/// Files to write, as (path from the output root, bytes).
pub type Files = Vec<(PathBuf, Vec<u8>)>;

/// Where a top bar with deferred tabs links its files (from the root marker).
#[derive(Serialize)]
pub struct MoreTabsView {
    script: String,
    page: String,
}

impl MoreTabsView {
    pub fn new() -> MoreTabsView {
        let base = format!(
            "{}{}/tabs-{HASH_PLACEHOLDER}",
            super::fragment::ROOT,
            assets::OUTPUT_DIR
        );
        MoreTabsView {
            script: format!("{base}.js"),
            page: format!("{base}.html"),
        }
    }
}

/// The top bar rendered with deferred tabs (its HTML from the template),
/// as the fragment pages write and the files it links.
pub fn defer(html: &str, site: &Site, head: &Fragment) -> (Fragment, Files) {
    let regions = Fragment::parse(html).regions();
    let tabs: Vec<String> = regions.iter().map(|(key, _)| tab_attribute(*key)).collect();
    let tabs = serde_json::to_string(&tabs).expect("strings serialise");
    let position = format!(
        "function(){{return {tabs}.indexOf(document.documentElement.getAttribute(\"data-tab\")||\"\")}}"
    );
    let entries: Vec<&Fragment> = regions.iter().map(|(_, region)| region).collect();
    let script = insertion_script(&entries, &position);
    let name = format!(
        "{}/tabs-{}",
        assets::OUTPUT_DIR,
        assets::fingerprint(script.as_bytes())
    );
    let topbar = Fragment::parse(&html.replace(
        &format!("{}/tabs-{HASH_PLACEHOLDER}", assets::OUTPUT_DIR),
        &name,
    ));
    let page = index_page(site, head, &regions, &format!("{}/", assets::OUTPUT_DIR));
    let files = vec![
        (PathBuf::from(format!("{name}.js")), script.into_bytes()),
        (PathBuf::from(format!("{name}.html")), page.into_bytes()),
    ];
    (topbar, files)
}

/// The value of `<html data-tab>` on the pages of the tab `key`.
fn tab_attribute(key: Key) -> String {
    match key {
        Key::Tab(Some(i)) => i.to_string(),
        _ => String::new(),
    }
}

/// The page listing every tab, for readers without JavaScript.
fn index_page(site: &Site, head: &Fragment, regions: &[(Key, Fragment)], dir: &str) -> String {
    let page = NavIndexPage {
        dir,
        language: site.home().map_or("en", |p| site.language_of(p)),
        title: "All sections",
        nav: "<nav class=tab-index aria-label=Sections><ul>",
    };
    page.render(site, head, |html, current| {
        for (_, region) in regions {
            region.write(html, current);
        }
    })
}
