//! The typed site model, deserialised after the JSON Schema has accepted the
//! document. Field names follow Mintlify's legacy `mint.json`; a `docs.json`
//! is converted into this same shape first (`docs_json.rs`), so what
//! `docs.json` can say beyond `mint.json` (languages, explicit tab and
//! anchor membership, group tags, banners, footer columns...) is modelled
//! here once, for both. Keys sheaf does not know are kept out of these types
//! (they are reported as warnings by validation).

use serde::{Deserialize, Serialize};

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
    /// Languages of the docs (docs.json `navigation.languages`); groups name
    /// theirs in `NavGroup::language`. Empty: one language, English.
    #[serde(default)]
    pub languages: Vec<Language>,
    /// A banner above the top bar (docs.json `banner`).
    pub banner: Option<Banner>,
    /// Footer link columns (docs.json `footer.links`).
    #[serde(default)]
    pub footer_links: Vec<FooterColumn>,
    /// The search box's placeholder (docs.json `search.prompt`).
    pub search_prompt: Option<String>,
    /// The 404 page's title and text (docs.json `errors.404`).
    pub not_found: Option<NotFound>,
    /// The page actions shown beside the title (docs.json `contextual`).
    #[serde(default)]
    pub contextual: Vec<ContextualOption>,
}

/// One language of a multi-language site.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Language {
    /// The code, as in `<html lang>` and `hreflang` (`en`, `es`, `zh-Hans`).
    pub code: String,
    /// Whether readers start in this language.
    #[serde(default)]
    pub default: bool,
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
}

/// A page action of docs.json `contextual.options`: links only, never a
/// third-party script.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ContextualOption {
    /// Copy the page as Markdown.
    Copy,
    /// View the page's Markdown source.
    View,
    /// Open the page in ChatGPT.
    Chatgpt,
    /// Open the page in Claude.
    Claude,
    /// Open the page in Perplexity.
    Perplexity,
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
    /// The folder the pages generated from `openapi` are placed in
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
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ApiConfig {
    pub base_url: Option<OneOrMany>,
    pub auth: Option<ApiAuth>,
    #[serde(default)]
    pub playground: Playground,
    #[serde(default)]
    pub maintain_order: bool,
    /// The code sample languages to show, in order (docs.json
    /// `api.examples.languages`); empty: all of them.
    #[serde(default)]
    pub examples_languages: Vec<String>,
    /// Nested fields of endpoint pages start open (docs.json
    /// `api.params.expanded: "all"`); default: folded.
    #[serde(default)]
    pub params_expanded: bool,
    /// Which properties generated request examples fill in (docs.json
    /// `api.examples.defaults`).
    #[serde(default)]
    pub examples_defaults: ExampleDefaults,
}

/// `api.examples.defaults`: the properties a generated request example has.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ExampleDefaults {
    /// Every property the schema names.
    #[default]
    All,
    /// Only the required ones.
    Required,
}

impl ApiConfig {
    pub fn base_urls(&self) -> Vec<String> {
        self.base_url
            .as_ref()
            .map(OneOrMany::to_vec)
            .unwrap_or_default()
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ApiAuth {
    pub method: Option<AuthMethod>,
    pub name: Option<String>,
    pub input_prefix: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AuthMethod {
    Bearer,
    Basic,
    Key,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Playground {
    #[serde(default)]
    pub mode: PlaygroundMode,
    /// Under `sheaf serve`, Try-it goes through the preview's proxy
    /// (default); `false`: the browser sends requests itself.
    #[serde(default = "on_by_default")]
    pub proxy: bool,
}

impl Default for Playground {
    fn default() -> Self {
        Playground {
            mode: PlaygroundMode::default(),
            proxy: true,
        }
    }
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PlaygroundMode {
    #[default]
    Show,
    Simple,
    Hide,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    pub fn to_vec(&self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s.clone()],
            OneOrMany::Many(v) => v.clone(),
        }
    }
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

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Redirect {
    pub source: String,
    pub destination: String,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_repo_needs_owner_and_name() {
        assert_eq!(github_repo("https://github.com/a/b/"), Some("a/b".into()));
        assert_eq!(github_repo("https://github.com/a"), None);
        assert_eq!(github_repo("https://gitlab.com/a/b"), None);
    }

    #[test]
    fn nested_navigation_deserialises() {
        let nav: Vec<NavGroup> = serde_json::from_str(
            r#"[{"group":"A","pages":["x",{"group":"B","icon":"k","pages":["y"]}]}]"#,
        )
        .unwrap();
        assert!(matches!(&nav[0].pages[1], NavEntry::Group(g) if g.group == "B"));
    }

    #[test]
    fn page_urls_place_pages_in_folders_or_html_files() {
        let (folders, html) = (PageUrls::Folders, PageUrls::Html);
        assert_eq!(folders.url("a/b"), "a/b/");
        assert_eq!(folders.file("a/b"), "a/b/index.html");
        assert_eq!(folders.folder("a/b"), "a/b/");
        assert_eq!(html.url("a/b"), "a/b.html");
        assert_eq!(html.file("a/b"), "a/b.html");
        assert_eq!(html.folder("a/b"), "a/");
        assert_eq!(html.folder("top"), "");
        assert_eq!(folders.url("es/index"), "es/");
        assert_eq!(folders.file("es/index"), "es/index.html");
        for urls in [folders, html] {
            assert_eq!(urls.url("index"), "");
            assert_eq!(urls.file("index"), "index.html");
            assert_eq!(urls.folder("index"), "");
        }
    }
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
