//! The link forms of issue 65 part 3 and the URL forms of issue 66 part 1,
//! on `tests/fixtures/url-forms`: a bare link (`guides/setup`) on a nested
//! page that names a page only from the docs root leads there, with a
//! note, while a sibling bare link (`tokens`) keeps its folder's page; a
//! folder of pages without a page of its own (`/api-reference`) answers
//! with its first page; a Spanish page's link to the root's
//! `/files/guide.pdf` is served from the root; and the preview answers a
//! page's slashless URL (`/guides/setup`, Mintlify's form) with a redirect
//! to the page's own (`/guides/setup/`). Chromium opens every page at both
//! forms in `tests/browser/url_forms.rs`.

mod common;

use common::preview::Preview;
use common::static_host::StaticHost;
use common::{build_fixture, check_findings, fixture, read_built};

#[test]
fn a_bare_link_names_the_root_page_only_when_its_folder_has_none() {
    let (_out, site, _) = build_fixture("url-forms");
    let parameters = read_built(&site, "web-app/query-editor/parameters/index.html");
    assert!(
        parameters.contains("href=\"../../../guides/setup/\""),
        "`guides/setup` leads to the root's page: {parameters}"
    );
    assert!(
        parameters.contains("href=\"../tokens/\""),
        "`tokens` still leads to the page beside it"
    );
    let spanish = read_built(&site, "es/guides/setup/index.html");
    assert_eq!(
        spanish.matches("href=\"../../../files/guide.pdf\"").count(),
        2,
        "`/files/guide.pdf` and `files/guide.pdf` both lead to the root's file: {spanish}"
    );
    assert!(site.join("files/guide.pdf").is_file());
}

#[test]
fn check_notes_each_link_read_from_the_root_and_warns_of_nothing() {
    let findings = check_findings(&fixture("url-forms"));
    let warnings: Vec<_> = (findings.iter())
        .filter(|f| f["severity"] == "warning" || f["severity"] == "error")
        .collect();
    assert!(warnings.is_empty(), "{warnings:#?}");
    let notes: Vec<String> = (findings.iter())
        .filter(|f| f["rule"] == "relative-link")
        .map(|f| format!("{}:{} {}", f["file"], f["line"], f["message"]))
        .collect();
    assert_eq!(
        notes,
        [
            "\"es/guides/setup.mdx\":7 \"link `files/guide.pdf` names nothing from this page's folder: it leads to `/files/guide.pdf`, read from the docs root as Mintlify's link checker reads it (write `/files/guide.pdf` to say so)\"",
            "\"web-app/query-editor/parameters.mdx\":7 \"link `guides/setup` names nothing from this page's folder: it leads to `/guides/setup`, read from the docs root as Mintlify's link checker reads it (write `/guides/setup` to say so)\"",
        ],
        "{findings:#?}"
    );
}

#[test]
fn a_folder_without_a_page_answers_with_its_first_page() {
    let (_out, site, _) = build_fixture("url-forms");
    let folder = read_built(&site, "api-reference/index.html");
    assert!(folder.contains("url=get-user/"), "{folder}");
    let home = read_built(&site, "index.html");
    assert!(
        home.contains("href=\"api-reference/get-user/\""),
        "a link to the folder leads straight to its first page"
    );
    let host = StaticHost::start(&site, "/");
    let failed = host.crawl("/", "/");
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(host.get("/api-reference/").0, 200);
}

#[test]
fn the_preview_sends_a_slashless_page_url_to_the_page_url() {
    let mut preview = Preview::start(&fixture("url-forms"), &[]);
    preview.wait_for_line("done in");
    let origin = preview.url.trim_end_matches('/').to_string();
    let get = |path: &str| http_get(&origin, path);
    for (asked, location) in [
        ("/guides/setup", "/guides/setup/"),
        (
            "/web-app/query-editor/parameters?x=1",
            "/web-app/query-editor/parameters/?x=1",
        ),
        ("/api-reference", "/api-reference/"),
        ("/es", "/es/"),
    ] {
        let (status, head, _) = get(asked);
        assert_eq!(status, 301, "{asked}: {head}");
        assert!(
            head.contains(&format!("\r\nLocation: {location}\r\n")),
            "{asked} → {location}: {head}"
        );
    }
    for path in ["/guides/setup/", "/", "/files/guide.pdf", "/api-reference/"] {
        assert_eq!(get(path).0, 200, "{path}");
    }
    let (_, _, folder) = get("/api-reference/");
    assert!(folder.contains("url=get-user/"), "{folder}");
    assert_eq!(get("/nowhere").0, 404);
}

/// The status, head and body of `GET origin+path` (no redirect followed).
fn http_get(origin: &str, path: &str) -> (u16, String, String) {
    use std::io::{Read, Write};
    let address = origin.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {address}\r\n\r\n").unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head[9..12].parse().unwrap();
    (status, head.to_string() + "\r\n", body.to_string())
}
