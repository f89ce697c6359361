//! Content components: callouts, accordions, steps, icons, tooltips and
//! changelog updates (cards in `cards`, frames in `frame`).

use super::super::attrs::AttrList;
use super::super::callout;
use super::super::html::{attr, escape};
use super::super::mdx::{Element, Node};
use super::super::render::Renderer;
use super::super::{UpdateEntry, UrlKind};
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
        let caret = crate::icons::theme_svg("caret-right", Some("solid")).replacen(
            " class=\"icon\"",
            " class=\"icon\" data-component-part=\"icon-svg\"",
            1,
        );
        let body = self.children_html(el);
        format!(
            "<details class=\"c-accordion accordion\" data-component-part=\"accordion\"{id}{open}><summary data-component-part=\"accordion-button\">\
             <span class=\"c-accordion-caret\" data-component-part=\"accordion-caret-right\" aria-hidden=\"true\">{caret}</span>{icon}\
             <span class=\"c-accordion-head\" data-component-part=\"accordion-title-container\">\
             <span class=\"c-accordion-title\" data-component-part=\"accordion-title\">{}</span>{description}</span></summary>\
             <div class=\"c-accordion-body\" data-component-part=\"accordion-content\">{body}</div></details>",
            escape(&title)
        )
    }

    /// AccordionGroup: its accordions in one bordered box.
    pub(super) fn accordion_group(&mut self, el: &Element) -> String {
        let body = self.children_html(el);
        format!("<div class=\"c-accordion-group accordion-group\" data-component-part=\"accordion-group\">{body}</div>")
    }

    /// Steps: an ordered list of Step children; `titleSize` (`p`, `h2`,
    /// `h3`, `h4`) is the element of every step's title unless the step
    /// names its own.
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
                    let size = el.attrs.text("titleSize");
                    items.push_str(&self.step_in(step, number, size.as_deref()));
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

    /// A step outside Steps.
    pub(super) fn step(&mut self, el: &Element, number: usize) -> String {
        self.step_in(el, number, None)
    }

    /// One step: a numbered (or icon) marker, the title (a `<p>`, or the
    /// heading its `titleSize`, else the Steps' `steps_size`, names) and
    /// the content.
    fn step_in(&mut self, el: &Element, number: usize, steps_size: Option<&str>) -> String {
        let title = self.text_attr(el, "title");
        let size = el.attrs.text("titleSize");
        let marker = match el.attrs.text("icon") {
            Some(icon) => self.icon_html(el, &icon),
            None => number.to_string(),
        };
        let tag = (size.as_deref().or(steps_size))
            .filter(|size| matches!(*size, "h2" | "h3" | "h4"))
            .unwrap_or("p");
        let title = title
            .map(|t| {
                format!(
                    "<{tag} class=\"c-step-title\" data-component-part=\"step-title\">{}</{tag}>",
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
             <a class=\"c-update-label\" data-component-part=\"update-label\" href=\"#{}\">{}</a>{description}{tags}</div>\
             <div class=\"c-update-body\" data-component-part=\"update-content\">{body}</div></section>",
            escape(&id),
            escape(&id),
            escape(&label)
        )
    }
}
