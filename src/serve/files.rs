//! Mapping a request path onto a file of the built site, safely.
//!
//! The request target is decoded once (`%2e%2e` becomes `..`) and split into
//! segments; any `..`, backslash, NUL or drive-letter segment refuses the
//! request before the file system is touched. What remains is joined to the
//! site folder, and the canonical result must still lie inside the canonical
//! site folder, so a symlink pointing out of the site is refused too.
//!
//! Pages are folders with an `index.html` (`/guide/setup/` is
//! `guide/setup/index.html`), or with `"pageUrls": "html"` files
//! (`/guide/setup` is `guide/setup.html`, as static hosts serve them). A
//! folder asked for without its trailing slash (`/guide/setup`, the form of
//! every Mintlify URL) is answered as GitHub Pages, Netlify and nginx
//! answer it: a redirect to `/guide/setup/` ([`Lookup::Slash`]), so the
//! page's relative links resolve from its own folder.

use std::path::{Path, PathBuf};

use percent_encoding::percent_decode_str;

/// Where a request path leads.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    /// An existing file inside the site.
    File(PathBuf),
    /// A folder's `index.html` asked for without the folder's trailing
    /// slash: the target with it (`/a/b?x` → `/a/b/?x`), to redirect to.
    Slash(String),
    /// Nothing there (serve `404.html`).
    NotFound,
    /// The path tries to leave the site or is malformed.
    Refused,
}

/// Resolves the request target `target` (`/a/b?x=1`) inside `site`.
pub fn resolve(site: &Path, target: &str) -> Lookup {
    let Some(candidates) = candidates(target) else {
        return Lookup::Refused;
    };
    let Some(relative) = candidates
        .into_iter()
        .find(|relative| site.join(relative).is_file())
    else {
        return Lookup::NotFound;
    };
    let found = site.join(&relative);
    match inside(site, &found) {
        Some(true) => match slash_location(target, &relative) {
            Some(location) => Lookup::Slash(location),
            None => Lookup::File(found),
        },
        Some(false) => Lookup::Refused,
        None => Lookup::NotFound,
    }
}

/// The files (relative to the site) the request target `target` may name,
/// first match wins: the path itself, its folder's `index.html`, the path
/// with `.html`. `None` when the target is refused.
pub fn candidates(target: &str) -> Option<Vec<PathBuf>> {
    let path: PathBuf = safe_segments(target)?.into_iter().collect();
    let mut candidates = vec![path.join("index.html")];
    if path.file_name().is_some() {
        candidates.insert(0, path.clone());
        candidates.push(path.with_extension("html"));
    }
    Some(candidates)
}

/// Where a request for `target` that found the file `relative` is sent
/// instead: the target with a trailing slash when `relative` is a folder's
/// `index.html` and the target's path does not end with `/`.
pub fn slash_location(target: &str, relative: &Path) -> Option<String> {
    let end = target.find(['?', '#']).unwrap_or(target.len());
    let (path, query) = target.split_at(end);
    let folder = relative
        .file_name()
        .is_some_and(|name| name == "index.html");
    let named = path
        .rsplit('/')
        .next()
        .is_some_and(|last| last == "index.html");
    (folder && !path.ends_with('/') && !named).then(|| format!("{path}/{query}"))
}

/// The decoded path segments of `target`, or `None` when it is not a plain
/// path below the root.
fn safe_segments(target: &str) -> Option<Vec<String>> {
    let path = target.split(['?', '#']).next().unwrap_or_default();
    if !path.starts_with('/') {
        return None;
    }
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    let mut segments = Vec::new();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => continue,
            ".." => return None,
            s if s.contains(['\\', '\0', ':']) => return None,
            s => segments.push(s.to_string()),
        }
    }
    Some(segments)
}

/// Whether `file` (after following symlinks) is inside `site`; `None` when
/// either cannot be canonicalised.
fn inside(site: &Path, file: &Path) -> Option<bool> {
    let site = site.canonicalize().ok()?;
    let file = file.canonicalize().ok()?;
    Some(file.starts_with(site))
}

/// The `Content-Type` of a file, from its extension.
pub fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json" | "map") => "application/json",
        Some("txt") => "text/plain; charset=utf-8",
        Some("md" | "mdx") => "text/markdown; charset=utf-8",
        Some("xml") => "application/xml",
        Some("yaml" | "yml") => "application/yaml",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("avif") => "image/avif",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("woff") => "font/woff",
        Some("ttf") => "font/ttf",
        Some("pdf") => "application/pdf",
        Some("mp4") => "video/mp4",
        Some("webm") => "video/webm",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// Whether a file is served as HTML (and so gets the live-reload script).
pub fn is_html(path: &Path) -> bool {
    content_type(path).starts_with("text/html")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("guide/setup")).unwrap();
        std::fs::write(dir.path().join("index.html"), "home").unwrap();
        std::fs::write(dir.path().join("guide/setup/index.html"), "setup").unwrap();
        std::fs::write(dir.path().join("style.css"), "a{}").unwrap();
        std::fs::write(dir.path().join("old.html"), "old").unwrap();
        dir
    }

    #[test]
    fn finds_files_folders_and_html_files() {
        let dir = site();
        let root = dir.path();
        assert_eq!(resolve(root, "/"), Lookup::File(root.join("index.html")));
        assert_eq!(
            resolve(root, "/guide/setup?x=1#top"),
            Lookup::Slash("/guide/setup/?x=1#top".into())
        );
        assert_eq!(
            resolve(root, "/guide/setup/index.html"),
            Lookup::File(root.join("guide/setup/index.html"))
        );
        assert_eq!(resolve(root, "/guide"), Lookup::NotFound);
        assert_eq!(
            resolve(root, "/guide/setup/"),
            Lookup::File(root.join("guide/setup/index.html"))
        );
        assert_eq!(resolve(root, "/old"), Lookup::File(root.join("old.html")));
        assert_eq!(
            resolve(root, "/style%2Ecss"),
            Lookup::File(root.join("style.css"))
        );
        assert_eq!(resolve(root, "/missing"), Lookup::NotFound);
    }

    #[test]
    fn candidates_in_lookup_order() {
        let names = |target| candidates(target).unwrap();
        assert_eq!(names("/"), [PathBuf::from("index.html")]);
        assert_eq!(
            names("/guide/setup?x"),
            ["guide/setup", "guide/setup/index.html", "guide/setup.html"].map(PathBuf::from)
        );
        assert_eq!(candidates("/../x"), None);
    }

    #[test]
    fn refuses_every_way_out() {
        let dir = site();
        let root = dir.path();
        for target in [
            "/../x",
            "/guide/../../x",
            "/%2e%2e/x",
            "/%2E%2E%2Fx",
            "/guide/%2e%2e/%2e%2e/etc/passwd",
            "/..%5c..%5cx",
            "/C:/Windows",
            "/a%00b",
            "../x",
            "http://example.com/x",
        ] {
            assert_eq!(resolve(root, target), Lookup::Refused, "{target}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn refuses_symlinks_leaving_the_site() {
        let dir = site();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "secret").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("out")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("style.css"), dir.path().join("in.css"))
            .unwrap();
        assert_eq!(resolve(dir.path(), "/out/secret.txt"), Lookup::Refused);
        assert!(matches!(resolve(dir.path(), "/in.css"), Lookup::File(_)));
    }

    #[test]
    fn content_types_by_extension() {
        assert_eq!(
            content_type(Path::new("a/index.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("x.CSS")), "text/css; charset=utf-8");
        assert_eq!(content_type(Path::new("i.svg")), "image/svg+xml");
        assert_eq!(content_type(Path::new("f.woff2")), "font/woff2");
        assert_eq!(content_type(Path::new("noext")), "application/octet-stream");
        assert!(is_html(Path::new("a.htm")));
    }
}
