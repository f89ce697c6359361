//! The fragments every page shares (head tags, top bar with tabs, sidebar
//! top with anchors and versions, footer), rendered once per build from
//! `site.json`. Links in them carry the root marker; the current tab and
//! anchor carry current/hidden markers (see [`super::fragment`]).

use serde::Serialize;
use tera::Context;

use super::fragment::{Fragment, Key};
use super::tabbar::{self, MoreTabsView};
use super::templates::Templates;
use super::{colors, icon, links};
use crate::config::{github_repo, AnchorColor, AnchorDisplay, CtaType, Mode, PageUrls, SiteConfig};
use crate::content::{Page, Site};
use crate::diagnostics::Diagnostic;

/// The shared fragments of a site.
pub struct Shared {
    pub head: Fragment,
    pub topbar: Fragment,
    pub sidebar_top: Fragment,
    pub footer: Fragment,
    /// The files the fragments link (the tab bar's, with many tabs).
    pub files: tabbar::Files,
}

/// Hrefs of the bundles and the docs root's own CSS/JS, relative to the root.
pub struct AssetLinks {
    pub stylesheets: Vec<String>,
    pub scripts: Vec<String>,
}

impl Shared {
    pub fn build(site: &Site, assets: &AssetLinks, t: &Templates) -> Result<Shared, Diagnostic> {
        let head = render(t, "head.html", "head", &head_view(site, assets))?;
        let (topbar, files) = render_topbar(site, t, &head)?;
        Ok(Shared {
            head,
            topbar,
            sidebar_top: render(t, "sidebar_top.html", "top", &sidebar_top_view(site))?,
            footer: render(t, "footer.html", "footer", &footer_view(&site.config))?,
            files,
        })
    }
}

/// The top bar, and the files it links when it has more tabs than every
/// page lists (see `tabbar.rs`).
fn render_topbar(
    site: &Site,
    t: &Templates,
    head: &Fragment,
) -> Result<(Fragment, tabbar::Files), Diagnostic> {
    let view = topbar_view(site);
    let html = render_html(t, "topbar.html", "topbar", &view)?;
    if view.more_tabs.is_some() {
        Ok(tabbar::defer(&html, site, head))
    } else {
        Ok((Fragment::parse(&html), Vec::new()))
    }
}

/// Renders template `name` with `value` as its one variable `key`.
fn render<T: Serialize>(
    t: &Templates,
    name: &str,
    key: &str,
    value: &T,
) -> Result<Fragment, Diagnostic> {
    render_html(t, name, key, value).map(|html| Fragment::parse(&html))
}

/// [`render`], as HTML with its markers.
fn render_html<T: Serialize>(
    t: &Templates,
    name: &str,
    key: &str,
    value: &T,
) -> Result<String, Diagnostic> {
    let mut context = Context::new();
    context.insert(key, value);
    t.render_shared(name, &context, false)
}

#[derive(Serialize)]
struct Meta {
    /// `property` for Open Graph keys, else `name`.
    attr: &'static str,
    name: String,
    content: String,
}

#[derive(Serialize)]
struct HeadView {
    favicon: Option<String>,
    favicon_type: Option<&'static str>,
    metadata: Vec<Meta>,
    style: String,
    boot: String,
    stylesheets: Vec<String>,
    scripts: Vec<String>,
}

fn head_view(site: &Site, assets: &AssetLinks) -> HeadView {
    let config = &site.config;
    let favicon = (config.favicon.as_deref()).and_then(|f| existing_file(site, f));
    let favicon_type = favicon.and_then(|f| {
        let ext = f.rsplit('.').next()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "svg" => "image/svg+xml",
            "png" => "image/png",
            "ico" => "image/x-icon",
            _ => return None,
        })
    });
    let metadata = config
        .metadata
        .iter()
        .filter_map(|(name, value)| {
            let content = match value {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Number(_) | serde_json::Value::Bool(_) => value.to_string(),
                _ => return None,
            };
            Some(Meta {
                attr: if name.starts_with("og:") {
                    "property"
                } else {
                    "name"
                },
                name: name.clone(),
                content,
            })
        })
        .collect();
    HeadView {
        favicon: favicon.map(links::asset),
        favicon_type,
        metadata,
        style: background_style(site),
        boot: boot_script(config),
        stylesheets: assets.stylesheets.clone(),
        scripts: assets.scripts.clone(),
    }
}

/// Colour variables and per-version and per-language visibility rules, for
/// the theme's stylesheet.
pub fn site_css(config: &SiteConfig) -> String {
    let mut css = colors::css_variables(config.colors.as_ref());
    for version in config.version_names() {
        let v = css_string(version);
        css.push_str(&format!(
            "html[data-version={v}] [data-version]:not([data-version={v}]){{display:none!important}}\n"
        ));
    }
    for tab in tabs_with_anchors(config) {
        css.push_str(&format!(
            "html[data-tab=\"{tab}\"] .anchors [data-tab]:not([data-tab=\"{tab}\"]){{display:none!important}}\n"
        ));
    }
    if !tabs_with_anchors(config).is_empty() {
        css.push_str("html:not([data-tab]) .anchors [data-tab]{display:none!important}\n");
    }
    css.push_str(&TabScopes::of(config).css());
    for language in &config.languages {
        let l = css_string(&language.code);
        css.push_str(&format!(
            "html[data-language={l}] [data-language]:not([data-language={l}]){{display:none!important}}\n"
        ));
    }
    css
}

/// Where the tab bar shows which tabs: docs.json tabs inside a product,
/// dropdown or anchor belong to that section and show only on its pages.
pub struct TabScopes {
    /// Some tab shows in every section.
    everywhere: bool,
    /// The section of each tab.
    tab_sections: Vec<Option<usize>>,
    /// The sections (anchor indexes) that have tabs of their own.
    sections: Vec<usize>,
}

impl TabScopes {
    pub fn of(config: &SiteConfig) -> TabScopes {
        let tab_sections: Vec<Option<usize>> = config.tabs.iter().map(|t| t.anchor).collect();
        let mut sections: Vec<usize> = tab_sections.iter().flatten().copied().collect();
        sections.sort_unstable();
        sections.dedup();
        TabScopes {
            everywhere: tab_sections.iter().any(Option::is_none),
            tab_sections,
            sections,
        }
    }

    /// The page's `data-section`, when its section has tabs of its own (the
    /// site CSS then hides other sections' tabs): the section of its tab (a
    /// menu item's page sits in the product around the tab), else its own.
    pub fn section_of(&self, tab: Option<usize>, anchor: Option<usize>) -> Option<usize> {
        tab.and_then(|t| self.tab_sections.get(t).copied().flatten())
            .or(anchor)
            .filter(|a| self.sections.contains(a))
    }

    /// Whether the page has no tab to show, so the tab bar is hidden
    /// (`data-no-tabs`).
    pub fn hides_bar(&self, tab: Option<usize>, anchor: Option<usize>) -> bool {
        !self.everywhere && !self.sections.is_empty() && self.section_of(tab, anchor).is_none()
    }

    fn css(&self) -> String {
        let mut css = String::new();
        for section in &self.sections {
            css.push_str(&format!(
                "html[data-section=\"{section}\"] .tabs [data-section]:not([data-section=\"{section}\"]){{display:none!important}}\n"
            ));
        }
        if !self.sections.is_empty() {
            css.push_str("html:not([data-section]) .tabs [data-section]{display:none!important}\n");
        }
        css
    }
}

/// The tabs that hold anchors of their own (docs.json dropdowns in a tab).
fn tabs_with_anchors(config: &SiteConfig) -> Vec<usize> {
    let mut tabs: Vec<usize> = config.anchors.iter().filter_map(|a| a.tab).collect();
    tabs.sort_unstable();
    tabs.dedup();
    tabs
}

/// The background image, inline in each page's head (its URL is relative to
/// the page); empty without one.
pub fn background_style(site: &Site) -> String {
    let mut css = String::new();
    let image = site.config.background_image.as_deref();
    if let Some(image) = image.and_then(|image| existing_file(site, image)) {
        // A veil of the page background over the image keeps text readable
        // in both modes whatever the image's own colours are.
        css.push_str(&format!(
            "body{{background-image:linear-gradient(var(--bg-veil),var(--bg-veil)),url({});\
             background-size:cover;background-position:center;background-attachment:fixed}}\n\
             :root{{--bg-veil:color-mix(in srgb,var(--bg) 72%,transparent)}}\n",
            css_string(&links::asset(image))
        ));
    }
    css
}

/// A CSS string literal; `<` escaped so it cannot close the `<style>` element.
fn css_string(s: &str) -> String {
    let escaped = s
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('<', "\\3c ")
        .replace('\n', "\\a ");
    format!("\"{escaped}\"")
}

/// The inline `<head>` script that sets the colour mode, and the docs
/// version the reader chose, before first paint. It holds only what the site
/// uses: no stored choice without the mode toggle, no version code without
/// versions.
pub fn boot_script(config: &SiteConfig) -> String {
    let toggle = &config.mode_toggle;
    let fallback = match toggle.default {
        Some(Mode::Light) => "\"light\"",
        Some(Mode::Dark) => "\"dark\"",
        None => "matchMedia(\"(prefers-color-scheme:dark)\").matches?\"dark\":\"light\"",
    };
    // A block with `let`: nothing leaks into the page's globals.
    let mut script = String::from("{let e=document.documentElement,d=e.dataset,m;d.js=\"\";");
    if toggle.is_hidden {
        script += &format!("d.theme={fallback};");
    } else {
        script += &format!(
            "try{{m=localStorage[\"sheaf-mode\"]}}catch(x){{}}\
             d.theme=m==\"light\"||m==\"dark\"?m:{fallback};"
        );
    }
    let versions = config.local_version_names();
    if !versions.is_empty() {
        let list = serde_json::to_string(&versions)
            .expect("strings serialise")
            .replace("</", "<\\/");
        script += &format!(
            "if(!d.pageVersion){{try{{m=localStorage[\"sheaf-version\"]}}catch(x){{}}\
             if({list}.indexOf(m)>=0)d.version=m}}"
        );
    }
    script.push('}');
    script
}

#[derive(Serialize)]
struct LogoView {
    light: String,
    dark: String,
    same: bool,
}

#[derive(Serialize)]
struct LinkView {
    name: String,
    href: String,
    external: bool,
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
    href: String,
    current: String,
    version: Option<String>,
    language: Option<String>,
    /// The section the tab belongs to, if only one.
    section: Option<usize>,
    external: bool,
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
                icon::html(name, Some(anchor.icon_type.unwrap_or_default().as_str()))
            }),
            href: section_href(&anchor.url, first_page(site, |p| p.anchor == Some(i))),
            current: Key::Anchor(Some(i)).current_marker(),
        })
        .collect()
}

#[derive(Serialize)]
struct TopbarView {
    name: String,
    home_href: String,
    logo: Option<LogoView>,
    links: Vec<LinkView>,
    cta: Option<CtaView>,
    mode_toggle: bool,
    tabs: Vec<TabView>,
    /// With more tabs than every page lists: the script that adds the
    /// others and the page listing them all.
    more_tabs: Option<MoreTabsView>,
    icons: UiIcons,
    search_prompt: String,
    banner: Option<BannerView>,
}

/// docs.json `banner`: its Markdown as HTML, and the key a dismissal is
/// remembered under (it changes with the text, so a new banner shows again).
#[derive(Serialize)]
struct BannerView {
    html: String,
    dismissible: bool,
    key: String,
}

fn banner_view(config: &SiteConfig) -> Option<BannerView> {
    let banner = config.banner.as_ref()?;
    Some(BannerView {
        html: inline_markdown(&banner.content, config.page_urls),
        dismissible: banner.dismissible,
        key: format!("{:x}", foldhash_of(&banner.content)),
    })
}

/// Markdown that holds one paragraph, as inline HTML; raw HTML in it is
/// shown as text, and links from the site root are written from the page.
fn inline_markdown(text: &str, urls: PageUrls) -> String {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let events = Parser::new(text).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        // Written by hand: the root marker in the href must not be URL-encoded.
        Event::Start(Tag::Link { dest_url, .. }) => Event::InlineHtml(
            format!(
                "<a href=\"{}\">",
                crate::html::escape(&links::href(&dest_url, urls))
            )
            .into(),
        ),
        Event::End(TagEnd::Link) => Event::InlineHtml("</a>".into()),
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    let trimmed = html.trim();
    trimmed
        .strip_prefix("<p>")
        .and_then(|h| h.strip_suffix("</p>"))
        .unwrap_or(trimmed)
        .to_string()
}

/// A stable hash of a text (the same on every build).
fn foldhash_of(text: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = foldhash::fast::FixedState::with_seed(0).build_hasher();
    hasher.write(text.as_bytes());
    hasher.finish()
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
        github: icon::html("github", Some("brands")),
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

/// `path`, a file a config field names (logo, favicon, background image),
/// when the site has it: a URL, or a file of the docs root. A missing one
/// was warned about by config validation; pages do without it rather than
/// link to nothing.
fn existing_file<'p>(site: &Site, path: &'p str) -> Option<&'p str> {
    let present =
        !crate::config::is_local(path) || site.root.join(path.trim_start_matches('/')).is_file();
    present.then_some(path)
}

fn topbar_view(site: &Site) -> TopbarView {
    let config = &site.config;
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
        links: config
            .topbar_links
            .iter()
            .map(|l| link_view(&l.name, &l.url, config.page_urls))
            .collect(),
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

fn link_view(name: &str, url: &str, urls: PageUrls) -> LinkView {
    LinkView {
        name: name.to_string(),
        href: links::href(url, urls),
        external: links::is_external(url),
    }
}

/// The first page (in navigation order) matching `pred`.
fn first_page(site: &Site, pred: impl Fn(&Page) -> bool) -> Option<&Page> {
    site.nav_order
        .iter()
        .map(|&id| &site.pages[id])
        .find(|p| pred(p))
}

/// The link to a section: its first page, else its folder (or external URL).
fn section_href(url: &str, first: Option<&Page>) -> String {
    match first {
        Some(page) if !links::is_external(url) => links::page_href(page),
        // A section URL names a folder, whatever shape pages have.
        _ => links::href(url, PageUrls::Folders),
    }
}

/// Whether the site lists pages outside every tab (or anchor): a docs.json
/// whose navigation is all tabs has no primary section to show.
fn has_primary(site: &Site, in_section: impl Fn(&Page) -> bool) -> bool {
    site.nav_order.is_empty() || first_page(site, |p| !in_section(p)).is_some()
}

/// Whether the top anchor has pages: some navigation page in no anchor that
/// shares its tab with a page in an anchor (anchors are shown per tab).
fn has_primary_anchor(site: &Site) -> bool {
    if site.nav_order.is_empty() {
        return true;
    }
    let nav = || site.nav_order.iter().map(|&id| &site.pages[id]);
    let tabs_with_anchored_pages: Vec<Option<usize>> = nav()
        .filter(|p| p.anchor.is_some())
        .map(|p| p.tab)
        .collect();
    nav().any(|p| p.anchor.is_none() && tabs_with_anchored_pages.contains(&p.tab))
}

/// The language of a section: that of its first page, if the site has several.
fn section_language(first: Option<&Page>) -> Option<String> {
    first.and_then(|p| p.language.clone())
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
            href: section_href("/", first_page(site, |p| p.tab.is_none()).or(site.home())),
            current: Key::Tab(None).current_marker(),
            version: None,
            language: None,
            section: None,
            external: false,
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
                href: section_href(&tab.url, first),
                current: if external {
                    String::new()
                } else {
                    Key::Tab(Some(i)).current_marker()
                },
                version: tab.version.clone(),
                language: section_language(first),
                section: tab.anchor,
                external,
                menu: tab_menu(site, i),
                key: Key::Tab(Some(i)),
                region_start: String::new(),
                region_end: String::new(),
            }
        });
    primary.into_iter().chain(tabs).collect()
}

#[derive(Serialize)]
struct VersionView {
    name: String,
    url: Option<String>,
}

#[derive(Serialize)]
struct AnchorView {
    name: String,
    icon: String,
    href: String,
    current: String,
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

#[derive(Serialize)]
struct LanguageView {
    code: String,
    name: String,
}

#[derive(Serialize)]
struct SidebarTopView {
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
}

fn sidebar_top_view(site: &Site) -> SidebarTopView {
    let config = &site.config;
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
        links: config
            .topbar_links
            .iter()
            .map(|l| link_view(&l.name, &l.url, config.page_urls))
            .collect(),
        first_pages: first_pages_per_version(site),
        anchors: anchor_views(site),
        has_dropdowns: site
            .config
            .anchors
            .iter()
            .any(|a| a.display == AnchorDisplay::Selector),
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
fn anchor_views(site: &Site) -> Vec<AnchorView> {
    let config = &site.config;
    if config.anchors.is_empty() {
        return Vec::new();
    }
    let top = config.top_anchor.clone().unwrap_or_default();
    let default_color = config.colors.as_ref().and_then(|c| c.anchors.as_ref());
    let primary_page = first_page(site, |p| p.anchor.is_none() && p.tab.is_none());
    let primary = has_primary_anchor(site).then(|| AnchorView {
        name: top.name,
        icon: icon::html(&top.icon, Some(top.icon_type.as_str())),
        href: section_href("/", primary_page.or(site.home())),
        current: Key::Anchor(None).current_marker(),
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
                ),
                href: section_href(&anchor.url, first),
                current: if external {
                    String::new()
                } else {
                    key.current_marker()
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

#[derive(Serialize)]
struct SocialView {
    label: String,
    href: String,
    icon: String,
}

#[derive(Serialize)]
struct FooterView {
    name: String,
    socials: Vec<SocialView>,
    columns: Vec<FooterColumnView>,
}

#[derive(Serialize)]
struct FooterColumnView {
    header: Option<String>,
    links: Vec<LinkView>,
}

fn footer_view(config: &SiteConfig) -> FooterView {
    let socials = config
        .socials()
        .into_iter()
        .map(|(key, url)| {
            let (label, icon) = icon::social(&key);
            SocialView {
                label,
                href: links::href(&url, config.page_urls),
                icon,
            }
        })
        .collect();
    let columns = config
        .footer_links
        .iter()
        .map(|column| FooterColumnView {
            header: column.header.clone(),
            links: column
                .items
                .iter()
                .map(|l| link_view(&l.name, &l.url, config.page_urls))
                .collect(),
        })
        .collect();
    FooterView {
        name: config.name.clone(),
        socials,
        columns,
    }
}
