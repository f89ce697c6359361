//! The author's `colors` as the theme shows them: each colour is used in
//! the shades [`crate::color::Shades`] derives so text reaches WCAG AA
//! contrast in both modes. When a colour cannot be used as is, a note at
//! its config line names the shade used instead and the contrast the
//! colour would have given (a note: the site is fine, it only looks a
//! little different from what was written).

use std::path::Path;

use super::source::SourceDoc;
use super::types::Colors;
use crate::color::{
    contrast, fill_with_text, worst_contrast, Given, Mode, Rgb, Shades, SiteColors, TEXT_CONTRAST,
};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;

impl Colors {
    /// The colour strings, for [`SiteColors::of`].
    pub fn given(&self) -> Given<'_> {
        let background = self.background.as_ref();
        Given {
            primary: Some(self.primary.as_str()),
            light: self.light.as_deref(),
            dark: self.dark.as_deref(),
            background_light: background.and_then(|b| b.light.as_deref()),
            background_dark: background.and_then(|b| b.dark.as_deref()),
        }
    }
}

/// One way a colour is shown in another shade than given.
struct Change {
    shade: Rgb,
    role: &'static str,
    given_ratio: f64,
}

/// A note for every colour of `colors` the theme shows in another shade;
/// none about a colour the file does not hold (the default a misspelt
/// `"primary"` leaves in its place: the misspelling is reported instead).
pub fn notes(doc: &SourceDoc, colors: Option<&Colors>, file: &Path) -> Vec<Diagnostic> {
    let Some(colors) = colors else {
        return Vec::new();
    };
    let site = SiteColors::of(colors.given());
    let mut primary = accent_changes(site.light_accent, &site.light);
    let mut light = accent_changes(site.dark_accent, &site.dark);
    let mut dark = fill_changes(site.cta, "the call-to-action button");
    if colors.light.is_none() {
        primary.append(&mut light);
    }
    if colors.dark.is_none() {
        primary.append(&mut dark);
    }
    [
        ("/colors/primary", Some(colors.primary.as_str()), primary),
        ("/colors/light", colors.light.as_deref(), light),
        ("/colors/dark", colors.dark.as_deref(), dark),
    ]
    .into_iter()
    .filter(|(pointer, _, _)| doc.is_written(pointer))
    .filter_map(|(pointer, given, changes)| {
        let note = note(file, given?, &changes)?;
        Some(doc.locate(note, pointer))
    })
    .collect()
}

/// How an accent is shown in `mode`: as text and as a fill.
fn accent_changes(color: Rgb, mode: &Mode) -> Vec<Change> {
    let (text_role, buttons_role) = match mode.dark {
        true => (
            "text in dark mode (links, the current page, badges)",
            "buttons in dark mode",
        ),
        false => (
            "text in light mode (links, the current page, badges)",
            "buttons in light mode",
        ),
    };
    let shades = Shades::of(color, mode);
    let mut changes = Vec::new();
    if shades.text != color {
        changes.push(Change {
            shade: shades.text,
            role: text_role,
            given_ratio: worst_contrast(color, &mode.text_backgrounds(shades.fill)),
        });
    }
    changes.extend(fill_changes(color, buttons_role));
    changes
}

/// How a colour is shown as the fill of a button.
fn fill_changes(color: Rgb, role: &'static str) -> Vec<Change> {
    let (fill, text) = fill_with_text(color);
    if fill == color {
        return Vec::new();
    }
    vec![Change {
        shade: fill,
        role,
        given_ratio: contrast(color, text),
    }]
}

fn note(file: &Path, given: &str, changes: &[Change]) -> Option<Diagnostic> {
    if changes.is_empty() {
        return None;
    }
    let uses: Vec<String> = changes
        .iter()
        .map(|c| {
            format!(
                "`{}` for {} (as given it reads at {:.2}:1)",
                c.shade.hex(),
                c.role,
                floor_2(c.given_ratio)
            )
        })
        .collect();
    let message = format!(
        "`{}` cannot be used as is and readers see {}",
        given.trim(),
        uses.join(", ")
    );
    Some(Diagnostic::note(file, message).with_rule(Rule::ColorContrast).with_help(format!(
        "text needs a contrast of {TEXT_CONTRAST}:1 (WCAG 2.1 AA); sheaf uses the nearest shade that reaches it, \
         or give a colour that does"
    )))
}

/// `ratio` rounded down to two decimals, so a ratio just under 4.5 never
/// shows as 4.50.
fn floor_2(ratio: f64) -> f64 {
    (ratio * 100.0).floor() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colors(primary: &str, light: Option<&str>, dark: Option<&str>) -> Colors {
        Colors {
            primary: primary.into(),
            light: light.map(str::to_string),
            dark: dark.map(str::to_string),
            background: None,
            anchors: None,
        }
    }

    fn messages(colors: &Colors) -> Vec<String> {
        let text = serde_json::json!({ "colors": colors }).to_string();
        let doc = SourceDoc::parse(text, Path::new("site.json")).unwrap();
        notes(&doc, Some(colors), Path::new("site.json"))
            .into_iter()
            .map(|d| format!("{}", d))
            .collect()
    }

    #[test]
    fn a_readable_colour_gives_no_note() {
        assert!(messages(&colors("#4f46e5", Some("#818cf8"), Some("#4338ca"))).is_empty());
    }

    #[test]
    fn an_orange_brand_is_darkened_for_text() {
        let found = messages(&colors("#b45a00", Some("#ff9f43"), None));
        assert_eq!(found.len(), 1, "{found:#?}");
        let note = &found[0];
        assert!(note.starts_with("note: site.json:1:"), "{note}");
        assert!(
            note.contains("`colors.primary`: `#b45a00` cannot be used as is"),
            "{note}"
        );
        assert!(
            note.contains("readers see `#a75400` for text in light mode"),
            "{note}"
        );
        assert!(note.contains("as given it reads at 4.06:1"), "{note}");
        assert!(
            !note.contains("buttons"),
            "white reads on it at 4.5:1: {note}"
        );
        assert!(
            !note.contains("dark mode"),
            "`colors.light` is dark mode's: {note}"
        );
    }

    #[test]
    fn a_mid_grey_is_darkened_for_buttons() {
        let found = messages(&colors("#4f46e5", Some("#818cf8"), Some("#808080")));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains("`colors.dark`"), "{}", found[0]);
        assert!(
            found[0].contains("for the call-to-action button"),
            "{}",
            found[0]
        );
    }

    #[test]
    fn a_dark_accent_for_dark_mode_is_lightened() {
        let found = messages(&colors("#4f46e5", Some("#3730a3"), None));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains("`colors.light`"), "{}", found[0]);
        assert!(found[0].contains("text in dark mode"), "{}", found[0]);
    }
}
