//! Text from sources the author did not write as HTML (OpenAPI and
//! AsyncAPI descriptions, frontmatter) for the endpoint, channel and schema
//! parts of a page: inert Markdown with the page's link rewriting (broken
//! links in it are nobody's to fix, so they are not reported), and code
//! highlighted as the page's own, its time counted with the page's
//! highlighting when `--timings` is on.

use std::cell::Cell;

use crate::markdown::{Markdown, UrlKind, UrlRewrite};
use crate::openapi::EndpointText;
use crate::timings::Spent;

pub(super) struct UntrustedText<'a> {
    markdown: &'a Markdown,
    urls: &'a dyn Fn(&str, UrlKind) -> UrlRewrite,
    page_href: &'a dyn Fn(&str) -> Option<String>,
    highlighting: Cell<Spent>,
}

impl<'a> UntrustedText<'a> {
    pub(super) fn new(
        markdown: &'a Markdown,
        urls: &'a dyn Fn(&str, UrlKind) -> UrlRewrite,
        page_href: &'a dyn Fn(&str) -> Option<String>,
    ) -> Self {
        UntrustedText {
            markdown,
            urls,
            page_href,
            highlighting: Cell::default(),
        }
    }

    /// The time spent highlighting code so far (zero with timings off).
    pub(super) fn highlighting(&self) -> Spent {
        self.highlighting.get()
    }
}

impl EndpointText for UntrustedText<'_> {
    fn markdown(&self, source: &str) -> String {
        self.markdown.render_untrusted(source, self.urls)
    }

    fn inline_markdown(&self, source: &str) -> String {
        self.markdown.render_untrusted_inline(source, self.urls)
    }

    fn code(&self, lang: &str, code: &str) -> String {
        let mut spent = self.highlighting.get();
        let html = self.markdown.highlight_timed(lang, code, &mut spent);
        self.highlighting.set(spent);
        html
    }

    fn page_href(&self, reference: &str) -> Option<String> {
        (self.page_href)(reference)
    }
}
