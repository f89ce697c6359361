//! How a site looks beyond its colours: docs.json `styling` (eyebrows, the
//! code block theme, LaTeX), `background.decoration` and `interaction`,
//! kept in `site.json` under sheaf's own key `looks`.
//!
//! Code block themes are palettes of the ten token colours sheaf's
//! highlighter gives (`themes/default/highlight.css`), named after the
//! Shiki themes they follow. [`CODE_THEMES`] lists the ones shipped;
//! [`closest_code_theme`] picks one for another Shiki name (the docs.json
//! conversion notes the swap).

use serde::{Deserialize, Serialize};

/// `site.json` `looks`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Looks {
    /// What sits above a page's title: its group (`section`, the default)
    /// or its navigation path (`breadcrumbs`).
    #[serde(default)]
    pub eyebrows: Eyebrows,
    /// The code block palettes of light and dark mode (names of
    /// [`CODE_THEMES`]); none: the theme's own, following the mode.
    pub code_theme: Option<CodeTheme>,
    /// Mintlify's `styling.latex` (load LaTeX stylesheets): sheaf writes
    /// MathML, which needs no stylesheet, so math shows either way.
    pub latex: Option<bool>,
    /// A drawing behind the page (`background.decoration`).
    pub decoration: Option<Decoration>,
    /// Whether a collapsed group's name leads to its first page (Mintlify's
    /// `interaction.drilldown`; the default) or, `false`, opens the group in
    /// place (a `<details>` disclosure).
    pub drilldown: Option<bool>,
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Eyebrows {
    #[default]
    Section,
    Breadcrumbs,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Decoration {
    Gradient,
    Grid,
    Windows,
}

/// The code palettes of each mode.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct CodeTheme {
    pub light: String,
    pub dark: String,
}

/// A shipped code palette: background, text and the token colours of
/// `highlight.css` (comment, keyword, string, constant, function, tag,
/// variable, invalid), as Shiki's theme of the same name draws them.
pub struct CodePalette {
    pub name: &'static str,
    pub bg: &'static str,
    pub fg: &'static str,
    pub tokens: [&'static str; 8],
}

const fn p(
    name: &'static str,
    bg: &'static str,
    fg: &'static str,
    t: [&'static str; 8],
) -> CodePalette {
    CodePalette {
        name,
        bg,
        fg,
        tokens: t,
    }
}

/// The code themes sheaf ships (Shiki names).
pub const CODE_THEMES: &[CodePalette] = &[
    p(
        "github-light",
        "#ffffff",
        "#24292e",
        [
            "#6a737d", "#d73a49", "#032f62", "#005cc5", "#6f42c1", "#22863a", "#e36209", "#b31d28",
        ],
    ),
    p(
        "github-light-default",
        "#ffffff",
        "#1f2328",
        [
            "#6e7781", "#cf222e", "#0a3069", "#0550ae", "#8250df", "#116329", "#953800", "#82071e",
        ],
    ),
    p(
        "github-dark",
        "#24292e",
        "#e1e4e8",
        [
            "#6a737d", "#f97583", "#9ecbff", "#79b8ff", "#b392f0", "#85e89d", "#ffab70", "#fdaeb7",
        ],
    ),
    p(
        "github-dark-default",
        "#0d1117",
        "#e6edf3",
        [
            "#8b949e", "#ff7b72", "#a5d6ff", "#79c0ff", "#d2a8ff", "#7ee787", "#ffa657", "#ffa198",
        ],
    ),
    p(
        "github-dark-dimmed",
        "#22272e",
        "#adbac7",
        [
            "#768390", "#f47067", "#96d0ff", "#6cb6ff", "#dcbdfb", "#8ddb8c", "#f69d50", "#ff938a",
        ],
    ),
    p(
        "light-plus",
        "#ffffff",
        "#000000",
        [
            "#008000", "#0000ff", "#a31515", "#098658", "#795e26", "#800000", "#001080", "#cd3131",
        ],
    ),
    p(
        "dark-plus",
        "#1e1e1e",
        "#d4d4d4",
        [
            "#6a9955", "#569cd6", "#ce9178", "#b5cea8", "#dcdcaa", "#569cd6", "#9cdcfe", "#f44747",
        ],
    ),
    p(
        "dracula",
        "#282a36",
        "#f8f8f2",
        [
            "#6272a4", "#ff79c6", "#f1fa8c", "#bd93f9", "#50fa7b", "#ff79c6", "#ffb86c", "#ff5555",
        ],
    ),
    p(
        "nord",
        "#2e3440",
        "#d8dee9",
        [
            "#616e88", "#81a1c1", "#a3be8c", "#b48ead", "#88c0d0", "#81a1c1", "#8fbcbb", "#bf616a",
        ],
    ),
    p(
        "one-dark-pro",
        "#282c34",
        "#abb2bf",
        [
            "#7f848e", "#c678dd", "#98c379", "#d19a66", "#61afef", "#e06c75", "#e5c07b", "#f44747",
        ],
    ),
    p(
        "one-light",
        "#fafafa",
        "#383a42",
        [
            "#a0a1a7", "#a626a4", "#50a14f", "#986801", "#4078f2", "#e45649", "#c18401", "#ca1243",
        ],
    ),
    p(
        "min-light",
        "#ffffff",
        "#24292e",
        [
            "#c2c3c5", "#d32f2f", "#22863a", "#1976d2", "#6f42c1", "#d32f2f", "#e36209", "#b31d28",
        ],
    ),
    p(
        "min-dark",
        "#1f1f1f",
        "#d1d5da",
        [
            "#6b737c", "#f97583", "#ffab70", "#79b8ff", "#b392f0", "#ffab70", "#ffab70", "#ff7a84",
        ],
    ),
    p(
        "vitesse-light",
        "#ffffff",
        "#393a34",
        [
            "#a0ada0", "#1e754f", "#b56959", "#2f798a", "#59873a", "#1e754f", "#b07d48", "#ab5959",
        ],
    ),
    p(
        "vitesse-dark",
        "#121212",
        "#dbd7ca",
        [
            "#758575", "#4d9375", "#c98a7d", "#4c9a91", "#80a665", "#4d9375", "#bd976a", "#cb7676",
        ],
    ),
    p(
        "vitesse-black",
        "#000000",
        "#dbd7ca",
        [
            "#758575", "#4d9375", "#c98a7d", "#4c9a91", "#80a665", "#4d9375", "#bd976a", "#cb7676",
        ],
    ),
    p(
        "catppuccin-latte",
        "#eff1f5",
        "#4c4f69",
        [
            "#7c7f93", "#8839ef", "#40a02b", "#fe640b", "#1e66f5", "#1e66f5", "#e64553", "#d20f39",
        ],
    ),
    p(
        "catppuccin-mocha",
        "#1e1e2e",
        "#cdd6f4",
        [
            "#9399b2", "#cba6f7", "#a6e3a1", "#fab387", "#89b4fa", "#89b4fa", "#eba0ac", "#f38ba8",
        ],
    ),
    p(
        "snazzy-light",
        "#fafbfc",
        "#565869",
        [
            "#9194a2", "#f767bb", "#2dae58", "#cf9c00", "#09a1ed", "#f767bb", "#13bbb7", "#ff5c57",
        ],
    ),
    p(
        "solarized-light",
        "#fdf6e3",
        "#657b83",
        [
            "#93a1a1", "#859900", "#2aa198", "#cb4b16", "#268bd2", "#268bd2", "#b58900", "#dc322f",
        ],
    ),
    p(
        "solarized-dark",
        "#002b36",
        "#839496",
        [
            "#586e75", "#859900", "#2aa198", "#cb4b16", "#268bd2", "#268bd2", "#b58900", "#dc322f",
        ],
    ),
    p(
        "monokai",
        "#272822",
        "#f8f8f2",
        [
            "#88846f", "#f92672", "#e6db74", "#ae81ff", "#a6e22e", "#f92672", "#fd971f", "#f44747",
        ],
    ),
    p(
        "tokyo-night",
        "#1a1b26",
        "#a9b1d6",
        [
            "#565f89", "#bb9af7", "#9ece6a", "#ff9e64", "#7aa2f7", "#f7768e", "#e0af68", "#f7768e",
        ],
    ),
    p(
        "night-owl",
        "#011627",
        "#d6deeb",
        [
            "#637777", "#c792ea", "#ecc48d", "#f78c6c", "#82aaff", "#7fdbca", "#addb67", "#ef5350",
        ],
    ),
];

/// The shipped palette named `name`.
pub fn code_palette(name: &str) -> Option<&'static CodePalette> {
    CODE_THEMES.iter().find(|t| t.name == name)
}

/// The shipped theme nearest another Shiki name: the same family where
/// sheaf ships one, else GitHub's theme of the same lightness.
pub fn closest_code_theme(name: &str) -> &'static str {
    if let Some(theme) = code_palette(name) {
        return theme.name;
    }
    let light = ["light", "latte", "dawn", "lotus", "ochin", "lighter"]
        .iter()
        .any(|word| name.contains(word));
    let families: [(&str, &str, &str); 6] = [
        ("catppuccin", "catppuccin-latte", "catppuccin-mocha"),
        ("vitesse", "vitesse-light", "vitesse-dark"),
        ("solarized", "solarized-light", "solarized-dark"),
        ("github", "github-light", "github-dark"),
        ("dracula", "github-light", "dracula"),
        ("material", "one-light", "one-dark-pro"),
    ];
    for (family, light_theme, dark_theme) in families {
        if name.starts_with(family) {
            return if light { light_theme } else { dark_theme };
        }
    }
    if light {
        "github-light"
    } else {
        "github-dark-default"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_palette_is_six_digit_hex() {
        for theme in CODE_THEMES {
            for colour in [theme.bg, theme.fg].iter().chain(&theme.tokens) {
                assert!(
                    crate::color::Rgb::parse(colour).is_some(),
                    "{} {colour}",
                    theme.name
                );
            }
        }
    }

    #[test]
    fn other_shiki_names_get_the_nearest_family() {
        assert_eq!(closest_code_theme("dracula"), "dracula");
        assert_eq!(closest_code_theme("catppuccin-frappe"), "catppuccin-mocha");
        assert_eq!(
            closest_code_theme("github-light-high-contrast"),
            "github-light"
        );
        assert_eq!(closest_code_theme("rose-pine-dawn"), "github-light");
        assert_eq!(closest_code_theme("houston"), "github-dark-default");
    }
}
