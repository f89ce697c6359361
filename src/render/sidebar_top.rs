//! The top of the sidebar: the version and language switchers (with where
//! each choice leads), the top bar links again for phones, and the anchors
//! ([`super::anchors`]). In themes that put the top bar's parts in the
//! sidebar (maple, almond, willow: [`ThemeName::has_sidebar_chrome`]) also
//! the logo, search and mode toggle (`sidebar_top.html`) and the links and
//! button at its bottom (`sidebar_end.html`), which the theme's CSS shows.
//!
//! [`ThemeName::has_sidebar_chrome`]: crate::config::ThemeName::has_sidebar_chrome

use serde::Serialize;

use super::anchors::{anchor_views, AnchorView};
use super::config_links::{navbar_links, LinkView};
use super::links;
use super::sections::first_page;
use super::topbar::{topbar_view, TopbarView};
use crate::config::AnchorDisplay;
use crate::content::{Page, Site};

#[derive(Serialize)]
struct VersionView {
    name: String,
    url: Option<String>,
}

#[derive(Serialize)]
struct LanguageView {
    code: String,
    name: String,
}

#[derive(Serialize)]
pub struct SidebarTopView {
    versions: Vec<VersionView>,
    languages: Vec<LanguageView>,
    /// `{"es": "<root>es/"}`: where choosing a language leads from a page
    /// without an equivalent.
    first_language_pages: String,
    /// The top bar links again, for phones where the top bar has no room.
    links: Vec<LinkView>,
    first_pages: String,
    anchors: Vec<AnchorView>,
    /// Whether some anchors are shown in the section selector.
    has_dropdowns: bool,
    /// The top bar's logo, search, toggle, links and button again, in
    /// themes that show them in the sidebar.
    chrome: Option<TopbarView>,
    /// The theme's name, which says which of them it shows.
    theme: &'static str,
}

/// The sidebar's top, with the links of `config` (the site's, or a
/// language's: [`SiteConfig::for_language`](crate::config::SiteConfig::for_language)).
pub fn sidebar_top_view(site: &Site, config: &crate::config::SiteConfig) -> SidebarTopView {
    let versions = config
        .versions
        .iter()
        .map(|v| VersionView {
            name: v.name().to_string(),
            url: v.external_url().map(String::from),
        })
        .collect();
    SidebarTopView {
        versions,
        languages: config
            .languages
            .iter()
            .map(|l| LanguageView {
                code: l.code.clone(),
                name: language_name(&l.code),
            })
            .collect(),
        first_language_pages: first_pages_per(site, &site.config.language_codes(), |p| {
            p.language.as_deref()
        }),
        links: navbar_links(config),
        first_pages: first_pages_per_version(site),
        anchors: anchor_views(site),
        has_dropdowns: site
            .config
            .anchors
            .iter()
            .any(|a| a.display == AnchorDisplay::Selector),
        chrome: (config.theme_name().has_sidebar_chrome()).then(|| topbar_view(site, config)),
        theme: config.theme_name().as_str(),
    }
}

/// `{"v2": "<root>path/"}`: where choosing a version leads from a page of another version.
fn first_pages_per_version(site: &Site) -> String {
    let versions = site.config.local_version_names();
    first_pages_per(site, &versions, |p| p.version.as_deref())
}

/// `{"value": "<root>path/"}`: the first navigation page of each value of `key`.
fn first_pages_per(site: &Site, values: &[&str], key: impl Fn(&Page) -> Option<&str>) -> String {
    let map: serde_json::Map<String, serde_json::Value> = values
        .iter()
        .filter_map(|&value| {
            let page = first_page(site, |p| key(p) == Some(value))?;
            Some((value.to_string(), links::page_href(page).into()))
        })
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// A language's own name for the switcher (`es` → `Español`); the code
/// itself for languages not listed.
fn language_name(code: &str) -> String {
    const NAMES: [(&str, &str); 30] = [
        ("en", "English"),
        ("es", "Español"),
        ("fr", "Français"),
        ("fr-CA", "Français (Canada)"),
        ("de", "Deutsch"),
        ("it", "Italiano"),
        ("pt", "Português"),
        ("pt-BR", "Português (Brasil)"),
        ("ja", "日本語"),
        ("jp", "日本語"),
        ("ko", "한국어"),
        ("zh", "中文"),
        ("cn", "中文"),
        ("zh-Hans", "简体中文"),
        ("zh-Hant", "繁體中文"),
        ("ru", "Русский"),
        ("uk", "Українська"),
        ("pl", "Polski"),
        ("nl", "Nederlands"),
        ("sv", "Svenska"),
        ("no", "Norsk"),
        ("fi", "Suomi"),
        ("tr", "Türkçe"),
        ("ar", "العربية"),
        ("he", "עברית"),
        ("hi", "हिन्दी"),
        ("id", "Bahasa Indonesia"),
        ("vi", "Tiếng Việt"),
        ("cs", "Čeština"),
        ("ro", "Română"),
    ];
    NAMES
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map_or_else(|| code.to_string(), |(_, name)| name.to_string())
}
