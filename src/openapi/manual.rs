//! Hand-written endpoint pages (`api: "POST https://host/path"` frontmatter):
//! the page writes its own `ParamField`s, sheaf adds the header, the code
//! samples and the Try-it form.

use serde::Serialize;
use serde_json::{Map, Value};

use super::auth::site_auth;
use super::fields::FieldView;
use super::request::sample_request;
use super::samples::{chosen_samples, generated_samples};
use super::source::is_url;
use super::view::{playground_mode, BodyView, EndpointView, Parameters};
use crate::config::ApiConfig;

/// One parameter a hand-written page declares (from its `ParamField`s).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ManualParam {
    /// `path`, `query`, `header`, `cookie` or `body`.
    pub location: String,
    pub name: String,
    /// `string`, `number`, `integer`, `boolean`, `object`, `array`, …
    pub ty: String,
    pub required: bool,
    pub default: Option<String>,
}

impl EndpointView {
    /// The view of a hand-written endpoint page. `url` is a full URL or a
    /// path appended to site.json's `api.baseUrl`.
    pub fn manual(
        method: &str,
        url: &str,
        api: &ApiConfig,
        params: Vec<ManualParam>,
    ) -> EndpointView {
        let (base_urls, path) = split_url(url, api);
        let mut parameters = Parameters::default();
        let mut body = Map::new();
        for param in params {
            if param.location == "body" {
                body.insert(param.name.clone(), body_value(&param));
            } else {
                let location = param.location.clone();
                parameters.push(&location, manual_field(param));
            }
        }
        let method = method.to_ascii_uppercase();
        let request_body = (!body.is_empty()).then(|| BodyView {
            content_type: "application/json".into(),
            required: false,
            description_md: None,
            type_label: "object".into(),
            fields: Vec::new(),
            alternatives: Vec::new(),
            alternatives_kind: None,
            example_json: serde_json::to_string_pretty(&Value::Object(body)).ok(),
        });
        let mut view = EndpointView {
            title: format!("{method} {path}"),
            description_md: None,
            operation_id: None,
            spec: None,
            tags: Vec::new(),
            auth: site_auth(api.auth.as_ref()),
            parameters,
            body_needs_proxy: request_body.is_some() && matches!(method.as_str(), "GET" | "HEAD"),
            request_body,
            responses: Vec::new(),
            code_samples: Vec::new(),
            deprecated: false,
            playground_mode: playground_mode(api, &base_urls),
            expand_fields: api.params_expanded,
            playground_proxy: api.playground.proxy,
            base_urls,
            server_descriptions: Vec::new(),
            path,
            method,
            manual: true,
            webhook: false,
        };
        let generated = generated_samples(&sample_request(&view));
        view.code_samples = chosen_samples(generated, &api.examples_languages);
        view
    }
}

/// `https://host/a/b` → (`[https://host]`, `/a/b`); a bare path takes the
/// site's base URLs.
fn split_url(url: &str, api: &ApiConfig) -> (Vec<String>, String) {
    if !is_url(url) {
        let path = if url.starts_with('/') {
            url.to_string()
        } else {
            format!("/{url}")
        };
        return (api.base_urls(), path);
    }
    let scheme_end = url.find("://").map_or(0, |i| i + 3);
    match url[scheme_end..].find('/') {
        Some(i) => (
            vec![url[..scheme_end + i].to_string()],
            url[scheme_end + i..].to_string(),
        ),
        None => (vec![url.to_string()], "/".to_string()),
    }
}

fn manual_field(param: ManualParam) -> FieldView {
    FieldView {
        name: param.name,
        type_label: param.ty,
        required: param.required,
        default: param.default.map(Value::String),
        ..FieldView::default()
    }
}

/// A body parameter's value in the prefilled JSON: its default (parsed as
/// JSON when it is), else an empty value of its type.
fn body_value(param: &ManualParam) -> Value {
    if let Some(default) = &param.default {
        return serde_json::from_str(default).unwrap_or_else(|_| Value::String(default.clone()));
    }
    match param.ty.to_ascii_lowercase().as_str() {
        "number" | "integer" => Value::from(0),
        "boolean" | "bool" => Value::Bool(false),
        "object" => Value::Object(Map::new()),
        t if t == "array" || t.ends_with("[]") => Value::Array(Vec::new()),
        _ => Value::String(String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{ApiAuth, AuthMethod, OneOrMany};

    fn param(location: &str, name: &str, ty: &str) -> ManualParam {
        ManualParam {
            location: location.into(),
            name: name.into(),
            ty: ty.into(),
            required: true,
            default: None,
        }
    }

    #[test]
    fn full_urls_split_into_base_and_path() {
        let api = ApiConfig {
            auth: Some(ApiAuth {
                method: Some(AuthMethod::Bearer),
                ..ApiAuth::default()
            }),
            ..ApiConfig::default()
        };
        let params = vec![
            param("body", "current_token", "string"),
            param("query", "page", "integer"),
        ];
        let view = EndpointView::manual("post", "https://api.mintlify.com/api/user", &api, params);
        assert_eq!(view.base_urls, ["https://api.mintlify.com"]);
        assert_eq!(
            (view.method.as_str(), view.path.as_str()),
            ("POST", "/api/user")
        );
        assert!(view.manual);
        assert_eq!(view.parameters.query[0].name, "page");
        let body = view.request_body.as_ref().unwrap();
        assert!(body
            .example_json
            .as_ref()
            .unwrap()
            .contains("\"current_token\": \"\""));
        assert!(view.code_samples[0]
            .code
            .contains("Authorization: Bearer <token>"));
    }

    #[test]
    fn paths_use_site_base_urls() {
        let api = ApiConfig {
            base_url: Some(OneOrMany::Many(vec![
                "https://a.dev".into(),
                "https://b.dev".into(),
            ])),
            ..ApiConfig::default()
        };
        let view = EndpointView::manual("GET", "users/{id}", &api, Vec::new());
        assert_eq!(view.base_urls.len(), 2);
        assert_eq!(view.path, "/users/{id}");
        assert!(view.code_samples[0]
            .code
            .contains("https://a.dev/users/{id}"));
    }

    #[test]
    fn no_base_url_means_no_try_it() {
        let view = EndpointView::manual("GET", "/x", &ApiConfig::default(), Vec::new());
        assert_eq!(view.playground_mode, crate::config::PlaygroundMode::Simple);
    }
}
