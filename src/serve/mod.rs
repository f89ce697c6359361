//! The live preview (`sheaf serve`): load the docs root and answer pages from
//! memory at once, write the full build into a private temporary folder on
//! a thread of its own and serve that folder from then on, re-render or
//! rebuild on every save and tell the open browser tabs.
//!
//! ```text
//! start: watch ─ Site::start (site::Session::load) ─┬─ site::Preview (pages, copies, assets,
//!                                                   │   404.html rendered on demand)
//!                                                   └─ thread: Site::first_build ─ folder
//! notify (debounced) ─ watch ─ changes::Plan ─ Shared::apply ─┬─ Site::update_pages (body edits,
//!                                                   │            site::Session, in place)
//!                                                   ├─ Site::rebuild (fresh folder per build,
//!                                                   │            swapped in only if good)
//!                                                   └─ events::Broadcaster ─ SSE ─ live.js
//! tiny_http ─ 8 workers ─ routes::handle ─┬─ memory while the first build runs, else
//!                                         │  files (safe lookup, types, 404.html), HTTP/1.0 answers;
//!                                         │  other files wait for the first build (own thread)
//!                                         ├─ /__sheaf/events  (one thread per tab)
//!                                         ├─ /__sheaf/status  (build state as JSON)
//!                                         └─ /__sheaf/proxy   (proxy, allow-listed)
//! ```
//!
//! Errors never stop the preview: a failed build keeps the last good site
//! served and shows its diagnostics in the terminal and as an overlay in
//! the browser; the next good build reloads the page (at the same scroll
//! position) and the overlay goes. A project that does not load is reported
//! at once, as a failed build.
//!
//! No client can hold the preview: every request head is read and bounded
//! before `tiny_http` sees it (`front`), and may name only the preview's
//! own host (`hosts`); accepted connections get a write timeout
//! ([`WRITE_TIMEOUT`]); an answer over 64 KiB is written on a thread of its
//! own, so clients that never read a big file cannot hold every worker; and
//! every answer but the event stream is HTTP/1.0, so the browser closes the
//! connection instead of keeping one of `tiny_http`'s pool threads idle.
//!
//! The watcher starts before the load, so a save made during the first
//! build is applied after it. Shutdown lets a held first build go and waits
//! for it, and returns once the port is free. Tests hold the first build
//! back ([`Server::start_with_hold`], a [`Latch`]) to check that what memory
//! answers is byte for byte what the build then writes.

mod allow;
mod changes;
mod events;
mod files;
mod front;
mod hosts;
mod latch;
mod listen;
mod live;
mod proxy;
mod routes;
mod server;
mod shared;
mod site;
mod watch;

use std::path::PathBuf;
use std::sync::mpsc;

use thiserror::Error;

pub use allow::AllowList;
pub use changes::{classify, ChangeKind, Plan};
pub use latch::Latch;
pub use listen::WRITE_TIMEOUT;
pub use live::{EVENTS_PATH, PROXY_PATH, STATUS_PATH};
pub use proxy::{ProxyRequest, ProxyResponse, RESPONSE_CAP, TIMEOUT};
pub use routes::respond_and_close;
pub use server::Server;
pub use site::{BuildFn, Snapshot};

/// How `sheaf serve` was asked to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub port: u16,
    /// Whether a busy `port` may give way to the next free one (the
    /// default port); one asked for with `--port` may not.
    pub port_may_move: bool,
    pub host: String,
    pub open: bool,
    /// The build cache: drawings made by earlier builds are not drawn again.
    pub cache: crate::cache::BuildCache,
}

/// Why the preview could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    #[error("{} is not a folder", .0.display())]
    NoRoot(PathBuf),
    #[error("cannot resolve the host `{0}`")]
    Host(String),
    #[error("ports {first} to {last} are all busy; pick another with --port")]
    PortsBusy { first: u16, last: u16 },
    #[error("port {0} is busy (another program, or another preview, listens there); pick another with --port, or leave --port out to take the next free port after 3000")]
    PortBusy(u16),
    #[error("cannot listen: {0}")]
    Bind(std::io::Error),
    #[error("cannot create the preview's temporary folder: {0}")]
    TempDir(std::io::Error),
    #[error("cannot watch the docs root: {0}")]
    Watch(std::io::Error),
    #[error("cannot install the Ctrl-C handler: {0}")]
    Signal(String),
}

/// Runs the preview until Ctrl-C.
pub fn run(options: Options) -> Result<(), String> {
    let (stop, stopped) = mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = stop.send(());
    })
    .map_err(|e| ServeError::Signal(e.to_string()).to_string())?;
    let server = Server::start(&options).map_err(|e| e.to_string())?;
    for notice in server.notices() {
        eprintln!("{notice}");
    }
    eprintln!(
        "serving {} at {} (Ctrl-C to stop)",
        options.root.display(),
        server.url()
    );
    if options.open {
        open_browser(&server.url());
    }
    let _ = stopped.recv();
    eprintln!("stopping");
    server.shutdown();
    Ok(())
}

/// Asks the desktop to open `url`; failing is only worth a notice.
fn open_browser(url: &str) {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    if let Err(error) = command.arg(url).spawn() {
        eprintln!("could not open a browser ({error}); visit {url}");
    }
}
