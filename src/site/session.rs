//! Incremental builds for the live preview. A [`Session`] keeps the loaded
//! project of the last good full build; when only page bodies changed it
//! re-renders just those pages into the served folder (each file replaced
//! atomically) instead of rebuilding the site. Anything that can affect
//! other pages (configuration, specs, snippets, theme, a new page, changed
//! frontmatter) needs a full build.
//!
//! The preview starts in two steps: [`Session::load`] loads the project
//! ([`Loaded`]), whose [`Loaded::preview`] renders pages on demand while
//! [`Loaded::build`] writes the whole site and becomes the session.
//!
//! A body edit costs the same at any site size: the page is found by its
//! source path in a map, the copies of it at section roots were listed at
//! the build, and its search document waits in a small map of edited
//! documents until the index is written, after the reload, off the edit path.
//!
//! The session keeps what each page's job found ([`PageChecks`]), so an
//! update reports the whole site's warnings, not only the edited page's,
//! and when an edit changes a page's headings, the pages linking to them
//! are checked again.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

use rayon::prelude::*;

use super::feed::Feed;
use super::preview::{self, Preview, SharedProject};
use super::target::OutputTarget;
use super::{
    extras, page, write_site, BuildOptions, BuildResult, Findings, KeptPages, Progress, Project,
};
use crate::cache::BuildCache;
use crate::content::PageId;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::markdown::Diagrams;
use crate::rules::Rule;
use crate::search::SearchDoc;

/// The state of the last good full build.
pub struct Session {
    project: SharedProject,
    /// The search documents of the full build, in index order; shared with
    /// background index writers, never changed.
    docs: Arc<Vec<SearchDoc>>,
    /// Each searchable page's place in `docs`.
    doc_of_page: HashMap<PageId, usize>,
    /// Documents of pages edited since the full build, by place in `docs`.
    edited_docs: BTreeMap<usize, Arc<SearchDoc>>,
    /// Each page by its source path (relative to the root).
    page_of_source: HashMap<PathBuf, PageId>,
    /// The copies at the site root and tab folders ([`crate::content::Site::section_roots`]).
    section_roots: Vec<(String, PageId)>,
    search_stale: bool,
    search_generation: u64,
    /// The diagnostics of loading the project (all but the page jobs').
    load_diagnostics: Diagnostics,
    /// What the latest job of each page found, for the pages with
    /// diagnostics or links to other pages' headings.
    checks: HashMap<PageId, PageChecks>,
}

/// What a page job found that the session keeps.
#[derive(Debug, Clone, Default)]
pub(super) struct PageChecks {
    diagnostics: Vec<Diagnostic>,
    /// The other pages whose headings the page links to.
    anchor_targets: Vec<PageId>,
}

impl PageChecks {
    /// What `output` found; `None` when nothing.
    pub(super) fn of(output: &page::PageOutput) -> Option<PageChecks> {
        let found = !output.diagnostics.is_empty() || !output.anchor_targets.is_empty();
        found.then(|| PageChecks {
            diagnostics: output.diagnostics.clone(),
            anchor_targets: output.anchor_targets.clone(),
        })
    }
}

/// A changed page file taken into the project.
struct Edit {
    page: PageId,
    /// Whether its heading ids changed, so links to them need checking.
    headings_changed: bool,
}

/// A project loaded for the preview and not built yet.
pub struct Loaded {
    project: SharedProject,
}

/// A snapshot of the search documents to write as the index, off the
/// thread that handles edits (see [`Session::search_refresh`]).
pub struct SearchRefresh {
    docs: Arc<Vec<SearchDoc>>,
    edited: BTreeMap<usize, Arc<SearchDoc>>,
    generation: u64,
}

impl SearchRefresh {
    /// Writes the index into `out/search`, replacing the old one in one
    /// rename so readers never see it half-written. `written` holds the
    /// newest generation already written; an older snapshot is skipped.
    pub fn write(self, out: &Path, written: &Mutex<u64>) -> io::Result<()> {
        let mut newest = written
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *newest >= self.generation {
            return Ok(());
        }
        let staging = tempfile::Builder::new()
            .prefix(".search-")
            .tempdir_in(out)?;
        let mut docs: Vec<&SearchDoc> = self.docs.iter().collect();
        for (&index, doc) in &self.edited {
            docs[index] = doc;
        }
        crate::search::write_index(&docs, staging.path())?;
        let old = staging.path().join("old");
        let current = out.join("search");
        if current.exists() {
            fs::rename(&current, &old)?;
        }
        fs::rename(staging.path().join("search"), &current)?;
        *newest = self.generation;
        Ok(())
    }
}

impl Loaded {
    /// Renders the files of the build from memory while it runs.
    pub fn preview(&self) -> Preview {
        Preview::new(Arc::clone(&self.project))
    }

    /// Builds the project into `out` like [`super::build`] (under the same
    /// rules for what `out` may be), adding to the load's `diagnostics`; on
    /// success also returns a session that can update pages of that output.
    /// The page jobs report to `progress` (the preview's first build).
    pub fn build(
        self,
        out: &Path,
        mut diagnostics: Diagnostics,
        progress: Progress,
    ) -> (BuildResult, Option<Session>) {
        let failed = |diagnostics| {
            let result = BuildResult {
                pages: 0,
                diagnostics,
            };
            (result, None)
        };
        let root = preview::read(&self.project).site.root.clone();
        let out = match OutputTarget::claim(&root, out, false) {
            Ok(target) => target,
            Err(refused) => {
                diagnostics.push(refused);
                return failed(diagnostics);
            }
        };
        let load_diagnostics = diagnostics.clone();
        let kept = {
            let project = preview::read(&self.project);
            write_site(
                &project,
                Findings::Keep,
                out.path(),
                &BuildOptions {
                    progress,
                    ..BuildOptions::default()
                },
                &mut diagnostics,
            )
        };
        diagnostics.sort();
        match kept {
            Some(kept) if !diagnostics.has_errors() => {
                let session = Session::new(self.project, kept, load_diagnostics);
                let pages = session.page_of_source.len();
                (BuildResult { pages, diagnostics }, Some(session))
            }
            _ => failed(diagnostics),
        }
    }
}

impl Session {
    /// Loads `root` for the preview; `None` (with the reasons) when the
    /// project has errors.
    pub fn load(
        root: &Path,
        diagrams: &Diagrams,
        cache: &BuildCache,
    ) -> (Option<Loaded>, Diagnostics) {
        let (project, diagnostics) = Project::load_preview_with(root, diagrams, cache);
        let loaded = project
            .filter(|_| !diagnostics.has_errors())
            .map(|project| Loaded {
                project: Arc::new(RwLock::new(project)),
            });
        (loaded, diagnostics)
    }

    /// Loads and builds `root` into `out` ([`Session::load`], [`Loaded::build`]).
    pub fn build(
        root: &Path,
        out: &Path,
        diagrams: &Diagrams,
        cache: &BuildCache,
    ) -> (BuildResult, Option<Session>) {
        match Session::load(root, diagrams, cache) {
            (Some(loaded), diagnostics) => loaded.build(out, diagnostics, Progress::default()),
            (None, diagnostics) => {
                let result = BuildResult {
                    pages: 0,
                    diagnostics,
                };
                (result, None)
            }
        }
    }

    /// The session of a good build of `project` that loaded with
    /// `load_diagnostics` and whose page jobs found `kept`.
    fn new(project: SharedProject, kept: KeptPages, load_diagnostics: Diagnostics) -> Session {
        let KeptPages { docs, checks } = kept;
        let (page_of_source, section_roots) = {
            let project = preview::read(&project);
            let site = &project.site;
            // A page listed at several places is loaded again whole.
            let page_of_source = site
                .source_pages()
                .filter(|p| site.listings_of(p.id).is_empty())
                .filter_map(|p| Some((p.source_path.clone()?, p.id)))
                .collect();
            (page_of_source, site.section_roots())
        };
        let doc_of_page = (docs.iter().enumerate())
            .map(|(index, (id, _))| (*id, index))
            .collect();
        let docs = docs.into_iter().map(|(_, doc)| doc).collect();
        Session {
            project,
            docs: Arc::new(docs),
            doc_of_page,
            edited_docs: BTreeMap::new(),
            page_of_source,
            section_roots,
            search_stale: false,
            search_generation: 0,
            load_diagnostics,
            checks,
        }
    }

    /// Re-renders the pages whose source files (relative to the root)
    /// changed and writes them into `out`, the folder of the last build,
    /// and checks again the links of other pages to their headings if
    /// those changed. `None` when a change needs a full build. When a
    /// changed page has errors, nothing is written and the served pages
    /// stay as they were. The result holds the diagnostics of the whole
    /// site as it now is (a page still in error keeps the site failed).
    pub fn update_pages(&mut self, changed: &[&Path], out: &Path) -> Option<BuildResult> {
        let edits = changed
            .iter()
            .map(|path| self.reload_page(path))
            .collect::<Option<Vec<_>>>()?;
        let ids: Vec<PageId> = edits.iter().map(|edit| edit.page).collect();
        let linking = self.pages_linking_to_headings_of(&edits);
        let (rendered, rechecked) = {
            let project = preview::read(&self.project);
            let render = |id: PageId, mode| page::render(&project, &project.site.pages[id], mode);
            let rendered: Vec<_> = ids
                .iter()
                .map(|&id| (id, render(id, page::Mode::Build)))
                .collect();
            let rechecked: Vec<_> = (linking.par_iter())
                .map(|&id| (id, render(id, page::Mode::Check)))
                .collect();
            (rendered, rechecked)
        };
        for (id, output) in rendered.iter().chain(&rechecked) {
            self.keep_checks(*id, output);
        }
        let mut diagnostics = self.site_diagnostics();
        let failed = (rendered.iter())
            .any(|(_, output)| output.diagnostics.iter().any(Diagnostic::is_error));
        if !failed {
            for (id, output) in rendered {
                self.publish(id, output, out, &mut diagnostics);
            }
        }
        diagnostics.sort();
        Some(BuildResult {
            pages: ids.len(),
            diagnostics,
        })
    }

    /// The pages (other than the edited ones) that link to headings of an
    /// edited page whose headings changed.
    fn pages_linking_to_headings_of(&self, edits: &[Edit]) -> Vec<PageId> {
        let changed: Vec<PageId> = (edits.iter())
            .filter(|edit| edit.headings_changed)
            .map(|edit| edit.page)
            .collect();
        let edited = |id: &PageId| edits.iter().any(|edit| edit.page == *id);
        let mut linking: Vec<PageId> = (self.checks.iter())
            .filter(|(id, checks)| {
                !edited(id) && checks.anchor_targets.iter().any(|t| changed.contains(t))
            })
            .map(|(id, _)| *id)
            .collect();
        linking.sort_unstable();
        linking
    }

    /// Keeps what the latest job of page `id` found.
    fn keep_checks(&mut self, id: PageId, output: &page::PageOutput) {
        match PageChecks::of(output) {
            Some(checks) => self.checks.insert(id, checks),
            None => self.checks.remove(&id),
        };
    }

    /// The diagnostics of the site as it now is: loading's and every
    /// page job's latest.
    fn site_diagnostics(&self) -> Diagnostics {
        let mut diagnostics = self.load_diagnostics.clone();
        for checks in self.checks.values() {
            diagnostics.extend(checks.diagnostics.iter().cloned());
        }
        diagnostics
    }

    /// Writes the re-rendered page `id` and queues its search document.
    fn publish(
        &mut self,
        id: PageId,
        mut output: page::PageOutput,
        out: &Path,
        diagnostics: &mut Diagnostics,
    ) {
        let html = output.html.as_deref().unwrap_or_default();
        let feed = output.feed.take().map(|entries| Feed { page: id, entries });
        if let Err(e) = self.write_page(id, html, feed, out) {
            diagnostics.push(
                Diagnostic::error(out, format!("cannot write the page: {e}"))
                    .with_rule(Rule::WriteFailed),
            );
        }
        let index = self.doc_of_page.get(&id);
        if let (Some(&index), Some(doc)) = (index, output.search) {
            self.edited_docs.insert(index, Arc::new(doc));
            self.search_stale = true;
        }
    }

    /// The search documents to write after page updates, if any changed.
    /// The caller writes them after the reload signal, off the edit path.
    pub fn search_refresh(&mut self) -> Option<SearchRefresh> {
        if !std::mem::take(&mut self.search_stale) {
            return None;
        }
        self.search_generation += 1;
        Some(SearchRefresh {
            docs: Arc::clone(&self.docs),
            edited: self.edited_docs.clone(),
            generation: self.search_generation,
        })
    }

    /// Reads a changed page file into the project. `None` when the file is
    /// not a known page or more than its body changed (the navigation,
    /// titles or endpoints of other pages may depend on it).
    fn reload_page(&mut self, path: &Path) -> Option<Edit> {
        let id = *self.page_of_source.get(path)?;
        let docs = preview::read(&self.project).site.docs.clone();
        let text = docs.read_to_string(path).ok()?;
        let mut project = self
            .project
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let page = &mut project.site.pages[id];
        let headings = page.heading_ids.clone();
        page.take_new_text(text).then(|| Edit {
            page: id,
            headings_changed: page.heading_ids != headings,
        })
    }

    /// Writes page `id`'s HTML, its `rss.xml` when it has one, its copies at
    /// section roots and its Markdown copy.
    fn write_page(&self, id: PageId, html: &str, feed: Option<Feed>, out: &Path) -> io::Result<()> {
        let project = preview::read(&self.project);
        let page = &project.site.pages[id];
        replace_file(&out.join(page.output_path()), html.as_bytes())?;
        if let Some(feed) = feed {
            let xml = super::feed::rss(&project.site, &feed, None);
            replace_file(&out.join(super::feed::path(page)), xml.as_bytes())?;
        }
        let copies = self.section_roots.iter().filter(|(_, of)| *of == id);
        for (place, _) in copies {
            if let Some((path, copy)) = super::section_root_page(&project, place, id) {
                replace_file(&out.join(path), copy.as_bytes())?;
            }
        }
        if !project.site.config.markdown_sources {
            return Ok(());
        }
        let text = page.text(&project.site.root).map_err(io::Error::other)?;
        let markdown = extras::markdown_source(page, &text, &project.site.config.variables);
        replace_file(&out.join(extras::markdown_path(page)), markdown.as_bytes())
    }
}

/// Writes `path` through a temporary file and a rename, so a reader never
/// sees a half-written file.
fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let parent = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let mut temp = tempfile::NamedTempFile::new_in(parent)?;
    io::Write::write_all(&mut temp, bytes)?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests;
