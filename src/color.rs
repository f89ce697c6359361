//! Colours and WCAG 2.x contrast: `#rrggbb` parsing, relative luminance,
//! contrast ratios, and the shades of an author's colour the theme puts
//! text or controls on ([`Shades`]), each moved towards black or white
//! until it reads: 4.5:1 for text ([`TEXT_CONTRAST`]), 3:1 for large text
//! and the edges of controls ([`EDGE_CONTRAST`]).
//!
//! `config` compares the shades with the colours as given (a note names
//! each one that had to change); `render` writes them out as the site's
//! CSS custom properties. Both call [`Shades::of`], so they agree.

/// WCAG AA for body text.
pub const TEXT_CONTRAST: f64 = 4.5;
/// WCAG AA for large text and for the edges of controls (1.4.11).
pub const EDGE_CONTRAST: f64 = 3.0;

/// Mintlify's default primary colour.
pub const DEFAULT_PRIMARY: Rgb = Rgb(0x16, 0xa3, 0x4a);
/// The page backgrounds without `colors.background`.
pub const DEFAULT_BG_LIGHT: Rgb = Rgb(0xff, 0xff, 0xff);
pub const DEFAULT_BG_DARK: Rgb = Rgb(0x0f, 0x11, 0x17);

/// The dark text the theme puts on light fills (`--fg` in light mode).
pub const INK: Rgb = Rgb(17, 24, 39);
/// The light text of dark mode (`--fg` in dark mode).
pub const PAPER: Rgb = Rgb(243, 244, 246);
const WHITE: Rgb = Rgb(255, 255, 255);
const BLACK: Rgb = Rgb(0, 0, 0);

/// How much of the accent the soft tint behind badges and the active
/// sidebar item holds, per mode (`--color-primary-soft`).
const SOFT_LIGHT: f64 = 0.12;
const SOFT_DARK: f64 = 0.18;
/// How much of `--fg` the darkest surface a link sits on holds
/// (`--surface-hover`, over `--bg`).
const SURFACE: f64 = 0.08;

/// The callout tints of `components.css` (Note, Warning, Info, Tip,
/// Check), light then dark: links inside callouts sit on them. The dark
/// ones are each kind's colour mixed into the default dark page, as the
/// stylesheet mixes them (checked by `callout_tints_are_the_stylesheets`).
pub const CALLOUT_TINTS_LIGHT: [Rgb; 4] = [
    Rgb(0xef, 0xf6, 0xff),
    Rgb(0xfe, 0xfc, 0xe8),
    Rgb(0xfa, 0xfa, 0xf9),
    Rgb(0xf0, 0xfd, 0xf4),
];
pub const CALLOUT_TINTS_DARK: [Rgb; 4] = [
    Rgb(0x10, 0x20, 0x45),
    Rgb(0x36, 0x29, 0x12),
    Rgb(0x27, 0x29, 0x2e),
    Rgb(0x0c, 0x2f, 0x1f),
];

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rgb` or `#rrggbb`, either case.
    pub fn parse(hex: &str) -> Option<Rgb> {
        let digits = hex.trim().strip_prefix('#')?;
        let expanded: String = match digits.len() {
            3 => digits.chars().flat_map(|c| [c, c]).collect(),
            6 => digits.to_string(),
            _ => return None,
        };
        let channel = |i: usize| u8::from_str_radix(expanded.get(i..i + 2)?, 16).ok();
        Some(Rgb(channel(0)?, channel(2)?, channel(4)?))
    }

    /// `#rrggbb`, lower case.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative luminance (WCAG 2.x), 0 for black to 1 for white.
    pub fn luminance(self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }

    /// `self` with `t` (0 to 1) of `other` mixed in, per sRGB channel, as
    /// CSS `color-mix(in srgb, …)` does.
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let lerp = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(
            lerp(self.0, other.0),
            lerp(self.1, other.1),
            lerp(self.2, other.2),
        )
    }

    /// Whether white reads better on it than black.
    pub fn is_dark(self) -> bool {
        contrast(self, WHITE) > contrast(self, BLACK)
    }
}

/// WCAG contrast ratio between two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The lowest contrast of `fg` on any of `backgrounds`.
pub fn worst_contrast(fg: Rgb, backgrounds: &[Rgb]) -> f64 {
    backgrounds
        .iter()
        .map(|bg| contrast(fg, *bg))
        .fold(f64::INFINITY, f64::min)
}

/// `fg`, or the nearest shade of it towards `target` that reaches `min` on
/// every one of `backgrounds` (`target` itself when none does).
fn shade_towards(fg: Rgb, target: Rgb, backgrounds: &[Rgb], min: f64) -> Rgb {
    (0..=100)
        .map(|step| fg.mix(target, f64::from(step) / 100.0))
        .find(|c| worst_contrast(*c, backgrounds) >= min)
        .unwrap_or(target)
}

/// `fg`, or the nearest shade of it (darker on light backgrounds, lighter
/// on dark ones) that reaches `min` on every one of `backgrounds`, which
/// are all light or all dark.
pub fn readable_on(fg: Rgb, backgrounds: &[Rgb], min: f64) -> Rgb {
    let dark = backgrounds.first().is_some_and(|bg| bg.is_dark());
    shade_towards(fg, if dark { WHITE } else { BLACK }, backgrounds, min)
}

/// A fill for controls from `color`, and the text on it: white or [`INK`],
/// whichever reads better, the fill darkened (under white) or lightened
/// (under ink) until the text reaches [`TEXT_CONTRAST`].
pub fn fill_with_text(color: Rgb) -> (Rgb, Rgb) {
    let text = if contrast(WHITE, color) >= contrast(INK, color) {
        WHITE
    } else {
        INK
    };
    let away = if text == WHITE { BLACK } else { WHITE };
    (shade_towards(color, away, &[text], TEXT_CONTRAST), text)
}

/// The colours of one mode that an accent is read against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mode {
    pub bg: Rgb,
    pub fg: Rgb,
    pub dark: bool,
}

impl Mode {
    /// The mode of a page background: dark text on a light one, light
    /// text on a dark one.
    pub fn of(bg: Rgb, dark: bool) -> Mode {
        let fg = if bg.is_dark() { PAPER } else { INK };
        Mode { bg, fg, dark }
    }

    /// The soft tint of `accent` over the background.
    pub fn soft(&self, accent: Rgb) -> Rgb {
        self.bg
            .mix(accent, if self.dark { SOFT_DARK } else { SOFT_LIGHT })
    }

    /// The darkest surface (light mode) or lightest (dark mode) text sits
    /// on besides the background: hovered rows, search field, code.
    pub fn surface(&self) -> Rgb {
        self.bg.mix(self.fg, SURFACE)
    }

    /// What the accent's text shade sits on: the background, the soft
    /// tint of `fill`, surfaces and callout tints.
    pub fn text_backgrounds(&self, fill: Rgb) -> Vec<Rgb> {
        let mut backgrounds = vec![self.bg, self.soft(fill), self.surface()];
        backgrounds.extend_from_slice(self.callout_tints());
        backgrounds
    }

    fn callout_tints(&self) -> &'static [Rgb] {
        match (self.bg.is_dark(), self.dark) {
            (true, true) => &CALLOUT_TINTS_DARK,
            (false, false) => &CALLOUT_TINTS_LIGHT,
            // A light background in dark mode (or the reverse) keeps the
            // mode's callouts, which then read on their own.
            _ => &[],
        }
    }
}

/// The colours a site's `colors` give each mode, defaults filled in: the
/// accent of light mode (`primary`) and of dark mode (`light`, else
/// `primary`), the call-to-action fill (`dark`, else `primary`) and the
/// page backgrounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SiteColors {
    pub light_accent: Rgb,
    pub dark_accent: Rgb,
    pub cta: Rgb,
    pub light: Mode,
    pub dark: Mode,
}

/// The author's colour strings (`#rrggbb`), each optional.
#[derive(Debug, Clone, Copy, Default)]
pub struct Given<'a> {
    pub primary: Option<&'a str>,
    pub light: Option<&'a str>,
    pub dark: Option<&'a str>,
    pub background_light: Option<&'a str>,
    pub background_dark: Option<&'a str>,
}

impl SiteColors {
    pub fn of(given: Given) -> SiteColors {
        let parse = |value: Option<&str>| value.and_then(Rgb::parse);
        let primary = parse(given.primary).unwrap_or(DEFAULT_PRIMARY);
        SiteColors {
            light_accent: primary,
            dark_accent: parse(given.light).unwrap_or(primary),
            cta: parse(given.dark).unwrap_or(primary),
            light: Mode::of(
                parse(given.background_light).unwrap_or(DEFAULT_BG_LIGHT),
                false,
            ),
            dark: Mode::of(
                parse(given.background_dark).unwrap_or(DEFAULT_BG_DARK),
                true,
            ),
        }
    }
}

/// The shades of one author colour in one mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shades {
    /// Fills: buttons, the active anchor's icon (`--color-primary`).
    pub fill: Rgb,
    /// Text on [`Shades::fill`] (`--color-on-primary`).
    pub on_fill: Rgb,
    /// Text: links, the active sidebar item, badges (`--color-primary-text`),
    /// at [`TEXT_CONTRAST`] on the background, the soft tint, surfaces and
    /// callouts.
    pub text: Rgb,
    /// Lines that mark a state (the current tab, focus): [`EDGE_CONTRAST`]
    /// on the background (`--color-primary-edge`).
    pub edge: Rgb,
    /// The soft tint of the fill (`--color-primary-soft`).
    pub soft: Rgb,
}

impl Shades {
    pub fn of(color: Rgb, mode: &Mode) -> Shades {
        let (fill, on_fill) = fill_with_text(color);
        Shades {
            fill,
            on_fill,
            text: readable_on(color, &mode.text_backgrounds(fill), TEXT_CONTRAST),
            edge: readable_on(color, &[mode.bg], EDGE_CONTRAST),
            soft: mode.soft(fill),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(hex: &str) -> Rgb {
        Rgb::parse(hex).unwrap()
    }

    #[test]
    fn parses_short_and_long_hex() {
        assert_eq!(Rgb::parse("#FfF"), Some(Rgb(255, 255, 255)));
        assert_eq!(Rgb::parse("#0d9373"), Some(Rgb(13, 147, 115)));
        assert_eq!(Rgb::parse("0d9373"), None);
        assert_eq!(Rgb::parse("#12345"), None);
        assert_eq!(rgb("#0D9373").hex(), "#0d9373");
    }

    #[test]
    fn luminance_and_contrast_match_the_wcag_figures() {
        assert_eq!(BLACK.luminance(), 0.0);
        assert!((WHITE.luminance() - 1.0).abs() < 1e-12);
        assert!((contrast(BLACK, WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast(WHITE, WHITE) - 1.0).abs() < 1e-12);
        // The figures the issue gives: the search label, LangWatch's brand.
        let label = contrast(rgb("#6f727a"), rgb("#f3f3f4"));
        assert!((label - 4.33).abs() < 0.01, "{label}");
        assert!((contrast(rgb("#777777"), WHITE) - 4.48).abs() < 0.01);
    }

    #[test]
    fn readable_shades_reach_the_ratio_on_every_background() {
        let white = WHITE;
        for hex in [
            "#ffd400", "#b45a00", "#16a34a", "#818cf8", "#ff00ff", "#ffffff",
        ] {
            let light = readable_on(rgb(hex), &[white, rgb("#fffbeb")], TEXT_CONTRAST);
            assert!(
                worst_contrast(light, &[white, rgb("#fffbeb")]) >= TEXT_CONTRAST,
                "{hex}"
            );
            let dark_bg = rgb("#0f1117");
            let dark = readable_on(rgb(hex), &[dark_bg], TEXT_CONTRAST);
            assert!(
                contrast(dark, dark_bg) >= TEXT_CONTRAST,
                "{hex} in dark mode"
            );
        }
    }

    #[test]
    fn a_readable_colour_is_kept_as_is() {
        let indigo = rgb("#4f46e5");
        assert_eq!(readable_on(indigo, &[WHITE], TEXT_CONTRAST), indigo);
        assert_eq!(fill_with_text(indigo), (indigo, WHITE));
    }

    #[test]
    fn the_shade_changes_as_little_as_needed() {
        let orange = rgb("#b45a00");
        let shade = readable_on(orange, &[rgb("#fff4eb")], TEXT_CONTRAST);
        assert_ne!(shade, orange);
        assert!(contrast(orange, rgb("#fff4eb")) < TEXT_CONTRAST);
        assert!(
            contrast(shade, rgb("#fff4eb")) < TEXT_CONTRAST + 0.3,
            "not darker than needed"
        );
    }

    #[test]
    fn fills_get_text_that_reads_on_them() {
        for hex in [
            "#ffd400", "#b45a00", "#16a34a", "#0ea5e9", "#777777", "#000000",
        ] {
            let (fill, text) = fill_with_text(rgb(hex));
            assert!(
                contrast(fill, text) >= TEXT_CONTRAST,
                "{hex}: {}",
                fill.hex()
            );
        }
        assert_eq!(fill_with_text(rgb("#ffd400")).1, INK, "dark text on yellow");
    }

    #[test]
    fn every_shade_of_any_colour_reads_in_both_modes() {
        let modes = [
            Mode::of(WHITE, false),
            Mode::of(rgb("#fcfcfd"), false),
            Mode::of(rgb("#0f1117"), true),
            Mode::of(rgb("#0d0f1a"), true),
        ];
        for r in (0..=255).step_by(51) {
            for g in (0..=255).step_by(51) {
                for b in (0..=255).step_by(51) {
                    let color = Rgb(r, g, b);
                    for mode in &modes {
                        let s = Shades::of(color, mode);
                        let on = [mode.bg, s.soft, mode.surface()];
                        assert!(
                            worst_contrast(s.text, &on) >= TEXT_CONTRAST,
                            "{color:?} {mode:?}"
                        );
                        assert!(contrast(s.edge, mode.bg) >= EDGE_CONTRAST, "{color:?}");
                        assert!(contrast(s.fill, s.on_fill) >= TEXT_CONTRAST, "{color:?}");
                    }
                }
            }
        }
    }

    /// How `components.css` makes each dark tint: `color-mix(in srgb, COLOUR
    /// PERCENT%, var(--bg, #0f1117))`, as (colour, percent).
    const CALLOUT_MIXES_DARK: [(&str, u8); 4] = [
        ("#155dfc", 20),
        ("#d08700", 20),
        ("#ffffff", 10),
        ("#00a63e", 20),
    ];
    #[test]
    fn callout_tints_are_the_stylesheets() {
        let css = include_str!("../themes/default/components.css");
        for tint in &CALLOUT_TINTS_LIGHT {
            assert!(
                css.contains(&tint.hex()),
                "components.css has {}",
                tint.hex()
            );
        }
        let page = rgb("#0f1117");
        for ((colour, percent), tint) in CALLOUT_MIXES_DARK.iter().zip(CALLOUT_TINTS_DARK) {
            let mix = format!("color-mix(in srgb, {colour} {percent}%, var(--bg, #0f1117))");
            assert!(css.contains(&mix), "components.css has {mix}");
            let mixed = page.mix(rgb(colour), f64::from(*percent) / 100.0);
            assert_eq!(mixed, tint, "{mix} is {}", mixed.hex());
        }
    }
}
