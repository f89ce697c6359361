//! Font Awesome icons, inlined as SVG so a site shows them with no network
//! at build or read time.
//!
//! Mintlify names icons by their Font Awesome name (`book-open`, `github`)
//! and an `iconType` (`solid`, `duotone`, `brands`…). The free set that ships
//! inside the binary (via `font-awesome-as-a-crate`) has the `solid`,
//! `regular` and `brands` styles; Pro-only styles map to the closest free one.
//! An icon that is not in the free set falls back to a neutral circle and is
//! reported by [`lookup`] returning `None`, so callers can warn.

use font_awesome_as_a_crate::{svg, Type};

/// Attribution for the inlined icons, placed once in the theme stylesheet.
pub const ATTRIBUTION: &str =
    "Icons: Font Awesome Free 6.2.0 by @fontawesome, https://fontawesome.com, CC BY 4.0";

/// The styles to try for an `iconType`, best first.
fn styles_for(icon_type: Option<&str>) -> [Type; 3] {
    match icon_type {
        Some("brands") => [Type::Brands, Type::Solid, Type::Regular],
        Some("regular" | "light" | "thin") => [Type::Regular, Type::Solid, Type::Brands],
        _ => [Type::Solid, Type::Regular, Type::Brands],
    }
}

/// The raw SVG of icon `name` (with or without a `fa-` prefix), or `None`
/// when the free set has no icon of that name.
pub fn lookup(name: &str, icon_type: Option<&str>) -> Option<&'static str> {
    let name = name.trim().trim_start_matches("fa-");
    styles_for(icon_type)
        .into_iter()
        .find_map(|style| svg(style, name).ok())
}

/// Whether `icon` is an image reference (a URL or a path to an image file)
/// rather than an icon name. Mintlify accepts both in `icon` fields.
pub fn is_image_reference(icon: &str) -> bool {
    icon.contains('/')
        || icon.starts_with("http")
        || icon.ends_with(".svg")
        || icon.ends_with(".png")
}

/// Inline HTML for icon `name`: the SVG with the license comment stripped,
/// `fill="currentColor"` and `aria-hidden`, so it takes the text colour.
/// Unknown names give a neutral circle; the second value says whether the
/// name was found.
pub fn inline_svg(name: &str, icon_type: Option<&str>) -> (String, bool) {
    let (raw, found) = match lookup(name, icon_type) {
        Some(raw) => (raw, true),
        None => (svg(Type::Solid, "circle").unwrap_or_default(), false),
    };
    (decorate(raw), found)
}

fn decorate(raw: &str) -> String {
    without_comment(raw).replacen(
        "<svg ",
        "<svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\" fill=\"currentColor\" ",
        1,
    )
}

fn without_comment(raw: &str) -> String {
    match (raw.find("<!--"), raw.find("-->")) {
        (Some(start), Some(end)) if end > start => {
            format!("{}{}", &raw[..start], &raw[end + 3..])
        }
        _ => raw.to_string(),
    }
}

/// The theme's own icons that every page shows (top bar: menu, search, mode
/// toggle). They are drawn by the stylesheet ([`mask_css`]) rather than
/// inlined, which keeps about 2 KB of SVG out of every page.
pub const MASKED: &[&str] = &["bars", "magnifying-glass", "sun", "moon"];

/// A CSS-drawn icon from [`MASKED`]: an empty `<span>` painted in the text
/// colour through the icon's shape.
pub fn masked(name: &str) -> String {
    debug_assert!(MASKED.contains(&name), "{name} is not in MASKED");
    format!("<span class=\"icon i i-{name}\" aria-hidden=\"true\"></span>")
}

/// The stylesheet rules that draw the [`MASKED`] icons: each shape as a
/// `data:` URL mask over a `currentColor` background (system text colour in
/// forced-colours mode, where backgrounds are overridden).
pub fn mask_css() -> String {
    let mut css = String::from(
        ".i{display:inline-block;background:currentColor;\
         -webkit-mask:var(--i) 50%/contain no-repeat;mask:var(--i) 50%/contain no-repeat}\n\
         @media (forced-colors:active){.i{forced-color-adjust:none;background:CanvasText}}\n",
    );
    for name in MASKED {
        let svg = without_comment(svg(Type::Solid, name).unwrap_or_default());
        let data = svg
            .replace('"', "'")
            .replace('%', "%25")
            .replace('#', "%23")
            .replace('<', "%3C")
            .replace('>', "%3E");
        css.push_str(&format!(
            ".i-{name}{{--i:url(\"data:image/svg+xml,{}\")}}\n",
            data.trim()
        ));
    }
    css
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_icons_have_their_shape_in_the_stylesheet() {
        let css = mask_css();
        for name in MASKED {
            let rule = css
                .lines()
                .find(|l| l.starts_with(&format!(".i-{name}{{")))
                .unwrap_or_else(|| panic!("no rule for {name}: {css}"));
            assert!(rule.contains("data:image/svg+xml,%3Csvg"), "{rule}");
            assert!(rule.contains("%3Cpath d='M"), "{rule}");
            assert!(!rule.contains('<') && !rule.contains('#'), "{rule}");
        }
        assert_eq!(
            masked("sun"),
            "<span class=\"icon i i-sun\" aria-hidden=\"true\"></span>"
        );
    }

    #[test]
    fn known_icons_resolve_in_every_style() {
        assert!(lookup("book-open", None).is_some());
        assert!(lookup("fa-book-open", Some("duotone")).is_some());
        assert!(lookup("github", Some("brands")).is_some());
        // A brand name asked for without iconType still resolves.
        assert!(lookup("discord", None).is_some());
    }

    #[test]
    fn unknown_icon_falls_back_and_says_so() {
        let (html, found) = inline_svg("no-such-icon-anywhere", None);
        assert!(!found);
        assert!(html.starts_with("<svg class=\"icon\""));
    }

    #[test]
    fn inline_svg_strips_license_comment() {
        let (html, found) = inline_svg("gear", Some("solid"));
        assert!(found);
        assert!(!html.contains("<!--"));
        assert!(html.contains("fill=\"currentColor\""));
    }
}
