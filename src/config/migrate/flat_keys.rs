//! The site.json keys that map one to one onto docs.json keys (`colors`,
//! `navbar`, `api`, `seo`, `footer`...), each written by its own function
//! and noting in [`Output`] what docs.json cannot carry. The navigation,
//! which changes shape, is `navigation.rs`.

use serde_json::{json, Map, Value};

use super::{insert_some, Output, THEME_PRIMARY};
use crate::config::{
    ApiAuth, CtaType, ExampleDefaults, Logo, Mode, OneOrMany, PageUrls, PlaygroundMode, SiteConfig,
};

impl Output {
    /// `colors` (without the background, which docs.json keeps apart).
    pub(super) fn colors(&mut self, config: &SiteConfig, docs: &mut Map<String, Value>) {
        let Some(colors) = &config.colors else {
            docs.insert("colors".into(), json!({"primary": THEME_PRIMARY}));
            self.leave_out(
                "colors",
                format!("missing, and docs.json requires `colors.primary`: the theme's own {THEME_PRIMARY} is written"),
            );
            return;
        };
        let mut value = Map::new();
        value.insert("primary".into(), json!(colors.primary));
        insert_some(&mut value, "light", colors.light.as_ref());
        insert_some(&mut value, "dark", colors.dark.as_ref());
        docs.insert("colors".into(), Value::Object(value));
        if colors.anchors.is_some() {
            self.leave_out(
                "colors.anchors",
                "docs.json has no default anchor colour; each anchor keeps its own `color`",
            );
        }
    }

    /// `topbarLinks` → `navbar.links`, `topbarCtaButton` → `navbar.primary`.
    pub(super) fn navbar(&mut self, config: &SiteConfig, docs: &mut Map<String, Value>) {
        let mut navbar = Map::new();
        if !config.topbar_links.is_empty() {
            let links: Vec<Value> = config
                .topbar_links
                .iter()
                .map(|l| json!({"label": l.name, "href": l.url}))
                .collect();
            navbar.insert("links".into(), Value::Array(links));
        }
        if let Some(cta) = &config.topbar_cta_button {
            let mut primary = Map::new();
            match cta.kind {
                CtaType::Github => {
                    primary.insert("type".into(), json!("github"));
                    insert_some(&mut primary, "label", cta.name.as_ref());
                }
                CtaType::Link => {
                    primary.insert("type".into(), json!("button"));
                    if cta.name.is_none() {
                        self.leave_out(
                            "topbarCtaButton.name",
                            "missing, and a docs.json button needs a label: its URL is the label",
                        );
                    }
                    primary.insert("label".into(), json!(cta.name.as_ref().unwrap_or(&cta.url)));
                }
            }
            primary.insert("href".into(), json!(cta.url));
            navbar.insert("primary".into(), Value::Object(primary));
        }
        if !navbar.is_empty() {
            docs.insert("navbar".into(), Value::Object(navbar));
        }
    }

    /// `api`, `openapi` → `api.mdx`, `api.playground`, `api.examples`, `api.openapi`.
    pub(super) fn api(&mut self, config: &SiteConfig, docs: &mut Map<String, Value>) {
        let mut api = Map::new();
        insert_some(
            &mut api,
            "openapi",
            config.openapi.as_ref().map(one_or_many),
        );
        if let Some(model) = &config.api {
            let display = match model.playground.mode {
                PlaygroundMode::Show => "interactive",
                PlaygroundMode::Simple => "simple",
                PlaygroundMode::Hide => "none",
            };
            let mut playground = json!({"display": display});
            if !model.playground.proxy {
                playground["proxy"] = json!(false);
            }
            api.insert("playground".into(), playground);
            if model.params_expanded {
                api.insert("params".into(), json!({"expanded": "all"}));
            }
            let mut examples = Map::new();
            if !model.examples_languages.is_empty() {
                examples.insert("languages".into(), json!(model.examples_languages));
            }
            if model.examples_defaults == ExampleDefaults::Required {
                examples.insert("defaults".into(), json!("required"));
            }
            if !examples.is_empty() {
                api.insert("examples".into(), Value::Object(examples));
            }
            let mut mdx = Map::new();
            insert_some(&mut mdx, "auth", model.auth.as_ref().map(|a| self.auth(a)));
            insert_some(&mut mdx, "server", model.base_url.as_ref().map(one_or_many));
            if !mdx.is_empty() {
                api.insert("mdx".into(), Value::Object(mdx));
            }
            if model.maintain_order {
                self.leave_out(
                    "api.maintainOrder",
                    "docs.json has no such option; fields are shown in sheaf's default order",
                );
            }
        }
        if !api.is_empty() {
            docs.insert("api".into(), Value::Object(api));
        }
    }

    fn auth(&mut self, auth: &ApiAuth) -> Value {
        let mut value = Map::new();
        insert_some(&mut value, "method", auth.method.as_ref());
        insert_some(&mut value, "name", auth.name.as_ref());
        if auth.input_prefix.is_some() {
            self.leave_out(
                "api.auth.inputPrefix",
                "docs.json's `api.mdx.auth` has only `method` and `name`; the playground's input starts empty",
            );
        }
        Value::Object(value)
    }

    /// `metadata` → `seo.metatags` (text values only), `seo.indexHiddenPages`
    /// → `seo.indexing: "all"`.
    pub(super) fn seo(&mut self, config: &SiteConfig, docs: &mut Map<String, Value>) {
        let mut tags = Map::new();
        for (name, value) in &config.metadata {
            match value {
                Value::String(_) => {
                    tags.insert(name.clone(), value.clone());
                }
                _ => self.leave_out(
                    format!("metadata.{name}"),
                    "docs.json metatags are text; this value is not",
                ),
            }
        }
        let mut seo = Map::new();
        if !tags.is_empty() {
            seo.insert("metatags".into(), Value::Object(tags));
        }
        if config.seo.index_hidden_pages {
            seo.insert("indexing".into(), json!("all"));
        }
        if !seo.is_empty() {
            docs.insert("seo".into(), Value::Object(seo));
        }
    }

    /// Tabs and anchors docs.json lists in another order: those nested in a
    /// version come first, global anchors last. Read back by the docs.json
    /// loader to say exactly what changed.
    pub(super) fn order_changes(&mut self, config: &SiteConfig, docs: &Value) {
        let (value, _) = crate::config::docs_json::convert(docs);
        let read_back = |key: &str| -> Vec<String> {
            value[key]
                .as_array()
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .filter_map(|item| item["name"].as_str().map(String::from))
                .collect()
        };
        let tabs: Vec<String> = config.tabs.iter().map(|t| t.name.clone()).collect();
        let anchors: Vec<String> = config.anchors.iter().map(|a| a.name.clone()).collect();
        let mut read_anchors = read_back("anchors");
        // The first anchor written for the groups of no anchor (or the tabs)
        // comes after the anchors nested in a version.
        let top = read_anchors
            .iter()
            .position(|a| Some(a) == self.top_anchor.as_ref());
        if let Some(index) = top {
            read_anchors.remove(index);
        }
        let mut read_tabs = read_back("tabs");
        if self.primary_tab.is_some() && read_tabs.first() == self.primary_tab.as_ref() {
            read_tabs.remove(0);
        }
        // Tabs that hold nothing are not written, and said so apart.
        let tabs: Vec<String> = tabs.into_iter().filter(|t| read_tabs.contains(t)).collect();
        for (field, before, after) in [
            ("tabs", tabs, read_tabs),
            ("anchors", anchors, read_anchors),
        ] {
            if before != after {
                self.leave_out(
                    format!("{field} (order)"),
                    format!(
                        "docs.json lists the {field} nested in a version first and global anchors last: the order becomes {}",
                        after.join(", ")
                    ),
                );
            }
        }
    }

    /// `feedback`, `markdownSources`, `pageUrls`: written when not the default.
    pub(super) fn sheaf_keys(&mut self, config: &SiteConfig, docs: &mut Map<String, Value>) {
        let feedback = config.feedback;
        if feedback.suggest_edit || feedback.raise_issue {
            docs.insert(
                "feedback".into(),
                json!({"suggestEdit": feedback.suggest_edit, "raiseIssue": feedback.raise_issue}),
            );
        }
        if !config.markdown_sources {
            docs.insert("markdownSources".into(), json!(false));
        }
        if config.page_urls == PageUrls::Html {
            docs.insert("pageUrls".into(), json!("html"));
        }
    }
}

fn one_or_many(value: &OneOrMany) -> Value {
    match value {
        OneOrMany::One(one) => json!(one),
        OneOrMany::Many(many) => json!(many),
    }
}

pub(super) fn logo_value(logo: &Logo) -> Value {
    match logo {
        Logo::Path(path) => json!(path),
        Logo::Modes { light, dark, href } => {
            let mut value = Map::new();
            value.insert("light".into(), json!(light));
            value.insert("dark".into(), json!(dark));
            insert_some(&mut value, "href", href.as_ref());
            Value::Object(value)
        }
    }
}

/// `modeToggle` → `appearance`; nothing when it says nothing.
pub(super) fn appearance(config: &SiteConfig) -> Option<Value> {
    let toggle = config.mode_toggle;
    if toggle.default.is_none() && !toggle.is_hidden {
        return None;
    }
    let mut value = Map::new();
    let default = toggle.default.map(|mode| match mode {
        Mode::Light => "light",
        Mode::Dark => "dark",
    });
    insert_some(&mut value, "default", default);
    if toggle.is_hidden {
        value.insert("strict".into(), json!(true));
    }
    Some(Value::Object(value))
}

/// `colors.background` and `backgroundImage` → `background`.
pub(super) fn background(config: &SiteConfig) -> Option<Value> {
    let mut value = Map::new();
    if let Some(colors) = config.colors.as_ref().and_then(|c| c.background.as_ref()) {
        let mut modes = Map::new();
        insert_some(&mut modes, "light", colors.light.as_ref());
        insert_some(&mut modes, "dark", colors.dark.as_ref());
        value.insert("color".into(), Value::Object(modes));
    }
    insert_some(&mut value, "image", config.background_image.as_ref());
    (!value.is_empty()).then_some(Value::Object(value))
}

/// `footerSocials` and `footerLinks` → `footer`.
pub(super) fn footer(config: &SiteConfig) -> Option<Value> {
    let mut value = Map::new();
    if !config.footer_socials.is_empty() {
        value.insert("socials".into(), json!(config.footer_socials));
    }
    if !config.footer_links.is_empty() {
        let columns: Vec<Value> = config
            .footer_links
            .iter()
            .map(|column| {
                let items: Vec<Value> = column
                    .items
                    .iter()
                    .map(|l| json!({"label": l.name, "href": l.url}))
                    .collect();
                let mut value = Map::new();
                insert_some(&mut value, "header", column.header.as_ref());
                value.insert("items".into(), Value::Array(items));
                Value::Object(value)
            })
            .collect();
        value.insert("links".into(), Value::Array(columns));
    }
    (!value.is_empty()).then_some(Value::Object(value))
}

/// docs.json `integrations`: the analytics and mint.json's chat widgets as
/// [`crate::config::analytics`] reads them (an id alone becomes its object).
pub(super) fn integrations(config: &SiteConfig) -> Option<Value> {
    // Read without `telemetry`, which turns them off, to keep them all.
    let mut all = config.clone();
    all.analytics.remove("telemetry");
    let (read, _) = crate::config::analytics::resolve(&all);
    let mut out = serde_json::Map::new();
    for (key, settings) in read.providers {
        out.insert(key.into(), Value::Object(settings));
    }
    let controls = ["cookies", "telemetry"];
    for (key, value) in config
        .analytics
        .iter()
        .filter(|(k, _)| controls.contains(&k.as_str()))
    {
        out.insert(key.clone(), value.clone());
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

pub(super) fn contextual(config: &SiteConfig) -> Option<Value> {
    (!config.contextual.is_empty()).then(|| json!({"options": config.contextual}))
}

/// `notFound` → `errors.404`; `redirect: false` unless the site already
/// sends unknown paths home (docs.json's default is to).
pub(super) fn errors(config: &SiteConfig) -> Option<Value> {
    let not_found = config.not_found.clone().unwrap_or_default();
    let mut value = Map::new();
    insert_some(&mut value, "title", not_found.title.as_ref());
    insert_some(&mut value, "description", not_found.description.as_ref());
    if !not_found.redirect {
        value.insert("redirect".into(), json!(false));
    }
    Some(json!({"404": value}))
}
