//! Notes beside the text: tooltips and changelog updates, drawn as
//! Mintlify's. A tooltip's trigger is the text underlined with dots; its
//! tip is a white card (a headline, the tip, an optional `cta` link with a
//! chevron). An update is a 160 px column (the primary-tinted label, the
//! tags, the description) beside its content on wide screens, above it on
//! narrow ones; it is listed in the page's TOC and in the RSS feed (`rss`
//! overrides the feed item's title and description).

use super::super::attrs::AttrList;
use super::super::html::escape;
use super::super::mdx::Element;
use super::super::render::Renderer;
use super::super::{UpdateEntry, UrlKind};

impl Renderer<'_> {
    /// Tooltip: the text, focusable, with the tip (an optional headline
    /// above it, an optional `cta` link below) shown on hover and focus and
    /// announced as the text's description. The tip stays open while the
    /// pointer or focus is inside it, so its link can be reached.
    pub(super) fn tooltip(&mut self, el: &Element) -> String {
        let tip = el.attrs.text("tip").unwrap_or_default();
        let id = self.unique_id("tip");
        let body = self.render_nodes(&el.children, el.child_indent, false);
        let headline = el
            .attrs
            .text("headline")
            .map(|h| {
                format!(
                    "<strong class=\"c-tooltip-headline\" data-component-part=\"tooltip-title\">{}</strong> ",
                    escape(&h)
                )
            })
            .unwrap_or_default();
        let cta = match (el.attrs.text("cta"), el.attrs.url("href")) {
            (Some(cta), Some(href)) => {
                let href = self.rewrite_url(&href, UrlKind::Link, el.offset);
                format!(
                    " <a class=\"c-tooltip-cta\" data-component-part=\"tooltip-cta\" href=\"{}\">{}</a>",
                    escape(&href),
                    escape(&cta)
                )
            }
            _ => String::new(),
        };
        format!(
            "<span class=\"c-tooltip tooltip\"><span class=\"c-tooltip-trigger\" tabindex=\"0\" aria-describedby=\"{id}\">{body}</span>\
             <span class=\"c-tooltip-text\" role=\"tooltip\" id=\"{id}\" data-component-part=\"tooltip-content\">{headline}\
             <span class=\"c-tooltip-tip\" data-component-part=\"tooltip-description\">{}</span>{cta}</span></span>",
            escape(&tip)
        )
    }

    /// Update: a changelog entry with an anchor, listed in the page's TOC.
    pub(super) fn update(&mut self, el: &Element) -> String {
        let label = self.text_attr(el, "label").unwrap_or_default();
        let id = self.heading_id(&label);
        self.record_heading(2, id.clone(), label.clone());
        let description_text = self.text_attr(el, "description");
        let description = (description_text.as_deref())
            .map(|d| {
                format!(
                    "<p class=\"c-update-desc\" data-component-part=\"update-description\">{}</p>",
                    escape(d)
                )
            })
            .unwrap_or_default();
        let tag_names: Vec<String> = match el.attrs.get("tags").map(|v| v.to_json()) {
            Some(serde_json::Value::Array(tags)) => (tags.iter())
                .filter_map(|t| t.as_str().map(String::from))
                .collect(),
            _ => Vec::new(),
        };
        let tags = match tag_names.is_empty() {
            true => String::new(),
            false => {
                let items: String = (tag_names.iter())
                    .map(|t| format!("<li data-component-part=\"update-tag\">{}</li>", escape(t)))
                    .collect();
                format!("<ul class=\"c-update-tags\" data-component-part=\"update-tag-list\">{items}</ul>")
            }
        };
        let text_start = self.out.text.len();
        let body = self.children_html(el);
        let rss = el.attrs.get("rss").map(|v| v.to_json());
        let rss_text = |key: &str| {
            let value = rss.as_ref()?.get(key)?.as_str()?;
            Some(value.to_string())
        };
        let entry = UpdateEntry {
            id: id.clone(),
            label: label.clone(),
            description: description_text,
            tags: tag_names,
            text: self
                .out
                .text
                .get(text_start..)
                .unwrap_or_default()
                .trim()
                .to_string(),
            rss_title: rss_text("title"),
            rss_description: rss_text("description"),
        };
        self.out.updates.push(entry);
        format!(
            "<section class=\"c-update update\" id=\"{}\"><div class=\"c-update-meta\">\
             <a class=\"c-update-label\" data-component-part=\"update-label\" href=\"#{}\">{}</a>{tags}{description}</div>\
             <div class=\"c-update-body\" data-component-part=\"update-content\">{body}</div></section>",
            escape(&id),
            escape(&id),
            escape(&label)
        )
    }
}
