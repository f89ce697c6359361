//! The site-wide files besides pages: `sitemap.xml`, `robots.txt`,
//! `llms.txt` / `llms-full.txt`, each page's Markdown source, redirect pages
//! and a `_redirects` file for hosts that understand it.

use std::borrow::Cow;
use std::fmt::Write;
use std::fs;
use std::io::{self, Write as _};
#[cfg(not(unix))]
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

use crate::content::{Page, PageId, Site};
use crate::diagnostics::Diagnostic;
use crate::render::escape_html;
use crate::rules::Rule;
use crate::search::SearchSection;

/// Where the site files are written, at the site root.
pub const SITEMAP: &str = "sitemap.xml";
pub const ROBOTS: &str = "robots.txt";
pub const LLMS_INDEX: &str = "llms.txt";
pub const LLMS_FULL: &str = "llms-full.txt";
pub const REDIRECTS_FILE: &str = "_redirects";

/// Every site file: the build writes them after the docs root's static
/// files, over any of the same name, so the preview must not serve such a
/// static file before the build is done.
pub const SITE_FILES: [&str; 5] = [SITEMAP, ROBOTS, LLMS_INDEX, LLMS_FULL, REDIRECTS_FILE];

/// `sitemap.xml`: every indexed page (`Site::is_indexed`). Locations are absolute when
/// a site URL is known, else root-relative (under the base path), which
/// the command line notes (`relative-sitemap`).
pub fn sitemap(site: &Site, site_url: Option<&str>) -> String {
    let base = match (site_url, site.base_path.as_str()) {
        (Some(url), _) => format!("{}/", url.trim_end_matches('/')),
        (None, "") => String::from("/"),
        (None, path) => format!("/{path}/"),
    };
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

/// The note `build` and `check` give once without a site URL: the
/// sitemap's locations and the `hreflang` alternates are root-relative,
/// at the config file of `root`.
pub fn relative_sitemap_note(root: &Path) -> Diagnostic {
    let config = (crate::config::CONFIG_FILES.iter())
        .find(|name| root.join(name).is_file())
        .unwrap_or(&crate::config::CONFIG_FILES[0]);
    let message = "without a site URL, the sitemap's `<loc>` entries and the `hreflang` alternates are root-relative paths, which the sitemap protocol and search engines do not accept";
    Diagnostic::note(*config, message)
        .with_rule(Rule::RelativeSitemap)
        .with_help("give the address the site is published at: `--site-url https://docs.example.com` (or `https://example.com/docs`)")
}

pub fn robots(site_url: Option<&str>) -> String {
    let mut out = String::from("User-agent: *\nAllow: /\n");
    if let Some(url) = site_url {
        let _ = writeln!(out, "Sitemap: {}/sitemap.xml", url.trim_end_matches('/'));
    }
    out
}

/// `llms.txt`: the site name, then one line per navigation page (in
/// navigation order, then the schema pages, which no sidebar lists) linking its Markdown source (its HTML page when
/// `markdownSources` is off), with its description; links are absolute
/// with a site URL (`build --site-url`), else relative to the site root.
pub fn llms_index(site: &Site, site_url: Option<&str>) -> String {
    let base = site_url.map_or(String::new(), |u| format!("{}/", u.trim_end_matches('/')));
    let mut out = format!("# {}\n\n", site.config.name);
    let schema_pages = site
        .pages
        .iter()
        .filter(|p| p.is_schema_page() && p.listing_of.is_none());
    let pages: Vec<&Page> = site.nav_pages_once().chain(schema_pages).collect();
    if site.config.languages.is_empty() {
        write_llms_entries(site, &pages, &base, &mut out);
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
            write_llms_entries(site, &own, &base, &mut out);
            out.push('\n');
        }
    }
    out
}

/// One `- [title](link): description` line per page.
fn write_llms_entries(site: &Site, pages: &[&Page], base: &str, out: &mut String) {
    for page in pages {
        let target = if site.config.markdown_sources {
            markdown_path(page).display().to_string()
        } else {
            super::links::relative("", &page.url())
        };
        let _ = write!(out, "- [{}]({base}{target})", page.title);
        match &page.frontmatter.description {
            Some(d) => {
                let _ = writeln!(out, ": {d}");
            }
            None => out.push('\n'),
        }
    }
}

/// `llms-full.txt`: every navigation page's title, description and text
/// (its search document: the intro, then each section under its heading),
/// in navigation order. It is as large as all the pages together, so a
/// build hands over each step of rendered pages ([`LlmsFull::add_step`]) and
/// the file is written as it goes: a page whose turn has come is written at
/// once (pages are usually rendered in navigation order), and only a page
/// rendered before its turn waits, in an unnamed temporary file.
pub struct LlmsFull<W: io::Write> {
    out: W,
    /// Each navigation page once, in navigation order.
    order: Vec<PageId>,
    /// How many pages of `order` are written.
    written: usize,
    /// Which pages are rendered, by page id.
    rendered: Vec<bool>,
    /// Pages rendered before their turn: where their text lies in the
    /// spill file, by page id.
    waiting: Vec<Option<(u64, u64)>>,
    spill: Spill,
}

/// The temporary file holding the text of pages rendered before their turn,
/// created on first use.
struct Spill {
    dir: PathBuf,
    file: Option<io::BufWriter<fs::File>>,
    len: u64,
}

impl<W: io::Write> LlmsFull<W> {
    /// Starts the file in `out` with the site name; a page rendered before
    /// its turn waits in an unnamed temporary file in `spill_dir`.
    pub fn new(site: &Site, spill_dir: &Path, mut out: W) -> io::Result<LlmsFull<W>> {
        writeln!(out, "# {}", site.config.name)?;
        let order = site.nav_pages_once().map(|page| page.id).collect();
        Ok(LlmsFull {
            out,
            order,
            written: 0,
            rendered: vec![false; site.pages.len()],
            waiting: vec![None; site.pages.len()],
            spill: Spill {
                dir: spill_dir.to_path_buf(),
                file: None,
                len: 0,
            },
        })
    }

    /// Takes the pages `ids`, just rendered, with the sections of those
    /// that have text; writes every page whose turn has come.
    pub fn add_step<'d>(
        &mut self,
        site: &Site,
        ids: std::ops::Range<PageId>,
        sections: impl IntoIterator<Item = (PageId, &'d [SearchSection])>,
    ) -> io::Result<()> {
        let mut texts: std::collections::HashMap<PageId, String> = sections
            .into_iter()
            .map(|(id, sections)| (id, page_text(sections)))
            .collect();
        for id in ids {
            self.rendered[id] = true;
        }
        self.write_ready(site, &mut texts)?;
        for (id, text) in texts {
            self.waiting[id] = Some(self.spill.put(text.as_bytes())?);
        }
        Ok(())
    }

    /// Writes the pages still waiting and returns the writer. Every page
    /// must have been handed over.
    pub fn finish(mut self, site: &Site) -> io::Result<W> {
        self.rendered.fill(true);
        self.write_ready(site, &mut Default::default())?;
        Ok(self.out)
    }

    /// Writes the pages of `order` from `written` on while they are
    /// rendered, taking their text from `texts` (this step's) or the spill.
    fn write_ready(
        &mut self,
        site: &Site,
        texts: &mut std::collections::HashMap<PageId, String>,
    ) -> io::Result<()> {
        while let Some(&id) = self.order.get(self.written) {
            if !self.rendered[id] {
                break;
            }
            let page = &site.pages[id];
            write!(
                self.out,
                "\n## {}\n\nSource: {}\n",
                page.title,
                markdown_path(page).display()
            )?;
            if let Some(d) = &page.frontmatter.description {
                writeln!(self.out, "\n{d}")?;
            }
            if let Some(text) = texts.remove(&id) {
                self.out.write_all(text.as_bytes())?;
            } else if let Some(span) = self.waiting[id].take() {
                self.out.write_all(&self.spill.get(span)?)?;
            }
            self.written += 1;
        }
        Ok(())
    }
}

impl Spill {
    /// Appends `bytes`; returns where they lie.
    fn put(&mut self, bytes: &[u8]) -> io::Result<(u64, u64)> {
        let file = match &mut self.file {
            Some(file) => file,
            None => self
                .file
                .insert(io::BufWriter::new(tempfile::tempfile_in(&self.dir)?)),
        };
        file.write_all(bytes)?;
        let span = (self.len, bytes.len() as u64);
        self.len += span.1;
        Ok(span)
    }

    /// The bytes at `span`.
    fn get(&mut self, (start, len): (u64, u64)) -> io::Result<Vec<u8>> {
        let file = self.file.as_mut().expect("a span comes from the spill");
        file.flush()?;
        let mut bytes = vec![0; len as usize];
        read_at(file.get_ref(), &mut bytes, start)?;
        Ok(bytes)
    }
}

/// A page's text in `llms-full.txt`: its sections, each under its heading
/// (the intro section, without one, goes under the page title).
fn page_text(sections: &[SearchSection]) -> String {
    let mut text = String::new();
    for section in sections {
        if !section.anchor.is_empty() && !section.heading.is_empty() {
            let _ = write!(text, "\n### {}\n", section.heading);
        }
        if !section.text.is_empty() {
            let _ = write!(text, "\n{}\n", section.text);
        }
    }
    text
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

/// The Markdown written beside a page: its `text` as agents read it
/// (`<Visibility>`), or for an endpoint or channel page
/// without a file, a short description of the operation or channel.
pub fn markdown_source<'t>(
    page: &Page,
    text: &'t str,
    variables: &std::collections::BTreeMap<String, String>,
) -> Cow<'t, str> {
    if page.source_path.is_some() {
        return match crate::markdown::for_agents(text) {
            Cow::Borrowed(text) => crate::content::variables::substitute(text, variables).0,
            Cow::Owned(text) => {
                let substituted = crate::content::variables::substitute(&text, variables).0;
                Cow::Owned(substituted.into_owned())
            }
        };
    }
    let openapi = page.openapi.as_deref().unwrap_or_default();
    let (key, reference) = match (&page.openapi, &page.frontmatter.asyncapi) {
        (None, Some(channel)) => ("asyncapi", channel.as_str()),
        _ if crate::openapi::is_schema_reference(openapi) => ("openapi-schema", openapi),
        _ => ("openapi", openapi),
    };
    Cow::Owned(format!(
        "---\ntitle: {}\n{key}: {reference}\n---\n\n# {}\n\n`{reference}`\n",
        page.title, page.title
    ))
}

/// A local URL split before its `?query` or `#fragment`: (path, the rest).
pub fn split_suffix(url: &str) -> (&str, &str) {
    url.split_at(url.find(['?', '#']).unwrap_or(url.len()))
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
        let status = if r.permanent { 301 } else { 302 };
        let _ = writeln!(out, "{source} {destination} {status}");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchDoc;
    use crate::sources::SourceFiles;

    /// Pages `a`, `b`, `c` in the navigation (`a` listed twice) and `d`
    /// outside it, with their ids in that order.
    fn site() -> Site {
        let dir = tempfile::tempdir().unwrap();
        for page in ["a", "b", "c", "d"] {
            fs::write(dir.path().join(format!("{page}.md")), format!("# {page}")).unwrap();
        }
        let config = serde_json::from_str(
            r#"{"name": "X", "navigation": [{"group": "G", "pages": ["a", "b", "c", "a"]}]}"#,
        )
        .unwrap();
        let site = Site::load(&SourceFiles::scan(dir.path()), config, &|_| None).0;
        let slugs: Vec<&str> = site.pages.iter().map(|p| p.slug.as_str()).collect();
        assert_eq!(slugs, ["a", "b", "c", "d"]);
        site
    }

    fn doc(text: &str) -> SearchDoc {
        SearchDoc {
            sections: vec![SearchSection {
                text: text.to_string(),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    /// `llms-full.txt` from pages handed over in `steps` (id ranges);
    /// `b` has no doc.
    fn llms_full(site: &Site, steps: &[(PageId, PageId)]) -> String {
        let spill = tempfile::tempdir().unwrap();
        let docs = [
            (0, doc("text of a")),
            (2, doc("text of c")),
            (3, doc("text of d")),
        ];
        let mut llms = LlmsFull::new(site, spill.path(), Vec::new()).unwrap();
        for &(start, end) in steps {
            let in_step = docs.iter().filter(|(id, _)| (start..end).contains(id));
            llms.add_step(
                site,
                start..end,
                in_step.map(|(id, d)| (*id, d.sections.as_slice())),
            )
            .unwrap();
        }
        String::from_utf8(llms.finish(site).unwrap()).unwrap()
    }

    #[test]
    fn llms_full_lists_each_navigation_page_once_in_navigation_order() {
        let site = site();
        let text = llms_full(&site, &[(0, 4)]);
        assert_eq!(
            text,
            "# X\n\n## a\n\nSource: a.md\n\ntext of a\n\
             \n## b\n\nSource: b.md\n\
             \n## c\n\nSource: c.md\n\ntext of c\n"
        );
    }

    #[test]
    fn pages_rendered_before_their_turn_wait_for_it() {
        let site = site();
        let in_order = llms_full(&site, &[(0, 4)]);
        assert_eq!(llms_full(&site, &[(2, 4), (0, 2)]), in_order);
        assert_eq!(llms_full(&site, &[(3, 4), (1, 3), (0, 1)]), in_order);
        assert_eq!(
            llms_full(&site, &[(0, 1), (1, 2), (2, 3), (3, 4)]),
            in_order
        );
    }
}
