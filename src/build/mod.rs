//! The build: load the project (config, OpenAPI specs, pages), render the
//! pages as independent jobs in parallel (rayon), a step of
//! `RENDER_STEP` pages at a time, then write the rest of the site into
//! the staging folder and commit it.
//!
//! ```text
//! Project::load ─► config ─► specs ─► Site ─► theme       (once, immutable;
//!                  the pages' texts let go once loaded)
//! per step      ─► per page, in parallel: its file read again (unchanged, or
//!                  the build fails) ─► page::render_text (HTML + search doc)
//!               ─► HTML, Markdown copy ─► staging, unless the previous output
//!                  holds the same bytes; search docs ─► IndexBuilder, LlmsFull
//! then          ─► assets, search index, sitemap, llms.txt, 404, redirects
//!               ─► commit: rename a fresh output, or update the previous one
//! ```
//! `check` runs the same load and render jobs and writes nothing.

mod checks;
mod extras;
pub mod init;
mod links;
pub mod migrate;
mod output;
mod page;
mod preview;
mod session;
pub mod target;
mod update;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::config::{self, is_local};
use crate::content::{NavItem, PageId, Site, Texts};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::markdown::Markdown;
use crate::openapi::{looks_like_spec, ApiSpecs};
use crate::render::Theme;
use crate::sources::SourceFiles;

pub use links::is_external;
pub use page::find_snippet;
pub use preview::Preview;
pub use session::{Loaded, Session};

/// Everything a build reads, loaded once and shared by the render jobs.
pub struct Project {
    pub site: Site,
    pub specs: ApiSpecs,
    pub markdown: Markdown,
    pub theme: Theme,
    /// The innermost navigation group of each page, for search breadcrumbs.
    groups: HashMap<PageId, String>,
    /// Built for the preview (`sheaf serve`): a spec URL that cannot be
    /// downloaded is a warning, and its endpoint pages show a notice.
    preview: bool,
}

/// What `sheaf check` found.
#[derive(Debug, Default)]
pub struct CheckResult {
    pub diagnostics: Diagnostics,
}

/// What `sheaf build` did.
#[derive(Debug, Default)]
pub struct BuildResult {
    pub pages: usize,
    pub diagnostics: Diagnostics,
}

/// Options of one build.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// The public URL of the site, for absolute sitemap locations.
    pub site_url: Option<String>,
    /// Replace an existing non-empty output folder that sheaf did not write
    /// (never the sources: see [`target`]).
    pub force: bool,
}

impl Project {
    /// Loads the docs root; `None` when the configuration is unusable.
    pub fn load(root: &Path) -> (Option<Project>, Diagnostics) {
        Project::load_with(root, Markdown::new())
    }

    /// [`Project::load`] with a given markdown stage.
    pub fn load_with(root: &Path, markdown: Markdown) -> (Option<Project>, Diagnostics) {
        Project::load_as(root, markdown, false)
    }

    /// [`Project::load`] for the preview: a spec URL that cannot be
    /// downloaded (and has no cached copy) does not fail the build; the
    /// pages of its endpoints say so instead.
    pub fn load_preview(root: &Path) -> (Option<Project>, Diagnostics) {
        Project::load_as(root, Markdown::new(), true)
    }

    fn load_as(root: &Path, markdown: Markdown, preview: bool) -> (Option<Project>, Diagnostics) {
        let files = SourceFiles::scan(root);
        let loaded = config::load_listed(&files);
        let mut diagnostics = loaded.diagnostics;
        let Some(mut config) = loaded.config else {
            return (None, diagnostics);
        };
        let (specs, mut spec_problems) = ApiSpecs::load(root, &spec_sources(&files, &config));
        if preview {
            keep_previewing_without(&specs, &mut spec_problems);
        }
        diagnostics.extend(spec_problems);
        fill_openapi_groups(&mut config.navigation, &specs, root);
        diagnostics.extend(specs.lint());
        let title = |reference: &str| specs.find(reference).ok().map(|op| specs.title(&op));
        // The preview renders from memory; a build reads each page again.
        let texts = if preview { Texts::Keep } else { Texts::Release };
        let (site, site_problems) = Site::load_with(&files, config, &title, texts);
        diagnostics.extend(site_problems);
        diagnostics.extend(checks::after_loading(
            &site,
            &files,
            &loaded.file,
            loaded.source.as_ref(),
        ));
        let theme = match Theme::new(&site) {
            Ok(theme) => theme,
            Err(problem) => {
                diagnostics.push(problem);
                return (None, diagnostics);
            }
        };
        let project = Project {
            groups: innermost_groups(&site.nav),
            markdown,
            site,
            specs,
            theme,
            preview,
        };
        (Some(project), diagnostics)
    }

    /// Renders every page in parallel, keeping what the jobs found (not
    /// their HTML).
    fn render_pages(&self, mode: page::Mode) -> Vec<page::PageOutput> {
        self.site
            .pages
            .par_iter()
            .map(|p| page::PageOutput {
                html: None,
                ..page::render(self, p, mode)
            })
            .collect()
    }
}

/// In the preview, a spec URL that cannot be downloaded is a warning: the
/// preview keeps serving, and the pages of its endpoints show a notice.
fn keep_previewing_without(specs: &ApiSpecs, problems: &mut [Diagnostic]) {
    for problem in problems.iter_mut() {
        let unreachable = specs
            .unreachable()
            .iter()
            .any(|spec| problem.file == Path::new(&spec.url));
        if unreachable && problem.is_error() {
            problem.severity = crate::diagnostics::Severity::Warning;
            problem.help = Some(format!(
                "{}; the preview keeps running, its endpoint pages show a notice, and saving the config file tries again",
                problem.help.as_deref().unwrap_or("check the URL")
            ));
        }
    }
}

/// The OpenAPI files to load: site.json's `openapi` entries plus every spec
/// file found under the root (pages may reference them by name).
fn spec_sources(files: &SourceFiles, config: &config::SiteConfig) -> Vec<String> {
    let mut sources: Vec<String> = config
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
    for rel in found {
        let listed = sources
            .iter()
            .any(|s| is_local(s) && s.trim_start_matches('/') == rel);
        if !listed {
            sources.push(rel);
        }
    }
    sources
}

/// Adds to every navigation group that names a spec (`openapi`) and lists
/// none of its operations that spec's operations, a sub-group per tag after
/// the group's own pages, as Mintlify generates them.
fn fill_openapi_groups(groups: &mut [config::NavGroup], specs: &ApiSpecs, root: &Path) {
    for group in groups {
        for entry in &mut group.pages {
            if let config::NavEntry::Group(inner) = entry {
                fill_openapi_groups(std::slice::from_mut(inner.as_mut()), specs, root);
            }
        }
        let lists_operations = group.pages.iter().any(
            |entry| matches!(entry, config::NavEntry::Page(p) if config::is_endpoint_entry(p)),
        );
        let Some(source) = group.openapi.as_deref().filter(|_| !lists_operations) else {
            continue;
        };
        let Some(tags) = specs.operations_by_tag(root, source) else {
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
    }
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

/// One page job of a build (body, theme, search document) without writing
/// it, for benchmarks: the length of the page's HTML.
pub fn render_page_job(project: &Project, page: &crate::content::Page) -> usize {
    let out = page::render(project, page, page::Mode::Build);
    out.html.map_or(0, |html| html.len())
}

/// Validates everything (config, specs, pages, links) without writing anything.
pub fn check(root: &Path) -> CheckResult {
    if let Err(missing) = target::check_root(root) {
        return CheckResult {
            diagnostics: Diagnostics::from(vec![missing]),
        };
    }
    let (project, mut diagnostics) = Project::load_with(root, Markdown::without_highlighting());
    if let Some(project) = project {
        for out in project.render_pages(page::Mode::Check) {
            diagnostics.extend(out.diagnostics);
        }
    }
    diagnostics.sort();
    CheckResult { diagnostics }
}

/// Builds the site of `root` into `out`. On any error the previous output is left untouched.
pub fn build(root: &Path, out: &Path) -> BuildResult {
    build_with(root, out, &BuildOptions::default())
}

/// [`build`] with options.
pub fn build_with(root: &Path, out: &Path, options: &BuildOptions) -> BuildResult {
    let out = match target::OutputTarget::claim(root, out, options.force) {
        Ok(target) => target,
        Err(refused) => {
            return BuildResult {
                pages: 0,
                diagnostics: Diagnostics::from(vec![refused]),
            }
        }
    };
    let out = out.path();
    let (project, mut diagnostics) = Project::load(root);
    let Some(project) = project else {
        return BuildResult {
            pages: 0,
            diagnostics,
        };
    };
    if diagnostics.has_errors() {
        return BuildResult {
            pages: 0,
            diagnostics,
        };
    }
    let written = write_site(&project, Findings::Drop, out, options, &mut diagnostics);
    diagnostics.sort();
    let pages = match written {
        Some(_) if !diagnostics.has_errors() => project.site.pages.len(),
        _ => 0,
    };
    BuildResult { pages, diagnostics }
}

/// Pages rendered per step of a build. After each step the steps' search
/// docs go into the index and `llms-full.txt`, so a build holds the docs
/// of at most two steps at once besides what it must keep.
const RENDER_STEP: usize = 2048;

/// What [`write_site`] does with what the page jobs found (search docs,
/// diagnostics, links to other pages' headings) once the site has it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Findings {
    /// A build lets it go.
    Drop,
    /// The preview keeps it ([`KeptPages`]), to update pages later.
    Keep,
}

/// What a preview build keeps of its page jobs ([`Findings::Keep`]).
#[derive(Default)]
struct KeptPages {
    /// Every search doc with its page id, in index order.
    docs: Vec<(PageId, crate::search::SearchDoc)>,
    /// What the jobs found, for each page with diagnostics or links to
    /// other pages' headings.
    checks: HashMap<PageId, session::PageChecks>,
}

/// Renders and writes everything into a staging folder; swaps it in when no
/// error occurred and, with [`Findings::Keep`], returns what the page jobs
/// found.
fn write_site(
    project: &Project,
    findings: Findings,
    out: &Path,
    options: &BuildOptions,
    diagnostics: &mut Diagnostics,
) -> Option<KeptPages> {
    let io_error =
        |e: std::io::Error| Diagnostic::error(out, format!("cannot write the site: {e}"));
    let staging = match output::Staging::new(out) {
        Ok(s) => s,
        Err(e) => {
            diagnostics.push(io_error(e));
            return None;
        }
    };
    let written = write_pages(project, findings, &staging, diagnostics);
    let rendered = match written {
        Ok(rendered) => rendered,
        Err(e) => {
            diagnostics.push(io_error(e));
            return None;
        }
    };
    if diagnostics.has_errors() {
        return None;
    }
    let result = write_site_files(
        project,
        &staging,
        out,
        options,
        rendered.index,
        rendered.llms,
    );
    match result.and_then(|_| staging.commit()) {
        Ok(()) => Some(rendered.kept),
        Err(e) => {
            diagnostics.push(io_error(e));
            None
        }
    }
}

/// What the page jobs leave for the rest of the site.
struct RenderedPages {
    index: crate::search::IndexBuilder,
    llms: Option<LlmsFull>,
    /// Empty unless [`Findings::Keep`].
    kept: KeptPages,
}

/// `llms-full.txt`, written into the staging folder as pages are rendered.
type LlmsFull = extras::LlmsFull<std::io::BufWriter<std::fs::File>>;

fn start_llms_full(site: &Site, staging: &output::Staging) -> std::io::Result<LlmsFull> {
    let file = staging.create(Path::new(extras::LLMS_FULL))?;
    LlmsFull::new(site, staging.path(), std::io::BufWriter::new(file))
}

/// Renders every page [`RENDER_STEP`] at a time, writing its HTML, its
/// Markdown copy and its copies at section roots, and handing its search
/// doc to the index and to `llms-full.txt`. A step's docs are handed over
/// while the next step renders (on the other side of a `rayon::join`), so
/// the index and `llms-full.txt`, written in order on one thread, do not
/// hold up the page jobs; with [`Findings::Drop`] the step's docs go once both
/// are done.
fn write_pages(
    project: &Project,
    keep: Findings,
    staging: &output::Staging,
    diagnostics: &mut Diagnostics,
) -> std::io::Result<RenderedPages> {
    let site = &project.site;
    let mut rendered = RenderedPages {
        index: crate::search::IndexBuilder::new(staging.path())?,
        llms: (site.config.markdown_sources)
            .then(|| start_llms_full(site, staging))
            .transpose()?,
        kept: KeptPages::default(),
    };
    let roots = site.section_roots();
    let page_count = site.pages.len();
    let mut previous: Option<RenderedStep> = None;
    let steps = (0..page_count).step_by(RENDER_STEP);
    for ids in steps.map(|start| start..page_count.min(start + RENDER_STEP)) {
        let (outputs, handed) = rayon::join(
            || write_page_step(project, staging, ids.clone()),
            || match previous.take() {
                Some(step) => hand_over(project, staging, &roots, &mut rendered, step).map(Some),
                None => Ok(None),
            },
        );
        let outputs = outputs?;
        if let Some(done) = handed? {
            finish_step(keep, &mut rendered, done);
        }
        let mut step = RenderedStep::new(ids);
        for (id, output) in outputs {
            if keep == Findings::Keep {
                let checks = session::PageChecks::of(&output);
                rendered.kept.checks.extend(checks.map(|c| (id, c)));
            }
            diagnostics.extend(output.diagnostics);
            step.add_doc(id, output.search);
        }
        previous = Some(step);
    }
    if let Some(step) = previous {
        let done = hand_over(project, staging, &roots, &mut rendered, step)?;
        finish_step(keep, &mut rendered, done);
    }
    Ok(rendered)
}

/// A step of rendered pages: their ids, and the search docs of those that
/// have one with their page ids.
struct RenderedStep {
    ids: std::ops::Range<PageId>,
    doc_ids: Vec<PageId>,
    docs: Vec<crate::search::SearchDoc>,
}

impl RenderedStep {
    fn new(ids: std::ops::Range<PageId>) -> Self {
        RenderedStep {
            ids,
            doc_ids: Vec::new(),
            docs: Vec::new(),
        }
    }

    fn add_doc(&mut self, id: PageId, doc: Option<crate::search::SearchDoc>) {
        if let Some(doc) = doc {
            self.doc_ids.push(id);
            self.docs.push(doc);
        }
    }
}

/// Writes the step's copies at section roots and hands its docs to the
/// index and `llms-full.txt`.
fn hand_over(
    project: &Project,
    staging: &output::Staging,
    roots: &[(String, PageId)],
    rendered: &mut RenderedPages,
    step: RenderedStep,
) -> std::io::Result<RenderedStep> {
    for (path, html) in roots
        .iter()
        .filter(|(_, id)| step.ids.contains(id))
        .filter_map(|(place, id)| section_root_page(project, place, *id))
    {
        staging.put(&path, html.as_bytes())?;
    }
    rendered.index.add(&step.docs)?;
    if let Some(llms) = &mut rendered.llms {
        let docs = step.doc_ids.iter().copied().zip(&step.docs);
        llms.add_step(&project.site, step.ids.clone(), docs)?;
    }
    Ok(step)
}

/// Keeps the step's docs with [`Findings::Keep`].
fn finish_step(keep: Findings, rendered: &mut RenderedPages, step: RenderedStep) {
    if keep == Findings::Keep {
        let docs = step.doc_ids.into_iter().zip(step.docs);
        rendered.kept.docs.extend(docs);
    }
}

/// Renders the pages `ids` in parallel and writes them; returns what each
/// job found besides the HTML, with its page id.
fn write_page_step(
    project: &Project,
    staging: &output::Staging,
    ids: std::ops::Range<PageId>,
) -> std::io::Result<Vec<(PageId, page::PageOutput)>> {
    let markdown_sources = project.site.config.markdown_sources;
    project.site.pages[ids]
        .par_iter()
        .map(|page| {
            let text = match page::read_text(project, page) {
                Ok(text) => text,
                Err(problem) => return Ok((page.id, page::PageOutput::failed(problem))),
            };
            let out = page::render_text(project, page, &text, page::Mode::Build);
            if let Some(html) = &out.html {
                staging.put(&page.output_path(), html.as_bytes())?;
                if markdown_sources {
                    let markdown = extras::markdown_source(page, &text);
                    staging.put(&extras::markdown_path(page), markdown.as_bytes())?;
                }
            }
            Ok((page.id, page::PageOutput { html: None, ..out }))
        })
        .collect()
}

/// Writes everything besides the pages. The docs root's static files come
/// first (the search index replaces a `search/` folder among them); then the
/// search index is finished on one thread while the other files are
/// written on another.
fn write_site_files(
    project: &Project,
    staging: &output::Staging,
    out: &Path,
    options: &BuildOptions,
    index: crate::search::IndexBuilder,
    llms: Option<LlmsFull>,
) -> std::io::Result<()> {
    output::copy_static_files(&project.site.root, out, staging)?;
    let (search, rest) = rayon::join(
        || index.finish(),
        || write_extras(project, staging, options, llms),
    );
    search.and(rest)
}

/// The theme assets, 404 page, sitemap, robots.txt, llms files
/// (`llms-full.txt` only with `markdownSources`) and redirects.
fn write_extras(
    project: &Project,
    staging: &output::Staging,
    options: &BuildOptions,
    llms: Option<LlmsFull>,
) -> std::io::Result<()> {
    let site = &project.site;
    for (path, bytes) in project.theme.assets() {
        staging.put(&path, &bytes)?;
    }
    staging.put(
        Path::new("404.html"),
        project.theme.render_not_found(site).as_bytes(),
    )?;
    let site_url = options.site_url.as_deref();
    staging.put(
        Path::new(extras::SITEMAP),
        extras::sitemap(site, site_url).as_bytes(),
    )?;
    let robots = extras::robots(site_url);
    staging.put(Path::new(extras::ROBOTS), robots.as_bytes())?;
    let llms_index = extras::llms_index(site);
    staging.put(Path::new(extras::LLMS_INDEX), llms_index.as_bytes())?;
    if let Some(llms) = llms {
        llms.finish(site)?
            .into_inner()
            .map_err(|e| e.into_error())?;
    }
    for (path, html) in extras::redirect_pages(site, &project.theme) {
        staging.put(&path, html.as_bytes())?;
    }
    if let Some(text) = extras::redirects_file(site) {
        staging.put(Path::new(extras::REDIRECTS_FILE), text.as_bytes())?;
    }
    Ok(())
}

/// The copy of page `id` shown at `place`, as (output path, HTML).
fn section_root_page(project: &Project, place: &str, id: PageId) -> Option<(PathBuf, String)> {
    let copy = project.site.pages[id].copy_at(place);
    let html = page::render(project, &copy, page::Mode::Build).html?;
    Some((copy.output_path(), html))
}

#[cfg(test)]
mod tests {
    use super::session::tests::docs_root;
    use super::*;

    /// A build reads each page again to render it (see
    /// `content::PageText`); a page saved in between fails the build
    /// instead of pairing the loaded frontmatter with a new body.
    #[test]
    fn a_page_edited_during_the_build_fails_it_and_the_previous_output_stays() {
        let root = docs_root(&[
            (
                "site.json",
                r#"{"name": "S", "navigation": [{"group": "G", "pages": ["a"]}]}"#,
            ),
            ("a.mdx", "---\ntitle: A\n---\nFirst text.\n"),
        ]);
        let out = tempfile::tempdir().unwrap();
        let site = out.path().join("site");
        assert!(!build(root.path(), &site).diagnostics.has_errors());
        let page = site.join("a/index.html");
        let before = std::fs::read_to_string(&page).unwrap();

        let (project, _) = Project::load(root.path());
        let project = project.unwrap();
        let a = root.path().join("a.mdx");
        std::fs::write(&a, "---\ntitle: A\n---\nOther text.\n").unwrap();
        let mut diagnostics = Diagnostics::new();
        let options = BuildOptions::default();
        let written = write_site(&project, Findings::Drop, &site, &options, &mut diagnostics);

        assert!(written.is_none());
        let problem = diagnostics.iter().next().expect("a diagnostic").to_string();
        assert!(
            problem.contains("a.mdx") && problem.contains("changed while the site was being built"),
            "{problem}"
        );
        assert_eq!(std::fs::read_to_string(&page).unwrap(), before);
    }
}
