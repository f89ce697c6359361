//! An in-process mock of the User Group Service (sections 1–5 of
//! `../shared/spec/user-group-service-and-site-json.md`), for the tests that
//! run the generated code samples and the browser tests of Try-it.
//!
//! It listens on 127.0.0.1 (port chosen by the OS) and answers
//! `GET`/`PUT`/`POST` on any path ending in `/api/user` (a base URL may carry
//! a path prefix). Every request is checked against the spec: the
//! `Authorization: Token <API_KEY>` header, `Content-Type: application/json`,
//! and a JSON object body holding only the operation's fields with their
//! types. A valid request gets the success envelope of its operation (2.3);
//! an invalid one gets 400 with `success: 0` and the problems. Each request
//! is also reported, problems included, so a test asserts what the service
//! received. The mock sends no CORS headers, as most server APIs: a browser
//! can only reach it through the preview's proxy.

use std::io::Read;
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use serde_json::{json, Map, Value};
use sheaf::serve::respond_and_close;
use tiny_http::{Header, Request, Response, Server};

/// The three endpoint pages of `example-docs` (page path without a
/// trailing slash), their method, and the body the spec's example gives.
pub fn example_operations() -> [(&'static str, &'static str, Value); 3] {
    [
        (
            "api-reference/get-user",
            "GET",
            json!({"name": "Acme Corp", "user_group_id": "acme-42",
                   "mapping": {"schema_1": "data_source_1"}, "properties": {"region": "eu"}}),
        ),
        (
            "api-reference/update-user",
            "PUT",
            json!({"name": "Acme Corp", "user_group_id": "acme-42",
                   "mapping": {"schema_1": "data_source_1"}, "properties": {"region": "us"}}),
        ),
        (
            "api-reference/rotate-token",
            "POST",
            json!({"current_token": "USER_GROUP_TOKEN"}),
        ),
    ]
}

/// One request the service received.
#[derive(Debug, Clone)]
pub struct Received {
    pub method: String,
    /// The path and query, as sent.
    pub url: String,
    pub authorization: Option<String>,
    pub content_type: Option<String>,
    pub body: String,
    /// What does not match the spec; empty for a valid request.
    pub problems: Vec<String>,
}

impl Received {
    /// The body as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// The running mock; stops when dropped.
pub struct UserGroupService {
    server: Arc<Server>,
    worker: Option<thread::JoinHandle<()>>,
    received: mpsc::Receiver<Received>,
}

/// How long a test waits for a request to arrive.
const PATIENCE: Duration = Duration::from_secs(20);

impl UserGroupService {
    pub fn start() -> UserGroupService {
        let server = Arc::new(Server::http("127.0.0.1:0").expect("bind 127.0.0.1:0"));
        let (report, received) = mpsc::channel();
        let serving = Arc::clone(&server);
        let worker = thread::spawn(move || {
            for request in serving.incoming_requests() {
                answer(request, &report);
            }
        });
        UserGroupService {
            server,
            worker: Some(worker),
            received,
        }
    }

    /// `http://127.0.0.1:<port>`.
    pub fn origin(&self) -> String {
        let addr = self.server.server_addr().to_ip().expect("an IP listener");
        format!("http://{addr}")
    }

    /// The next request received, waiting for it to arrive.
    pub fn next(&self) -> Received {
        self.received
            .recv_timeout(PATIENCE)
            .expect("the User Group Service received a request")
    }

    /// Requests received so far and not yet taken.
    pub fn pending(&self) -> Vec<Received> {
        self.received.try_iter().collect()
    }
}

impl Drop for UserGroupService {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

fn answer(mut request: Request, report: &mpsc::Sender<Received>) {
    let received = read(&mut request);
    let (status, reply) = if !received
        .url
        .split('?')
        .next()
        .unwrap_or("")
        .ends_with("/api/user")
    {
        (404, json!({"success": 0, "error": "no such path"}))
    } else if !matches!(received.method.as_str(), "GET" | "PUT" | "POST") {
        (405, json!({"success": 0, "error": "method not allowed"}))
    } else if received.problems.is_empty() {
        (200, envelope(&received.method, &received.json()))
    } else {
        (400, json!({"success": 0, "problems": received.problems}))
    };
    let _ = report.send(received);
    let header = Header::from_bytes("Content-Type", "application/json").expect("a header");
    let response = Response::from_string(reply.to_string())
        .with_status_code(status)
        .with_header(header);
    respond_and_close(request, response);
}

fn read(request: &mut Request) -> Received {
    // Exactly Content-Length bytes: with `Connection: Upgrade` (Java's
    // client offers h2c) tiny_http hands over the whole connection.
    let length = request.body_length().unwrap_or(0) as u64;
    let mut body = String::new();
    let _ = request.as_reader().take(length).read_to_string(&mut body);
    let header = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.to_string())
    };
    let mut received = Received {
        method: request.method().to_string(),
        url: request.url().to_string(),
        authorization: header("Authorization"),
        content_type: header("Content-Type"),
        body,
        problems: Vec::new(),
    };
    received.problems = problems(&received);
    received
}

/// Section 5 (headers) and section 4 (the body of each operation).
fn problems(r: &Received) -> Vec<String> {
    let mut out = Vec::new();
    match r
        .authorization
        .as_deref()
        .and_then(|a| a.strip_prefix("Token "))
    {
        Some(key) if !key.trim().is_empty() => {}
        _ => out.push(format!(
            "Authorization must be `Token <API_KEY>`, got {:?}",
            r.authorization
        )),
    }
    if r.content_type.as_deref() != Some("application/json") {
        out.push(format!(
            "Content-Type must be application/json, got {:?}",
            r.content_type
        ));
    }
    match serde_json::from_str::<Value>(&r.body) {
        Ok(Value::Object(body)) => out.extend(body_problems(&r.method, &body)),
        Ok(other) => out.push(format!("the body must be a JSON object, got {other}")),
        Err(e) => out.push(format!("the body is not JSON ({e}): {:?}", r.body)),
    }
    out
}

/// The fields an operation's body may hold, with their JSON types.
fn body_fields(method: &str) -> &'static [(&'static str, &'static str)] {
    match method {
        "POST" => &[("current_token", "string")],
        _ => &[
            ("name", "string"),
            ("user_group_id", "string"),
            ("mapping", "object"),
            ("properties", "object"),
        ],
    }
}

fn body_problems(method: &str, body: &Map<String, Value>) -> Vec<String> {
    let fields = body_fields(method);
    let mut out = Vec::new();
    if body.is_empty() {
        out.push("the body has none of the operation's fields".to_string());
    }
    for (name, value) in body {
        match fields.iter().find(|(field, _)| field == name) {
            None => out.push(format!("`{name}` is not a field of {method} /api/user")),
            Some((_, kind)) if type_of(value) != *kind => {
                out.push(format!("`{name}` must be a {kind}, got {value}"))
            }
            Some(_) => {}
        }
    }
    out
}

fn type_of(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "string",
        Value::Object(_) => "object",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Array(_) => "array",
        Value::Null => "null",
    }
}

/// The success envelope of each operation (sections 2.2, 2.3 and 4).
fn envelope(method: &str, body: &Value) -> Value {
    let text = |key: &str| body.get(key).cloned().unwrap_or(Value::Null);
    match method {
        "GET" => json!({
            "success": 1,
            "new_user_group": true,
            "user_group": {
                "team_id": 1234, "token": "USER_GROUP_TOKEN", "name": text("name"),
                "provided_id": text("user_group_id"), "properties": text("properties")
            }
        }),
        "PUT" => json!({
            "success": 1,
            "user_group": {
                "team_id": 1234, "token": "USER_GROUP_TOKEN", "name": text("name"),
                "provided_id": text("user_group_id"), "properties": text("properties"),
                "api_environment_tag": "Customer"
            }
        }),
        _ => json!({
            "success": 1,
            "user_group": {
                "team_id": 1234, "token": "ROTATED_TOKEN", "name": "Acme Corp",
                "provided_id": "acme-42", "api_environment_tag": "Customer"
            }
        }),
    }
}
