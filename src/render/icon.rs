//! Icons for the theme: names inlined as SVG (via [`crate::icons`]), image
//! paths as `<img>`, and the brand icon and label of each `footerSocials`
//! platform.

use super::links;
use crate::icons::{is_image_reference, resolve, theme_svg, Library};

/// HTML for an icon named in the config or frontmatter, looked up in the
/// site's `library` first. An unknown name gives the closest Font Awesome
/// icon of its family, or nothing (`check` reports it).
pub fn html(name: &str, icon_type: Option<&str>, library: Library) -> String {
    if is_image_reference(name) {
        format!(
            "<img class=\"icon\" src=\"{}\" alt=\"\">",
            super::escape_html(&links::asset(name))
        )
    } else {
        resolve(name, icon_type, library).0
    }
}

/// A theme (UI) icon from Font Awesome's solid set.
pub fn ui(name: &str) -> String {
    theme_svg(name, Some("solid"))
}

/// The label and icon of a `footerSocials` key; unknown keys get a globe
/// and their key as label.
pub fn social(key: &str) -> (String, String) {
    match social_icon(key) {
        Some((label, icon, style)) => (label.to_string(), theme_svg(icon, Some(style))),
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
    use crate::icons::find;

    #[test]
    fn every_social_key_has_a_real_icon() {
        for key in SOCIAL_KEYS.iter().chain(LATER_SOCIAL_KEYS.iter()) {
            let (_, icon, style) = social_icon(key).expect(key);
            let found = find(icon, Some(style), Library::FontAwesome).expect(key);
            assert_eq!(found.source, crate::icons::Source::Library, "{key}");
        }
        assert_eq!(social("mastodon").0, "mastodon");
    }

    #[test]
    fn image_icons_become_img_tags() {
        let fa = Library::FontAwesome;
        assert!(html("/icons/a.svg", None, fa).starts_with("<img class=\"icon\""));
        assert!(html("book-open", None, fa).starts_with("<svg"));
    }
}
