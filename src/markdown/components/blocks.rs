//! Content components: callouts, cards and columns, accordions, steps,
//! frames and icons.

use super::super::attrs::AttrList;
use super::super::callout;
use super::super::html::{attr, escape};
use super::super::mdx::{Element, Node};
use super::super::render::Renderer;
use super::super::UrlKind;
use crate::color::Rgb;
use crate::rules::Rule;

impl Renderer<'_> {
    /// Note, Warning, Info, Tip, Check, Danger: an `<aside>` with an
    /// icon; `<Callout>` with its own `icon` and `color`.
    pub(super) fn callout(&mut self, el: &Element) -> String {
        let body = self.children_html(el);
        if el.name != "Callout" {
            return callout::html(&el.name, &body);
        }
        let icon = el.attrs.text("icon").map(|icon| self.icon_html(el, &icon));
        let color = el.attrs.text("color").and_then(|color| {
            let rgb = Rgb::parse(color.trim());
            if rgb.is_none() {
                let message = format!("`<Callout color=\"{color}\">` is not a `#rrggbb` colour; the callout keeps the note's colours");
                let help = Some("write the colour as `#rrggbb`, such as `#FFC107`".into());
                self.warn_at(Rule::ComponentAttribute, el.offset, message, help);
            }
            rgb
        });
        callout::custom_html(icon.as_deref(), color, &body)
    }

    /// A card; with `href` the whole card is a link.
    pub(super) fn card(&mut self, el: &Element) -> String {
        let title = self.text_attr(el, "title");
        let href = el
            .attrs
            .url("href")
            .map(|h| self.rewrite_url(&h, UrlKind::Link, el.offset));
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
        if let Some(icon) = el.attrs.text("icon") {
            let svg = self.icon_html(el, &icon);
            let style = attr(
                "style",
                el.attrs
                    .text("color")
                    .map(|c| format!("color: {c}"))
                    .as_deref(),
            );
            inner.push_str(&format!(
                "<span class=\"c-card-icon\" data-component-part=\"card-icon\"{style}>{svg}</span>"
            ));
        }
        inner.push_str(
            "<div class=\"c-card-content\" data-component-part=\"card-content-container\">",
        );
        if let Some(title) = &title {
            inner.push_str(&format!(
                "<p class=\"c-card-title\" data-component-part=\"card-title\">{}</p>",
                escape(title)
            ));
        }
        let body = self.children_html(el);
        if !body.trim().is_empty() {
            inner.push_str(&format!(
                "<div class=\"c-card-body\" data-component-part=\"card-content\">{body}</div>"
            ));
        }
        inner.push_str("</div>");
        match href {
            Some(href) => format!(
                "<a class=\"{class}\" href=\"{}\">{inner}</a>",
                escape(&href)
            ),
            None => format!("<div class=\"{class}\">{inner}</div>"),
        }
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

    /// Accordion: a `<details>` with the title as its summary, and an id
    /// (its own `id`, else made from the title like a heading's) that links
    /// name it by, as on Mintlify.
    pub(super) fn accordion(&mut self, el: &Element) -> String {
        let title = self.text_attr(el, "title").unwrap_or_default();
        let id = match el.attrs.text("id") {
            Some(id) => id,
            None if title.is_empty() => String::new(),
            None => self.heading_id(&title),
        };
        let id = match id.is_empty() {
            true => String::new(),
            false => format!(" id=\"{}\"", escape(&id)),
        };
        let open = if el.attrs.flag("defaultOpen") {
            " open"
        } else {
            ""
        };
        let icon = match el.attrs.text("icon") {
            Some(icon) => format!(
                "<span class=\"c-accordion-icon\" data-component-part=\"accordion-icon\">{}</span>",
                self.icon_html(el, &icon)
            ),
            None => String::new(),
        };
        let description = el
            .attrs
            .text("description")
            .map(|d| {
                format!(
                    "<span class=\"c-accordion-desc\" data-component-part=\"accordion-description\">{}</span>",
                    escape(&d)
                )
            })
            .unwrap_or_default();
        let body = self.children_html(el);
        format!(
            "<details class=\"c-accordion accordion\" data-component-part=\"accordion\"{id}{open}><summary data-component-part=\"accordion-button\">\
             <span class=\"c-accordion-caret\" data-component-part=\"accordion-caret-right\" aria-hidden=\"true\"></span>{icon}\
             <span class=\"c-accordion-head\" data-component-part=\"accordion-title-container\">\
             <span class=\"c-accordion-title\" data-component-part=\"accordion-title\">{}</span>{description}</span></summary>\
             <div class=\"c-accordion-body\" data-component-part=\"accordion-content\">{body}</div></details>",
            escape(&title)
        )
    }

    /// Steps: an ordered list of Step children.
    pub(super) fn steps(&mut self, el: &Element) -> String {
        let mut items = String::new();
        let mut number = 0;
        for node in &el.children {
            match node {
                Node::Element(step) if super::canonical_name(&step.name) == "Step" => {
                    number = step
                        .attrs
                        .text("stepNumber")
                        .and_then(|n| n.parse().ok())
                        .unwrap_or(number + 1);
                    items.push_str(&self.step(step, number));
                }
                other => {
                    let html =
                        self.render_nodes(std::slice::from_ref(other), el.child_indent, true);
                    if !html.trim().is_empty() {
                        items.push_str(&format!("<li class=\"c-step c-step-extra\">{html}</li>"));
                    }
                }
            }
        }
        format!("<ol class=\"c-steps steps\" data-component-part=\"steps\">{items}</ol>")
    }

    /// One step: a numbered (or icon) marker, the title and the content.
    pub(super) fn step(&mut self, el: &Element, number: usize) -> String {
        let title = self.text_attr(el, "title");
        let marker = match el.attrs.text("icon") {
            Some(icon) => self.icon_html(el, &icon),
            None => number.to_string(),
        };
        let title = title
            .map(|t| {
                format!(
                    "<p class=\"c-step-title\" data-component-part=\"step-title\">{}</p>",
                    escape(&t)
                )
            })
            .unwrap_or_default();
        let body = self.children_html(el);
        format!(
            "<li class=\"c-step step\" data-component-part=\"step-item\" value=\"{number}\">\
             <span class=\"c-step-line\" data-component-part=\"step-line\" aria-hidden=\"true\"></span>\
             <span class=\"c-step-number\" data-component-part=\"step-number\" aria-hidden=\"true\"><span class=\"c-step-marker\">{marker}</span></span>\
             <div class=\"c-step-content\">{title}<div class=\"c-step-body\" data-component-part=\"step-content\">{body}</div></div></li>"
        )
    }

    /// Frame: a `<figure>` with an optional caption.
    pub(super) fn frame(&mut self, el: &Element) -> String {
        let body = self.children_html(el);
        let caption = match self.text_attr(el, "caption") {
            Some(caption) => format!(
                "<figcaption data-component-part=\"frame-description\">{}</figcaption>",
                self.caption_html(&caption)
            ),
            None => String::new(),
        };
        format!("<figure class=\"c-frame frame\" data-component-part=\"frame\">{body}{caption}</figure>")
    }

    /// A caption's Markdown (links, emphasis, code) as inline HTML: one
    /// paragraph loses its `<p>`.
    fn caption_html(&mut self, caption: &str) -> String {
        let html = self.jsx_attr_html(caption);
        let trimmed = html.trim();
        let inner = (trimmed.strip_prefix("<p>")).and_then(|rest| rest.strip_suffix("</p>"));
        match inner.filter(|inner| !inner.contains("<p>")) {
            Some(inner) => inner.to_string(),
            None => html,
        }
    }

    /// Icon: an inline icon with optional size and colour.
    pub(super) fn icon_component(&mut self, el: &Element) -> String {
        let Some(icon) = el.attrs.text("icon") else {
            self.warn_at(
                Rule::ComponentAttribute,
                el.offset,
                "`<Icon>` needs an `icon` attribute".to_string(),
                None,
            );
            return String::new();
        };
        let svg = self.icon_html(el, &icon);
        let mut style = Vec::new();
        if let Some(color) = el.attrs.text("color") {
            style.push(format!("color: {color}"));
        }
        if let Some(size) = el.attrs.text("size") {
            let unit = if size.chars().all(|c| c.is_ascii_digit()) {
                "px"
            } else {
                ""
            };
            style.push(format!("--icon-size: {size}{unit}"));
        }
        let style = attr(
            "style",
            (!style.is_empty()).then(|| style.join("; ")).as_deref(),
        );
        format!("<span class=\"c-icon icon\"{style}>{svg}</span>")
    }
}
