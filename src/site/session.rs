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
    pub fn load(root: &Path, diagrams: &Diagrams) -> (Option<Loaded>, Diagnostics) {
        let (project, diagnostics) = Project::load_preview_with(root, diagrams);
        let loaded = project
            .filter(|_| !diagnostics.has_errors())
            .map(|project| Loaded {
                project: Arc::new(RwLock::new(project)),
            });
        (loaded, diagnostics)
    }

    /// Loads and builds `root` into `out` ([`Session::load`], [`Loaded::build`]).
    pub fn build(root: &Path, out: &Path, diagrams: &Diagrams) -> (BuildResult, Option<Session>) {
        match Session::load(root, diagrams) {
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
mod tests {
    use super::*;
    use crate::site::test_support::docs_root;

    fn site() -> tempfile::TempDir {
        docs_root(&[
            (
                "site.json",
                r#"{"name": "S", "navigation": [{"group": "G", "pages": ["a", "b"]}]}"#,
            ),
            ("a.mdx", "---\ntitle: A\n---\nFirst text.\n"),
            ("b.mdx", "---\ntitle: B\n---\nOther page.\n"),
        ])
    }

    #[test]
    fn a_body_edit_rewrites_only_that_page() {
        let root = site();
        let out = tempfile::tempdir().unwrap();
        let served = out.path().join("site");
        let (result, session) = Session::build(root.path(), &served, &Diagrams::new());
        assert!(!result.diagnostics.has_errors());
        let mut session = session.unwrap();
        let b_before = fs::metadata(served.join("b/index.html"))
            .unwrap()
            .modified()
            .unwrap();

        fs::write(
            root.path().join("a.mdx"),
            "---\ntitle: A\n---\nSecond text.\n",
        )
        .unwrap();
        let update = session
            .update_pages(&[Path::new("a.mdx")], &served)
            .unwrap();
        assert_eq!(update.pages, 1);
        let a = fs::read_to_string(served.join("a/index.html")).unwrap();
        assert!(a.contains("Second text."));
        assert!(fs::read_to_string(served.join("a.md"))
            .unwrap()
            .contains("Second text."));
        let b_after = fs::metadata(served.join("b/index.html"))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(b_before, b_after, "the other page was not rewritten");
        let refresh = session
            .search_refresh()
            .expect("the page's search data changed");
        refresh.write(&served, &Mutex::new(0)).unwrap();
        assert!(served.join("search/meta.js").is_file());
        assert!(session.search_refresh().is_none(), "nothing more to write");
    }

    /// Every file under `dir` that contains `needle`.
    fn files_containing(dir: &Path, needle: &str) -> usize {
        walkdir::WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| fs::read_to_string(e.path()).is_ok_and(|t| t.contains(needle)))
            .count()
    }

    #[test]
    fn an_edit_after_a_page_left_out_of_search_updates_its_own_search_entry() {
        let root = site();
        fs::write(
            root.path().join("a.mdx"),
            "---\ntitle: A\nhidden: true\n---\nHidden text.\n",
        )
        .unwrap();
        let out = tempfile::tempdir().unwrap();
        let served = out.path().join("site");
        let mut session = Session::build(root.path(), &served, &Diagrams::new())
            .1
            .unwrap();
        fs::write(
            root.path().join("b.mdx"),
            "---\ntitle: B\n---\nZebrafish page.\n",
        )
        .unwrap();
        session
            .update_pages(&[Path::new("b.mdx")], &served)
            .unwrap();
        let refresh = session.search_refresh().unwrap();
        refresh.write(&served, &Mutex::new(0)).unwrap();
        let search = served.join("search");
        assert!(files_containing(&search, "zebrafish") > 0);
        assert_eq!(files_containing(&search, "Hidden text"), 0);
    }

    /// The warnings of `result` as `file: message` lines.
    fn warnings(result: &BuildResult) -> Vec<String> {
        (result.diagnostics.iter())
            .map(|d| format!("{}: {}", d.file.display(), d.message))
            .collect()
    }

    #[test]
    fn a_body_edit_keeps_other_pages_warnings_and_checks_again_the_links_to_its_headings() {
        let root = docs_root(&[
            (
                "site.json",
                r#"{"name": "S", "navigation": [{"group": "G", "pages": ["a", "b", "c"]}]}"#,
            ),
            ("a.mdx", "---\ntitle: A\n---\nSee [setup](/b#setup).\n"),
            ("b.mdx", "---\ntitle: B\n---\n## Setup\n\nText.\n"),
            ("c.mdx", "---\ntitle: C\n---\nA [missing page](/nowhere).\n"),
        ]);
        let out = tempfile::tempdir().unwrap();
        let served = out.path().join("site");
        let (result, session) = Session::build(root.path(), &served, &Diagrams::new());
        let mut session = session.unwrap();
        let missing = "c.mdx: link `/nowhere` points to a page that does not exist";
        assert_eq!(warnings(&result), [missing]);
        let mut edit = |file: &str, body: &str| {
            let title = file.trim_end_matches(".mdx").to_uppercase();
            let text = format!("---\ntitle: {title}\n---\n{body}\n");
            fs::write(root.path().join(file), text).unwrap();
            let update = session.update_pages(&[Path::new(file)], &served);
            warnings(&update.expect("a body edit"))
        };

        let broken = "a.mdx: no heading `#setup` on page `b`";
        assert_eq!(edit("b.mdx", "## Install\n\nText."), [broken, missing]);
        assert_eq!(edit("a.mdx", "See [install](/b#install)."), [missing]);
        let broken_again = "a.mdx: no heading `#install` on page `b`";
        assert_eq!(edit("b.mdx", "## Setup\n\nText."), [broken_again, missing]);
    }

    #[test]
    fn frontmatter_changes_and_unknown_files_need_a_full_build() {
        let root = site();
        let out = tempfile::tempdir().unwrap();
        let served = out.path().join("site");
        let mut session = Session::build(root.path(), &served, &Diagrams::new())
            .1
            .unwrap();
        fs::write(
            root.path().join("a.mdx"),
            "---\ntitle: Renamed\n---\nFirst text.\n",
        )
        .unwrap();
        assert!(session
            .update_pages(&[Path::new("a.mdx")], &served)
            .is_none());
        // A page titled by its first heading: a new heading renames it.
        fs::write(root.path().join("b.mdx"), "# Bee\n\nOther page.\n").unwrap();
        let mut session = Session::build(root.path(), &served, &Diagrams::new())
            .1
            .unwrap();
        fs::write(root.path().join("b.mdx"), "# Bee\n\nEdited.\n").unwrap();
        assert!(session
            .update_pages(&[Path::new("b.mdx")], &served)
            .is_some());
        fs::write(root.path().join("b.mdx"), "# Wasp\n\nEdited.\n").unwrap();
        assert!(session
            .update_pages(&[Path::new("b.mdx")], &served)
            .is_none());
        fs::write(root.path().join("new.mdx"), "# New\n").unwrap();
        assert!(session
            .update_pages(&[Path::new("new.mdx")], &served)
            .is_none());
    }
}
