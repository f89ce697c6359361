//! The site's colours as CSS custom properties: `colors` from `site.json`,
//! as the shades of [`crate::color::Shades`] that read on the site's
//! backgrounds in each mode (fills, text, state edges, the soft tint), and
//! a muted grey that reads on the background and its surfaces. Hover
//! variants are derived in `base.css` with `color-mix`.

use crate::color::{fill_with_text, readable_on, Mode, Rgb, Shades, SiteColors, TEXT_CONTRAST};
use crate::config::Colors;

/// The colours of one mode.
struct Palette {
    accent: Rgb,
    mode: Mode,
    cta: Rgb,
}

impl Palette {
    fn css(&self) -> String {
        let Mode { bg, fg, .. } = self.mode;
        let shades = Shades::of(self.accent, &self.mode);
        let (cta, on_cta) = fill_with_text(self.cta);
        let on = [bg, self.mode.surface(), shades.soft];
        let muted = readable_on(fg.mix(bg, 0.45), &on, TEXT_CONTRAST);
        format!(
            "--color-primary:{};--color-primary-text:{};--color-on-primary:{};\
             --color-primary-edge:{};--color-primary-soft:{};\
             --color-cta:{};--color-on-cta:{};--bg:{};--fg:{};--muted:{};",
            shades.fill.hex(),
            shades.text.hex(),
            shades.on_fill.hex(),
            shades.edge.hex(),
            shades.soft.hex(),
            cta.hex(),
            on_cta.hex(),
            bg.hex(),
            fg.hex(),
            muted.hex(),
        )
    }
}

/// The `:root` (light) and `[data-theme="dark"]` variable blocks for `colors`.
pub fn css_variables(colors: Option<&Colors>) -> String {
    let site = SiteColors::of(colors.map(Colors::given).unwrap_or_default());
    let light = Palette {
        accent: site.light_accent,
        mode: site.light,
        cta: site.cta,
    };
    let dark = Palette {
        accent: site.dark_accent,
        mode: site.dark,
        cta: site.cta,
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
    use crate::color::{contrast, CALLOUT_TINTS_LIGHT};
    use crate::config::BackgroundColors;

    fn variable(css: &str, name: &str) -> Rgb {
        let value = css.split(&format!("{name}:")).nth(1).unwrap();
        Rgb::parse(&value[..7]).unwrap()
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
    fn an_orange_brand_gets_darker_link_text_on_its_callouts() {
        let colors = Colors {
            primary: "#b45a00".into(),
            light: None,
            dark: None,
            background: None,
            anchors: None,
        };
        let css = css_variables(Some(&colors));
        let (light, dark) = css.split_once("data-theme").unwrap();
        let text = variable(light, "--color-primary-text");
        assert_ne!(text.hex(), "#b45a00");
        for tint in CALLOUT_TINTS_LIGHT {
            assert!(contrast(text, tint) >= TEXT_CONTRAST);
        }
        let dark_text = variable(dark, "--color-primary-text");
        assert!(contrast(dark_text, variable(dark, "--bg")) >= TEXT_CONTRAST);
        let muted = variable(light, "--muted");
        let surface = Mode::of(variable(light, "--bg"), false).surface();
        assert!(contrast(muted, surface) >= TEXT_CONTRAST);
    }

    #[test]
    fn defaults_apply_without_colors() {
        let css = css_variables(None);
        assert!(css.contains("--color-primary-text:#"));
        assert!(css.contains("--bg:#0f1117"));
    }
}
