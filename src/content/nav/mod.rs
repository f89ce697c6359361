//! Resolving the navigation: page entries become [`Page`]s read from disk,
//! endpoint entries become file-less endpoint pages, groups nest.

use std::collections::{BTreeMap, HashMap, HashSet};

use rayon::prelude::*;
use std::path::{Path, PathBuf};

mod generated;

use super::slugs::EntryFacts;
use super::{fallback_title, frontmatter, page_diagnostic, Page, PageId};
use super::{PageText, TextBudget, Texts};
use crate::config::{
    channel_entry, channel_of_entry, is_endpoint_entry, normalise_slug, NavEntry, NavGroup,
    PageUrls, SiteConfig,
};
use crate::confine::ReadError;
use crate::diagnostics::Diagnostics;
use crate::markdown::{heading_ids, mermaid_sources};
use crate::sources::SourceFiles;

/// A node of the resolved navigation tree.
#[derive(Debug, Clone, PartialEq)]
pub enum NavItem {
    Page(PageId),
    Group {
        name: String,
        icon: Option<String>,
        icon_type: Option<String>,
        version: Option<String>,
        items: Vec<NavItem>,
        /// How the sidebar shows the group beyond its name and icon.
        display: GroupDisplay,
    },
}

/// A group's sidebar options (`tag`, `expanded`, `hidden`, `root`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupDisplay {
    pub tag: Option<String>,
    pub expanded: bool,
    pub hidden: bool,
    /// The page the group's name opens.
    pub root: Option<PageId>,
    pub language: Option<String>,
}

/// What a group hands down to the pages and groups inside it.
#[derive(Debug, Clone, Copy, Default)]
struct Context<'g> {
    version: Option<&'g str>,
    language: Option<&'g str>,
    tab: Option<usize>,
    anchor: Option<usize>,
    /// The folder endpoint pages of operation entries are placed in.
    directory: Option<&'g str>,
}

impl<'g> Context<'g> {
    fn inside(self, group: &'g NavGroup) -> Context<'g> {
        Context {
            directory: group.directory.as_deref().or(self.directory),
            version: group.version.as_deref().or(self.version),
            language: group.language.as_deref().or(self.language),
            tab: group.tab.or(self.tab),
            anchor: group.anchor.or(self.anchor),
        }
    }

    /// Whether the group places its pages in a section itself.
    fn places_section(&self) -> bool {
        self.tab.is_some() || self.anchor.is_some()
    }

    /// The place its entries give their pages.
    fn place(&self) -> Place {
        let section = self.places_section();
        Place {
            version: self.version.map(String::from),
            language: self.language.map(String::from),
            tab: self.tab.filter(|_| section),
            anchor: self.anchor.filter(|_| section),
        }
    }
}

/// Where a navigation entry puts its page: version, language and section.
/// A page listed at a second place gets a page of its own there (a
/// *listing*), so each place keeps its own sidebar and switchers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Place {
    version: Option<String>,
    language: Option<String>,
    tab: Option<usize>,
    anchor: Option<usize>,
}

/// From how many page files on [`Loader::read_ahead`] reads with
/// [`READERS_PER_CORE`] threads per core.
pub(super) const MANY_FILES: usize = 1024;
const READERS_PER_CORE: usize = 4;

pub(super) struct Loader<'a> {
    files: &'a SourceFiles,
    entry_facts: &'a dyn Fn(&str) -> Option<EntryFacts>,
    pages: Vec<Page>,
    seen: HashSet<String>,
    /// The file-less page of each endpoint or channel entry, by directory
    /// and entry: the same entry listed again links to it.
    endpoint_pages: HashMap<(Option<String>, String), PageId>,
    /// The slugs earlier sheaf versions gave generated pages, where they
    /// differ from today's.
    former: BTreeMap<String, PageId>,
    diagnostics: Diagnostics,
    /// Navigation pages read ahead in parallel, by slug.
    prefetched: HashMap<String, PageFile>,
    /// Pages whose group named their tab or anchor (docs.json); the others
    /// are placed by folder.
    placed: HashSet<PageId>,
    /// Whether the pages keep their texts.
    texts: TextBudget,
    /// The versions the config declares: a frontmatter `version` naming
    /// another is left to the navigation (and warned about by the checks).
    versions: HashSet<String>,
    /// The tabs' and anchors' names as URL folders, for listings' slugs.
    tab_folders: Vec<String>,
    anchor_folders: Vec<String>,
    /// The first place of each listed page, and the listings made at other
    /// places, by page and place.
    places: HashMap<PageId, Place>,
    listings: HashMap<(PageId, Place), PageId>,
}

/// What loading found: the pages, the ids of those their group placed in
/// a section, the former slugs of generated pages, and what went wrong.
pub(super) struct Loaded {
    pub pages: Vec<Page>,
    pub placed: HashSet<PageId>,
    pub former: BTreeMap<String, PageId>,
    pub diagnostics: Diagnostics,
}

/// A page file's path (relative to the root) and its parsed text.
struct PageFile {
    path: PathBuf,
    parsed: Result<ParsedFile, ReadError>,
}

/// A page file read and split into frontmatter and body, with what the
/// site needs of its body (so the text itself may be let go).
struct ParsedFile {
    text: PageText,
    frontmatter: frontmatter::Frontmatter,
    body_start: usize,
    body_line_offset: usize,
    /// The title without `title` frontmatter: the first heading or the
    /// file name.
    fallback_title: String,
    heading_ids: HashSet<String>,
    diagrams: Vec<String>,
    problem: Option<crate::diagnostics::Diagnostic>,
}

impl PageFile {
    /// The `.mdx`/`.md` file of `slug`, read and split; `None` when there is none.
    fn read(files: &SourceFiles, slug: &str, texts: &TextBudget) -> Option<PageFile> {
        let path = files.page_file(slug)?;
        let parsed = files
            .read_to_string(&path)
            .map(|source| ParsedFile::new(source, &path, slug, texts));
        Some(PageFile { path, parsed })
    }
}

impl ParsedFile {
    fn new(source: String, path: &Path, slug: &str, texts: &TextBudget) -> ParsedFile {
        let (split, problem) = frontmatter::split(&source, path);
        let body = split.body;
        ParsedFile {
            body_start: source.len() - body.len(),
            body_line_offset: split.body_line_offset,
            fallback_title: fallback_title(body, slug),
            heading_ids: heading_ids(body),
            diagrams: mermaid_sources(body),
            frontmatter: split.frontmatter,
            problem,
            text: texts.text(source),
        }
    }
}

impl Page {
    /// Takes `text`, the page file's new text, kept in memory, when only
    /// its body changed: the same frontmatter, read without a problem,
    /// and the same title (a page without a `title` takes its first
    /// heading's). `false`, the page left as it was, when more changed:
    /// the navigation and other pages may depend on it.
    pub fn take_new_text(&mut self, text: String) -> bool {
        let Some(path) = &self.source_path else {
            return false;
        };
        let parsed = ParsedFile::new(text, path, &self.slug, &TextBudget::new(Texts::Keep));
        let titled_by_body = self.frontmatter.title.is_none()
            && self.openapi.is_none()
            && self.frontmatter.asyncapi.is_none();
        if parsed.problem.is_some()
            || parsed.frontmatter != self.frontmatter
            || (titled_by_body && parsed.fallback_title != self.title)
        {
            return false;
        }
        self.text = parsed.text;
        self.body_start = parsed.body_start;
        self.body_line_offset = parsed.body_line_offset;
        self.heading_ids = parsed.heading_ids;
        self.diagrams = parsed.diagrams;
        true
    }
}

/// Every page slug the navigation names (not endpoint entries), normalised.
fn collect_page_slugs(groups: &[NavGroup], out: &mut Vec<String>) {
    for group in groups {
        out.extend(group.root.as_deref().and_then(normalise_slug));
        for entry in &group.pages {
            match entry {
                NavEntry::Page(p) if !is_endpoint_entry(p) && channel_of_entry(p).is_none() => {
                    out.extend(normalise_slug(p))
                }
                NavEntry::Page(_) => {}
                NavEntry::Group(g) => collect_page_slugs(std::slice::from_ref(g), out),
            }
        }
    }
}

impl<'a> Loader<'a> {
    pub(super) fn new(
        files: &'a SourceFiles,
        entry_facts: &'a dyn Fn(&str) -> Option<EntryFacts>,
        texts: Texts,
        config: &SiteConfig,
    ) -> Self {
        let folder = |name: &str| crate::markdown::slug(name);
        Loader {
            texts: TextBudget::new(texts),
            versions: config
                .version_names()
                .into_iter()
                .map(String::from)
                .collect(),
            tab_folders: config.tabs.iter().map(|t| folder(&t.name)).collect(),
            anchor_folders: config.anchors.iter().map(|a| folder(&a.name)).collect(),
            places: HashMap::new(),
            listings: HashMap::new(),
            files,
            entry_facts,
            pages: Vec::new(),
            former: BTreeMap::new(),
            seen: HashSet::new(),
            endpoint_pages: HashMap::new(),
            diagnostics: Diagnostics::new(),
            prefetched: HashMap::new(),
            placed: HashSet::new(),
        }
    }

    /// Resolves the top-level groups of the navigation.
    pub(super) fn resolve(&mut self, groups: &[NavGroup]) -> Vec<NavItem> {
        groups
            .iter()
            .map(|g| self.resolve_group(g, Context::default()))
            .collect()
    }

    fn resolve_group(&mut self, group: &NavGroup, outer: Context<'_>) -> NavItem {
        let context = outer.inside(group);
        let items = group
            .pages
            .iter()
            .filter_map(|entry| match entry {
                NavEntry::Page(slug) => self.nav_page(slug, context).map(NavItem::Page),
                NavEntry::Group(g) => Some(self.resolve_group(g, context)),
            })
            .collect();
        let root = group
            .root
            .as_deref()
            .and_then(|slug| self.nav_page(slug, context));
        NavItem::Group {
            name: group.group.clone(),
            icon: group.icon.clone(),
            icon_type: group.icon_type.clone(),
            version: group.version.clone(),
            items,
            display: GroupDisplay {
                tag: group.tag.clone(),
                expanded: group.expanded,
                hidden: group.hidden,
                root,
                language: group.language.clone(),
            },
        }
    }

    /// The page of a navigation entry, placed in the group's version,
    /// language and section unless an earlier entry placed it already; at
    /// another place than its first, the page's listing there.
    fn nav_page(&mut self, entry: &str, context: Context<'_>) -> Option<PageId> {
        let id = if is_endpoint_entry(entry) || channel_of_entry(entry).is_some() {
            self.endpoint_page(entry, context.directory)
        } else {
            self.file_page(entry)
        }?;
        let id = self.listing_at(id, context.place());
        let page = &mut self.pages[id];
        let declared = |v: &String| self.versions.contains(v);
        if !page.version.as_ref().is_some_and(declared) {
            page.version = context.version.map(String::from);
        }
        if page.language.is_none() {
            page.language = context.language.map(String::from);
        }
        if context.places_section() && self.placed.insert(id) {
            page.tab = context.tab;
            page.anchor = context.anchor;
        }
        Some(id)
    }

    /// `id` itself at its first place (or when listed again there), else
    /// its listing at `place`, made on first use: a copy of the page with
    /// its own slug (the place's language, version or section folder before
    /// the page's slug: `v5.x/setup`), to which the navigation hands down
    /// the place's version, language and section as to any page.
    fn listing_at(&mut self, id: PageId, place: Place) -> PageId {
        let first = match self.places.get(&id) {
            None => {
                self.places.insert(id, place);
                return id;
            }
            Some(first) if *first == place => return id,
            Some(first) => first.clone(),
        };
        if let Some(&listing) = self.listings.get(&(id, place.clone())) {
            return listing;
        }
        let slug = self.listing_slug(&self.pages[id].slug, &first, &place);
        self.seen.insert(slug.clone());
        let original = &self.pages[id];
        let listing = self.push(Page {
            slug,
            version: None,
            language: None,
            tab: None,
            anchor: None,
            listing_of: Some(id),
            ..original.clone()
        });
        self.places.insert(listing, place.clone());
        self.listings.insert((id, place), listing);
        listing
    }

    /// A free slug for the listing of `slug` at `place`: the folder of what
    /// differs from its first place (language, then version, else the
    /// section's name) before it, numbered when taken.
    fn listing_slug(&self, slug: &str, first: &Place, place: &Place) -> String {
        let mut folders: Vec<String> = Vec::new();
        if place.language != first.language {
            folders.extend(place.language.as_deref().map(folder_name));
        }
        if place.version != first.version {
            folders.extend(place.version.as_deref().map(folder_name));
        }
        if folders.is_empty() {
            let section = (place.tab.and_then(|t| self.tab_folders.get(t)))
                .or_else(|| place.anchor.and_then(|a| self.anchor_folders.get(a)));
            folders.push(section.map_or("listed", String::as_str).to_string());
        }
        let prefix = folders.join("/");
        self.free_slug((1..).map(|n| match n {
            1 => format!("{prefix}/{slug}"),
            n => format!("{prefix}-{n}/{slug}"),
        }))
    }

    /// The first of `candidates` that no page and no page file holds.
    fn free_slug(&self, mut candidates: impl Iterator<Item = String>) -> String {
        let taken = |s: &String| self.seen.contains(s) || self.files.page_file(s).is_some();
        (candidates.find(|candidate| !taken(candidate))).expect("candidates never run out")
    }

    /// Reads the page file for `slug`; `None` when missing, escaping or already loaded.
    fn file_page(&mut self, slug: &str) -> Option<PageId> {
        let slug = normalise_slug(slug)?;
        if self.seen.contains(&slug) {
            // Listed twice (real sites cross-list pages): both entries link to one page.
            return self.pages.iter().position(|p| p.slug == slug);
        }
        let file = match self.prefetched.remove(&slug) {
            Some(file) => file,
            None => PageFile::read(self.files, &slug, &self.texts)?,
        };
        self.seen.insert(slug.clone());
        let PageFile { path, parsed } = file;
        let parsed = match parsed {
            Ok(parsed) => parsed,
            // The config's checks report it at the navigation entry.
            Err(ReadError::Outside { .. }) => return None,
            Err(e) => {
                let message = format!("cannot read page: {e}");
                self.diagnostics.push(page_diagnostic(&path, message));
                return None;
            }
        };
        let page = self.page_from_file(slug, path, parsed);
        Some(self.push(page))
    }

    /// Reads and splits the files of every page the navigation lists, in
    /// parallel, before the (ordered, sequential) resolution uses them.
    pub(super) fn prefetch(&mut self, groups: &[NavGroup]) {
        let mut slugs = Vec::new();
        collect_page_slugs(groups, &mut slugs);
        self.read_ahead(slugs);
    }

    /// Reads and splits the files of `slugs` in parallel. Reading waits on
    /// the disk when the files are not cached (a fresh checkout of a large
    /// site), so many files are read by more threads than there are cores.
    fn read_ahead(&mut self, slugs: Vec<String>) {
        let (files, texts) = (self.files, &self.texts);
        let many = slugs.len() >= MANY_FILES;
        let read = || {
            slugs
                .into_par_iter()
                .filter_map(|slug| Some((slug.clone(), PageFile::read(files, &slug, texts)?)))
                .collect::<Vec<_>>()
        };
        let pool = many.then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(rayon::current_num_threads() * READERS_PER_CORE)
                .build()
        });
        let read = match pool.and_then(Result::ok) {
            Some(pool) => pool.install(read),
            None => read(),
        };
        self.prefetched.extend(read);
    }

    fn page_from_file(&mut self, slug: String, path: PathBuf, parsed: ParsedFile) -> Page {
        let ParsedFile {
            text,
            frontmatter: fm,
            body_start,
            body_line_offset,
            fallback_title,
            heading_ids,
            diagrams,
            problem,
        } = parsed;
        self.diagnostics.extend(problem);
        let openapi = fm.openapi.clone();
        let title = fm
            .title
            .clone()
            .or_else(|| openapi.as_deref().and_then(|r| self.title_of(r)))
            .or_else(|| (fm.asyncapi.as_deref()).and_then(|r| self.title_of(&channel_entry(r))))
            .unwrap_or(fallback_title);
        let nav_title = fm.sidebar_title.clone().unwrap_or_else(|| title.clone());
        Page {
            id: 0,
            slug,
            source_path: Some(path),
            body_start,
            body_line_offset,
            heading_ids,
            diagrams,
            version: fm.version.clone(),
            openapi,
            title,
            nav_title,
            frontmatter: fm,
            text,
            language: None,
            tab: None,
            anchor: None,
            // Set by `Site::load` from the visible navigation.
            in_nav: false,
            urls: PageUrls::default(),
            written_at: None,
            listing_of: None,
        }
    }

    fn push(&mut self, mut page: Page) -> PageId {
        page.id = self.pages.len();
        self.pages.push(page);
        self.pages.len() - 1
    }

    /// Adds every `.md`/`.mdx` file the navigation does not list.
    pub(super) fn add_unlisted_pages(&mut self) {
        let mut found: Vec<String> = self
            .files
            .iter()
            .filter(|name| !name.split('/').any(is_excluded))
            .filter_map(page_slug_of)
            .filter(|slug| !self.seen.contains(slug))
            .collect();
        found.sort();
        found.dedup();
        self.read_ahead(found.clone());
        for slug in found {
            self.file_page(&slug);
        }
    }

    /// What loading found.
    pub(super) fn finish(self) -> Loaded {
        Loaded {
            pages: self.pages,
            placed: self.placed,
            former: self.former,
            diagnostics: self.diagnostics,
        }
    }
}

/// A language code or version name as a URL folder: as it is when it is
/// one already (`fr`, `v5.x`), else as a heading slug (`Version 2` → `version-2`).
fn folder_name(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_');
    if !name.is_empty() && name.chars().all(plain) && !name.starts_with('.') {
        name.to_string()
    } else {
        crate::markdown::slug(name)
    }
}

/// Folders and files that never hold pages: hidden, `_`-prefixed (snippets,
/// build output), `snippets`, `node_modules`.
fn is_excluded(name: &str) -> bool {
    name.starts_with('.') || name.starts_with('_') || name == "snippets" || name == "node_modules"
}

/// The slug of a page file named relative to the root (`a/b.mdx` → `a/b`).
fn page_slug_of(name: &str) -> Option<String> {
    let slug = name
        .strip_suffix(".mdx")
        .or_else(|| name.strip_suffix(".md"))?;
    Some(slug.to_string())
}
