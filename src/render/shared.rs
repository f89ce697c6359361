//! The fragments every page shares (head tags, top bar with tabs, sidebar
//! top with anchors and versions, footer), rendered once per build from
//! `site.json`; a language with its own top bar, footer or banner gets its
//! own top bar and footer. Links in them carry the root marker; the current tab and
//! anchor carry current/hidden markers (see [`super::fragment`]). Each
//! fragment's view is made in its own module (`head.rs`, `topbar.rs`,
//! `sidebar_top.rs`, `footer.rs`); this one renders them.

use std::collections::HashMap;

use serde::Serialize;
use tera::Context;

use super::footer::footer_view;
use super::fragment::Fragment;
use super::head::head_view;
use super::sidebar_top::sidebar_top_view;
use super::tabbar;
use super::templates::Templates;
use super::topbar::topbar_view;
use crate::config::SiteConfig;
use crate::content::Site;
use crate::diagnostics::Diagnostic;

pub use super::head::{background_style, boot_script, AssetLinks};
pub use super::site_css::{site_css, TabScopes};

/// The shared fragments of a site.
pub struct Shared {
    pub head: Fragment,
    topbar: Fragment,
    sidebar_top: Fragment,
    footer: Fragment,
    /// The sidebar's bottom (empty unless the theme shows the top bar's
    /// links there).
    sidebar_end: Fragment,
    /// The top bar, sidebar top, footer and sidebar bottom of each language
    /// that has its own links, footer or banner
    /// (`SiteConfig::for_language`), by code.
    languages: HashMap<String, [Fragment; 4]>,
    /// The files the fragments link (the tab bar's, with many tabs).
    pub files: tabbar::Files,
}

impl Shared {
    pub fn build(site: &Site, assets: &AssetLinks, t: &Templates) -> Result<Shared, Diagnostic> {
        let head = render(t, "head.html", "head", &head_view(site, assets))?;
        let (topbar, mut files) = render_topbar(site, &site.config, t, &head)?;
        let mut languages = HashMap::new();
        for language in &site.config.languages {
            let Some(config) = site.config.for_language(&language.code) else {
                continue;
            };
            let (topbar, more) = render_topbar(site, &config, t, &head)?;
            files.extend(more);
            let top = sidebar_top_view(site, &config);
            let end = render(t, "sidebar_end.html", "top", &top)?;
            let top = render(t, "sidebar_top.html", "top", &top)?;
            let footer = render(t, "footer.html", "footer", &footer_view(&config))?;
            languages.insert(language.code.clone(), [topbar, top, footer, end]);
        }
        let top = sidebar_top_view(site, &site.config);
        Ok(Shared {
            head,
            topbar,
            sidebar_top: render(t, "sidebar_top.html", "top", &top)?,
            footer: render(t, "footer.html", "footer", &footer_view(&site.config))?,
            sidebar_end: render(t, "sidebar_end.html", "top", &top)?,
            languages,
            files,
        })
    }

    /// The top bar of the pages in `language` (a code).
    pub fn topbar(&self, language: &str) -> &Fragment {
        self.languages
            .get(language)
            .map_or(&self.topbar, |[t, _, _, _]| t)
    }

    /// The sidebar's top on the pages in `language`.
    pub fn sidebar_top(&self, language: &str) -> &Fragment {
        self.languages
            .get(language)
            .map_or(&self.sidebar_top, |[_, s, _, _]| s)
    }

    /// The sidebar's bottom on the pages in `language`.
    pub fn sidebar_end(&self, language: &str) -> &Fragment {
        self.languages
            .get(language)
            .map_or(&self.sidebar_end, |[_, _, _, e]| e)
    }

    /// The footer of the pages in `language`.
    pub fn footer(&self, language: &str) -> &Fragment {
        self.languages
            .get(language)
            .map_or(&self.footer, |[_, _, f, _]| f)
    }
}

/// The top bar, and the files it links when it has more tabs than every
/// page lists (see `tabbar.rs`).
fn render_topbar(
    site: &Site,
    config: &SiteConfig,
    t: &Templates,
    head: &Fragment,
) -> Result<(Fragment, tabbar::Files), Diagnostic> {
    let view = topbar_view(site, config);
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
