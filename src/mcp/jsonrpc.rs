//! JSON-RPC 2.0 as MCP uses it, read strictly: one message (no batch, which
//! MCP 2025-06-18 removed), `"jsonrpc": "2.0"`, a request's `id` a string or
//! an integer (never null), `method` a string, `params` an object when
//! present. What is not such a message is answered with JSON-RPC's own
//! error (parse error, invalid request); a reply from the client (we send no
//! requests) and a notification get no answer.

use serde_json::{json, Map, Value};

/// JSON-RPC's error codes.
pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const INTERNAL_ERROR: i64 = -32603;

/// A message's `id`, kept as the client wrote it.
pub type Id = Value;

/// One message read from the client.
#[derive(Debug, PartialEq)]
pub enum Incoming {
    /// A request: it gets exactly one answer.
    Request {
        id: Id,
        method: String,
        params: Map<String, Value>,
    },
    /// A notification: no answer.
    Notification { method: String },
    /// A reply to a request of ours (we send none): no answer.
    Reply,
}

/// An error answer, ready to send.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub id: Id,
    pub code: i64,
    pub message: String,
}

impl Failure {
    pub fn new(id: &Id, code: i64, message: impl Into<String>) -> Failure {
        Failure {
            id: id.clone(),
            code,
            message: message.into(),
        }
    }

    pub fn to_value(&self) -> Value {
        json!({
            "jsonrpc": "2.0",
            "id": self.id,
            "error": { "code": self.code, "message": self.message },
        })
    }
}

/// A successful answer to the request `id`.
pub fn success(id: &Id, result: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "result": result })
}

/// Reads one message from `text`.
pub fn parse(text: &[u8]) -> Result<Incoming, Failure> {
    let value: Value = serde_json::from_slice(text)
        .map_err(|e| Failure::new(&Value::Null, PARSE_ERROR, format!("parse error: {e}")))?;
    read(value)
}

/// Reads one message from a parsed JSON value.
pub fn read(value: Value) -> Result<Incoming, Failure> {
    let invalid = |id: &Id, why: &str| Failure::new(id, INVALID_REQUEST, why.to_string());
    let Value::Object(mut message) = value else {
        let why = match value {
            Value::Array(_) => {
                "invalid request: batches are not part of MCP; send one message at a time"
            }
            _ => "invalid request: a message is a JSON object",
        };
        return Err(invalid(&Value::Null, why));
    };
    let id = match message.remove("id") {
        None => None,
        Some(id @ (Value::String(_) | Value::Number(_))) if is_id(&id) => Some(id),
        Some(_) => {
            return Err(invalid(
                &Value::Null,
                "invalid request: `id` must be a string or an integer",
            ))
        }
    };
    let shown = id.clone().unwrap_or(Value::Null);
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(invalid(
            &shown,
            "invalid request: `jsonrpc` must be \"2.0\"",
        ));
    }
    let method = match message.remove("method") {
        Some(Value::String(method)) => method,
        Some(_) => {
            return Err(invalid(
                &shown,
                "invalid request: `method` must be a string",
            ))
        }
        None if id.is_some()
            && (message.contains_key("result") || message.contains_key("error")) =>
        {
            return Ok(Incoming::Reply)
        }
        None => return Err(invalid(&shown, "invalid request: no `method`")),
    };
    let params = match message.remove("params") {
        None => Map::new(),
        Some(Value::Object(params)) => params,
        Some(_) => {
            let failure = Failure::new(&shown, INVALID_PARAMS, "`params` must be an object");
            return Err(failure);
        }
    };
    Ok(match id {
        Some(id) => Incoming::Request { id, method, params },
        None => Incoming::Notification { method },
    })
}

/// An id is a string or an integer (JSON-RPC discourages fractions).
fn is_id(id: &Value) -> bool {
    match id {
        Value::Number(n) => n.is_i64() || n.is_u64(),
        Value::String(_) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> i64 {
        parse(text.as_bytes()).unwrap_err().code
    }

    #[test]
    fn requests_notifications_and_replies_are_told_apart() {
        let request = parse(br#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#).unwrap();
        assert!(matches!(request, Incoming::Request { id, .. } if id == json!(7)));
        let note = parse(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        assert!(matches!(note, Ok(Incoming::Notification { .. })));
        let reply = parse(br#"{"jsonrpc":"2.0","id":"a","result":{}}"#);
        assert_eq!(reply, Ok(Incoming::Reply));
    }

    #[test]
    fn malformed_messages_get_json_rpc_errors() {
        assert_eq!(code("{"), PARSE_ERROR);
        assert_eq!(code("\u{0}"), PARSE_ERROR);
        assert_eq!(code("[]"), INVALID_REQUEST);
        assert_eq!(
            code(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#),
            INVALID_REQUEST
        );
        assert_eq!(code("42"), INVALID_REQUEST);
        assert_eq!(code(r#"{"id":1,"method":"ping"}"#), INVALID_REQUEST);
        assert_eq!(
            code(r#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#),
            INVALID_REQUEST
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#),
            INVALID_REQUEST
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#),
            INVALID_REQUEST
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":{},"method":"ping"}"#),
            INVALID_REQUEST
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1,"method":3}"#),
            INVALID_REQUEST
        );
        assert_eq!(code(r#"{"jsonrpc":"2.0","id":1}"#), INVALID_REQUEST);
        let params = r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}"#;
        assert_eq!(code(params), INVALID_PARAMS);
    }

    #[test]
    fn the_id_of_a_bad_request_is_kept_when_it_can_be_read() {
        let failure = parse(br#"{"jsonrpc":"2.1","id":"x","method":"ping"}"#).unwrap_err();
        assert_eq!(failure.id, json!("x"));
        assert_eq!(failure.to_value()["error"]["code"], json!(INVALID_REQUEST));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(code(&deep), PARSE_ERROR);
    }
}
