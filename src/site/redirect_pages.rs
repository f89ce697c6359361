//! Redirect pages: small HTML files (a `refresh` meta and a link) that
//! send a reader on from a URL the site answers without a page of its own,
//! so the URL works on any static host, whether or not it reads
//! `_redirects`. They stand at:
//! - each plain `redirects` source (a wildcard source is no single path);
//! - each concrete path a wildcard redirect covers: the source the path of
//!   a page at its destination maps back to (`/old/:slug*` →
//!   `/new/:slug*` stands at `old/a` for the page `new/a`);
//! - each folder holding pages but none of its own, leading to its first
//!   page, where Mintlify sends a reader (a temporary redirect: the first
//!   page may change);
//! - each slug an earlier sheaf version gave a generated page
//!   (`get-api-user`), leading to its page.
//!
//! A redirect's destination is followed as links are
//! ([`Site::link_target`]), so a chain leads straight to its end. No
//! redirect page stands where the build writes a file: a page (or the copy
//! a section root shows), a page's Markdown copy, a static file; the first
//! of two redirect pages for one path wins, in the order above.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::extras::split_suffix;
use super::links::{is_external, is_static_asset, relative};
use crate::content::{LinkTarget, Site};
use crate::render::Theme;

/// One redirect page: the site path it stands at, where it leads (a URL
/// from the site root, or an external one) and whether it is permanent.
#[derive(Debug, Clone, PartialEq)]
struct RedirectPage {
    source: String,
    target: Target,
    permanent: bool,
}

#[derive(Debug, Clone, PartialEq)]
enum Target {
    /// A URL from the site root (`a/b/#part`).
    Local(String),
    External(String),
}

/// Redirect pages, as (output path, HTML).
pub fn redirect_pages(site: &Site, theme: &Theme) -> Vec<(PathBuf, String)> {
    let urls = site.config.page_urls;
    (all(site).into_iter())
        .map(|r| {
            let href = match &r.target {
                Target::External(url) => url.clone(),
                Target::Local(url) => {
                    let (path, suffix) = split_suffix(url);
                    relative(&urls.folder(&r.source), path) + suffix
                }
            };
            let html = theme.render_redirect(&href, r.permanent, urls);
            (PathBuf::from(urls.file(&r.source)), html)
        })
        .collect()
}

/// Every redirect page of the site, each path once.
fn all(site: &Site) -> Vec<RedirectPage> {
    let mut pages = Pages::new(site);
    for redirect in &site.config.redirects {
        if !crate::content::is_wildcard(&redirect.source) {
            let target = destination(site, &redirect.destination);
            pages.add(
                redirect.source.trim_matches('/'),
                target,
                redirect.permanent,
            );
        }
    }
    for (source, redirect) in site.wildcard_pages() {
        let target = destination(site, &source);
        pages.add(&source, target, redirect.permanent);
    }
    for (folder, page) in site.folder_pages() {
        pages.add(folder, Target::Local(page.url()), false);
    }
    for (former, &id) in &site.former {
        pages.add(former, Target::Local(site.pages[id].url()), true);
    }
    pages.list
}

/// The redirect pages gathered so far, and the paths they may not take.
struct Pages<'a> {
    site: &'a Site,
    taken: HashSet<String>,
    list: Vec<RedirectPage>,
}

impl<'a> Pages<'a> {
    fn new(site: &'a Site) -> Pages<'a> {
        let taken = site.section_roots().into_iter().map(|(place, _)| place);
        Pages {
            site,
            taken: taken.collect(),
            list: Vec::new(),
        }
    }

    fn add(&mut self, source: &str, target: Target, permanent: bool) {
        let usable = !source.is_empty()
            && !source.split('/').any(|s| s == ".." || s == ".")
            && self.site.page_at(source).is_none()
            && !is_written_file(self.site, source);
        if usable && self.taken.insert(source.to_string()) {
            self.list.push(RedirectPage {
                source: source.to_string(),
                target,
                permanent,
            });
        }
    }
}

/// Where a redirect's destination leads: the page its path names
/// (followed through further redirects), an external URL, else the path
/// as written (a file of the docs root as it is, other paths as folders).
fn destination(site: &Site, destination: &str) -> Target {
    if is_external(destination) {
        return Target::External(destination.to_string());
    }
    let (path, suffix) = split_suffix(destination);
    let path = path.trim_matches('/');
    match site.link_target(path) {
        LinkTarget::Page { page, fragment } => {
            let suffix = match (suffix.is_empty(), fragment) {
                (true, Some(fragment)) => format!("#{fragment}"),
                _ => suffix.to_string(),
            };
            Target::Local(page.url() + &suffix)
        }
        LinkTarget::External(url) => Target::External(url),
        _ if path.is_empty() => Target::Local(suffix.to_string()),
        _ if site.root.join(path).is_file() => Target::Local(format!("{path}{suffix}")),
        _ => Target::Local(format!("{path}/{suffix}")),
    }
}

/// Whether the build writes a file of its own at `source`, where a
/// redirect page would need a folder: a page's Markdown copy
/// (`/development.md`, which real sites redirect to the page) or a static
/// file of the docs root. That file answers the URL; the redirect stays in
/// `_redirects` for hosts that read it.
fn is_written_file(site: &Site, source: &str) -> bool {
    let markdown_copy = site.config.markdown_sources
        && source
            .strip_suffix(".md")
            .is_some_and(|slug| site.page_by_slug(slug).is_some());
    let path = Path::new(source);
    markdown_copy || (is_static_asset(path) && site.root.join(path).is_file())
}

#[cfg(test)]
mod tests;
