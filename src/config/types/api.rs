//! The API reference's part of the site model: `api` (base URLs, auth,
//! the playground, code examples) and the `openapi` specs, one or many.

use serde::{Deserialize, Serialize};

use super::on_by_default;

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ApiConfig {
    pub base_url: Option<OneOrMany>,
    pub auth: Option<ApiAuth>,
    #[serde(default)]
    pub playground: Playground,
    #[serde(default)]
    pub maintain_order: bool,
    /// The code sample languages to show, in order (docs.json
    /// `api.examples.languages`); empty: all of them.
    #[serde(default)]
    pub examples_languages: Vec<String>,
    /// Nested fields of endpoint pages start open (docs.json
    /// `api.params.expanded: "all"`); default: folded.
    #[serde(default)]
    pub params_expanded: bool,
    /// Which properties generated request examples fill in (docs.json
    /// `api.examples.defaults`).
    #[serde(default)]
    pub examples_defaults: ExampleDefaults,
}

/// `api.examples.defaults`: the properties a generated request example has.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ExampleDefaults {
    /// Every property the schema names.
    #[default]
    All,
    /// Only the required ones.
    Required,
}

impl ApiConfig {
    pub fn base_urls(&self) -> Vec<String> {
        self.base_url
            .as_ref()
            .map(OneOrMany::to_vec)
            .unwrap_or_default()
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ApiAuth {
    pub method: Option<AuthMethod>,
    pub name: Option<String>,
    pub input_prefix: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AuthMethod {
    Bearer,
    Basic,
    Key,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Playground {
    #[serde(default)]
    pub mode: PlaygroundMode,
    /// Under `sheaf serve`, Try-it goes through the preview's proxy
    /// (default); `false`: the browser sends requests itself.
    #[serde(default = "on_by_default")]
    pub proxy: bool,
}

impl Default for Playground {
    fn default() -> Self {
        Playground {
            mode: PlaygroundMode::default(),
            proxy: true,
        }
    }
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PlaygroundMode {
    #[default]
    Show,
    Simple,
    Hide,
}

impl PlaygroundMode {
    /// The mode a docs.json `api.playground.display` or a page's
    /// `playground` key names (`interactive`, `simple`, `none`).
    pub fn from_display(display: &str) -> Option<PlaygroundMode> {
        match display.trim() {
            "interactive" => Some(PlaygroundMode::Show),
            "simple" => Some(PlaygroundMode::Simple),
            "none" => Some(PlaygroundMode::Hide),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    pub fn to_vec(&self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s.clone()],
            OneOrMany::Many(v) => v.clone(),
        }
    }
}
