//! The site's colours as CSS custom properties: `colors` from `site.json`
//! plus text colours computed to stay readable (WCAG contrast ≥ 4.5:1) on
//! whatever backgrounds the site picks. Hover and soft variants are derived
//! in `base.css` with `color-mix`.

use crate::config::Colors;

/// Mintlify's default primary colour.
const DEFAULT_PRIMARY: &str = "#16a34a";
const DEFAULT_BG_LIGHT: &str = "#ffffff";
const DEFAULT_BG_DARK: &str = "#0f1117";
const INK: Rgb = Rgb(17, 24, 39);
const PAPER: Rgb = Rgb(243, 244, 246);
/// WCAG AA for body text.
pub const MIN_CONTRAST: f64 = 4.5;

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

    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative luminance (WCAG 2.x).
    fn luminance(self) -> f64 {
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

    fn mix(self, other: Rgb, t: f64) -> Rgb {
        let lerp = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(
            lerp(self.0, other.0),
            lerp(self.1, other.1),
            lerp(self.2, other.2),
        )
    }

    fn is_dark(self) -> bool {
        self.luminance() < 0.18
    }
}

/// WCAG contrast ratio between two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `fg` moved towards black or white (whichever `bg` is not) until it reads
/// on `bg` at [`MIN_CONTRAST`].
pub fn readable_on(fg: Rgb, bg: Rgb) -> Rgb {
    let target = if bg.is_dark() {
        Rgb(255, 255, 255)
    } else {
        Rgb(0, 0, 0)
    };
    (0..=20)
        .map(|step| fg.mix(target, f64::from(step) / 20.0))
        .find(|c| contrast(*c, bg) >= MIN_CONTRAST)
        .unwrap_or(target)
}

/// Black-ish or white-ish text for a filled background (buttons).
fn text_on_fill(fill: Rgb) -> Rgb {
    if contrast(Rgb(255, 255, 255), fill) >= contrast(INK, fill) {
        Rgb(255, 255, 255)
    } else {
        INK
    }
}

/// The colours of one mode.
struct Palette {
    primary: Rgb,
    bg: Rgb,
    cta: Rgb,
}

impl Palette {
    fn css(&self) -> String {
        let fg = if self.bg.is_dark() { PAPER } else { INK };
        let muted = readable_on(fg.mix(self.bg, 0.45), self.bg);
        format!(
            "--color-primary:{};--color-primary-text:{};--color-on-primary:{};\
             --color-cta:{};--color-on-cta:{};--bg:{};--fg:{};--muted:{};",
            self.primary.hex(),
            readable_on(self.primary, self.bg).hex(),
            text_on_fill(self.primary).hex(),
            self.cta.hex(),
            text_on_fill(self.cta).hex(),
            self.bg.hex(),
            fg.hex(),
            muted.hex(),
        )
    }
}

fn color(value: Option<&str>, fallback: &str) -> Rgb {
    value
        .and_then(Rgb::parse)
        .or_else(|| Rgb::parse(fallback))
        .unwrap_or(Rgb(0, 0, 0))
}

/// The `:root` (light) and `[data-theme="dark"]` variable blocks for `colors`.
pub fn css_variables(colors: Option<&Colors>) -> String {
    let get = |f: fn(&Colors) -> Option<&str>| colors.and_then(f);
    let primary = color(get(|c| Some(c.primary.as_str())), DEFAULT_PRIMARY);
    let dark_primary = get(|c| c.light.as_deref())
        .and_then(Rgb::parse)
        .unwrap_or(primary);
    let cta = get(|c| c.dark.as_deref())
        .and_then(Rgb::parse)
        .unwrap_or(primary);
    let background = colors.and_then(|c| c.background.as_ref());
    let light = Palette {
        primary,
        bg: color(
            background.and_then(|b| b.light.as_deref()),
            DEFAULT_BG_LIGHT,
        ),
        cta,
    };
    let dark = Palette {
        primary: dark_primary,
        bg: color(background.and_then(|b| b.dark.as_deref()), DEFAULT_BG_DARK),
        cta,
    };
    format!(
        ":root{{{}}}\n:root[data-theme=\"dark\"]{{{}color-scheme:dark;}}\n",
        light.css(),
        dark.css()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::BackgroundColors;

    #[test]
    fn parses_short_and_long_hex() {
        assert_eq!(Rgb::parse("#FfF"), Some(Rgb(255, 255, 255)));
        assert_eq!(Rgb::parse("#0d9373"), Some(Rgb(13, 147, 115)));
        assert_eq!(Rgb::parse("0d9373"), None);
        assert_eq!(Rgb::parse("#12345"), None);
    }

    #[test]
    fn readable_text_reaches_aa_contrast() {
        let yellow = Rgb::parse("#ffd400").unwrap();
        let white = Rgb(255, 255, 255);
        assert!(contrast(yellow, white) < MIN_CONTRAST);
        assert!(contrast(readable_on(yellow, white), white) >= MIN_CONTRAST);
        let navy = Rgb::parse("#101040").unwrap();
        let dark = Rgb::parse(DEFAULT_BG_DARK).unwrap();
        assert!(contrast(readable_on(navy, dark), dark) >= MIN_CONTRAST);
    }

    #[test]
    fn every_colour_field_reaches_the_css() {
        let colors = Colors {
            primary: "#0D9373".into(),
            light: Some("#55D799".into()),
            dark: Some("#112233".into()),
            background: Some(BackgroundColors {
                light: Some("#fafafa".into()),
                dark: Some("#090909".into()),
            }),
            anchors: None,
        };
        let css = css_variables(Some(&colors));
        let (light, dark) = css.split_once("data-theme").unwrap();
        assert!(light.contains("--color-primary:#0d9373"));
        assert!(light.contains("--bg:#fafafa"));
        assert!(light.contains("--color-cta:#112233"));
        assert!(light.contains("--color-on-cta:#ffffff"));
        assert!(dark.contains("--color-primary:#55d799"));
        assert!(dark.contains("--bg:#090909"));
        assert!(dark.contains("--fg:#f3f4f6"));
    }

    #[test]
    fn defaults_apply_without_colors() {
        let css = css_variables(None);
        assert!(css.contains("--color-primary:#16a34a"));
        assert!(css.contains("--bg:#0f1117"));
    }
}
