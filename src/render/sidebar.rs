//! The sidebar: navigation groups pre-rendered once per build, then written
//! per page. A page shows only its section's groups (those whose first page
//! shares its tab and anchor); its own group is expanded, the others collapse
//! to a header linking to their first page, so a page's sidebar does not
//! grow with the size of the site.

use std::collections::HashMap;

use rayon::prelude::*;
use serde::Serialize;
use tera::Context;

use super::fragment::{Current, Fragment, Key};
use super::templates::Templates;
use super::{icon, links};
use crate::content::{NavItem, Page, PageId, Site};
use crate::diagnostics::Diagnostic;

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
    /// Top-level group of each page (by page id).
    page_group: Vec<Option<usize>>,
    /// Innermost group name of each page: the eyebrow above its title.
    page_group_name: Vec<Option<String>>,
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
        version: Option<String>,
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
            page_group: vec![None; site.pages.len()],
            page_group_name: vec![None; site.pages.len()],
        };
        let mut top_groups = Vec::new();
        for item in &site.nav {
            let Some(first) = Site::first_page(std::slice::from_ref(item)) else {
                continue;
            };
            let index = top_groups.len();
            sidebar.mark_pages(item, index, None);
            let first = &site.pages[first];
            let key = (first.tab, first.anchor);
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
        Ok(sidebar)
    }

    /// Records the top-level group and innermost group name of every page under `item`.
    fn mark_pages(&mut self, item: &NavItem, group: usize, name: Option<&str>) {
        match item {
            NavItem::Page(id) => {
                self.page_group[*id] = Some(group);
                self.page_group_name[*id] = name.map(String::from);
            }
            NavItem::Group { name, items, .. } => {
                for child in items {
                    self.mark_pages(child, group, Some(name));
                }
            }
        }
    }

    /// The name of the group that lists `page`.
    pub fn group_name(&self, page: PageId) -> Option<&str> {
        self.page_group_name.get(page)?.as_deref()
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
        out.push_str("<ul class=\"nav-groups\">");
        for &group in groups {
            let fragments = &self.groups[group];
            let fragment = if Some(group) == own {
                &fragments.expanded
            } else {
                &fragments.collapsed
            };
            fragment.write(out, current);
        }
        out.push_str("</ul>");
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
        icon: group_icon(icon, icon_type),
        href: root_href.clone().unwrap_or_else(|| links::page_href(first)),
        root_href,
        tag: display.tag.clone(),
        version: version.clone(),
        language: display.language.clone(),
        expanded: true,
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
    let html = templates.render("sidebar_group.html", &context)?;
    Ok(Fragment::parse(html.trim_end()))
}

fn group_icon(icon: &Option<String>, icon_type: &Option<String>) -> String {
    icon.as_deref()
        .map(|name| icon::html(name, icon_type.as_deref()))
        .unwrap_or_default()
}

fn item_view(site: &Site, item: &NavItem) -> ItemView {
    match item {
        NavItem::Page(id) => {
            let page = &site.pages[*id];
            let fm = &page.frontmatter;
            ItemView::Page {
                href: links::page_href(page),
                title: page.nav_title.clone(),
                icon: group_icon(&fm.icon, &fm.icon_type),
                method: links::endpoint_method(page),
                current: Key::Page(page.id).current_marker(),
                version: fm.version.clone(),
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
            icon: group_icon(icon, icon_type),
            tag: display.tag.clone(),
            version: version.clone(),
            items: visible_items(site, items),
        },
    }
}
