//! Incremental builds for the live preview. A [`Session`] keeps the loaded
//! project of the last good full build; when only page bodies changed it
//! re-renders just those pages into the served folder (each file replaced
//! atomically) instead of rebuilding the site. Anything that can affect
//! other pages (configuration, specs, snippets, theme, a new page, changed
//! frontmatter) needs a full build.

use std::fs;
use std::io;
use std::path::Path;
use std::sync::{Arc, Mutex};

use super::target::OutputTarget;
use super::{extras, page, write_site, BuildOptions, BuildResult, Keep, Project};
use crate::content::split_frontmatter;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::search::SearchDoc;

/// The state of the last good full build.
pub struct Session {
    project: Project,
    /// Shared with background index writers; copied only if one is running.
    docs: Arc<Vec<SearchDoc>>,
    search_stale: bool,
    search_generation: u64,
}

/// A snapshot of the search documents to write as the index, off the
/// thread that handles edits (see [`Session::search_refresh`]).
pub struct SearchRefresh {
    docs: Arc<Vec<SearchDoc>>,
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
        crate::search::write_index(&self.docs, staging.path())?;
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

impl Session {
    /// Builds `root` into `out` like [`super::build`] (under the same rules
    /// for what `out` may be); on success also returns a session that can
    /// update pages of that output.
    pub fn build(root: &Path, out: &Path) -> (BuildResult, Option<Session>) {
        let out = match OutputTarget::claim(root, out, false) {
            Ok(target) => target,
            Err(refused) => {
                let result = BuildResult {
                    pages: 0,
                    diagnostics: Diagnostics::from(vec![refused]),
                };
                return (result, None);
            }
        };
        let out = out.path();
        let (project, mut diagnostics) = Project::load_preview(root);
        let Some(mut project) = project.filter(|_| !diagnostics.has_errors()) else {
            return (
                BuildResult {
                    pages: 0,
                    diagnostics,
                },
                None,
            );
        };
        let docs = write_site(
            &mut project,
            out,
            &BuildOptions::default(),
            &mut diagnostics,
            Keep::Everything,
        );
        diagnostics.sort();
        match docs {
            Some(docs) if !diagnostics.has_errors() => {
                let pages = project.site.pages.len();
                let session = Session {
                    project,
                    docs: Arc::new(docs),
                    search_stale: false,
                    search_generation: 0,
                };
                (BuildResult { pages, diagnostics }, Some(session))
            }
            _ => (
                BuildResult {
                    pages: 0,
                    diagnostics,
                },
                None,
            ),
        }
    }

    /// Re-renders the pages whose source files (relative to the root)
    /// changed and writes them into `out`, the folder of the last build.
    /// `None` when a change needs a full build. With errors, nothing is
    /// written and the served pages stay as they were.
    pub fn update_pages(&mut self, changed: &[&Path], out: &Path) -> Option<BuildResult> {
        let ids = changed
            .iter()
            .map(|path| self.reload_page(path))
            .collect::<Option<Vec<_>>>()?;
        let mut diagnostics = Diagnostics::new();
        let mut rendered = Vec::new();
        for &id in &ids {
            let output = page::render(
                &self.project,
                &self.project.site.pages[id],
                page::Mode::Build,
            );
            diagnostics.extend(output.diagnostics.iter().cloned());
            rendered.push((id, output));
        }
        if !diagnostics.has_errors() {
            for (id, output) in rendered {
                if let Err(e) = self.write_page(id, output.html.as_deref().unwrap_or_default(), out)
                {
                    diagnostics.push(Diagnostic::error(
                        out,
                        format!("cannot write the page: {e}"),
                    ));
                }
                if let Some(doc) = output.search {
                    Arc::make_mut(&mut self.docs)[id] = doc;
                }
            }
            self.search_stale = true;
        }
        diagnostics.sort();
        Some(BuildResult {
            pages: ids.len(),
            diagnostics,
        })
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
            generation: self.search_generation,
        })
    }

    /// Reads a changed page file into the project. `None` when the file is
    /// not a known page or its frontmatter changed (the navigation, titles
    /// or endpoints of other pages may depend on it).
    fn reload_page(&mut self, path: &Path) -> Option<usize> {
        let site = &mut self.project.site;
        let id = site
            .pages
            .iter()
            .position(|p| p.source_path.as_deref() == Some(path))?;
        let source = fs::read_to_string(site.root.join(path)).ok()?;
        let (split, problem) = split_frontmatter(&source, path);
        let page = &mut site.pages[id];
        if problem.is_some() || split.frontmatter != page.frontmatter {
            return None;
        }
        page.body_start = source.len() - split.body.len();
        page.body_line_offset = split.body_line_offset;
        page.source = source;
        self.project.anchors.update(page);
        Some(id)
    }

    fn write_page(&self, id: usize, html: &str, out: &Path) -> io::Result<()> {
        let page = &self.project.site.pages[id];
        replace_file(&out.join(page.output_path()), html.as_bytes())?;
        for (path, copy) in super::section_root_pages(&self.project, Some(id)) {
            replace_file(&out.join(path), copy.as_bytes())?;
        }
        if !self.project.site.config.markdown_sources {
            return Ok(());
        }
        let markdown = extras::markdown_source(page);
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

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("site.json"),
            r#"{"name": "S", "navigation": [{"group": "G", "pages": ["a", "b"]}]}"#,
        )
        .unwrap();
        fs::write(
            dir.path().join("a.mdx"),
            "---\ntitle: A\n---\nFirst text.\n",
        )
        .unwrap();
        fs::write(
            dir.path().join("b.mdx"),
            "---\ntitle: B\n---\nOther page.\n",
        )
        .unwrap();
        dir
    }

    #[test]
    fn a_body_edit_rewrites_only_that_page() {
        let root = site();
        let out = tempfile::tempdir().unwrap();
        let served = out.path().join("site");
        let (result, session) = Session::build(root.path(), &served);
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

    #[test]
    fn frontmatter_changes_and_unknown_files_need_a_full_build() {
        let root = site();
        let out = tempfile::tempdir().unwrap();
        let served = out.path().join("site");
        let mut session = Session::build(root.path(), &served).1.unwrap();
        fs::write(
            root.path().join("a.mdx"),
            "---\ntitle: Renamed\n---\nFirst text.\n",
        )
        .unwrap();
        assert!(session
            .update_pages(&[Path::new("a.mdx")], &served)
            .is_none());
        fs::write(root.path().join("new.mdx"), "# New\n").unwrap();
        assert!(session
            .update_pages(&[Path::new("new.mdx")], &served)
            .is_none());
    }
}
