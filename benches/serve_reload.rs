//! Live preview benchmark: start-up time (first full build) and the time
//! from saving one page to the reload signal, on a docs root given as the
//! first argument (see `bench/serve.sh`, which generates the corpus).
//!
//! Run: `cargo bench --bench serve_reload -- /path/to/corpus/sheaf`

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use sheaf::serve::{Options, Server};

const EDITS: usize = 7;

fn main() {
    let Some(root) = std::env::args().skip(1).find(|a| !a.starts_with('-')) else {
        eprintln!("usage: cargo bench --bench serve_reload -- DOCS_ROOT");
        return;
    };
    let root = Path::new(&root);
    let options = Options {
        root: root.to_path_buf(),
        port: 0,
        host: "127.0.0.1".into(),
        open: false,
    };
    let started = Instant::now();
    let server = Server::start(&options).expect("the preview starts");
    let startup = started.elapsed();
    let page = first_page(root);
    let original = std::fs::read_to_string(&page).unwrap();
    let mut events = open_events(&server);
    let mut times = Vec::new();
    for edit in 0..EDITS {
        std::thread::sleep(Duration::from_millis(800));
        let saved = Instant::now();
        std::fs::write(&page, format!("{original}\n\nEdit number {edit}.\n")).unwrap();
        wait_for_reload(&mut events);
        times.push(saved.elapsed());
    }
    std::fs::write(&page, original).unwrap();
    times.sort();
    let pages = server.snapshot().dir.map_or(0, |_| count_pages(root));
    println!(
        "serve, {pages} pages: start-up (first build) {:.0} ms; save → reload signal: median {:.1} ms, min {:.1} ms, max {:.1} ms ({EDITS} edits; includes the file watcher's debounce)",
        startup.as_secs_f64() * 1e3,
        times[EDITS / 2].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[EDITS - 1].as_secs_f64() * 1e3,
    );
    server.shutdown();
}

fn first_page(root: &Path) -> std::path::PathBuf {
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
        "GET /__sheaf/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
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
