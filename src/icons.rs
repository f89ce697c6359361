//! Icons, inlined as SVG so a site shows them with no network at build or
//! read time: every icon of Font Awesome Free (`solid`, `regular`,
//! `brands`), Lucide and Tabler (`outline`, `filled`), as Mintlify offers
//! them (`table.rs` holds the data, `pro.rs` the Font Awesome Pro names).
//!
//! A name is looked up ([`find`]) in the site's `icons.library` first
//! (Font Awesome unless docs.json says `lucide` or `tabler`), then in the
//! other two libraries: authors mix names of all three, and Mintlify's
//! Font Awesome is the Pro kit, whose names often exist in Lucide or
//! Tabler. Found elsewhere, the icon shows and a note
//! ([`Rule::IconLibrary`]) says where it came from. A name no library has
//! (Pro artwork cannot be shipped) is drawn by the nearest open icon, also
//! with a note naming it: the open counterpart [`pro::PRO`] lists for a
//! Pro name its parts do not explain, else the one the name's parts lead
//! to ([`stand_in`]: `circle-bolt` → `bolt`, `chart-waterfall` →
//! `chart-simple`). Only a name nothing fits, or a typo of a known name
//! (`rocket-lunch`), is an `unknown-icon` warning, with the closest name as
//! its suggestion; a typo shows what it was meant to be, anything else
//! nothing.
//!
//! Font Awesome's `iconType` picks the style (`regular`, `light` and
//! `thin` draw `regular`; `brands` brands; others `solid`), falling back to
//! any style the icon has. A Tabler name ending in `-filled` draws Tabler's
//! filled style. Names are read lower case, without a `fa-` prefix.
//! Every inlined icon is decorative (`aria-hidden`): its label, when it
//! has one, is the text beside it.
//!
//! The theme's own icons that every page shows (the top bar's menu, search
//! and mode toggle: [`MASKED`]) are not inlined: each is an empty
//! `<i class="i-NAME">` drawn by a CSS mask ([`mask_css`], appended to the
//! site's stylesheet), which keeps about 2 KB of SVG out of every page.

use std::path::PathBuf;

use crate::diagnostics::{did_you_mean, Diagnostic};
use crate::rules::Rule;

mod pro;
mod stand_in;
mod table;

pub use table::{Library, Shape};

/// Attribution for the inlined icons, placed once in the theme stylesheet
/// (Font Awesome Free's icons are CC BY 4.0, which asks for it).
pub const ATTRIBUTION: &str =
    "Icons: Font Awesome Free 7.3.1 by @fontawesome, https://fontawesome.com, CC BY 4.0; \
     Lucide 1.62.0, https://lucide.dev, ISC; Tabler Icons 3.52.0, https://tabler.io/icons, MIT";

/// Where a named icon's drawing came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The site's library has the name.
    Library,
    /// Only another library has it.
    OtherLibrary,
    /// A Font Awesome Pro name, drawn as this open icon ([`pro::PRO`]).
    Pro(&'static str),
    /// A name no library has, drawn as the open icon its parts lead to.
    StandIn(&'static str),
}

/// The drawing of an icon name and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub shape: Shape,
    pub source: Source,
}

/// The Font Awesome styles to try for an `iconType`, best first.
fn styles_for(icon_type: Option<&str>) -> &'static [&'static str] {
    match icon_type {
        Some("brands") => &["brands", "solid"],
        Some("regular" | "light" | "thin" | "sharp-regular" | "sharp-light" | "sharp-thin") => {
            &["regular", "solid"]
        }
        _ => &["solid", "regular", "brands"],
    }
}

/// `name` as libraries spell it: trimmed, lower case, no `fa-` prefix.
fn normal(name: &str) -> String {
    let name = name.trim().to_ascii_lowercase();
    match name.strip_prefix("fa-") {
        Some(rest) => rest.to_string(),
        None => name,
    }
}

/// The shape of `name` in `library` alone.
fn in_library(library: Library, name: &str, icon_type: Option<&str>) -> Option<Shape> {
    match library {
        Library::FontAwesome => table::find(library, name, styles_for(icon_type)),
        Library::Tabler => match name.strip_suffix("-filled") {
            Some(base) => table::find(library, base, &["filled"])
                .filter(|s| s.style == "filled")
                .or_else(|| table::find(library, name, &["outline"])),
            None => table::find(library, name, &["outline"]),
        },
        Library::Lucide => table::find(library, name, &[]),
    }
}

/// The icon `name` draws on a site whose `icons.library` is `library`:
/// that library first, then the others, then the Pro mapping, then the
/// nearest open icon by the name's parts; `None` when nothing fits or the
/// name is a typo of a known one.
pub fn find(name: &str, icon_type: Option<&str>, library: Library) -> Option<Found> {
    let name = normal(name);
    let in_any = |name: &str| in_any_library(name, icon_type, library);
    if let Some(shape) = in_library(library, &name, icon_type) {
        return Some(Found {
            shape,
            source: Source::Library,
        });
    }
    if let Some(shape) = in_any(&name) {
        return Some(Found {
            shape,
            source: Source::OtherLibrary,
        });
    }
    if let Some(open) = pro::open_name(&name) {
        return in_any(open).map(|shape| Found {
            shape,
            source: Source::Pro(open),
        });
    }
    if stand_in::typo_of(&name).is_some() {
        return None;
    }
    let open = stand_in::nearest(&name, |c| in_any(c).is_some())?;
    let shape = in_any(&open)?;
    Some(Found {
        shape,
        source: Source::StandIn(shape.name),
    })
}

/// The shape of `name` in `library`, else in the other libraries in
/// [`Library::ALL`]'s order.
fn in_any_library(name: &str, icon_type: Option<&str>, library: Library) -> Option<Shape> {
    std::iter::once(library)
        .chain(Library::ALL.into_iter().filter(|&l| l != library))
        .find_map(|l| in_library(l, name, icon_type))
}

/// Inline HTML for icon `name` on a site of `library`, and the note or
/// warning it deserves (for the caller to place): the drawing, or for a
/// typo of a known name that name's drawing, or nothing.
pub fn resolve(name: &str, icon_type: Option<&str>, library: Library) -> (String, Option<Finding>) {
    if let Some(found) = find(name, icon_type, library) {
        return (svg(&found.shape), Finding::of(name, &found, library));
    }
    let typo = stand_in::typo_of(&normal(name));
    let meant = typo.and_then(|known| find(known, icon_type, library));
    let html = meant.map(|found| svg(&found.shape)).unwrap_or_default();
    (html, Some(Finding::unknown(name, typo, library)))
}

/// A Font Awesome icon of the theme itself (callouts, the file tree,
/// external links), in the style `icon_type` picks.
pub fn theme_svg(name: &str, icon_type: Option<&str>) -> String {
    in_library(Library::FontAwesome, name, icon_type)
        .map(|shape| svg(&shape))
        .unwrap_or_default()
}

/// An inline, decorative `<svg>` of `shape` in the text colour: filled for
/// Font Awesome and Tabler's filled icons, stroked for the others.
pub fn svg(shape: &Shape) -> String {
    let paint = match (shape.library, shape.style) {
        (Library::FontAwesome, _) | (_, "filled") => "fill=\"currentColor\"",
        _ => {
            "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\""
        }
    };
    format!(
        "<svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"{}\" {paint}>{}</svg>",
        shape.view_box, shape.shapes
    )
}

/// What a named icon deserves to be told: a note when it came from
/// another library or the Pro mapping, a warning when it is unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub rule: Rule,
    pub warning: bool,
    /// `icon `NAME``, to which a caller may add where it is (` on `<Card>``).
    head: String,
    /// What is wrong with it (`: no icon library has it`).
    tail: String,
    pub help: String,
}

impl Finding {
    fn of(name: &str, found: &Found, library: Library) -> Option<Finding> {
        let from = found.shape.library.title();
        let (tail, help) = match found.source {
            Source::Library => return None,
            Source::OtherLibrary => (
                format!(": not in {}, drawn from {from}", library.title()),
                format!(
                    "set `icons.library` to `{}` (docs.json), or name a {} icon, to draw every icon in one style",
                    found.shape.library.key(),
                    library.title()
                ),
            ),
            Source::Pro(open) => (
                format!(": a Font Awesome Pro name, drawn as `{open}` from {from}"),
                "name an open icon (Font Awesome Free, Lucide, Tabler) to choose the drawing".into(),
            ),
            Source::StandIn(open) => (
                format!(": in no open library (a Font Awesome Pro name?), drawn as `{open}` from {from}, the nearest open icon by its name"),
                "name an open icon (Font Awesome Free, Lucide, Tabler) to choose the drawing".into(),
            ),
        };
        Some(Finding {
            rule: Rule::IconLibrary,
            warning: false,
            head: format!("icon `{name}`"),
            tail,
            help,
        })
    }

    fn unknown(name: &str, typo: Option<&str>, library: Library) -> Finding {
        let help = match typo.or_else(|| suggestion(name, library)) {
            Some(close) => format!("did you mean `{close}`?"),
            None => {
                "name an icon of Font Awesome Free, Lucide or Tabler, or give an image path or URL"
                    .into()
            }
        };
        Finding {
            rule: Rule::UnknownIcon,
            warning: true,
            head: format!("unknown icon `{name}`"),
            tail: ": no icon library has it".into(),
            help,
        }
    }

    /// The same finding naming where the icon is (`on `<Card>``).
    pub fn on(mut self, place: &str) -> Finding {
        self.head = format!("{} on {place}", self.head);
        self
    }

    /// What the finding says.
    pub fn message(&self) -> String {
        format!("{}{}", self.head, self.tail)
    }

    /// The finding as a diagnostic of `file` (the caller places it).
    pub fn diagnostic(self, file: impl Into<PathBuf>) -> Diagnostic {
        let message = self.message();
        let diagnostic = match self.warning {
            true => Diagnostic::warning(file, message).with_rule(self.rule),
            false => Diagnostic::note(file, message).with_rule(self.rule),
        };
        diagnostic.with_help(self.help)
    }
}

/// The icon name closest to `name`: the site's library's names first.
pub fn suggestion(name: &str, library: Library) -> Option<&'static str> {
    let name = normal(name);
    std::iter::once(library)
        .chain(Library::ALL.into_iter().filter(|&l| l != library))
        .find_map(|l| did_you_mean(&name, table::names(l)))
}

/// Whether `icon` is an image reference (a URL or a path to an image file)
/// rather than an icon name. Mintlify accepts both in `icon` fields.
pub fn is_image_reference(icon: &str) -> bool {
    let lower = icon.trim().to_ascii_lowercase();
    lower.contains('/')
        || lower.starts_with("http")
        || lower.starts_with("data:image/")
        || [
            ".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".ico",
        ]
        .iter()
        .any(|ext| lower.ends_with(ext))
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
        let Some(shape) = in_library(Library::FontAwesome, name, None) else {
            continue;
        };
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{}\">{}</svg>",
            shape.view_box, shape.shapes
        );
        let data = svg
            .replace('"', "'")
            .replace('%', "%25")
            .replace('#', "%23")
            .replace('<', "%3C")
            .replace('>', "%3E");
        css.push_str(&format!(
            ".i-{name}{{--i:url(\"data:image/svg+xml,{data}\")}}\n"
        ));
    }
    css
}

#[cfg(test)]
mod tests;
