//! A page of the site ([`Page`]): where its text and body are, its
//! frontmatter, title and section, and the URL, output file and folder its
//! `pageUrls` shape gives it; copies written at another place
//! ([`Page::copy_at`]); and where its frontmatter sets a key
//! ([`frontmatter_line`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::frontmatter::{Frontmatter, PageMode};
use super::text::{PageText, TextError};
use crate::config::PageUrls;

/// Index of a page in [`Site::pages`](super::Site::pages).
pub type PageId = usize;

/// One page of the site.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub id: PageId,
    /// Path without extension, relative to the root (`api/get-user`); `index` is the home page.
    pub slug: String,
    /// The source file relative to the root; `None` for navigation-only endpoint pages.
    pub source_path: Option<PathBuf>,
    /// The file text (frontmatter included), kept or let go (see
    /// [`Texts`](super::Texts)); kept and empty without a file.
    pub text: PageText,
    /// Byte offset of the body in the text, and the number of lines before it.
    pub body_start: usize,
    pub body_line_offset: usize,
    /// The ids of the body's headings and `id="…"` attributes, for
    /// checking links to the page before it is rendered.
    pub heading_ids: HashSet<String>,
    /// The sources of the body's ```` ```mermaid ```` fences, which a
    /// build draws before its page jobs.
    pub diagrams: Vec<String>,
    pub frontmatter: Frontmatter,
    pub title: String,
    /// The sidebar label: `sidebarTitle`, else the title.
    pub nav_title: String,
    /// The OpenAPI operation this page documents (frontmatter `openapi` or a navigation entry).
    pub openapi: Option<String>,
    pub version: Option<String>,
    /// The language code of the page's navigation group, if the site has languages.
    pub language: Option<String>,
    /// Index into `config.tabs`; `None` is the primary tab.
    pub tab: Option<usize>,
    /// Index into `config.anchors` (local anchors only).
    pub anchor: Option<usize>,
    /// Whether the navigation lists the page.
    pub in_nav: bool,
    /// How its URL is shaped (`site.json` `pageUrls`).
    pub urls: PageUrls,
    /// Set on a copy of the page written at another place (the site root,
    /// a tab's folder; see [`Page::copy_at`]): that place's slug.
    pub written_at: Option<String>,
    /// Set on a further listing of a page in another version, language or
    /// section (see [`Site`](super::Site)): the page it repeats, whose URL
    /// is its canonical one and whose source its links resolve from.
    pub listing_of: Option<PageId>,
}

impl Page {
    /// Whether the page shows a named schema of a spec (its navigation
    /// entry is `SCHEMA Name`): listed in no sidebar, yet found by search
    /// and `llms.txt`.
    pub fn is_schema_page(&self) -> bool {
        (self.openapi.as_deref()).is_some_and(crate::config::is_schema_entry)
    }

    /// The page's file text, read again if it was let go (see [`Texts`](super::Texts)).
    pub fn text(&self, root: &Path) -> Result<std::borrow::Cow<'_, str>, TextError> {
        match &self.source_path {
            Some(path) => self.text.read(&root.join(path)),
            None => Ok(std::borrow::Cow::Borrowed("")),
        }
    }

    /// The body of the page's `text` (without its frontmatter).
    pub fn body_of<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.body_start..).unwrap_or_default()
    }

    /// The line (from 1) of the page's text that sets one of the
    /// frontmatter `keys`, to place a problem with its value; `None` when
    /// there is none or the text cannot be read.
    pub fn frontmatter_line(&self, root: &Path, keys: &[&str]) -> Option<usize> {
        frontmatter_line(&self.text(root).ok()?, keys)
    }

    /// Whether a link's `fragment` may name an id on this page: one of its
    /// heading ids ([`Page::anchor_id`]), or any id of an endpoint page
    /// (whose sections are made when it is rendered).
    pub fn may_have_anchor(&self, fragment: &str) -> bool {
        self.openapi.is_some()
            || self.frontmatter.api.is_some()
            || self.anchor_id(fragment).is_some()
    }

    /// The heading id a link's `fragment` names: the fragment itself, or
    /// read as Mintlify reads it (percent-decoded: `#%E3%82%B5…` names
    /// `サ…`; then without `?,;:!'"()[]{}` and emoji: `#isnull()` names
    /// `isnull`), or made an id by this page's own rule (Mintlify keeps
    /// some characters in ids that sheaf's ids turn into `-`:
    /// `#standard-i%2Fo` names `## Standard I/O`, `standard-i-o`), when a
    /// heading has that id. The link is written with it, so the browser
    /// finds the heading.
    pub fn anchor_id<'f>(&self, fragment: &'f str) -> Option<std::borrow::Cow<'f, str>> {
        if self.heading_ids.contains(fragment) {
            return Some(fragment.into());
        }
        let decoded = percent_encoding::percent_decode_str(fragment).decode_utf8_lossy();
        if self.heading_ids.contains(decoded.as_ref()) {
            return Some(decoded.into_owned().into());
        }
        let cleaned: String = decoded
            .chars()
            .filter(|&c| !is_dropped_from_ids(c))
            .collect();
        if self.heading_ids.contains(&cleaned) {
            return Some(cleaned.into());
        }
        let slugged = crate::markdown::heading_slug(&cleaned);
        self.heading_ids.contains(&slugged).then(|| slugged.into())
    }

    /// The page's URL relative to the site root: `a/b/` (or `a/b.html`), or
    /// `` for the home page.
    pub fn url(&self) -> String {
        self.urls.url(&self.slug)
    }

    /// The frontmatter description as plain text (for meta tags): a
    /// callout written in it (`<Warning>Deprecated</Warning>`) without its
    /// tags.
    pub fn description_text(&self) -> Option<String> {
        let description = self.frontmatter.description.as_deref()?;
        Some(crate::markdown::callout::without_tags(description))
    }

    /// Where the page's feed is written when its frontmatter says `rss:
    /// true`, relative to the site root: `rss.xml` in the page's folder.
    pub fn feed_path(&self) -> String {
        match self.slug.is_empty() {
            true => "rss.xml".to_string(),
            false => format!("{}/rss.xml", self.slug),
        }
    }

    /// The output file relative to the site root: `a/b/index.html` (or `a/b.html`).
    pub fn output_path(&self) -> PathBuf {
        PathBuf::from(self.urls.file(self.place()))
    }

    /// The folder the page's relative links start from: `a/b/` (or `a/`).
    pub fn dir(&self) -> String {
        self.urls.folder(self.place())
    }

    /// The slug of the place the page is written at: its own, or for a
    /// copy, the copy's.
    fn place(&self) -> &str {
        self.written_at.as_deref().unwrap_or(&self.slug)
    }

    /// A copy of the page written at the place of `slug` (`index` is the
    /// site root): its links are relative to that place, its URL (where
    /// links to it and its canonical link point) stays its own, and its
    /// relative links in the source still resolve from its own folder.
    pub fn copy_at(&self, slug: &str) -> Page {
        Page {
            written_at: Some(slug.to_string()),
            ..self.clone()
        }
    }

    /// Replaces docs.json `variables` in the title, sidebar title and
    /// description ([`super::variables`]).
    pub fn substitute_variables(&mut self, variables: &std::collections::BTreeMap<String, String>) {
        let replaced = |text: &str| super::variables::substitute(text, variables).0.into_owned();
        self.title = replaced(&self.title);
        self.nav_title = replaced(&self.nav_title);
        if let Some(description) = &self.frontmatter.description {
            self.frontmatter.description = Some(replaced(description));
        }
    }

    /// Whether this is a copy made by [`Page::copy_at`].
    pub fn is_copy(&self) -> bool {
        self.written_at.is_some()
    }

    /// How many folders deep the page is (`a/b/` → 2, `a/b.html` → 1).
    pub fn depth(&self) -> usize {
        self.dir().matches('/').count()
    }

    /// How the page is laid out: its `mode`, the default for a name
    /// Mintlify does not have (which `sheaf check` warns about).
    pub fn mode(&self) -> PageMode {
        (self.frontmatter.mode.as_deref())
            .and_then(PageMode::named)
            .unwrap_or_default()
    }

    /// [`Page::mode`] in the site's `theme`: a mode the theme does not have
    /// (`frame`, `center`: [`ThemeName::allows_mode`]) is the default, as
    /// `sheaf check` notes.
    pub fn mode_in(&self, theme: crate::config::ThemeName) -> PageMode {
        match self.frontmatter.mode.as_deref() {
            Some(name) if !theme.allows_mode(name) => PageMode::Default,
            _ => self.mode(),
        }
    }
}

/// The line (from 1) of `text` that sets one of the frontmatter `keys`
/// (`version` for `version: v2`).
pub fn frontmatter_line(text: &str, keys: &[&str]) -> Option<usize> {
    let line = text.lines().position(|line| {
        let line = line.trim_start();
        keys.iter().any(|key| {
            line.strip_prefix(key)
                .is_some_and(|rest| rest.starts_with(':'))
        })
    })?;
    Some(line + 1)
}

/// Whether Mintlify's reading of a link fragment drops `c`: the
/// punctuation `?,;:!'"()[]{}`, and emoji (pictographs, their modifiers,
/// variation selectors and joiners; by block, which covers what headings
/// hold).
fn is_dropped_from_ids(c: char) -> bool {
    matches!(
        c,
        '?' | ',' | ';' | ':' | '!' | '\'' | '"' | '(' | ')' | '[' | ']' | '{' | '}'
    ) || matches!(c as u32, 0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x200D | 0xFE0E | 0xFE0F)
}
