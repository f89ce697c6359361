//! Samples in the compiled languages: Go (net/http), Rust (reqwest, its
//! dependencies named in a comment) and Java (java.net.http, Java 11+; a
//! text block for the body needs 15+, and `java Main.java` runs it).

use super::quote;
use super::{SampleBody, SampleRequest};

pub(super) fn go(r: &SampleRequest) -> String {
    let (payload_decl, payload_arg, strings_import) = match r.body_text() {
        Some(text) => (
            format!("\tpayload := strings.NewReader({})\n", quote::go(&text)),
            "payload",
            "\t\"strings\"\n",
        ),
        None => (String::new(), "nil", ""),
    };
    let headers: String = r
        .headers
        .iter()
        .map(|(k, v)| {
            format!(
                "\treq.Header.Add({}, {})\n",
                quote::double(k),
                quote::double(v)
            )
        })
        .collect();
    format!(
        "package main\n\nimport (\n\t\"fmt\"\n\t\"io\"\n\t\"net/http\"\n{strings_import})\n\nfunc main() {{\n\turl := {}\n{payload_decl}\treq, err := http.NewRequest({}, url, {payload_arg})\n\tif err != nil {{\n\t\tpanic(err)\n\t}}\n{headers}\n\tres, err := http.DefaultClient.Do(req)\n\tif err != nil {{\n\t\tpanic(err)\n\t}}\n\tdefer res.Body.Close()\n\tbody, _ := io.ReadAll(res.Body)\n\tfmt.Println(res.Status)\n\tfmt.Println(string(body))\n}}\n",
        quote::double(&r.url),
        quote::double(&r.method)
    )
}

/// The Cargo.toml lines a Rust sample needs.
fn rust_dependencies(body: Option<&SampleBody>) -> &'static str {
    match body {
        Some(SampleBody::Json(_)) => "// Cargo.toml: reqwest = { version = \"0.12\", features = [\"blocking\", \"json\"] }\n//             serde_json = \"1\"\n",
        _ => "// Cargo.toml: reqwest = { version = \"0.12\", features = [\"blocking\"] }\n",
    }
}

pub(super) fn rust(r: &SampleRequest) -> String {
    let headers: String = r
        .headers
        .iter()
        .map(|(k, v)| format!("        .header({}, {})\n", quote::rust(k), quote::rust(v)))
        .collect();
    let (uses, body) = match &r.body {
        Some(SampleBody::Json(v)) => (
            "use serde_json::json;\n\n",
            format!(
                "        .json(&json!({}))\n",
                quote::indent_rest(&serde_json::to_string_pretty(v).unwrap_or_default(), 8)
            ),
        ),
        Some(SampleBody::Text(t)) => ("", format!("        .body({})\n", quote::rust(t))),
        None => ("", String::new()),
    };
    format!(
        "{deps}{uses}fn main() -> Result<(), reqwest::Error> {{\n    let client = reqwest::blocking::Client::new();\n    let response = client\n        .request(reqwest::Method::{method}, {url})\n{headers}{body}        .send()?;\n    println!(\"{{}}\", response.status());\n    println!(\"{{}}\", response.text()?);\n    Ok(())\n}}\n",
        deps = rust_dependencies(r.body.as_ref()),
        method = rust_method(&r.method),
        url = quote::rust(&r.url)
    )
}

fn rust_method(method: &str) -> String {
    match method {
        "GET" | "POST" | "PUT" | "DELETE" | "HEAD" | "OPTIONS" | "PATCH" | "TRACE" => method.into(),
        other => format!("from_bytes(b\"{other}\").unwrap()"),
    }
}

/// Java's own HTTP client; `method(…)` sends a body with any method.
pub(super) fn java(r: &SampleRequest) -> String {
    let headers: String = r
        .headers
        .iter()
        .map(|(k, v)| {
            format!(
                "            .header({}, {})\n",
                quote::double(k),
                quote::double(v)
            )
        })
        .collect();
    let (body_decl, publisher) = match r.body_text() {
        Some(text) => (
            format!(
                "        String body = {};\n",
                quote::java_text_block(&text, 12)
            ),
            "HttpRequest.BodyPublishers.ofString(body)",
        ),
        None => (String::new(), "HttpRequest.BodyPublishers.noBody()"),
    };
    format!(
        "import java.net.URI;\nimport java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\n\npublic class Main {{\n    public static void main(String[] args) throws Exception {{\n{body_decl}        HttpRequest request = HttpRequest.newBuilder()\n            .uri(URI.create({url}))\n{headers}            .method({method}, {publisher})\n            .build();\n        HttpResponse<String> response = HttpClient.newHttpClient()\n            .send(request, HttpResponse.BodyHandlers.ofString());\n        System.out.println(response.statusCode());\n        System.out.println(response.body());\n    }}\n}}\n",
        url = quote::double(&r.url),
        method = quote::double(&r.method),
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::request;
    use super::*;
    use serde_json::json;

    fn body() -> Option<SampleBody> {
        Some(SampleBody::Json(json!({"name": "Acme"})))
    }

    #[test]
    fn go_sends_the_body_as_a_raw_string() {
        let code = go(&request("GET", body()));
        assert!(code.contains("payload := strings.NewReader(`{\n  \"name\": \"Acme\"\n}`)"));
        assert!(code.contains("http.NewRequest(\"GET\", url, payload)"));
        assert!(!go(&request("GET", None)).contains("strings"));
    }

    #[test]
    fn rust_names_its_dependencies() {
        let code = rust(&request("PUT", body()));
        assert!(code.starts_with("// Cargo.toml: reqwest = { version = \"0.12\", features = [\"blocking\", \"json\"] }\n//             serde_json = \"1\"\nuse serde_json::json;\n"));
        assert!(code.contains(".json(&json!({\n          \"name\": \"Acme\"\n        }))"));
        let plain = rust(&request("DELETE", None));
        assert!(plain.starts_with(
            "// Cargo.toml: reqwest = { version = \"0.12\", features = [\"blocking\"] }\nfn main()"
        ));
    }

    #[test]
    fn java_sends_any_method_with_its_body() {
        let code = java(&request("GET", body()));
        assert!(code.contains("public class Main {"));
        assert!(code.contains("        String body = \"\"\"\n            {\n              \"name\": \"Acme\"\n            }\"\"\";\n"));
        assert!(code.contains(".method(\"GET\", HttpRequest.BodyPublishers.ofString(body))"));
        assert!(code.contains("            .header(\"Authorization\", \"Token <API_KEY>\")\n"));
        let without = java(&request("DELETE", None));
        assert!(without.contains(".method(\"DELETE\", HttpRequest.BodyPublishers.noBody())"));
        assert!(!without.contains("String body"));
    }
}
