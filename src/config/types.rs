//! The typed site model, deserialised after the JSON Schema has accepted the
//! document. Field names follow Mintlify's legacy `mint.json`; a `docs.json`
//! is converted into this same shape first (`docs_json.rs`), so what
//! `docs.json` can say beyond `mint.json` (languages, explicit tab and
//! anchor membership, group tags, banners, footer columns...) is modelled
//! here once, for both. Keys sheaf does not know are kept out of these types
//! (they are reported as warnings by validation).
//!
//! The navigation's own types (groups, tabs, anchors, versions) are in
//! `navigation.rs`, the API reference's in `api.rs`.

use serde::{Deserialize, Serialize};

mod actions;
mod api;
mod fonts;
mod navigation;

pub use actions::*;
pub use api::*;
pub use fonts::*;
pub use navigation::*;

/// The whole `site.json`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SiteConfig {
    pub name: String,
    pub navigation: Vec<NavGroup>,
    pub logo: Option<Logo>,
    pub favicon: Option<String>,
    pub colors: Option<Colors>,
    #[serde(default)]
    pub topbar_links: Vec<TopbarLink>,
    pub topbar_cta_button: Option<CtaButton>,
    #[serde(default)]
    pub versions: Vec<Version>,
    #[serde(default)]
    pub anchors: Vec<Anchor>,
    pub top_anchor: Option<TopAnchor>,
    #[serde(default)]
    pub tabs: Vec<Tab>,
    pub api: Option<ApiConfig>,
    pub openapi: Option<OneOrMany>,
    /// AsyncAPI documents (paths or URLs) of the site (docs.json
    /// `api.asyncapi` and every navigation `asyncapi`).
    #[serde(default)]
    pub asyncapi: Vec<String>,
    #[serde(default)]
    pub footer_socials: serde_json::Map<String, serde_json::Value>,
    #[serde(default)]
    pub feedback: Feedback,
    #[serde(default)]
    pub mode_toggle: ModeToggle,
    pub background_image: Option<String>,
    #[serde(default)]
    pub redirects: Vec<Redirect>,
    #[serde(default)]
    pub metadata: serde_json::Map<String, serde_json::Value>,
    /// `seo`: which pages search engines and the site search index.
    #[serde(default)]
    pub seo: Seo,
    /// Whether each page's Markdown source is written beside it (`a/b.md`)
    /// and all of them into `llms-full.txt` (sheaf's own key; default on).
    #[serde(default = "on_by_default")]
    pub markdown_sources: bool,
    /// How page URLs are shaped (sheaf's own key; default folders).
    #[serde(default)]
    pub page_urls: PageUrls,
    /// The site's description (docs.json `description`), for search engines.
    pub description: Option<String>,
    /// Text variables: `{{name}}` in pages is replaced by the value
    /// (docs.json `variables`; see `content::variables`).
    #[serde(default)]
    pub variables: std::collections::BTreeMap<String, String>,
    /// Languages of the docs (docs.json `navigation.languages`); groups name
    /// theirs in `NavGroup::language`. Empty: one language, English.
    #[serde(default)]
    pub languages: Vec<Language>,
    /// A banner above the top bar (docs.json `banner`).
    pub banner: Option<Banner>,
    /// Footer link columns (docs.json `footer.links`).
    #[serde(default)]
    pub footer_links: Vec<FooterColumn>,
    /// A "last modified" line on every page, from the docs root's git
    /// history (docs.json `metadata.timestamp`); frontmatter `timestamp`
    /// overrides it for one page.
    #[serde(default)]
    pub timestamp: bool,
    /// The search box's placeholder (docs.json `search.prompt`).
    pub search_prompt: Option<String>,
    /// The 404 page's title and text (docs.json `errors.404`).
    pub not_found: Option<NotFound>,
    /// The page actions shown beside the title (docs.json `contextual`).
    #[serde(default)]
    pub contextual: Vec<ContextualOption>,
    /// The MCP server readers' tools connect to (sheaf.toml's `[site]
    /// mcp-server`), for the `mcp`, `add-mcp`, `cursor` and `vscode` actions.
    #[serde(skip)]
    pub mcp_server: Option<String>,
    /// The site's fonts (docs.json `fonts`), loaded by `crate::fonts`.
    #[serde(default)]
    pub fonts: Fonts,
    /// Social cards for every page (docs.json `thumbnails`).
    pub thumbnails: Option<Thumbnails>,
    /// Mintlify's layout theme (docs.json `theme`; a mint.json's legacy
    /// name), read through [`SiteConfig::theme_name`].
    pub theme: Option<String>,
    /// A mint.json's legacy `layout` (`sidenav`, `solidSidenav`...).
    pub layout: Option<String>,
    /// The icon library names are looked up in first (docs.json `icons`).
    pub icons: Option<Icons>,
    /// Eyebrows, code theme, background decoration (docs.json `styling`,
    /// `background.decoration`, `interaction`; see `config::looks`).
    #[serde(default)]
    pub looks: super::looks::Looks,
    /// Analytics and chat integrations by provider (mint.json `analytics`,
    /// docs.json `integrations`; see `config::analytics`).
    #[serde(default)]
    pub analytics: std::collections::BTreeMap<String, serde_json::Value>,
    /// mint.json `integrations` (its chat widgets), read with `analytics`.
    #[serde(default)]
    pub integrations: std::collections::BTreeMap<String, serde_json::Value>,
}

impl SiteConfig {
    /// The site's icon library: `icons.library`, Font Awesome by default.
    pub fn icon_library(&self) -> crate::icons::Library {
        (self.icons.as_ref())
            .and_then(|icons| crate::icons::Library::parse(&icons.library))
            .unwrap_or_default()
    }
}

/// docs.json `icons`: which library icon names come from.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Icons {
    /// `fontawesome` (the default), `lucide` or `tabler`.
    pub library: String,
}

/// One language of a multi-language site.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Language {
    /// The code, as in `<html lang>` and `hreflang` (`en`, `es`, `zh-Hans`).
    pub code: String,
    /// Whether readers start in this language.
    #[serde(default)]
    pub default: bool,
    /// The top bar, footer and banner of this language's pages, where
    /// they differ from the site's (docs.json `navigation.languages[].navbar`,
    /// `footer`, `banner`).
    #[serde(flatten)]
    pub chrome: LanguageChrome,
}

/// What a language's own `navbar`, `footer` and `banner` replace.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LanguageChrome {
    pub topbar_links: Option<Vec<TopbarLink>>,
    pub topbar_cta_button: Option<CtaButton>,
    pub footer_socials: Option<serde_json::Map<String, serde_json::Value>>,
    pub footer_links: Option<Vec<FooterColumn>>,
    pub banner: Option<Banner>,
}

impl LanguageChrome {
    fn is_empty(&self) -> bool {
        self == &LanguageChrome::default()
    }
}

/// A banner shown above the top bar on every page.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Banner {
    /// Markdown text (inline: links, emphasis, code).
    pub content: String,
    #[serde(default)]
    pub dismissible: bool,
}

/// A titled column of links in the footer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FooterColumn {
    pub header: Option<String>,
    pub items: Vec<TopbarLink>,
}

/// The 404 page's own words.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct NotFound {
    pub title: Option<String>,
    pub description: Option<String>,
    /// Whether a reader who reaches the 404 page is taken to the home page
    /// (docs.json `errors.404.redirect`, on unless set to `false`, as on
    /// Mintlify). The page is still written, and shown without JavaScript.
    #[serde(default)]
    pub redirect: bool,
}

/// The serde default of switches that are on unless turned off.
fn on_by_default() -> bool {
    true
}

/// How pages are laid out in the output, and so how their URLs look.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum PageUrls {
    /// `a/b.mdx` → `a/b/index.html`, linked as `a/b/`.
    #[default]
    Folders,
    /// `a/b.mdx` → `a/b.html`, linked as `a/b.html`: one folder fewer per
    /// page, and `/a/b` works as is on hosts that serve `a/b.html` for it.
    Html,
}

impl PageUrls {
    /// The URL of the page `slug` from the site root: `a/b/` or `a/b.html`;
    /// empty for the home page (`index`); a folder's `index` page is the
    /// folder (`es/index` → `es/`).
    pub fn url(self, slug: &str) -> String {
        match (self, slug) {
            (_, "index") => String::new(),
            (PageUrls::Folders, _) if slug.ends_with("/index") => {
                slug.strip_suffix("index").unwrap_or(slug).to_string()
            }
            (PageUrls::Folders, _) => format!("{slug}/"),
            (PageUrls::Html, _) => format!("{slug}.html"),
        }
    }

    /// The file holding the page `slug`: `a/b/index.html` or `a/b.html`.
    pub fn file(self, slug: &str) -> String {
        match self {
            PageUrls::Folders => format!("{}index.html", self.url(slug)),
            PageUrls::Html => format!("{slug}.html"),
        }
    }

    /// The folder of the page `slug` from the site root, links on the page
    /// are relative to: `a/b/` or `a/`; empty at the root.
    pub fn folder(self, slug: &str) -> String {
        let url = self.url(slug);
        match url.rfind('/') {
            Some(end) => url[..=end].to_string(),
            None => String::new(),
        }
    }
}
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Logo {
    Path(String),
    Modes {
        light: String,
        dark: String,
        href: Option<String>,
    },
}

impl Logo {
    pub fn light(&self) -> &str {
        match self {
            Logo::Path(p) => p,
            Logo::Modes { light, .. } => light,
        }
    }
    pub fn dark(&self) -> &str {
        match self {
            Logo::Path(p) => p,
            Logo::Modes { dark, .. } => dark,
        }
    }
    /// Where clicking the logo links; `None` means the site's home page.
    pub fn href(&self) -> Option<&str> {
        match self {
            Logo::Modes { href: Some(h), .. } if h != "/" => Some(h),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Colors {
    pub primary: String,
    pub light: Option<String>,
    pub dark: Option<String>,
    pub background: Option<BackgroundColors>,
    pub anchors: Option<AnchorColor>,
}

/// Background colors per mode. `site.json` must give both; a side missing in
/// a real `mint.json` is reported and falls back to the theme default.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct BackgroundColors {
    pub light: Option<String>,
    pub dark: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TopbarLink {
    pub name: String,
    pub url: String,
    /// The icon before the name (docs.json `navbar.links[].icon`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(default, rename = "iconType", skip_serializing_if = "Option::is_none")]
    pub icon_type: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CtaType {
    #[default]
    Link,
    Github,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CtaButton {
    #[serde(default, rename = "type")]
    pub kind: CtaType,
    pub url: String,
    pub name: Option<String>,
}
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Feedback {
    #[serde(default)]
    pub suggest_edit: bool,
    #[serde(default)]
    pub raise_issue: bool,
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ModeToggle {
    pub default: Option<Mode>,
    #[serde(default)]
    pub is_hidden: bool,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Light,
    Dark,
}

impl Mode {
    /// `light` or `dark`, as `data-theme` holds it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Light => "light",
            Mode::Dark => "dark",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Redirect {
    pub source: String,
    pub destination: String,
    /// docs.json `permanent` (default true): `false` is a temporary
    /// redirect (302 in `_redirects`).
    #[serde(default = "permanent_by_default", skip_serializing_if = "is_permanent")]
    pub permanent: bool,
}

fn permanent_by_default() -> bool {
    true
}

fn is_permanent(permanent: &bool) -> bool {
    *permanent
}

/// The nine `footerSocials` keys of the specification.
pub const SOCIAL_KEYS: [&str; 9] = [
    "website",
    "facebook",
    "twitter",
    "discord",
    "slack",
    "github",
    "linkedin",
    "instagram",
    "hacker-news",
];

/// Keys a later Mintlify accepts in `footerSocials` (accepted with a warning).
pub const LATER_SOCIAL_KEYS: [&str; 4] = ["x", "youtube", "medium", "telegram"];

impl SiteConfig {
    /// The layout theme the site chose ([`ThemeName::of`]).
    pub fn theme_name(&self) -> crate::config::ThemeName {
        crate::config::ThemeName::of(self.theme.as_deref(), self.layout.as_deref())
    }

    /// Every social link as (platform, url), in file order.
    pub fn socials(&self) -> Vec<(String, String)> {
        self.footer_socials
            .iter()
            .filter_map(|(k, v)| v.as_str().map(|url| (k.clone(), url.to_string())))
            .collect()
    }

    /// The repository (`https://github.com/owner/name`) used by the feedback
    /// buttons: the github CTA's URL, else `footerSocials.github` when it
    /// names a repository.
    pub fn repository_url(&self) -> Option<String> {
        if let Some(cta) = &self.topbar_cta_button {
            if cta.kind == CtaType::Github && github_repo(&cta.url).is_some() {
                return Some(cta.url.trim_end_matches('/').to_string());
            }
        }
        let gh = self.footer_socials.get("github")?.as_str()?;
        github_repo(gh).map(|_| gh.trim_end_matches('/').to_string())
    }

    /// The config as the pages of language `code` see it: the site's, with
    /// the language's own top bar, footer and banner; `None` when it has
    /// none of its own.
    pub fn for_language(&self, code: &str) -> Option<SiteConfig> {
        let language = self.languages.iter().find(|l| l.code == code)?;
        let chrome = &language.chrome;
        if chrome.is_empty() {
            return None;
        }
        let mut config = self.clone();
        if let Some(links) = &chrome.topbar_links {
            config.topbar_links = links.clone();
        }
        if let Some(button) = &chrome.topbar_cta_button {
            config.topbar_cta_button = Some(button.clone());
        }
        if let Some(socials) = &chrome.footer_socials {
            config.footer_socials = socials.clone();
        }
        if let Some(columns) = &chrome.footer_links {
            config.footer_links = columns.clone();
        }
        if let Some(banner) = &chrome.banner {
            config.banner = Some(banner.clone());
        }
        Some(config)
    }

    pub fn version_names(&self) -> Vec<&str> {
        self.versions.iter().map(Version::name).collect()
    }

    /// The versions built here (not links to docs elsewhere), in order.
    pub fn local_version_names(&self) -> Vec<&str> {
        self.versions
            .iter()
            .filter(|v| v.external_url().is_none())
            .map(Version::name)
            .collect()
    }

    /// The declared language codes, in order.
    pub fn language_codes(&self) -> Vec<&str> {
        self.languages.iter().map(|l| l.code.as_str()).collect()
    }
}

/// `owner/name` of a GitHub repository URL, if it is one.
pub fn github_repo(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://github.com/")
        .or_else(|| url.strip_prefix("http://github.com/"))?;
    let mut parts = rest.trim_end_matches('/').split('/');
    let owner = parts.next().filter(|s| !s.is_empty())?;
    let name = parts.next().filter(|s| !s.is_empty())?;
    Some(format!("{owner}/{}", name.trim_end_matches(".git")))
}
/// `seo` (mint.json's shape; docs.json's `seo.indexing: "all"` maps onto it).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Seo {
    /// Pages outside the navigation are indexed too (default: only
    /// navigation pages are).
    #[serde(default)]
    pub index_hidden_pages: bool,
}

#[cfg(test)]
mod tests;
