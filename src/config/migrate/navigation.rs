//! The docs.json `navigation`: each site.json group nested in its tab,
//! anchor, language and version ([`Navigation`]), the tree of divisions it
//! is written into ([`Node`]), their own keys ([`Heads`]), and the notes on
//! what the nesting cannot keep.

use serde_json::{json, Map, Value};

use super::divisions::{first_page, listed_slugs, page_slug};
use super::{insert_some, Output};
use crate::config::{
    section_of, Anchor, AnchorColor, IconType, NavEntry, NavGroup, SiteConfig, Version,
};
use crate::sources::SourceFiles;

/// One step from the top of the navigation down to where a group goes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Language(String),
    Version(String),
    /// `None`: the first tab, holding the groups of no tab.
    Tab(Option<usize>),
    Anchor(usize),
    /// The anchor holding the groups of no anchor (`topAnchor`, else
    /// "Documentation"), written first as Mintlify's upgrade does: on a site
    /// without tabs, or one whose anchors nest its tabs (then it holds them).
    TopAnchor,
}

/// A division being written: its own keys, then what is inside it.
#[derive(Debug, Default)]
struct Node {
    languages: Vec<(Step, Map<String, Value>, Node)>,
    versions: Vec<(Step, Map<String, Value>, Node)>,
    tabs: Vec<(Step, Map<String, Value>, Node)>,
    anchors: Vec<(Step, Map<String, Value>, Node)>,
    groups: Vec<Value>,
}

impl Node {
    /// The node at `path`, each division made (with `head`) on first use.
    fn at(&mut self, path: &[Step], head: &dyn Fn(&Step) -> Map<String, Value>) -> &mut Node {
        let Some((step, rest)) = path.split_first() else {
            return self;
        };
        let list = match step {
            Step::Language(_) => &mut self.languages,
            Step::Version(_) => &mut self.versions,
            Step::Tab(_) => &mut self.tabs,
            Step::Anchor(_) | Step::TopAnchor => &mut self.anchors,
        };
        let index = match list.iter().position(|(s, _, _)| s == step) {
            Some(index) => index,
            None => {
                list.push((step.clone(), head(step), Node::default()));
                list.len() - 1
            }
        };
        list[index].2.at(rest, head)
    }

    /// The node as docs.json keys, in the order the loader reads them.
    fn write(self, out: &mut Map<String, Value>) {
        for (key, items) in [
            ("languages", self.languages),
            ("versions", self.versions),
            ("tabs", self.tabs),
            ("anchors", self.anchors),
        ] {
            let items: Vec<_> = items
                .into_iter()
                .filter(|(step, head, node)| !is_empty_tab(step, head, node))
                .collect();
            if items.is_empty() {
                continue;
            }
            let values: Vec<Value> = items
                .into_iter()
                .map(|(_, mut head, node)| {
                    node.write(&mut head);
                    Value::Object(head)
                })
                .collect();
            out.insert(key.into(), Value::Array(values));
        }
        if !self.groups.is_empty() {
            out.insert("groups".into(), Value::Array(self.groups));
        }
    }

    /// The node at `path`, if it was made.
    fn find(&self, path: &[Step]) -> Option<&Node> {
        let Some((step, rest)) = path.split_first() else {
            return Some(self);
        };
        let list = match step {
            Step::Language(_) => &self.languages,
            Step::Version(_) => &self.versions,
            Step::Tab(_) => &self.tabs,
            Step::Anchor(_) | Step::TopAnchor => &self.anchors,
        };
        let (_, _, node) = list.iter().find(|(s, _, _)| s == step)?;
        node.find(rest)
    }

    fn is_empty(&self) -> bool {
        let lists = [&self.languages, &self.versions, &self.tabs, &self.anchors];
        self.groups.is_empty() && lists.iter().all(|list| list.is_empty())
    }
}

/// A tab that links nowhere and holds nothing, which Mintlify's upgrade
/// leaves out (a site.json tab whose folder no group lists).
fn is_empty_tab(step: &Step, head: &Map<String, Value>, node: &Node) -> bool {
    matches!(step, Step::Tab(_)) && !head.contains_key("href") && node.is_empty()
}

/// The navigation being written.
pub(super) struct Navigation<'a> {
    config: &'a SiteConfig,
    out: &'a mut Output,
    /// Each top-level group's tab and anchor, as the site.json reader sees them.
    sections: Vec<(Option<usize>, Option<usize>)>,
    root: Node,
    global_anchors: Vec<Value>,
    /// Whether the anchors nest the tabs ([`super::anchors_nest_tabs`]).
    anchors_on_top: bool,
}

impl<'a> Navigation<'a> {
    pub(super) fn new(
        config: &'a SiteConfig,
        files: &SourceFiles,
        out: &'a mut Output,
    ) -> Navigation<'a> {
        let tab_urls: Vec<&str> = config.tabs.iter().map(|t| t.url.as_str()).collect();
        let anchor_urls: Vec<&str> = config.anchors.iter().map(|a| a.url.as_str()).collect();
        let sections = config
            .navigation
            .iter()
            .map(|group| {
                let first = first_page(&group.pages, files);
                let slug = first.as_deref().unwrap_or_default();
                (
                    group.tab.or_else(|| section_of(slug, &tab_urls)),
                    group.anchor.or_else(|| section_of(slug, &anchor_urls)),
                )
            })
            .collect();
        let mut navigation = Navigation {
            config,
            out,
            sections,
            root: Node::default(),
            global_anchors: Vec::new(),
            anchors_on_top: super::anchors_nest_tabs(config),
        };
        navigation.note_folders(files);
        navigation
    }

    pub(super) fn build(mut self) -> Value {
        self.declare_languages_and_versions();
        self.declare_tabs();
        self.declare_anchors();
        for (index, group) in self.config.navigation.iter().enumerate() {
            self.place_group(index, group);
        }
        self.note_empty_tabs();
        let mut navigation = Map::new();
        std::mem::take(&mut self.root).write(&mut navigation);
        if !self.global_anchors.is_empty() {
            navigation.insert(
                "global".into(),
                json!({"anchors": std::mem::take(&mut self.global_anchors)}),
            );
        }
        Value::Object(navigation)
    }

    fn node(&mut self, path: &[Step]) -> &mut Node {
        let heads = Heads(self.config);
        self.root.at(path, &|step| heads.head(step))
    }

    fn declare_languages_and_versions(&mut self) {
        for language in &self.config.languages {
            self.node(&[Step::Language(language.code.clone())]);
        }
        for version in &self.config.versions {
            self.node(&[Step::Version(version.name().to_string())]);
        }
    }

    fn has_tabs(&self) -> bool {
        !self.config.tabs.is_empty()
    }

    /// Where tab `tab` is written: in its version, if it has one, and in
    /// the first anchor when the anchors nest the tabs.
    fn tab_path(&self, tab: Option<usize>) -> Vec<Step> {
        if !self.has_tabs() {
            return Vec::new();
        }
        let version = tab.and_then(|i| self.config.tabs[i].version.clone());
        let top = self.anchors_on_top.then_some(Step::TopAnchor);
        version
            .map(Step::Version)
            .into_iter()
            .chain(top)
            .chain([Step::Tab(tab)])
            .collect()
    }

    fn declare_tabs(&mut self) {
        if !self.has_tabs() {
            if let Some(top) = &self.config.top_anchor {
                if top.name != "Documentation"
                    && !self.config.anchors.is_empty()
                    && !self.has_top_anchor()
                {
                    self.out.leave_out(
                        "topAnchor.name",
                        "without tabs docs.json has no section outside the anchors to name",
                    );
                }
            }
            return;
        }
        if self.anchors_on_top {
            let head = Heads(self.config).head(&Step::TopAnchor);
            self.out.top_anchor = head["anchor"].as_str().map(String::from);
        }
        let first = self.tab_path(None);
        let head = Heads(self.config).head(&Step::Tab(None));
        self.out.primary_tab = head["tab"].as_str().map(String::from);
        self.node(&first);
        for i in 0..self.config.tabs.len() {
            let path = self.tab_path(Some(i));
            self.node(&path);
        }
    }

    /// Where anchor `anchor` is written: inside the tab of its first group
    /// (in its version if it has one); an external one of a site with tabs
    /// in `global`. When the anchors nest the tabs, at the top (in its
    /// version), external ones too.
    fn anchor_path(&self, anchor: usize) -> Option<Vec<Step>> {
        let model = &self.config.anchors[anchor];
        let external = crate::html::is_external_url(&model.url);
        if self.anchors_on_top {
            let version = model.version.clone().map(Step::Version);
            return Some(version.into_iter().chain([Step::Anchor(anchor)]).collect());
        }
        if external && self.has_tabs() && model.version.is_none() {
            return None;
        }
        let tab = self
            .sections
            .iter()
            .find(|(_, a)| *a == Some(anchor))
            .and_then(|(tab, _)| *tab);
        let mut path = if external {
            Vec::new()
        } else {
            self.tab_path(tab)
        };
        if let Some(version) = &model.version {
            if !path.contains(&Step::Version(version.clone())) {
                path.push(Step::Version(version.clone()));
            }
        }
        path.push(Step::Anchor(anchor));
        Some(path)
    }

    /// Whether groups of no anchor go into a first anchor of their own: a
    /// site without tabs whose anchors hold groups.
    fn has_top_anchor(&self) -> bool {
        let holds_groups = self.sections.iter().any(|(_, anchor)| anchor.is_some());
        let outside = self.sections.iter().any(|(_, anchor)| anchor.is_none());
        !self.has_tabs() && holds_groups && outside
    }

    fn declare_anchors(&mut self) {
        if self.has_top_anchor() {
            let head = Heads(self.config).head(&Step::TopAnchor);
            let name = head["anchor"].as_str().unwrap_or_default().to_string();
            self.out.left_out.push(super::LeftOut {
                field: "topAnchor".into(),
                reason: "docs.json has no section outside the anchors, so the groups of no anchor go in this one, listed first, as Mintlify's upgrade writes them".into(),
                moved_to: Some(format!("the first anchor, `{name}`")),
            });
            self.out.top_anchor = Some(name);
            self.node(&[Step::TopAnchor]);
        }
        for (i, anchor) in self.config.anchors.iter().enumerate() {
            self.note_anchor(i, anchor);
            match self.anchor_path(i) {
                Some(path) => {
                    self.node(&path);
                }
                None => {
                    let head = Heads(self.config).head(&Step::Anchor(i));
                    self.global_anchors.push(Value::Object(head));
                }
            }
        }
    }

    fn note_anchor(&mut self, i: usize, anchor: &Anchor) {
        if anchor.is_default_hidden {
            self.out.leave_out(
                format!("anchors[{i}].isDefaultHidden"),
                "a docs.json anchor is shown, or hidden everywhere; it is shown",
            );
        }
        if let Some(AnchorColor::Gradient { .. }) = &anchor.color {
            self.out.leave_out(
                format!("anchors[{i}].color.to"),
                "a docs.json anchor colour is one colour (per mode): `from` is kept",
            );
        }
    }

    /// Says which tabs are left out for holding nothing; the primary one is
    /// then not written either.
    fn note_empty_tabs(&mut self) {
        let is_empty =
            |nav: &Self, tab| nav.root.find(&nav.tab_path(tab)).is_none_or(Node::is_empty);
        if self.has_tabs() && is_empty(self, None) {
            self.out.primary_tab = None;
        }
        for (i, tab) in self.config.tabs.iter().enumerate() {
            if !crate::html::is_external_url(&tab.url) && is_empty(self, Some(i)) {
                self.out.leave_out(
                    format!("tabs[{i}]"),
                    format!("no group is placed in tab `{}`, so it is not written (as in Mintlify's upgrade)", tab.name),
                );
            }
        }
    }

    /// Says which tab and anchor folders lose pages no group lists: docs.json
    /// places pages by the group that lists them, never by folder.
    fn note_folders(&mut self, files: &SourceFiles) {
        let listed = listed_slugs(&self.config.navigation);
        let unlisted: Vec<String> = files
            .iter()
            .filter_map(page_slug)
            .filter(|slug| !listed.contains(slug))
            .collect();
        let kinds = [
            (
                "tabs",
                self.config.tabs.iter().map(|t| &t.url).collect::<Vec<_>>(),
            ),
            (
                "anchors",
                self.config.anchors.iter().map(|a| &a.url).collect(),
            ),
        ];
        let mut notes = Vec::new();
        for (kind, urls) in kinds {
            let urls: Vec<&str> = urls.iter().map(|u| u.as_str()).collect();
            for (i, url) in urls.iter().enumerate() {
                let count = unlisted
                    .iter()
                    .filter(|slug| section_of(slug, &urls) == Some(i))
                    .count();
                if count > 0 {
                    notes.push((format!("{kind}[{i}].url"), format!(
                        "docs.json places a page by the group listing it, not by folder: {count} page(s) under `{url}` that no group lists leave this section"
                    )));
                }
            }
        }
        for (field, reason) in notes {
            self.out.leave_out(field, reason);
        }
    }

    /// Writes one top-level group where its sections, language and version say.
    fn place_group(&mut self, index: usize, group: &NavGroup) {
        let (tab, anchor) = self.sections[index];
        let mut path = match anchor.and_then(|a| self.anchor_path(a)) {
            Some(path) => {
                let anchor_tab = path.iter().find_map(|s| match s {
                    Step::Tab(t) => Some(*t),
                    _ => None,
                });
                let moved = match self.anchors_on_top {
                    true => tab.is_some(),
                    false => anchor_tab != Some(tab),
                };
                if self.has_tabs() && moved {
                    self.out.leave_out(
                        format!("navigation[{index}] (tab)"),
                        "docs.json nests an anchor in one tab, or tabs in one anchor: the group goes with its anchor",
                    );
                }
                path
            }
            None if self.has_top_anchor() => vec![Step::TopAnchor],
            None => self.tab_path(tab),
        };
        if let Some(language) = &group.language {
            path.push(Step::Language(language.clone()));
        }
        if let Some(version) = &group.version {
            if !path.contains(&Step::Version(version.clone())) {
                path.push(Step::Version(version.clone()));
            }
        }
        let value = self.group_value(group, &format!("navigation[{index}]"), group);
        self.node(&path).groups.push(value);
    }

    /// A group and the groups nested in it, as docs.json groups.
    fn group_value(&mut self, group: &NavGroup, field: &str, top: &NavGroup) -> Value {
        let mut value = Map::new();
        value.insert("group".into(), json!(group.group));
        insert_some(&mut value, "icon", group.icon.as_ref());
        insert_some(&mut value, "iconType", group.icon_type.as_ref());
        insert_some(&mut value, "tag", group.tag.as_ref());
        if group.expanded {
            value.insert("expanded".into(), json!(true));
        }
        if group.hidden {
            value.insert("hidden".into(), json!(true));
        }
        insert_some(&mut value, "root", group.root.as_ref());
        match &group.openapi {
            Some(spec) if group.pages.is_empty() => {
                value.insert("openapi".into(), json!(spec));
            }
            Some(_) => self.out.leave_out(
                format!("{field}.openapi"),
                "docs.json reads a group's `openapi` as the spec of its operation entries; with pages of its own, the spec's operations are not added after them",
            ),
            None => {}
        }
        if !std::ptr::eq(group, top) {
            self.note_nested(group, field, top);
        }
        let pages: Vec<Value> = group
            .pages
            .iter()
            .enumerate()
            .map(|(i, entry)| match entry {
                NavEntry::Page(page) => json!(page),
                NavEntry::Group(inner) => {
                    self.group_value(inner, &format!("{field}.pages[{i}]"), top)
                }
            })
            .collect();
        value.insert("pages".into(), Value::Array(pages));
        Value::Object(value)
    }

    /// A nested group's own version or language, which docs.json cannot say.
    fn note_nested(&mut self, group: &NavGroup, field: &str, top: &NavGroup) {
        if group.version.is_some() && group.version != top.version {
            self.out.leave_out(
                format!("{field}.version"),
                "docs.json gives a version to whole groups only: the nested group takes its top-level group's",
            );
        }
        if group.language.is_some() && group.language != top.language {
            self.out.leave_out(
                format!("{field}.language"),
                "docs.json gives a language to whole groups only: the nested group takes its top-level group's",
            );
        }
    }
}

/// The docs.json keys of each division, from the site model.
struct Heads<'a>(&'a SiteConfig);

impl Heads<'_> {
    fn head(&self, step: &Step) -> Map<String, Value> {
        let config = self.0;
        let mut head = Map::new();
        match step {
            Step::Language(code) => {
                head.insert("language".into(), json!(code));
                if config
                    .languages
                    .iter()
                    .any(|l| &l.code == code && l.default)
                {
                    head.insert("default".into(), json!(true));
                }
            }
            Step::Version(name) => {
                head.insert("version".into(), json!(name));
                let position = config.versions.iter().position(|v| v.name() == name);
                match position.map(|i| (i, &config.versions[i])) {
                    Some((_, Version::External { url, .. })) => {
                        head.insert("href".into(), json!(url));
                    }
                    Some((0, _)) => {
                        head.insert("default".into(), json!(true));
                    }
                    _ => {}
                }
            }
            Step::Tab(None) => {
                let name = config.top_anchor.as_ref().map(|a| a.name.as_str());
                head.insert("tab".into(), json!(name.unwrap_or("Documentation")));
            }
            Step::Tab(Some(i)) => {
                let tab = &config.tabs[*i];
                head.insert("tab".into(), json!(tab.name));
                if crate::html::is_external_url(&tab.url) {
                    head.insert("href".into(), json!(tab.url));
                }
            }
            Step::Anchor(i) => anchor_head(&config.anchors[*i], &mut head),
            Step::TopAnchor => {
                let top = config.top_anchor.as_ref();
                let name = top.map_or("Documentation", |a| a.name.as_str());
                head.insert("anchor".into(), json!(name));
                let icon = top.map_or("book-open", |a| a.icon.as_str());
                head.insert("icon".into(), json!(icon));
            }
        }
        head
    }
}

fn anchor_head(anchor: &Anchor, head: &mut Map<String, Value>) {
    head.insert("anchor".into(), json!(anchor.name));
    insert_some(head, "icon", anchor.icon.as_ref());
    insert_some(head, "iconType", anchor.icon_type.map(IconType::as_str));
    let color = anchor.color.as_ref().map(|color| match color {
        AnchorColor::Solid(c) => c.clone(),
        AnchorColor::Gradient { from, .. } => from.clone(),
    });
    insert_some(head, "color", color);
    if crate::html::is_external_url(&anchor.url) {
        head.insert("href".into(), json!(anchor.url));
    }
}
