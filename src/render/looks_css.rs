//! The site CSS of `looks` (see `config::looks`): the code block palettes
//! of each mode, and the background decoration.
//!
//! A palette sets the highlighter's `--hl-*` colours, the code background
//! and the text and muted colours inside code blocks (their headers and
//! tabs included); each colour is shaded, where the Shiki theme's own falls
//! short, to 4.5:1 on the block's background, so every shipped theme reads
//! at WCAG AA. Decorations are CSS images on a fixed layer behind the page,
//! faint enough that text keeps its contrast on the page background.

use crate::color::{readable_on, Rgb, TEXT_CONTRAST};
use crate::config::looks::{closest_code_theme, code_palette, CodePalette, Decoration, Looks};

/// The elements a code palette colours: code blocks, and the endpoint
/// page's example cards, whose tabs and code sit on the card's background.
const CODE: &str = ".api-card,.c-code,.c-code-group,pre.hl";

/// The `--hl-*` variables, in the order of [`CodePalette::tokens`].
const TOKEN_VARS: [&str; 8] = [
    "comment", "keyword", "string", "constant", "function", "tag", "variable", "invalid",
];

pub fn looks_css(looks: &Looks) -> String {
    let mut css = String::new();
    if let Some(theme) = &looks.code_theme {
        for (name, scope) in [
            (&theme.light, ":root"),
            (&theme.dark, "[data-theme=\"dark\"]"),
        ] {
            let palette = code_palette(closest_code_theme(name)).expect("closest is shipped");
            let selectors: Vec<String> = CODE.split(',').map(|c| format!("{scope} {c}")).collect();
            css.push_str(&format!(
                "{}{{{}}}\n",
                selectors.join(","),
                palette_vars(palette)
            ));
        }
    }
    if let Some(decoration) = looks.decoration {
        css.push_str(decoration_css(decoration));
    }
    css
}

fn palette_vars(palette: &CodePalette) -> String {
    let colour = |hex: &str| Rgb::parse(hex).expect("shipped palettes are hex");
    let bg = colour(palette.bg);
    let readable = |c: Rgb| readable_on(c, &[bg], TEXT_CONTRAST).hex();
    let fg = colour(palette.fg);
    let mut vars = format!(
        "--code-bg:{0};--c-code-bg:{0};--c-code-root:{0};--hl-fg:{1};--fg:{1};--muted:{2};--c-muted:{2};color-scheme:{3};",
        bg.hex(),
        readable(fg),
        readable(fg.mix(bg, 0.35)),
        if bg.is_dark() { "dark" } else { "light" },
    );
    for (var, token) in TOKEN_VARS.iter().zip(palette.tokens) {
        vars.push_str(&format!("--hl-{var}:{};", readable(colour(token))));
    }
    vars
}

/// A fixed layer behind the page: `html::before` (the page's own
/// `body::before` stays free for the site's CSS).
fn decoration_css(decoration: Decoration) -> &'static str {
    match decoration {
        Decoration::Gradient => concat!(
            "html::before{content:\"\";position:fixed;inset:0;z-index:-1;pointer-events:none;",
            "background:radial-gradient(60rem 26rem at 15% 2rem,color-mix(in srgb,var(--color-primary) 13%,transparent),transparent 70%),",
            "radial-gradient(50rem 22rem at 90% 4rem,color-mix(in srgb,var(--color-primary) 9%,transparent),transparent 70%)}\n",
        ),
        Decoration::Grid => concat!(
            "html::before{content:\"\";position:fixed;inset:0;z-index:-1;pointer-events:none;",
            "background-image:linear-gradient(color-mix(in srgb,var(--fg) 7%,transparent) 1px,transparent 1px),",
            "linear-gradient(90deg,color-mix(in srgb,var(--fg) 7%,transparent) 1px,transparent 1px);",
            "background-size:2.5rem 2.5rem;",
            "mask-image:linear-gradient(to bottom,#000,transparent 28rem);-webkit-mask-image:linear-gradient(to bottom,#000,transparent 28rem)}\n",
        ),
        Decoration::Windows => concat!(
            "html::before{content:\"\";position:fixed;inset:0;z-index:-1;pointer-events:none;",
            "background-image:linear-gradient(color-mix(in srgb,var(--color-primary) 9%,transparent) 0 1.4rem,transparent 1.4rem),",
            "linear-gradient(color-mix(in srgb,var(--fg) 5%,transparent),color-mix(in srgb,var(--fg) 5%,transparent));",
            "background-size:9rem 6rem,9rem 6rem;background-origin:content-box;padding:1.5rem;",
            "-webkit-mask-image:radial-gradient(ellipse 70% 20rem at 50% 0,#000,transparent);mask-image:radial-gradient(ellipse 70% 20rem at 50% 0,#000,transparent)}\n",
            "html::after{content:\"\";position:fixed;inset:0;z-index:-1;pointer-events:none;",
            "background-image:linear-gradient(90deg,var(--bg) 0 1rem,transparent 1rem),linear-gradient(var(--bg) 0 1rem,transparent 1rem);",
            "background-size:9rem 6rem;-webkit-mask-image:radial-gradient(ellipse 70% 20rem at 50% 0,#000,transparent);mask-image:radial-gradient(ellipse 70% 20rem at 50% 0,#000,transparent)}\n",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::contrast;
    use crate::config::looks::{CodeTheme, CODE_THEMES};

    #[test]
    fn every_shipped_palette_reads_at_aa() {
        for palette in CODE_THEMES {
            let vars = palette_vars(palette);
            let bg = Rgb::parse(palette.bg).unwrap();
            for part in vars
                .split(';')
                .filter(|v| v.starts_with("--hl-") || v.starts_with("--fg"))
            {
                let hex = part.split(':').nth(1).unwrap();
                let c = contrast(Rgb::parse(hex).unwrap(), bg);
                assert!(c >= TEXT_CONTRAST, "{} {part}: {c:.2}", palette.name);
            }
        }
    }

    /// The `--hl-*` colours of `highlight.css`'s block that starts with
    /// `selector`, as (name, colour).
    fn highlight_vars(selector: &str) -> Vec<(String, Rgb)> {
        let css = include_str!("../../themes/default/highlight.css");
        let block = &css[css.find(&format!("{selector} {{")).unwrap()..];
        let block = &block[..block.find('}').unwrap()];
        (block.lines())
            .filter_map(|line| line.trim().strip_prefix("--hl-"))
            .map(|var| {
                let (name, value) = var.split_once(':').unwrap();
                let hex = value.trim().trim_end_matches(';');
                (name.to_string(), Rgb::parse(hex).unwrap())
            })
            .collect()
    }

    /// The theme's own code colours (no `styling.codeblocks`), `hl-v`
    /// among them, read at 4.5:1 on every background code sits on in each
    /// mode: the code background base.css mixes from the page's colours,
    /// and the fallbacks of components.css and api.css.
    #[test]
    fn the_default_palette_reads_at_aa_in_both_modes() {
        let rgb = |hex: &str| Rgb::parse(hex).unwrap();
        let light_page = (rgb("#111827"), rgb("#ffffff"));
        let dark_page = (rgb("#f3f4f6"), rgb("#0f1117"));
        let code_bg = |(fg, bg): (Rgb, Rgb)| bg.mix(fg, 0.05);
        let modes = [
            (
                ":root",
                vec![
                    code_bg(light_page),
                    rgb("#f6f8fa"),
                    rgb("#f9fafb"),
                    rgb("#f3f4f6"),
                    rgb("#f0f1f2"),
                ],
            ),
            (
                "[data-theme=\"dark\"]",
                vec![code_bg(dark_page), rgb("#161b22"), dark_page.1],
            ),
        ];
        for (selector, backgrounds) in modes {
            let vars = highlight_vars(selector);
            assert!(
                vars.iter().any(|(name, _)| name == "variable"),
                "{selector}"
            );
            for (name, colour) in vars {
                for bg in &backgrounds {
                    let c = contrast(colour, *bg);
                    assert!(
                        c >= TEXT_CONTRAST,
                        "{selector} --hl-{name} on {}: {c:.2}",
                        bg.hex()
                    );
                }
            }
        }
    }

    #[test]
    fn a_theme_per_mode_and_nothing_without_looks() {
        assert_eq!(looks_css(&Looks::default()), "");
        let looks = Looks {
            code_theme: Some(CodeTheme {
                light: "min-light".into(),
                dark: "dracula".into(),
            }),
            ..Looks::default()
        };
        let css = looks_css(&looks);
        assert!(css.contains(":root .c-code,:root .c-code-group,:root pre.hl{--code-bg:#ffffff;"));
        assert!(css.contains("[data-theme=\"dark\"] pre.hl{--code-bg:#282a36;"));
        // Dracula's keyword pink is its own; its comment is lightened to 4.5:1.
        assert!(css.contains("--hl-keyword:#ff79c6;"));
        assert!(!css.contains("--hl-comment:#6272a4;"));
    }
}
