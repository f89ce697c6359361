//! Mintlify's layout themes (docs.json `theme`), which sheaf draws as
//! variants of its one theme: the name is set on `<html data-theme-name>`
//! and `themes/default/themes/<name>.css` holds what differs.
//!
//! Legacy names map as `@mintlify/validation` 0.1.878 maps them when it
//! upgrades a mint.json (`dist/mint-config/upgrades/upgradeToDocsConfig.js`,
//! `upgradeOptionalConfig`): `venus` → palm, `quill` → willow, any other
//! name (`prism`) → mint, and a `layout` of `sidenav` → maple or
//! `solidSidenav` → willow, which wins over `theme`.
//!
//! Page modes: Mintlify documents `frame` for aspen, almond, luma and
//! sequoia and `center` for mint, linden, willow and maple; a page asking
//! another theme for one is laid out as `default` (with a note).

use serde::Serialize;

/// One of Mintlify's nine themes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeName {
    #[default]
    Mint,
    Maple,
    Palm,
    Willow,
    Linden,
    Almond,
    Aspen,
    Sequoia,
    Luma,
}

impl ThemeName {
    const ALL: [ThemeName; 9] = [
        ThemeName::Mint,
        ThemeName::Maple,
        ThemeName::Palm,
        ThemeName::Willow,
        ThemeName::Linden,
        ThemeName::Almond,
        ThemeName::Aspen,
        ThemeName::Sequoia,
        ThemeName::Luma,
    ];

    /// The name as docs.json spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            ThemeName::Mint => "mint",
            ThemeName::Maple => "maple",
            ThemeName::Palm => "palm",
            ThemeName::Willow => "willow",
            ThemeName::Linden => "linden",
            ThemeName::Almond => "almond",
            ThemeName::Aspen => "aspen",
            ThemeName::Sequoia => "sequoia",
            ThemeName::Luma => "luma",
        }
    }

    /// The theme a config's `theme` and (mint.json) `layout` choose.
    pub fn of(theme: Option<&str>, layout: Option<&str>) -> ThemeName {
        match layout {
            Some("sidenav") => return ThemeName::Maple,
            Some("solidSidenav") => return ThemeName::Willow,
            _ => {}
        }
        match theme {
            Some("venus") => ThemeName::Palm,
            Some("quill") => ThemeName::Willow,
            Some(name) => (Self::ALL.into_iter())
                .find(|t| t.as_str() == name)
                .unwrap_or_default(),
            None => ThemeName::Mint,
        }
    }

    /// Whether the theme shows parts of the top bar (logo, search, mode
    /// toggle, links) in the sidebar.
    pub fn has_sidebar_chrome(self) -> bool {
        matches!(
            self,
            ThemeName::Maple | ThemeName::Almond | ThemeName::Willow
        )
    }

    /// Whether pages may use the mode named `mode` (`frame` and `center`
    /// belong to some themes only; the others to every theme).
    pub fn allows_mode(self, mode: &str) -> bool {
        use ThemeName::*;
        match mode.trim() {
            "frame" => matches!(self, Aspen | Almond | Luma | Sequoia),
            "center" => matches!(self, Mint | Linden | Willow | Maple),
            _ => true,
        }
    }

    /// The themes that have `mode` (for the note about a page using it).
    pub fn with_mode(mode: &str) -> Vec<&'static str> {
        (Self::ALL.into_iter())
            .filter(|t| t.allows_mode(mode))
            .map(ThemeName::as_str)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::ThemeName;

    #[test]
    fn legacy_names_map_as_mintlify_upgrades_them() {
        assert_eq!(ThemeName::of(Some("venus"), None), ThemeName::Palm);
        assert_eq!(ThemeName::of(Some("quill"), None), ThemeName::Willow);
        assert_eq!(ThemeName::of(Some("prism"), None), ThemeName::Mint);
        assert_eq!(
            ThemeName::of(Some("prism"), Some("sidenav")),
            ThemeName::Maple
        );
        assert_eq!(ThemeName::of(None, Some("solidSidenav")), ThemeName::Willow);
        assert_eq!(ThemeName::of(None, Some("topnav")), ThemeName::Mint);
        assert_eq!(ThemeName::of(Some("linden"), None), ThemeName::Linden);
    }

    #[test]
    fn frame_and_center_belong_to_some_themes() {
        assert!(ThemeName::Almond.allows_mode("frame") && !ThemeName::Mint.allows_mode("frame"));
        assert!(ThemeName::Maple.allows_mode("center") && !ThemeName::Luma.allows_mode("center"));
        assert!(ThemeName::Palm.allows_mode("wide") && ThemeName::Palm.allows_mode("custom"));
        assert_eq!(
            ThemeName::with_mode("frame"),
            ["almond", "aspen", "sequoia", "luma"]
        );
    }
}
