//! Images that keep their place: each `<img>` of a page's body that has
//! neither `width` nor `height` and whose `src` is a file of the docs root
//! gets the size read from the file's header at build time, so nothing
//! shifts as images load (the theme shows body images at `height: auto`, so
//! the attributes give the box its proportions before the file arrives).
//!
//! PNG, JPEG, GIF, WebP and the other raster formats are read by
//! `imagesize` (header bytes only); an SVG by its root element's `width`
//! and `height` when both are plain numbers or pixels (an SVG sized only by
//! its `viewBox` has no size of its own and is left as written). The `src`
//! is the page's relative URL as the link rewrite wrote it
//! ([`super::links`]): joined to the page's folder, it names the file's
//! place in the docs root, the same place the static copy gives it. A
//! file is read only when it resolves inside the docs root
//! ([`crate::confine`]) and is a regular file; anything else (a URL of
//! another site, `data:`, a missing or unreadable file) is left as written.

use std::io::Read;
use std::path::Path;

use crate::confine::DocsRoot;
use crate::content::Page;
use crate::render::PageContent;

/// How much of an SVG file is read to find its root element.
const SVG_HEAD: u64 = 16 * 1024;

/// Sizes the images of `page`'s body and intro.
pub fn size_images(content: &mut PageContent, page: &Page, docs: &DocsRoot) {
    let parts = [&mut content.html, &mut content.intro];
    if parts.iter().all(|html| !has_img(html.as_bytes())) {
        return;
    }
    let dir = page.dir();
    for html in parts {
        if let Some(sized) = with_image_sizes(html, &dir, docs) {
            *html = sized;
        }
    }
}

/// `html` with a `width` and `height` on each `<img>` that lacks both and
/// names a file of `docs` (relative to the page's folder `page_dir`);
/// `None` when no image changes.
pub fn with_image_sizes(html: &str, page_dir: &str, docs: &DocsRoot) -> Option<String> {
    let mut out = String::new();
    let mut copied = 0;
    for tag in img_tags(html) {
        let Some((width, height)) = tag.src.and_then(|src| file_size(src, page_dir, docs)) else {
            continue;
        };
        out.push_str(&html[copied..tag.name_end]);
        out.push_str(&format!(" width={width} height={height}"));
        copied = tag.name_end;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&html[copied..]);
    Some(out)
}

/// One `<img>` start tag without `width` and `height`.
struct ImgTag<'a> {
    /// Where the tag name ends (just after `<img`).
    name_end: usize,
    /// The `src` attribute's value as written (still HTML-escaped).
    src: Option<&'a str>,
}

/// The `<img>` tags of `html` without a `width` or `height`, outside
/// `<script>` and `<style>` (whose text is not HTML).
fn img_tags(html: &str) -> Vec<ImgTag<'_>> {
    let bytes = html.as_bytes();
    let mut tags = Vec::new();
    if !has_img(bytes) {
        return tags;
    }
    let mut at = 0;
    while let Some(found) = memchr::memchr(b'<', &bytes[at..]) {
        let start = at + found;
        let name_len = (bytes[start + 1..].iter())
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        let name_end = start + 1 + name_len;
        let name = &bytes[start + 1..name_end];
        let (attributes, end) = attributes(html, name_end);
        at = end.max(start + 1);
        if name.eq_ignore_ascii_case(b"img") {
            let named = |n: &str| attributes.iter().any(|(a, _)| a.eq_ignore_ascii_case(n));
            if !named("width") && !named("height") {
                let src = attributes
                    .iter()
                    .find(|(a, _)| a.eq_ignore_ascii_case("src"));
                tags.push(ImgTag {
                    name_end,
                    src: src.map(|(_, value)| *value),
                });
            }
        } else if name.eq_ignore_ascii_case(b"script") || name.eq_ignore_ascii_case(b"style") {
            let close = format!("</{}", String::from_utf8_lossy(name).to_ascii_lowercase());
            at = find_ignoring_case(bytes, at, close.as_bytes()).unwrap_or(bytes.len());
        }
    }
    tags
}

/// Whether `<img` is in `bytes`, in any case (most pages have none).
fn has_img(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'<', bytes)
        .any(|at| (bytes.get(at + 1..at + 4)).is_some_and(|name| name.eq_ignore_ascii_case(b"img")))
}

/// The attributes of the tag whose name ends at `from`, as (name, value),
/// and where the tag ends (after its `>`, or the end of `html`).
fn attributes(html: &str, from: usize) -> (Vec<(&str, &str)>, usize) {
    let bytes = html.as_bytes();
    let mut found = Vec::new();
    let mut at = from;
    let is_space = |b: u8| b.is_ascii_whitespace() || b == b'/';
    loop {
        while at < bytes.len() && is_space(bytes[at]) {
            at += 1;
        }
        if at >= bytes.len() || bytes[at] == b'>' {
            return (found, (at + 1).min(bytes.len()));
        }
        let name_start = at;
        while at < bytes.len() && !is_space(bytes[at]) && !matches!(bytes[at], b'>' | b'=') {
            at += 1;
        }
        let name = &html[name_start..at];
        let mut value = "";
        if bytes.get(at) == Some(&b'=') {
            at += 1;
            match bytes.get(at) {
                Some(&quote @ (b'"' | b'\'')) => {
                    let end =
                        memchr::memchr(quote, &bytes[at + 1..]).map_or(bytes.len(), |i| at + 1 + i);
                    value = &html[at + 1..end];
                    at = (end + 1).min(bytes.len());
                }
                _ => {
                    let start = at;
                    while at < bytes.len() && !bytes[at].is_ascii_whitespace() && bytes[at] != b'>'
                    {
                        at += 1;
                    }
                    value = &html[start..at];
                }
            }
        }
        found.push((name, value));
    }
}

/// Where `needle` (lowercase, starting with `<`) is next in `bytes` from
/// `from`, in any case.
fn find_ignoring_case(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'<', bytes.get(from..)?)
        .map(|i| from + i)
        .find(|&at| {
            (bytes.get(at..at + needle.len())).is_some_and(|w| w.eq_ignore_ascii_case(needle))
        })
}

/// The size of the file that `src` (an HTML-escaped URL relative to the
/// page's folder `page_dir`) names in the docs root.
fn file_size(src: &str, page_dir: &str, docs: &DocsRoot) -> Option<(u32, u32)> {
    let path = docs_path(src, page_dir)?;
    let file = docs.resolve(Path::new(&path)).ok()?;
    if !std::fs::metadata(&file).ok()?.is_file() {
        return None;
    }
    let size = match path
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
    {
        Some(ext) if ext == "svg" => svg_size(&file)?,
        _ => {
            let size = imagesize::size(&file).ok()?;
            (
                u32::try_from(size.width).ok()?,
                u32::try_from(size.height).ok()?,
            )
        }
    };
    (size.0 > 0 && size.1 > 0).then_some(size)
}

/// The docs-root path that the relative URL `src` names from the page's
/// folder `page_dir`; `None` for another site's URL, a `data:` URL, a
/// root-absolute path or one that climbs above the root.
fn docs_path(src: &str, page_dir: &str) -> Option<String> {
    let src = html_escape::decode_html_entities(src.trim());
    let path = src.split(['?', '#']).next().unwrap_or_default();
    let scheme = path
        .split('/')
        .next()
        .is_some_and(|first| first.contains(':'));
    if path.is_empty() || path.starts_with('/') || scheme {
        return None;
    }
    let path = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    let mut parts: Vec<&str> = page_dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// An SVG's `width` and `height` from its root element, when both are
/// numbers of pixels.
fn svg_size(file: &Path) -> Option<(u32, u32)> {
    let mut head = Vec::new();
    std::fs::File::open(file)
        .ok()?
        .take(SVG_HEAD)
        .read_to_end(&mut head)
        .ok()?;
    let head = String::from_utf8_lossy(&head);
    let start = find_svg_root(&head)?;
    let (attributes, _) = attributes(&head, start + "<svg".len());
    let pixels = |name: &str| {
        let (_, value) = attributes.iter().find(|(n, _)| *n == name)?;
        let number = value.trim().strip_suffix("px").unwrap_or(value.trim());
        let number: f64 = number.trim().parse().ok()?;
        (number.is_finite() && number >= 0.5 && number < f64::from(u32::MAX))
            .then(|| number.round() as u32)
    };
    Some((pixels("width")?, pixels("height")?))
}

/// Where the root `<svg` element starts, past the XML declaration,
/// comments and a doctype.
fn find_svg_root(text: &str) -> Option<usize> {
    let mut at = 0;
    loop {
        let start = at + text.get(at..)?.find('<')?;
        let rest = &text[start..];
        if rest.starts_with("<svg")
            && rest[4..].starts_with(|c: char| c.is_ascii_whitespace() || c == '>')
        {
            return Some(start);
        }
        at = if rest.starts_with("<!--") {
            start + rest.find("-->")? + 3
        } else if rest.starts_with("<?") || rest.starts_with("<!") {
            start + rest.find('>')? + 1
        } else {
            return None;
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_src_names_its_place_in_the_docs_root() {
        assert_eq!(
            docs_path("../img/a.png", "guides/one").unwrap(),
            "guides/img/a.png"
        );
        assert_eq!(
            docs_path("../../a%20b.png?v=1#x", "guides/one").unwrap(),
            "a b.png"
        );
        assert_eq!(docs_path("./x.png", "").unwrap(), "x.png");
        assert_eq!(docs_path("a&amp;b.png", "").unwrap(), "a&b.png");
        for other in [
            "https://x.dev/a.png",
            "data:image/png;base64,AA",
            "/a.png",
            "../a.png",
            "",
        ] {
            assert_eq!(docs_path(other, ""), None, "{other}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_file_outside_the_docs_root_is_never_read() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("docs");
        std::fs::create_dir_all(root.join("images")).unwrap();
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\0\x07\0\0\0\x09\x08\x06\0\0\0\0\0\0\0";
        std::fs::write(dir.path().join("secret.png"), png).unwrap();
        std::fs::write(root.join("images/own.png"), png).unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.png"), root.join("images/link.png"))
            .unwrap();
        let docs = DocsRoot::new(&root);
        assert_eq!(file_size("../images/own.png", "guide", &docs), Some((7, 9)));
        assert_eq!(file_size("../images/link.png", "guide", &docs), None);
        assert_eq!(file_size("../../secret.png", "guide", &docs), None);
        assert_eq!(file_size("images", "", &docs), None, "a folder");
    }

    #[test]
    fn img_tags_without_a_size_are_found_outside_scripts() {
        let html = r#"<p><img src="a.png" alt="a > b"><IMG SRC=b.png width=3><img height="2" src=c.png><img alt=x src='d.png'/></p><script>"<img src=e.png>"</script><style>x{}</style><img src=f.png>"#;
        let srcs: Vec<_> = img_tags(html).into_iter().map(|t| t.src.unwrap()).collect();
        assert_eq!(srcs, ["a.png", "d.png", "f.png"]);
        assert!(img_tags("<img").iter().all(|t| t.src.is_none()));
        assert!(img_tags("<p title='<img src=x.png>'>").is_empty());
    }

    #[test]
    fn svg_sizes_are_plain_pixels_only() {
        let dir = tempfile::tempdir().unwrap();
        let svg = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            svg_size(&path)
        };
        let head = "<?xml version=\"1.0\"?>\n<!-- <svg width=1 height=1> -->\n<!DOCTYPE svg>\n";
        assert_eq!(
            svg(
                "a.svg",
                &format!("{head}<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height='40.4px'>")
            ),
            Some((120, 40))
        );
        assert_eq!(svg("b.svg", "<svg viewBox=\"0 0 10 10\">"), None);
        assert_eq!(svg("c.svg", "<svg width=\"100%\" height=\"10\">"), None);
        assert_eq!(svg("d.svg", "<svgx width=1 height=1>"), None);
    }
}
