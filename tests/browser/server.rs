//! Tiny HTTP servers on 127.0.0.1 (port chosen by the OS), each answering
//! from a background thread until dropped: the built site as static files,
//! and a JSON API for the Try-it playground. Answers go out through
//! sheaf's own [`respond_and_close`], so Chromium's idle kept-alive
//! connections never hold the server's connection threads.

use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;

use sheaf::serve::respond_and_close;
use tiny_http::{Header, Method, Request, Response, Server};

/// A server thread; stops when dropped.
pub struct HttpServer {
    server: Arc<Server>,
    worker: Option<thread::JoinHandle<()>>,
}

impl HttpServer {
    /// Answers every request with `handle`, one at a time.
    pub fn start(handle: impl Fn(Request) + Send + 'static) -> HttpServer {
        let server = Arc::new(Server::http("127.0.0.1:0").expect("bind 127.0.0.1:0"));
        let serving = Arc::clone(&server);
        let worker = thread::spawn(move || serving.incoming_requests().for_each(handle));
        HttpServer {
            server,
            worker: Some(worker),
        }
    }

    /// `http://127.0.0.1:<port>` (no trailing slash).
    pub fn origin(&self) -> String {
        let addr = self.server.server_addr().to_ip().expect("an IP listener");
        format!("http://{addr}")
    }

    /// The absolute URL of `path` (relative to the server root).
    pub fn url(&self, path: &str) -> String {
        format!("{}/{}", self.origin(), path.trim_start_matches('/'))
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

/* ---- static files ---- */

/// Serves the files under `root` like a static host: `dir/` means
/// `dir/index.html`, unknown paths get `404.html` with status 404.
pub fn serve_site(root: PathBuf) -> HttpServer {
    HttpServer::start(move |request| {
        let response = match site_file(&root, request.url()) {
            Some(file) => file_response(&file, 200),
            None => {
                eprintln!(
                    "static server: 404 for {} (root {})",
                    request.url(),
                    root.display()
                );
                file_response(&root.join("404.html"), 404)
            }
        };
        respond_and_close(request, response);
    })
}

/// [`serve_site`] as GitHub Pages, Netlify and nginx serve a site: a
/// folder asked for without its trailing slash (`/a/b`) is redirected to
/// `/a/b/` (301) instead of served.
pub fn serve_site_redirecting(root: PathBuf) -> HttpServer {
    let fallback = serve_site_handler(root.clone());
    HttpServer::start(move |request| {
        let url = request.url().to_string();
        let end = url.find(['?', '#']).unwrap_or(url.len());
        let (path, query) = url.split_at(end);
        let folder = site_file(&root, path).is_some_and(|f| f.ends_with("index.html"))
            && !path.ends_with('/')
            && !path.ends_with("index.html");
        if folder {
            let moved = Response::from_data(Vec::new())
                .with_status_code(301)
                .with_header(header("Location", &format!("{path}/{query}")));
            return respond_and_close(request, moved);
        }
        fallback(request);
    })
}

fn serve_site_handler(root: PathBuf) -> impl Fn(Request) + Send + 'static {
    move |request| {
        let response = match site_file(&root, request.url()) {
            Some(file) => file_response(&file, 200),
            None => file_response(&root.join("404.html"), 404),
        };
        respond_and_close(request, response);
    }
}

/// The file a request URL names, if it exists inside `root`.
fn site_file(root: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    let relative = Path::new(decoded.trim_start_matches('/'));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let file = root.join(relative);
    let file = if file.is_dir() {
        file.join("index.html")
    } else {
        file
    };
    file.is_file().then_some(file)
}

fn file_response(file: &Path, status: u16) -> Response<std::io::Cursor<Vec<u8>>> {
    let bytes = std::fs::read(file).unwrap_or_default();
    Response::from_data(bytes)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type(file)))
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "xml" => "application/xml",
        "txt" | "md" => "text/plain; charset=utf-8",
        "yaml" | "yml" => "application/yaml",
        _ => "application/octet-stream",
    }
}

/* ---- the playground's API ---- */

/// One request the API received (preflights excluded).
#[derive(Debug)]
pub struct ApiCall {
    pub method: String,
    pub url: String,
    pub content_type: Option<String>,
    pub body: String,
}

/// A cross-origin JSON API: answers CORS preflights, and every other request
/// with `answer` (status 200, JSON), reporting it on the returned channel.
pub fn serve_api(answer: &'static str) -> (HttpServer, mpsc::Receiver<ApiCall>) {
    let (calls, received) = mpsc::channel();
    let server = HttpServer::start(move |mut request| {
        if *request.method() == Method::Options {
            respond_and_close(request, cors(Response::empty(204)));
            return;
        }
        let _ = calls.send(api_call(&mut request));
        let json =
            Response::from_string(answer).with_header(header("Content-Type", "application/json"));
        respond_and_close(request, cors(json));
    });
    (server, received)
}

fn api_call(request: &mut Request) -> ApiCall {
    let mut body = String::new();
    let _ = request.as_reader().read_to_string(&mut body);
    ApiCall {
        method: request.method().to_string(),
        url: request.url().to_string(),
        content_type: request
            .headers()
            .iter()
            .find(|h| h.field.equiv("Content-Type"))
            .map(|h| h.value.to_string()),
        body,
    }
}

fn cors<R: Read>(response: Response<R>) -> Response<R> {
    response
        .with_header(header("Access-Control-Allow-Origin", "*"))
        .with_header(header(
            "Access-Control-Allow-Methods",
            "GET, POST, PUT, DELETE",
        ))
        .with_header(header(
            "Access-Control-Allow-Headers",
            "Content-Type, Authorization",
        ))
}
