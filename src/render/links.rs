//! Turning the URLs and paths of `site.json` and pages into relative links.
//! Every internal link starts with the [`ROOT`] marker, which becomes the
//! page's relative root prefix when a fragment is written, so the site works
//! under any sub-path and from disk.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

pub use super::fragment::root_prefix;
use super::fragment::ROOT;
use crate::config::PageUrls;
use crate::content::Page;

/// Characters left alone in a query value: unreserved ones.
const QUERY_VALUE: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/');

/// Whether `url` leaves the site ([`crate::html::is_external_url`]). One
/// that would run script (`javascript:`) is not let out: it is written as a
/// path of the site, which leads nowhere.
pub fn is_external(url: &str) -> bool {
    crate::html::is_external_url(url) && !crate::html::runs_script(url)
}

/// A link from `site.json` (`/quickstart`, `api#auth`, `https://…`): external
/// URLs unchanged, internal paths made root-relative; a page path (no
/// extension, no trailing `/`) becomes the page's URL as `urls` shapes it.
pub fn href(url: &str, urls: PageUrls) -> String {
    if is_external(url) || url.starts_with('#') {
        return url.to_string();
    }
    let split = url.find(['#', '?']).unwrap_or(url.len());
    let (path, suffix) = url.split_at(split);
    let path = path.trim_start_matches('/');
    let last = path.rsplit('/').next().unwrap_or("");
    if path.is_empty() || path.ends_with('/') || last.contains('.') {
        format!("{ROOT}{path}{suffix}")
    } else {
        format!("{ROOT}{}{suffix}", urls.url(path))
    }
}

/// A static file named in `site.json` (logo, favicon, background image).
pub fn asset(path: &str) -> String {
    if crate::html::is_external_url(path) {
        path.to_string()
    } else {
        format!("{ROOT}{}", path.trim_start_matches('/'))
    }
}

/// The root-relative link to a page.
pub fn page_href(page: &Page) -> String {
    format!("{ROOT}{}", page.url())
}

/// `suggestEdit`: the page's source file in the repository's default branch.
pub fn suggest_edit_url(repo: &str, page: &Page) -> Option<String> {
    let source = page.source_path.as_ref()?;
    let path = source.to_string_lossy().replace('\\', "/");
    Some(format!("{repo}/edit/main/{path}"))
}

/// `raiseIssue`: a new issue prefilled with the page's path.
pub fn raise_issue_url(repo: &str, page: &Page) -> String {
    let path = if page.slug == "index" { "" } else { &page.slug };
    let body = format!("Path: /{path}");
    format!(
        "{repo}/issues/new?title={}&body={}",
        utf8_percent_encode("Issue on docs", QUERY_VALUE),
        utf8_percent_encode(&body, QUERY_VALUE)
    )
}

/// The HTTP method of an endpoint page (`openapi: GET /x`, `api: POST https://…`).
pub fn endpoint_method(page: &Page) -> Option<String> {
    // `WEBHOOK` for an OpenAPI 3.1 webhook (`webhook newPet`); an AsyncAPI
    // channel's `SEND`, `RECEIVE` or `PUB/SUB`.
    const METHODS: [&str; 9] = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "WEBHOOK",
    ];
    if let Some(badge) = &page.frontmatter.channel_badge {
        return Some(badge.clone());
    }
    let spec = page
        .openapi
        .as_deref()
        .or(page.frontmatter.api.as_deref())?;
    spec.split_whitespace()
        .map(str::to_ascii_uppercase)
        .find(|word| METHODS.contains(&word.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_links_become_root_relative_folders() {
        let href = |url| href(url, PageUrls::Folders);
        assert_eq!(href("/quickstart"), format!("{ROOT}quickstart/"));
        assert_eq!(href("api/intro#auth"), format!("{ROOT}api/intro/#auth"));
        assert_eq!(href("/"), format!("{ROOT}"));
        assert_eq!(href("/files/a.pdf"), format!("{ROOT}files/a.pdf"));
        assert_eq!(href("https://x.dev/a"), "https://x.dev/a");
        assert_eq!(href("mailto:a@b.c"), "mailto:a@b.c");
        assert_eq!(href("tel:+15551234"), "tel:+15551234");
        assert_eq!(
            href("javascript:alert(1)"),
            format!("{ROOT}javascript:alert(1)/")
        );
    }

    #[test]
    fn internal_links_become_html_files_when_pages_are_files() {
        let href = |url| href(url, PageUrls::Html);
        assert_eq!(href("/quickstart"), format!("{ROOT}quickstart.html"));
        assert_eq!(href("api/intro#auth"), format!("{ROOT}api/intro.html#auth"));
        assert_eq!(href("/"), format!("{ROOT}"));
        assert_eq!(href("/guides/"), format!("{ROOT}guides/"));
        assert_eq!(href("/files/a.pdf"), format!("{ROOT}files/a.pdf"));
    }

    #[test]
    fn assets_keep_external_urls() {
        assert_eq!(asset("/logo/light.svg"), format!("{ROOT}logo/light.svg"));
        assert_eq!(asset("https://cdn/x.png"), "https://cdn/x.png");
        assert_eq!(
            asset("data:image/png;base64,AA"),
            "data:image/png;base64,AA"
        );
    }

    #[test]
    fn root_prefix_per_depth() {
        assert_eq!(root_prefix(0), "./");
        assert_eq!(root_prefix(1), "../");
        assert_eq!(root_prefix(2), "../../");
    }
}
