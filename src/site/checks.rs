//! Checks that need the loaded site (its pages and sections), run once
//! `Site::load` is done: what frontmatter names must exist, and what the
//! config declares (tabs, anchors, redirects, top bar links) must lead
//! somewhere. Checks of the config alone are `config::semantic`'s.

use std::path::Path;

use super::{extras, links};
use crate::config::{self, BuiltinAction, ContextualOption, SiteConfig, SourceDoc, ThemeName};
use crate::content::{LinkTarget, Page, PageId, PageMode, Site};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;
use crate::sources::SourceFiles;

/// Everything said about the loaded `site`, whose config was read from
/// `file` (parsed as `source`).
pub fn after_loading(
    site: &Site,
    files: &SourceFiles,
    file: &Path,
    source: Option<&SourceDoc>,
) -> Vec<Diagnostic> {
    let mut out = check_page_versions(site);
    out.extend(check_page_icons(site));
    out.extend(check_page_modes(site));
    out.extend(super::page_keys::check(site));
    out.extend(check_empty_sections(site, file, source));
    let places = Places::of(site, files);
    out.extend(check_redirects(&places, file, source));
    out.extend(check_top_bar_links(&places, file, source));
    out
}

/// The page actions that install an MCP server, when there is none to
/// install: sheaf.toml names no server and no site URL (`--site-url`)
/// says where the site is published, whose stdio server (`npx -y sheaf
/// mcp SITE-URL`) they would install. They are left out, and one note at
/// `contextual` names the flag.
pub fn mcp_actions(
    config: &SiteConfig,
    site_url: Option<&str>,
    file: &Path,
    source: Option<&SourceDoc>,
) -> Vec<Diagnostic> {
    let wanting: Vec<String> = (config.contextual.iter())
        .filter_map(|option| match option {
            ContextualOption::Builtin(action) if BuiltinAction::needs_mcp_server(*action) => {
                serde_json::to_value(action)
                    .ok()?
                    .as_str()
                    .map(str::to_string)
            }
            _ => None,
        })
        .collect();
    if wanting.is_empty() || config.mcp_server.is_some() || site_url.is_some() {
        return Vec::new();
    }
    let note = Diagnostic::note(
        file,
        format!("page actions {} install the site's MCP server, which needs the site's URL; they are left out", wanting.join(", ")),
    )
    .with_rule(Rule::DocsJsonFeature)
    .with_help("build with `--site-url https://docs.example.com`: readers then install `npx -y sheaf mcp https://docs.example.com`, sheaf's server for the published site (or name your own in sheaf.toml, `[site]` `mcp-server = \"https://…\"`)");
    vec![match source {
        Some(doc) => doc.locate(note, "/contextual"),
        None => note,
    }]
}

/// A tab or anchor that leads nowhere is left out of the top bar or the
/// sidebar: say so, at it.
fn check_empty_sections(site: &Site, file: &Path, source: Option<&SourceDoc>) -> Vec<Diagnostic> {
    let config = &site.config;
    let docs_json = config::ConfigShape::of(file) == config::ConfigShape::DocsJson;
    let tabs = (config.tabs.iter().enumerate())
        .filter(|&(i, _)| site.is_empty_tab(i))
        .map(|(i, tab)| ("tab", "/tabs", i, &tab.name, &tab.url, "the top bar"));
    // A docs.json anchor may have been an anchor, a dropdown, a product or
    // a menu item.
    let anchor = if docs_json { "section" } else { "anchor" };
    let anchors = (config.anchors.iter().enumerate())
        .filter(|&(i, _)| site.is_empty_anchor(i))
        .map(|(i, a)| (anchor, "/anchors", i, &a.name, &a.url, "the sidebar"));
    tabs.chain(anchors)
        .map(|(kind, list, i, name, url, place)| {
            let (pointer, help) = if docs_json {
                (
                    format!("{list}/{i}"),
                    "give it groups or pages that exist, or an `href`, or remove it".to_string(),
                )
            } else {
                (
                    format!("{list}/{i}/url"),
                    format!(
                        "a {kind} holds the navigation pages whose path starts with its url: list pages under `{}/` in `navigation`, give it a full URL, or remove it",
                        url.trim_matches('/')
                    ),
                )
            };
            let message = format!("{kind} \"{name}\" has no pages, so {place} leaves it out");
            locate(source, Diagnostic::warning(file, message).with_rule(Rule::EmptySection).with_help(help), &pointer)
        })
        .collect()
}

/// What a local URL of the config may name: a place of the site
/// ([`Site::has_place`]) or a section root (the site root, a tab's folder).
struct Places<'s> {
    site: &'s Site,
    files: &'s SourceFiles,
    roots: Vec<(String, PageId)>,
}

impl<'s> Places<'s> {
    fn of(site: &'s Site, files: &'s SourceFiles) -> Places<'s> {
        Places {
            site,
            files,
            roots: site.section_roots(),
        }
    }

    /// Whether `url` leads somewhere: a URL elsewhere, a wildcard (the
    /// host's to match), or a place of the site.
    fn lead_to(&self, url: &str) -> bool {
        let path = extras::split_suffix(url).0.trim_matches('/');
        links::is_external(url)
            || path.is_empty()
            || path.contains([':', '*'])
            || self.site.has_place(self.files, path)
            || self.roots.iter().any(|(place, _)| place == path)
    }
}

/// A redirect to a local path that is no place of the site sends readers
/// to a missing page, and redirects that lead back to themselves send them
/// round: say so, at its destination.
fn check_redirects(places: &Places, file: &Path, source: Option<&SourceDoc>) -> Vec<Diagnostic> {
    (places.site.config.redirects.iter().enumerate())
        .filter(|(_, redirect)| !places.lead_to(&redirect.destination))
        .map(|(i, redirect)| {
            let path = extras::split_suffix(&redirect.destination).0.trim_matches('/');
            let warning = match places.site.link_target(path) {
                LinkTarget::Loop(passed) => Diagnostic::warning(
                    file,
                    format!("redirects from `{}` never reach a page: /{}", redirect.source, passed.join(" → /")),
                ).with_rule(Rule::RedirectLoop)
                .with_help("end the chain at a page: change one of these redirects' destination"),
                _ => Diagnostic::warning(
                    file,
                    format!(
                        "redirect destination `{}` is not a page or file of this site",
                        redirect.destination
                    ),
                ).with_rule(Rule::BrokenLink)
                .with_help(flag_hint(places.site, &redirect.destination).unwrap_or_else(|| format!(
                    "name a page's path as `navigation` does, a file of the docs root, or a full URL; readers of `{}` land on a missing page meanwhile",
                    redirect.source
                ))),
            };
            locate(source, warning, &format!("/redirects/{i}/destination"))
        })
        .collect()
}

/// A top bar link or button to a local path that is no place of the site:
/// shown as written (it may name another site on the same host), and said.
fn check_top_bar_links(
    places: &Places,
    file: &Path,
    source: Option<&SourceDoc>,
) -> Vec<Diagnostic> {
    let config = &places.site.config;
    let links = (config.topbar_links.iter().enumerate())
        .map(|(i, link)| (format!("/topbarLinks/{i}/url"), &link.url));
    let button =
        (config.topbar_cta_button.iter()).map(|cta| ("/topbarCtaButton/url".to_string(), &cta.url));
    links
        .chain(button)
        .filter(|(_, url)| !places.lead_to(url))
        .map(|(pointer, url)| {
            let warning = Diagnostic::warning(
                file,
                format!("top bar link `{url}` is not a page or file of this site"),
            ).with_rule(Rule::BrokenLink)
            .with_help(flag_hint(places.site, url).unwrap_or_else(|| {
                "name a page's path as `navigation` does, a file of the docs root, or a full URL (`https://…`) for a page of another site".to_string()
            }));
            locate(source, warning, &pointer)
        })
        .collect()
}

/// The hint naming `--base-path` for a config link written with a prefix
/// the site is not told it is published under (`/docs/quickstart`).
fn flag_hint(site: &Site, url: &str) -> Option<String> {
    let target = extras::split_suffix(url).0.trim_matches('/');
    links::base_path_hint(site, url, target)
}

/// `diagnostic` placed at `pointer` of the config file, when it was parsed.
fn locate(source: Option<&SourceDoc>, diagnostic: Diagnostic, pointer: &str) -> Diagnostic {
    match source {
        Some(source) => source.locate(diagnostic, pointer),
        None => diagnostic,
    }
}

/// A page's frontmatter `version` naming no declared version is a
/// warning: the navigation decides which version the page belongs to
/// (real sites write `version: v5` where docs.json declares `v5.x`).
fn check_page_versions(site: &Site) -> Vec<Diagnostic> {
    let declared = site.config.version_names();
    site.source_pages()
        .filter_map(|page| {
            let version = page.frontmatter.version.as_deref()?;
            let path = page.source_path.as_ref()?;
            if declared.contains(&version) {
                return None;
            }
            let line = page.frontmatter_line(&site.root, &["version"])?;
            Some(
                Diagnostic::warning(
                    path,
                    format!("version \"{version}\" is not declared in `versions`; the navigation decides the page's version"),
                ).with_rule(Rule::UnknownVersion)
                .at_line(line, 1)
                .with_help(format!(
                    "declare \"{version}\" in the config's `versions`, name one it declares ({}), or remove the key",
                    if declared.is_empty() { "none are declared".to_string() } else { declared.join(", ") }
                )),
            )
        })
        .collect()
}

/// A `mode` Mintlify does not have lays the page out as the default.
fn check_page_modes(site: &Site) -> Vec<Diagnostic> {
    (site.source_pages())
        .filter_map(|page| {
            let mode = page.frontmatter.mode.as_deref()?;
            let theme = site.config.theme_name();
            if PageMode::named(mode).is_some() {
                return (!theme.allows_mode(mode)).then(|| theme_mode_note(site, page, mode))?;
            }
            let path = page.source_path.as_ref()?;
            let line = page.frontmatter_line(&site.root, &["mode"])?;
            let names: Vec<String> = PageMode::names().map(|n| format!("`{n}`")).collect();
            let names = names.join(", ");
            let warning = Diagnostic::warning(path, format!("unknown page mode \"{mode}\""))
                .with_rule(Rule::UnknownMode)
                .at_line(line, 1)
                .with_help(format!(
                    "the page is laid out as `default`; use one of {names}"
                ));
            Some(warning)
        })
        .collect()
}

/// A `mode` Mintlify gives other themes than the site's (`frame`, `center`).
fn theme_mode_note(site: &Site, page: &Page, mode: &str) -> Option<Diagnostic> {
    let path = page.source_path.as_ref()?;
    let line = page.frontmatter_line(&site.root, &["mode"])?;
    let theme = site.config.theme_name().as_str();
    let themes = ThemeName::with_mode(mode).join(", ");
    let note = Diagnostic::note(
        path,
        format!("the {theme} theme has no `{mode}` mode; the page is laid out as `default`"),
    )
    .with_rule(Rule::ThemeMode)
    .at_line(line, 1)
    .with_help(format!(
        "Mintlify offers `{mode}` in the {themes} themes; choose one of them in docs.json `theme`, or another mode"
    ));
    Some(note)
}

/// Page frontmatter icons must be known (or image paths).
fn check_page_icons(site: &Site) -> Vec<Diagnostic> {
    site.source_pages()
        .filter_map(|page| {
            let icon = page.frontmatter.icon.as_deref()?;
            let icon_type = page.frontmatter.icon_type.as_deref();
            let finding = config::icon_finding(icon, icon_type, site.config.icon_library())?;
            let path = page.source_path.as_ref()?;
            let line = page.frontmatter_line(&site.root, &["icon"])?;
            Some(finding.diagnostic(path).at_line(line, 1))
        })
        .collect()
}
