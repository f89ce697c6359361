//! What a build writes into the staging folder: the pages of a step,
//! rendered and written in parallel (HTML, Markdown copy); the step handed
//! over (its copies at section roots, its search docs to the index and
//! `llms-full.txt`) and, with `Findings::Keep`, kept; and once every page is
//! written, the files besides the pages (static files, search index, theme
//! assets, 404, sitemap, robots.txt, llms files, redirects).

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use std::collections::HashMap;

use super::page_text::LlmsText;
use super::{extras, feed, output, page, BuildOptions, Findings, Project, RenderedPages};
use crate::content::{PageId, Site};
use crate::search::{SearchDoc, SearchSection};
use crate::timings::Phase;

/// `llms-full.txt`, written into the staging folder as pages are rendered.
pub(super) type LlmsFull = extras::LlmsFull<std::io::BufWriter<std::fs::File>>;

pub(super) fn start_llms_full(site: &Site, staging: &output::Staging) -> std::io::Result<LlmsFull> {
    let file = staging.create(Path::new(extras::LLMS_FULL))?;
    LlmsFull::new(site, staging.path(), std::io::BufWriter::new(file))
}

/// A step of rendered pages: their ids, the search docs of those that
/// have one with their page ids, and what `llms-full.txt` takes of each
/// navigation page.
pub(super) struct RenderedStep {
    ids: std::ops::Range<PageId>,
    doc_ids: Vec<PageId>,
    docs: Vec<crate::search::SearchDoc>,
    llms: Vec<(PageId, LlmsText)>,
}

impl RenderedStep {
    pub(super) fn new(ids: std::ops::Range<PageId>) -> Self {
        RenderedStep {
            ids,
            doc_ids: Vec::new(),
            docs: Vec::new(),
            llms: Vec::new(),
        }
    }

    /// Takes what page `id`'s job made for search and `llms-full.txt`.
    pub(super) fn add_texts(&mut self, id: PageId, output: &mut page::PageOutput) {
        if let Some(doc) = output.search.take() {
            self.doc_ids.push(id);
            self.docs.push(doc);
        }
        self.llms.extend(output.llms.take().map(|text| (id, text)));
    }

    /// Each navigation page's sections for `llms-full.txt`: its own, or
    /// its search document's.
    fn llms_sections(&self) -> Vec<(PageId, &[SearchSection])> {
        let docs: HashMap<PageId, &SearchDoc> =
            self.doc_ids.iter().copied().zip(&self.docs).collect();
        let mut out = Vec::with_capacity(self.llms.len());
        for (id, text) in &self.llms {
            match text {
                LlmsText::Own(sections) => out.push((*id, sections.as_slice())),
                LlmsText::Search => out.extend(docs.get(id).map(|d| (*id, d.sections.as_slice()))),
            }
        }
        out
    }
}

/// Writes the step's copies at section roots and hands its docs to the
/// index and `llms-full.txt`.
pub(super) fn hand_over(
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
    (project.timings).work(Phase::SearchIndex, || rendered.index.add(&step.docs))?;
    if let Some(llms) = &mut rendered.llms {
        llms.add_step(&project.site, step.ids.clone(), step.llms_sections())?;
    }
    Ok(step)
}

/// Keeps the step's docs with [`Findings::Keep`].
pub(super) fn finish_step(keep: Findings, rendered: &mut RenderedPages, step: RenderedStep) {
    if keep == Findings::Keep {
        let docs = step.doc_ids.into_iter().zip(step.docs);
        rendered.kept.docs.extend(docs);
    }
}

/// Renders the pages `ids` in parallel and writes them; returns what each
/// job found besides the HTML, with its page id.
pub(super) fn write_page_step(
    project: &Project,
    staging: &output::Staging,
    options: &BuildOptions,
    ids: std::ops::Range<PageId>,
) -> std::io::Result<Vec<(PageId, page::PageOutput)>> {
    let markdown_sources = project.site.config.markdown_sources;
    project.site.pages[ids]
        .par_iter()
        .map(|page| {
            options.stop.check()?;
            let text = match page::read_text(project, page) {
                Ok(text) => text,
                Err(problem) => return Ok((page.id, page::PageOutput::failed(problem))),
            };
            let render = || page::render_text(project, page, &text, page::Mode::Build);
            let out = project
                .timings
                .page(&page::timed_name(page), render, |o| &o.work);
            if let Some(html) = &out.html {
                staging.put(&page.output_path(), html.as_bytes())?;
                let cards = project
                    .cards()
                    .filter(|_| crate::thumbnails::wanted(&project.site, page));
                if let Some(cards) = cards {
                    staging.put(&crate::thumbnails::path(page), &cards.card(page))?;
                }
                if markdown_sources {
                    let markdown =
                        extras::markdown_source(page, &text, &project.site.config.variables);
                    staging.put(&extras::markdown_path(page), markdown.as_bytes())?;
                }
            }
            options.progress.page_done();
            Ok((page.id, page::PageOutput { html: None, ..out }))
        })
        .collect()
}

/// Writes everything besides the pages. The docs root's static files come
/// first (the search index replaces a `search/` folder among them); then the
/// search index is finished on one thread while the other files are
/// written on another.
pub(super) fn write_site_files(
    project: &Project,
    staging: &output::Staging,
    out: &Path,
    options: &BuildOptions,
    index: crate::search::IndexBuilder,
    llms: Option<LlmsFull>,
    feeds: Vec<feed::Feed>,
) -> std::io::Result<()> {
    output::copy_static_files(&project.site.root, out, staging)?;
    let (search, rest) = rayon::join(
        || project.timings.work(Phase::SearchIndex, || index.finish()),
        || write_extras(project, staging, options, llms, &feeds),
    );
    search.and(rest)
}

/// The theme assets, 404 page, sitemap, robots.txt, llms files
/// (`llms-full.txt` only with `markdownSources`), feeds and redirects.
fn write_extras(
    project: &Project,
    staging: &output::Staging,
    options: &BuildOptions,
    llms: Option<LlmsFull>,
    feeds: &[feed::Feed],
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
    for feed in feeds {
        let xml = feed::rss(site, feed, site_url);
        staging.put(&feed::path(&site.pages[feed.page]), xml.as_bytes())?;
    }
    let llms_index = extras::llms_index(site, site_url);
    staging.put(Path::new(extras::LLMS_INDEX), llms_index.as_bytes())?;
    let mcp_server = site.config.mcp_server.as_deref();
    if let Some(card) = super::mcp_card::server_card(&site.config.name, mcp_server, site_url) {
        for path in super::mcp_card::CARD_PATHS {
            staging.put(Path::new(path), card.as_bytes())?;
        }
    }
    if let Some(llms) = llms {
        llms.finish(site)?
            .into_inner()
            .map_err(|e| e.into_error())?;
    }
    for (path, html) in super::redirect_pages::redirect_pages(site, &project.theme) {
        staging.put(&path, html.as_bytes())?;
    }
    if let Some(text) = extras::redirects_file(site) {
        staging.put(Path::new(extras::REDIRECTS_FILE), text.as_bytes())?;
    }
    Ok(())
}

/// The copy of page `id` shown at `place`, as (output path, HTML).
pub(super) fn section_root_page(
    project: &Project,
    place: &str,
    id: PageId,
) -> Option<(PathBuf, String)> {
    let copy = project.site.pages[id].copy_at(place);
    let html = page::render(project, &copy, page::Mode::Build).html?;
    Some((copy.output_path(), html))
}
