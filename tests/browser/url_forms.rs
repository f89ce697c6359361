//! Mintlify's URLs have no trailing slash (`/guides/setup`): every page of
//! a built site, opened at that form and at its own (`/guides/setup/`), on
//! a host that redirects a folder to its slash (GitHub Pages, Netlify,
//! nginx) and on one that serves the folder's `index.html` as it is
//! ("clean URLs"), shows only links that work: each link, stylesheet,
//! script and image the page holds once loaded is answered with 200 (a
//! redirect followed), and nothing it requested failed. On `tests/fixtures/url-forms`, or on the docs root
//! `$SHEAF_URL_FORMS_SITE` names (a real site, by hand).

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::server::{serve_site, serve_site_redirecting, HttpServer};
use super::{launch, save_screenshot};
use crate::common;

#[tokio::test]
async fn every_link_works_at_both_url_forms_on_both_kinds_of_host() {
    let Some(browser) = launch().await else {
        return;
    };
    let source = match std::env::var_os("SHEAF_URL_FORMS_SITE") {
        Some(root) => PathBuf::from(root),
        None => common::fixture("url-forms"),
    };
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    common::build_ok(&source, &site);
    let pages = page_paths(&site);
    assert!(pages.len() >= 10, "{pages:?}");
    let hosts = [
        ("clean URLs", serve_site(site.clone())),
        ("redirecting", serve_site_redirecting(site.clone())),
    ];
    let mut failures: Vec<String> = Vec::new();
    let mut links_checked = 0;
    for (kind, host) in &hosts {
        let mut statuses: BTreeMap<String, u16> = BTreeMap::new();
        for page in &pages {
            let forms = match page.as_str() {
                "" => vec![String::new()],
                folder => vec![folder.to_string(), folder.trim_end_matches('/').to_string()],
            };
            for form in forms {
                let opened = host.url(&form);
                browser.goto(&opened).await;
                // A redirect page (a folder without a page) moves on first.
                browser
                    .wait_until(
                        "document.readyState === 'complete' && \
                         !document.querySelector('meta[http-equiv=refresh]')",
                    )
                    .await;
                let at = browser.path().await;
                if !at.ends_with('/') {
                    failures.push(format!("{kind}: {opened} shows {at}, not a folder's URL"));
                }
                let unstyled = browser.eval(UNLOADED_STYLESHEETS).await;
                if unstyled != serde_json::json!([]) {
                    failures.push(format!("{kind}: {opened} lacks its styles: {unstyled}"));
                }
                let failed = browser.eval(FAILED_REQUESTS).await;
                if failed != serde_json::json!([]) {
                    failures.push(format!("{kind}: {opened} requested {failed}"));
                }
                let links = browser.eval(LINKS).await;
                for link in links.as_array().unwrap() {
                    let link = link.as_str().unwrap();
                    let Some(path) = link.strip_prefix(&host.origin()) else {
                        continue;
                    };
                    let path = path.split('#').next().unwrap().to_string();
                    links_checked += 1;
                    let status = *statuses
                        .entry(path.clone())
                        .or_insert_with(|| status_of(host, &path));
                    if status != 200 {
                        failures.push(format!("{kind}: {opened} links {path}: {status}"));
                    }
                }
            }
        }
    }
    if !failures.is_empty() {
        save_screenshot(&browser, "url-forms-failure").await;
    }
    browser.close().await;
    eprintln!(
        "url forms: {} pages, both forms, 2 hosts, {links_checked} links, {} failures",
        pages.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every URL the page names once its scripts ran, resolved by the browser.
const LINKS: &str = "return Array.from(document.querySelectorAll(\
    'a[href], link[href], img[src], script[src]'), \
    e => e.href || e.src).filter(u => /^https?:/.test(u));";

/// The stylesheets the page names that the browser did not load.
const UNLOADED_STYLESHEETS: &str = "return Array.from(document.querySelectorAll(\
    'link[rel=stylesheet]')).filter(l => !l.sheet).map(l => l.href);";

/// The requests of the page answered with an error (but the browser's
/// own guess at a favicon).
const FAILED_REQUESTS: &str = "return performance.getEntriesByType('resource')\
    .filter(e => e.responseStatus >= 400 && !e.name.endsWith('/favicon.ico'))\
    .map(e => e.name);";

/// Each folder of the built site holding an `index.html` (pages and
/// redirect pages), as a URL path from the root: `guides/setup/`, `` for
/// the home page. The theme's own folders are left out.
fn page_paths(site: &Path) -> Vec<String> {
    let mut pages = BTreeSet::new();
    for entry in walkdir::WalkDir::new(site) {
        let entry = entry.unwrap();
        if entry.file_name() != "index.html" {
            continue;
        }
        let folder = entry.path().parent().unwrap().strip_prefix(site).unwrap();
        let path = folder.to_string_lossy().replace('\\', "/");
        if path.starts_with('_') {
            continue;
        }
        pages.insert(if path.is_empty() { path } else { path + "/" });
    }
    pages.into_iter().collect()
}

/// The status of `GET path` on `host`, one redirect followed.
fn status_of(host: &HttpServer, path: &str) -> u16 {
    let (status, location) = get(host, path);
    match (status, location) {
        (301..=308, Some(location)) => get(host, &location).0,
        (status, _) => status,
    }
}

fn get(host: &HttpServer, path: &str) -> (u16, Option<String>) {
    let address = host.origin().trim_start_matches("http://").to_string();
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {address}\r\n\r\n").unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let text = String::from_utf8_lossy(&response);
    let head = text.split("\r\n\r\n").next().unwrap_or_default();
    let status = head[9..12].parse().unwrap();
    let location = (head.lines())
        .find_map(|l| {
            l.strip_prefix("Location: ")
                .or(l.strip_prefix("location: "))
        })
        .map(str::to_string);
    (status, location)
}
