//! Watching the docs root: `notify` events, debounced, become a [`Plan`]
//! per batch, and the plan is carried out by [`Shared::apply`] on the
//! watcher's own thread (one build at a time; saves made during a build
//! arrive as the next batch).

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use notify_debouncer_mini::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_mini::{new_debouncer, DebounceEventResult, Debouncer};

use super::changes::Plan;
use super::server::Shared;
use super::ServeError;

/// How long the watcher waits for a burst of saves to settle.
const DEBOUNCE: Duration = Duration::from_millis(150);

/// A running watcher; dropping it (via [`Watcher::stop`]) ends the thread.
pub struct Watcher {
    debouncer: Debouncer<RecommendedWatcher>,
    thread: JoinHandle<()>,
}

impl Watcher {
    /// Watches `root` (recursively) and rebuilds through `shared` on changes.
    pub fn start(root: &Path, shared: Arc<Shared>) -> Result<Watcher, ServeError> {
        let root = root.canonicalize().map_err(ServeError::Watch)?;
        let (sender, receiver) = mpsc::channel::<DebounceEventResult>();
        let mut debouncer = new_debouncer(DEBOUNCE, sender)
            .map_err(|e| ServeError::Watch(std::io::Error::other(e)))?;
        debouncer
            .watcher()
            .watch(&root, RecursiveMode::Recursive)
            .map_err(|e| ServeError::Watch(std::io::Error::other(e)))?;
        let thread = thread::spawn(move || {
            for batch in receiver {
                match batch {
                    Ok(events) => {
                        let plan = Plan::new(relative_paths(&root, events));
                        if plan.needs_rebuild() {
                            shared.apply(&plan);
                        }
                    }
                    Err(error) => eprintln!("warning: file watcher: {error}"),
                }
            }
        });
        Ok(Watcher { debouncer, thread })
    }

    /// Stops watching and waits for a build in progress to finish.
    pub fn stop(self) {
        drop(self.debouncer);
        let _ = self.thread.join();
    }
}

fn relative_paths(root: &Path, events: Vec<notify_debouncer_mini::DebouncedEvent>) -> Vec<PathBuf> {
    events
        .into_iter()
        .filter_map(|event| event.path.strip_prefix(root).ok().map(Path::to_path_buf))
        .filter(|path| !path.as_os_str().is_empty())
        .collect()
}
