//! Markdown and MDX to HTML: components, heading ids, table of contents,
//! code highlighting.
//!
//! A page body goes through three steps:
//!
//! 1. [`mdx`] splits it into markdown text and JSX-style elements
//!    (`<Card>`, `<img>`), and reads `import`/`export` lines and
//!    `{/* comments */}` out of the way.
//! 2. [`render`] turns each run of markdown text into HTML with
//!    pulldown-cmark. Elements stand in the text as placeholder tokens and
//!    are rendered where the token lands (so a `<Note>` inside a list item
//!    stays in the list). Headings get ids, links go through
//!    [`PageEnv::urls`], fenced code is highlighted by [`highlight`].
//! 3. [`components`] renders each Mintlify component (one small function
//!    per component) to semantic HTML with `c-` classes, styled by
//!    `themes/default/components.css`.
//!
//! Nothing is fatal: problems become warnings in [`Rendered::diagnostics`]
//! with the file line, and no component ever reaches the output as a raw tag.
//!
//! A heading carries its id and nothing more: its `#` link is added by the
//! theme's script, since the link's markup would repeat on every heading of
//! every page. Ids keep letters of every script (`#サインアウト`) and are
//! unique per page, a repeated heading numbered `-2`, `-3` as on Mintlify; [`heading_ids`] finds a body's ids by a quick line
//! scan with the same [`Slugger`], so `content` knows them before rendering.
//!
//! Drawn at build time, so pages need no script for them: math (`$…$`,
//! `$$…$$` and `<Latex>`) as MathML, where the MDX splitter copies formulas
//! through so braces stay TeX, a closing `$` before a digit is a price, and
//! every `<` that is not MathML's own tag is escaped; Mermaid diagrams as
//! inline SVG, their ids prefixed per diagram and script links emptied, with
//! dark mode inverting the drawing's lightness in CSS; each distinct
//! diagram is laid out once per build, or per preview ([`drawn`]). Code text is escaped
//! only for `&<>`, and JSON and YAML keys get a class apart from strings.
//! [`Markdown::render_untrusted`] is the CommonMark-only path for text the
//! author did not write as HTML (OpenAPI descriptions, frontmatter).

mod attrs;
pub mod callout;
mod components;
mod drawn;
mod expr;
#[cfg(test)]
mod fuzz;
mod headings;
mod highlight;
mod html;
mod math;
mod mdx;
mod render;
mod untrusted;
mod visibility;

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::timings::{Spent, Work};

pub use drawn::{mermaid_sources, Diagrams};
pub use headings::{heading_ids, heading_slug, slug, Slugger};
pub use highlight::{CodeInfo, Highlighter};
pub use mdx::reading as mdx_reading;
pub use untrusted::runs_script;
pub use visibility::for_agents;

/// The markdown stage, built once per build and shared by every page
/// (it is `Sync`).
pub struct Markdown {
    highlighter: Highlighter,
    diagrams: Diagrams,
    /// Whether page renders time their diagrams and highlighting
    /// ([`Rendered::work`], for `--timings`).
    timed: bool,
}

impl Default for Markdown {
    fn default() -> Self {
        Self::new()
    }
}

impl Markdown {
    /// Loads the syntax definitions; do this once per build.
    pub fn new() -> Markdown {
        Markdown {
            highlighter: Highlighter::new(),
            diagrams: Diagrams::new(),
            timed: false,
        }
    }

    /// The same stage drawing Mermaid diagrams into `diagrams` (the
    /// preview keeps one across rebuilds).
    pub fn with_diagrams(self, diagrams: Diagrams) -> Markdown {
        Markdown { diagrams, ..self }
    }

    /// The same stage timing each page's diagrams and highlighting when
    /// `timings` is on ([`Rendered::work`]).
    pub fn with_timings(self, timings: &crate::timings::Timings) -> Markdown {
        let timed = timings.is_on();
        Markdown { timed, ..self }
    }

    /// The same stage reading and keeping highlighted code blocks in the
    /// build cache `cache`.
    pub fn keeping_highlights_in(self, cache: &crate::cache::BuildCache) -> Markdown {
        let highlighter = self.highlighter.keeping_blocks_in(cache);
        Markdown {
            highlighter,
            ..self
        }
    }

    /// Prunes what this stage keeps in the build cache (drawings,
    /// highlighted blocks) to its bounds; a build calls it when done.
    pub fn prune_cache(&self) {
        self.diagrams.prune_cache();
        self.highlighter.prune_cache();
    }

    /// The diagrams this stage has drawn.
    pub fn diagrams(&self) -> &Diagrams {
        &self.diagrams
    }

    /// The same stage without syntax highlighting (for validation only).
    pub fn without_highlighting() -> Markdown {
        Markdown {
            highlighter: Highlighter::plain(),
            diagrams: Diagrams::new(),
            timed: false,
        }
    }

    /// Renders one page body (frontmatter already removed).
    pub fn render(&self, source: &str, env: &PageEnv) -> Rendered {
        let renderer = render::Renderer::new(&self.highlighter, &self.diagrams, env);
        renderer.timed(self.timed).render_page(source)
    }

    /// Renders Markdown the site author did not write as HTML (an OpenAPI
    /// description, frontmatter text): CommonMark without MDX, raw HTML
    /// shown as text, `javascript:`/`vbscript:`/`data:` links as plain text
    /// ([`untrusted`]); other links are rewritten by `urls` as the page's
    /// own are. Problems are not reported: the text has no file line to
    /// point at.
    pub fn render_untrusted(
        &self,
        source: &str,
        urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
    ) -> String {
        untrusted::render(&self.highlighter, source, urls)
    }

    /// [`Markdown::render_untrusted`] for text shown inline (a summary, a
    /// page description): one paragraph's inline HTML without its `<p>`;
    /// anything else (a list, a heading) as escaped text.
    pub fn render_untrusted_inline(
        &self,
        source: &str,
        urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
    ) -> String {
        untrusted::render_inline(&self.highlighter, source, urls)
    }

    /// Highlighted HTML (`hl-` token spans) of `code` in `lang`, for the
    /// inside of a `<code>` element; unknown languages are escaped text.
    pub fn highlight(&self, lang: &str, code: &str) -> String {
        self.highlighter.highlight(Some(lang), code)
    }

    /// [`Markdown::highlight`], its time added to `slot` when timings are on.
    pub fn highlight_timed(&self, lang: &str, code: &str, slot: &mut Spent) -> String {
        Work::time(self.timed, slot, || self.highlight(lang, code))
    }
}

/// What the renderer needs to know about the page and the site.
pub struct PageEnv<'a> {
    /// Page path relative to the docs root, for diagnostics.
    pub file: &'a Path,
    /// Lines before the body in the file (the frontmatter), so diagnostics
    /// give real file lines.
    pub line_offset: usize,
    /// Resolves a snippet reference as written (`/snippets/x.mdx`,
    /// `snippets/x.mdx`, or `x.mdx` relative to `snippets/` for
    /// `<Snippet file>`) to its source.
    pub snippets: &'a dyn Fn(&str) -> Result<Snippet, SnippetError>,
    /// Rewrites every link href and image/media src.
    pub urls: &'a dyn Fn(&str, UrlKind) -> UrlRewrite,
    /// The page's frontmatter, which expressions read as `frontmatter.x`.
    pub frontmatter: &'a serde_json::Map<String, serde_json::Value>,
    /// The build's time (ms since 1970), what components' `Date` says.
    pub now_ms: f64,
    /// The site's icon library (`icons.library`), where icon names are
    /// looked up first.
    pub icons: crate::icons::Library,
    /// The page's own URL as readers open it (components read it as
    /// `location`); empty when unknown.
    pub location: &'a str,
}

/// A snippet file's path (relative to the docs root) and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    pub path: PathBuf,
    pub source: String,
}

/// Why a snippet reference gave no snippet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnippetError {
    /// No file of that name.
    Missing,
    /// The file resolves outside the docs root: what is wrong, for an
    /// error at the reference.
    Outside(String),
    /// The file is larger than sheaf reads: what is wrong.
    TooLarge(String),
}

/// What a URL points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlKind {
    /// A link (`href`).
    Link,
    /// An image, video or other embedded file (`src`).
    Asset,
}

/// What to do with one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlRewrite {
    Keep,
    To(String),
    /// Warn by `rule`, and write `href` (the URL as written when `None`).
    Broken {
        message: String,
        help: Option<String>,
        href: Option<String>,
        rule: crate::rules::Rule,
    },
    /// The URL names a file outside the docs root: an error (the build
    /// publishes nothing).
    Refused {
        message: String,
    },
    /// Write `href`, and say by a note of `rule` how the URL was read (a
    /// link with the site's base path, read from the site root).
    Noted {
        href: String,
        message: String,
        rule: crate::rules::Rule,
    },
}

/// One rendered page.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub html: String,
    /// Every heading (h1–h4) in order, for the "On this page" list.
    pub headings: Vec<Heading>,
    /// The plain text of the page, no tags.
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
    /// Every ParamField / ResponseField, in order.
    pub api_fields: Vec<ApiField>,
    /// Every RequestExample / ResponseExample, in order: the page shows
    /// them in its aside, not in `html`.
    pub examples: Vec<AsideExample>,
    /// Every `<Update>`, in order: the entries of the page's feed when its
    /// frontmatter says `rss: true`.
    pub updates: Vec<UpdateEntry>,
    /// What its diagrams and highlighting took (only with `--timings`).
    pub work: crate::timings::Work,
    /// The script that makes the page's live React components work in the
    /// browser (after sheaf's runtime), when it has any.
    pub script: Option<String>,
}

/// An `<Update>` entry: its label (and the id the page gives it), its
/// description and tags, its text, and the `rss={{title, description}}`
/// its feed item uses instead of the label and text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UpdateEntry {
    pub id: String,
    pub label: String,
    pub description: Option<String>,
    pub tags: Vec<String>,
    pub text: String,
    pub rss_title: Option<String>,
    pub rss_description: Option<String>,
}

/// A `<RequestExample>` or `<ResponseExample>`, rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsideExample {
    pub kind: ExampleKind,
    pub html: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExampleKind {
    Request,
    Response,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub text: String,
}

/// A parameter or response field written by hand with `<ParamField>` or
/// `<ResponseField>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiField {
    pub kind: ApiFieldKind,
    pub name: String,
    pub ty: Option<String>,
    pub required: bool,
    pub default: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiFieldKind {
    Param { location: ParamLocation },
    Response,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamLocation {
    Query,
    Path,
    Body,
    Header,
    Cookie,
}

impl ParamLocation {
    pub const ALL: [ParamLocation; 5] = [
        ParamLocation::Query,
        ParamLocation::Path,
        ParamLocation::Body,
        ParamLocation::Header,
        ParamLocation::Cookie,
    ];

    /// The attribute name that carries the parameter's name (`query="limit"`).
    pub fn as_str(self) -> &'static str {
        match self {
            ParamLocation::Query => "query",
            ParamLocation::Path => "path",
            ParamLocation::Body => "body",
            ParamLocation::Header => "header",
            ParamLocation::Cookie => "cookie",
        }
    }
}

#[cfg(test)]
mod tests;
