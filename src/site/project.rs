//! Loading a project: the config, the OpenAPI specs (a spec URL the
//! preview cannot download, or `--offline` finds no copy of, only warns) and the pages, read once into the
//! immutable [`Project`] that every page job of a build shares; the
//! navigation groups that name a spec get its operations (or, naming an
//! AsyncAPI document, its channels), and each page its innermost group for
//! search breadcrumbs.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use super::checks;
use crate::asyncapi::AsyncSpecs;
use crate::cache::BuildCache;
use crate::config::{self, is_local};
use crate::content::{EntryFacts, NavItem, PageId, Site, Texts};
use crate::diagnostics::{Diagnostic, Diagnostics, Suggestions};
use crate::markdown::{Diagrams, Markdown};
use crate::openapi::{looks_like_spec, ApiSpecs, LazySpecs, SpecCache};
use crate::render::Theme;
use crate::rules::settings::RuleSettings;
use crate::sources::SourceFiles;
use crate::timings::{Phase, Timings};

/// Everything a build reads, loaded once and shared by the render jobs.
pub struct Project {
    pub site: Site,
    pub specs: ApiSpecs,
    /// The AsyncAPI documents whose channels have pages.
    pub asyncapi: AsyncSpecs,
    pub markdown: Markdown,
    pub theme: Theme,
    /// The innermost navigation group of each page, for search breadcrumbs.
    pub(super) groups: HashMap<PageId, String>,
    /// How it was loaded.
    pub(super) loading: Loading,
    /// The page slugs, indexed for "did you mean" on the first broken link.
    pub(super) slugs: OnceLock<Suggestions>,
    /// The social cards, made when the first page needs its own.
    pub(super) cards: OnceLock<Option<crate::thumbnails::Cards>>,
    /// What `--timings` measures (off otherwise).
    pub(super) timings: Timings,
    /// How `sheaf.toml` wants each rule reported.
    pub rules: RuleSettings,
    /// The schema pages: navigation reference → page (`schema_page`).
    pub(super) schema_pages: HashMap<String, PageId>,
    /// When the build started (ms since 1970), read once: what components'
    /// `Date` says at build time (`SOURCE_DATE_EPOCH` when set).
    pub started_ms: f64,
    /// The date of each file's last commit, read when a page shows it
    /// (`metadata.timestamp`, frontmatter `timestamp`).
    pub(super) history: Option<super::history::History>,
}

/// How a project is loaded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Loading {
    /// `--offline`: spec URLs are never downloaded, only read from their
    /// cached copies; one without a copy is a warning, as in the preview.
    pub offline: bool,
    /// For the preview (`sheaf serve`): a spec URL that cannot be
    /// downloaded is a warning, and the pages keep their texts in memory.
    pub preview: bool,
    /// The build cache, which keeps copies of spec URLs.
    pub cache: BuildCache,
    /// The path the site is published under, from `--site-url` or
    /// `--base-path` (`docs`); `sheaf.toml`'s `base-path` otherwise.
    pub base_path: Option<String>,
    /// sheaf.toml's `[site] mcp-server`, for the MCP page actions.
    pub mcp_server: Option<String>,
    /// `--site-url`: the MCP page actions install the published site's
    /// server without an `mcp-server`.
    pub site_url: Option<String>,
}

impl Loading {
    /// Whether a spec URL that cannot be read leaves the site buildable:
    /// a warning, and its endpoint pages show a notice.
    pub(super) fn tolerates_unreachable_specs(&self) -> bool {
        self.offline || self.preview
    }
}

impl Project {
    /// Loads the docs root; `None` when the configuration is unusable.
    pub fn load(root: &Path) -> (Option<Project>, Diagnostics) {
        Project::load_with(root, Markdown::new(), Loading::default(), &Timings::off())
    }

    /// [`Project::load`] for the preview: a spec URL that cannot be
    /// downloaded (and has no cached copy) does not fail the build; the
    /// pages of its endpoints say so instead.
    pub fn load_preview(root: &Path) -> (Option<Project>, Diagnostics) {
        Project::load_preview_with(root, &Diagrams::new(), &BuildCache::disabled())
    }

    /// [`Project::load_preview`] drawing Mermaid diagrams into `diagrams`,
    /// which the preview keeps across rebuilds, with the build cache `cache`.
    pub fn load_preview_with(
        root: &Path,
        diagrams: &Diagrams,
        cache: &BuildCache,
    ) -> (Option<Project>, Diagnostics) {
        let markdown = Markdown::new()
            .with_diagrams(diagrams.clone())
            .keeping_highlights_in(cache);
        let loading = Loading {
            offline: false,
            preview: true,
            cache: cache.clone(),
            base_path: None,
            mcp_server: None,
            site_url: None,
        };
        Project::load_with(root, markdown, loading, &Timings::off())
    }

    /// [`Project::load`] with a given markdown stage, loaded as `loading`
    /// says, its phases measured into `timings`; what it found reported
    /// as the docs root's `sheaf.toml` wants.
    pub fn load_with(
        root: &Path,
        markdown: Markdown,
        loading: Loading,
        timings: &Timings,
    ) -> (Option<Project>, Diagnostics) {
        let (rules, mut diagnostics) = RuleSettings::load(root);
        let mut loading = loading;
        loading.base_path = loading.base_path.or_else(|| rules.base_path.clone());
        loading.mcp_server = rules.mcp_server.clone();
        let (mut project, found) = Project::load_unruled(root, markdown, loading, timings);
        diagnostics.extend(found);
        let mut diagnostics = Diagnostics::from(diagnostics);
        rules.apply(&mut diagnostics);
        if let Some(project) = &mut project {
            project.rules = rules;
        }
        (project, diagnostics)
    }

    fn load_unruled(
        root: &Path,
        markdown: Markdown,
        loading: Loading,
        timings: &Timings,
    ) -> (Option<Project>, Diagnostics) {
        let files = timings.phase(Phase::Config, || SourceFiles::scan(root));
        let loaded = timings.phase(Phase::Config, || config::load_listed(&files));
        let mut diagnostics = loaded.diagnostics;
        let Some(mut config) = loaded.config else {
            return (None, diagnostics);
        };
        config.mcp_server = loading.mcp_server.clone();
        diagnostics.extend(super::checks::mcp_actions(
            &config,
            loading.site_url.as_deref(),
            &loaded.file,
            loaded.source.as_ref(),
        ));
        let cache = match loading.offline {
            true => SpecCache::within(&loading.cache).offline(),
            false => SpecCache::within(&loading.cache),
        };
        let (listed, found) = timings.phase(Phase::Specs, || spec_sources(&files, &config));
        let (asyncapi, async_problems) = timings.phase(Phase::Specs, || {
            AsyncSpecs::load(root, &async_sources(&config), cache.clone())
        });
        diagnostics.extend(async_problems);
        let mut specs = timings.phase(Phase::Specs, || {
            LazySpecs::load(root, &listed, &found, cache)
        });
        timings.phase(Phase::Specs, || {
            fill_openapi_groups(&mut config.navigation, &mut specs, &asyncapi)
        });
        // The preview renders from memory; a build keeps what fits its
        // budget and reads the other pages again.
        let texts = if loading.preview {
            Texts::Keep
        } else {
            Texts::Within(crate::content::BUILD_TEXT_BUDGET)
        };
        // Reading the pages' references loads the found specs they need.
        let specs = RefCell::new(specs);
        let asyncapi = RefCell::new((asyncapi, Vec::new()));
        let facts = |reference: &str| {
            timings.phase(Phase::Specs, || match config::channel_of_entry(reference) {
                Some(channel) => {
                    let (asyncapi, problems) = &mut *asyncapi.borrow_mut();
                    problems.extend(asyncapi.need(channel));
                    let (title, tag) = asyncapi.title_and_tag(channel)?;
                    Some(EntryFacts {
                        name: Some(title.clone()),
                        title,
                        tag: Some(tag),
                        href: None,
                    })
                }
                None => {
                    let (title, naming) = specs.borrow_mut().naming(reference)?;
                    Some(EntryFacts {
                        title,
                        name: naming.name,
                        tag: naming.tag,
                        href: naming.href,
                    })
                }
            })
        };
        let base_path = loading.base_path.clone().unwrap_or_default();
        let load = |config| {
            let (mut site, problems) = timings.phase(Phase::Content, || {
                Site::load_with(&files, config, &facts, texts)
            });
            site.base_path = base_path.clone();
            (site, problems)
        };
        let (mut site, mut site_problems) = load(config);
        // Config links written with the base path: the site again, with
        // them read from the root (only then, and only once).
        if let Some(config) = super::base_path::config_read_from_the_root(&site) {
            (site, site_problems) = load(config);
        }
        let (mut asyncapi, async_problems) = asyncapi.into_inner();
        diagnostics.extend(async_problems);
        diagnostics
            .extend(timings.phase(Phase::Specs, || badge_channels(&mut site, &mut asyncapi)));
        let mut specs = specs.into_inner();
        for reference in site.pages.iter().filter_map(|p| p.openapi.as_deref()) {
            timings.phase(Phase::Specs, || specs.need(reference));
        }
        let (mut specs, mut spec_problems) = specs.finish();
        specs.add_schema_pages(site.pages.iter().filter_map(|p| p.openapi.as_deref()));
        specs.report_loads(|name, bytes, format, wall| timings.spec(name, bytes, format, wall));
        if loading.tolerates_unreachable_specs() {
            keep_building_without(&specs, &mut spec_problems, &loading);
        }
        diagnostics.extend(spec_problems);
        diagnostics.extend(timings.phase(Phase::Specs, || specs.lint()));
        diagnostics.extend(site_problems);
        diagnostics.extend(timings.phase(Phase::Content, || {
            checks::after_loading(&site, &files, &loaded.file, loaded.source.as_ref())
        }));
        diagnostics.extend(timings.phase(Phase::Content, || {
            serve_fonts(&mut site, &loading, &loaded.file, loaded.source.as_ref())
        }));
        let (history, history_note) = timings.phase(Phase::Content, || {
            super::history::read_for(&site, &loaded.file, loaded.source.as_ref())
        });
        diagnostics.extend(history_note);
        if loading.preview {
            // The preview loads no analytics: readers' numbers stay clean.
            site.config.analytics.clear();
            site.config.integrations.clear();
        }
        let theme = match timings.phase(Phase::Content, || Theme::new(&site)) {
            Ok(theme) => theme,
            Err(problem) => {
                diagnostics.push(problem);
                return (None, diagnostics);
            }
        };
        let project = Project {
            groups: innermost_groups(&site.nav),
            schema_pages: super::schema_page::schema_pages(&site),
            markdown: markdown.with_timings(timings),
            site,
            specs,
            asyncapi,
            theme,
            loading,
            slugs: OnceLock::new(),
            cards: OnceLock::new(),
            timings: timings.clone(),
            rules: RuleSettings::default(),
            started_ms: build_time_ms(),
            history,
        };
        (Some(project), diagnostics)
    }
}

impl Project {
    /// The social cards of the site (`crate::thumbnails`), if it asks for them.
    pub(super) fn cards(&self) -> Option<&crate::thumbnails::Cards> {
        let cards = || crate::thumbnails::Cards::of(&self.site, &self.loading.cache);
        self.cards.get_or_init(cards).as_ref()
    }
}

/// The site's fonts, fetched or read from the build cache
/// ([`crate::fonts`]); a note, at its place in the config, for each that
/// is not served.
fn serve_fonts(
    site: &mut Site,
    loading: &Loading,
    file: &Path,
    source: Option<&config::SourceDoc>,
) -> Vec<Diagnostic> {
    let fetcher = crate::fonts::Fetcher::new(&loading.cache, loading.offline);
    let (faces, unloaded) = crate::fonts::load(&site.config.fonts, &site.docs, &fetcher);
    site.fonts = faces;
    (unloaded.into_iter())
        .map(|u| {
            let note = Diagnostic::note(file, u.message).with_rule(crate::rules::Rule::FontNotServed);
            let note = note.with_help("build once with network access (the font is then kept in the build cache), or give the file as `source`");
            match source {
                Some(doc) => doc.locate(note, &u.pointer),
                None => note,
            }
        })
        .collect()
}

/// The build's time: `SOURCE_DATE_EPOCH` (seconds) when set and valid, as
/// reproducible-build tools expect, else the clock, once per build.
fn build_time_ms() -> f64 {
    let epoch = std::env::var("SOURCE_DATE_EPOCH").ok();
    match epoch.and_then(|s| s.trim().parse::<i64>().ok()) {
        Some(seconds) => seconds as f64 * 1000.0,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_millis() as f64),
    }
}

/// In the preview and with `--offline`, a spec URL that cannot be read is
/// a warning: the site is built, and the pages of its endpoints show a
/// notice.
fn keep_building_without(specs: &ApiSpecs, problems: &mut [Diagnostic], loading: &Loading) {
    let then = match loading.preview {
        true => "the preview keeps running, its endpoint pages show a notice, and saving the config file tries again",
        false => "the site is built without it: its endpoint pages show a notice; build without --offline to download it",
    };
    for problem in problems.iter_mut() {
        let unreachable = specs
            .unreachable()
            .iter()
            .any(|spec| problem.file == Path::new(&spec.url));
        if unreachable && problem.is_error() {
            problem.severity = crate::diagnostics::Severity::Warning;
            problem.help = Some(format!(
                "{}; {then}",
                problem.help.as_deref().unwrap_or("check the URL")
            ));
        }
    }
}

/// The OpenAPI files to load: site.json's `openapi` entries, and every
/// other spec file found under the root (pages may reference them by name;
/// they are loaded when one does).
fn spec_sources(files: &SourceFiles, config: &config::SiteConfig) -> (Vec<String>, Vec<String>) {
    let listed: Vec<String> = config
        .openapi
        .as_ref()
        .map(|o| o.to_vec())
        .unwrap_or_default();
    let mut candidates: Vec<&str> = files
        .iter()
        .filter(|name| {
            [".json", ".yaml", ".yml"]
                .iter()
                .any(|ext| name.ends_with(ext))
                && !config::CONFIG_FILES.contains(name)
        })
        .collect();
    candidates.sort_unstable();
    let found = candidates.into_iter().filter_map(|rel| {
        let path = Path::new(rel);
        let text = files.read_to_string(path).ok()?;
        looks_like_spec(path, &text).then(|| rel.to_string())
    });
    let found = found
        .filter(|rel| {
            !listed
                .iter()
                .any(|s| is_local(s) && s.trim_start_matches('/') == rel)
        })
        .collect();
    (listed, found)
}

/// The AsyncAPI documents the config names: docs.json `asyncapi` and every
/// navigation group's.
fn async_sources(config: &config::SiteConfig) -> Vec<String> {
    fn walk(groups: &[config::NavGroup], out: &mut Vec<String>) {
        for group in groups {
            if let Some(source) = group.asyncapi.as_ref().filter(|s| !out.contains(s)) {
                out.push(source.clone());
            }
            for entry in &group.pages {
                if let config::NavEntry::Group(inner) = entry {
                    walk(std::slice::from_ref(inner.as_ref()), out);
                }
            }
        }
    }
    let mut sources = config.asyncapi.clone();
    walk(&config.navigation, &mut sources);
    sources
}

/// Gives every channel page (`asyncapi` frontmatter or a generated entry)
/// its sidebar badge, loading the document a page names when no one listed
/// it; a page whose channel is missing is reported when it is rendered.
fn badge_channels(site: &mut Site, asyncapi: &mut AsyncSpecs) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for page in &mut site.pages {
        let Some(reference) = page.frontmatter.asyncapi.clone() else {
            continue;
        };
        problems.extend(asyncapi.need(&reference));
        page.frontmatter.channel_badge = asyncapi.badge(&reference).map(String::from);
    }
    problems
}

/// Adds to every navigation group that names a spec (`openapi`) and lists
/// none of its operations that spec's operations, a sub-group per tag after
/// the group's own pages, as Mintlify generates them; likewise the channels
/// of a group naming an AsyncAPI document (`asyncapi`), a sub-group per
/// channel tag. A top-level group
/// without a name (docs.json: a tab, anchor or version naming only a spec)
/// stands for its tag groups: they take its place as top-level groups, as
/// Mintlify shows them, so a page's sidebar holds its own tag's operations
/// and the other tags collapsed, not every operation of the spec.
fn fill_openapi_groups(
    groups: &mut Vec<config::NavGroup>,
    specs: &mut LazySpecs,
    asyncapi: &AsyncSpecs,
) {
    fill_openapi_subgroups(groups, specs, asyncapi);
    let mut placed = Vec::with_capacity(groups.len());
    for group in groups.drain(..) {
        let stands_for_tags = group.group.is_empty()
            && (group.openapi.is_some() || group.asyncapi.is_some())
            && !group.pages.is_empty()
            && (group.pages.iter()).all(|entry| matches!(entry, config::NavEntry::Group(_)));
        if !stands_for_tags {
            placed.push(group);
            continue;
        }
        let settings = config::NavGroup {
            pages: Vec::new(),
            ..group.clone()
        };
        for entry in group.pages {
            if let config::NavEntry::Group(tag) = entry {
                placed.push(config::NavGroup {
                    group: tag.group,
                    pages: tag.pages,
                    hidden: settings.hidden || tag.hidden,
                    ..settings.clone()
                });
            }
        }
    }
    *groups = placed;
}

fn fill_openapi_subgroups(
    groups: &mut [config::NavGroup],
    specs: &mut LazySpecs,
    asyncapi: &AsyncSpecs,
) {
    for group in groups {
        for entry in &mut group.pages {
            if let config::NavEntry::Group(inner) = entry {
                fill_openapi_subgroups(std::slice::from_mut(inner.as_mut()), specs, asyncapi);
            }
        }
        let lists_operations = group.pages.iter().any(
            |entry| matches!(entry, config::NavEntry::Page(p) if config::is_endpoint_entry(p)),
        );
        let openapi = group.openapi.clone().filter(|_| !lists_operations);
        let operations = (openapi.as_deref()).and_then(|source| specs.operations_by_tag(source));
        let channels =
            (group.asyncapi.as_deref()).and_then(|source| asyncapi.channels_by_tag(source));
        let Some(tags) = operations.or(channels) else {
            continue;
        };
        let generated = tags.into_iter().map(|(tag, entries)| {
            config::NavEntry::Group(Box::new(config::NavGroup {
                group: tag,
                pages: entries.into_iter().map(config::NavEntry::Page).collect(),
                ..Default::default()
            }))
        });
        group.pages.extend(generated);
        if let Some(source) = &openapi {
            group.pages.extend(schemas_group(specs, source));
        }
    }
}

/// The schema pages of the spec `source`, a hidden group: each has a URL,
/// a search entry and a line in `llms.txt`, none a place in the sidebar
/// (see `openapi::schema_pages`).
fn schemas_group(specs: &mut LazySpecs, source: &str) -> Option<config::NavEntry> {
    let entries = specs.schema_entries(source).filter(|e| !e.is_empty())?;
    Some(config::NavEntry::Group(Box::new(config::NavGroup {
        group: "Schemas".into(),
        pages: entries.into_iter().map(config::NavEntry::Page).collect(),
        hidden: true,
        ..Default::default()
    })))
}

fn innermost_groups(items: &[NavItem]) -> HashMap<PageId, String> {
    fn walk(items: &[NavItem], group: Option<&str>, out: &mut HashMap<PageId, String>) {
        for item in items {
            match item {
                NavItem::Page(id) => {
                    if let Some(g) = group {
                        out.entry(*id).or_insert_with(|| g.to_string());
                    }
                }
                NavItem::Group { name, items, .. } => walk(items, Some(name), out),
            }
        }
    }
    let mut out = HashMap::new();
    walk(items, None, &mut out);
    out
}
