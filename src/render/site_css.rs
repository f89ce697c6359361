//! The site's own rules for the theme's stylesheet: colour variables, and
//! the rules that show only the entries of the current version, tab,
//! section and language. [`TabScopes`] says which tabs show on which pages.

use super::colors;
use crate::config::SiteConfig;

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
    css.push_str(&super::looks_css::looks_css(&config.looks));
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
                "html[data-section=\"{section}\"] .nav-tabs [data-section]:not([data-section=\"{section}\"]){{display:none!important}}\n"
            ));
        }
        if !self.sections.is_empty() {
            css.push_str(
                "html:not([data-section]) .nav-tabs [data-section]{display:none!important}\n",
            );
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

/// A CSS string literal; `<` escaped so it cannot close the `<style>` element.
pub fn css_string(s: &str) -> String {
    let escaped = s
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('<', "\\3c ")
        .replace('\n', "\\a ");
    format!("\"{escaped}\"")
}
