//! docs.json `navigation` onto the site model's navigation.
//!
//! A docs.json navigation is a tree of *divisions* (`products`, `languages`,
//! `versions`, `tabs`, `dropdowns`, `anchors`, `menu`) nested in any order,
//! with `groups` and `pages` as leaves. The site model keeps one flat list of
//! top-level groups, each carrying what the divisions above it said: its
//! version, language, tab and anchor. Tabs become top-bar tabs (the theme
//! shows no primary tab of its own when every page sits in a tab); anchors,
//! dropdowns, products and menu items become anchors, each its own section,
//! listed where Mintlify shows them (`AnchorDisplay`: anchors in the sidebar,
//! dropdowns and products in the sidebar's section selector, a tab's menu
//! items in that tab's menu in the top bar); versions and languages become
//! switchers. A division with an
//! `href` and nothing inside is a link (external tab or anchor, version
//! elsewhere); `global` holds such links shown everywhere.
//!
//! Every group written is aliased to the docs.json pointer it came from, so
//! the checks that run on the converted value point into docs.json.

use serde_json::{json, Map, Value};

use super::{Conversion, Note};
use crate::config::IconType;

/// What a division hands down to the groups inside it.
#[derive(Debug, Clone, Default)]
struct Context {
    version: Option<String>,
    language: Option<String>,
    tab: Option<usize>,
    anchor: Option<usize>,
    /// The spec that operation references inside resolve against.
    openapi: Option<String>,
    /// The AsyncAPI document whose channels a division without groups lists.
    asyncapi: Option<String>,
}

/// A kind of division: its key in a node and the key naming each item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Division {
    Products,
    Languages,
    Versions,
    Tabs,
    Dropdowns,
    Anchors,
    Menu,
}

impl Division {
    const ALL: [Division; 7] = [
        Division::Products,
        Division::Languages,
        Division::Versions,
        Division::Tabs,
        Division::Dropdowns,
        Division::Anchors,
        Division::Menu,
    ];

    fn key(self) -> &'static str {
        match self {
            Division::Products => "products",
            Division::Languages => "languages",
            Division::Versions => "versions",
            Division::Tabs => "tabs",
            Division::Dropdowns => "dropdowns",
            Division::Anchors => "anchors",
            Division::Menu => "menu",
        }
    }

    fn label_key(self) -> &'static str {
        match self {
            Division::Products => "product",
            Division::Languages => "language",
            Division::Versions => "version",
            Division::Tabs => "tab",
            Division::Dropdowns => "dropdown",
            Division::Anchors => "anchor",
            Division::Menu => "item",
        }
    }
}

/// The keys of a node that hold what is inside it.
const CONTENT_KEYS: [&str; 9] = [
    "products",
    "languages",
    "versions",
    "tabs",
    "dropdowns",
    "anchors",
    "menu",
    "groups",
    "pages",
];

/// The keys a language's own `navbar`, `footer` and `banner` become.
const CHROME_KEYS: [&str; 5] = [
    "topbarLinks",
    "topbarCtaButton",
    "footerSocials",
    "footerLinks",
    "banner",
];

impl Conversion {
    /// Converts `navigation` (at `/navigation`) into groups, tabs, anchors,
    /// versions and languages.
    pub(super) fn navigation(&mut self, navigation: &Value) {
        let mut context = Context::default();
        self.node_openapi(navigation, "/navigation", &mut context);
        self.node_asyncapi(navigation, "/navigation", &mut context);
        self.node(navigation, "/navigation", &context);
        if let Some(global) = navigation.get("global") {
            self.global_links(global, "/navigation/global");
        }
    }

    /// Everything inside one node, in the order of its keys.
    fn node(&mut self, node: &Value, pointer: &str, context: &Context) {
        for division in Division::ALL {
            for (i, item) in array(node, division.key()).iter().enumerate() {
                let item_pointer = format!("{pointer}/{}/{i}", division.key());
                self.division_item(division, item, &item_pointer, context);
            }
        }
        for (i, group) in array(node, "groups").iter().enumerate() {
            let group_pointer = format!("{pointer}/groups/{i}");
            self.top_group(group, &group_pointer, context);
        }
        self.loose_pages(node, pointer, context);
    }

    fn division_item(&mut self, division: Division, item: &Value, pointer: &str, outer: &Context) {
        let label = text(item, division.label_key()).unwrap_or_default();
        let href = text(item, "href");
        let has_content = CONTENT_KEYS.iter().any(|key| item.get(*key).is_some());
        // The tab or anchor this item becomes points back at the item.
        let converted = match division {
            Division::Tabs => Some(format!("/tabs/{}", self.tabs.len())),
            Division::Products | Division::Dropdowns | Division::Anchors | Division::Menu => {
                Some(format!("/anchors/{}", self.anchors.len()))
            }
            Division::Versions | Division::Languages => None,
        };
        if let Some(converted) = converted {
            self.aliases.insert(converted, pointer.to_string());
        }
        if let (Some(href), false) = (href, has_content) {
            self.division_link(division, item, label, href, outer);
            return;
        }
        let mut context = outer.clone();
        match division {
            Division::Tabs => {
                context.tab = Some(self.tabs.len());
                self.tabs.push(tab_value(item, label, "", outer));
            }
            Division::Versions => {
                self.add_version(label, item);
                context.version = Some(label.to_string());
            }
            Division::Languages => {
                self.add_language(label, item, pointer);
                context.language = Some(label.to_string());
            }
            Division::Products | Division::Dropdowns | Division::Anchors | Division::Menu => {
                context.anchor = Some(self.anchors.len());
                let mut anchor = anchor_value(item, label, "", outer.version.as_deref());
                if let Some(tab) = outer.tab {
                    anchor["tab"] = json!(tab);
                }
                match division {
                    Division::Dropdowns | Division::Products => {
                        anchor["display"] = json!("selector")
                    }
                    Division::Menu if outer.tab.is_some() => anchor["display"] = json!("menu"),
                    _ => {}
                }
                self.anchors.push(anchor);
            }
        }
        self.node_openapi(item, pointer, &mut context);
        self.node_asyncapi(item, pointer, &mut context);
        let before = self.groups.len();
        self.node(item, pointer, &context);
        if self.groups.len() == before {
            if let Some(spec) = &context.openapi {
                self.spec_group("openapi", spec, pointer, &context);
            }
            if let Some(spec) = &context.asyncapi {
                self.spec_group("asyncapi", spec, pointer, &context);
            }
        }
    }

    /// A division that only links somewhere: a tab or anchor with a URL, a
    /// version found elsewhere.
    fn division_link(
        &mut self,
        division: Division,
        item: &Value,
        label: &str,
        href: &str,
        context: &Context,
    ) {
        match division {
            Division::Tabs => self.tabs.push(tab_value(item, label, href, context)),
            Division::Versions => self.versions.push(json!({"name": label, "url": href})),
            Division::Languages => {}
            _ => {
                let mut anchor = anchor_value(item, label, href, context.version.as_deref());
                if let Some(tab) = context.tab {
                    anchor["tab"] = json!(tab);
                }
                self.anchors.push(anchor);
            }
        }
    }

    /// `global`: tabs and anchors (of any division kind) shown everywhere.
    fn global_links(&mut self, global: &Value, pointer: &str) {
        for division in Division::ALL {
            for (i, item) in array(global, division.key()).iter().enumerate() {
                let label = text(item, division.label_key()).unwrap_or_default();
                match text(item, "href") {
                    Some(href) => {
                        self.division_link(division, item, label, href, &Context::default())
                    }
                    None => self.notes.push(Note::at(
                        format!("{pointer}/{}/{i}", division.key()),
                        format!("global `{label}` has no `href`; it is left out"),
                        "global tabs and anchors are links: give it an \"href\"",
                    )),
                }
            }
        }
    }

    /// Declares a version once (the same versions recur in every
    /// language); the default one first, as the switcher starts there.
    fn add_version(&mut self, name: &str, item: &Value) {
        let position = self.versions.iter().position(|v| v == name);
        let default = item.get("default").and_then(Value::as_bool) == Some(true);
        match (position, default) {
            (Some(i), true) => {
                let version = self.versions.remove(i);
                self.versions.insert(0, version);
            }
            (Some(_), false) => {}
            (None, true) => self.versions.insert(0, json!(name)),
            (None, false) => self.versions.push(json!(name)),
        }
    }

    /// Declares a language once; `default` marks where readers start, and
    /// its own `navbar`, `footer` and `banner` (the first given) replace
    /// the site's on its pages.
    fn add_language(&mut self, code: &str, item: &Value, pointer: &str) {
        let default = item.get("default").and_then(Value::as_bool) == Some(true);
        let position = match self.languages.iter().position(|l| l["code"] == code) {
            Some(k) => k,
            None => {
                self.languages.push(json!({"code": code}));
                self.languages.len() - 1
            }
        };
        if default || self.languages[position].get("default").is_none() {
            self.languages[position]["default"] = json!(default);
        }
        let declared = &self.languages[position];
        if CHROME_KEYS.iter().any(|key| declared.get(key).is_some()) {
            return;
        }
        let mut chrome = Map::new();
        self.chrome(
            item,
            &format!("/languages/{position}"),
            pointer,
            &mut chrome,
        );
        let language = &mut self.languages[position];
        for (key, value) in chrome {
            language[key.as_str()] = value;
        }
    }

    /// `openapi` on a node: the spec operation references inside resolve
    /// against, loaded like the top-level ones.
    fn node_openapi(&mut self, node: &Value, pointer: &str, context: &mut Context) {
        let Some(spec) = node.get("openapi").and_then(openapi_source) else {
            return;
        };
        self.directory = node
            .pointer("/openapi/directory")
            .and_then(Value::as_str)
            .map(String::from);
        self.add_spec(&spec, &format!("{pointer}/openapi"));
        context.openapi = Some(spec);
    }

    /// `asyncapi` on a node: a document whose every channel gets a page,
    /// as Mintlify generates them (the first spec of a list; each
    /// document is also listed in the site's `asyncapi`).
    fn node_asyncapi(&mut self, node: &Value, pointer: &str, context: &mut Context) {
        let Some(spec) = node.get("asyncapi").and_then(openapi_source) else {
            return;
        };
        if let Some(directory) = node.pointer("/asyncapi/directory").and_then(Value::as_str) {
            self.directory = Some(directory.to_string());
        }
        self.add_async_specs(node.get("asyncapi"), &format!("{pointer}/asyncapi"));
        context.asyncapi = Some(spec);
    }

    /// A group holding every operation (`kind`: `openapi`) or channel
    /// (`asyncapi`) of `spec`, for a division that names a spec and no
    /// groups. It has no name: the site stage puts the spec's tag groups in
    /// its place, at the top level, as Mintlify does.
    fn spec_group(&mut self, kind: &str, spec: &str, pointer: &str, context: &Context) {
        let mut group = Map::new();
        group.insert("group".into(), json!(""));
        group.insert("pages".into(), json!([]));
        group.insert(kind.into(), json!(spec));
        if let Some(directory) = self.directory.take() {
            group.insert("directory".into(), json!(directory));
        }
        self.place_group(group, pointer, context);
    }

    /// A group of a node's `groups` (or `pages`), with what its divisions said.
    fn top_group(&mut self, group: &Value, pointer: &str, context: &Context) {
        let mut context = context.clone();
        self.node_openapi(group, pointer, &mut context);
        self.node_asyncapi(group, pointer, &mut context);
        let converted = self.group(group, &context);
        self.place_group(converted, pointer, &context);
    }

    fn place_group(&mut self, mut group: Map<String, Value>, pointer: &str, context: &Context) {
        for (key, value) in [
            ("version", context.version.clone().map(Value::from)),
            ("language", context.language.clone().map(Value::from)),
            ("tab", context.tab.map(Value::from)),
            ("anchor", context.anchor.map(Value::from)),
        ] {
            if let Some(value) = value {
                group.insert(key.into(), value);
            }
        }
        let index = self.groups.len();
        self.aliases
            .insert(format!("/navigation/{index}"), pointer.to_string());
        self.groups.push(Value::Object(group));
    }

    /// One group and the groups nested in it, entries index for index (so
    /// the alias of the group covers everything inside).
    fn group(&mut self, group: &Value, context: &Context) -> Map<String, Value> {
        let mut out = Map::new();
        out.insert(
            "group".into(),
            json!(text(group, "group").unwrap_or_default()),
        );
        let pages: Vec<Value> = array(group, "pages")
            .iter()
            .map(|entry| match entry {
                Value::String(page) => json!(operation_in_spec(page, context)),
                other => {
                    let mut inner = context.clone();
                    if let Some(spec) = other.get("openapi").and_then(openapi_source) {
                        inner.openapi = Some(spec);
                    }
                    Value::Object(self.group(other, &inner))
                }
            })
            .collect();
        out.insert("pages".into(), Value::Array(pages));
        for key in ["tag", "expanded", "hidden", "root"] {
            if let Some(value) = group.get(key) {
                out.insert(key.into(), value.clone());
            }
        }
        let (icon, style) = icon_of(group);
        if let Some(icon) = icon {
            out.insert("icon".into(), json!(icon));
        }
        if let Some(style) = style {
            out.insert("iconType".into(), json!(style));
        }
        if let Some(spec) = group.get("openapi").and_then(openapi_source) {
            out.insert("openapi".into(), json!(spec));
        }
        if let Some(directory) = group.pointer("/openapi/directory") {
            out.insert("directory".into(), directory.clone());
        }
        if let Some(spec) = group.get("asyncapi").and_then(openapi_source) {
            out.insert("asyncapi".into(), json!(spec));
        }
        if let Some(directory) = group.pointer("/asyncapi/directory") {
            out.insert("directory".into(), directory.clone());
        }
        out
    }

    /// Pages listed on a node outside any group: each run of them becomes
    /// a group without a name; group objects among them are groups.
    fn loose_pages(&mut self, node: &Value, pointer: &str, context: &Context) {
        let mut run: Vec<(usize, &str)> = Vec::new();
        for (i, entry) in array(node, "pages").iter().enumerate() {
            match entry {
                Value::String(page) => run.push((i, page)),
                group => {
                    self.unnamed_group(&std::mem::take(&mut run), pointer, context);
                    self.top_group(group, &format!("{pointer}/pages/{i}"), context);
                }
            }
        }
        self.unnamed_group(&run, pointer, context);
    }

    fn unnamed_group(&mut self, run: &[(usize, &str)], pointer: &str, context: &Context) {
        if run.is_empty() {
            return;
        }
        let index = self.groups.len();
        for (k, (i, _)) in run.iter().enumerate() {
            self.aliases.insert(
                format!("/navigation/{index}/pages/{k}"),
                format!("{pointer}/pages/{i}"),
            );
        }
        let pages: Vec<Value> = run
            .iter()
            .map(|(_, page)| json!(operation_in_spec(page, context)))
            .collect();
        let mut group = Map::new();
        group.insert("group".into(), json!(""));
        group.insert("pages".into(), Value::Array(pages));
        self.place_group(group, pointer, context);
        // `place_group` aliased the whole group to the node; the entries
        // keep their own aliases, which are longer and so win.
    }
}

/// An operation reference without a spec (`GET /users`) inside a node that
/// names one resolves against that spec; anything else is kept as written.
fn operation_in_spec(entry: &str, context: &Context) -> String {
    let words: Vec<&str> = entry.split_whitespace().collect();
    match (&context.openapi, words.as_slice()) {
        (Some(spec), [_, _]) if crate::config::is_endpoint_entry(entry) => {
            format!("{spec} {entry}")
        }
        _ => entry.to_string(),
    }
}

/// A spec named by `openapi`: a path or URL, or `{source, directory}`.
fn openapi_source(value: &Value) -> Option<String> {
    match value {
        Value::String(source) => Some(source.clone()),
        Value::Object(object) => object.get("source")?.as_str().map(String::from),
        Value::Array(items) => items.first().and_then(openapi_source),
        _ => None,
    }
}

/// A tab of the site model: its name, link, version, section and icon.
fn tab_value(item: &Value, label: &str, url: &str, context: &Context) -> Value {
    let (icon, icon_type) = icon_of(item);
    json!({
        "name": label,
        "url": url,
        "version": context.version,
        "anchor": context.anchor,
        "icon": icon,
        "iconType": icon_type,
        "align": item.get("align"),
    })
}

/// An entry's icon name and style: `"icon": "book"` with `"iconType"`, or
/// `"icon": {"name": "book", "style": "solid"}` (an `iconType` wins).
fn icon_of(item: &Value) -> (Option<String>, Option<String>) {
    let (name, style) = match item.get("icon") {
        Some(Value::String(name)) => (Some(name.clone()), None),
        Some(Value::Object(icon)) => (
            icon.get("name").and_then(Value::as_str).map(String::from),
            icon.get("style").and_then(Value::as_str).map(String::from),
        ),
        _ => (None, None),
    };
    let icon_type = item
        .get("iconType")
        .and_then(Value::as_str)
        .map(String::from);
    (name, icon_type.or(style))
}

/// A docs.json entry's icon (`icon`, `iconType` or `{name, style}`) on its
/// model `entry`, when it has one: the style only when the model knows it.
pub(super) fn add_icon(item: &Value, entry: &mut Value) {
    let (icon, style) = icon_of(item);
    let Some(object) = entry.as_object_mut() else {
        return;
    };
    if let Some(icon) = icon {
        object.insert("icon".into(), json!(icon));
    }
    let known = |t: &&str| IconType::ALL.iter().any(|i| i.as_str() == *t);
    if let Some(icon_type) = style.as_deref().filter(known) {
        object.insert("iconType".into(), json!(icon_type));
    }
}

/// The model's anchor for a docs.json anchor, dropdown, product or menu item.
fn anchor_value(item: &Value, label: &str, url: &str, version: Option<&str>) -> Value {
    let mut anchor = Map::new();
    anchor.insert("name".into(), json!(label));
    anchor.insert("url".into(), json!(url));
    let (icon, style) = icon_of(item);
    if let Some(icon) = icon {
        anchor.insert("icon".into(), json!(icon));
    }
    // The site model's styles; docs.json's other `sharp-*` ones show the default.
    let known = |t: &&str| IconType::ALL.iter().any(|i| i.as_str() == *t);
    if let Some(icon_type) = style.as_deref().filter(known) {
        anchor.insert("iconType".into(), json!(icon_type));
    }
    let color = match item.get("color") {
        Some(Value::String(c)) => Some(c.clone()),
        Some(Value::Object(modes)) => modes
            .get("light")
            .or_else(|| modes.get("dark"))
            .and_then(Value::as_str)
            .map(String::from),
        _ => None,
    };
    if let Some(color) = color {
        anchor.insert("color".into(), json!(color));
    }
    if let Some(version) = version {
        anchor.insert("version".into(), json!(version));
    }
    Value::Object(anchor)
}

fn array<'v>(value: &'v Value, key: &str) -> &'v [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn text<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key).and_then(Value::as_str)
}
