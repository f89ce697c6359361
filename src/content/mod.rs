//! Pages and navigation: discover the pages of a docs root, read their
//! frontmatter, and resolve `site.json`'s navigation into an immutable
//! [`Site`] that the render stage reads from many threads at once.
//!
//! A page is identified by its *slug*: its path relative to the docs root
//! without extension (`api-reference/get`), exactly as navigation names it.
//! Pages come from three places:
//! - files named in the navigation (`quickstart` → `quickstart.mdx`);
//! - navigation entries that name an OpenAPI operation (`"GET /api/user"`)
//!   or AsyncAPI channel, which become pages without a file at the URL
//!   Mintlify gives them (`slugs`: `api-reference/user-groups/get-user`);
//! - every other `.md`/`.mdx` file under the root (built, but not in the
//!   sidebar), except snippet folders and files starting with `_`.
//!
//! Each page is placed in a *section*: the tab (`tabs[].url`) and the local
//! anchor (`anchors[].url`) whose folder its slug starts with. A navigation
//! group belongs to the section of its first page, as in Mintlify. A page a
//! docs.json group placed keeps that group's tab and anchor instead, and a
//! group's version and language pass to its pages too.
//!
//! Loading takes what the site needs of a body while the file is read: the
//! frontmatter, the first `# heading` (the title when `title` is missing)
//! and the heading ids ([`crate::markdown::heading_ids`]) that links from
//! other pages are checked against ([`Page::may_have_anchor`]). A build then
//! lets the text go and [`Page::text`] reads it again to render the page
//! (`text`); the preview keeps it.
//!
//! A page listed at a second *place* (another version, language, or
//! docs.json tab or anchor) gets a *listing* there: a copy of the page with
//! a slug of its own (`v1.x/setup`: the folder of what differs, before the
//! page's slug), its place's version, language and section, and
//! [`Page::listing_of`] naming the page. A listing has its own sidebar and
//! switchers, names its page's URL as canonical, stays out of the sitemap
//! and `llms.txt`, and reports nothing its page reports already; links
//! from a place lead to the listing at that place ([`Site::place_like`]).
//! Listed twice at one place, a page is one page (and a warning).
//!
//! Groups nest, with their display ([`GroupDisplay`]: tag, expanded, hidden,
//! root page). [`Site::load`] keeps only the *visible* navigation: hidden
//! groups and `hidden: true` pages are left out of `nav`, `nav_order` and
//! `in_nav`, though still built. [`Site::is_searchable`] (listed, a schema
//! page, or `seo.indexHiddenPages`, no `searchable: false`, and not a
//! listing in its page's own version and language) decides the site
//! search, [`Site::is_indexed`] (listed or `seo.indexHiddenPages`, and no
//! `noindex: true`) the sitemap and the robots tag.
//!
//! Where a link path leads (a page, `folder/index` by its folder,
//! redirects, a folder's first page) is [`Site::link_target`] (`resolve`).
//!
//! `pageUrls` (`a/b/index.html` or `a/b.html`; a folder's `index` page is
//! the folder) gives [`Page::url`], `output_path`, `dir` and `depth`.
//! [`Site::section_roots`] are the places that show a copy of another page
//! ([`Page::copy_at`]): the site root without an `index` page, and each tab
//! folder no page occupies. A copy is written at that place with links
//! relative to it, and names the page's own URL as canonical. The same page
//! in the site's other languages and versions is found by `alternates`.

mod alternates;
mod frontmatter;
#[cfg(test)]
mod fuzz;
pub mod nav;
mod page;
mod resolve;
mod slugs;
mod text;
pub mod variables;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

pub use alternates::{Alternate, Alternates, SiteAlternates};
pub use frontmatter::{Frontmatter, PageMode, IGNORED_KEYS};
pub use nav::{GroupDisplay, NavItem};
pub use page::{frontmatter_line, Page, PageId};
pub use resolve::{is_wildcard, LinkTarget, Redirects};
pub use slugs::{EntryFacts, DEFAULT_DIRECTORY};
pub use text::{PageText, TextBudget, TextError, Texts, BUILD_TEXT_BUDGET};

use crate::config::{section_of, AnchorDisplay, SiteConfig};
use crate::confine::DocsRoot;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::rules::Rule;
use crate::sources::SourceFiles;

/// Everything the render stage needs, loaded once and then read-only.
#[derive(Debug, Clone)]
pub struct Site {
    pub root: PathBuf,
    /// The root's rule for reading files ([`crate::confine`]).
    pub docs: DocsRoot,
    pub config: SiteConfig,
    pub pages: Vec<Page>,
    /// The resolved navigation tree, in `site.json` order.
    pub nav: Vec<NavItem>,
    /// Page ids in navigation order (for previous/next links).
    pub nav_order: Vec<PageId>,
    /// Each page's first place in `nav_order`, by page id (so finding a
    /// page's neighbours does not scan the whole order).
    nav_positions: Vec<Option<usize>>,
    slugs: HashMap<String, PageId>,
    /// The same page in the other languages and versions.
    pub alternates: SiteAlternates,
    /// The tabs and anchors that lead nowhere.
    empty: EmptySections,
    /// Each page listed at more than one place: its listings.
    listings: HashMap<PageId, Vec<PageId>>,
    /// The slugs earlier sheaf versions gave generated pages
    /// (`get-api-user`), each leading to its page by a redirect.
    pub former: BTreeMap<String, PageId>,
    /// The config's redirects, compiled ([`resolve`]).
    redirects: Redirects,
    /// Each folder of a page slug, with the first page under it.
    folders: HashMap<String, PageId>,
    /// The path the site is published under, no slashes around it
    /// (`docs` for `example.com/docs`; empty at a host's root): a
    /// root-absolute link that starts with it is read from the site root
    /// ([`resolve`]). Set by the build from `--site-url`, `--base-path`
    /// or `sheaf.toml`.
    pub base_path: String,
    /// The site's fonts as the pages serve them (set by the build).
    pub fonts: crate::fonts::FontFaces,
}

/// The tabs and anchors that lead nowhere ([`Site::is_empty_tab`],
/// [`Site::is_empty_anchor`]), by index into `config.tabs` and
/// `config.anchors`.
#[derive(Debug, Clone, Default)]
struct EmptySections {
    tabs: HashSet<usize>,
    anchors: HashSet<usize>,
}

impl Site {
    /// Loads every page of `root` and resolves the navigation of `config`.
    /// Navigation problems (missing or duplicate pages) were already
    /// reported by config validation; here they are skipped. `entry_facts`
    /// tells what a spec says of an operation or channel reference (its
    /// title, and what its URL is named after).
    /// The pages' texts are kept in memory.
    pub fn load(
        files: &SourceFiles,
        config: SiteConfig,
        entry_facts: &dyn Fn(&str) -> Option<EntryFacts>,
    ) -> (Site, Diagnostics) {
        Site::load_with(files, config, entry_facts, Texts::Keep)
    }

    /// [`Site::load`], keeping or letting go of the pages' texts.
    pub fn load_with(
        files: &SourceFiles,
        config: SiteConfig,
        entry_facts: &dyn Fn(&str) -> Option<EntryFacts>,
        texts: Texts,
    ) -> (Site, Diagnostics) {
        let root = files.root();
        let mut loader = nav::Loader::new(files, entry_facts, texts, &config);
        loader.prefetch(&config.navigation);
        let nav = loader.resolve(&config.navigation);
        loader.add_unlisted_pages();
        let nav::Loaded {
            mut pages,
            placed,
            former,
            diagnostics,
        } = loader.finish();
        for page in &mut pages {
            page.substitute_variables(&config.variables);
        }
        assign_sections(&mut pages, &config, &placed);
        assign_languages(&mut pages, &config);
        for page in &mut pages {
            page.urls = config.page_urls;
        }
        let nav = visible_navigation(nav, &pages);
        let nav_order = flatten(&nav);
        mark_listed(&mut pages, &nav_order);
        let slugs = pages.iter().map(|p| (p.slug.clone(), p.id)).collect();
        let nav_positions = nav_positions(&nav_order, pages.len());
        let folders = resolve::first_pages(&pages, &nav_order);
        let redirects = Redirects::new(&config.redirects);
        let mut site = Site {
            root: root.to_path_buf(),
            docs: files.docs_root().clone(),
            config,
            pages,
            nav,
            nav_order,
            nav_positions,
            slugs,
            alternates: SiteAlternates::default(),
            empty: EmptySections::default(),
            listings: HashMap::new(),
            former,
            redirects,
            folders,
            base_path: String::new(),
            fonts: Default::default(),
        };
        for page in &site.pages {
            if let Some(original) = page.listing_of {
                site.listings.entry(original).or_default().push(page.id);
            }
        }
        site.alternates = SiteAlternates::build(&site);
        site.empty = site.find_empty_sections(files);
        (site, diagnostics)
    }

    pub fn page_by_slug(&self, slug: &str) -> Option<&Page> {
        self.slugs
            .get(slug.trim_matches('/'))
            .map(|&id| &self.pages[id])
    }

    /// Whether `page` is found at all: a page the navigation does not list
    /// (unlisted, in a hidden group, `hidden: true`) only with
    /// `seo.indexHiddenPages`, as Mintlify does.
    fn is_findable(&self, page: &Page) -> bool {
        page.in_nav || page.is_schema_page() || self.config.seo.index_hidden_pages
    }

    /// Whether the site's own search lists `page`: a findable page without
    /// `searchable: false`, once.
    pub fn is_searchable(&self, page: &Page) -> bool {
        self.is_findable(page) && !page.frontmatter.unsearchable && !self.is_repeat(page)
    }

    /// Whether `page` is a further listing of a page in the same version
    /// and language (another section): one page to search, not two.
    pub fn is_repeat(&self, page: &Page) -> bool {
        page.listing_of.is_some_and(|id| {
            let first = &self.pages[id];
            first.version == page.version && first.language == page.language
        })
    }

    /// Whether search engines may index `page` (sitemap, no robots
    /// `noindex`): a findable page without `noindex: true`, and not a
    /// listing (whose canonical URL is its page's).
    pub fn is_indexed(&self, page: &Page) -> bool {
        self.is_findable(page) && !page.frontmatter.noindex && page.listing_of.is_none()
    }

    /// Every page but the listings: each source once.
    pub fn source_pages(&self) -> impl Iterator<Item = &Page> + '_ {
        self.pages.iter().filter(|p| p.listing_of.is_none())
    }

    /// The listings of page `id` at its other places.
    pub fn listings_of(&self, id: PageId) -> &[PageId] {
        self.listings.get(&id).map_or(&[], Vec::as_slice)
    }

    /// The page whose source `page` shows: itself, or for a listing the
    /// page it repeats.
    pub fn source_page<'s>(&'s self, page: &'s Page) -> &'s Page {
        page.listing_of.map_or(page, |id| &self.pages[id])
    }

    /// The place of `target` a link from `from` leads to: of the page and
    /// its listings, the one in `from`'s version, language and section,
    /// else in its version and language, else `target` itself.
    pub fn place_like<'s>(&'s self, target: &'s Page, from: &Page) -> &'s Page {
        let original = self.source_page(target);
        let Some(listings) = self.listings.get(&original.id) else {
            return target;
        };
        let places = || std::iter::once(original).chain(listings.iter().map(|&id| &self.pages[id]));
        let scope = |p: &Page| (p.version.clone(), p.language.clone());
        let section = |p: &Page| (p.tab, p.anchor);
        places()
            .find(|p| scope(p) == scope(from) && section(p) == section(from))
            .or_else(|| places().find(|p| scope(p) == scope(from)))
            .unwrap_or(target)
    }

    /// The page shown at the site root: `index` if there is one, else the
    /// first page of the navigation, else the first page found.
    pub fn home(&self) -> Option<&Page> {
        self.page_by_slug("index")
            .or_else(|| self.nav_order.first().map(|&id| &self.pages[id]))
            .or_else(|| self.pages.first())
    }

    /// The places that show a copy of another page, as (place slug, page):
    /// the site root (`index`) shows the home page when no `index` page
    /// exists; the folder of a tab (`tabs[].url`, or for a docs.json tab
    /// the folder all its pages share) that no page occupies shows the
    /// tab's first navigation page. Visitors of those URLs read
    /// the page itself, which names its own URL as canonical.
    pub fn section_roots(&self) -> Vec<(String, PageId)> {
        let mut roots: Vec<(String, PageId)> = Vec::new();
        if let Some(home) = self.home().filter(|p| p.slug != "index") {
            roots.push(("index".to_string(), home.id));
        }
        if self.config.tabs.is_empty() {
            return roots;
        }
        let tabs = self.tab_folders_and_first_pages();
        let written: HashSet<PathBuf> = self.pages.iter().map(Page::output_path).collect();
        for (tab, (folder, first)) in self.config.tabs.iter().zip(&tabs) {
            let place = match tab.url.trim_matches('/') {
                "" => folder.as_str(),
                url => url,
            };
            let unusable = place.is_empty()
                || place.contains(':')
                || place.split('/').any(|part| part == ".." || part == ".");
            let occupied = || written.contains(Path::new(&self.config.page_urls.file(place)));
            if unusable || roots.iter().any(|(taken, _)| taken == place) || occupied() {
                continue;
            }
            if let Some(id) = *first {
                roots.push((place.to_string(), id));
            }
        }
        roots
    }

    /// Whether tab `tab` leads nowhere: it lists no navigation page, has no
    /// menu, and its URL is neither external nor a place the site writes
    /// (a page, a static file). Such a tab (a real `mint.json` declares one
    /// for a folder it never filled) is left out of the top bar, with a
    /// warning, instead of linking to a missing page.
    pub fn is_empty_tab(&self, tab: usize) -> bool {
        self.empty.tabs.contains(&tab)
    }

    /// Whether anchor `anchor` leads nowhere, as a tab may: it is left out
    /// of the sidebar and of its tab's menu.
    pub fn is_empty_anchor(&self, anchor: usize) -> bool {
        self.empty.anchors.contains(&anchor)
    }

    /// Whether the site has something at the local path `path` (`a/b`, no
    /// leading `/`): a page or what a link to it leads to
    /// ([`Site::link_target`]: a folder's `index` page, a folder's first
    /// page, redirects), or a file of the docs root at `a/b`, `a/b.html`
    /// or `a/b/index.html`.
    pub fn has_place(&self, files: &SourceFiles, path: &str) -> bool {
        let file = |name: String| files.contains(&name);
        let leads = |path| {
            !matches!(
                self.link_target(path),
                LinkTarget::Missing | LinkTarget::Loop(_)
            )
        };
        !path.is_empty()
            && (leads(path)
                || file(path.to_string())
                || file(format!("{path}.html"))
                || file(format!("{path}/index.html")))
    }

    fn find_empty_sections(&self, files: &SourceFiles) -> EmptySections {
        let leads_somewhere = |url: &str| {
            url.contains(':')
                || url.starts_with("//")
                || self.has_place(files, url.trim_matches('/'))
        };
        let anchors_listed = self.sections_listing_pages(|page| page.anchor);
        let anchors: HashSet<usize> = (self.config.anchors.iter().enumerate())
            .filter(|&(i, anchor)| !anchors_listed.contains(&i) && !leads_somewhere(&anchor.url))
            .map(|(i, _)| i)
            .collect();
        let has_menu = |tab: usize| {
            (self.config.anchors.iter().enumerate()).any(|(i, a)| {
                a.display == AnchorDisplay::Menu && a.tab == Some(tab) && !anchors.contains(&i)
            })
        };
        let tabs_listed = self.sections_listing_pages(|page| page.tab);
        let tabs = (self.config.tabs.iter().enumerate())
            .filter(|&(i, tab)| {
                !tabs_listed.contains(&i) && !has_menu(i) && !leads_somewhere(&tab.url)
            })
            .map(|(i, _)| i)
            .collect();
        EmptySections { tabs, anchors }
    }

    /// The sections (`section` of a page: its tab or its anchor) that hold
    /// a navigation page.
    fn sections_listing_pages(&self, section: impl Fn(&Page) -> Option<usize>) -> HashSet<usize> {
        (self.nav_order.iter())
            .filter_map(|&id| section(&self.pages[id]))
            .collect()
    }

    /// For each tab, in one pass over the navigation: the deepest folder
    /// holding all its navigation pages (a docs.json tab has no URL of its
    /// own; empty when they share none) and its first navigation page.
    fn tab_folders_and_first_pages(&self) -> Vec<(String, Option<PageId>)> {
        let mut tabs: Vec<(Option<String>, Option<PageId>)> =
            vec![(None, None); self.config.tabs.len()];
        for &id in &self.nav_order {
            let page = &self.pages[id];
            let Some((common, first)) = page.tab.and_then(|tab| tabs.get_mut(tab)) else {
                continue;
            };
            first.get_or_insert(id);
            let folder = page.slug.rsplit_once('/').map_or("", |(folder, _)| folder);
            match common {
                Some(common) => common.truncate(shared_folder_len(common, folder)),
                None => *common = Some(folder.to_string()),
            }
        }
        tabs.into_iter()
            .map(|(common, first)| (common.unwrap_or_default(), first))
            .collect()
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

    /// Each navigation page once (at its first place, its listings left
    /// out), in navigation order.
    pub fn nav_pages_once(&self) -> impl Iterator<Item = &Page> + '_ {
        (self.nav_order.iter().enumerate())
            .filter(|&(position, &id)| self.nav_positions[id] == Some(position))
            .map(|(_, &id)| &self.pages[id])
            .filter(|page| page.listing_of.is_none())
    }

    /// The navigation neighbours of a page, for previous/next links. Pages
    /// of another docs version or language are skipped.
    pub fn neighbours(&self, id: PageId) -> (Option<&Page>, Option<&Page>) {
        let Some(pos) = self.nav_positions.get(id).copied().flatten() else {
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

/// Gives each page that no navigation group placed in a language the
/// language whose folder holds it (`ja/guide` is `ja`), so its `<html
/// lang>` and search follow the folder, listed or not.
fn assign_languages(pages: &mut [Page], config: &SiteConfig) {
    for page in pages.iter_mut().filter(|p| p.language.is_none()) {
        let folder = page.slug.split('/').next().unwrap_or_default();
        let language = config.languages.iter().find(|l| l.code == folder);
        page.language = language.map(|l| l.code.clone());
    }
}

/// The navigation readers see: hidden groups (docs.json `hidden`) and pages
/// with `hidden: true` frontmatter are left out. Their pages are still
/// built and keep their section; they are simply not listed.
fn visible_navigation(items: Vec<NavItem>, pages: &[Page]) -> Vec<NavItem> {
    items
        .into_iter()
        .filter_map(|mut item| {
            match &mut item {
                NavItem::Page(id) if pages[*id].frontmatter.hidden => return None,
                NavItem::Group { display, .. } if display.hidden => return None,
                NavItem::Group { items, .. } => {
                    *items = visible_navigation(std::mem::take(items), pages);
                }
                NavItem::Page(_) => {}
            }
            Some(item)
        })
        .collect()
}

/// The length of the folders (whole path segments) that the folders `a`
/// and `b` start with alike: `"x/y"` and `"x/z"` share `"x"`.
fn shared_folder_len(a: &str, b: &str) -> usize {
    let mut len = 0;
    for (x, y) in a.split('/').zip(b.split('/')) {
        if x != y {
            break;
        }
        len += x.len() + 1;
    }
    len.saturating_sub(1)
}

/// Each page's first place in `nav_order`, by page id.
pub(crate) fn nav_positions(nav_order: &[PageId], pages: usize) -> Vec<Option<usize>> {
    let mut positions = vec![None; pages];
    for (position, &id) in nav_order.iter().enumerate().rev() {
        positions[id] = Some(position);
    }
    positions
}

/// Sets `in_nav` on every page the visible navigation lists (the loader
/// leaves it false).
fn mark_listed(pages: &mut [Page], nav_order: &[PageId]) {
    for &id in nav_order {
        pages[id].in_nav = true;
    }
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
fn fallback_title(body: &str, slug: &str) -> String {
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
    Diagnostic::error(path, message).with_rule(Rule::ReadFailed)
}

#[cfg(test)]
mod tests;
