//! Loading a project: the config, the OpenAPI specs (a spec URL the
//! preview cannot download, or `--offline` finds no copy of, only warns) and the pages, read once into the
//! immutable [`Project`] that every page job of a build shares; the
//! navigation groups that name a spec get its operations, and each page
//! its innermost group for search breadcrumbs.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use super::checks;
use crate::config::{self, is_local};
use crate::content::{NavItem, PageId, Site, Texts};
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
    pub markdown: Markdown,
    pub theme: Theme,
    /// The innermost navigation group of each page, for search breadcrumbs.
    pub(super) groups: HashMap<PageId, String>,
    /// How it was loaded.
    pub(super) loading: Loading,
    /// The page slugs, indexed for "did you mean" on the first broken link.
    pub(super) slugs: OnceLock<Suggestions>,
    /// What `--timings` measures (off otherwise).
    pub(super) timings: Timings,
    /// How `sheaf.toml` wants each rule reported.
    pub rules: RuleSettings,
    /// The schema pages: navigation reference → page (`schema_page`).
    pub(super) schema_pages: HashMap<String, PageId>,
}

/// How a project is loaded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Loading {
    /// `--offline`: spec URLs are never downloaded, only read from their
    /// cached copies; one without a copy is a warning, as in the preview.
    pub offline: bool,
    /// For the preview (`sheaf serve`): a spec URL that cannot be
    /// downloaded is a warning, and the pages keep their texts in memory.
    pub preview: bool,
}

impl Loading {
    /// Whether a spec URL that cannot be read leaves the site buildable:
    /// a warning, and its endpoint pages show a notice.
    pub(super) fn tolerates_unreachable_specs(self) -> bool {
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
        Project::load_preview_with(root, &Diagrams::new())
    }

    /// [`Project::load_preview`] drawing Mermaid diagrams into `diagrams`,
    /// which the preview keeps across rebuilds.
    pub fn load_preview_with(root: &Path, diagrams: &Diagrams) -> (Option<Project>, Diagnostics) {
        let markdown = Markdown::new().with_diagrams(diagrams.clone());
        let loading = Loading {
            offline: false,
            preview: true,
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
        let cache = match loading.offline {
            true => SpecCache::from_env().offline(),
            false => SpecCache::from_env(),
        };
        let (listed, found) = timings.phase(Phase::Specs, || spec_sources(&files, &config));
        let mut specs = timings.phase(Phase::Specs, || {
            LazySpecs::load(root, &listed, &found, cache)
        });
        timings.phase(Phase::Specs, || {
            fill_openapi_groups(&mut config.navigation, &mut specs)
        });
        // The preview renders from memory; a build reads each page again.
        let texts = if loading.preview {
            Texts::Keep
        } else {
            Texts::Release
        };
        // Reading the pages' references loads the found specs they need.
        let specs = RefCell::new(specs);
        let title =
            |reference: &str| timings.phase(Phase::Specs, || specs.borrow_mut().title(reference));
        let (site, site_problems) = timings.phase(Phase::Content, || {
            Site::load_with(&files, config, &title, texts)
        });
        let mut specs = specs.into_inner();
        for reference in site.pages.iter().filter_map(|p| p.openapi.as_deref()) {
            timings.phase(Phase::Specs, || specs.need(reference));
        }
        let (mut specs, mut spec_problems) = specs.finish();
        specs.add_schema_pages(site.pages.iter().filter_map(|p| p.openapi.as_deref()));
        specs.report_loads(|name, bytes, format, wall| timings.spec(name, bytes, format, wall));
        if loading.tolerates_unreachable_specs() {
            keep_building_without(&specs, &mut spec_problems, loading);
        }
        diagnostics.extend(spec_problems);
        diagnostics.extend(timings.phase(Phase::Specs, || specs.lint()));
        diagnostics.extend(site_problems);
        diagnostics.extend(timings.phase(Phase::Content, || {
            checks::after_loading(&site, &files, &loaded.file, loaded.source.as_ref())
        }));
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
            theme,
            loading,
            slugs: OnceLock::new(),
            timings: timings.clone(),
            rules: RuleSettings::default(),
        };
        (Some(project), diagnostics)
    }
}

/// In the preview and with `--offline`, a spec URL that cannot be read is
/// a warning: the site is built, and the pages of its endpoints show a
/// notice.
fn keep_building_without(specs: &ApiSpecs, problems: &mut [Diagnostic], loading: Loading) {
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

/// Adds to every navigation group that names a spec (`openapi`) and lists
/// none of its operations that spec's operations, a sub-group per tag after
/// the group's own pages, as Mintlify generates them. A top-level group
/// without a name (docs.json: a tab, anchor or version naming only a spec)
/// stands for its tag groups: they take its place as top-level groups, as
/// Mintlify shows them, so a page's sidebar holds its own tag's operations
/// and the other tags collapsed, not every operation of the spec.
fn fill_openapi_groups(groups: &mut Vec<config::NavGroup>, specs: &mut LazySpecs) {
    fill_openapi_subgroups(groups, specs);
    let mut placed = Vec::with_capacity(groups.len());
    for group in groups.drain(..) {
        let stands_for_tags = group.group.is_empty()
            && group.openapi.is_some()
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

fn fill_openapi_subgroups(groups: &mut [config::NavGroup], specs: &mut LazySpecs) {
    for group in groups {
        for entry in &mut group.pages {
            if let config::NavEntry::Group(inner) = entry {
                fill_openapi_subgroups(std::slice::from_mut(inner.as_mut()), specs);
            }
        }
        let lists_operations = group.pages.iter().any(
            |entry| matches!(entry, config::NavEntry::Page(p) if config::is_endpoint_entry(p)),
        );
        let Some(source) = group.openapi.as_deref().filter(|_| !lists_operations) else {
            continue;
        };
        let Some(tags) = specs.operations_by_tag(source) else {
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
        group.pages.extend(schemas_group(specs, source));
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
