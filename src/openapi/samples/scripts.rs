//! Samples in the scripting languages: cURL, Python (requests), PHP (the
//! curl extension) and Ruby (net/http). Each sends the body as given,
//! whatever the method (all four send a body with GET).

use serde_json::Value;

use super::quote;
use super::{SampleBody, SampleRequest};

pub(super) fn curl(r: &SampleRequest) -> String {
    let mut lines = vec![
        format!("curl --request {}", r.method),
        format!("  --url {}", quote::shell(&r.url)),
    ];
    for (name, value) in &r.headers {
        lines.push(format!(
            "  --header {}",
            quote::shell(&format!("{name}: {value}"))
        ));
    }
    if let Some(body) = r.body_text() {
        lines.push(format!("  --data {}", quote::shell(&body)));
    }
    lines.join(" \\\n")
}

pub(super) fn python(r: &SampleRequest) -> String {
    let mut out = format!("import requests\n\nurl = {}\n", quote::double(&r.url));
    let headers: Vec<String> = r
        .headers
        .iter()
        .map(|(k, v)| format!("    {}: {},", quote::double(k), quote::double(v)))
        .collect();
    out.push_str(&format!("headers = {{\n{}\n}}\n", headers.join("\n")));
    let body_arg = match &r.body {
        Some(SampleBody::Json(v)) => {
            out.push_str(&format!("payload = {}\n", python_literal(v, 0)));
            ", json=payload"
        }
        Some(SampleBody::Text(t)) => {
            out.push_str(&format!("payload = {}\n", quote::double(t)));
            ", data=payload"
        }
        None => "",
    };
    out.push_str(&format!(
        "\nresponse = requests.request({}, url, headers=headers{body_arg})\n\nprint(response.status_code)\nprint(response.text)\n",
        quote::double(&r.method)
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
        Value::String(s) => quote::double(s),
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
                .map(|(k, v)| {
                    format!(
                        "{pad}{}: {}",
                        quote::double(k),
                        python_literal(v, indent + 4)
                    )
                })
                .collect();
            format!("{{\n{}\n{close}}}", inner.join(",\n"))
        }
    }
}

/// PHP with the curl extension; `CURLOPT_CUSTOMREQUEST` keeps the method
/// when a body is given (a body alone would make it a POST).
pub(super) fn php(r: &SampleRequest) -> String {
    let headers: Vec<String> = r
        .headers
        .iter()
        .map(|(k, v)| format!("        {},", quote::single(&format!("{k}: {v}"))))
        .collect();
    let body = r
        .body_text()
        .map(|text| format!("    CURLOPT_POSTFIELDS => {},\n", quote::single(&text)))
        .unwrap_or_default();
    format!(
        "<?php\n\n$curl = curl_init();\n\ncurl_setopt_array($curl, [\n    CURLOPT_URL => {url},\n    CURLOPT_RETURNTRANSFER => true,\n    CURLOPT_CUSTOMREQUEST => {method},\n{body}    CURLOPT_HTTPHEADER => [\n{headers}\n    ],\n]);\n\n$response = curl_exec($curl);\n$error = curl_error($curl);\ncurl_close($curl);\n\nif ($error) {{\n    echo \"cURL error: \" . $error . \"\\n\";\n}} else {{\n    echo $response . \"\\n\";\n}}\n",
        url = quote::single(&r.url),
        method = quote::single(&r.method),
        headers = headers.join("\n"),
    )
}

/// Ruby's standard library; TLS follows the URL's scheme.
pub(super) fn ruby(r: &SampleRequest) -> String {
    let headers: String = r
        .headers
        .iter()
        .map(|(k, v)| format!("request[{}] = {}\n", quote::single(k), quote::single(v)))
        .collect();
    let body = r
        .body_text()
        .map(|text| format!("request.body = {}\n", quote::single(&text)))
        .unwrap_or_default();
    format!(
        "require \"uri\"\nrequire \"net/http\"\n\nurl = URI({url})\n\nhttp = Net::HTTP.new(url.host, url.port)\nhttp.use_ssl = url.scheme == \"https\"\n\nrequest = {request}\n{headers}{body}\nresponse = http.request(request)\nputs response.code\nputs response.read_body\n",
        url = quote::single(&r.url),
        request = ruby_request(&r.method),
    )
}

/// `Net::HTTP::Put.new(url)` for the methods net/http names, a generic
/// request (with a body allowed) otherwise.
fn ruby_request(method: &str) -> String {
    let class = match method {
        "GET" => "Get",
        "POST" => "Post",
        "PUT" => "Put",
        "PATCH" => "Patch",
        "DELETE" => "Delete",
        "HEAD" => "Head",
        "OPTIONS" => "Options",
        other => {
            return format!(
                "Net::HTTPGenericRequest.new({}, true, true, url)",
                quote::single(other)
            )
        }
    };
    format!("Net::HTTP::{class}.new(url)")
}

#[cfg(test)]
mod tests {
    use super::super::tests::request;
    use super::*;
    use serde_json::json;

    fn body() -> Option<SampleBody> {
        Some(SampleBody::Json(
            json!({"name": "it's", "ok": true, "n": null}),
        ))
    }

    #[test]
    fn curl_quotes_the_body_for_the_shell() {
        let code = curl(&request("GET", body()));
        assert!(
            code.starts_with("curl --request GET \\\n  --url 'https://api.example.com/api/user'")
        );
        assert!(code.contains("  --header 'Authorization: Token <API_KEY>' \\\n"));
        assert!(code.contains("--data '{\n  \"name\": \"it'\\''s\",\n  \"ok\": true,"));
    }

    #[test]
    fn python_writes_a_literal_with_python_constants() {
        let code = python(&request("PUT", body()));
        assert!(code.contains(
            "payload = {\n    \"name\": \"it's\",\n    \"ok\": True,\n    \"n\": None\n}"
        ));
        assert!(code.contains("requests.request(\"PUT\", url, headers=headers, json=payload)"));
    }

    #[test]
    fn php_keeps_the_method_and_sends_the_body() {
        let code = php(&request("GET", body()));
        assert!(code.starts_with("<?php\n"));
        assert!(code.contains("CURLOPT_CUSTOMREQUEST => 'GET',"));
        assert!(code.contains("CURLOPT_POSTFIELDS => '{\n  \"name\": \"it\\'s\",\n  \"ok\": true,"));
        assert!(code.contains("        'Authorization: Token <API_KEY>',\n"));
        let without = php(&request("DELETE", None));
        assert!(!without.contains("POSTFIELDS"));
    }

    #[test]
    fn ruby_uses_the_method_class_and_follows_the_scheme() {
        let code = ruby(&request("GET", body()));
        assert!(code.contains("request = Net::HTTP::Get.new(url)\n"));
        assert!(code.contains("http.use_ssl = url.scheme == \"https\""));
        assert!(code.contains("request['Authorization'] = 'Token <API_KEY>'\n"));
        assert!(code.contains("request.body = '{\n  \"name\": \"it\\'s\",\n  \"ok\": true"));
        assert!(ruby(&request("PURGE", None))
            .contains("Net::HTTPGenericRequest.new('PURGE', true, true, url)"));
    }
}
