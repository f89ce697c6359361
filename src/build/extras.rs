//! The site-wide files besides pages: `sitemap.xml`, `robots.txt`,
//! `llms.txt` / `llms-full.txt`, each page's Markdown source, redirect pages
//! and a `_redirects` file for hosts that understand it.

use std::fmt::Write;
use std::fs;
use std::io::{self, Write as _};
#[cfg(not(unix))]
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

use crate::content::{Page, PageId, Site};
use crate::render::{escape_html, Theme};
use crate::search::SearchDoc;

/// `sitemap.xml`: every indexed page (`Site::is_indexed`). Locations are absolute when
/// a site URL is known, else root-relative.
pub fn sitemap(site: &Site, site_url: Option<&str>) -> String {
    let base = site_url.map_or(String::from("/"), |u| {
        format!("{}/", u.trim_end_matches('/'))
    });
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for page in site.pages.iter().filter(|p| site.is_indexed(p)) {
        let _ = writeln!(
            out,
            "  <url><loc>{}{}</loc></url>",
            escape_html(&base),
            escape_html(&page.url())
        );
    }
    out.push_str("</urlset>\n");
    out
}

pub fn robots(site_url: Option<&str>) -> String {
    let mut out = String::from("User-agent: *\nAllow: /\n");
    if let Some(url) = site_url {
        let _ = writeln!(out, "Sitemap: {}/sitemap.xml", url.trim_end_matches('/'));
    }
    out
}

/// `llms.txt`: the site name, then one line per navigation page (in
/// navigation order) linking its Markdown source (its HTML page when
/// `markdownSources` is off), with its description.
pub fn llms_index(site: &Site) -> String {
    let mut out = format!("# {}\n\n", site.config.name);
    let mut seen = std::collections::HashSet::new();
    let pages: Vec<&Page> = site
        .nav_order
        .iter()
        .filter(|&&id| seen.insert(id))
        .map(|&id| &site.pages[id])
        .collect();
    if site.config.languages.is_empty() {
        write_llms_entries(site, &pages, &mut out);
        return out;
    }
    // A section per language, so a reader (or model) keeps to one.
    for language in &site.config.languages {
        let own: Vec<&Page> = pages
            .iter()
            .copied()
            .filter(|p| site.language_of(p) == language.code)
            .collect();
        if !own.is_empty() {
            let _ = writeln!(out, "## {}\n", language.code);
            write_llms_entries(site, &own, &mut out);
            out.push('\n');
        }
    }
    out
}

/// One `- [title](link): description` line per page.
fn write_llms_entries(site: &Site, pages: &[&Page], out: &mut String) {
    for page in pages {
        let target = if site.config.markdown_sources {
            markdown_path(page).display().to_string()
        } else {
            super::links::relative("", &page.url())
        };
        let _ = write!(out, "- [{}]({target})", page.title);
        match &page.frontmatter.description {
            Some(d) => {
                let _ = writeln!(out, ": {d}");
            }
            None => out.push('\n'),
        }
    }
}

/// `llms-full.txt`: every navigation page's title, description and text
/// (its search document: the intro, then each section under its heading).
/// It is as large as all the pages together, so a build hands over each
/// page's text as it is rendered ([`LlmsFull::add`]), which goes to an
/// unnamed temporary file, and [`LlmsFull::write`] copies it out in
/// navigation order.
pub struct LlmsFull {
    spill: io::BufWriter<fs::File>,
    /// Where each page's text lies in the spill file, by page id.
    spans: Vec<Option<(u64, u64)>>,
    spilled: u64,
}

impl LlmsFull {
    /// Spills into an unnamed temporary file in `dir` (gone when closed).
    pub fn new(dir: &Path, pages: usize) -> io::Result<LlmsFull> {
        Ok(LlmsFull {
            spill: io::BufWriter::new(tempfile::tempfile_in(dir)?),
            spans: vec![None; pages],
            spilled: 0,
        })
    }

    /// The text of page `id`, from its search document.
    pub fn add(&mut self, id: PageId, doc: &SearchDoc) -> io::Result<()> {
        let mut text = String::new();
        for section in &doc.sections {
            // The intro section (no anchor) is headed by the page title, written above.
            if !section.anchor.is_empty() && !section.heading.is_empty() {
                let _ = write!(text, "\n### {}\n", section.heading);
            }
            if !section.text.is_empty() {
                let _ = write!(text, "\n{}\n", section.text);
            }
        }
        self.spill.write_all(text.as_bytes())?;
        self.spans[id] = Some((self.spilled, text.len() as u64));
        self.spilled += text.len() as u64;
        Ok(())
    }

    /// Writes the file: the site name, then each navigation page once, in
    /// navigation order.
    pub fn write(self, site: &Site, out: &mut impl io::Write) -> io::Result<()> {
        let spill = self.spill.into_inner().map_err(|e| e.into_error())?;
        let mut text = Vec::new();
        writeln!(out, "# {}", site.config.name)?;
        let mut seen = std::collections::HashSet::new();
        for &id in &site.nav_order {
            if !seen.insert(id) {
                continue;
            }
            let page = &site.pages[id];
            write!(
                out,
                "\n## {}\n\nSource: {}\n",
                page.title,
                markdown_path(page).display()
            )?;
            if let Some(d) = &page.frontmatter.description {
                writeln!(out, "\n{d}")?;
            }
            if let Some((start, len)) = self.spans[id] {
                text.resize(len as usize, 0);
                read_at(&spill, &mut text, start)?;
                out.write_all(&text)?;
            }
        }
        Ok(())
    }
}

/// Reads `buf.len()` bytes of `file` from `offset` (one `pread` on Unix).
fn read_at(file: &fs::File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
    }
    #[cfg(not(unix))]
    {
        let mut file = file;
        file.seek(io::SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

/// Where a page's Markdown source is written: `a/b.md` beside `a/b/`.
pub fn markdown_path(page: &Page) -> PathBuf {
    PathBuf::from(format!("{}.md", page.slug))
}

/// The Markdown written beside a page: its source, or for an endpoint page
/// without a file, a short description of the operation.
pub fn markdown_source(page: &Page) -> String {
    if page.source_path.is_some() {
        return page.source.clone();
    }
    let reference = page.openapi.as_deref().unwrap_or_default();
    format!(
        "---\ntitle: {}\nopenapi: {reference}\n---\n\n# {}\n\n`{reference}`\n",
        page.title, page.title
    )
}

/// Redirect pages for `redirects` whose source is a plain path (sources with
/// `:param` wildcards cannot be static pages; they go to `_redirects` only).
pub fn redirect_pages(site: &Site, theme: &Theme) -> Vec<(PathBuf, String)> {
    site.config
        .redirects
        .iter()
        .filter(|r| !r.source.contains(':') && !r.source.contains('*'))
        .filter_map(|r| {
            let source = r.source.trim_matches('/');
            if source.is_empty()
                || site.page_by_slug(source).is_some()
                || source.split('/').any(|s| s == "..")
            {
                return None;
            }
            let urls = site.config.page_urls;
            let target = if super::links::is_external(&r.destination) {
                r.destination.clone()
            } else {
                super::links::relative(&urls.folder(source), &redirect_target(site, &r.destination))
            };
            Some((
                PathBuf::from(urls.file(source)),
                theme.render_redirect(&target),
            ))
        })
        .collect()
}

/// The URL from the site root a redirect's local destination names: a
/// page's URL, else the path as a folder.
fn redirect_target(site: &Site, destination: &str) -> String {
    let path = destination.trim_matches('/');
    match site.page_by_slug(path) {
        Some(page) => page.url(),
        None if path.is_empty() => String::new(),
        None => format!("{path}/"),
    }
}

/// Netlify/Cloudflare-style `_redirects` with every redirect, wildcards included.
pub fn redirects_file(site: &Site) -> Option<String> {
    if site.config.redirects.is_empty() {
        return None;
    }
    let mut out = String::new();
    for r in &site.config.redirects {
        let source = r.source.replace(":slug*", "*");
        let destination = r.destination.replace(":slug*", ":splat");
        let _ = writeln!(out, "{source} {destination} 301");
    }
    Some(out)
}
