//! Code samples: one request written in cURL, Python (requests), JavaScript
//! (fetch), Go (net/http) and Rust (reqwest).
//!
//! Every language gets the same [`SampleRequest`]: method, full URL, headers
//! and an optional body. Strings are embedded with each language's own
//! quoting. A GET/HEAD with a body is written honestly: `fetch` refuses it, so
//! the JavaScript sample uses Node's `http`/`https` module instead.

use serde::Serialize;
use serde_json::Value;

/// One sample on an endpoint page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CodeSample {
    /// Highlighting language (`bash`, `python`, `javascript`, `go`, `rust`, or the spec's).
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
    fn body_text(&self) -> Option<String> {
        self.body.as_ref().map(|b| match b {
            SampleBody::Json(v) => serde_json::to_string_pretty(v).unwrap_or_default(),
            SampleBody::Text(t) => t.clone(),
        })
    }

    fn fetch_cannot_send(&self) -> bool {
        self.body.is_some() && matches!(self.method.as_str(), "GET" | "HEAD")
    }
}

/// The five generated samples.
pub(crate) fn generated_samples(request: &SampleRequest) -> Vec<CodeSample> {
    let sample = |lang: &str, label: &str, code: String| CodeSample {
        lang: lang.into(),
        label: label.into(),
        code,
    };
    vec![
        sample("bash", "cURL", curl(request)),
        sample("python", "Python", python(request)),
        sample("javascript", "JavaScript", javascript(request)),
        sample("go", "Go", go(request)),
        sample("rust", "Rust", rust(request)),
    ]
}

/// The generated samples in the languages `chosen` (docs.json
/// `api.examples.languages`), in that order; all of them when `chosen` is
/// empty or names none sheaf writes. `curl`/`shell`, `node`/`typescript`
/// name the cURL and JavaScript samples.
pub(crate) fn chosen_samples(samples: Vec<CodeSample>, chosen: &[String]) -> Vec<CodeSample> {
    let lang_of = |name: &str| match name.to_ascii_lowercase().as_str() {
        "curl" | "shell" | "sh" | "bash" => "bash".to_string(),
        "node" | "nodejs" | "js" | "typescript" | "ts" => "javascript".to_string(),
        other => other.to_string(),
    };
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

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// A double-quoted string literal valid in Python, JavaScript and Go.
fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

fn curl(r: &SampleRequest) -> String {
    let mut lines = vec![
        format!("curl --request {}", r.method),
        format!("  --url {}", shell_quote(&r.url)),
    ];
    for (name, value) in &r.headers {
        lines.push(format!(
            "  --header {}",
            shell_quote(&format!("{name}: {value}"))
        ));
    }
    if let Some(body) = r.body_text() {
        lines.push(format!("  --data {}", shell_quote(&body)));
    }
    lines.join(" \\\n")
}

fn python(r: &SampleRequest) -> String {
    let mut out = format!("import requests\n\nurl = {}\n", quoted(&r.url));
    let headers: Vec<String> = r
        .headers
        .iter()
        .map(|(k, v)| format!("    {}: {},", quoted(k), quoted(v)))
        .collect();
    out.push_str(&format!("headers = {{\n{}\n}}\n", headers.join("\n")));
    let body_arg = match &r.body {
        Some(SampleBody::Json(v)) => {
            out.push_str(&format!("payload = {}\n", python_literal(v, 0)));
            ", json=payload"
        }
        Some(SampleBody::Text(t)) => {
            out.push_str(&format!("payload = {}\n", quoted(t)));
            ", data=payload"
        }
        None => "",
    };
    out.push_str(&format!(
        "\nresponse = requests.request({}, url, headers=headers{body_arg})\n\nprint(response.status_code)\nprint(response.text)\n",
        quoted(&r.method)
    ));
    out
}

/// A JSON value as a Python literal (`True`, `None`, 4-space indents).
fn python_literal(value: &Value, indent: usize) -> String {
    let pad = " ".repeat(indent + 4);
    let close = " ".repeat(indent);
    match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => quoted(s),
        Value::Array(items) if items.is_empty() => "[]".into(),
        Value::Object(map) if map.is_empty() => "{}".into(),
        Value::Array(items) => {
            let inner: Vec<String> = items
                .iter()
                .map(|v| format!("{pad}{}", python_literal(v, indent + 4)))
                .collect();
            format!("[\n{}\n{close}]", inner.join(",\n"))
        }
        Value::Object(map) => {
            let inner: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{pad}{}: {}", quoted(k), python_literal(v, indent + 4)))
                .collect();
            format!("{{\n{}\n{close}}}", inner.join(",\n"))
        }
    }
}

fn js_headers(r: &SampleRequest, extra: &[(String, String)]) -> String {
    let lines: Vec<String> = r
        .headers
        .iter()
        .chain(extra)
        .map(|(k, v)| format!("    {}: {},", quoted(k), quoted(v)))
        .collect();
    format!("{{\n{}\n  }}", lines.join("\n"))
}

fn js_body(r: &SampleRequest) -> Option<String> {
    match r.body.as_ref()? {
        SampleBody::Json(v) => Some(format!(
            "JSON.stringify({})",
            serde_json::to_string_pretty(v)
                .unwrap_or_default()
                .replace('\n', "\n  ")
        )),
        SampleBody::Text(t) => Some(quoted(t)),
    }
}

fn javascript(r: &SampleRequest) -> String {
    if r.fetch_cannot_send() {
        return node_request(r);
    }
    let body = js_body(r)
        .map(|b| format!(",\n  body: {b}"))
        .unwrap_or_default();
    format!(
        "const options = {{\n  method: {},\n  headers: {}{body}\n}};\n\nfetch({}, options)\n  .then((response) => response.text())\n  .then((text) => console.log(text))\n  .catch((error) => console.error(error));\n",
        quoted(&r.method),
        js_headers(r, &[]),
        quoted(&r.url)
    )
}

/// fetch() refuses a body on GET/HEAD, so the JavaScript sample uses Node.
fn node_request(r: &SampleRequest) -> String {
    let module = if r.url.starts_with("http://") {
        "http"
    } else {
        "https"
    };
    let body = js_body(r).unwrap_or_else(|| "\"\"".into());
    format!(
        "// fetch() refuses to send a body with {method}, so this uses Node's {module} module.\nimport {module} from \"node:{module}\";\n\nconst body = {body};\nconst request = {module}.request({url}, {{\n  method: {method_q},\n  headers: {headers},\n}}, (response) => {{\n  let text = \"\";\n  response.on(\"data\", (chunk) => (text += chunk));\n  response.on(\"end\", () => console.log(response.statusCode, text));\n}});\nrequest.on(\"error\", (error) => console.error(error));\nrequest.end(body);\n",
        method = r.method,
        method_q = quoted(&r.method),
        url = quoted(&r.url),
        headers = js_headers(r, &[("Content-Length".into(), "${Buffer.byteLength(body)}".into())])
            .replace("\"${Buffer.byteLength(body)}\"", "Buffer.byteLength(body)"),
    )
}

fn go(r: &SampleRequest) -> String {
    let (payload_decl, payload_arg, strings_import) = match r.body_text() {
        Some(text) => (
            format!("\tpayload := strings.NewReader({})\n", go_string(&text)),
            "payload",
            "\t\"strings\"\n",
        ),
        None => (String::new(), "nil", ""),
    };
    let headers: String = r
        .headers
        .iter()
        .map(|(k, v)| format!("\treq.Header.Add({}, {})\n", quoted(k), quoted(v)))
        .collect();
    format!(
        "package main\n\nimport (\n\t\"fmt\"\n\t\"io\"\n\t\"net/http\"\n{strings_import})\n\nfunc main() {{\n\turl := {}\n{payload_decl}\treq, err := http.NewRequest({}, url, {payload_arg})\n\tif err != nil {{\n\t\tpanic(err)\n\t}}\n{headers}\n\tres, err := http.DefaultClient.Do(req)\n\tif err != nil {{\n\t\tpanic(err)\n\t}}\n\tdefer res.Body.Close()\n\tbody, _ := io.ReadAll(res.Body)\n\tfmt.Println(res.Status)\n\tfmt.Println(string(body))\n}}\n",
        quoted(&r.url),
        quoted(&r.method)
    )
}

/// A raw string literal when the text has no backtick, else a quoted one.
fn go_string(text: &str) -> String {
    if text.contains('`') {
        quoted(text)
    } else {
        format!("`{text}`")
    }
}

fn rust(r: &SampleRequest) -> String {
    let headers: String = r
        .headers
        .iter()
        .map(|(k, v)| format!("        .header({}, {})\n", rust_string(k), rust_string(v)))
        .collect();
    let (uses, body) = match &r.body {
        Some(SampleBody::Json(v)) => (
            "use serde_json::json;\n\n",
            format!(
                "        .json(&json!({}))\n",
                serde_json::to_string_pretty(v)
                    .unwrap_or_default()
                    .replace('\n', "\n        ")
            ),
        ),
        Some(SampleBody::Text(t)) => ("", format!("        .body({})\n", rust_string(t))),
        None => ("", String::new()),
    };
    format!(
        "{uses}fn main() -> Result<(), reqwest::Error> {{\n    let client = reqwest::blocking::Client::new();\n    let response = client\n        .request(reqwest::Method::{}, {})\n{headers}{body}        .send()?;\n    println!(\"{{}}\", response.status());\n    println!(\"{{}}\", response.text()?);\n    Ok(())\n}}\n",
        rust_method(&r.method),
        rust_string(&r.url)
    )
}

fn rust_method(method: &str) -> String {
    match method {
        "GET" | "POST" | "PUT" | "DELETE" | "HEAD" | "OPTIONS" | "PATCH" | "TRACE" => method.into(),
        other => format!("from_bytes(b\"{other}\").unwrap()"),
    }
}

fn rust_string(s: &str) -> String {
    format!("\"{}\"", s.escape_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(method: &str, body: Option<SampleBody>) -> SampleRequest {
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
        assert_eq!(labels, ["cURL", "Python", "JavaScript", "Go", "Rust"]);
        for s in &samples {
            assert!(s.code.contains("Token <API_KEY>"), "{}", s.label);
            assert!(
                s.code.contains("https://api.example.com/api/user"),
                "{}",
                s.label
            );
            assert!(s.code.contains("PUT"), "{}", s.label);
            assert!(s.code.contains("name"), "{}", s.label);
        }
        assert!(samples[0]
            .code
            .contains("--data '{\n  \"name\": \"it'\\''s\""));
        assert!(samples[1].code.contains("\"ok\": True") && samples[1].code.contains("None"));
        assert!(samples[2].code.contains("JSON.stringify("));
        assert!(samples[3].code.contains("strings.NewReader(`{"));
        assert!(samples[4].code.contains(".json(&json!({"));
    }

    #[test]
    fn get_with_body_uses_node_not_fetch() {
        let r = request("GET", Some(SampleBody::Json(json!({"name": "a"}))));
        let js = javascript(&r);
        assert!(js.contains("fetch() refuses") && js.contains("node:https"));
        assert!(js.contains("Content-Length\": Buffer.byteLength(body)"));
        assert!(curl(&r).contains("--request GET"));
    }

    #[test]
    fn spec_samples_come_from_either_extension() {
        let op = json!({"x-code-samples": [{"lang": "Ruby", "source": "puts 1"}]});
        assert_eq!(spec_samples(&op)[0].label, "Ruby");
        let all = generated_samples(&request("GET", None));
        let chosen = [
            "python".to_string(),
            "typescript".into(),
            "curl".into(),
            "cobol".into(),
        ];
        let labels: Vec<String> = chosen_samples(all.clone(), &chosen)
            .into_iter()
            .map(|s| s.label)
            .collect();
        assert_eq!(labels, ["Python", "JavaScript", "cURL"]);
        assert_eq!(chosen_samples(all, &["cobol".to_string()]).len(), 5);
        let op = json!({"x-codeSamples": [{"lang": "PHP", "label": "PHP SDK", "source": "x"}]});
        assert_eq!(spec_samples(&op)[0].lang, "php");
    }
}
