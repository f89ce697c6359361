//! What `check` says about a page's structure for readers of assistive
//! technology, each under a stable rule name: a heading that skips a level
//! after the one before it (`heading-order`; the page title is the `h1`
//! before the first), and an image without alt text (`image-alt`), from
//! Markdown `![](x.png)` or an `<img>` element (also inside `<Frame>`).
//! `<img alt="">` is left alone: it says the image is decorative.

use super::renderer::Renderer;
use crate::rules::Rule;

/// The rule of a heading that skips a level.
pub const HEADING_ORDER: &str = "heading-order";
/// The rule of an image without alt text.
pub const IMAGE_ALT: &str = "image-alt";

impl Renderer<'_> {
    /// Notes a Markdown heading of `level` at `line` of the current
    /// document, warning when it is more than one level below the last.
    pub(super) fn heading_in_order(&mut self, level: u8, line: usize) {
        let last = self.outline_level;
        self.outline_level = level;
        if level <= last + 1 {
            return;
        }
        let fitting = "#".repeat(usize::from(last) + 1);
        self.warn_line(Rule::HeadingOrder,
            line,
            1,
            format!("this h{level} comes after an h{last}, skipping a level ({HEADING_ORDER})"),
            Some(format!(
                "make it `{fitting}` (h{}), or add the heading between; screen reader users move through a page by its heading levels",
                last + 1
            )),
        );
    }

    /// Warns that the `<img>` element at byte `offset` of the current
    /// document has no `alt` attribute.
    pub(in crate::markdown) fn image_missing_alt(&mut self, offset: usize, src: &str) {
        let (line, column) = self.ctx().position(offset);
        self.image_without_alt(line, column, src);
    }

    /// Warns that an image at `line` has no alt text.
    pub(super) fn image_without_alt(&mut self, line: usize, column: usize, src: &str) {
        self.warn_line(
            Rule::ImageAlt,
            line,
            column,
            format!("image `{src}` has no alt text ({IMAGE_ALT})"),
            Some(
                "say what it shows: `![what it shows](image.png)` or `<img alt=\"…\">`; \
                 `<img alt=\"\">` marks an image as decorative"
                    .to_string(),
            ),
        );
    }
}
