//! `sheaf migrate`: the `docs.json` equivalent of a `site.json`/`mint.json`.
//!
//! [`migrate`] is a pure function from the loaded [`SiteConfig`] (and the
//! root's file list, to know which navigation pages exist) to the docs.json
//! value, plus one [`LeftOut`] line for everything docs.json cannot say.
//! Reading the result back through the docs.json loader gives the same site
//! model on every field both formats share (`tests/migrate.rs` checks it).
//!
//! The flat keys map one to one (`topbarLinks` → `navbar.links`, `metadata`
//! → `seo.metatags`...). The navigation is the part that changes shape:
//! site.json places a group in a tab or anchor by the folder of its first
//! page (`section_of`), docs.json by nesting. Each group is written
//! inside its tab (groups in no tab inside a first tab named after
//! `topAnchor`), then its anchor, then its language and version; tabs and
//! anchors that belong to one version are nested in that version. The
//! versions and languages are declared first, at the top of `navigation`, so
//! their order and default survive (the loader declares each once). External
//! anchors of a site with tabs go to `navigation.global.anchors`.
//!
//! Without tabs, the groups of no anchor go into a first anchor named after
//! `topAnchor` (else "Documentation"), as Mintlify's upgrade writes them, so
//! the home page and its sidebar stay the same.
//!
//! `flat_keys.rs` writes the keys that map one to one, `navigation.rs` the
//! nested `navigation`, `legacy.rs` the legacy mint.json keys the site model
//! does not hold (`font`, `footer`, `background.style`...), read from the
//! file's own JSON. Each line of [`Migration::left_out`] says what was
//! moved (and where) or left out (and why); `bench/migrate-oracle.sh`
//! compares the result with Mintlify's upgrade.

use serde_json::{json, Map, Value};

use super::SiteConfig;
use crate::sources::SourceFiles;

mod divisions;
mod flat_keys;
mod legacy;
mod navigation;

pub use divisions::anchors_nest_tabs;
pub use legacy::carry_legacy;

use flat_keys::{appearance, background, contextual, errors, footer, integrations, logo_value};
use navigation::Navigation;

/// Mintlify's address for the docs.json schema: an editor hint that sheaf
/// never fetches (it validates against its own embedded copy).
pub const DOCS_SCHEMA_URL: &str = "https://mintlify.com/docs.json";

/// The primary colour the theme uses when a site names none (as
/// `render/colors.rs`), written because docs.json requires one.
pub const THEME_PRIMARY: &str = "#16a34a";

/// The migrated docs.json and what it could not carry.
#[derive(Debug, Clone, PartialEq)]
pub struct Migration {
    pub docs: Value,
    pub left_out: Vec<LeftOut>,
}

/// A site.json field docs.json has no place for (or changes), and why;
/// or a legacy mint.json key moved to its docs.json place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// The site.json field, as a path (`api.auth.inputPrefix`).
    pub field: String,
    pub reason: String,
    /// Where a moved value went (`fonts.heading`); `None`: left out.
    pub moved_to: Option<String>,
}

impl std::fmt::Display for LeftOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.moved_to {
            Some(to) if self.reason.is_empty() => write!(f, "moved `{}` to {to}", self.field),
            Some(to) => write!(f, "moved `{}` to {to}: {}", self.field, self.reason),
            None => write!(f, "left out `{}`: {}", self.field, self.reason),
        }
    }
}

/// Converts a site.json configuration into docs.json.
pub fn migrate(config: &SiteConfig, files: &SourceFiles) -> Migration {
    let mut out = Output::default();
    let mut docs = Map::new();
    docs.insert("$schema".into(), json!(DOCS_SCHEMA_URL));
    // mint.json's legacy `theme`/`layout`, as Mintlify upgrades them.
    docs.insert("theme".into(), json!(config.theme_name().as_str()));
    docs.insert("name".into(), json!(config.name));
    insert_some(&mut docs, "description", config.description.as_ref());
    out.colors(config, &mut docs);
    insert_some(&mut docs, "logo", config.logo.as_ref().map(logo_value));
    insert_some(&mut docs, "favicon", config.favicon.as_ref());
    insert_some(&mut docs, "appearance", appearance(config));
    insert_some(&mut docs, "background", background(config));
    docs.insert(
        "navigation".into(),
        Navigation::new(config, files, &mut out).build(),
    );
    out.navbar(config, &mut docs);
    insert_some(&mut docs, "footer", footer(config));
    insert_some(&mut docs, "banner", config.banner.as_ref());
    insert_some(&mut docs, "contextual", contextual(config));
    insert_some(&mut docs, "integrations", integrations(config));
    let fonts = (config.fonts != Default::default()).then(|| json!(config.fonts));
    insert_some(&mut docs, "fonts", fonts);
    if !config.redirects.is_empty() {
        docs.insert("redirects".into(), json!(config.redirects));
    }
    out.api(config, &mut docs);
    out.seo(config, &mut docs);
    insert_some(
        &mut docs,
        "search",
        config.search_prompt.as_ref().map(|p| json!({"prompt": p})),
    );
    insert_some(&mut docs, "errors", errors(config));
    out.sheaf_keys(config, &mut docs);
    let docs = Value::Object(docs);
    out.order_changes(config, &docs);
    Migration {
        docs,
        left_out: out.left_out,
    }
}

/// What is being written besides the value: the left-out lines.
#[derive(Debug, Default)]
struct Output {
    left_out: Vec<LeftOut>,
    /// The name of the first anchor written for the groups of no anchor.
    top_anchor: Option<String>,
    /// The name of the first tab written for the groups of no tab.
    primary_tab: Option<String>,
}

impl Output {
    fn leave_out(&mut self, field: impl Into<String>, reason: impl Into<String>) {
        self.left_out.push(LeftOut {
            field: field.into(),
            reason: reason.into(),
            moved_to: None,
        });
    }
}

fn insert_some<T: serde::Serialize>(map: &mut Map<String, Value>, key: &str, value: Option<T>) {
    if let Some(value) = value {
        map.insert(key.into(), json!(value));
    }
}

#[cfg(test)]
mod tests;
