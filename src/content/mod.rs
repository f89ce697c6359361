//! Pages and navigation: discover the pages of a docs root, read their
//! frontmatter, and resolve `site.json`'s navigation into an immutable
//! [`Site`] that the render stage reads from many threads at once.
//!
//! A page is identified by its *slug*: its path relative to the docs root
//! without extension (`api-reference/get`), exactly as navigation names it.
//! Pages come from three places:
//! - files named in the navigation (`quickstart` → `quickstart.mdx`);
//! - navigation entries that name an OpenAPI operation (`"GET /api/user"`),
//!   which become endpoint pages without a file;
//! - every other `.md`/`.mdx` file under the root (built, but not in the
//!   sidebar), except snippet folders and files starting with `_`.
//!
//! Each page is placed in a *section*: the tab (`tabs[].url`) and the local
//! anchor (`anchors[].url`) whose folder its slug starts with. A navigation
//! group belongs to the section of its first page, as in Mintlify.

mod alternates;
mod files;
mod frontmatter;
#[cfg(test)]
mod fuzz;
pub mod nav;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

pub use alternates::{Alternates, SiteAlternates};
#[cfg(test)]
pub(crate) use files::tests as files_tests;
pub use files::{SourceFiles, OUTPUT_MARKER};
pub use frontmatter::{split as split_frontmatter, Frontmatter};
pub use nav::{is_endpoint_entry, GroupDisplay, NavItem};

use crate::config::{PageUrls, SiteConfig};
use crate::diagnostics::{Diagnostic, Diagnostics};

/// Index of a page in [`Site::pages`].
pub type PageId = usize;

/// Everything the render stage needs, loaded once and then read-only.
#[derive(Debug, Clone)]
pub struct Site {
    pub root: PathBuf,
    pub config: SiteConfig,
    pub pages: Vec<Page>,
    /// The resolved navigation tree, in `site.json` order.
    pub nav: Vec<NavItem>,
    /// Page ids in navigation order (for previous/next links).
    pub nav_order: Vec<PageId>,
    slugs: HashMap<String, PageId>,
    /// The same page in the other languages and versions.
    pub alternates: SiteAlternates,
}

/// One page of the site.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub id: PageId,
    /// Path without extension, relative to the root (`api/get-user`); `index` is the home page.
    pub slug: String,
    /// The source file relative to the root; `None` for navigation-only endpoint pages.
    pub source_path: Option<PathBuf>,
    /// The full file text (frontmatter included); empty without a file.
    pub source: String,
    /// Byte offset of the body in `source`, and the number of lines before it.
    pub body_start: usize,
    pub body_line_offset: usize,
    pub frontmatter: Frontmatter,
    pub title: String,
    /// The sidebar label: `sidebarTitle`, else the title.
    pub nav_title: String,
    /// The OpenAPI operation this page documents (frontmatter `openapi` or a navigation entry).
    pub openapi: Option<String>,
    pub version: Option<String>,
    /// The language code of the page's navigation group, if the site has languages.
    pub language: Option<String>,
    /// Index into `config.tabs`; `None` is the primary tab.
    pub tab: Option<usize>,
    /// Index into `config.anchors` (local anchors only).
    pub anchor: Option<usize>,
    /// Whether the navigation lists the page.
    pub in_nav: bool,
    /// How its URL is shaped (`site.json` `pageUrls`).
    pub urls: PageUrls,
}

impl Page {
    /// The page body (the source without its frontmatter).
    pub fn body(&self) -> &str {
        &self.source[self.body_start..]
    }

    /// The page's URL relative to the site root: `a/b/` (or `a/b.html`), or
    /// `` for the home page.
    pub fn url(&self) -> String {
        self.urls.url(&self.slug)
    }

    /// The output file relative to the site root: `a/b/index.html` (or `a/b.html`).
    pub fn output_path(&self) -> PathBuf {
        PathBuf::from(self.urls.file(&self.slug))
    }

    /// The folder the page's relative links start from: `a/b/` (or `a/`).
    pub fn dir(&self) -> String {
        self.urls.folder(&self.slug)
    }

    /// How many folders deep the page is (`a/b/` → 2, `a/b.html` → 1).
    pub fn depth(&self) -> usize {
        self.dir().matches('/').count()
    }

    /// Whether the page is wide (no table of contents).
    pub fn is_wide(&self) -> bool {
        self.frontmatter.mode.as_deref() == Some("wide")
    }
}

impl Site {
    /// Loads every page of `root` and resolves the navigation of `config`.
    /// Navigation problems (missing or duplicate pages) were already
    /// reported by config validation; here they are skipped. `endpoint_title`
    /// gives the title of an OpenAPI operation reference (its summary).
    pub fn load(
        files: &SourceFiles,
        config: SiteConfig,
        endpoint_title: &dyn Fn(&str) -> Option<String>,
    ) -> (Site, Diagnostics) {
        let root = files.root();
        let mut loader = nav::Loader::new(files, endpoint_title);
        loader.prefetch(&config.navigation);
        let nav = loader.resolve(&config.navigation);
        loader.add_unlisted_pages();
        let (mut pages, placed, diagnostics) = loader.finish();
        assign_sections(&mut pages, &config, &placed);
        for page in &mut pages {
            page.urls = config.page_urls;
        }
        let nav_order = flatten(&nav);
        let slugs = pages.iter().map(|p| (p.slug.clone(), p.id)).collect();
        let mut site = Site {
            root: root.to_path_buf(),
            config,
            pages,
            nav,
            nav_order,
            slugs,
            alternates: SiteAlternates::default(),
        };
        site.alternates = SiteAlternates::build(&site);
        (site, diagnostics)
    }

    pub fn page_by_slug(&self, slug: &str) -> Option<&Page> {
        self.slugs
            .get(slug.trim_matches('/'))
            .map(|&id| &self.pages[id])
    }

    /// The page shown at the site root: `index` if there is one, else the
    /// first page of the navigation, else the first page found.
    pub fn home(&self) -> Option<&Page> {
        self.page_by_slug("index")
            .or_else(|| self.nav_order.first().map(|&id| &self.pages[id]))
            .or_else(|| self.pages.first())
    }

    /// The language code of `page`: its group's, else the default
    /// language's, else English.
    pub fn language_of<'s>(&'s self, page: &'s Page) -> &'s str {
        page.language
            .as_deref()
            .or_else(|| {
                let languages = &self.config.languages;
                languages
                    .iter()
                    .find(|l| l.default)
                    .or(languages.first())
                    .map(|l| l.code.as_str())
            })
            .unwrap_or("en")
    }

    /// The navigation neighbours of a page, for previous/next links. Pages
    /// of another docs version or language are skipped.
    pub fn neighbours(&self, id: PageId) -> (Option<&Page>, Option<&Page>) {
        let Some(pos) = self.nav_order.iter().position(|&p| p == id) else {
            return (None, None);
        };
        let version = self.pages[id].version.as_deref();
        let language = self.pages[id].language.as_deref();
        let same_version = |p: &&Page| {
            let versions_agree = match (version, p.version.as_deref()) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            };
            versions_agree && p.language.as_deref() == language
        };
        let prev = self.nav_order[..pos]
            .iter()
            .rev()
            .map(|&i| &self.pages[i])
            .find(same_version);
        let next = self.nav_order[pos + 1..]
            .iter()
            .map(|&i| &self.pages[i])
            .find(same_version);
        (prev, next)
    }

    /// The first page of a group subtree, in navigation order.
    pub fn first_page(items: &[NavItem]) -> Option<PageId> {
        items.iter().find_map(|item| match item {
            NavItem::Page(id) => Some(*id),
            NavItem::Group { items, .. } => Site::first_page(items),
        })
    }
}

/// Places each page its group did not place (`placed`) in the tab and local
/// anchor whose folder prefixes its slug.
fn assign_sections(pages: &mut [Page], config: &SiteConfig, placed: &HashSet<PageId>) {
    let tab_urls: Vec<&str> = config.tabs.iter().map(|t| t.url.as_str()).collect();
    let anchor_urls: Vec<&str> = config.anchors.iter().map(|a| a.url.as_str()).collect();
    for page in pages.iter_mut().filter(|p| !placed.contains(&p.id)) {
        page.tab = section_of(&page.slug, &tab_urls);
        page.anchor = section_of(&page.slug, &anchor_urls);
    }
}

/// The index of the longest local folder URL that contains `slug`.
pub fn section_of(slug: &str, urls: &[&str]) -> Option<usize> {
    urls.iter()
        .enumerate()
        .filter(|(_, url)| !url.contains("://") && !url.starts_with("mailto:"))
        .filter_map(|(i, url)| {
            let folder = url.trim_matches('/');
            let inside = !folder.is_empty()
                && (slug == folder
                    || slug
                        .strip_prefix(folder)
                        .is_some_and(|rest| rest.starts_with('/')));
            inside.then_some((i, folder.len()))
        })
        .max_by_key(|&(_, len)| len)
        .map(|(i, _)| i)
}

fn flatten(items: &[NavItem]) -> Vec<PageId> {
    let mut out = Vec::new();
    for item in items {
        match item {
            NavItem::Page(id) => out.push(*id),
            NavItem::Group { items, .. } => out.extend(flatten(items)),
        }
    }
    out
}

/// The title a page gets without `title` frontmatter: its first `# heading`,
/// else its file name.
pub fn fallback_title(body: &str, slug: &str) -> String {
    body.lines()
        .map(str::trim)
        .find_map(|line| line.strip_prefix("# "))
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|| {
            let stem = slug.rsplit('/').next().unwrap_or(slug);
            title_case(&stem.replace(['-', '_'], " "))
        })
}

fn title_case(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Reports a problem found while loading a page.
pub(crate) fn page_diagnostic(path: &Path, message: String) -> Diagnostic {
    Diagnostic::error(path, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_prefers_longest_folder_and_ignores_external_urls() {
        let urls = ["api", "api/v2", "https://x.com/api"];
        assert_eq!(section_of("api/get", &urls), Some(0));
        assert_eq!(section_of("api/v2/get", &urls), Some(1));
        assert_eq!(section_of("apiary/get", &urls), None);
        assert_eq!(section_of("guides/x", &urls), None);
    }

    #[test]
    fn neighbours_skip_pages_of_other_versions() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["a", "b", "c"] {
            std::fs::write(dir.path().join(format!("{name}.mdx")), format!("# {name}")).unwrap();
        }
        let config: SiteConfig = serde_json::from_str(
            r#"{"name": "X", "versions": ["v2", "v1"], "navigation": [
                {"group": "New", "version": "v2", "pages": ["a"]},
                {"group": "Old", "version": "v1", "pages": ["b"]},
                {"group": "All", "pages": ["c"]}]}"#,
        )
        .unwrap();
        let (site, _) = Site::load(&SourceFiles::scan(dir.path()), config, &|_| None);
        let a = site.page_by_slug("a").unwrap().id;
        let (prev, next) = site.neighbours(a);
        assert!(prev.is_none());
        assert_eq!(next.unwrap().slug, "c", "the v1 page is skipped");
    }

    #[test]
    fn fallback_title_uses_heading_then_file_name() {
        assert_eq!(fallback_title("text\n# Real Title\n", "a/b"), "Real Title");
        assert_eq!(
            fallback_title("no heading", "guides/getting-started"),
            "Getting started"
        );
    }
}
