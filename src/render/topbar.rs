//! The top bar's view: site name and logo, links, call-to-action button,
//! mode toggle, search prompt, the banner above it, and the tab bar (the
//! primary tab, then `tabs`, each with its menu of anchors).

use serde::Serialize;

use super::banner::{banner_view, BannerView};
use super::config_links::{existing_file, navbar_links, LinkView};
use super::fragment::Key;
use super::sections::{first_page, has_primary, section_href, section_language};
use super::tabbar::{self, MoreTabsView};
use super::{icon, links};
use crate::config::{github_repo, AnchorDisplay, CtaType, SiteConfig};
use crate::content::Site;

#[derive(Serialize)]
struct LogoView {
    light: String,
    dark: String,
    same: bool,
}

#[derive(Serialize)]
struct CtaView {
    kind: &'static str,
    href: String,
    name: String,
    repo: Option<String>,
}

#[derive(Serialize)]
struct TabView {
    name: String,
    /// The tab's icon (docs.json `tabs[].icon`), or empty.
    icon: String,
    href: String,
    current: String,
    version: Option<String>,
    language: Option<String>,
    /// The section the tab belongs to, if only one.
    section: Option<usize>,
    external: bool,
    /// docs.json `align: "end"`: at the end of the tab row.
    end: bool,
    /// The tab's menu (docs.json `menu` items), shown from a button beside it.
    menu: Vec<MenuItemView>,
    /// Around the tab's entry when pages list only their own tab: the
    /// markers of a region written only on the tab's pages.
    region_start: String,
    region_end: String,
    #[serde(skip)]
    key: Key,
}

/// One entry of a tab's menu: a section of the tab, linking to its first page.
#[derive(Serialize)]
struct MenuItemView {
    name: String,
    icon: String,
    href: String,
    current: String,
}

/// The markers of a tab or menu entry when it is the page's: `aria-current`,
/// and Mintlify's `data-active`, which a site's own CSS targets.
fn marks_current(key: Key) -> String {
    key.current_marker() + &key.active_marker()
}

/// The menu items (anchors shown as a menu) of tab `tab`.
fn tab_menu(site: &Site, tab: usize) -> Vec<MenuItemView> {
    site.config
        .anchors
        .iter()
        .enumerate()
        .filter(|(_, a)| a.display == AnchorDisplay::Menu && a.tab == Some(tab))
        .filter(|&(i, _)| !site.is_empty_anchor(i))
        .map(|(i, anchor)| MenuItemView {
            name: anchor.name.clone(),
            icon: anchor.icon.as_deref().map_or_else(String::new, |name| {
                let icon_type = anchor.icon_type.unwrap_or_default();
                icon::html(name, Some(icon_type.as_str()), site.config.icon_library())
            }),
            href: section_href(&anchor.url, first_page(site, |p| p.anchor == Some(i))),
            current: marks_current(Key::Anchor(Some(i))),
        })
        .collect()
}

#[derive(Serialize)]
pub struct TopbarView {
    name: String,
    home_href: String,
    logo: Option<LogoView>,
    links: Vec<LinkView>,
    cta: Option<CtaView>,
    mode_toggle: bool,
    tabs: Vec<TabView>,
    /// With more tabs than every page lists: the script that adds the
    /// others and the page listing them all.
    pub more_tabs: Option<MoreTabsView>,
    icons: UiIcons,
    search_prompt: String,
    banner: Option<BannerView>,
}

#[derive(Serialize)]
struct UiIcons {
    search: String,
    sun: String,
    moon: String,
    menu: String,
    github: String,
    star: String,
    external: String,
}

fn ui_icons() -> UiIcons {
    UiIcons {
        search: crate::icons::masked("magnifying-glass"),
        sun: crate::icons::masked("sun"),
        moon: crate::icons::masked("moon"),
        menu: crate::icons::masked("bars"),
        github: crate::icons::theme_svg("github", Some("brands")),
        star: icon::ui("star"),
        external: icon::ui("arrow-up-right-from-square"),
    }
}

/// The logo's images, the one the site has standing in for a missing one
/// (config validation warns about it); `None`, and the site's name shows,
/// when it has neither.
fn logo_view(site: &Site, logo: &crate::config::Logo) -> Option<LogoView> {
    let (light, dark) = match (
        existing_file(site, logo.light()),
        existing_file(site, logo.dark()),
    ) {
        (Some(light), Some(dark)) => (light, dark),
        (Some(one), None) | (None, Some(one)) => (one, one),
        (None, None) => return None,
    };
    Some(LogoView {
        light: links::asset(light),
        dark: links::asset(dark),
        same: light == dark,
    })
}

/// The top bar of `site`, with the links, button, search prompt and banner
/// of `config` (the site's, or a language's: [`SiteConfig::for_language`]).
pub fn topbar_view(site: &Site, config: &SiteConfig) -> TopbarView {
    let mut tabs = tab_views(site);
    let deferred = tabs.len() > tabbar::INLINE_LIMIT;
    if deferred {
        for tab in &mut tabs {
            (tab.region_start, tab.region_end) = tab.key.region_markers();
        }
    }
    let home = site
        .home()
        .map(links::page_href)
        .unwrap_or_else(|| links::href("/", config.page_urls));
    let logo = config.logo.as_ref().and_then(|logo| logo_view(site, logo));
    TopbarView {
        name: config.name.clone(),
        home_href: config
            .logo
            .as_ref()
            .and_then(|l| l.href())
            .map_or(home, |url| links::href(url, config.page_urls)),
        logo,
        links: navbar_links(config),
        cta: config.topbar_cta_button.as_ref().map(|cta| CtaView {
            kind: match cta.kind {
                CtaType::Link => "link",
                CtaType::Github => "github",
            },
            href: links::href(&cta.url, config.page_urls),
            name: cta.name.clone().unwrap_or_default(),
            repo: (cta.kind == CtaType::Github)
                .then(|| github_repo(&cta.url))
                .flatten(),
        }),
        mode_toggle: !config.mode_toggle.is_hidden,
        more_tabs: deferred.then(MoreTabsView::new),
        tabs,
        icons: ui_icons(),
        search_prompt: config
            .search_prompt
            .clone()
            .unwrap_or_else(|| "Search…".to_string()),
        banner: banner_view(config),
    }
}

/// The primary tab (pages in no tab), then `tabs`; none when `tabs` is empty.
fn tab_views(site: &Site) -> Vec<TabView> {
    let config = &site.config;
    if config.tabs.is_empty() {
        return Vec::new();
    }
    let primary_name = config
        .top_anchor
        .as_ref()
        .map_or("Documentation".to_string(), |a| a.name.clone());
    // Pages in no tab form a primary tab, unless every tab belongs to a
    // section: those pages then show no tab bar (`TabScopes::hides_bar`).
    let some_tab_everywhere = config.tabs.iter().any(|t| t.anchor.is_none());
    let primary =
        (some_tab_everywhere && has_primary(site, |p| p.tab.is_some())).then(|| TabView {
            name: primary_name,
            icon: String::new(),
            href: section_href("/", first_page(site, |p| p.tab.is_none()).or(site.home())),
            current: marks_current(Key::Tab(None)),
            version: None,
            language: None,
            section: None,
            external: false,
            end: false,
            menu: Vec::new(),
            key: Key::Tab(None),
            region_start: String::new(),
            region_end: String::new(),
        });
    let tabs = config.tabs.iter().enumerate();
    let tabs = tabs
        .filter(|&(i, _)| !site.is_empty_tab(i))
        .map(|(i, tab)| {
            let external = links::is_external(&tab.url);
            let first = first_page(site, |p| p.tab == Some(i));
            TabView {
                name: tab.name.clone(),
                icon: (tab.icon.as_deref()).map_or_else(String::new, |name| {
                    icon::html(name, tab.icon_type.as_deref(), config.icon_library())
                }),
                href: section_href(&tab.url, first),
                current: if external {
                    String::new()
                } else {
                    marks_current(Key::Tab(Some(i)))
                },
                version: tab.version.clone(),
                language: section_language(first),
                section: tab.anchor,
                external,
                end: tab.align.as_deref() == Some("end"),
                menu: tab_menu(site, i),
                key: Key::Tab(Some(i)),
                region_start: String::new(),
                region_end: String::new(),
            }
        });
    primary.into_iter().chain(tabs).collect()
}
