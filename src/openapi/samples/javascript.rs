//! The JavaScript sample: `fetch` (browsers and Node 18+), or Node's
//! `http`/`https` modules when `fetch` cannot send the request (a body on
//! GET/HEAD). The Node version picks its module from the URL's scheme at run
//! time, so it works with every base URL the page offers, and uses
//! `require`, which runs as a plain `node sample.js`.

use super::quote;
use super::{SampleBody, SampleRequest};

pub(super) fn javascript(r: &SampleRequest) -> String {
    if r.fetch_cannot_send() {
        return node_request(r);
    }
    let body = js_body(r)
        .map(|b| format!(",\n  body: {b}"))
        .unwrap_or_default();
    format!(
        "const options = {{\n  method: {},\n  headers: {}{body}\n}};\n\nfetch({}, options)\n  .then((response) => response.text())\n  .then((text) => console.log(text))\n  .catch((error) => console.error(error));\n",
        quote::double(&r.method),
        js_headers(r, None),
        quote::double(&r.url)
    )
}

/// The headers as an object literal; `extra` is one more entry written as
/// code (not quoted).
fn js_headers(r: &SampleRequest, extra: Option<(&str, &str)>) -> String {
    let mut lines: Vec<String> = r
        .headers
        .iter()
        .map(|(k, v)| format!("    {}: {},", quote::double(k), quote::double(v)))
        .collect();
    if let Some((name, code)) = extra {
        lines.push(format!("    {}: {code},", quote::double(name)));
    }
    format!("{{\n{}\n  }}", lines.join("\n"))
}

fn js_body(r: &SampleRequest) -> Option<String> {
    match r.body.as_ref()? {
        SampleBody::Json(v) => Some(format!(
            "JSON.stringify({})",
            quote::indent_rest(&serde_json::to_string_pretty(v).unwrap_or_default(), 2)
        )),
        SampleBody::Text(t) => Some(quote::double(t)),
    }
}

/// fetch() refuses a body on GET/HEAD, so the JavaScript sample uses Node.
fn node_request(r: &SampleRequest) -> String {
    let body = js_body(r).unwrap_or_else(|| "\"\"".into());
    format!(
        "// fetch() refuses to send a body with {method}, so this uses Node's http/https modules.\nconst http = require(\"node:http\");\nconst https = require(\"node:https\");\n\nconst url = new URL({url});\nconst body = {body};\nconst client = url.protocol === \"https:\" ? https : http;\nconst request = client.request(url, {{\n  method: {method_q},\n  headers: {headers},\n}}, (response) => {{\n  let text = \"\";\n  response.on(\"data\", (chunk) => (text += chunk));\n  response.on(\"end\", () => console.log(response.statusCode, text));\n}});\nrequest.on(\"error\", (error) => console.error(error));\nrequest.end(body);\n",
        method = r.method,
        method_q = quote::double(&r.method),
        url = quote::double(&r.url),
        headers = js_headers(r, Some(("Content-Length", "Buffer.byteLength(body)"))),
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::request;
    use super::*;
    use serde_json::json;

    #[test]
    fn fetch_sends_other_methods() {
        let code = javascript(&request("PUT", Some(SampleBody::Json(json!({"a": 1})))));
        assert!(code.starts_with("const options = {\n  method: \"PUT\",\n"));
        assert!(code.contains("  body: JSON.stringify({\n    \"a\": 1\n  })\n};"));
        assert!(code.contains("fetch(\"https://api.example.com/api/user\", options)"));
    }

    #[test]
    fn get_with_body_uses_node_with_the_scheme_of_the_url() {
        let js = javascript(&request(
            "GET",
            Some(SampleBody::Json(json!({"name": "a"}))),
        ));
        assert!(js.contains("fetch() refuses"));
        assert!(js.contains("require(\"node:http\")") && js.contains("require(\"node:https\")"));
        assert!(js.contains("const client = url.protocol === \"https:\" ? https : http;"));
        assert!(js.contains("\"Content-Length\": Buffer.byteLength(body),"));
        assert!(!js.contains("import "), "CommonJS runs as `node file.js`");
    }
}
