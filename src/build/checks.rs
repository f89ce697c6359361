//! Checks that need the loaded site (its pages and sections), run once
//! `Site::load` is done: what frontmatter names must exist, and what the
//! config declares (tabs, redirects) must lead somewhere. Config-only checks are
//! `config::semantic`'s.

use std::path::Path;

use super::{extras, links};
use crate::config::{self, SourceDoc};
use crate::content::Site;
use crate::diagnostics::Diagnostic;

/// Everything said about the loaded `site`, whose config was read from
/// `file` (parsed as `source`).
pub fn after_loading(site: &Site, file: &Path, source: Option<&SourceDoc>) -> Vec<Diagnostic> {
    let mut out = check_page_versions(site);
    out.extend(check_page_icons(site));
    out.extend(check_empty_tabs(site, file, source));
    out.extend(check_redirects(site, file, source));
    out
}

/// A tab that leads nowhere is left out of the top bar: say so, at the tab.
fn check_empty_tabs(site: &Site, file: &Path, source: Option<&SourceDoc>) -> Vec<Diagnostic> {
    let shape = config::ConfigShape::of(file);
    (site.config.tabs.iter().enumerate())
        .filter(|&(i, _)| site.is_empty_tab(i))
        .map(|(i, tab)| {
            let (pointer, help) = match shape {
                config::ConfigShape::SiteJson => (
                    format!("/tabs/{i}/url"),
                    format!(
                        "a tab holds the navigation pages whose path starts with its url: list pages under `{}/` in `navigation`, or remove the tab",
                        tab.url.trim_matches('/')
                    ),
                ),
                config::ConfigShape::DocsJson => (
                    format!("/tabs/{i}"),
                    "give the tab groups or pages that exist, or an `href`, or remove it".to_string(),
                ),
            };
            let warning = Diagnostic::warning(
                file,
                format!("tab \"{}\" has no pages, so the top bar leaves it out", tab.name),
            )
            .with_help(help);
            locate(source, warning, &pointer)
        })
        .collect()
}

/// A redirect to a local path that is no page, section root or file of
/// the docs root sends readers to a missing page: say so, at its
/// destination. Wildcard destinations (`:slug*`) are the host's to match.
fn check_redirects(site: &Site, file: &Path, source: Option<&SourceDoc>) -> Vec<Diagnostic> {
    if site.config.redirects.is_empty() {
        return Vec::new();
    }
    let roots = site.section_roots();
    let leads_somewhere = |destination: &str| {
        let path = extras::split_suffix(destination).0.trim_matches('/');
        links::is_external(destination)
            || path.is_empty()
            || path.contains([':', '*'])
            || site.page_by_slug(path).is_some()
            || roots.iter().any(|(place, _)| place == path)
            || site.root.join(path).exists()
    };
    (site.config.redirects.iter().enumerate())
        .filter(|(_, redirect)| !leads_somewhere(&redirect.destination))
        .map(|(i, redirect)| {
            let warning = Diagnostic::warning(
                file,
                format!(
                    "redirect destination `{}` is not a page or file of this site",
                    redirect.destination
                ),
            )
            .with_help(format!(
                "name a page's path as `navigation` does, a file of the docs root, or a full URL; readers of `{}` land on a missing page meanwhile",
                redirect.source
            ));
            locate(source, warning, &format!("/redirects/{i}/destination"))
        })
        .collect()
}

/// `diagnostic` placed at `pointer` of the config file, when it was parsed.
fn locate(source: Option<&SourceDoc>, diagnostic: Diagnostic, pointer: &str) -> Diagnostic {
    match source {
        Some(source) => source.locate(diagnostic, pointer),
        None => diagnostic,
    }
}

/// Page frontmatter may only name declared versions.
fn check_page_versions(site: &Site) -> Vec<Diagnostic> {
    let declared = site.config.version_names();
    site.pages
        .iter()
        .filter_map(|page| {
            let version = page.frontmatter.version.as_deref()?;
            let path = page.source_path.as_ref()?;
            if declared.contains(&version) {
                return None;
            }
            let line = page
                .source
                .lines()
                .position(|l| l.trim_start().starts_with("version:"))?
                + 1;
            Some(
                Diagnostic::error(
                    path,
                    format!("version \"{version}\" is not declared in site.json `versions`"),
                )
                .at_line(line, 1)
                .with_help(format!(
                    "add \"{version}\" to `versions` in site.json, or fix the name"
                )),
            )
        })
        .collect()
}

/// Page frontmatter icons must be known (or image paths).
fn check_page_icons(site: &Site) -> Vec<Diagnostic> {
    site.pages
        .iter()
        .filter_map(|page| {
            let icon = page.frontmatter.icon.as_deref()?;
            let icon_type = page.frontmatter.icon_type.as_deref();
            if crate::icons::is_image_reference(icon)
                || crate::icons::lookup(icon, icon_type).is_some()
            {
                return None;
            }
            let path = page.source_path.as_ref()?;
            let line = page
                .source
                .lines()
                .position(|l| l.trim_start().starts_with("icon:"))?
                + 1;
            let warning =
                Diagnostic::warning(path, format!("unknown icon \"{icon}\"")).at_line(line, 1);
            Some(config::unknown_icon(warning))
        })
        .collect()
}
