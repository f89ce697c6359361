//! Live preview benchmark on a docs root given as the first argument (see
//! `bench/serve.sh`, which generates the corpus):
//!
//! - start → first page: from the start of this program to the first `200`
//!   answer to a page's URL, asked for in a loop from the moment the server
//!   is being started (nothing waits for the build);
//! - start → build done: until the first full build is served from its folder;
//! - save → reload: from writing one page's body to the `reload` event, over
//!   several edits (median, min, max; includes the watcher's debounce).
//!
//! Run: `cargo bench --bench serve_reload -- /path/to/corpus/sheaf`

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sheaf::serve::{Options, Server};

const EDITS: usize = 7;

fn main() {
    let started = Instant::now();
    let Some(root) = std::env::args().skip(1).find(|a| !a.starts_with('-')) else {
        eprintln!("usage: cargo bench --bench serve_reload -- DOCS_ROOT");
        return;
    };
    let root = Path::new(&root);
    let page = first_page(root);
    let addr = free_address();
    let url_path = page_url(root, &page);
    let first_answer = std::thread::spawn(move || {
        poll_until_ok(addr, &url_path);
        started.elapsed()
    });
    let options = Options {
        root: root.to_path_buf(),
        port: addr.port(),
        port_may_move: false,
        host: addr.ip().to_string(),
        open: false,
        cache: sheaf::cache::BuildCache::disabled(),
    };
    let server = Server::start(&options).expect("the preview starts");
    let first_page_time = first_answer.join().expect("the page is answered");
    while server.snapshot().dir.is_none() {
        std::thread::sleep(Duration::from_millis(1));
    }
    let built = started.elapsed();
    let reloads = save_to_reload_times(&server, &page);
    let pages = count_pages(root);
    println!(
        "serve, {pages} pages: start → first page 200 {:.0} ms; start → first build done {:.0} ms; save → reload signal: median {:.1} ms, min {:.1} ms, max {:.1} ms ({EDITS} edits; includes the file watcher's debounce)",
        first_page_time.as_secs_f64() * 1e3,
        built.as_secs_f64() * 1e3,
        reloads[EDITS / 2].as_secs_f64() * 1e3,
        reloads[0].as_secs_f64() * 1e3,
        reloads[EDITS - 1].as_secs_f64() * 1e3,
    );
    server.shutdown();
}

/// Edits the body of `page` [`EDITS`] times, each time measuring until the
/// reload event; puts the page back. Sorted times.
fn save_to_reload_times(server: &Server, page: &Path) -> Vec<Duration> {
    let original = std::fs::read_to_string(page).unwrap();
    let mut events = open_events(server);
    let mut times = Vec::new();
    for edit in 0..EDITS {
        std::thread::sleep(Duration::from_millis(800));
        let saved = Instant::now();
        std::fs::write(page, format!("{original}\n\nEdit number {edit}.\n")).unwrap();
        wait_for_reload(&mut events);
        times.push(saved.elapsed());
    }
    std::fs::write(page, original).unwrap();
    times.sort();
    times
}

/// A loopback address with a port nothing listens on (yet).
fn free_address() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
}

/// GETs `path` from `addr` until it answers 200 (refused connections and
/// other answers are tried again at once).
fn poll_until_ok(addr: SocketAddr, path: &str) {
    loop {
        if let Ok(mut stream) = TcpStream::connect(addr) {
            let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n");
            let mut head = [0u8; 12];
            let answered = stream.write_all(request.as_bytes()).is_ok()
                && stream.read_exact(&mut head).is_ok();
            if answered && head.ends_with(b" 200") {
                return;
            }
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// The URL of the page whose source is `page` (folder-style page URLs).
fn page_url(root: &Path, page: &Path) -> String {
    let slug = page.strip_prefix(root).unwrap().with_extension("");
    let folder = match slug.file_name() {
        Some(name) if name == "index" => slug.parent().unwrap().to_path_buf(),
        _ => slug,
    };
    let folder = folder.to_str().unwrap();
    match folder {
        "" => "/".to_string(),
        _ => format!("/{folder}/"),
    }
}

fn first_page(root: &Path) -> PathBuf {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .find(|p| p.extension().is_some_and(|e| e == "md" || e == "mdx"))
        .expect("a page")
}

fn count_pages(root: &Path) -> usize {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| x == "md" || x == "mdx")
        })
        .count()
}

fn open_events(server: &Server) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(server.addr()).unwrap();
    write!(
        stream,
        "GET /__sheaf/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        server.addr()
    )
    .unwrap();
    BufReader::new(stream)
}

fn wait_for_reload(events: &mut BufReader<TcpStream>) {
    let mut line = String::new();
    loop {
        line.clear();
        if events.read_line(&mut line).unwrap() == 0 {
            panic!("event stream closed");
        }
        if line.trim() == "event: reload" {
            return;
        }
    }
}
