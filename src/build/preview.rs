//! Rendering on demand for the live preview, while the full build of the
//! same loaded project is still writing the served folder.
//!
//! A [`Preview`] answers the files a build writes from memory only (page
//! jobs, the copies at the site root and tab folders, the theme's assets,
//! `404.html`), each exactly as the build writes it: the same
//! [`page::render`] of the same project. Everything else (static files,
//! search index, sitemap, Markdown sources, redirects) is `None`, and the
//! caller waits for the build. So is a page path a static file of the docs
//! root or a redirect would overwrite in the built folder.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock, RwLockReadGuard};

use super::{extras, page, Project};
use crate::content::PageId;

/// A loaded project shared by the full build, the preview's renders and the
/// session's page updates (which alone write to it).
pub(super) type SharedProject = Arc<RwLock<Project>>;

/// Reads `project`, also after a panic elsewhere (renders do not leave it
/// half-changed: only [`super::Session`] writes, between renders).
pub(super) fn read(project: &SharedProject) -> RwLockReadGuard<'_, Project> {
    project
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a path of the built folder holds, when memory can answer it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    /// A page's own HTML (unless a static file of the docs root has the
    /// same path: static files are copied over pages).
    Page(PageId),
    /// A copy of a page at the site root or a tab folder.
    Copy(String, PageId),
    /// A theme asset (`_sheaf/…`), by its index in `assets`.
    Asset(usize),
    /// The not-found page.
    NotFound,
}

/// The files of a build that can be rendered from the loaded project.
pub struct Preview {
    project: SharedProject,
    routes: HashMap<PathBuf, Route>,
    assets: Vec<Vec<u8>>,
}

impl fmt::Debug for Preview {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Preview")
            .field("routes", &self.routes.len())
            .finish_non_exhaustive()
    }
}

impl Preview {
    /// The routes of `project`, in the order the build writes them (a
    /// later file replaces an earlier one of the same path).
    pub(super) fn new(project: SharedProject) -> Preview {
        let (routes, assets) = {
            let project = read(&project);
            routes(&project)
        };
        Preview {
            project,
            routes,
            assets,
        }
    }

    /// The bytes the build writes at `relative` (a path inside the output
    /// folder), or `None` when they do not come from memory.
    pub fn file(&self, relative: &Path) -> Option<Vec<u8>> {
        let route = self.routes.get(relative)?;
        let project = read(&self.project);
        match route {
            Route::Page(id) => {
                // A static file of the same path is copied over the page.
                if project.site.root.join(relative).exists() {
                    return None;
                }
                let page = &project.site.pages[*id];
                page::render(&project, page, page::Mode::Build)
                    .html
                    .map(String::into_bytes)
            }
            Route::Copy(place, id) => {
                let copy = project.site.pages[*id].copy_at(place);
                page::render(&project, &copy, page::Mode::Build)
                    .html
                    .map(String::into_bytes)
            }
            Route::Asset(index) => self.assets.get(*index).cloned(),
            Route::NotFound => Some(project.theme.render_not_found(&project.site).into_bytes()),
        }
    }
}

/// Every path memory answers, and the theme's asset bytes.
fn routes(project: &Project) -> (HashMap<PathBuf, Route>, Vec<Vec<u8>>) {
    let site = &project.site;
    let mut routes: HashMap<PathBuf, Route> = site
        .pages
        .iter()
        .map(|page| (page.output_path(), Route::Page(page.id)))
        .collect();
    let mut assets = Vec::new();
    for (path, bytes) in project.theme.assets() {
        routes.insert(path, Route::Asset(assets.len()));
        assets.push(bytes);
    }
    for (place, id) in site.section_roots() {
        let path = site.pages[id].copy_at(&place).output_path();
        routes.insert(path, Route::Copy(place, id));
    }
    routes.insert(PathBuf::from("404.html"), Route::NotFound);
    for (path, _) in extras::redirect_pages(site, &project.theme) {
        routes.remove(&path);
    }
    (routes, assets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::session::tests::docs_root;
    use std::fs;

    fn site() -> tempfile::TempDir {
        docs_root(&[
            (
                "site.json",
                r#"{"name": "S", "navigation": [{"group": "G", "pages": ["guide/a", "b"]}],
                    "redirects": [{"source": "/old", "destination": "/b"}]}"#,
            ),
            ("guide/a.mdx", "---\ntitle: A\n---\nText A.\n"),
            ("b.mdx", "---\ntitle: B\n---\nText B.\n"),
        ])
    }

    fn preview(root: &Path) -> Preview {
        let (project, diagnostics) = Project::load_preview(root);
        assert!(!diagnostics.has_errors(), "{diagnostics:?}");
        Preview::new(Arc::new(RwLock::new(project.unwrap())))
    }

    #[test]
    fn pages_copies_assets_and_404_come_from_memory() {
        let root = site();
        let preview = preview(root.path());
        let a = preview.file(Path::new("guide/a/index.html")).unwrap();
        assert!(String::from_utf8(a).unwrap().contains("Text A."));
        let home = preview.file(Path::new("index.html")).unwrap();
        assert!(String::from_utf8(home).unwrap().contains("Text A."));
        assert!(preview.file(Path::new("404.html")).is_some());
        let css = preview
            .routes
            .keys()
            .find(|p| p.extension().is_some_and(|e| e == "css"))
            .unwrap();
        assert!(!preview.file(css).unwrap().is_empty());
    }

    #[test]
    fn other_files_and_overwritten_pages_are_left_to_the_build() {
        let root = site();
        let preview = preview(root.path());
        for path in ["sitemap.xml", "search/meta.js", "b.md", "old/index.html"] {
            assert_eq!(preview.file(Path::new(path)), None, "{path}");
        }
        fs::create_dir_all(root.path().join("b")).unwrap();
        fs::write(root.path().join("b/index.html"), "static").unwrap();
        assert_eq!(preview.file(Path::new("b/index.html")), None);
    }
}
