//! The running preview: the front that accepts connections, a `tiny_http`
//! server behind it with a fixed pool of request workers reading the
//! shared state ([`Shared`]) and, for a docs root, the watcher that
//! rebuilds it.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::allow::AllowList;
use super::front::Front;
use super::hosts::Hosts;
use super::latch::Latch;
use super::listen;
use super::routes;
use super::shared::{Content, Shared};
use super::site::{BuildFn, ServedFolder, Site, Snapshot};
use super::watch::Watcher;
use super::{Options, ServeError};

/// How many threads answer requests (event streams have their own threads).
const WORKERS: usize = 8;

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
        Server::start_site(
            options,
            Site::with_pipeline(&options.root, hold, &options.cache)?,
        )
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
        let bound = listen::bind(&options.host, options.port, options.port_may_move)?;
        let shared = Arc::new(Shared::new(
            Content::Built(Box::new(site)),
            AllowList::for_site(&options.root),
            Hosts::new(&options.host, bound.addr),
        ));
        let watcher = Watcher::start(&options.root, options.cache.dir(), shared.clone())?;
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
        let bound = listen::bind(host, port, false)?;
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
