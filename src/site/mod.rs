//! The site stage: assemble the site from the docs root and write it.
//!
//! A build first loads the project once (`project`): the config, the
//! OpenAPI specs, the pages and the theme, into an immutable [`Project`]
//! that every page job shares; the pages' texts are kept up to a budget.
//!
//! Then it renders the pages as independent jobs in parallel (rayon), a
//! step of `RENDER_STEP` pages at a time (`write_pages`, here): each job
//! reads its page again (unchanged, or the build fails) and writes its HTML
//! and Markdown copy into the staging folder (`write`), or a hard link to the
//! previous output's copy when it holds the same bytes.
//!
//! Last it writes the rest of the site into the staging folder and commits
//! it: the staging folder holds the whole site (files unchanged since the
//! previous output as hard links to it) and is swapped with the output in
//! one step (`output`, `swap`). SIGINT and SIGTERM stop a build before its
//! commit (`stop`):
//!
//! ```text
//! Project::load ─► config ─► specs ─► Site ─► theme       (once, immutable;
//!                  the pages' texts kept up to a budget)
//! per step      ─► per page, in parallel: its file read again (unchanged, or
//!                  the build fails) ─► page::render_text (HTML + search doc)
//!               ─► HTML, Markdown copy ─► staging, unless the previous output
//!                  holds the same bytes; search docs ─► IndexBuilder, LlmsFull
//! then          ─► assets, search index, sitemap, llms.txt, 404, redirects
//!               ─► commit: swap the staging folder and the output in one step
//! ```
//!
//! `check` runs the same load and render jobs and writes nothing.
//!
//! A step's search docs go to the index and `llms-full.txt` (the two sides
//! of a `rayon::join`) while the next step renders. `llms-full.txt` is
//! written in navigation order as pages arrive; only a page rendered before
//! its turn waits, in an unnamed temporary file. After the page jobs the
//! docs root's static files are copied (neither pages, config files nor
//! what `.mintignore` excludes), then the search index is finished on one
//! thread while the other site files are written on another. The places of
//! [`Site::section_roots`](crate::content::Site::section_roots) (the site
//! root, a tab's folder) get a copy of their page, not a meta refresh.
//! Redirect pages keep a destination's `#fragment` or `?query`, and link a
//! file of the docs root as it is. `"markdownSources": false` leaves out the
//! Markdown copies and `llms-full.txt`.
//!
//! In a page job, OpenAPI descriptions and the frontmatter `description`
//! are rendered as untrusted Markdown, their links resolved like the page's
//! own. The aside holds the request and response examples written in the
//! page, else the generated ones, then Try-it.
//!
//! [`Project::load_preview`] is the preview's load: a spec URL that cannot
//! be downloaded (with no cached copy) is a warning, and its endpoint pages
//! say so, instead of an error. The preview answers from memory exactly
//! what the build writes ([`Preview`]) and updates edited pages in place
//! ([`Session`]), from what its build kept of the page jobs
//! (`Findings::Keep`).

mod base_path;
mod channel;
mod checks;
mod compare;
mod diagrams;
mod extras;
mod feed;
mod history;
mod image_size;
pub mod init;
mod links;
mod mcp_card;
pub mod migrate;
mod output;
mod page;
mod page_keys;
mod page_text;
mod preview;
mod progress;
mod project;
mod redirect_pages;
mod schema_page;
mod session;
mod snippets;
mod stop;
mod swap;
pub mod target;
#[cfg(test)]
mod test_support;
mod untrusted_text;
mod write;

use std::collections::HashMap;
use std::path::Path;

use rayon::prelude::*;

use crate::cache::BuildCache;
use crate::content::PageId;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::markdown::{Diagrams, Markdown};
use crate::rules::Rule;
use crate::timings::{Phase, Timings};

pub use extras::relative_sitemap_note;
pub use links::is_external;
pub use preview::Preview;
pub use progress::Progress;
pub use project::{Loading, Project};
pub use session::{Loaded, Session};
pub use snippets::find_snippet;
pub use stop::Stop;
use write::{
    finish_step, hand_over, section_root_page, start_llms_full, write_page_step, write_site_files,
    LlmsFull, RenderedStep,
};

/// What `sheaf check` found.
#[derive(Debug, Default)]
pub struct CheckResult {
    pub diagnostics: Diagnostics,
    /// Every page's class names that may be utilities ([`crate::tailwind`]).
    pub utility_classes: std::collections::BTreeSet<String>,
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
    /// The public URL of the site, for absolute sitemap locations,
    /// canonical links and `hreflang` alternates; its path is the path the
    /// site is published under.
    pub site_url: Option<String>,
    /// `--base-path`: the path the site is published under, without a site
    /// URL (`/docs`).
    pub base_path: Option<String>,
    /// Replace an existing non-empty output folder that sheaf did not write
    /// (never the sources: see [`target`]).
    pub force: bool,
    /// Never download a spec URL: read its cached copy, or build without it
    /// (a warning; its endpoint pages show a notice).
    pub offline: bool,
    /// Set by SIGINT or SIGTERM: the build stops before its commit and
    /// leaves the previous output as it was (see `stop.rs`).
    pub stop: Stop,
    /// What `--timings` measures (off by default).
    pub timings: Timings,
    /// Where the page jobs report how far they are (`--quiet`: nowhere).
    pub progress: Progress,
    /// The build cache (`--cache-dir`, `--no-cache`; the user's cache
    /// folder by default).
    pub cache: BuildCache,
}

impl BuildOptions {
    /// The path the site is published under (`docs`): see [`base_path`].
    pub fn base_path(&self) -> Option<String> {
        base_path(self.site_url.as_deref(), self.base_path.as_deref())
    }
}

/// The path a site is published under (`docs`): the path of its URL
/// (`--site-url`), else `--base-path`'s; `None` when neither names one
/// (then `sheaf.toml`'s `base-path` applies).
pub fn base_path(site_url: Option<&str>, base_path: Option<&str>) -> Option<String> {
    use crate::rules::settings::base_path_of;
    site_url
        .and_then(base_path_of)
        .or_else(|| base_path.and_then(base_path_of))
}

impl Project {
    /// Renders every page in parallel, keeping what the jobs found (not
    /// their HTML).
    fn render_pages(&self, mode: page::Mode) -> Vec<page::PageOutput> {
        self.site
            .pages
            .par_iter()
            .map(|p| page::PageOutput {
                html: None,
                ..(self.timings).page(
                    &page::timed_name(p),
                    || page::render(self, p, mode),
                    |o| &o.work,
                )
            })
            .collect()
    }
}

/// One page job of a build (body, theme, search document) without writing
/// it, for benchmarks: the length of the page's HTML.
pub fn render_page_job(project: &Project, page: &crate::content::Page) -> usize {
    let out = page::render(project, page, page::Mode::Build);
    out.html.map_or(0, |html| html.len())
}

/// Validates everything (config, specs, pages, links) without writing anything.
pub fn check(root: &Path) -> CheckResult {
    check_with(root, Loading::default(), &Timings::off())
}

/// [`check`], loading as `loading` says (`--offline`), its phases measured
/// into `timings` (`--timings`).
pub fn check_with(root: &Path, loading: Loading, timings: &Timings) -> CheckResult {
    if let Err(missing) = target::check_root(root) {
        return CheckResult {
            diagnostics: Diagnostics::from(vec![missing]),
            ..CheckResult::default()
        };
    }
    let diagrams = Diagrams::with_cache(&loading.cache);
    let markdown = Markdown::without_highlighting().with_diagrams(diagrams);
    let (project, mut diagnostics) = Project::load_with(root, markdown, loading, timings);
    let mut utility_classes = std::collections::BTreeSet::new();
    if let Some(project) = project {
        let pages = timings.phase(Phase::Pages, || {
            let first = diagrams::draw_first(&project);
            let pages = project.render_pages(page::Mode::Check);
            diagrams::note(&project, first);
            pages
        });
        for out in pages {
            diagnostics.extend(out.diagnostics);
            utility_classes.extend(out.utility_classes);
        }
    }
    diagnostics.sort();
    CheckResult {
        diagnostics,
        utility_classes,
    }
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
    let loading = Loading {
        offline: options.offline,
        preview: false,
        mcp_server: None,
        site_url: options.site_url.clone(),
        cache: options.cache.clone(),
        base_path: options.base_path(),
    };
    let timings = &options.timings;
    let diagrams = Diagrams::with_cache(&options.cache);
    let markdown = timings
        .phase(Phase::Content, Markdown::new)
        .with_diagrams(diagrams)
        .keeping_highlights_in(&options.cache);
    let (project, mut diagnostics) = Project::load_with(root, markdown, loading, timings);
    let Some(mut project) = project else {
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
    project.theme.site_url.clone_from(&options.site_url);
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
    let io_error = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::Interrupted => {
            Diagnostic::error(out, stop::STOPPED).with_rule(Rule::WriteFailed)
        }
        _ => Diagnostic::error(out, format!("cannot write the site: {e}"))
            .with_rule(Rule::WriteFailed),
    };
    let staging = match output::Staging::new(out) {
        Ok(s) => s,
        Err(e) => {
            diagnostics.push(io_error(e));
            return None;
        }
    };
    let timings = &project.timings;
    let pages = || {
        let first = diagrams::draw_first(project);
        let written = write_pages(project, findings, &staging, options, diagnostics);
        diagrams::note(project, first);
        written
    };
    let written = timings.phase(Phase::Pages, pages);
    options.progress.writing();
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
    let (index, llms, feeds) = (rendered.index, rendered.llms, rendered.feeds);
    let files = || write_site_files(project, &staging, out, options, index, llms, feeds);
    let result = timings.phase(Phase::Writing, files);
    let stopped = |()| options.stop.check();
    let commit = |()| timings.phase(Phase::Writing, || staging.commit());
    match result.and_then(stopped).and_then(commit) {
        Ok(()) => {
            project.markdown.prune_cache();
            Some(rendered.kept)
        }
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
    /// The pages with `rss: true` and their `<Update>`s.
    feeds: Vec<feed::Feed>,
    /// Empty unless [`Findings::Keep`].
    kept: KeptPages,
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
    options: &BuildOptions,
    diagnostics: &mut Diagnostics,
) -> std::io::Result<RenderedPages> {
    let site = &project.site;
    let mut rendered = RenderedPages {
        index: crate::search::IndexBuilder::new(staging.path())?,
        llms: (site.config.markdown_sources)
            .then(|| start_llms_full(site, staging))
            .transpose()?,
        feeds: Vec::new(),
        kept: KeptPages::default(),
    };
    let roots = site.section_roots();
    let page_count = site.pages.len();
    options.progress.pages(page_count);
    let mut previous: Option<RenderedStep> = None;
    let steps = (0..page_count).step_by(RENDER_STEP);
    for ids in steps.map(|start| start..page_count.min(start + RENDER_STEP)) {
        let (outputs, handed) = rayon::join(
            || write_page_step(project, staging, options, ids.clone()),
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
        for (id, mut output) in outputs {
            if keep == Findings::Keep {
                let checks = session::PageChecks::of(&output);
                rendered.kept.checks.extend(checks.map(|c| (id, c)));
            }
            step.add_texts(id, &mut output);
            if let Some(entries) = output.feed.take() {
                rendered.feeds.push(feed::Feed { page: id, entries });
            }
            diagnostics.extend(output.diagnostics);
        }
        previous = Some(step);
    }
    if let Some(step) = previous {
        let done = hand_over(project, staging, &roots, &mut rendered, step)?;
        finish_step(keep, &mut rendered, done);
    }
    Ok(rendered)
}

#[cfg(test)]
mod tests {
    use super::test_support::docs_root;
    use super::*;

    /// A build keeps each page's text as loaded (within its budget, see
    /// `content::PageText`), so a page saved after the load changes
    /// nothing of this build: its site is the one loaded, whole. (Past the
    /// budget a text read again must be unchanged: `content::text`'s
    /// tests.)
    #[test]
    fn a_page_edited_during_the_build_leaves_the_site_as_loaded() {
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

        assert!(written.is_some(), "{diagnostics:?}");
        let after = std::fs::read_to_string(&page).unwrap();
        assert!(after.contains("First text.") && !after.contains("Other text."));
        assert_eq!(after, before);
    }
}
