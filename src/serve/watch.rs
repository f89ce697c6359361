//! Watching the docs root: `notify` events, minus reads, gathered into
//! batches that end after a quiet [`DEBOUNCE`] period; each batch becomes a
//! [`Plan`] carried out by [`Shared::apply`] on the watcher's own thread (one
//! build at a time; saves made during a build arrive as the next batch).
//!
//! Reads must be dropped before debouncing: the build opens every source
//! file, and on Linux `notify` reports those opens, so a debouncer that
//! keeps only paths (like `notify-debouncer-mini`) would rebuild forever.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};

use super::changes::Plan;
use super::shared::Shared;
use super::ServeError;

/// How long the files must stay quiet before a batch is rebuilt.
const DEBOUNCE: Duration = Duration::from_millis(30);

type NotifyResult = notify::Result<notify::Event>;

/// A running watcher; [`Watcher::stop`] ends it.
pub struct Watcher {
    watcher: RecommendedWatcher,
    thread: JoinHandle<()>,
}

impl Watcher {
    /// Watches `root` (recursively) and rebuilds through `shared` on
    /// changes, except those inside the build cache folder `cache` (which
    /// the builds write to, and which may lie inside the root).
    pub fn start(
        root: &Path,
        cache: Option<&Path>,
        shared: Arc<Shared>,
    ) -> Result<Watcher, ServeError> {
        let root = root.canonicalize().map_err(ServeError::Watch)?;
        let cache = cache.map(absolute_cache_dir);
        let (sender, receiver) = mpsc::channel::<NotifyResult>();
        let mut watcher = notify::recommended_watcher(sender).map_err(watch_error)?;
        watcher
            .watch(&root, RecursiveMode::Recursive)
            .map_err(watch_error)?;
        let thread = thread::spawn(move || {
            while let Some(paths) = next_batch(&receiver, DEBOUNCE) {
                let paths = paths
                    .into_iter()
                    .filter(|p| !is_in_cache(p, cache.as_deref()));
                let plan = Plan::new(relative_paths(&root, paths.collect()));
                if plan.needs_rebuild() {
                    shared.apply(&plan);
                }
            }
        });
        Ok(Watcher { watcher, thread })
    }

    /// Stops watching and waits for a build in progress to finish.
    pub fn stop(self) {
        drop(self.watcher);
        let _ = self.thread.join();
    }
}

fn watch_error(error: notify::Error) -> ServeError {
    ServeError::Watch(std::io::Error::other(error))
}

/// Waits for a change, then gathers changes until `quiet` passes without
/// one. `None` when the watcher is gone.
fn next_batch(events: &Receiver<NotifyResult>, quiet: Duration) -> Option<BTreeSet<PathBuf>> {
    let mut paths = BTreeSet::new();
    while paths.is_empty() {
        take(events.recv().ok()?, &mut paths);
    }
    loop {
        match events.recv_timeout(quiet) {
            Ok(event) => take(event, &mut paths),
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return Some(paths),
        }
    }
}

/// Adds the paths of a change (not of a read) to `paths`.
fn take(event: NotifyResult, paths: &mut BTreeSet<PathBuf>) {
    match event {
        Ok(event) if matches!(event.kind, EventKind::Access(_)) => {}
        Ok(event) => paths.extend(event.paths),
        Err(error) => eprintln!("warning: file watcher: {error}"),
    }
}

/// The cache folder as the watcher reports paths: absolute, its links
/// resolved (the folder may not exist yet: then its parent's).
fn absolute_cache_dir(dir: &Path) -> PathBuf {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        _ if absolute.exists() => absolute.canonicalize().unwrap_or(absolute),
        (Some(parent), Some(name)) => parent
            .canonicalize()
            .map_or_else(|_| absolute.clone(), |p| p.join(name)),
        _ => absolute,
    }
}

fn is_in_cache(path: &Path, cache: Option<&Path>) -> bool {
    cache.is_some_and(|cache| path.starts_with(cache))
}

fn relative_paths(root: &Path, paths: BTreeSet<PathBuf>) -> Vec<PathBuf> {
    paths
        .into_iter()
        .filter_map(|path| path.strip_prefix(root).ok().map(Path::to_path_buf))
        .filter(|path| !path.as_os_str().is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{AccessKind, CreateKind, ModifyKind};

    fn event(kind: EventKind, path: &str) -> NotifyResult {
        Ok(notify::Event::new(kind).add_path(PathBuf::from(path)))
    }

    #[test]
    fn reads_are_not_changes() {
        let (sender, receiver) = mpsc::channel();
        sender
            .send(event(EventKind::Access(AccessKind::Any), "/r/a.mdx"))
            .unwrap();
        sender
            .send(event(EventKind::Modify(ModifyKind::Any), "/r/b.mdx"))
            .unwrap();
        sender
            .send(event(EventKind::Access(AccessKind::Any), "/r/c.mdx"))
            .unwrap();
        sender
            .send(event(EventKind::Create(CreateKind::File), "/r/b.mdx"))
            .unwrap();
        drop(sender);
        let batch = next_batch(&receiver, Duration::from_millis(10)).unwrap();
        assert_eq!(batch, BTreeSet::from([PathBuf::from("/r/b.mdx")]));
        assert_eq!(next_batch(&receiver, Duration::from_millis(10)), None);
    }

    #[test]
    fn only_reads_make_no_batch() {
        let (sender, receiver) = mpsc::channel();
        sender
            .send(event(EventKind::Access(AccessKind::Any), "/r/a.mdx"))
            .unwrap();
        drop(sender);
        assert_eq!(next_batch(&receiver, Duration::from_millis(10)), None);
    }

    #[test]
    fn paths_are_made_relative_to_the_root() {
        let paths = BTreeSet::from(["/r".into(), "/r/a/b.mdx".into(), "/elsewhere/x".into()]);
        assert_eq!(
            relative_paths(Path::new("/r"), paths),
            [PathBuf::from("a/b.mdx")]
        );
    }
}
