//! The running preview: a `tiny_http` listener, a fixed pool of request
//! workers, the shared state they read ([`Shared`]) and, for a docs root,
//! the watcher that rebuilds it.

use std::io::IsTerminal;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::allow::AllowList;
use super::changes::Plan;
use super::events::{Broadcaster, Event};
use super::front::Front;
use super::hosts::Hosts;
use super::latch::Latch;
use super::listen;
use super::proxy::Forwarder;
use super::routes;
use super::site::{BuildFn, FirstBuild, ServedFolder, Site, Snapshot, Start};
use super::watch::Watcher;
use super::{Options, ServeError};
use crate::diagnostics::render_terminal;

/// How many threads answer requests (event streams have their own threads).
const WORKERS: usize = 8;

/// What the workers and the watcher share.
pub struct Shared {
    content: Content,
    /// The `Host` values answered.
    pub(super) hosts: Hosts,
    pub(super) events: Broadcaster,
    allow: RwLock<Arc<AllowList>>,
    pub(super) forwarder: Forwarder,
}

/// Where the served files come from.
enum Content {
    /// A folder served as is ([`Server::serve_dir`]).
    Fixed(Arc<ServedFolder>),
    /// A docs root built on every change.
    Built(Site),
}

impl Shared {
    fn new(content: Content, allow: AllowList, hosts: Hosts) -> Shared {
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
    fn start_building(self: &Arc<Shared>) -> Option<JoinHandle<()>> {
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
        eprintln!(
            "build {} failed ({} errors); {serving}",
            snapshot.build,
            snapshot.diagnostics.error_count()
        );
    } else {
        eprintln!("build {} done in {:.2?}", snapshot.build, started.elapsed());
    }
}

/// A running preview server. Dropping it shuts it down.
pub struct Server {
    addr: SocketAddr,
    notices: Vec<String>,
    /// Accepts connections and bounds their heads; `None` once stopped.
    front: Option<Front>,
    /// `None` once stopped.
    http: Option<Arc<tiny_http::Server>>,
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
    stopping: Arc<AtomicBool>,
    watcher: Option<Watcher>,
    /// The first build, when it runs while pages come from memory.
    first_build: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves the docs root `options.root` on `options.host:options.port`
    /// and rebuilds on every change. Pages are answered from memory as soon
    /// as the project is loaded, while the first build writes the site; a
    /// page-only change re-renders just those pages.
    pub fn start(options: &Options) -> Result<Server, ServeError> {
        Server::start_with_hold(options, Latch::opened())
    }

    /// [`Server::start`] whose first build waits until `hold` opens (tests
    /// keep it closed to see what is answered from memory; shutdown opens it).
    pub fn start_with_hold(options: &Options, hold: Latch) -> Result<Server, ServeError> {
        if !options.root.is_dir() {
            return Err(ServeError::NoRoot(options.root.clone()));
        }
        Server::start_site(options, Site::with_pipeline(&options.root, hold)?)
    }

    /// [`Server::start`] with another build function (tests use a small
    /// one); it builds before serving.
    pub fn start_with(options: &Options, build: BuildFn) -> Result<Server, ServeError> {
        if !options.root.is_dir() {
            return Err(ServeError::NoRoot(options.root.clone()));
        }
        Server::start_site(options, Site::new(&options.root, build)?)
    }

    /// Watches first, so that no save made while the site loads and builds
    /// is missed (it waits for the build, then applies).
    fn start_site(options: &Options, site: Site) -> Result<Server, ServeError> {
        let bound = listen::bind(&options.host, options.port)?;
        let shared = Arc::new(Shared::new(
            Content::Built(site),
            AllowList::for_site(&options.root),
            Hosts::new(&options.host, bound.addr),
        ));
        let watcher = Watcher::start(&options.root, shared.clone())?;
        let first_build = shared.start_building();
        let mut server = Server::listen(bound, shared)?;
        server.watcher = Some(watcher);
        server.first_build = first_build;
        Ok(server)
    }

    /// Serves the folder `dir` as it is (no build, no watching) on
    /// `host:port`, with a proxy limited to `allow`.
    pub fn serve_dir(
        dir: &Path,
        host: &str,
        port: u16,
        allow: AllowList,
    ) -> Result<Server, ServeError> {
        if !dir.is_dir() {
            return Err(ServeError::NoRoot(dir.to_path_buf()));
        }
        let bound = listen::bind(host, port)?;
        let content = Content::Fixed(Arc::new(ServedFolder::fixed(dir.to_path_buf())));
        let hosts = Hosts::new(host, bound.addr);
        Server::listen(bound, Arc::new(Shared::new(content, allow, hosts)))
    }

    fn listen(bound: listen::Bound, shared: Arc<Shared>) -> Result<Server, ServeError> {
        let (front, inner) = Front::start(bound.listener).map_err(ServeError::Bind)?;
        let http = tiny_http::Server::from_listener(inner, None)
            .map_err(|e| ServeError::Bind(std::io::Error::other(e.to_string())))?;
        let http = Arc::new(http);
        let stopping = Arc::new(AtomicBool::new(false));
        let workers = (0..WORKERS)
            .map(|_| spawn_worker(http.clone(), shared.clone(), stopping.clone()))
            .collect();
        Ok(Server {
            addr: bound.addr,
            notices: bound.notices,
            front: Some(front),
            http: Some(http),
            shared,
            workers,
            stopping,
            watcher: None,
            first_build: None,
        })
    }

    /// The address listened on (the real port when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://host:port/`, for humans and browsers.
    pub fn url(&self) -> String {
        let host = if self.addr.ip().is_unspecified() {
            "localhost".to_string()
        } else {
            self.addr.ip().to_string()
        };
        match self.addr {
            SocketAddr::V6(_) if host != "localhost" => {
                format!("http://[{host}]:{}/", self.addr.port())
            }
            _ => format!("http://{host}:{}/", self.addr.port()),
        }
    }

    /// Warnings and notices from binding (exposed host, moved port).
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// The latest build state.
    pub fn snapshot(&self) -> Snapshot {
        self.shared.snapshot()
    }

    /// Stops watching, ends event streams, lets the workers finish the
    /// requests they hold and waits for them, then for the port to be free.
    pub fn shutdown(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        if self.stopping.swap(true, Ordering::SeqCst) {
            return;
        }
        if let Content::Built(site) = &self.shared.content {
            site.release();
        }
        if let Some(watcher) = self.watcher.take() {
            watcher.stop();
        }
        if let Some(first_build) = self.first_build.take() {
            let _ = first_build.join();
        }
        self.shared.events.close();
        // Closes the listening socket: no new connection comes in.
        drop(self.front.take());
        let Some(http) = self.http.take() else {
            return;
        };
        for _ in &self.workers {
            http.unblock();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
        // The last reference: tiny_http wakes its accept thread, which
        // closes its socket on its way out.
        drop(http);
        wait_until_closed(self.addr);
    }
}

/// How long [`Server::shutdown`] waits for the listening socket to close.
const CLOSE_PATIENCE: Duration = Duration::from_secs(5);

/// Waits until nothing accepts connections on `addr` any more (or
/// [`CLOSE_PATIENCE`] passed): tiny_http closes its listener on a thread of
/// its own, after the server is dropped, so a caller that binds the port
/// again right after shutdown would otherwise find it busy.
fn wait_until_closed(addr: SocketAddr) {
    let probe = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::new(Ipv4Addr::LOCALHOST.into(), addr.port())
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::new(Ipv6Addr::LOCALHOST.into(), addr.port())
        }
        _ => addr,
    };
    let deadline = Instant::now() + CLOSE_PATIENCE;
    while Instant::now() < deadline {
        if TcpStream::connect_timeout(&probe, Duration::from_millis(200)).is_err() {
            return;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

fn spawn_worker(
    http: Arc<tiny_http::Server>,
    shared: Arc<Shared>,
    stopping: Arc<AtomicBool>,
) -> JoinHandle<()> {
    thread::spawn(move || loop {
        match http.recv() {
            Ok(request) => routes::handle(request, &shared),
            Err(_) if stopping.load(Ordering::SeqCst) => return,
            Err(error) => eprintln!("warning: preview server: {error}"),
        }
    })
}
