//! The sidebar: navigation groups pre-rendered once per build, then written
//! per page. A page shows only its section's groups (those whose first page
//! shares its tab and anchor); its own group is expanded, the others collapse
//! to a header linking to their first page, so a page's sidebar does not
//! grow with the size of the site.
//!
//! Only the page's own group is in its HTML. The section's other groups,
//! the same on every page of the section, come from one cached script per
//! section (`_sheaf/nav-<hash>/<n>.js`, as mdBook's `toc.js`): a classic
//! script in the list, just before the page's group, which the parser runs
//! before it goes on, so the groups above are in place before the sidebar
//! paints and the groups below are added the moment the page's group is
//! parsed (a `MutationObserver`, whose callbacks run before any paint).
//! Without JavaScript, a link after the list opens `<n>.html`, every group
//! of the section with its pages.

use std::collections::HashMap;

use rayon::prelude::*;
use serde::Serialize;
use tera::Context;

use std::path::PathBuf;

use super::fragment::{insertion_script, link_from, Current, Fragment, Key};
use super::templates::Templates;
use super::{icon, links, NavIndexPage};
use crate::config::looks::Eyebrows;
use crate::content::{NavItem, Page, PageId, Site};
use crate::diagnostics::Diagnostic;
use crate::html::escape;

/// Where the section script finds the page's group: its `data-g`
/// attribute (none: the page's group is not in the section's list).
const GROUP_POSITION: &str = "function(s){var a=s.getAttribute(\"data-g\");return a==null?null:+a}";

/// A section: (tab, anchor) of a page.
type SectionKey = (Option<usize>, Option<usize>);

/// One top-level group, in both states.
struct GroupFragments {
    section: SectionKey,
    collapsed: Fragment,
    expanded: Fragment,
}

pub struct Sidebar {
    groups: Vec<GroupFragments>,
    sections: HashMap<SectionKey, Vec<usize>>,
    /// The number of each section (its files' names), in navigation order.
    section_numbers: HashMap<SectionKey, usize>,
    /// The language of each section (of its first page).
    section_languages: HashMap<SectionKey, String>,
    /// The folder of the section files (`_sheaf/nav-<hash>/`) and the files.
    folder: String,
    files: Vec<(String, String)>,
    /// Top-level group of each page (by page id).
    page_group: Vec<Option<usize>>,
    /// The group names around each page, outermost first: the eyebrow
    /// above its title is the last (`section`) or all (`breadcrumbs`).
    page_group_path: Vec<Vec<String>>,
}

#[derive(Serialize)]
struct GroupView {
    name: String,
    icon: String,
    /// Where the collapsed group's name leads: its root page, else its first.
    href: String,
    /// The root page the expanded group's name links to, if it has one.
    root_href: Option<String>,
    tag: Option<String>,
    version: Option<String>,
    language: Option<String>,
    expanded: bool,
    /// `interaction.drilldown: false`: the collapsed group opens in place
    /// (a disclosure) instead of leading to its first page.
    in_place: bool,
    items: Vec<ItemView>,
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum ItemView {
    Page {
        href: String,
        title: String,
        icon: String,
        method: Option<String>,
        current: String,
        /// ` data-active` on the page's own entry (Mintlify's mark).
        active: String,
        version: Option<String>,
        /// Frontmatter `tag`, and `deprecated: true`.
        tag: Option<String>,
        deprecated: bool,
        /// The external arrow, when frontmatter `url` leads elsewhere.
        external: Option<String>,
    },
    Group {
        name: String,
        icon: String,
        tag: Option<String>,
        version: Option<String>,
        items: Vec<ItemView>,
    },
}

impl Sidebar {
    pub fn build(site: &Site, templates: &Templates) -> Result<Sidebar, Diagnostic> {
        let mut sidebar = Sidebar {
            groups: Vec::new(),
            sections: HashMap::new(),
            section_numbers: HashMap::new(),
            section_languages: HashMap::new(),
            folder: String::new(),
            files: Vec::new(),
            page_group: vec![None; site.pages.len()],
            page_group_path: vec![Vec::new(); site.pages.len()],
        };
        let mut top_groups = Vec::new();
        for item in &site.nav {
            let Some(first) = Site::first_page(std::slice::from_ref(item)) else {
                continue;
            };
            let index = top_groups.len();
            sidebar.mark_pages(item, index, &mut Vec::new());
            let first = &site.pages[first];
            let key = (first.tab, first.anchor);
            let next = sidebar.section_numbers.len();
            sidebar.section_numbers.entry(key).or_insert(next);
            sidebar
                .section_languages
                .entry(key)
                .or_insert_with(|| site.language_of(first).to_string());
            sidebar.sections.entry(key).or_default().push(index);
            top_groups.push((item, first, key));
        }
        sidebar.groups = top_groups
            .into_par_iter()
            .map(|(item, first, section)| {
                let (collapsed, expanded) = render_group(site, item, first, templates)?;
                Ok(GroupFragments {
                    section,
                    collapsed,
                    expanded,
                })
            })
            .collect::<Result<_, Diagnostic>>()?;
        sidebar.write_section_scripts();
        Ok(sidebar)
    }

    /// One script per section holding its groups collapsed (links from the
    /// site root, prefixed in the browser with `<html data-root>`), in a
    /// folder named by their hash so a new build is never read from cache.
    fn write_section_scripts(&mut self) {
        let mut numbered: Vec<(&SectionKey, &usize)> = self.section_numbers.iter().collect();
        numbered.sort_by_key(|(_, n)| **n);
        let scripts: Vec<(usize, String)> = numbered
            .into_iter()
            .map(|(key, &n)| {
                let groups: Vec<&Fragment> = self.sections[key]
                    .iter()
                    .map(|&g| &self.groups[g].collapsed)
                    .collect();
                (n, insertion_script(&groups, GROUP_POSITION))
            })
            .collect();
        let all: String = scripts.iter().map(|(_, s)| s.as_str()).collect();
        self.folder = format!(
            "{}/nav-{}/",
            super::assets::OUTPUT_DIR,
            super::assets::fingerprint(all.as_bytes())
        );
        self.files = scripts
            .into_iter()
            .map(|(n, script)| (format!("{}{n}.js", self.folder), script))
            .collect();
    }

    /// The section files: each section's script, and the page listing all
    /// its groups for readers without JavaScript (`head` is the shared head
    /// fragment, for the stylesheet and colour mode).
    pub fn files(&self, site: &Site, head: &Fragment) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files: Vec<(PathBuf, Vec<u8>)> = self
            .files
            .iter()
            .map(|(path, script)| (PathBuf::from(path), script.clone().into_bytes()))
            .collect();
        for (key, &n) in &self.section_numbers {
            let page = NavIndexPage {
                dir: &self.folder,
                language: &self.section_languages[key],
                title: "All groups",
                nav: "<nav aria-label=Documentation><ul class=nav-groups>",
            };
            let html = page.render(site, head, |html, current| {
                for &g in &self.sections[key] {
                    self.groups[g].expanded.write(html, current);
                }
            });
            files.push((
                PathBuf::from(format!("{}{n}.html", self.folder)),
                html.into_bytes(),
            ));
        }
        files
    }

    /// Records the top-level group and the group path of every page under `item`.
    fn mark_pages(&mut self, item: &NavItem, group: usize, path: &mut Vec<String>) {
        match item {
            NavItem::Page(id) => {
                self.page_group[*id] = Some(group);
                self.page_group_path[*id] = path.clone();
            }
            NavItem::Group { name, items, .. } => {
                path.push(name.clone());
                for child in items {
                    self.mark_pages(child, group, path);
                }
                path.pop();
            }
        }
    }

    /// The eyebrow above `page`'s title (HTML): the name of the group
    /// that lists it, or with `breadcrumbs` the names of all its groups.
    pub fn eyebrow(&self, page: PageId, style: Eyebrows) -> Option<String> {
        let path: Vec<&str> = (self.page_group_path.get(page)?.iter())
            .map(String::as_str)
            .filter(|name| !name.is_empty())
            .collect();
        let html = match style {
            Eyebrows::Breadcrumbs if path.len() > 1 => {
                let items: String = (path.iter())
                    .map(|name| format!("<li>{}</li>", escape(name)))
                    .collect();
                format!("<nav class=\"eyebrow breadcrumbs\" aria-label=Breadcrumbs><ol>{items}</ol></nav>")
            }
            _ => format!("<p class=eyebrow>{}</p>", escape(path.last()?)),
        };
        Some(html)
    }

    /// Writes the groups of `page`'s section, its own group expanded.
    pub fn write(&self, out: &mut String, page: &Page, current: &Current) {
        let own = self.page_group.get(page.id).copied().flatten();
        let key = match own {
            Some(group) => self.groups[group].section,
            None => (page.tab, page.anchor),
        };
        // A page outside the navigation whose section has no groups (the
        // home page of a docs.json whose navigation is all tabs) shows the
        // first section's.
        let first_section = self.groups.first().map(|g| g.section);
        let Some(groups) = self
            .sections
            .get(&key)
            .or_else(|| self.sections.get(&first_section?))
        else {
            return;
        };
        out.push_str("<ul id=sidebar-content class=nav-groups>");
        let position = groups.iter().position(|&g| Some(g) == own);
        let others = groups.len() - usize::from(position.is_some());
        let files = &self.folder;
        let n = self.section_numbers.get(&key).or_else(|| {
            self.groups
                .first()
                .and_then(|g| self.section_numbers.get(&g.section))
        });
        let n = n.copied().unwrap_or_default();
        if others > 0 {
            let src = link_from(current.dir, &format!("{files}{n}.js"));
            out.push_str(&format!("<script src={src}"));
            if let Some(position) = position {
                out.push_str(&format!(" data-g={position}"));
            }
            out.push_str("></script>");
        }
        if let (Some(group), Some(_)) = (own, position) {
            self.groups[group].expanded.write(out, current);
        }
        out.push_str("</ul>");
        if others > 0 {
            let href = link_from(current.dir, &format!("{files}{n}.html"));
            out.push_str(&format!(
                "<noscript><a class=nav-all href={href}>All groups</a></noscript>"
            ));
        }
    }
}

fn render_group(
    site: &Site,
    item: &NavItem,
    first: &Page,
    templates: &Templates,
) -> Result<(Fragment, Fragment), Diagnostic> {
    let NavItem::Group {
        name,
        icon,
        icon_type,
        version,
        items,
        display,
    } = item
    else {
        unreachable!("top-level navigation items are groups");
    };
    let root_href = display.root.map(|id| links::page_href(&site.pages[id]));
    let mut view = GroupView {
        name: name.clone(),
        icon: group_icon(site, icon, icon_type),
        href: root_href.clone().unwrap_or_else(|| links::page_href(first)),
        root_href,
        tag: display.tag.clone(),
        version: version.clone(),
        language: display.language.clone(),
        expanded: true,
        in_place: site.config.looks.drilldown == Some(false),
        items: visible_items(site, items),
    };
    let expanded = render_view(&view, templates)?;
    // A group marked `expanded` (or without a name to collapse to) stays open.
    if display.expanded || name.is_empty() {
        return Ok((expanded.clone(), expanded));
    }
    view.expanded = false;
    let collapsed = render_view(&view, templates)?;
    Ok((collapsed, expanded))
}

/// The sidebar entries of `items` (hidden groups and pages are not in
/// `site.nav`: `content` leaves them out).
fn visible_items(site: &Site, items: &[NavItem]) -> Vec<ItemView> {
    items.iter().map(|item| item_view(site, item)).collect()
}

fn render_view(view: &GroupView, templates: &Templates) -> Result<Fragment, Diagnostic> {
    let mut context = Context::new();
    context.insert("group", view);
    let html = templates.render_shared("sidebar_group.html", &context, true)?;
    Ok(Fragment::parse(&html))
}

fn group_icon(site: &Site, icon: &Option<String>, icon_type: &Option<String>) -> String {
    let library = site.config.icon_library();
    icon.as_deref()
        .map(|name| icon::html(name, icon_type.as_deref(), library))
        .unwrap_or_default()
}

fn item_view(site: &Site, item: &NavItem) -> ItemView {
    match item {
        NavItem::Page(id) => {
            let page = &site.pages[*id];
            let fm = &page.frontmatter;
            let url = fm.sidebar_url();
            ItemView::Page {
                href: url.map_or_else(|| links::page_href(page), String::from),
                title: page.nav_title.clone(),
                icon: group_icon(site, &fm.icon, &fm.icon_type),
                method: links::endpoint_method(page).filter(|_| !fm.hide_api_marker),
                current: Key::Page(page.id).current_marker(),
                active: Key::Page(page.id).active_marker(),
                version: fm.version.clone(),
                tag: fm.tag.clone(),
                deprecated: fm.deprecated,
                external: url.map(|_| icon::ui("arrow-up-right-from-square")),
            }
        }
        NavItem::Group {
            name,
            icon,
            icon_type,
            version,
            items,
            display,
        } => ItemView::Group {
            name: name.clone(),
            icon: group_icon(site, icon, icon_type),
            tag: display.tag.clone(),
            version: version.clone(),
            items: visible_items(site, items),
        },
    }
}
