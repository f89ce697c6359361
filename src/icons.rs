//! Font Awesome icons, inlined as SVG so a site shows them with no network
//! at build or read time.
//!
//! Mintlify names icons by their Font Awesome name (`book-open`, `github`)
//! and an `iconType` (`solid`, `duotone`, `brands`…). The free set that ships
//! inside the binary (via `font-awesome-as-a-crate`) has the `solid`,
//! `regular` and `brands` styles; Pro-only styles map to the closest free one.
//! Names Font Awesome 5 used before 6 renamed them (`check-circle`,
//! `search`, `cog`) and a few common Lucide names (`zap`, `settings`) are
//! aliases of free icons and count as found.
//!
//! A Pro-only name is not found ([`lookup`] returns `None`, so callers can
//! warn) but shows the closest free icon of its name family
//! ([`closest_name`]): `circle-1` → `1`, `rectangle-terminal` → `terminal`,
//! `message-bot` → `message`, `books` → `book`, `chart-network` →
//! `chart-simple`. A name with no family in the free set shows no icon at
//! all: a placeholder shape reads as a stray blob on the page.
//!
//! The theme's own icons that every page shows (the top bar's menu, search
//! and mode toggle: [`MASKED`]) are not inlined: each is an empty
//! `<i class="i-NAME">` drawn by a CSS mask ([`mask_css`], appended to the
//! site's stylesheet), which keeps about 2 KB of SVG out of every page.

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

/// Old or other-library names of free icons.
const ALIASES: &[(&str, &str)] = &[
    // Font Awesome 5 names that 6 renamed.
    ("check-circle", "circle-check"),
    ("info-circle", "circle-info"),
    ("exclamation-circle", "circle-exclamation"),
    ("exclamation-triangle", "triangle-exclamation"),
    ("question-circle", "circle-question"),
    ("times-circle", "circle-xmark"),
    ("play-circle", "circle-play"),
    ("user-circle", "circle-user"),
    ("times", "xmark"),
    ("search", "magnifying-glass"),
    ("cog", "gear"),
    ("cogs", "gears"),
    ("home", "house"),
    ("history", "clock-rotate-left"),
    ("columns", "table-columns"),
    ("external-link", "arrow-up-right-from-square"),
    ("external-link-alt", "arrow-up-right-from-square"),
    ("edit", "pen-to-square"),
    ("trash-alt", "trash-can"),
    ("file-alt", "file-lines"),
    ("sign-in-alt", "right-to-bracket"),
    ("sign-out-alt", "right-from-bracket"),
    ("tachometer-alt", "gauge-high"),
    ("shield-alt", "shield-halved"),
    ("sync", "arrows-rotate"),
    ("redo", "arrow-rotate-right"),
    ("undo", "arrow-rotate-left"),
    // Lucide names Mintlify sites use.
    ("zap", "bolt"),
    ("settings", "gear"),
    ("sparkles", "wand-magic-sparkles"),
    ("mail", "envelope"),
    ("message-square", "message"),
    ("message-circle", "comment"),
    ("layout", "table-columns"),
];

/// Shapes Pro draws around another icon (`circle-1`, `square-code`): the
/// icon inside is the closest free one.
const CONTAINERS: [&str; 5] = ["circle", "square", "rectangle", "diamond", "hexagon"];

/// Families of Pro names by their first word, and the free icon that
/// stands for each (`chart-network` → `chart-simple`).
const FAMILIES: &[(&str, &str)] = &[
    ("arrow", "arrow-right"),
    ("arrows", "arrows-rotate"),
    ("book", "book"),
    ("calendar", "calendar"),
    ("chart", "chart-simple"),
    ("cloud", "cloud"),
    ("code", "code"),
    ("comment", "comment"),
    ("credit", "credit-card"),
    ("database", "database"),
    ("diagram", "diagram-project"),
    ("envelope", "envelope"),
    ("file", "file"),
    ("folder", "folder"),
    ("gear", "gear"),
    ("globe", "globe"),
    ("image", "image"),
    ("key", "key"),
    ("list", "list"),
    ("lock", "lock"),
    ("message", "message"),
    ("money", "money-bill"),
    ("paper", "paper-plane"),
    ("pen", "pen"),
    ("person", "person"),
    ("rectangle", "rectangle-list"),
    ("server", "server"),
    ("shield", "shield"),
    ("table", "table"),
    ("text", "text-height"),
    ("user", "user"),
    ("users", "users"),
    ("video", "video"),
    ("window", "window-maximize"),
];

/// The raw SVG of free icon `name` in the best style for `icon_type`.
fn free_svg(name: &str, icon_type: Option<&str>) -> Option<&'static str> {
    styles_for(icon_type)
        .into_iter()
        .find_map(|style| svg(style, name).ok())
}

/// `name`, or the free name it is an alias of, when that is a free icon.
fn free_name(name: &str) -> Option<&str> {
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, free)| free);
    free_svg(name, None).map(|_| name)
}

/// The raw SVG of icon `name` (with or without a `fa-` prefix, or a
/// renamed one's old name), or `None` when the free set has no icon of that
/// name.
pub fn lookup(name: &str, icon_type: Option<&str>) -> Option<&'static str> {
    let name = name.trim().trim_start_matches("fa-");
    free_name(name).and_then(|free| free_svg(free, icon_type))
}

/// The free icon closest to a name outside the free set, by name family;
/// `None` when nothing is close.
pub fn closest_name(name: &str) -> Option<String> {
    let name = name.trim().trim_start_matches("fa-");
    let words: Vec<&str> = name.split('-').collect();
    let mut candidates: Vec<String> = Vec::new();
    if let Some((first, rest)) = words.split_first() {
        if CONTAINERS.contains(first) && !rest.is_empty() {
            candidates.push(rest.join("-"));
        }
    }
    // Fewer trailing words: `person-running-fast` → `person-running`.
    candidates.extend((1..words.len()).rev().map(|n| words[..n].join("-")));
    let found = std::iter::once(name.to_string())
        .chain(candidates)
        .flat_map(|candidate| [singular(&candidate), Some(candidate)])
        .flatten()
        .find_map(|candidate| free_name(&candidate).map(str::to_string));
    found.or_else(|| {
        FAMILIES
            .iter()
            .find(|(family, _)| words.first() == Some(family))
            .map(|(_, free)| free.to_string())
    })
}

/// `books` → `book`, `list-checks` → `list-check` (not `class` → `clas`).
fn singular(name: &str) -> Option<String> {
    (name.ends_with('s') && !name.ends_with("ss")).then(|| name[..name.len() - 1].to_string())
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
/// A name outside the free set shows its closest free icon, or nothing;
/// the second value says whether the name itself was found.
pub fn inline_svg(name: &str, icon_type: Option<&str>) -> (String, bool) {
    if let Some(raw) = lookup(name, icon_type) {
        return (decorate(raw), true);
    }
    let closest = closest_name(name).and_then(|free| free_svg(&free, icon_type));
    (closest.map(decorate).unwrap_or_default(), false)
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
    // Empty, so screen readers pass over it (its button has the label);
    // the `i-` class alone draws it (see `mask_css`): it is on every page.
    format!("<i class=\"i-{name}\"></i>")
}

/// The stylesheet rules that draw the [`MASKED`] icons: each shape as a
/// `data:` URL mask over a `currentColor` background (system text colour in
/// forced-colours mode, where backgrounds are overridden).
pub fn mask_css() -> String {
    let mut css = String::from(
        "i[class^=i-]{display:inline-block;width:1em;height:1em;vertical-align:-0.125em;\
         background:currentColor;\
         -webkit-mask:var(--i) 50%/contain no-repeat;mask:var(--i) 50%/contain no-repeat}\n\
         @media (forced-colors:active){i[class^=i-]{forced-color-adjust:none;background:CanvasText}}\n",
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
        assert_eq!(masked("sun"), "<i class=\"i-sun\"></i>");
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
    fn old_names_are_aliases_of_free_icons() {
        assert!(lookup("check-circle", None).is_some());
        assert_eq!(lookup("search", None), lookup("magnifying-glass", None));
        assert_eq!(lookup("zap", None), lookup("bolt", None));
    }

    #[test]
    fn pro_names_show_the_closest_free_icon_of_their_family() {
        for (pro, free) in [
            ("circle-1", "1"),
            ("square-code", "code"),
            ("rectangle-terminal", "terminal"),
            ("rectangle-history", "clock-rotate-left"),
            ("message-bot", "message"),
            ("person-running-fast", "person-running"),
            ("shield-check", "shield"),
            ("spinner-third", "spinner"),
            ("books", "book"),
            ("list-checks", "list-check"),
            ("columns-3", "table-columns"),
            ("chart-network", "chart-simple"),
            ("diagram-subtask", "diagram-project"),
            ("text-size", "text-height"),
        ] {
            assert!(lookup(pro, None).is_none(), "{pro} is not free");
            assert_eq!(closest_name(pro).as_deref(), Some(free), "{pro}");
        }
    }

    #[test]
    fn every_family_and_alias_names_a_free_icon() {
        for (name, free) in FAMILIES.iter().chain(ALIASES) {
            assert!(free_svg(free, None).is_some(), "{name} → {free}");
        }
    }

    #[test]
    fn a_name_with_no_family_shows_no_icon_and_says_so() {
        let (html, found) = inline_svg("no-such-icon-anywhere", None);
        assert!(!found);
        assert_eq!(html, "", "nothing rather than a placeholder blob");
        let (html, found) = inline_svg("circle-1", None);
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
