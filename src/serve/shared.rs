//! What the request workers and the watcher share: the served content
//! (a folder as it is, or a docs root built on every change), the event
//! broadcaster, the proxy's allow-list and forwarder, and the `Host`
//! values answered. [`Shared::apply`] carries out a watcher's plan.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::{Arc, RwLock};
use std::thread::{self, JoinHandle};
use std::time::Instant;

use super::allow::AllowList;
use super::changes::Plan;
use super::events::{Broadcaster, Event};
use super::hosts::Hosts;
use super::proxy::Forwarder;
use super::site::{FirstBuild, ServedFolder, Site, Snapshot, Start};
use crate::diagnostics::render_terminal;

/// What the workers and the watcher share.
pub struct Shared {
    pub(super) content: Content,
    /// The `Host` values answered.
    pub(super) hosts: Hosts,
    pub(super) events: Broadcaster,
    allow: RwLock<Arc<AllowList>>,
    pub(super) forwarder: Forwarder,
}

/// Where the served files come from.
pub(super) enum Content {
    /// A folder served as is ([`Server::serve_dir`]).
    Fixed(Arc<ServedFolder>),
    /// A docs root built on every change.
    Built(Box<Site>),
}

impl Shared {
    pub(super) fn new(content: Content, allow: AllowList, hosts: Hosts) -> Shared {
        Shared {
            content,
            hosts,
            events: Broadcaster::default(),
            allow: RwLock::new(Arc::new(allow)),
            forwarder: Forwarder::default(),
        }
    }

    /// The folder to serve and the latest build's diagnostics.
    pub fn snapshot(&self) -> Snapshot {
        match &self.content {
            Content::Fixed(dir) => Snapshot {
                dir: Some(dir.clone()),
                ..Snapshot::default()
            },
            Content::Built(site) => site.snapshot(),
        }
    }

    /// The API base URLs the proxy may reach.
    pub fn allow_list(&self) -> Arc<AllowList> {
        self.allow
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    fn set_allow_list(&self, allow: AllowList) {
        *self
            .allow
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Arc::new(allow);
    }

    /// Carries out a batch of changes: logs them, refreshes the proxy's
    /// allow-list when the config or a spec changed, rebuilds and tells the
    /// open tabs.
    pub fn apply(&self, plan: &Plan) {
        let Content::Built(site) = &self.content else {
            return;
        };
        for line in plan.describe() {
            eprintln!("  {line}");
        }
        if plan.refreshes_allow_list() {
            self.set_allow_list(AllowList::for_site(site.root()));
        }
        let started = Instant::now();
        if let Some(snapshot) = plan
            .only_pages()
            .and_then(|pages| site.update_pages(&pages))
        {
            self.announce(site, &snapshot, started);
            site.refresh_search();
            return;
        }
        self.build(site);
    }

    /// Builds, reports to the terminal and to the open tabs.
    fn build(&self, site: &Site) -> Snapshot {
        let started = Instant::now();
        let snapshot = site.rebuild();
        self.announce(site, &snapshot, started);
        snapshot
    }

    /// Starts serving the docs root: built at once, or (with the pipeline)
    /// answered from memory while the first build runs on the returned thread.
    pub(super) fn start_building(self: &Arc<Shared>) -> Option<JoinHandle<()>> {
        let Content::Built(site) = &self.content else {
            return None;
        };
        let started = Instant::now();
        match site.start() {
            Start::Built(snapshot) => {
                self.announce(site, &snapshot, started);
                None
            }
            Start::Previewing(first) => {
                let shared = Arc::clone(self);
                Some(thread::spawn(move || shared.first_build(first, started)))
            }
        }
    }

    /// Writes the folder of the site served from memory. The pages already
    /// shown are the ones it writes, so a good build reloads nothing.
    fn first_build(&self, first: FirstBuild, started: Instant) {
        let Content::Built(site) = &self.content else {
            return;
        };
        let Some(snapshot) = site.first_build(first) else {
            return;
        };
        report(site.root(), &snapshot, started);
        if snapshot.failed() {
            self.events.send(Event::Problems(snapshot.report_json()));
        }
    }

    /// Waits until the first build is over, when pages come from memory.
    pub fn wait_until_built(&self) {
        if let Content::Built(site) = &self.content {
            site.wait_until_built();
        }
    }

    /// Reports a build to the terminal and to the open tabs.
    fn announce(&self, site: &Site, snapshot: &Snapshot, started: Instant) {
        report(site.root(), snapshot, started);
        let event = if snapshot.failed() {
            Event::Problems(snapshot.report_json())
        } else {
            Event::Reload
        };
        self.events.send(event);
    }
}

fn report(root: &Path, snapshot: &Snapshot, started: Instant) {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    eprint!("{}", render_terminal(&snapshot.diagnostics, root, color));
    if snapshot.failed() {
        let serving = match snapshot.dir {
            Some(_) => "still serving the last good build",
            None => "nothing to serve until it builds",
        };
        let errors = snapshot.diagnostics.error_count();
        let s = if errors == 1 { "" } else { "s" };
        eprintln!(
            "build {} failed ({errors} error{s}); {serving}",
            snapshot.build
        );
    } else {
        eprintln!("build {} done in {:.2?}", snapshot.build, started.elapsed());
    }
}
