//! `docs.json`, the config of today's Mintlify sites, converted into the
//! shape of `site.json` so one site model serves both.
//!
//! The document was parsed with positions and validated against its own
//! schema (`schema/docs.schema.json`) before it gets here. [`convert`] then
//! writes the `site.json`-shaped value the site model deserialises, with
//! *aliases* from each converted pointer to the docs.json pointer it came
//! from (the semantic checks that run next point into docs.json through
//! them), and *notes* for what sheaf accepts but does not act on (analytics,
//! fonts).
//!
//! `navigation.rs` converts the navigation tree; this file the other keys.

mod looks;
mod navigation;

use std::collections::HashMap;

use serde_json::{json, Map, Value};

/// The `site.json`-shaped value of a docs.json, and how to trace it back.
#[derive(Debug, Default)]
pub struct Conversion {
    /// Pointer of the converted value → pointer of docs.json.
    pub aliases: HashMap<String, String>,
    /// What sheaf accepted without acting on it.
    pub notes: Vec<Note>,
    groups: Vec<Value>,
    tabs: Vec<Value>,
    anchors: Vec<Value>,
    versions: Vec<Value>,
    languages: Vec<Value>,
    specs: Vec<String>,
    /// The AsyncAPI documents named anywhere.
    async_specs: Vec<String>,
    /// The `directory` of the last node-level `{source, directory}` spec.
    directory: Option<String>,
}

/// Something docs.json asks for that sheaf does not do, at a pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub pointer: String,
    pub message: String,
    pub help: String,
    /// A warning (it changes what readers see) rather than a note.
    pub warning: bool,
}

impl Note {
    fn at(pointer: impl Into<String>, message: impl Into<String>, help: &str) -> Note {
        Note {
            pointer: pointer.into(),
            message: message.into(),
            help: help.to_string(),
            warning: true,
        }
    }

    fn info(pointer: impl Into<String>, message: impl Into<String>, help: &str) -> Note {
        Note {
            warning: false,
            ..Note::at(pointer, message, help)
        }
    }
}

/// Converts a schema-valid docs.json into the `site.json` shape.
pub fn convert(docs: &Value) -> (Value, Conversion) {
    let mut conversion = Conversion::default();
    let mut out = Map::new();
    copy(
        docs,
        &mut out,
        &["name", "description", "redirects", "variables", "theme"],
    );
    copy(
        docs,
        &mut out,
        &["markdownSources", "pageUrls", "feedback", "icons"],
    );
    if let Some(navigation) = docs.get("navigation") {
        conversion.navigation(navigation);
    }
    conversion.identity(docs, &mut out);
    conversion.appearance(docs, &mut out);
    conversion.chrome(docs, "", "", &mut out);
    conversion.api(docs, &mut out);
    conversion.extras(docs, &mut out);
    conversion.looks(docs, &mut out);
    conversion.unsupported(docs);
    conversion.finish_navigation(&mut out);
    (Value::Object(out), conversion)
}

impl Conversion {
    fn finish_navigation(&mut self, out: &mut Map<String, Value>) {
        out.insert(
            "navigation".into(),
            Value::Array(std::mem::take(&mut self.groups)),
        );
        self.aliases
            .insert("/navigation".into(), "/navigation".into());
        for (key, items) in [
            ("tabs", std::mem::take(&mut self.tabs)),
            ("anchors", std::mem::take(&mut self.anchors)),
            ("versions", std::mem::take(&mut self.versions)),
            ("languages", std::mem::take(&mut self.languages)),
        ] {
            if !items.is_empty() {
                out.insert(key.into(), Value::Array(items));
            }
        }
        if !self.specs.is_empty() {
            out.insert("openapi".into(), json!(self.specs));
        }
        if !self.async_specs.is_empty() {
            out.insert("asyncapi".into(), json!(self.async_specs));
        }
    }

    /// Loads `spec` like a top-level `openapi` entry (once).
    fn add_spec(&mut self, spec: &str, pointer: &str) {
        if !self.specs.iter().any(|s| s == spec) {
            self.aliases
                .insert(format!("/openapi/{}", self.specs.len()), pointer.into());
            self.specs.push(spec.to_string());
        }
    }

    /// AsyncAPI documents (a path or URL, a list, or `{source, directory}`)
    /// for channel pages: listed once in `asyncapi`, which `asyncapi`
    /// frontmatter without a file name searches.
    pub(super) fn add_async_specs(&mut self, value: Option<&Value>, pointer: &str) {
        let sources: Vec<(String, String)> = match value {
            Some(Value::String(spec)) => vec![(spec.clone(), pointer.to_string())],
            Some(Value::Array(items)) => (items.iter().enumerate())
                .filter_map(|(i, item)| Some((navigation_spec(item)?, format!("{pointer}/{i}"))))
                .collect(),
            Some(object @ Value::Object(_)) => (navigation_spec(object).into_iter())
                .map(|spec| (spec, pointer.to_string()))
                .collect(),
            _ => Vec::new(),
        };
        for (spec, at) in sources {
            if !self.async_specs.contains(&spec) {
                self.aliases
                    .insert(format!("/asyncapi/{}", self.async_specs.len()), at);
                self.async_specs.push(spec);
            }
        }
    }

    /// `logo`, `favicon`, `colors`, `background`.
    fn identity(&mut self, docs: &Value, out: &mut Map<String, Value>) {
        if let Some(logo) = docs.get("logo") {
            out.insert("logo".into(), logo_value(logo));
        }
        match docs.get("favicon") {
            Some(Value::Object(modes)) => {
                self.aliases
                    .insert("/favicon".into(), "/favicon/light".into());
                out.insert(
                    "favicon".into(),
                    modes.get("light").cloned().unwrap_or_default(),
                );
            }
            Some(favicon) => {
                out.insert("favicon".into(), favicon.clone());
            }
            None => {}
        }
        let mut colors = docs.get("colors").cloned().unwrap_or_else(|| json!({}));
        if let Some(background) = docs.pointer("/background/color") {
            colors["background"] = background.clone();
            self.aliases
                .insert("/colors/background".into(), "/background/color".into());
        }
        if colors.get("primary").is_some() {
            out.insert("colors".into(), colors);
        }
        match docs.pointer("/background/image") {
            Some(Value::String(image)) => {
                self.aliases
                    .insert("/backgroundImage".into(), "/background/image".into());
                out.insert("backgroundImage".into(), json!(image));
            }
            Some(Value::Object(modes)) => {
                self.aliases
                    .insert("/backgroundImage".into(), "/background/image/light".into());
                out.insert(
                    "backgroundImage".into(),
                    modes.get("light").cloned().unwrap_or_default(),
                );
            }
            _ => {}
        }
    }

    /// `appearance` → the mode toggle.
    fn appearance(&mut self, docs: &Value, out: &mut Map<String, Value>) {
        let Some(appearance) = docs.get("appearance") else {
            return;
        };
        let mut toggle = Map::new();
        if let Some(mode @ ("light" | "dark")) = appearance.get("default").and_then(Value::as_str) {
            toggle.insert("default".into(), json!(mode));
        }
        if appearance.get("strict").and_then(Value::as_bool) == Some(true) {
            toggle.insert("isHidden".into(), json!(true));
        }
        self.aliases
            .insert("/modeToggle".into(), "/appearance".into());
        out.insert("modeToggle".into(), Value::Object(toggle));
    }

    /// The top bar, footer and banner of the whole site (`from` and `to`
    /// empty) or of one language (`from` = `/languages/K`, `to` =
    /// `/navigation/languages/I`): `node`'s `navbar`, `footer` and
    /// `banner`, converted into `out`.
    pub(super) fn chrome(
        &mut self,
        node: &Value,
        from: &str,
        to: &str,
        out: &mut Map<String, Value>,
    ) {
        self.navbar(node, from, to, out);
        self.footer(node, from, to, out);
        if let Some(banner) = node.get("banner") {
            self.aliases
                .insert(format!("{from}/banner"), format!("{to}/banner"));
            out.insert("banner".into(), banner.clone());
        }
    }

    /// `navbar.links` and `navbar.primary` → top-bar links and button.
    fn navbar(&mut self, node: &Value, from: &str, to: &str, out: &mut Map<String, Value>) {
        let links: Vec<(usize, Value)> = items(node.pointer("/navbar/links"))
            .iter()
            .enumerate()
            .filter_map(|(i, link)| {
                let mut entry = json!({"name": link_label(link)?, "url": link.get("href")?});
                navigation::add_icon(link, &mut entry);
                Some((i, entry))
            })
            .collect();
        if !links.is_empty() {
            self.aliases
                .insert(format!("{from}/topbarLinks"), format!("{to}/navbar/links"));
            // A link without a label is left out: later ones keep their own pointers.
            for (k, (i, _)) in links.iter().enumerate() {
                let link = format!("{from}/topbarLinks/{k}");
                let written = format!("{to}/navbar/links/{i}");
                self.aliases
                    .insert(format!("{link}/url"), format!("{written}/href"));
                self.aliases.insert(link, written);
            }
            let links = links.into_iter().map(|(_, link)| link).collect();
            out.insert("topbarLinks".into(), Value::Array(links));
        }
        let Some(primary) = node.pointer("/navbar/primary") else {
            return;
        };
        let Some(href) = primary.get("href").and_then(Value::as_str) else {
            return;
        };
        let button = match primary.get("type").and_then(Value::as_str) {
            Some("github") => json!({"type": "github", "url": href, "name": link_label(primary)}),
            _ => json!({"type": "link", "url": href, "name": link_label(primary).unwrap_or(href)}),
        };
        let (button_at, written) = (
            format!("{from}/topbarCtaButton"),
            format!("{to}/navbar/primary"),
        );
        self.aliases
            .insert(format!("{button_at}/url"), format!("{written}/href"));
        self.aliases.insert(button_at, written);
        out.insert("topbarCtaButton".into(), button);
    }

    /// `footer.socials` and `footer.links`.
    fn footer(&mut self, node: &Value, from: &str, to: &str, out: &mut Map<String, Value>) {
        if let Some(socials) = node.pointer("/footer/socials") {
            self.aliases.insert(
                format!("{from}/footerSocials"),
                format!("{to}/footer/socials"),
            );
            out.insert("footerSocials".into(), socials.clone());
        }
        let columns: Vec<Value> = items(node.pointer("/footer/links"))
            .iter()
            .map(|column| {
                let links: Vec<Value> = items(column.get("items"))
                    .iter()
                    .filter_map(|link| {
                        Some(json!({"name": link_label(link)?, "url": link.get("href")?}))
                    })
                    .collect();
                json!({"header": column.get("header"), "items": links})
            })
            .collect();
        if !columns.is_empty() {
            out.insert("footerLinks".into(), Value::Array(columns));
        }
    }

    /// `api`: specs, the playground, the MDX endpoint pages' server and auth.
    fn api(&mut self, docs: &Value, out: &mut Map<String, Value>) {
        let Some(api) = docs.get("api") else {
            return;
        };
        match api.get("openapi") {
            Some(Value::String(spec)) => self.add_spec(spec, "/api/openapi"),
            Some(Value::Array(specs)) => {
                for (i, spec) in specs.iter().enumerate() {
                    if let Some(spec) = navigation_spec(spec) {
                        self.add_spec(&spec, &format!("/api/openapi/{i}"));
                    }
                }
            }
            Some(object @ Value::Object(_)) => {
                if let Some(spec) = navigation_spec(object) {
                    self.add_spec(&spec, "/api/openapi");
                }
            }
            _ => {}
        }
        self.add_async_specs(api.get("asyncapi"), "/api/asyncapi");
        let mut model = Map::new();
        if let Some(server) = api.pointer("/mdx/server") {
            model.insert("baseUrl".into(), server.clone());
            self.aliases
                .insert("/api/baseUrl".into(), "/api/mdx/server".into());
        }
        if let Some(auth) = api.pointer("/mdx/auth") {
            let mut auth_model = Map::new();
            if let Some(method @ ("bearer" | "basic" | "key")) =
                auth.get("method").and_then(Value::as_str)
            {
                auth_model.insert("method".into(), json!(method));
            }
            if let Some(name) = auth.get("name") {
                auth_model.insert("name".into(), name.clone());
            }
            self.aliases
                .insert("/api/auth".into(), "/api/mdx/auth".into());
            model.insert("auth".into(), Value::Object(auth_model));
        }
        let mode = match api.pointer("/playground/display").and_then(Value::as_str) {
            Some("simple") => Some("simple"),
            Some("none") => Some("hide"),
            Some("auth") => {
                self.notes.push(Note::info(
                    "/api/playground/display",
                    "Try-it is for signed-in readers only, and a static site has none".to_string(),
                    "endpoint pages show the request without Try-it (as `simple`)",
                ));
                Some("simple")
            }
            Some(_) => Some("show"),
            None => None,
        };
        let mut playground = Map::new();
        if let Some(mode) = mode {
            playground.insert("mode".into(), json!(mode));
        }
        if let Some(proxy) = api.pointer("/playground/proxy") {
            playground.insert("proxy".into(), proxy.clone());
        }
        if !playground.is_empty() {
            model.insert("playground".into(), Value::Object(playground));
        }
        if api.pointer("/params/expanded").and_then(Value::as_str) == Some("all") {
            model.insert("paramsExpanded".into(), json!(true));
        }
        if let Some(defaults @ ("all" | "required")) =
            api.pointer("/examples/defaults").and_then(Value::as_str)
        {
            model.insert("examplesDefaults".into(), json!(defaults));
        }
        if let Some(languages) = api.pointer("/examples/languages") {
            model.insert("examplesLanguages".into(), languages.clone());
        }
        out.insert("api".into(), Value::Object(model));
    }

    /// `seo`, `search`, `contextual`, `errors`.
    fn extras(&mut self, docs: &Value, out: &mut Map<String, Value>) {
        if let Some(metatags) = docs.pointer("/seo/metatags") {
            self.aliases
                .insert("/metadata".into(), "/seo/metatags".into());
            out.insert("metadata".into(), metatags.clone());
        }
        if docs.pointer("/seo/indexing").and_then(Value::as_str) == Some("all") {
            self.aliases.insert("/seo".into(), "/seo/indexing".into());
            out.insert("seo".into(), json!({"indexHiddenPages": true}));
        }
        if let Some(timestamp) = docs.pointer("/metadata/timestamp") {
            (self.aliases).insert("/timestamp".into(), "/metadata/timestamp".into());
            out.insert("timestamp".into(), timestamp.clone());
        }
        if let Some(prompt) = docs.pointer("/search/prompt") {
            out.insert("searchPrompt".into(), prompt.clone());
        }
        // Mintlify sends unknown paths home unless `redirect` is `false`.
        let not_found = docs.pointer("/errors/404");
        let field = |key: &str| not_found.and_then(|n| n.get(key));
        let redirect = field("redirect").and_then(Value::as_bool).unwrap_or(true);
        if field("redirect").is_some() {
            self.aliases
                .insert("/notFound/redirect".into(), "/errors/404/redirect".into());
        }
        if redirect || field("title").is_some() || field("description").is_some() {
            out.insert(
                "notFound".into(),
                json!({"title": field("title"), "description": field("description"), "redirect": redirect}),
            );
        }
        self.contextual(docs, out);
        if let Some(thumbnails) = docs.get("thumbnails") {
            out.insert("thumbnails".into(), thumbnails.clone());
        }
        if let Some(fonts) = docs.get("fonts") {
            out.insert("fonts".into(), fonts.clone());
        }
        if let Some(integrations) = docs.get("integrations") {
            (self.aliases).insert("/analytics".into(), "/integrations".into());
            out.insert("analytics".into(), integrations.clone());
        }
    }

    /// `contextual.options`: the built-in actions sheaf offers and custom
    /// entries; a note names each other one and why.
    fn contextual(&mut self, docs: &Value, out: &mut Map<String, Value>) {
        let mut options = Vec::new();
        for (i, option) in items(docs.pointer("/contextual/options"))
            .iter()
            .enumerate()
        {
            let offered = serde_json::from_value::<crate::config::ContextualOption>(option.clone());
            match (offered, option.as_str()) {
                (Ok(offered), _) if runs_code(&offered) => self.notes.push(Note::at(
                    format!("/contextual/options/{i}/href"),
                    "this page action's link would run code; it is left out",
                    "link to an `https://` URL or a path of the site",
                )),
                (Ok(_), _) => options.push(option.clone()),
                (Err(_), name) => self.notes.push(Note::info(
                    format!("/contextual/options/{i}"),
                    format!("page action {} is not offered", short(option)),
                    not_offered_because(name.unwrap_or_default()),
                )),
            }
        }
        if docs.pointer("/contextual/display").and_then(Value::as_str) == Some("toc") {
            self.notes.push(Note::info(
                "/contextual/display",
                "the page actions are shown beside the title, not in the table of contents",
                "the rest of the site is unaffected",
            ));
        }
        if !options.is_empty() {
            out.insert("contextual".into(), Value::Array(options));
        }
    }

    /// One note per key sheaf accepts without acting on it.
    fn unsupported(&mut self, docs: &Value) {
        if docs.pointer("/thumbnails/fonts").is_some() {
            self.notes.push(Note::info(
                "/thumbnails/fonts",
                "thumbnails are drawn in sheaf's own font (DejaVu Sans Bold), not this one",
                "the same font on every machine keeps the images the same; the rest of the thumbnail is as set",
            ));
        }
    }
}

fn copy(from: &Value, to: &mut Map<String, Value>, keys: &[&str]) {
    for key in keys {
        if let Some(value) = from.get(*key) {
            to.insert((*key).to_string(), value.clone());
        }
    }
}

/// A logo: a path, or light/dark paths (either may be missing in docs.json).
fn logo_value(logo: &Value) -> Value {
    match logo {
        Value::Object(modes) => {
            let light = modes.get("light").or_else(|| modes.get("dark"));
            let dark = modes.get("dark").or_else(|| modes.get("light"));
            json!({"light": light, "dark": dark, "href": modes.get("href")})
        }
        other => other.clone(),
    }
}

/// A spec of `api.openapi`: a path or URL, or `{source}`.
fn navigation_spec(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) => o.get("source")?.as_str().map(String::from),
        _ => None,
    }
}

fn items(value: Option<&Value>) -> &[Value] {
    value.and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// A docs.json link's label (`label`, older files `name`).
fn link_label(link: &Value) -> Option<&str> {
    link.get("label")
        .or_else(|| link.get("name"))
        .and_then(Value::as_str)
}

fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Whether a custom page action's link has a scheme that runs code.
fn runs_code(option: &crate::config::ContextualOption) -> bool {
    use crate::config::{ActionHref, ContextualOption};
    let ContextualOption::Custom(custom) = option else {
        return false;
    };
    let href = match &custom.href {
        ActionHref::Url(url) => url,
        ActionHref::Query { base, .. } => base,
    };
    let scheme = href.trim_start().split(':').next().unwrap_or_default();
    href.contains(':')
        && ["javascript", "data", "vbscript"].contains(&scheme.to_ascii_lowercase().as_str())
}

/// Why a built-in page action of Mintlify's is not offered.
fn not_offered_because(name: &str) -> &'static str {
    match name {
        "assistant" => "Mintlify's assistant is a hosted service; a static site has none",
        "download-pdf" => "sheaf does not write PDFs",
        "devin-mcp" => "Devin documents no link that installs an MCP server",
        _ => "sheaf offers copy, view, chatgpt, claude, perplexity, grok, aistudio, devin, devin-desktop, windsurf, download-spec, mcp, add-mcp, cursor, vscode and custom entries with `title` and `href`",
    }
}

#[cfg(test)]
mod tests;
