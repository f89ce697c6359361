//! Icons for the theme: Font Awesome names inlined as SVG (via
//! [`crate::icons`]), image paths as `<img>`, and the brand icon and label of
//! each `footerSocials` platform.

use super::links;
use crate::icons::{inline_svg, is_image_reference};

/// HTML for an icon named in `site.json` or frontmatter. A name outside the
/// free set gives its closest free icon, or nothing.
pub fn html(name: &str, icon_type: Option<&str>) -> String {
    if is_image_reference(name) {
        format!(
            "<img class=\"icon\" src=\"{}\" alt=\"\">",
            super::escape_html(&links::asset(name))
        )
    } else {
        inline_svg(name, icon_type).0
    }
}

/// A theme (UI) icon from the solid set.
pub fn ui(name: &str) -> String {
    inline_svg(name, Some("solid")).0
}

/// The label and icon of a `footerSocials` key; unknown keys get a globe
/// and their key as label.
pub fn social(key: &str) -> (String, String) {
    match social_icon(key) {
        Some((label, icon, style)) => (label.to_string(), inline_svg(icon, Some(style)).0),
        None => (key.to_string(), ui("globe")),
    }
}

/// (label, Font Awesome name, style) of a known social platform.
fn social_icon(key: &str) -> Option<(&'static str, &'static str, &'static str)> {
    Some(match key {
        "website" => ("Website", "globe", "solid"),
        "facebook" => ("Facebook", "facebook", "brands"),
        "twitter" => ("Twitter", "twitter", "brands"),
        "x" => ("X", "x", "solid"),
        "discord" => ("Discord", "discord", "brands"),
        "slack" => ("Slack", "slack", "brands"),
        "github" => ("GitHub", "github", "brands"),
        "linkedin" => ("LinkedIn", "linkedin", "brands"),
        "instagram" => ("Instagram", "instagram", "brands"),
        "hacker-news" => ("Hacker News", "hacker-news", "brands"),
        "youtube" => ("YouTube", "youtube", "brands"),
        "medium" => ("Medium", "medium", "brands"),
        "telegram" => ("Telegram", "telegram", "brands"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{LATER_SOCIAL_KEYS, SOCIAL_KEYS};
    use crate::icons::lookup;

    #[test]
    fn every_social_key_has_a_real_icon() {
        for key in SOCIAL_KEYS.iter().chain(LATER_SOCIAL_KEYS.iter()) {
            let (_, icon, style) = social_icon(key).expect(key);
            assert!(lookup(icon, Some(style)).is_some(), "{key}");
        }
        assert_eq!(social("mastodon").0, "mastodon");
    }

    #[test]
    fn image_icons_become_img_tags() {
        assert!(html("/icons/a.svg", None).starts_with("<img class=\"icon\""));
        assert!(html("book-open", None).starts_with("<svg"));
    }
}
