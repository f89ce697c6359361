//! Frame, drawn as Mintlify draws it and carrying its part names: a
//! `frame-container` holding the `hint` (a line above, with a pointing
//! hand) and the `<figure>` (`frame`), which holds the grid of
//! `frame-background-pattern`, the hairline `frame-border`, the
//! children on white (`frame-content`) and the `caption` under them
//! (`frame-description`, its Markdown inline).

use super::super::mdx::Element;
use super::super::render::Renderer;
use super::cards::lone_paragraph_unwrapped;

/// The hint's hand, pointing at the frame's content.
const HAND: &str = "<svg class=\"c-frame-hint-svg\" viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path transform=\"rotate(90 8 8)\" d=\"M5 1.5a1.5 1.5 0 0 1 3 0V6h5a1.5 1.5 0 0 1 0 3h-1.2a1.4 1.4 0 0 1-.3 2.7 1.4 1.4 0 0 1-1 2.3H7.5A4.5 4.5 0 0 1 3 9.5V7.2A1.5 1.5 0 0 1 5 5.8z\"/></svg>";

impl Renderer<'_> {
    /// Frame: its children framed, with an optional hint and caption.
    pub(super) fn frame(&mut self, el: &Element) -> String {
        let hint = match self.text_attr(el, "hint") {
            Some(hint) => format!(
                "<div class=\"c-frame-hint\">{HAND}<p>{}</p></div>",
                self.caption_html(&hint)
            ),
            None => String::new(),
        };
        let body = self.children_html(el);
        let caption = match self.text_attr(el, "caption") {
            Some(caption) => format!(
                "<figcaption class=\"c-frame-caption\" data-component-part=\"frame-description\">{}</figcaption>",
                self.caption_html(&caption)
            ),
            None => String::new(),
        };
        format!(
            "<div class=\"c-frame-container\" data-component-part=\"frame-container\">{hint}\
             <figure class=\"c-frame frame\" data-component-part=\"frame\">\
             <div class=\"c-frame-pattern\" data-component-part=\"frame-background-pattern\" aria-hidden=\"true\"></div>\
             <div class=\"c-frame-border\" data-component-part=\"frame-border\" aria-hidden=\"true\"></div>\
             <div class=\"c-frame-content\" data-component-part=\"frame-content\">{body}</div>{caption}</figure></div>"
        )
    }

    /// A caption's Markdown (links, emphasis, code) as inline HTML: one
    /// paragraph loses its `<p>`.
    fn caption_html(&mut self, caption: &str) -> String {
        let html = self.jsx_attr_html(caption);
        lone_paragraph_unwrapped(&html).to_string()
    }
}
