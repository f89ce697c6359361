//! The anchors listed at the top of the sidebar: the top anchor (the
//! primary section), then `anchors`, each with its icon, colour and the
//! markers that make it current or hidden on a page.

use serde::Serialize;

use super::fragment::Key;
use super::sections::{first_page, has_primary_anchor, section_href, section_language};
use super::{icon, links};
use crate::config::{AnchorColor, AnchorDisplay};
use crate::content::Site;

#[derive(Serialize)]
pub struct AnchorView {
    name: String,
    icon: String,
    href: String,
    current: String,
    /// ` data-active` when current: Mintlify's mark on a dropdown item.
    active: String,
    hidden: String,
    style: String,
    version: Option<String>,
    language: Option<String>,
    /// The tab the anchor shows in, if only one.
    tab: Option<usize>,
    /// Listed in the section selector (docs.json dropdowns and products).
    dropdown: bool,
    /// A tab's menu item, listed in the sidebar only where the top bar has
    /// no room for the tab's menu.
    menu: bool,
    external: bool,
}

fn anchor_style(color: Option<&AnchorColor>) -> String {
    match color {
        Some(AnchorColor::Solid(c)) => format!("--anchor-bg:{c}"),
        Some(AnchorColor::Gradient { from, to }) => {
            format!("--anchor-bg:linear-gradient(45deg,{from},{to})")
        }
        None => String::new(),
    }
}

/// The top anchor (the primary section), then `anchors`; none without anchors.
pub fn anchor_views(site: &Site) -> Vec<AnchorView> {
    let config = &site.config;
    if config.anchors.is_empty() {
        return Vec::new();
    }
    let top = config.top_anchor.clone().unwrap_or_default();
    let default_color = config.colors.as_ref().and_then(|c| c.anchors.as_ref());
    let primary_page = first_page(site, |p| p.anchor.is_none() && p.tab.is_none());
    let primary = has_primary_anchor(site).then(|| AnchorView {
        name: top.name,
        icon: icon::html(
            &top.icon,
            Some(top.icon_type.as_str()),
            config.icon_library(),
        ),
        href: section_href("/", primary_page.or(site.home())),
        current: Key::Anchor(None).current_marker(),
        active: Key::Anchor(None).active_marker(),
        hidden: String::new(),
        style: anchor_style(default_color),
        version: None,
        language: None,
        tab: None,
        dropdown: false,
        menu: false,
        external: false,
    });
    let anchors = config.anchors.iter().enumerate();
    let anchors = anchors
        .filter(|&(i, _)| !site.is_empty_anchor(i))
        .map(|(i, anchor)| {
            let external = links::is_external(&anchor.url);
            let key = Key::Anchor(Some(i));
            let first = first_page(site, |p| p.anchor == Some(i));
            AnchorView {
                language: section_language(first),
                tab: anchor.tab,
                dropdown: anchor.display == AnchorDisplay::Selector,
                menu: anchor.display == AnchorDisplay::Menu,
                name: anchor.name.clone(),
                icon: icon::html(
                    anchor.icon.as_deref().unwrap_or("link"),
                    Some(anchor.icon_type.unwrap_or_default().as_str()),
                    config.icon_library(),
                ),
                href: section_href(&anchor.url, first),
                current: if external {
                    String::new()
                } else {
                    key.current_marker()
                },
                active: match external {
                    true => String::new(),
                    false => key.active_marker(),
                },
                hidden: if anchor.is_default_hidden {
                    key.hidden_marker()
                } else {
                    String::new()
                },
                style: anchor_style(anchor.color.as_ref().or(default_color)),
                version: anchor.version.clone(),
                external,
            }
        });
    primary.into_iter().chain(anchors).collect()
}
