//! Content components: callouts, accordions, steps and icons (cards in
//! `cards`, frames in `frame`, tooltips and changelog updates in `notes`).

use super::super::attrs::AttrList;
use super::super::callout;
use super::super::html::{attr, escape};
use super::super::mdx::{Element, Node};
use super::super::render::Renderer;
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
}
