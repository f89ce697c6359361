//! The render stage: the tera theme turns one page of the [`Site`] and its
//! rendered body into a complete HTML document.
//!
//! [`Theme::new`] does the expensive work once per build: it loads the
//! templates (built-in, embedded in the binary, overridable from
//! `ROOT/_theme/templates/`), bundles the CSS/JS assets, and pre-renders
//! every fragment pages share (head tags, top bar, tabs, anchors, footer,
//! sidebar groups) with markers for the root prefix and "current" state
//! ([`fragment`]). [`Theme::render_page`] then writes those fragments with the
//! page's relative root prefix in one pass and renders only `page.html`.
//! The theme is immutable and `Sync`: the build renders pages in parallel.
//!
//! Every link is relative (`../../` from `a/b/index.html`, `../` from `a/b.html` with
//! `"pageUrls": "html"`), so a site works under any sub-path and from disk (at a slashless
//! URL the head's first script adds the slash, `head.rs`). `<html data-root>` holds the
//! prefix for scripts. The sidebar shows only the current section, its own group
//! expanded, so per-page work does not grow with the site (a group marked
//! `expanded` stays open, its tag is a badge, its root page the link of its
//! name).
//!
//! A link is written from the page's own folder (`../b/` rather than
//! `../../tab0/b/`, [`link_from`]): in the shared fragments, the pager and,
//! through `site`, body links. What every page repeats is lean HTML: the
//! shared fragments are rewritten once into their shortest form (`lean`),
//! and `page.html` is written lean by hand, its dynamic attribute values
//! through the `attr` filter (quoted only when needed).
//!
//! A page's `mode` ([`crate::content::PageMode`]) decides what surrounds the
//! body: `wide` drops "On this page", `center` also the sidebar column (the
//! body centred), `frame` the title and "On this page", `custom` everything
//! but the top bar; on a phone the menu still opens the sidebar. A page with
//! an aside (an endpoint page, or `<RequestExample>`/`<ResponseExample>`)
//! gets [`PageContent`]'s intro and aside too: `.page-top`, `.page-aside`
//! and `.page-body`, two columns from 1200 px (the aside sticky) and one
//! below, and no "On this page". That list is built by `theme.js` from the
//! body's h2/h3 headings and changelog entries; the build only marks the
//! layout `.has-toc`, and the column is kept from the first paint when the
//! boot script has marked `<html data-js>`.
//!
//! The top bar and sidebar carry every language's and version's tabs,
//! anchors and groups, marked `data-language`/`data-version`/`data-tab`;
//! the page's `<html>` names its own and the site's CSS hides the others,
//! so the fragments stay shared. A tab or anchor that leads nowhere
//! ([`Site::is_empty_tab`](crate::content::Site::is_empty_tab)) is not shown.
//! docs.json dropdowns and products form a `<details>` section selector, a
//! tab's `menu` opens from a `<details>` button beside it, and `TabScopes`
//! tells each page which tabs belong to its section (`data-section`,
//! `data-no-tabs`). The head lists the page's `hreflang` alternates and other
//! versions, which the switchers open. The stylesheet bundle also carries
//! the site's colour, version, language and tab rules and the masked icons;
//! only a background image stays inline, its URL being relative to the page.
//!
//! The 404 page is served by hosts at arbitrary URLs, so its links cannot be
//! relative to its own location: it inlines the CSS, its links are written
//! relative to the site root (correct when served at the root without
//! JavaScript), and a small inline script finds the real root at any depth by
//! probing the parent folders for the fingerprinted stylesheet, then rewrites
//! the links and `data-root`.

// The stage reports failures as a `Diagnostic` (the build's contract). They
// happen at most once per build or page, so the large error type costs nothing.
#![allow(clippy::result_large_err)]

mod analytics;
mod anchors;
mod assets;
mod banner;
mod colors;
mod config_links;
mod content;
mod footer;
mod fragment;
mod head;
mod icon;
mod islands;
mod lean;
mod links;
mod looks_css;
mod page_actions;
mod page_meta;
mod sections;
mod shared;
mod sidebar;
mod sidebar_top;
mod site_css;
mod tabbar;
mod templates;
mod topbar;

#[cfg(test)]
mod tests;

use std::path::PathBuf;

use serde::Serialize;
use tera::Context;

use crate::config::{Mode, PageUrls, ThemeName};
use crate::content::{Alternate, Page, PageMode, Site};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;
use assets::Bundle;
pub use content::{PageContent, TocEntry};
pub use fragment::link_from;
use fragment::{Current, ROOT};
pub use page_actions::McpServer;
pub use page_meta::LastModified;
use shared::{AssetLinks, Shared, TabScopes};
use sidebar::Sidebar;
use templates::Templates;

/// The theme of one build: templates, shared fragments and assets.
pub struct Theme {
    templates: Templates,
    shared: Shared,
    sidebar: Sidebar,
    css: Bundle,
    js: Bundle,
    /// Other files to write: theme extras under `_sheaf/`, the docs root's own CSS/JS.
    files: Vec<(PathBuf, Vec<u8>)>,
    /// The mode set on `<html>` before any script runs.
    initial_mode: Option<&'static str>,
    /// Mintlify's layout theme the site chose.
    theme_name: ThemeName,
    default_version: Option<String>,
    repository: Option<String>,
    /// Which pages show which tabs.
    tab_scopes: TabScopes,
    /// `build --site-url`: canonical links and `og:url` absolute.
    pub site_url: Option<String>,
    /// The generator of the CSS of pages' utility classes.
    pub utilities: crate::tailwind::Utilities,
    /// Where the React components' runtime is written.
    jsx_runtime: PathBuf,
    /// The docs root's own `.css` and `.js` files, which the 404 page loads
    /// too, and the integrations' loader.
    custom: Vec<String>,
}

impl Theme {
    /// Loads templates and assets and pre-renders the shared fragments of `site`.
    pub fn new(site: &Site) -> Result<Theme, Diagnostic> {
        let templates = Templates::load(&site.root)?;
        let theme_files = assets::theme_files(&site.root)?;
        let theme_css = assets::theme_css(&theme_files, site.config.theme_name()) + &site.fonts.css;
        let site_css = theme_css + &shared::site_css(&site.config) + &crate::icons::mask_css();
        let css = assets::bundle(&theme_files, "css", "base.css", &site_css);
        let js = assets::bundle(&theme_files, "js", "theme.js", "");
        let custom = assets::custom_files(&site.root)?;
        let mut links = AssetLinks::of(&css, &js, &custom);
        let analytics = analytics::add_to(site, &mut links);
        let fonts = head::add_fonts(site, &mut links);
        let mut shared = Shared::build(site, &links, &templates)?;
        let sidebar = Sidebar::build(site, &templates)?;
        let mut files = assets::loose_files(&theme_files);
        files.extend(sidebar.files(site, &shared.head));
        files.append(&mut shared.files);
        let loader = analytics.iter().map(|(path, _)| path.display().to_string());
        let custom_names = custom
            .iter()
            .map(|(name, _)| name.clone())
            .chain(loader)
            .collect();
        let scripts = custom.iter().filter(|(name, _)| name.ends_with(".js"));
        let utilities = crate::tailwind::Utilities::new(&String::from_utf8_lossy(&css.bytes))
            .with_scripts(scripts.map(|(_, b)| std::str::from_utf8(b).unwrap_or_default()));
        files.extend(custom.into_iter().map(|(n, b)| (PathBuf::from(n), b)));
        files.extend(analytics.into_iter().chain(fonts));
        let (jsx_runtime, runtime_bytes) = islands::runtime_file();
        files.push((jsx_runtime.clone(), runtime_bytes));
        let toggle = site.config.mode_toggle;
        Ok(Theme {
            custom: custom_names,
            templates,
            shared,
            sidebar,
            css,
            js,
            files,
            initial_mode: toggle.default.map(Mode::name),
            theme_name: site.config.theme_name(),
            default_version: site
                .config
                .local_version_names()
                .first()
                .map(|v| v.to_string()),
            repository: site.config.repository_url(),
            tab_scopes: TabScopes::of(&site.config),
            site_url: None,
            utilities,
            jsx_runtime,
        })
    }

    /// The script elements ending a page at `depth` whose live React
    /// components run `script`.
    pub fn page_scripts(&self, depth: usize, script: &str) -> String {
        islands::page_scripts(&self.jsx_runtime, depth, script)
    }

    /// The full HTML of one page.
    pub fn render_page(
        &self,
        site: &Site,
        page: &Page,
        content: &PageContent,
    ) -> Result<String, Diagnostic> {
        let root = links::root_prefix(page.depth());
        let dir = page.dir();
        let current = Current {
            root: &root,
            dir: &dir,
            page: Some(page.id),
            tab: page.tab,
            anchor: page.anchor,
        };
        let language = site.language_of(page);
        let mut sidebar = self.shared.sidebar_top(language).to_html(&current);
        self.sidebar.write(&mut sidebar, page, &current);
        (self.shared.sidebar_end(language)).write(&mut sidebar, &current);
        let mode = page.mode_in(self.theme_name);
        // A custom page is the top bar and the body alone.
        let custom = mode == PageMode::Custom;
        let (prev, next) = match custom || page.frontmatter.hide_footer_pagination {
            true => (None, None),
            false => site.neighbours(page.id),
        };
        let alternate = |alternate: &Alternate| AlternateLink {
            code: alternate.value.clone(),
            href: format!("{root}{}", site.pages[alternate.page].url()),
            equivalent: alternate.equivalent,
        };
        let described = content.meta_description.as_deref();
        let view = PageView {
            lang: site.language_of(page),
            page_language: page.language.as_deref(),
            tab: page.tab,
            section: self.tab_scopes.section_of(page.tab, page.anchor),
            meta: page_meta::page_meta(site, page, described, self.site_url.as_deref()),
            no_tabs: self.tab_scopes.hides_bar(page.tab, page.anchor),
            hreflang: (site.alternates.languages.of(page.id).iter())
                .map(|a| AlternateLink {
                    href: page_meta::alternate_href(site, a.page, &root, self.site_url.as_deref()),
                    ..alternate(a)
                })
                .collect(),
            other_versions: site
                .alternates
                .versions
                .of(page.id)
                .iter()
                .map(alternate)
                .collect(),
            root: &root,
            current_path: page_meta::current_path(&page.slug),
            site_name: &site.config.name,
            initial_mode: self.initial_mode,
            theme_name: Some(self.theme_name).filter(|t| *t != ThemeName::Mint),
            version: page.version.as_deref().or(self.default_version.as_deref()),
            page_version: page.version.as_deref(),
            title: &page.title,
            tag: page.frontmatter.tag.as_deref(),
            deprecated: page.frontmatter.deprecated,
            layout: layout_class(mode),
            title_shown: !matches!(mode, PageMode::Custom | PageMode::Frame),
            description_html: content
                .description_html
                .clone()
                .or_else(|| page.frontmatter.description.as_deref().map(escape_html)),
            eyebrow: (self.sidebar).eyebrow(page.id, site.config.looks.eyebrows),
            html: &content.html,
            utility_css: content.utility_css.as_deref(),
            intro: &content.intro,
            aside: &content.aside,
            has_aside: !content.aside.is_empty(),
            aside_label: &content.aside_label,
            endpoint_path: content.endpoint_path.as_deref(),
            canonical: page_meta::canonical(site, page, &root, self.site_url.as_deref()),
            feed: (page.frontmatter.rss).then(|| format!("{root}{}", page.feed_path())),
            toc: toc_entries(page, self.theme_name, content),
            method: content
                .endpoint_method
                .clone()
                .or_else(|| links::endpoint_method(page)),
            is_endpoint: content.is_endpoint,
            prev: prev.map(|p| NavLink::to(p, &dir)),
            next: next.map(|p| NavLink::to(p, &dir)),
            actions: page_actions::page_actions(
                site,
                page,
                &root,
                content.spec.as_deref(),
                self.site_url.as_deref(),
            ),
            last_modified: content.last_modified.as_ref(),
            edit_url: self.edit_url(site, page).filter(|_| !custom),
            issue_url: self.issue_url(site, page).filter(|_| !custom),
            head: self.shared.head.to_html(&current),
            topbar: self.shared.topbar(language).to_html(&current),
            footer: match custom {
                true => String::new(),
                false => self.shared.footer(language).to_html(&current),
            },
            sidebar,
        };
        let context = Context::from_serialize(&view).map_err(|e| {
            Diagnostic::error(page_file(page), format!("cannot build page context: {e}"))
                .with_rule(Rule::ThemeTemplate)
        })?;
        self.templates.render("page.html", &context)
    }

    fn edit_url(&self, site: &Site, page: &Page) -> Option<String> {
        let repo = self.repository.as_deref()?;
        site.config
            .feedback
            .suggest_edit
            .then(|| links::suggest_edit_url(repo, page))
            .flatten()
    }

    fn issue_url(&self, site: &Site, page: &Page) -> Option<String> {
        let repo = self.repository.as_deref()?;
        site.config
            .feedback
            .raise_issue
            .then(|| links::raise_issue_url(repo, page))
    }

    /// `404.html` for the site root (see the module docs for how it works at any depth).
    pub fn render_not_found(&self, site: &Site) -> String {
        let mut context = Context::new();
        context.insert("site_name", &site.config.name);
        let words = site.config.not_found.clone().unwrap_or_default();
        context.insert("not_found_title", &words.title);
        context.insert("not_found_description", &words.description);
        context.insert("redirect", &words.redirect);
        context.insert("boot", &shared::boot_script(&site.config));
        let style = shared::background_style(site).replace(ROOT, "./");
        context.insert("style", &style);
        context.insert("css", &String::from_utf8_lossy(&self.css.bytes));
        context.insert("probe", &self.css.path);
        context.insert("initial_mode", &self.initial_mode);
        let named = |ext: &str| {
            self.custom
                .iter()
                .filter(|n| n.ends_with(ext))
                .collect::<Vec<_>>()
        };
        context.insert("custom_css", &named(".css"));
        context.insert("custom_js", &named(".js"));
        context.insert("analytics", &analytics::block(site));
        context.insert("theme_name", &self.theme_name);
        self.templates
            .render("not_found.html", &context)
            .unwrap_or_else(|d| templates::fallback_not_found(&d))
    }

    /// A redirect page for `redirects`: meta refresh, a plain link, and for
    /// a `permanent` one (not `permanent: false`) a canonical link, which
    /// tells search engines the move is for good; in a folder (`urls`), [`head::slash_script`]
    /// keeps its relative target right at the folder's slashless URL.
    pub fn render_redirect(&self, relative: &str, permanent: bool, urls: PageUrls) -> String {
        let mut context = Context::new();
        context.insert("target", relative);
        context.insert("permanent", &permanent);
        context.insert("slash", head::slash_script(urls));
        self.templates
            .render("redirect.html", &context)
            .unwrap_or_else(|_| {
                let target = escape_html(relative);
                let canonical = match permanent {
                    true => format!("<link rel=\"canonical\" href=\"{target}\">"),
                    false => String::new(),
                };
                let slash = head::slash_script(urls);
                format!(
                    "<!doctype html><meta charset=\"utf-8\"><title>Redirecting</title>\
                     <script>{slash}</script>{canonical}\
                     <meta http-equiv=\"refresh\" content=\"0; url={target}\">\
                     <a href=\"{target}\">Redirecting to {target}</a>"
                )
            })
    }

    /// The static files to write, as (path relative to the output root, bytes):
    /// the fingerprinted CSS and JS bundles, other theme files under `_sheaf/`,
    /// and the docs root's own top-level CSS/JS.
    pub fn assets(&self) -> Vec<(PathBuf, Vec<u8>)> {
        let bundles = [&self.css, &self.js]
            .into_iter()
            .map(|b| (PathBuf::from(&b.path), b.bytes.clone()));
        bundles.chain(self.files.iter().cloned()).collect()
    }
}

/// A page under `_sheaf/` listing navigation for readers without
/// JavaScript (all of a section's groups, all tabs): the shared head, the
/// site name, and the list.
struct NavIndexPage<'a> {
    /// Its folder from the site root (`_sheaf/nav-<hash>/`).
    dir: &'a str,
    language: &'a str,
    /// Before the site name in `<title>`.
    title: &'a str,
    /// The opening `<nav …><ul …>` of the list.
    nav: &'a str,
}

impl NavIndexPage<'_> {
    /// The page, with `items` writing the list's entries.
    fn render(
        &self,
        site: &Site,
        head: &fragment::Fragment,
        items: impl FnOnce(&mut String, &Current),
    ) -> String {
        let root = "../".repeat(self.dir.matches('/').count());
        let current = Current::nothing(&root, self.dir);
        let mut html = format!(
            "<!doctype html><html lang={} data-root={root}><head>",
            self.language
        );
        head.write(&mut html, &current);
        html.push_str(&format!(
            "<title>{title} - {name}</title><meta name=robots content=noindex></head>\
             <body><main id=content class=nav-index><h1>{name}</h1>{nav}",
            title = self.title,
            name = escape_html(&site.config.name),
            nav = self.nav,
        ));
        items(&mut html, &current);
        html.push_str("</ul></nav></main></body></html>\n");
        html
    }
}

#[derive(Serialize)]
struct NavLink {
    href: String,
    title: String,
}

impl NavLink {
    /// The link to `page` from a page in folder `dir`, in its shortest form.
    fn to(page: &Page, dir: &str) -> NavLink {
        NavLink {
            href: link_from(dir, &page.url()),
            title: page.nav_title.clone(),
        }
    }
}

/// The same page in another language or version.
#[derive(Serialize)]
struct AlternateLink {
    code: String,
    href: String,
    /// The same page (announced with `hreflang`), not a fallback.
    equivalent: bool,
}

#[derive(Serialize)]
struct PageView<'a> {
    /// `<html lang>`.
    lang: &'a str,
    /// The page's own language, when the site has several.
    page_language: Option<&'a str>,
    /// The page's tab (index into `tabs`), which shows the anchors of that tab.
    tab: Option<usize>,
    /// The page's section, when tabs belong to sections (`TabScopes`).
    section: Option<usize>,
    /// The page's section has no tab to show: the tab bar is hidden.
    no_tabs: bool,
    /// The `<head>`'s meta tags (`page_meta`).
    meta: Vec<page_meta::Meta>,
    hreflang: Vec<AlternateLink>,
    other_versions: Vec<AlternateLink>,
    root: &'a str,
    /// `data-current-path` on `<html>`: Mintlify's `/slug`, which site CSS scopes rules by.
    current_path: String,
    site_name: &'a str,
    initial_mode: Option<&'static str>,
    /// `<html data-theme-name>`: the layout theme, none for mint.
    theme_name: Option<ThemeName>,
    version: Option<&'a str>,
    page_version: Option<&'a str>,
    title: &'a str,
    /// Frontmatter `tag` and `deprecated: true`, beside the title.
    tag: Option<&'a str>,
    deprecated: bool,
    /// The page's `mode` when the layout shows it (`custom`, `center`,
    /// `frame`), as a class of the layout.
    layout: Option<&'static str>,
    /// The title, description and page actions at the top (not on custom
    /// and frame pages).
    title_shown: bool,
    /// Under the title.
    description_html: Option<String>,
    eyebrow: Option<String>,
    html: &'a str,
    /// The page's `<style>`: its utility classes' CSS.
    utility_css: Option<&'a str>,
    intro: &'a str,
    aside: &'a str,
    /// Tested instead of `aside` in the template: tera escapes a string it
    /// only tests (the aside holds the samples: half an endpoint page).
    has_aside: bool,
    aside_label: &'a str,
    endpoint_path: Option<&'a str>,
    /// The frontmatter's `canonical`, or for a copy of a page (at the site
    /// root, a tab's folder) the page's own URL.
    canonical: Option<String>,
    /// The page's feed (`rss: true`).
    feed: Option<String>,
    toc: Vec<&'a TocEntry>,
    method: Option<String>,
    is_endpoint: bool,
    prev: Option<NavLink>,
    next: Option<NavLink>,
    /// docs.json `contextual`: copy or view the page's Markdown, ask an
    /// assistant about it (links only).
    actions: Vec<page_actions::PageAction>,
    /// docs.json `metadata.timestamp`: when the page last changed.
    last_modified: Option<&'a LastModified>,
    edit_url: Option<String>,
    issue_url: Option<String>,
    head: String,
    topbar: String,
    footer: String,
    sidebar: String,
}

/// The class naming a page mode whose layout differs from the default's
/// beyond "On this page" (which [`toc_entries`] leaves out).
fn layout_class(mode: PageMode) -> Option<&'static str> {
    match mode {
        PageMode::Default | PageMode::Wide => None,
        PageMode::Custom => Some("mode-custom"),
        PageMode::Center => Some("mode-center"),
        PageMode::Frame => Some("mode-frame"),
    }
}

/// The h2/h3 entries of "On this page"; none on a page whose mode is not
/// the default, or with an aside (it takes the place of the list).
fn toc_entries<'a>(page: &Page, theme: ThemeName, content: &'a PageContent) -> Vec<&'a TocEntry> {
    if page.mode_in(theme) != PageMode::Default || !content.aside.is_empty() {
        return Vec::new();
    }
    content
        .toc
        .iter()
        .filter(|e| e.level == 2 || e.level == 3)
        .collect()
}

fn page_file(page: &Page) -> PathBuf {
    page.source_path
        .clone()
        .unwrap_or_else(|| PathBuf::from(&page.slug))
}

/// HTML escaping for text and attribute values (tera's escape function).
pub use crate::html::escape as escape_html;
