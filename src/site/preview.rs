//! Rendering on demand for the live preview, while the full build of the
//! same loaded project is still writing the served folder.
//!
//! A [`Preview`] answers the files a build writes from memory (page jobs,
//! the copies at the site root and tab folders, the theme's assets,
//! `404.html`), each exactly as the build writes it: the same
//! [`page::render`] of the same project, and the static files of the docs
//! root (images, downloads) from the root itself, which the build copies
//! as they are, and the redirect pages. Everything else (search index,
//! sitemap, Markdown sources) is `None`, and the caller waits for the build. The build's
//! order decides a path both name: a static file is copied over a page,
//! and the site files written last (theme assets, `404.html`, sitemap,
//! robots, llms files, redirects, `search/`) over a static file.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock, RwLockReadGuard};

use super::extras::SITE_FILES;
use super::links::is_static_asset;
use super::redirect_pages;
use super::{page, Project};
use crate::content::PageId;
use crate::mintignore::MintIgnore;
use crate::sources::is_marked_folder;

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
    /// A redirect page, by its index in `redirects`.
    Redirect(usize),
}

/// The files of a build that can be rendered from the loaded project.
pub struct Preview {
    project: SharedProject,
    routes: HashMap<PathBuf, Route>,
    assets: Vec<Vec<u8>>,
    /// The redirect pages' HTML.
    redirects: Vec<String>,
    /// The docs root's static files, as the build copies them.
    statics: StaticFiles,
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
        let (routes, assets, redirects, statics) = {
            let project = read(&project);
            let (paths, redirects): (Vec<PathBuf>, Vec<String>) =
                redirect_pages::redirect_pages(&project.site, &project.theme)
                    .into_iter()
                    .unzip();
            let (mut routes, assets) = routes(&project, &paths);
            for (index, path) in paths.iter().enumerate() {
                routes.insert(path.clone(), Route::Redirect(index));
            }
            (routes, assets, redirects, StaticFiles::new(&project, paths))
        };
        Preview {
            project,
            routes,
            assets,
            redirects,
            statics,
        }
    }

    /// The bytes the build writes at `relative` (a path inside the output
    /// folder), or `None` when they do not come from memory.
    pub fn file(&self, relative: &Path) -> Option<Vec<u8>> {
        let route = self.routes.get(relative);
        if matches!(route, None | Some(Route::Page(_) | Route::Copy(..))) {
            // A static file is copied over pages and their copies.
            if let Some(bytes) = self.statics.read(relative) {
                return Some(bytes);
            }
        }
        let project = read(&self.project);
        match route? {
            Route::Page(id) => {
                // Something else of the root stands there: left to the build.
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
            Route::Redirect(index) => self
                .redirects
                .get(*index)
                .map(|html| html.clone().into_bytes()),
        }
    }
}

/// The docs root's static files, read where they are: what the build's
/// `copy_static_files` copies and nothing it writes over later.
#[derive(Debug)]
struct StaticFiles {
    /// The docs root, its links resolved.
    root: PathBuf,
    ignore: MintIgnore,
    /// Redirect pages, written over a static file of the same path.
    redirects: HashSet<PathBuf>,
}

impl StaticFiles {
    fn new(project: &Project, redirects: Vec<PathBuf>) -> StaticFiles {
        let root = &project.site.root;
        StaticFiles {
            root: std::fs::canonicalize(root).unwrap_or_else(|_| root.clone()),
            ignore: MintIgnore::load(root),
            redirects: redirects.into_iter().collect(),
        }
    }

    /// The bytes of the static file `relative`, if the build copies one
    /// there and nothing over it. A path through a link is not read (the
    /// build's walk does not follow links either).
    fn read(&self, relative: &Path) -> Option<Vec<u8>> {
        let written_later = relative.starts_with("search")
            || SITE_FILES.iter().any(|name| relative == Path::new(name))
            || self.redirects.contains(relative);
        if written_later || !is_static_asset(relative) || self.ignore.is_excluded(relative) {
            return None;
        }
        let folders = relative
            .ancestors()
            .skip(1)
            .filter(|a| !a.as_os_str().is_empty());
        if folders
            .map(|a| self.root.join(a))
            .any(|a| is_marked_folder(&a))
        {
            return None;
        }
        let path = self.root.join(relative);
        let real = std::fs::canonicalize(&path).ok()?;
        (real == path).then(|| std::fs::read(real).ok())?
    }
}

/// Every path memory answers (none a redirect page is written at), and
/// the theme's asset bytes.
fn routes(project: &Project, redirects: &[PathBuf]) -> (HashMap<PathBuf, Route>, Vec<Vec<u8>>) {
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
    for path in redirects {
        routes.remove(path);
    }
    (routes, assets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::test_support::docs_root;
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
    fn other_files_are_left_to_the_build() {
        let root = site();
        let preview = preview(root.path());
        for path in ["sitemap.xml", "search/meta.js", "b.md"] {
            assert_eq!(preview.file(Path::new(path)), None, "{path}");
        }
    }

    #[test]
    fn redirect_pages_come_from_memory() {
        let root = site();
        let preview = preview(root.path());
        let redirect = preview.file(Path::new("old/index.html")).unwrap();
        let redirect = String::from_utf8(redirect).unwrap();
        assert!(redirect.contains("url=../b/"), "{redirect}");
        let folder = preview.file(Path::new("guide/index.html")).unwrap();
        let folder = String::from_utf8(folder).unwrap();
        assert!(
            folder.contains("url=a/"),
            "a folder leads to its first page: {folder}"
        );
    }

    /// Static files come from the docs root as the build copies them: over
    /// a page of the same path, but not where the build writes its own
    /// file later, nor what `.mintignore` excludes or a link reaches.
    #[test]
    fn static_files_are_read_from_the_root_unless_the_build_writes_over_them() {
        let root = site();
        let file = |path: &str, text: &str| {
            let path = root.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        };
        file("images/a.png", "png");
        file("b/index.html", "static");
        file("robots.txt", "mine");
        file("search/meta.js", "mine");
        file("old/index.html", "mine");
        file("drafts/plan.pdf", "pdf");
        file(".mintignore", "drafts/\n");
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("secret.txt"), "secret").unwrap();
        std::os::unix::fs::symlink(outside.path(), root.path().join("linked")).unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("secret.txt"),
            root.path().join("images/secret.txt"),
        )
        .unwrap();
        let preview = preview(root.path());
        let read = |path: &str| {
            preview
                .file(Path::new(path))
                .map(|b| String::from_utf8(b).unwrap())
        };
        assert_eq!(read("images/a.png").as_deref(), Some("png"));
        assert_eq!(read("b/index.html").as_deref(), Some("static"));
        for later in ["robots.txt", "search/meta.js"] {
            assert_eq!(read(later), None, "{later}: the build writes its own");
        }
        let redirect = read("old/index.html").unwrap();
        assert!(
            redirect.contains("http-equiv"),
            "the build's redirect page: {redirect}"
        );
        assert_eq!(read("drafts/plan.pdf"), None, "excluded");
        assert_eq!(read("linked/secret.txt"), None, "through a linked folder");
        assert_eq!(read("images/secret.txt"), None, "a link");
    }
}
