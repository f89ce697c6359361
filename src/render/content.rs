//! What the markdown and OpenAPI stages hand the theme for one page
//! ([`PageContent`]), and the entries of its "On this page" list.

use serde::Serialize;

use super::page_meta::LastModified;

/// The body of a page, rendered by the markdown or OpenAPI stage.
///
/// A page with an aside (an endpoint page, or any page with
/// `<RequestExample>`/`<ResponseExample>`) is laid out in two columns on
/// wide screens: the title, `intro` and `html` on the left, `aside`
/// sticky on the right. On narrow screens it is one column, with the aside
/// between the intro and the body.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageContent {
    /// The page body (the left column).
    pub html: String,
    /// Shown under the title, before the aside on phones (an endpoint's
    /// header and description).
    pub intro: String,
    /// The right column: request and response examples, Try-it.
    pub aside: String,
    /// The aside's accessible name.
    pub aside_label: String,
    /// The frontmatter description as inline HTML (untrusted Markdown);
    /// `None` shows the description as plain text.
    pub description_html: Option<String>,
    pub toc: Vec<TocEntry>,
    pub is_endpoint: bool,
    pub endpoint_method: Option<String>,
    /// The endpoint's path (`data-path`, read by the Try-it script).
    pub endpoint_path: Option<String>,
    /// The CSS of the page's utility classes (`Theme::utilities`).
    pub utility_css: Option<String>,
    /// The served spec file or URL of the page's operation (`download-spec`).
    pub spec: Option<String>,
    /// When the page's file last changed (`metadata.timestamp`).
    pub last_modified: Option<LastModified>,
    /// The meta description when the frontmatter has none (an endpoint's).
    pub meta_description: Option<String>,
}

/// One heading of the "On this page" list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TocEntry {
    pub level: u8,
    pub id: String,
    pub text: String,
}
