//! The navigation's part of the site model: groups and their entries,
//! versions, tabs, anchors (with their colours and where they are listed),
//! the top anchor, and the icon styles these name.

use serde::{Deserialize, Serialize};

/// A group of pages in the navigation. Groups nest: an entry of `pages` is a
/// page path or another group.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct NavGroup {
    pub group: String,
    pub pages: Vec<NavEntry>,
    pub version: Option<String>,
    pub icon: Option<String>,
    pub icon_type: Option<String>,
    /// A short label shown beside the group name ("NEW", "BETA").
    pub tag: Option<String>,
    /// Shown open in the sidebar whatever page is current.
    #[serde(default)]
    pub expanded: bool,
    /// Left out of the sidebar; its pages are still built.
    #[serde(default)]
    pub hidden: bool,
    /// The page the group's name opens.
    pub root: Option<String>,
    /// A spec (path or URL) whose every operation fills this group, one
    /// sub-group per tag, after its own pages.
    pub openapi: Option<String>,
    /// An AsyncAPI document (path or URL) whose every channel fills this
    /// group, one sub-group per channel tag, after its own pages.
    pub asyncapi: Option<String>,
    /// The folder the pages generated from `openapi` or `asyncapi` are placed in
    /// (docs.json `{source, directory}`); without it, the site root.
    pub directory: Option<String>,
    /// The language code of the group's pages (see `SiteConfig::languages`).
    pub language: Option<String>,
    /// The tab (index into `tabs`) the group belongs to, whatever its pages'
    /// folders; without it the first page's folder decides.
    pub tab: Option<usize>,
    /// The anchor (index into `anchors`) the group belongs to, likewise.
    pub anchor: Option<usize>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum NavEntry {
    /// A page path relative to the docs root, without extension.
    Page(String),
    Group(Box<NavGroup>),
}
/// A docs version: a name, or (later Mintlify) a name linking elsewhere.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Version {
    Name(String),
    External { name: String, url: String },
}

impl Version {
    pub fn name(&self) -> &str {
        match self {
            Version::Name(n) => n,
            Version::External { name, .. } => name,
        }
    }
    pub fn external_url(&self) -> Option<&str> {
        match self {
            Version::Name(_) => None,
            Version::External { url, .. } => Some(url),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum AnchorColor {
    Solid(String),
    Gradient { from: String, to: String },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Anchor {
    pub name: String,
    pub url: String,
    pub icon: Option<String>,
    pub icon_type: Option<IconType>,
    pub color: Option<AnchorColor>,
    pub version: Option<String>,
    #[serde(default)]
    pub is_default_hidden: bool,
    /// The tab (index into `tabs`) the anchor is shown in (docs.json
    /// anchors and dropdowns inside a tab); `None`: every tab.
    pub tab: Option<usize>,
    /// Where the theme lists the anchor (docs.json dropdowns, products and
    /// menu items are not plain sidebar anchors).
    #[serde(default)]
    pub display: AnchorDisplay,
}

/// Where an anchor is listed.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AnchorDisplay {
    /// In the sidebar's list of anchors (site.json anchors, docs.json anchors).
    #[default]
    List,
    /// In the sidebar's section selector (docs.json dropdowns and products).
    Selector,
    /// In its tab's menu in the top bar, and in the sidebar on phones, where
    /// the top bar has no room (docs.json `menu` items).
    Menu,
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum IconType {
    Brands,
    #[default]
    Duotone,
    Light,
    SharpSolid,
    Solid,
    Thin,
    Regular,
}

impl IconType {
    pub const ALL: [IconType; 7] = [
        IconType::Brands,
        IconType::Duotone,
        IconType::Light,
        IconType::SharpSolid,
        IconType::Solid,
        IconType::Thin,
        IconType::Regular,
    ];

    /// The style's name as configs write it (`sharp-solid`).
    pub fn as_str(self) -> &'static str {
        match self {
            IconType::Brands => "brands",
            IconType::Duotone => "duotone",
            IconType::Light => "light",
            IconType::SharpSolid => "sharp-solid",
            IconType::Solid => "solid",
            IconType::Thin => "thin",
            IconType::Regular => "regular",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct TopAnchor {
    #[serde(default = "TopAnchor::default_name")]
    pub name: String,
    #[serde(default = "TopAnchor::default_icon")]
    pub icon: String,
    #[serde(default)]
    pub icon_type: IconType,
}

impl TopAnchor {
    fn default_name() -> String {
        "Documentation".into()
    }
    fn default_icon() -> String {
        "book-open".into()
    }
}

impl Default for TopAnchor {
    fn default() -> Self {
        TopAnchor {
            name: Self::default_name(),
            icon: Self::default_icon(),
            icon_type: IconType::Duotone,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Tab {
    pub name: String,
    pub url: String,
    pub version: Option<String>,
    /// The section (index into `anchors`) the tab belongs to: docs.json tabs
    /// inside a product, dropdown or anchor show only there. `None`: every
    /// section.
    #[serde(default)]
    pub anchor: Option<usize>,
    /// The icon beside the tab's name (docs.json `tabs[].icon`).
    pub icon: Option<String>,
    pub icon_type: Option<String>,
    /// docs.json `align`: `"end"` puts the tab at the end of the tab row
    /// (sequoia); `"start"` or none, with the others.
    #[serde(default)]
    pub align: Option<String>,
}
