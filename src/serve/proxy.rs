//! The playground proxy: the preview server sends a Try-it request on the
//! browser's behalf, which lets it send what `fetch` cannot (a GET with a
//! body) and sidesteps CORS. It forwards only to the site's API base URLs
//! ([`AllowList`]), follows no redirects (a 3xx goes back to the page as is),
//! gives up after a timeout and refuses responses over a size cap.
//!
//! Wire format: the page POSTs `{method, url, headers, body}` and gets
//! `{status, headers, body, elapsed_ms}`, or `{error}` with a 4xx/5xx status.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;
use ureq::http;

use super::allow::AllowList;

/// Upper bound on one forwarded exchange.
pub const TIMEOUT: Duration = Duration::from_secs(15);
/// Largest response body passed back to the page.
pub const RESPONSE_CAP: u64 = 5 * 1024 * 1024;

/// What the playground asks to send.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct ProxyRequest {
    pub method: String,
    pub url: String,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    #[serde(default)]
    pub body: Option<String>,
}

/// What the API answered.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ProxyResponse {
    pub status: u16,
    pub headers: BTreeMap<String, String>,
    pub body: String,
    pub elapsed_ms: u64,
}

/// Why a request was not forwarded or got no answer.
#[derive(Debug, Error)]
pub enum ProxyError {
    #[error("invalid proxy request: {0}")]
    BadRequest(String),
    #[error("{url} is not under one of this site's API base URLs ({allowed}); the preview proxy forwards only to those")]
    NotAllowed { url: String, allowed: String },
    #[error("the API did not answer within {} seconds", TIMEOUT.as_secs())]
    Timeout,
    #[error("the API's response is larger than {} MB", RESPONSE_CAP / 1024 / 1024)]
    TooLarge,
    #[error("could not reach the API: {0}")]
    Upstream(String),
}

impl ProxyError {
    /// The HTTP status the proxy answers with.
    pub fn status(&self) -> u16 {
        match self {
            ProxyError::BadRequest(_) => 400,
            ProxyError::NotAllowed { .. } => 403,
            ProxyError::Timeout => 504,
            ProxyError::TooLarge | ProxyError::Upstream(_) => 502,
        }
    }
}

/// Methods the playground can send.
const METHODS: [&str; 7] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/// Headers that belong to one connection and are never forwarded.
const HOP_BY_HOP: [&str; 9] = [
    "connection",
    "content-length",
    "host",
    "keep-alive",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
];

/// Sends allowed requests; cheap to share between threads.
#[derive(Debug, Clone)]
pub struct Forwarder {
    agent: ureq::Agent,
}

impl Default for Forwarder {
    fn default() -> Self {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_global(Some(TIMEOUT))
            .build();
        Forwarder {
            agent: config.into(),
        }
    }
}

impl Forwarder {
    /// Sends `request` if `allow` permits its URL, and reads the answer.
    pub fn forward(
        &self,
        request: &ProxyRequest,
        allow: &AllowList,
    ) -> Result<ProxyResponse, ProxyError> {
        if !allow.allows(&request.url) {
            return Err(ProxyError::NotAllowed {
                url: request.url.clone(),
                allowed: allowed_text(allow),
            });
        }
        let outgoing = build_request(request)?;
        let started = Instant::now();
        let mut response = self.agent.run(outgoing).map_err(upstream_error)?;
        let body = response
            .body_mut()
            .with_config()
            .limit(RESPONSE_CAP)
            .read_to_vec()
            .map_err(upstream_error)?;
        Ok(ProxyResponse {
            status: response.status().as_u16(),
            headers: header_map(response.headers()),
            body: String::from_utf8_lossy(&body).into_owned(),
            elapsed_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        })
    }
}

fn allowed_text(allow: &AllowList) -> String {
    match allow.urls() {
        urls if urls.is_empty() => "none are configured".to_string(),
        urls => urls.join(", "),
    }
}

/// The outgoing request; a body is sent whenever one is given, whatever
/// the method.
fn build_request(request: &ProxyRequest) -> Result<http::Request<Vec<u8>>, ProxyError> {
    let method = request.method.to_ascii_uppercase();
    if !METHODS.contains(&method.as_str()) {
        return Err(ProxyError::BadRequest(format!(
            "method `{}` is not one of {}",
            request.method,
            METHODS.join(", ")
        )));
    }
    let mut builder = http::Request::builder()
        .method(method.as_str())
        .uri(&request.url);
    for (name, value) in &request.headers {
        if !HOP_BY_HOP.contains(&name.to_ascii_lowercase().as_str()) {
            builder = builder.header(name, value);
        }
    }
    let body = request.body.clone().unwrap_or_default().into_bytes();
    builder
        .body(body)
        .map_err(|e| ProxyError::BadRequest(e.to_string()))
}

fn header_map(headers: &http::HeaderMap) -> BTreeMap<String, String> {
    let mut map: BTreeMap<String, String> = BTreeMap::new();
    for (name, value) in headers {
        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
        map.entry(name.as_str().to_string())
            .and_modify(|v| {
                v.push_str(", ");
                v.push_str(&value);
            })
            .or_insert(value);
    }
    map
}

fn upstream_error(error: ureq::Error) -> ProxyError {
    match error {
        ureq::Error::Timeout(_) => ProxyError::Timeout,
        ureq::Error::BodyExceedsLimit(_) => ProxyError::TooLarge,
        other => ProxyError::Upstream(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(method: &str, body: Option<&str>) -> ProxyRequest {
        ProxyRequest {
            method: method.into(),
            url: "http://127.0.0.1:9/api".into(),
            headers: BTreeMap::from([
                ("Authorization".into(), "Token x".into()),
                ("Host".into(), "evil".into()),
                ("Content-Length".into(), "999".into()),
            ]),
            body: body.map(str::to_string),
        }
    }

    #[test]
    fn outgoing_request_keeps_the_body_and_drops_hop_by_hop_headers() {
        let built = build_request(&request("get", Some("{\"a\":1}"))).unwrap();
        assert_eq!(built.method(), "GET");
        assert_eq!(built.body(), b"{\"a\":1}");
        assert_eq!(built.headers()["authorization"], "Token x");
        assert!(built.headers().get("host").is_none());
        assert!(built.headers().get("content-length").is_none());
    }

    #[test]
    fn unknown_methods_are_refused() {
        let error = build_request(&request("CONNECT", None)).unwrap_err();
        assert_eq!(error.status(), 400);
    }

    #[test]
    fn urls_outside_the_allow_list_are_refused_before_any_network() {
        let allow = AllowList::new(["https://api.example.com".to_string()]);
        let error = Forwarder::default()
            .forward(&request("GET", None), &allow)
            .unwrap_err();
        assert_eq!(error.status(), 403);
        assert!(error.to_string().contains("https://api.example.com"));
    }

    #[test]
    fn repeated_headers_are_joined() {
        let mut headers = http::HeaderMap::new();
        headers.append("set-cookie", "a=1".parse().unwrap());
        headers.append("set-cookie", "b=2".parse().unwrap());
        assert_eq!(header_map(&headers)["set-cookie"], "a=1, b=2");
    }
}
