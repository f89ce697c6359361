//! Where a site path leads, as Mintlify resolves it: the one rule the
//! build, the preview, `check` and the redirect pages all follow.
//!
//! A path (relative to the site root, `..` resolved, no fragment) names, in
//! this order:
//! 1. a page: its slug, or a folder's `index` page by the folder
//!    (`guides` and `guides/index` both name `guides/index.mdx`); `` and
//!    `index` name the home page;
//! 2. (a static file of the docs root: the caller's, in `site::links`);
//! 3. a redirect's source, exact or wildcard (`/old/:slug*`, `/x/*`, as
//!    Mintlify matches them: `:name` one segment, `*` anything), followed to
//!    its destination, which may be a page, an external URL or another
//!    redirect's source: at most [`MAX_HOPS`] hops, and a chain that comes
//!    back to a source it passed is a loop, reported at the link;
//! 4. a folder holding pages but no page of its own: its first page in
//!    navigation order (unlisted pages after, by slug), where Mintlify
//!    sends a reader;
//! 5. a slug sheaf gave a generated page before it followed Mintlify
//!    ([`Site::former`]).
//!
//! A root-absolute link that starts with the path the site is published
//! under ([`Site::base_path`], `docs` for `https://example.com/docs`) names
//! the rest of it from the site root, as Mintlify strips a deployment's
//! base path (`stripLeadingBasePath` in `@mintlify/common`'s
//! `dist/basePaths.js`); [`Site::link_target`] does so when the path as
//! written leads nowhere (a redirect's destination, a config link), and
//! `site::links` when it names no page or file.
//!
//! [`Redirects`] compiles the config's redirects once per site (linear-time
//! patterns from the `regex` crate); [`Site::folder_pages`] and
//! [`Site::wildcard_pages`] list the static redirect pages a build writes
//! so a host that ignores `_redirects` serves every such URL too: each
//! folder without a page, and each concrete path a wildcard redirect
//! covers (a page or a folder without one at its destination, mapped back
//! to its source: a folder reached only through a redirect works too).

use std::collections::{HashMap, HashSet};

use regex::{Regex, RegexSet};

use super::{Page, PageId, Site};
use crate::config::Redirect;

/// The longest chain of redirects a link is followed through.
pub const MAX_HOPS: usize = 10;

/// Where a link path leads.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkTarget<'a> {
    /// A page, with the fragment a redirect's destination gave.
    Page {
        page: &'a Page,
        fragment: Option<String>,
    },
    /// An external URL a redirect leads to.
    External(String),
    /// Redirects that lead back to where they started, or on for longer
    /// than [`MAX_HOPS`]: the paths passed.
    Loop(Vec<String>),
    /// Nothing at that path.
    Missing,
}

/// The config's redirects, compiled: exact sources by path, wildcard ones
/// as patterns in config order, each by its index in the config's list
/// (which the lookups are given).
#[derive(Debug, Clone, Default)]
pub struct Redirects {
    exact: HashMap<String, usize>,
    wildcards: Vec<Wildcard>,
    /// Every wildcard's source, to find the ones a path matches at once.
    sources: Option<RegexSet>,
    /// Every wildcard's destination, for the pages they cover.
    destinations: Option<RegexSet>,
}

#[derive(Debug, Clone)]
struct Wildcard {
    index: usize,
    source: Pattern,
    destination: Option<Pattern>,
}

/// A path with `:name` and `*` parts, as a regular expression whose groups
/// are those parts in order.
#[derive(Debug, Clone)]
struct Pattern {
    regex: Regex,
    /// Per group: the parameter's name, or `None` for a `*`.
    groups: Vec<Option<String>>,
}

impl Pattern {
    /// `None` when the text has no wildcard part or does not compile.
    fn new(path: &str) -> Option<Pattern> {
        if !is_wildcard(path) {
            return None;
        }
        let mut expression = String::from("^");
        let mut groups = Vec::new();
        let mut rest = path;
        while let Some(c) = rest.chars().next() {
            let name_len = match c {
                ':' => rest[1..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len() - 1),
                _ => 0,
            };
            if name_len > 0 {
                groups.push(Some(rest[1..=name_len].to_string()));
                expression.push_str("([^/]+)");
                rest = &rest[1 + name_len..];
            } else if c == '*' {
                groups.push(None);
                expression.push_str("(.*)");
                rest = &rest[1..];
            } else {
                expression.push_str(&regex::escape(&c.to_string()));
                rest = &rest[c.len_utf8()..];
            }
        }
        expression.push('$');
        let regex = Regex::new(&expression).ok()?;
        Some(Pattern { regex, groups })
    }

    /// The named and `*` parts of `path`, when it matches.
    fn captures(&self, path: &str) -> Option<Captures> {
        let found = self.regex.captures(path)?;
        let mut captures = Captures::default();
        for (i, group) in self.groups.iter().enumerate() {
            let text = found.get(i + 1).map_or("", |m| m.as_str()).to_string();
            match group {
                Some(name) => captures.named.push((name.clone(), text)),
                None => captures.stars.push(text),
            }
        }
        Some(captures)
    }
}

#[derive(Debug, Default)]
struct Captures {
    named: Vec<(String, String)>,
    stars: Vec<String>,
}

impl Captures {
    /// `template` with each `:name` replaced by its part, then each `*` by
    /// the `*` parts in order (Mintlify's substitution).
    fn fill(&self, template: &str) -> String {
        let mut out = template.to_string();
        let mut named = self.named.clone();
        named.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
        for (name, value) in &named {
            out = out.replace(&format!(":{name}"), value);
        }
        let mut stars = self.stars.iter();
        let mut filled = String::with_capacity(out.len());
        for c in out.chars() {
            match c {
                '*' => filled.push_str(stars.next().map_or("", String::as_str)),
                c => filled.push(c),
            }
        }
        filled
    }
}

/// Whether a redirect path has a `:param` or `*` part.
pub fn is_wildcard(path: &str) -> bool {
    path.contains('*') || path.split('/').any(|s| s.starts_with(':') && s.len() > 1)
}

/// A redirect path as a site path: no slashes around it, no fragment.
fn site_path(path: &str) -> &str {
    let path = path.split(['#', '?']).next().unwrap_or(path);
    path.trim_matches('/')
}

impl Redirects {
    pub fn new(list: &[Redirect]) -> Redirects {
        let mut exact = HashMap::new();
        let mut wildcards = Vec::new();
        for (index, redirect) in list.iter().enumerate() {
            let source = site_path(&redirect.source);
            match Pattern::new(source) {
                Some(pattern) => wildcards.push(Wildcard {
                    index,
                    source: pattern,
                    destination: Pattern::new(site_path(&redirect.destination)),
                }),
                None if is_wildcard(source) => {}
                None => {
                    exact.entry(source.to_string()).or_insert(index);
                }
            }
        }
        let set = |patterns: Vec<&str>| RegexSet::new(patterns).ok();
        let sources = set(wildcards.iter().map(|w| w.source.regex.as_str()).collect());
        let destinations = set(wildcards
            .iter()
            .map(|w| w.destination.as_ref().map_or("$^", |d| d.regex.as_str()))
            .collect());
        Redirects {
            exact,
            wildcards,
            sources,
            destinations,
        }
    }

    /// The destination of the first of `list` (the redirects compiled)
    /// whose source is `path`: an exact source, else the first wildcard
    /// source that matches.
    pub fn destination(&self, list: &[Redirect], path: &str) -> Option<String> {
        if let Some(&index) = self.exact.get(path) {
            return Some(list[index].destination.clone());
        }
        let matched = self.sources.as_ref()?.matches(path);
        let wildcard = &self.wildcards[matched.iter().next()?];
        let captures = wildcard.source.captures(path)?;
        Some(captures.fill(&list[wildcard.index].destination))
    }

    /// Each concrete source path a wildcard redirect covers for `slug` (a
    /// page at its destination), as (source path, redirect index).
    fn sources_leading_to(&self, list: &[Redirect], slug: &str) -> Vec<(String, usize)> {
        let Some(set) = &self.destinations else {
            return Vec::new();
        };
        (set.matches(slug).iter())
            .filter_map(|i| {
                let wildcard = &self.wildcards[i];
                let captures = wildcard.destination.as_ref()?.captures(slug)?;
                let source = captures.fill(site_path(&list[wildcard.index].source));
                (!is_wildcard(&source)).then_some((source, wildcard.index))
            })
            .collect()
    }
}

impl Site {
    /// The page `path` names: its slug, the folder of an `index` page, or
    /// the home page for `` and `index`.
    pub fn page_at(&self, path: &str) -> Option<&Page> {
        let path = path.trim_matches('/');
        if path.is_empty() || path == "index" {
            return self.home();
        }
        let index = path.strip_suffix("/index").unwrap_or(path);
        (self.page_by_slug(index)).or_else(|| self.page_by_slug(&format!("{index}/index")))
    }

    /// `path` (a site path, no leading slash) without the path the site is
    /// published under, when it starts with it: `docs/quickstart` →
    /// `quickstart` and `docs` → `` for the base path `docs`.
    pub fn without_base_path<'p>(&self, path: &'p str) -> Option<&'p str> {
        let base = self.base_path.as_str();
        let rest = path.strip_prefix(base).filter(|_| !base.is_empty())?;
        match rest {
            "" => Some(""),
            rest => rest.strip_prefix('/'),
        }
    }

    /// Where the link path `path` leads (see the module docs), static
    /// files aside.
    pub fn link_target(&self, path: &str) -> LinkTarget<'_> {
        let mut passed: Vec<String> = Vec::new();
        let mut path = path.trim_matches('/').to_string();
        let mut fragment: Option<String> = None;
        loop {
            if let Some(page) = self.page_at(&path) {
                return LinkTarget::Page { page, fragment };
            }
            let Some(destination) = self.redirects.destination(&self.config.redirects, &path)
            else {
                let found = self.folder_or_former(&path, fragment.clone());
                let rest = (self.without_base_path(&path))
                    .filter(|_| matches!(found, LinkTarget::Missing));
                let Some(rest) = rest.map(str::to_string) else {
                    return found;
                };
                // Read from the site root, as one more hop.
                passed.push(std::mem::replace(&mut path, rest));
                if passed.contains(&path) || passed.len() > MAX_HOPS {
                    passed.push(path);
                    return LinkTarget::Loop(passed);
                }
                continue;
            };
            passed.push(path.clone());
            if crate::html::is_external_url(&destination) {
                return LinkTarget::External(destination);
            }
            if let Some((_, own)) = destination.split_once('#') {
                fragment = Some(own.to_string());
            }
            path = site_path(&destination).to_string();
            if passed.contains(&path) || passed.len() > MAX_HOPS {
                passed.push(path);
                return LinkTarget::Loop(passed);
            }
        }
    }

    fn folder_or_former(&self, path: &str, fragment: Option<String>) -> LinkTarget<'_> {
        let page = (self.folders.get(path))
            .or_else(|| self.former.get(path))
            .map(|&id| &self.pages[id]);
        match page {
            Some(page) => LinkTarget::Page { page, fragment },
            None => LinkTarget::Missing,
        }
    }

    /// The folders that hold pages but no page of their own, each with
    /// the page it leads to: a build writes a redirect page there.
    pub fn folder_pages(&self) -> impl Iterator<Item = (&str, &Page)> + '_ {
        (self.folders.iter())
            .filter(|(folder, _)| self.page_at(folder).is_none())
            .map(|(folder, &id)| (folder.as_str(), &self.pages[id]))
    }

    /// Each concrete source path of a wildcard redirect that leads to a
    /// page or to a folder without one, with the redirect: `/old/:slug*` →
    /// `/new/:slug*` covers `old/a` for the page `new/a`, and `old/b` for
    /// the folder `new/b` (which Mintlify answers with its first page).
    /// Paths a page holds are left out.
    pub fn wildcard_pages(&self) -> Vec<(String, &Redirect)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let pages = (self.source_pages()).map(|p| p.slug.strip_suffix("/index").unwrap_or(&p.slug));
        let mut folders: Vec<&str> = self.folder_pages().map(|(folder, _)| folder).collect();
        folders.sort_unstable();
        for path in pages.chain(folders) {
            let list = &self.config.redirects;
            for (source, index) in self.redirects.sources_leading_to(list, path) {
                if self.page_at(&source).is_none() && seen.insert(source.clone()) {
                    out.push((source, &list[index]));
                }
            }
        }
        out
    }
}

/// Each folder of a page slug with the first page under it: navigation
/// order first, then the other pages by id (their load order).
pub(super) fn first_pages(pages: &[Page], nav_order: &[PageId]) -> HashMap<String, PageId> {
    let mut folders: HashMap<String, PageId> = HashMap::new();
    let listed: HashSet<PageId> = nav_order.iter().copied().collect();
    let unlisted = (0..pages.len()).filter(|id| !listed.contains(id));
    let mut add = |id: PageId| {
        let slug = &pages[id].slug;
        for (end, _) in slug.match_indices('/') {
            folders.entry(slug[..end].to_string()).or_insert(id);
        }
    };
    nav_order.iter().copied().for_each(&mut add);
    unlisted.for_each(add);
    folders
}

#[cfg(test)]
mod tests;
