//! A plain static web host for a built site, published under a sub-path
//! (`/docs/sub/`): a file is served as it is, a folder by its
//! `index.html`, nothing else (no `_redirects`, no rewrites), as GitHub
//! Pages or a bare nginx serve it. And a crawler that follows every link
//! of every page it reaches, redirect pages included.

use std::collections::{BTreeSet, VecDeque};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The host: serving until dropped.
pub struct StaticHost {
    server: Arc<tiny_http::Server>,
    thread: Option<std::thread::JoinHandle<()>>,
    port: u16,
}

impl StaticHost {
    /// Serves `site` at `http://127.0.0.1:PORT{prefix}` (`prefix` starts
    /// and ends with `/`).
    pub fn start(site: &Path, prefix: &'static str) -> StaticHost {
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
        let port = server.server_addr().to_ip().unwrap().port();
        let (serving, site) = (server.clone(), site.to_path_buf());
        let thread = std::thread::spawn(move || {
            for request in serving.incoming_requests() {
                let response = match file_for(&site, prefix, request.url()) {
                    Some(bytes) => tiny_http::Response::from_data(bytes),
                    None => {
                        tiny_http::Response::from_data(b"not found".to_vec()).with_status_code(404)
                    }
                };
                let _ = request.respond(response);
            }
        });
        StaticHost {
            server,
            thread: Some(thread),
            port,
        }
    }

    /// The host's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The status and body of `path` (from the host's root).
    pub fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let text = String::from_utf8_lossy(&response).into_owned();
        let status = text[9..12].parse().unwrap();
        let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        (status, body.to_string())
    }

    /// Follows every link from `start`: each URL fetched once, each page's
    /// `href` and `src` values resolved as a browser resolves them, a
    /// redirect page's `refresh` target followed. Returns each link that
    /// failed, as (page, link as written, resolved URL, status).
    pub fn crawl(&self, start: &str, within: &str) -> Vec<(String, String, String, u16)> {
        let mut queue = VecDeque::from([start.to_string()]);
        let mut seen = BTreeSet::from([start.to_string()]);
        let mut failed = Vec::new();
        while let Some(url) = queue.pop_front() {
            assert!(seen.len() < 5_000, "a bounded crawl");
            let (status, body) = self.get(&url);
            if status != 200 || !url.ends_with('/') && !url.ends_with(".html") {
                continue;
            }
            for link in links(&body) {
                let resolved = resolve(&url, &link);
                let target = resolved.split(['#', '?']).next().unwrap().to_string();
                if !target.starts_with(within) {
                    failed.push((url.clone(), link, resolved, 0));
                    continue;
                }
                if seen.insert(target.clone()) {
                    let (status, _) = self.get(&target);
                    if status != 200 {
                        failed.push((url.clone(), link, target.clone(), status));
                    }
                    queue.push_back(target);
                }
            }
        }
        failed
    }
}

impl Drop for StaticHost {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The bytes the host answers `url` with.
fn file_for(site: &Path, prefix: &str, url: &str) -> Option<Vec<u8>> {
    let path = url.split(['?', '#']).next()?.strip_prefix(prefix)?;
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    if decoded.split('/').any(|part| part == "..") {
        return None;
    }
    let mut file: PathBuf = site.join(decoded.as_ref());
    if file.is_dir() {
        file = file.join("index.html");
    }
    std::fs::read(file).ok()
}

/// Every internal `href`, `src` and `refresh` URL of a page.
fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attribute in ["href=\"", "src=\"", "url="] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            let end = rest.find(['"', '>']).unwrap_or(rest.len());
            let link = html_escape::decode_html_entities(&rest[..end]).into_owned();
            if is_internal(&link) {
                out.push(link);
            }
        }
    }
    out
}

fn is_internal(link: &str) -> bool {
    let lower = link.to_ascii_lowercase();
    !(link.is_empty()
        || link.starts_with('#')
        || link.starts_with("//")
        || link.contains("{{")
        || ["http:", "https:", "mailto:", "tel:", "data:", "javascript:"]
            .iter()
            .any(|scheme| lower.starts_with(scheme)))
}

/// `link` resolved against the page at `base`, as a browser does.
fn resolve(base: &str, link: &str) -> String {
    let (path, suffix) = link.split_at(link.find(['?', '#']).unwrap_or(link.len()));
    let joined = match path {
        "" => base.to_string(),
        p if p.starts_with('/') => p.to_string(),
        p => format!("{}{p}", &base[..=base.rfind('/').unwrap()]),
    };
    let mut parts: Vec<&str> = Vec::new();
    let segments: Vec<&str> = joined.split('/').collect();
    for (i, segment) in segments.iter().enumerate() {
        match *segment {
            "." => {}
            ".." => {
                parts.pop();
            }
            "" if i != 0 && i + 1 != segments.len() => {}
            other => parts.push(other),
        }
    }
    let mut resolved = parts.join("/");
    if matches!(segments.last(), Some(&".") | Some(&"..")) {
        resolved.push('/');
    }
    resolved + suffix
}
