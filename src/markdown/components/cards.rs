//! Cards and their grids (CardGroup, Columns), drawn as Mintlify draws
//! them and carrying its part names: `card-image` over
//! `card-content-container`, which holds `card-arrow` (a link's corner
//! arrow: `arrow`, or by default an external `href`), `card-icon`, then
//! `card-title`, `card-content` and `card-cta` (the `cta` line and its
//! chevron). `horizontal` sets the icon beside the text; `color` tints the
//! icon; `disabled` keeps the card but not its link, and dims its `cta` (to a
//! shade that still reads at 4.5:1).
//! A body of one paragraph loses its `<p>`, so its text is the card's own.

use super::super::attrs::AttrList;
use super::super::html::{attr, escape};
use super::super::mdx::Element;
use super::super::render::Renderer;
use super::super::UrlKind;

/// The corner arrow of a linked card (an arrow up and to the right).
const ARROW: &str = "<svg class=\"c-card-arrow-svg\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\"><path d=\"M7 17 17 7M8 7h9v9\"/></svg>";

/// The chevron after a card's call to action.
const CHEVRON: &str = "<svg class=\"c-card-cta-svg\" viewBox=\"0 -9 3 24\" aria-hidden=\"true\"><path d=\"m0 0 3 3-3 3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-linecap=\"round\"/></svg>";

impl Renderer<'_> {
    /// A card; with `href` (and not `disabled`) the whole card is a link.
    pub(super) fn card(&mut self, el: &Element) -> String {
        let title = self.text_attr(el, "title");
        let disabled = el.attrs.flag("disabled");
        let raw_href = el.attrs.url("href").filter(|_| !disabled);
        let arrow = match el.attrs.get("arrow") {
            Some(_) => el.attrs.flag("arrow"),
            None => raw_href.as_deref().is_some_and(is_remote),
        };
        let href = raw_href.map(|h| self.rewrite_url(&h, UrlKind::Link, el.offset));
        let mut class = String::from("c-card card");
        if el.attrs.flag("horizontal") {
            class.push_str(" c-card-horizontal");
        }
        let mut inner = String::new();
        if let Some(img) = el.attrs.url("img") {
            let src = self.rewrite_url(&img, UrlKind::Asset, el.offset);
            inner.push_str(&format!(
                "<img class=\"c-card-img\" data-component-part=\"card-image\" src=\"{}\" alt=\"\">",
                escape(&src)
            ));
        }
        inner.push_str(
            "<div class=\"c-card-content\" data-component-part=\"card-content-container\">",
        );
        if arrow && href.is_some() {
            inner.push_str(&format!(
                "<span class=\"c-card-arrow\" data-component-part=\"card-arrow\">{ARROW}</span>"
            ));
        }
        inner.push_str(&self.card_icon(el));
        inner.push_str("<div class=\"c-card-text\">");
        if let Some(title) = &title {
            inner.push_str(&format!(
                "<p class=\"c-card-title\" data-component-part=\"card-title\">{}</p>",
                escape(title)
            ));
        }
        let body = self.children_html(el);
        if !body.trim().is_empty() {
            inner.push_str(&format!(
                "<div class=\"c-card-body\" data-component-part=\"card-content\">{}</div>",
                lone_paragraph_unwrapped(&body)
            ));
        }
        if let Some(cta) = self.text_attr(el, "cta") {
            inner.push_str(&format!(
                "<div class=\"c-card-cta\" data-component-part=\"card-cta\"><span>{}{CHEVRON}</span></div>",
                escape(&cta)
            ));
        }
        inner.push_str("</div></div>");
        match href {
            Some(href) => format!(
                "<a class=\"{class}\" href=\"{}\">{inner}</a>",
                escape(&href)
            ),
            None if disabled => {
                format!("<div class=\"{class} c-card-disabled\">{inner}</div>")
            }
            None => format!("<div class=\"{class}\">{inner}</div>"),
        }
    }

    /// The card's icon, tinted by its `color`; nothing without `icon`.
    fn card_icon(&mut self, el: &Element) -> String {
        let Some(icon) = el.attrs.text("icon") else {
            return String::new();
        };
        let svg = self.icon_html(el, &icon);
        let style = attr(
            "style",
            el.attrs
                .text("color")
                .map(|c| format!("color: {c}"))
                .as_deref(),
        );
        format!("<span class=\"c-card-icon\" data-component-part=\"card-icon\"{style}>{svg}</span>")
    }

    /// CardGroup / Columns: a grid of `cols` columns (one on phones).
    pub(super) fn card_group(&mut self, el: &Element, class: &str) -> String {
        let cols = el
            .attrs
            .text("cols")
            .and_then(|c| c.parse::<u8>().ok())
            .unwrap_or(2)
            .clamp(1, 4);
        let body = self.render_nodes(&el.children, el.child_indent, true);
        format!("<div class=\"{class}\" style=\"--cols: {cols}\">{body}</div>")
    }
}

/// An address on another site (Mintlify opens those with an arrow).
fn is_remote(href: &str) -> bool {
    let lower = href.trim_start().to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("//")
}

/// HTML of exactly one paragraph without its `<p>`; anything else as is.
pub(super) fn lone_paragraph_unwrapped(html: &str) -> &str {
    let trimmed = html.trim();
    let inner = trimmed
        .strip_prefix("<p>")
        .and_then(|rest| rest.strip_suffix("</p>"));
    match inner.filter(|inner| !inner.contains("<p>") && !inner.contains("</p>")) {
        Some(inner) => inner,
        None => html,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_lone_paragraph_loses_its_tags() {
        assert_eq!(
            lone_paragraph_unwrapped("<p>One <em>line</em></p>\n"),
            "One <em>line</em>"
        );
        let two = "<p>One</p>\n<p>Two</p>";
        assert_eq!(lone_paragraph_unwrapped(two), two);
        assert_eq!(
            lone_paragraph_unwrapped("<ul><li>x</li></ul>"),
            "<ul><li>x</li></ul>"
        );
    }

    #[test]
    fn remote_addresses_are_told_from_the_site_own() {
        assert!(is_remote("https://example.com"));
        assert!(is_remote("//cdn.example.com/x"));
        assert!(!is_remote("/api/user"));
        assert!(!is_remote("guide#https://"));
    }
}
