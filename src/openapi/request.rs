//! The request an endpoint's code samples make: the first base URL, path
//! parameters filled from their examples, required query and header
//! parameters, the credential placeholder where the auth scheme puts it, and
//! the example body.

use serde_json::Value;

use super::auth::AuthKind;
use super::endpoint::{BodyView, EndpointView};
use super::fields::FieldView;
use super::samples::{SampleBody, SampleRequest};

/// The request the code samples make: first base URL, path parameters
/// filled from examples, required query parameters, auth and body.
pub(crate) fn sample_request(view: &EndpointView) -> SampleRequest {
    let mut path = view.path.clone();
    for param in &view.parameters.path {
        if let Some(value) = param.example.as_ref().or(param.default.as_ref()) {
            path = path.replace(&format!("{{{}}}", param.name), &plain_value(value));
        }
    }
    let mut query: Vec<(String, String)> = view
        .parameters
        .query
        .iter()
        .filter(|p| p.required)
        .map(|p| (p.name.clone(), param_value(p)))
        .collect();
    let mut headers: Vec<(String, String)> = Vec::new();
    add_auth(view, &mut headers, &mut query);
    for header in view.parameters.header.iter().filter(|p| p.required) {
        headers.push((header.name.clone(), param_value(header)));
    }
    let body = view.request_body.as_ref().map(|b| {
        headers.push(("Content-Type".into(), b.content_type.clone()));
        sample_body(b)
    });
    SampleRequest {
        method: view.method.clone(),
        url: format!(
            "{}{}{}",
            view.base_urls
                .first()
                .map_or("", |base| base.trim_end_matches('/')),
            path,
            query_string(&query)
        ),
        headers,
        body,
    }
}

fn add_auth(
    view: &EndpointView,
    headers: &mut Vec<(String, String)>,
    query: &mut Vec<(String, String)>,
) {
    let auth = &view.auth;
    let value = auth.header_value(auth.placeholder());
    match (auth.kind, auth.location.as_str()) {
        (AuthKind::None, _) => {}
        (_, "query") => query.push((auth.name.clone(), value)),
        (_, "cookie") => headers.push(("Cookie".into(), format!("{}={value}", auth.name))),
        _ => headers.push((auth.name.clone(), value)),
    }
}

fn sample_body(body: &BodyView) -> SampleBody {
    let text = body.example_json.clone().unwrap_or_default();
    if body.content_type.contains("json") {
        if let Ok(value) = serde_json::from_str(&text) {
            return SampleBody::Json(value);
        }
    }
    SampleBody::Text(text)
}

fn param_value(field: &FieldView) -> String {
    field
        .example
        .as_ref()
        .or(field.default.as_ref())
        .or(field.enum_values.first())
        .map_or_else(|| format!("<{}>", field.name), plain_value)
}

fn plain_value(value: &Value) -> String {
    super::schema::plain(value)
}

fn query_string(query: &[(String, String)]) -> String {
    use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
    const QUERY: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b'~')
        .remove(b'<')
        .remove(b'>');
    if query.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = query
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                utf8_percent_encode(k, QUERY),
                utf8_percent_encode(v, QUERY)
            )
        })
        .collect();
    format!("?{}", pairs.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ApiConfig;
    use crate::openapi::ManualParam;
    use serde_json::json;

    fn param(location: &str, name: &str, default: Option<&str>) -> ManualParam {
        ManualParam {
            location: location.into(),
            name: name.into(),
            ty: "string".into(),
            required: true,
            default: default.map(str::to_string),
        }
    }

    #[test]
    fn path_query_and_header_parameters_fill_the_request() {
        let params = vec![
            param("path", "id", Some("42")),
            param("query", "q", Some("a b")),
            param("query", "page", None),
            param("header", "X-Trace", Some("t")),
        ];
        let mut view = EndpointView::manual(
            "GET",
            "https://h.dev/users/{id}",
            &ApiConfig::default(),
            params,
        );
        view.auth = crate::openapi::AuthView {
            kind: AuthKind::Key,
            location: "query".into(),
            name: "api_key".into(),
            ..Default::default()
        };
        let request = sample_request(&view);
        assert_eq!(
            request.url,
            "https://h.dev/users/42?q=a%20b&page=<page>&api_key=<API_KEY>"
        );
        assert_eq!(request.headers, [("X-Trace".to_string(), "t".to_string())]);
        assert!(request.body.is_none());
    }

    #[test]
    fn json_bodies_stay_structured() {
        let params = vec![param("body", "name", Some("\"x\""))];
        let request = sample_request(&EndpointView::manual(
            "POST",
            "https://h.dev/a",
            &ApiConfig::default(),
            params,
        ));
        assert_eq!(request.body, Some(SampleBody::Json(json!({"name": "x"}))));
        assert!(request
            .headers
            .contains(&("Content-Type".into(), "application/json".into())));
    }
}
