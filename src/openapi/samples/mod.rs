//! Code samples: one request written in cURL, Python (requests),
//! JavaScript (fetch, or Node's `http`/`https`), Go (net/http), Rust
//! (reqwest), PHP (the curl extension), Ruby (net/http) and Java
//! (java.net.http).
//!
//! Every language gets the same [`SampleRequest`]: method, full URL, headers
//! and an optional body, and each sample sends exactly that: the tests run
//! the cURL, Python, JavaScript and Java samples against a mock of the
//! service. Strings are embedded with each language's own quoting, so a
//! placeholder such as `<API_KEY>` sits inside a string literal and every
//! sample is valid code as it is. Samples name the URL scheme only inside
//! the URL string (the Node sample picks `http` or `https` from it), so the
//! page can swap the base URL in their text when the reader picks another.
//! A GET/HEAD with a body is written honestly: `fetch` refuses it, so the
//! JavaScript sample uses Node's modules instead.

mod compiled;
mod javascript;
mod quote;
mod scripts;

use serde::Serialize;
use serde_json::Value;

/// One sample on an endpoint page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CodeSample {
    /// Highlighting language (`bash`, `python`, `javascript`, `go`, `rust`,
    /// `php`, `ruby`, `java`, or the spec's).
    pub lang: String,
    /// Tab label (`cURL`, `Python`).
    pub label: String,
    pub code: String,
}

/// What a sample sends.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SampleBody {
    Json(Value),
    /// Raw text with its content type header already in the headers.
    Text(String),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SampleRequest {
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<SampleBody>,
}

impl SampleRequest {
    /// The body as sent on the wire (JSON pretty-printed).
    fn body_text(&self) -> Option<String> {
        self.body.as_ref().map(|b| match b {
            SampleBody::Json(v) => serde_json::to_string_pretty(v).unwrap_or_default(),
            SampleBody::Text(t) => t.clone(),
        })
    }

    /// `fetch` refuses a body on GET and HEAD.
    fn fetch_cannot_send(&self) -> bool {
        self.body.is_some() && matches!(self.method.as_str(), "GET" | "HEAD")
    }
}

/// Writes one request in one language.
type Writer = fn(&SampleRequest) -> String;

/// The generated languages: highlighting name, tab label, writer.
const LANGUAGES: [(&str, &str, Writer); 8] = [
    ("bash", "cURL", scripts::curl),
    ("python", "Python", scripts::python),
    ("javascript", "JavaScript", javascript::javascript),
    ("go", "Go", compiled::go),
    ("rust", "Rust", compiled::rust),
    ("php", "PHP", scripts::php),
    ("ruby", "Ruby", scripts::ruby),
    ("java", "Java", compiled::java),
];

/// The eight generated samples.
pub(crate) fn generated_samples(request: &SampleRequest) -> Vec<CodeSample> {
    LANGUAGES
        .iter()
        .map(|(lang, label, write)| CodeSample {
            lang: (*lang).into(),
            label: (*label).into(),
            code: write(request),
        })
        .collect()
}

/// The highlighting language a configured language name stands for.
fn lang_of(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        "curl" | "shell" | "sh" | "bash" => "bash".to_string(),
        "node" | "nodejs" | "js" | "typescript" | "ts" => "javascript".to_string(),
        "golang" => "go".to_string(),
        "rb" => "ruby".to_string(),
        "py" | "python3" => "python".to_string(),
        other => other.to_string(),
    }
}

/// The generated samples in the languages `chosen` (docs.json
/// `api.examples.languages`), in that order; all of them when `chosen` is
/// empty or names none sheaf writes. `curl`/`shell`, `node`/`typescript`
/// name the cURL and JavaScript samples.
pub(crate) fn chosen_samples(samples: Vec<CodeSample>, chosen: &[String]) -> Vec<CodeSample> {
    let picked: Vec<CodeSample> = chosen
        .iter()
        .filter_map(|name| {
            let lang = lang_of(name);
            samples.iter().find(|s| s.lang == lang).cloned()
        })
        .fold(Vec::new(), |mut out, sample| {
            if !out.iter().any(|s: &CodeSample| s.lang == sample.lang) {
                out.push(sample);
            }
            out
        });
    if picked.is_empty() {
        samples
    } else {
        picked
    }
}

/// `x-codeSamples` / `x-code-samples` of an operation.
pub(crate) fn spec_samples(operation: &Value) -> Vec<CodeSample> {
    let list = operation
        .get("x-codeSamples")
        .or_else(|| operation.get("x-code-samples"))
        .and_then(Value::as_array);
    list.into_iter()
        .flatten()
        .filter_map(|entry| {
            let code = entry.get("source").and_then(Value::as_str)?;
            let lang = entry.get("lang").and_then(Value::as_str).unwrap_or("text");
            let label = entry.get("label").and_then(Value::as_str).unwrap_or(lang);
            Some(CodeSample {
                lang: lang.to_lowercase(),
                label: label.to_string(),
                code: code.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use serde_json::json;

    pub(crate) fn request(method: &str, body: Option<SampleBody>) -> SampleRequest {
        SampleRequest {
            method: method.into(),
            url: "https://api.example.com/api/user".into(),
            headers: vec![
                ("Authorization".into(), "Token <API_KEY>".into()),
                ("Content-Type".into(), "application/json".into()),
            ],
            body,
        }
    }

    #[test]
    fn every_language_carries_method_url_headers_and_body() {
        let r = request(
            "PUT",
            Some(SampleBody::Json(
                json!({"name": "it's", "ok": true, "n": null}),
            )),
        );
        let samples = generated_samples(&r);
        let labels: Vec<_> = samples.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "cURL",
                "Python",
                "JavaScript",
                "Go",
                "Rust",
                "PHP",
                "Ruby",
                "Java"
            ]
        );
        for s in &samples {
            assert!(s.code.contains("Token <API_KEY>"), "{}", s.label);
            assert!(s.code.contains("Content-Type"), "{}", s.label);
            assert!(
                s.code.contains("https://api.example.com/api/user"),
                "{}",
                s.label
            );
            assert!(s.code.to_uppercase().contains("PUT"), "{}", s.label);
            assert!(s.code.contains("name"), "{}", s.label);
        }
    }

    #[test]
    fn the_base_url_appears_only_inside_the_url_string() {
        // The page swaps the base URL in the samples' text; nothing else may
        // depend on the scheme (the Node sample reads it from the URL).
        let r = request("GET", Some(SampleBody::Json(json!({"a": 1}))));
        for sample in generated_samples(&r) {
            let mentions = sample.code.matches("https://api.example.com").count();
            assert_eq!(mentions, 1, "{}:\n{}", sample.label, sample.code);
        }
    }

    #[test]
    fn spec_samples_come_from_either_extension() {
        let op = json!({"x-code-samples": [{"lang": "Ruby", "source": "puts 1"}]});
        assert_eq!(spec_samples(&op)[0].label, "Ruby");
        let op = json!({"x-codeSamples": [{"lang": "PHP", "label": "PHP SDK", "source": "x"}]});
        assert_eq!(spec_samples(&op)[0].lang, "php");
    }

    #[test]
    fn configured_languages_pick_and_order_the_samples() {
        let all = generated_samples(&request("GET", None));
        let chosen = [
            "python".to_string(),
            "typescript".into(),
            "curl".into(),
            "cobol".into(),
            "golang".into(),
            "java".into(),
            "ruby".into(),
            "php".into(),
        ];
        let labels: Vec<String> = chosen_samples(all.clone(), &chosen)
            .into_iter()
            .map(|s| s.label)
            .collect();
        assert_eq!(
            labels,
            ["Python", "JavaScript", "cURL", "Go", "Java", "Ruby", "PHP"]
        );
        assert_eq!(chosen_samples(all, &["cobol".to_string()]).len(), 8);
    }
}
