//! The site being previewed: every build goes into a fresh folder of a
//! private temporary directory, and only a build without errors becomes the
//! served one. A failed build leaves the last good folder in place and keeps
//! its diagnostics for the overlay; the next good build clears them.
//!
//! With sheaf's pipeline the first build starts in two steps: [`Site::start`]
//! loads the project and serves its pages from memory ([`Preview`]) at once,
//! and [`Site::first_build`] (on a thread of its own) writes the folder,
//! which is served from then on. Builds and page updates run one at a time.
//!
//! A good build's folder ([`ServedFolder::built`]) is removed once nothing serves
//! from it: a newer build replaced it and every request that started
//! before the swap has its files (under load a request can outlast several
//! quick rebuilds).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

use serde_json::json;
use tempfile::TempDir;

use super::latch::Latch;
use super::ServeError;
use crate::cache::BuildCache;
use crate::diagnostics::Diagnostics;
use crate::markdown::Diagrams;
use crate::site::{BuildResult, Loaded, Preview, Session};

/// Builds the docs root `root` into the folder `out` (which does not exist
/// yet); [`crate::site::build`] in production.
pub type BuildFn = Arc<dyn Fn(&Path, &Path) -> BuildResult + Send + Sync>;

/// The outcome of the latest build, as the server shows it.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    /// How many builds ran (successful or not).
    pub build: u64,
    /// The folder served, from the last good build; `None` before the first.
    pub dir: Option<Arc<ServedFolder>>,
    /// The diagnostics of the latest build (warnings after a good one).
    pub diagnostics: Arc<Diagnostics>,
    /// Renders the pages of the first build from memory until its folder
    /// is served.
    pub(super) preview: Option<Arc<Preview>>,
}

impl Snapshot {
    /// Whether the latest build failed (the overlay is up).
    pub fn failed(&self) -> bool {
        self.diagnostics.has_errors()
    }

    /// Whether pages are rendered from memory while the first build runs.
    pub fn previewing(&self) -> bool {
        self.preview.is_some()
    }

    /// `{build, ok, diagnostics: [...]}`: the overlay's and the status page's data.
    pub fn report_json(&self) -> String {
        let diagnostics: Vec<_> = self.diagnostics.iter().map(|d| d.to_json()).collect();
        json!({
            "build": self.build,
            "ok": !self.failed(),
            "diagnostics": diagnostics,
        })
        .to_string()
    }
}

/// How the site is built.
enum Builder {
    /// Any build function (tests use small ones); every change is a full build.
    Function(BuildFn),
    /// The real pipeline, which can re-render only the pages that changed.
    Pipeline(Box<Mutex<Option<Session>>>),
}

/// How [`Site::start`] went.
pub enum Start {
    /// Built (or failed) already.
    Built(Snapshot),
    /// Loaded and served from memory; [`Site::first_build`] writes it.
    Previewing(FirstBuild),
}

/// A loaded project waiting for its first full build.
pub struct FirstBuild {
    loaded: Loaded,
    diagnostics: Diagnostics,
}

/// Builds and remembers what to serve.
pub struct Site {
    root: PathBuf,
    builder: Builder,
    work: TempDir,
    state: RwLock<Snapshot>,
    /// The newest search index generation written by page updates.
    search_written: Arc<Mutex<u64>>,
    /// Held by the build or page update in progress.
    building: Mutex<()>,
    /// Opens when no page is served from memory any more.
    built: Latch,
    /// The first full build waits for it (tests hold it closed).
    hold: Latch,
    /// Mermaid diagrams drawn by earlier builds, drawn again only when edited.
    diagrams: Diagrams,
    /// The build cache (drawings and spec copies kept between previews).
    cache: BuildCache,
}

impl Site {
    /// A site built by `build`, with nothing built yet.
    pub fn new(root: &Path, build: BuildFn) -> Result<Site, ServeError> {
        let cache = BuildCache::disabled();
        Site::with_builder(root, Builder::Function(build), Latch::opened(), cache)
    }

    /// A site built by sheaf's pipeline, with page-level updates; its first
    /// full build waits until `hold` opens.
    pub fn with_pipeline(root: &Path, hold: Latch, cache: &BuildCache) -> Result<Site, ServeError> {
        let builder = Builder::Pipeline(Box::new(Mutex::new(None)));
        Site::with_builder(root, builder, hold, cache.clone())
    }

    fn with_builder(
        root: &Path,
        builder: Builder,
        hold: Latch,
        cache: BuildCache,
    ) -> Result<Site, ServeError> {
        let work = tempfile::Builder::new()
            .prefix("sheaf-serve-")
            .tempdir()
            .map_err(ServeError::TempDir)?;
        Ok(Site {
            root: root.to_path_buf(),
            builder,
            work,
            state: RwLock::new(Snapshot::default()),
            search_written: Default::default(),
            building: Mutex::new(()),
            built: Latch::default(),
            hold,
            diagrams: Diagrams::with_cache(&cache),
            cache,
        })
    }

    /// The docs root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The latest state.
    pub fn snapshot(&self) -> Snapshot {
        self.state
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Waits until no page is served from memory any more: the first full
    /// build is over (good or not).
    pub fn wait_until_built(&self) {
        self.built.wait();
    }

    /// Lets a held first build go (at shutdown, so nothing waits for it).
    pub fn release(&self) {
        self.hold.open();
    }

    /// Starts serving: the pipeline loads the project and serves it from
    /// memory (the caller runs [`Site::first_build`]); a build function
    /// builds at once, as does a project that does not load.
    pub fn start(&self) -> Start {
        if !matches!(self.builder, Builder::Pipeline(_)) {
            return Start::Built(self.rebuild());
        }
        let (loaded, diagnostics) = Session::load(&self.root, &self.diagrams, &self.cache);
        let Some(loaded) = loaded else {
            let result = BuildResult {
                pages: 0,
                diagnostics,
            };
            return Start::Built(self.store(result, None));
        };
        let mut state = self.write_state();
        state.preview = Some(Arc::new(loaded.preview()));
        state.diagnostics = Arc::new(diagnostics.clone());
        Start::Previewing(FirstBuild {
            loaded,
            diagnostics,
        })
    }

    /// Writes the folder of a project [`Site::start`] serves from memory,
    /// once the hold opens; `None` when another full build came first.
    pub fn first_build(&self, first: FirstBuild) -> Option<Snapshot> {
        let _one = lock(&self.building);
        self.hold.wait();
        if self.snapshot().build > 0 {
            return None;
        }
        let out = self.next_folder();
        let progress = crate::site::Progress::on_terminal(false);
        let built = first
            .loaded
            .build(&out, first.diagnostics, progress.clone());
        progress.finish();
        let result = self.keep_session(built);
        Some(self.store_built(result, out))
    }

    /// Builds the site again; serves the result only if it has no errors.
    pub fn rebuild(&self) -> Snapshot {
        let _one = lock(&self.building);
        let out = self.next_folder();
        let result = match &self.builder {
            Builder::Function(build) => build(&self.root, &out),
            Builder::Pipeline(_) => self.keep_session(Session::build(
                &self.root,
                &out,
                &self.diagrams,
                &self.cache,
            )),
        };
        self.store_built(result, out)
    }

    /// The folder for the next build.
    fn next_folder(&self) -> PathBuf {
        let number = self.snapshot().build + 1;
        self.work.path().join(format!("build-{number}"))
    }

    /// The build's result; its session replaces the last one.
    fn keep_session(&self, (result, fresh): (BuildResult, Option<Session>)) -> BuildResult {
        if let (Builder::Pipeline(session), Some(fresh)) = (&self.builder, fresh) {
            *lock(session) = Some(fresh);
            // A new session counts its search generations from zero.
            *lock(&self.search_written) = 0;
        }
        result
    }

    /// Serves the folder `out` of a build unless it failed (then `out` goes).
    fn store_built(&self, result: BuildResult, out: PathBuf) -> Snapshot {
        if result.diagnostics.has_errors() {
            let _ = std::fs::remove_dir_all(&out);
            return self.store(result, None);
        }
        std::fs::create_dir_all(&out).ok();
        self.store(result, Some(out))
    }

    /// Records a full build's outcome (and its folder, if good); no page
    /// comes from memory after it.
    fn store(&self, result: BuildResult, good: Option<PathBuf>) -> Snapshot {
        let mut state = self.write_state();
        state.build += 1;
        state.diagnostics = Arc::new(result.diagnostics);
        if let Some(dir) = good {
            state.dir = Some(Arc::new(ServedFolder::built(dir)));
        }
        state.preview = None;
        let snapshot = state.clone();
        drop(state);
        self.built.open();
        snapshot
    }

    /// Re-renders only the changed pages (paths relative to the root) into
    /// the served folder. `None` when that is not possible and a full
    /// rebuild is needed. With errors the served pages stay as they were.
    pub fn update_pages(&self, pages: &[&Path]) -> Option<Snapshot> {
        let Builder::Pipeline(session) = &self.builder else {
            return None;
        };
        let _one = lock(&self.building);
        let dir = self.snapshot().dir?;
        let result = lock(session).as_mut()?.update_pages(pages, &dir)?;
        let mut state = self.write_state();
        state.build += 1;
        state.diagnostics = Arc::new(result.diagnostics);
        Some(state.clone())
    }

    /// Brings the search index up to date after page updates, on a
    /// background thread so the next edit is not kept waiting.
    pub fn refresh_search(&self) {
        let (Builder::Pipeline(session), Some(dir)) = (&self.builder, self.snapshot().dir) else {
            return;
        };
        let Some(refresh) = lock(session).as_mut().and_then(|s| s.search_refresh()) else {
            return;
        };
        let written = Arc::clone(&self.search_written);
        std::thread::spawn(move || {
            if let Err(e) = refresh.write(&dir, &written) {
                eprintln!("warning: could not update the search index: {e}");
            }
        });
    }

    fn write_state(&self) -> std::sync::RwLockWriteGuard<'_, Snapshot> {
        self.state
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The folder a snapshot serves, shared with the requests that read the
/// snapshot.
#[derive(Debug, PartialEq, Eq)]
pub struct ServedFolder {
    path: PathBuf,
    /// Whether it is a build's own folder in the private temporary
    /// directory, removed when nothing serves from it any more. A folder
    /// sheaf did not write (`Content::Fixed`) is never removed.
    build_output: bool,
}

impl ServedFolder {
    /// A folder served as it is, never removed.
    pub fn fixed(path: PathBuf) -> ServedFolder {
        ServedFolder {
            path,
            build_output: false,
        }
    }

    /// A build's own folder: removed (on a thread of its own, so no request
    /// waits for it) when the snapshot naming it was replaced and the last
    /// request that read that snapshot is done.
    fn built(path: PathBuf) -> ServedFolder {
        ServedFolder {
            path,
            build_output: true,
        }
    }
}

impl std::ops::Deref for ServedFolder {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.path
    }
}

impl Drop for ServedFolder {
    fn drop(&mut self) {
        if self.build_output {
            let folder = std::mem::take(&mut self.path);
            std::thread::spawn(move || std::fs::remove_dir_all(folder));
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Diagnostic;

    /// A build that writes `index.html` with the text of `root/page.txt`, and
    /// fails when that text is `broken`.
    fn fake_build() -> BuildFn {
        Arc::new(|root: &Path, out: &Path| {
            let text = std::fs::read_to_string(root.join("page.txt")).unwrap();
            let mut result = BuildResult::default();
            if text == "broken" {
                result
                    .diagnostics
                    .push(Diagnostic::error("page.txt", "broken").at_line(1, 1));
            } else {
                std::fs::create_dir_all(out).unwrap();
                std::fs::write(out.join("index.html"), text).unwrap();
                result.pages = 1;
            }
            result
        })
    }

    fn served_text(snapshot: &Snapshot) -> String {
        let dir = snapshot.dir.as_ref().unwrap();
        std::fs::read_to_string(dir.join("index.html")).unwrap()
    }

    #[test]
    fn a_failed_build_keeps_the_last_good_site_until_fixed() {
        let root = tempfile::tempdir().unwrap();
        let page = root.path().join("page.txt");
        std::fs::write(&page, "one").unwrap();
        let site = Site::new(root.path(), fake_build()).unwrap();
        let first = site.rebuild();
        assert!(!first.failed());
        assert_eq!(served_text(&first), "one");

        std::fs::write(&page, "broken").unwrap();
        let broken = site.rebuild();
        assert!(broken.failed());
        assert_eq!(served_text(&broken), "one");
        assert!(broken
            .report_json()
            .contains("\"location\":\"page.txt:1:1\""));

        std::fs::write(&page, "two").unwrap();
        let fixed = site.rebuild();
        assert!(!fixed.failed());
        assert_eq!(fixed.build, 3);
        assert_eq!(served_text(&fixed), "two");
    }

    /// Waits (up to 30 s) until `done` holds.
    fn eventually(what: &str, done: impl Fn() -> bool) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !done() {
            assert!(std::time::Instant::now() < deadline, "{what}");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[test]
    fn a_build_folder_goes_once_nothing_serves_from_it() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("page.txt"), "x").unwrap();
        let site = Site::new(root.path(), fake_build()).unwrap();
        let first = site.rebuild();
        // A request that read the first snapshot, still answering.
        let reading = Arc::clone(first.dir.as_ref().unwrap());
        drop(first);
        site.rebuild();
        let third = site.rebuild();
        assert!(
            reading.join("index.html").exists(),
            "a request outlasting two rebuilds still finds its files"
        );
        let path = reading.to_path_buf();
        drop(reading);
        eventually("the first folder is removed", || !path.exists());
        eventually("only the served folder is left", || {
            std::fs::read_dir(site.work.path()).unwrap().count() == 1
        });
        assert!(third.dir.unwrap().join("index.html").exists());
    }

    #[test]
    fn a_folder_served_as_it_is_is_never_removed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "mine").unwrap();
        drop(Arc::new(ServedFolder::fixed(dir.path().to_path_buf())));
        assert!(dir.path().join("index.html").exists());
    }

    #[test]
    fn first_build_failing_serves_nothing() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("page.txt"), "broken").unwrap();
        let site = Site::new(root.path(), fake_build()).unwrap();
        let snapshot = site.rebuild();
        assert!(snapshot.failed());
        assert!(snapshot.dir.is_none());
        assert!(snapshot.report_json().contains("\"ok\":false"));
    }
}
