//! Analytics and chat integrations: docs.json `integrations`, kept in
//! `site.json` under `analytics` (mint.json's name; its `integrations`, which
//! held the chat widgets, is read into the same list).
//!
//! [`PROVIDERS`] is the list Mintlify documents (its docs.json reference,
//! "Integrations"), each with the settings its loader needs. [`resolve`]
//! reads the config into [`Integrations`]: the providers whose settings
//! are usable, the consent gate (`cookies: {key, value}`: nothing loads
//! until local storage holds that value under that key) and `telemetry`
//! (`enabled: false` loads none). What it cannot use is a [`Problem`] at
//! its pointer: an id with characters no provider uses (it would end up
//! in a URL), a URL that is not `https:`, a provider sheaf does not know.
//!
//! The values are data: the page carries them in a JSON block and sheaf's
//! own `analytics.js` builds each provider's documented loader from them
//! (`render::analytics`), so no author text is ever run as code.

use std::path::Path;

use serde_json::{Map, Value};

use super::source::SourceDoc;
use super::types::SiteConfig;
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;

/// How a provider setting is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An id or key: letters, digits and `_ . , : / @ + = -`.
    Id,
    /// An `https:` URL.
    Url,
    /// A host name, or an `https:` URL of one (Plausible's `server`).
    Host,
    /// `true` or `false`.
    Flag,
}

/// A setting of a provider; the first of each provider is its id, required.
struct Field {
    name: &'static str,
    kind: Kind,
}

const fn id(name: &'static str) -> Field {
    Field {
        name,
        kind: Kind::Id,
    }
}

/// A provider Mintlify integrates: its key, its name, its settings.
pub struct Provider {
    pub key: &'static str,
    pub name: &'static str,
    fields: &'static [Field],
}

const fn provider(key: &'static str, name: &'static str, fields: &'static [Field]) -> Provider {
    Provider { key, name, fields }
}

/// Every analytics and chat integration of Mintlify's docs.json reference.
pub const PROVIDERS: [Provider; 19] = [
    provider(
        "adobe",
        "Adobe Analytics",
        &[Field {
            name: "launchUrl",
            kind: Kind::Url,
        }],
    ),
    provider("amplitude", "Amplitude", &[id("apiKey")]),
    provider("clarity", "Microsoft Clarity", &[id("projectId")]),
    provider("clearbit", "Clearbit", &[id("publicApiKey")]),
    provider("fathom", "Fathom", &[id("siteId")]),
    provider("frontchat", "Front Chat", &[id("snippetId")]),
    provider("ga4", "Google Analytics 4", &[id("measurementId")]),
    provider("gtm", "Google Tag Manager", &[id("tagId")]),
    provider("heap", "Heap", &[id("appId")]),
    provider(
        "hightouch",
        "Hightouch",
        &[
            id("writeKey"),
            Field {
                name: "apiHost",
                kind: Kind::Url,
            },
        ],
    ),
    provider("hotjar", "Hotjar", &[id("hjid"), id("hjsv")]),
    provider("intercom", "Intercom", &[id("appId")]),
    provider("koala", "Koala", &[id("publicApiKey")]),
    provider("logrocket", "LogRocket", &[id("appId")]),
    provider("mixpanel", "Mixpanel", &[id("projectToken")]),
    provider("pirsch", "Pirsch", &[id("id")]),
    provider(
        "plausible",
        "Plausible",
        &[
            id("domain"),
            Field {
                name: "server",
                kind: Kind::Host,
            },
        ],
    ),
    provider(
        "posthog",
        "PostHog",
        &[
            id("apiKey"),
            Field {
                name: "apiHost",
                kind: Kind::Url,
            },
            Field {
                name: "sessionRecording",
                kind: Kind::Flag,
            },
        ],
    ),
    provider("segment", "Segment", &[id("key")]),
];

/// The keys of `integrations` that steer the others rather than load anything.
const CONTROLS: [&str; 2] = ["cookies", "telemetry"];

/// What the built pages load.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Integrations {
    /// Each usable provider's key and its checked settings, by key.
    pub providers: Vec<(&'static str, Map<String, Value>)>,
    /// `cookies`: the local storage key and the value that means consent.
    pub consent: Option<(String, String)>,
}

impl Integrations {
    pub fn is_empty(&self) -> bool {
        self.providers.is_empty()
    }

    /// The JSON the page carries for `analytics.js`.
    pub fn to_json(&self) -> Value {
        let providers: Vec<Value> = (self.providers.iter())
            .map(|(key, settings)| Value::Array(vec![(*key).into(), settings.clone().into()]))
            .collect();
        let mut out = Map::new();
        if let Some((key, value)) = &self.consent {
            out.insert(
                "consent".into(),
                serde_json::json!({"key": key, "value": value}),
            );
        }
        out.insert("providers".into(), providers.into());
        out.into()
    }
}

/// Something in the config [`resolve`] cannot use, or reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The JSON pointer in `site.json`'s terms (`/analytics/ga4/measurementId`).
    pub pointer: String,
    pub message: String,
    pub help: String,
    /// A warning (something asked for does not load) rather than a note.
    pub warning: bool,
}

/// The integrations of `config`, and what [`resolve`] says about them: a
/// note per provider that loads, a warning per one that cannot.
pub fn resolve(config: &SiteConfig) -> (Integrations, Vec<Problem>) {
    let mut out = Integrations::default();
    let mut problems = Vec::new();
    let entries = config.analytics.iter().map(|(k, v)| ("analytics", k, v));
    let entries = entries.chain(
        config
            .integrations
            .iter()
            .map(|(k, v)| ("integrations", k, v)),
    );
    let mut telemetry_off = None;
    for (field, key, value) in entries {
        let pointer = format!("/{field}/{}", escape_pointer(key));
        match key.as_str() {
            "cookies" => out.consent = consent(value, &pointer, &mut problems),
            "telemetry" if value.get("enabled") == Some(&Value::Bool(false)) => {
                telemetry_off = Some(pointer)
            }
            _ if CONTROLS.contains(&key.as_str()) => {}
            _ => match PROVIDERS.iter().find(|p| p.key == key) {
                Some(provider) => {
                    if let Some(settings) = settings(provider, value, &pointer, &mut problems) {
                        out.providers.retain(|(k, _)| *k != provider.key);
                        out.providers.push((provider.key, settings));
                    }
                }
                None => problems.push(Problem {
                    pointer,
                    message: format!("integration `{key}` is not one sheaf loads"),
                    help: format!("sheaf loads {}; add the provider's script as a `.js` file in the docs root to load it on every page", known_names()),
                    warning: false,
                }),
            },
        }
    }
    out.providers.sort_by_key(|(key, _)| *key);
    if let Some(pointer) = telemetry_off {
        if !out.is_empty() {
            problems.push(note(
                &pointer,
                "`telemetry.enabled: false`: no integration is loaded",
                "remove it to load the integrations on built pages",
            ));
        }
        out.providers.clear();
    }
    for (key, _) in &out.providers {
        problems.push(loaded_note(config, key, out.consent.as_ref()));
    }
    (out, problems)
}

/// What [`resolve`] says about the integrations of `config`, at their
/// lines in `file`: warnings under `config-value`, notes under `integration`.
pub(super) fn diagnostics(doc: &SourceDoc, config: &SiteConfig, file: &Path) -> Vec<Diagnostic> {
    let (_, problems) = resolve(config);
    (problems.into_iter())
        .map(|problem| {
            let diagnostic = match problem.warning {
                true => Diagnostic::warning(file, problem.message).with_rule(Rule::ConfigValue),
                false => Diagnostic::note(file, problem.message).with_rule(Rule::Integration),
            };
            doc.locate(diagnostic.with_help(problem.help), &problem.pointer)
        })
        .collect()
}

fn loaded_note(config: &SiteConfig, key: &str, consent: Option<&(String, String)>) -> Problem {
    let provider = PROVIDERS
        .iter()
        .find(|p| p.key == key)
        .expect("a known provider");
    let field = match config.analytics.contains_key(key) {
        true => "analytics",
        false => "integrations",
    };
    let when = match consent {
        Some((k, v)) => format!(" once local storage holds `{k}` = `{v}`"),
        None => String::new(),
    };
    note(
        &format!("/{field}/{key}"),
        &format!("{} loads on every built page{when}", provider.name),
        "`sheaf serve` never loads integrations: build and serve the output to try them",
    )
}

fn note(pointer: &str, message: &str, help: &str) -> Problem {
    Problem {
        pointer: pointer.to_string(),
        message: message.to_string(),
        help: help.to_string(),
        warning: false,
    }
}

fn known_names() -> String {
    let keys: Vec<&str> = PROVIDERS.iter().map(|p| p.key).collect();
    keys.join(", ")
}

/// `cookies: {key, value}`, both strings (a number value is read as text).
fn consent(value: &Value, pointer: &str, problems: &mut Vec<Problem>) -> Option<(String, String)> {
    let text = |name: &str| match value.get(name) {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::Bool(b)) => Some(b.to_string()),
        _ => None,
    };
    match (text("key"), text("value")) {
        (Some(key), Some(value)) => Some((key, value)),
        _ => {
            problems.push(Problem {
                pointer: pointer.to_string(),
                message: "`cookies` needs a `key` and a `value`: no integration loads without consent".into(),
                help: "set `cookies.key` to the local storage key your consent banner writes and `cookies.value` to the value that means consent".into(),
                warning: true,
            });
            // Consent cannot be given: nothing may load.
            Some((String::new(), String::new()))
        }
    }
}

/// The checked settings of one provider, or `None` (a warning) when its id
/// is missing or a setting cannot be used.
fn settings(
    provider: &Provider,
    value: &Value,
    pointer: &str,
    problems: &mut Vec<Problem>,
) -> Option<Map<String, Value>> {
    // mint.json writes a chat widget's id alone: `"intercom": "<appId>"`.
    let whole;
    let value = match value {
        Value::String(_) | Value::Number(_) => {
            whole = serde_json::json!({ provider.fields[0].name: value });
            &whole
        }
        _ => value,
    };
    let mut out = Map::new();
    for (i, field) in provider.fields.iter().enumerate() {
        let at = format!("{pointer}/{}", field.name);
        let Some(given) = value.get(field.name) else {
            if i == 0 {
                problems.push(Problem {
                    pointer: pointer.to_string(),
                    message: format!("{} needs `{}`: it is not loaded", provider.name, field.name),
                    help: format!("set `{}.{}`", provider.key, field.name),
                    warning: true,
                });
                return None;
            }
            continue;
        };
        match checked(field.kind, given) {
            Ok(value) => {
                out.insert(field.name.to_string(), value);
            }
            Err(why) => {
                problems.push(Problem {
                    pointer: at,
                    message: format!("{} is not loaded: `{}` {why}", provider.name, field.name),
                    help: "copy the value from the provider's dashboard".into(),
                    warning: true,
                });
                return None;
            }
        }
    }
    Some(out)
}

/// `value` as `kind` needs it, or why not.
fn checked(kind: Kind, value: &Value) -> Result<Value, &'static str> {
    let text = match value {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) if kind == Kind::Id => n.to_string(),
        Value::Bool(b) if kind == Kind::Flag => return Ok(Value::Bool(*b)),
        _ if kind == Kind::Flag => return Err("is not `true` or `false`"),
        _ => return Err("is not text"),
    };
    match kind {
        Kind::Id if is_id(&text) => Ok(text.into()),
        Kind::Id => Err("holds characters no provider id has"),
        Kind::Url if https_url(&text).is_some() => Ok(text.into()),
        Kind::Url => Err("is not an `https:` URL"),
        Kind::Host => {
            let url = if text.contains("://") {
                text
            } else {
                format!("https://{text}")
            };
            https_url(&url)
                .map(Value::from)
                .ok_or("is not a host name or an `https:` URL")
        }
        Kind::Flag => Err("is not `true` or `false`"),
    }
}

fn is_id(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 200
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.,:/@+=-".contains(c))
}

/// `text` when it is an `https:` URL of a host (no spaces, quotes or angle
/// brackets), without a trailing slash.
fn https_url(text: &str) -> Option<String> {
    let rest = text.strip_prefix("https://")?;
    let host = rest.split('/').next()?;
    let host_ok = !host.is_empty()
        && (host.chars()).all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c));
    let clean =
        !(text.chars()).any(|c| c.is_whitespace() || c.is_control() || "\"'<>\\`".contains(c));
    (host_ok && clean).then(|| text.trim_end_matches('/').to_string())
}

fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests;
