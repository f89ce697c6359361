//! Components that show something at a glance: badges, colour swatches
//! (Color, Color.Row, Color.Item), preview tiles, banners and AI prompts.

use super::super::attrs::AttrList;
use super::super::html::escape;
use super::super::mdx::{Element, Node};
use super::super::render::Renderer;
use super::super::UrlKind;
use crate::rules::Rule;

const BADGE_COLORS: &[&str] = &[
    "gray",
    "blue",
    "green",
    "yellow",
    "orange",
    "red",
    "purple",
    "white",
    "surface",
    "white-destructive",
    "surface-destructive",
];
const BADGE_SIZES: &[&str] = &["xs", "sm", "md", "lg"];
const BADGE_SHAPES: &[&str] = &["rounded", "pill"];

impl Renderer<'_> {
    /// Badge: a short inline label; colour, size and shape are classes.
    pub(super) fn badge(&mut self, el: &Element) -> String {
        let color = self.badge_choice(el, "color", BADGE_COLORS, "gray");
        let size = self.badge_choice(el, "size", BADGE_SIZES, "md");
        let shape = self.badge_choice(el, "shape", BADGE_SHAPES, "rounded");
        let mut class = format!("c-badge c-badge-{color} c-badge-{size} c-badge-{shape}");
        if el.attrs.flag("stroke") {
            class.push_str(" c-badge-stroke");
        }
        if el.attrs.flag("disabled") {
            class.push_str(" c-badge-disabled");
        }
        let icon = match el.attrs.text("icon") {
            Some(icon) => format!(
                "<span class=\"c-badge-icon\">{}</span>",
                self.icon_html(el, &icon)
            ),
            None => String::new(),
        };
        let body = self.render_nodes(&el.children, el.child_indent, false);
        format!(
            "<span class=\"{class}\" data-badge data-color=\"{color}\" data-size=\"{size}\">{icon}{body}</span>"
        )
    }

    /// The attribute's value when it is one of `allowed`, else `default`,
    /// with a warning for a value Mintlify does not know.
    fn badge_choice(
        &mut self,
        el: &Element,
        name: &str,
        allowed: &[&'static str],
        default: &'static str,
    ) -> &'static str {
        let Some(value) = el.attrs.text(name) else {
            return default;
        };
        if let Some(known) = allowed.iter().find(|a| **a == value) {
            return known;
        }
        self.warn_at(
            Rule::ComponentAttribute,
            el.offset,
            format!("unknown {name} `{value}` on `<Badge>`"),
            Some(format!("use one of: {}", allowed.join(", "))),
        );
        default
    }

    /// Color: swatches with their names and values, as a grid (`compact`)
    /// or as a table with one titled row per Color.Row (`table`).
    pub(super) fn color(&mut self, el: &Element) -> String {
        if el.attrs.text("variant").as_deref() != Some("table") {
            let items = self.color_items(el);
            return format!("<div class=\"c-color c-color-compact color\"><ul class=\"c-color-items\">{items}</ul></div>");
        }
        let mut rows = String::new();
        let mut loose = String::new();
        for node in &el.children {
            let Node::Element(child) = node else { continue };
            match child.name.as_str() {
                "Color.Row" => rows.push_str(&self.color_row(child)),
                "Color.Item" => loose.push_str(&self.color_item(child)),
                _ => {}
            }
        }
        if !loose.is_empty() {
            rows.push_str(&format!(
                "<tr><td colspan=\"2\"><ul class=\"c-color-items\">{loose}</ul></td></tr>"
            ));
        }
        format!("<table class=\"c-color c-color-table color\"><tbody>{rows}</tbody></table>")
    }

    /// A Color.Row or Color.Item outside a Color: shown as compact swatches.
    pub(super) fn lone_color_part(&mut self, el: &Element) -> String {
        let items = if el.name == "Color.Item" {
            self.color_item(el)
        } else {
            self.color_items(el)
        };
        format!(
            "<div class=\"c-color c-color-compact color\"><ul class=\"c-color-items\">{items}</ul></div>"
        )
    }

    fn color_row(&mut self, el: &Element) -> String {
        let title = self.text_attr(el, "title").unwrap_or_default();
        let items = self.color_items(el);
        format!(
            "<tr class=\"color-row\"><th scope=\"row\" data-component-part=\"color-row-title-container\">\
             <span class=\"c-color-row-title\" data-component-part=\"color-row-title\">{}</span></th>\
             <td><ul class=\"c-color-items\" data-component-part=\"color-row-items-container\">{items}</ul></td></tr>",
            escape(&title)
        )
    }

    /// Every Color.Item among the children (also inside rows).
    fn color_items(&mut self, el: &Element) -> String {
        let mut items = String::new();
        for node in &el.children {
            let Node::Element(child) = node else { continue };
            match child.name.as_str() {
                "Color.Item" => items.push_str(&self.color_item(child)),
                "Color.Row" => items.push_str(&self.color_items(child)),
                _ => {}
            }
        }
        items
    }

    /// A swatch, its name and its value: one colour, or `{light, dark}`
    /// (each mode's swatch in its mode, both values written).
    fn color_item(&mut self, el: &Element) -> String {
        let name = self.text_attr(el, "name").unwrap_or_default();
        let json = el.attrs.get("value").map(|v| v.to_json());
        let modes = json.as_ref().and_then(|value| {
            let light = value.get("light")?.as_str()?.to_string();
            let dark = value.get("dark")?.as_str()?.to_string();
            Some((light, dark))
        });
        let (style, shown) = match modes {
            Some((light, dark)) => {
                let css = css_color(&light).zip(css_color(&dark));
                let style = css.map(|(l, d)| format!("--swatch: {l}; --swatch-dark: {d}"));
                (style, format!("{light} / {dark}"))
            }
            None => {
                let value = el.attrs.text("value").unwrap_or_default();
                (
                    css_color(&value).map(|css| format!("--swatch: {css}")),
                    value,
                )
            }
        };
        let swatch = match style {
            Some(style) => format!(
                "<span class=\"c-color-swatch\" data-component-part=\"color-item-button\" style=\"{}\"></span>",
                escape(&style)
            ),
            None => {
                self.warn_at(
                    Rule::ComponentAttribute,
                    el.offset,
                    format!("`{shown}` is not a CSS colour on `<Color.Item>`"),
                    Some(
                        "write a hex, rgb(), hsl() or oklch() colour, or `{ light: …, dark: … }`"
                            .to_string(),
                    ),
                );
                "<span class=\"c-color-swatch c-color-swatch-none\" data-component-part=\"color-item-button\"></span>"
                    .to_string()
            }
        };
        format!(
            "<li class=\"c-color-item color-item\">{swatch}<span class=\"c-color-name\" data-component-part=\"color-item-name\">{}</span>\
             <code class=\"c-color-value\" data-component-part=\"color-item-value\">{}</code></li>",
            escape(&name),
            escape(&shown)
        )
    }

    /// Tile: a link with a large preview (its children, centred on a
    /// field of small crosses, one for each mode) over its title and
    /// description, with Mintlify's part names.
    pub(super) fn tile(&mut self, el: &Element) -> String {
        let title = self.text_attr(el, "title");
        let description = self.text_attr(el, "description");
        let href = el
            .attrs
            .url("href")
            .map(|h| self.rewrite_url(&h, UrlKind::Link, el.offset));
        let preview = self.children_html(el);
        let mut html = format!(
            "<div class=\"c-tile-preview\" data-component-part=\"tile-children-container\">\
             <div class=\"c-tile-bg only-light\" data-component-part=\"tile-background-light\" aria-hidden=\"true\"></div>\
             <div class=\"c-tile-bg only-dark\" data-component-part=\"tile-background-dark\" aria-hidden=\"true\"></div>\
             <div class=\"c-tile-inner\" data-component-part=\"tile-children-inner-container\">{preview}</div></div>"
        );
        if title.is_some() || description.is_some() {
            html.push_str(
                "<div class=\"c-tile-text\" data-component-part=\"tile-text-container\">",
            );
            for (text, class, part) in [
                (title, "c-tile-title", "tile-title"),
                (description, "c-tile-desc", "tile-description"),
            ] {
                if let Some(text) = text {
                    html.push_str(&format!(
                        "<p class=\"{class}\" data-component-part=\"{part}\">{}</p>",
                        escape(&text)
                    ));
                }
            }
            html.push_str("</div>");
        }
        match href {
            Some(href) => format!(
                "<a class=\"c-tile tile\" href=\"{}\">{html}</a>",
                escape(&href)
            ),
            None => format!("<div class=\"c-tile tile\">{html}</div>"),
        }
    }

    /// Banner: an announcement in the flow of the page.
    pub(super) fn banner(&mut self, el: &Element) -> String {
        let svg = crate::icons::theme_svg("bullhorn", None);
        let body = self.children_html(el);
        format!(
            "<aside class=\"c-banner\" role=\"note\" aria-label=\"Announcement\">\
             <span class=\"c-banner-icon\">{svg}</span><div class=\"c-banner-body\">{body}</div></aside>"
        )
    }

    /// Prompt: an AI prompt, readable as is; `components.js` adds a button
    /// that copies its text.
    pub(super) fn prompt(&mut self, el: &Element) -> String {
        let icon = el
            .attrs
            .text("icon")
            .unwrap_or_else(|| "wand-magic-sparkles".to_string());
        let icon = self.icon_html(el, &icon);
        let description = match el.attrs.text("description") {
            Some(d) => {
                self.push_text(&d);
                self.push_text("\n");
                self.jsx_attr_html(&d)
            }
            None => "Prompt".to_string(),
        };
        let body = self.children_html(el);
        format!(
            "<figure class=\"c-prompt prompt\"><figcaption class=\"c-prompt-head\"><span class=\"c-prompt-icon\">{icon}</span>\
             <span class=\"c-prompt-desc\">{description}</span></figcaption><div class=\"c-prompt-body\">{body}</div></figure>"
        )
    }
}

/// `value` when it can only be a colour (hex, a name, or a colour function
/// such as `rgb(…)`), so it is safe in a `style` attribute.
fn css_color(value: &str) -> Option<&str> {
    let value = value.trim();
    let safe = value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || " #(),.%/+-".contains(c));
    (!value.is_empty() && safe).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_colour_syntax_reaches_a_style_attribute() {
        assert_eq!(css_color(" #3B82F6 "), Some("#3B82F6"));
        assert_eq!(css_color("oklch(70% 0.2 145)"), Some("oklch(70% 0.2 145)"));
        assert_eq!(css_color("red; background: url(x)"), None);
        assert_eq!(css_color("\"><script>"), None);
        assert_eq!(css_color(""), None);
    }
}
