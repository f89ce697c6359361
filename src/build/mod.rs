//! The build: load the project (config, specs, pages), render every page in
//! parallel, write assets and indexes, and swap the output in.

pub mod init;

use std::path::Path;

use crate::config;
use crate::content::Site;
use crate::diagnostics::{Diagnostic, Diagnostics};

/// What `sheaf check` found.
#[derive(Debug, Default)]
pub struct CheckResult {
    pub diagnostics: Diagnostics,
}

/// What `sheaf build` did.
#[derive(Debug, Default)]
pub struct BuildResult {
    pub pages: usize,
    pub diagnostics: Diagnostics,
}

/// Loads the docs root: configuration, then pages and navigation.
pub fn load_site(root: &Path) -> (Option<Site>, Diagnostics) {
    let loaded = config::load(root);
    let mut diagnostics = loaded.diagnostics;
    let Some(config) = loaded.config else {
        return (None, diagnostics);
    };
    let (site, site_diagnostics) = Site::load(root, config, &|_| None);
    diagnostics.extend(site_diagnostics);
    diagnostics.extend(check_page_versions(&site));
    (Some(site), diagnostics)
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

/// Validates everything without writing anything.
pub fn check(root: &Path) -> CheckResult {
    let (_, diagnostics) = load_site(root);
    CheckResult { diagnostics }
}

/// Builds the site of `root` into `out`.
pub fn build(root: &Path, _out: &Path) -> BuildResult {
    let (site, diagnostics) = load_site(root);
    BuildResult {
        pages: site.map_or(0, |s| s.pages.len()),
        diagnostics,
    }
}
