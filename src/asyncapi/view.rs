//! What a channel page shows, read from an AsyncAPI 2.6 or 3.0 document
//! (`read`): the channel, the servers it is reached on, its operations and
//! their messages (payload and headers as the same field trees endpoint
//! pages show), and the protocol bindings of each.

use serde_json::Value;

use crate::openapi::FieldView;

/// One channel of a document.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChannelView {
    /// Its key under `channels` (2.6: its address).
    pub id: String,
    /// `title`, else the id.
    pub title: String,
    /// Where messages go (3.0 `address`; 2.6 the key); `None` for a 3.0
    /// channel whose address is not known until run time.
    pub address: Option<String>,
    pub summary_md: Option<String>,
    pub description_md: Option<String>,
    /// The address's `{parameters}`.
    pub parameters: Vec<FieldView>,
    pub servers: Vec<ServerView>,
    pub operations: Vec<OperationView>,
    pub bindings: Vec<BindingView>,
}

/// A server the channel is available on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ServerView {
    pub name: String,
    /// 3.0 `host` + `pathname`; 2.6 `url`.
    pub host: String,
    pub protocol: String,
    pub protocol_version: Option<String>,
    pub description_md: Option<String>,
}

/// Whether the application sends or receives an operation's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Send,
    Receive,
}

impl Action {
    /// The badge word: `SEND`, `RECEIVE`.
    pub fn label(self) -> &'static str {
        match self {
            Action::Send => "SEND",
            Action::Receive => "RECEIVE",
        }
    }
}

/// One operation on the channel.
#[derive(Debug, Clone, PartialEq)]
pub struct OperationView {
    /// Its key under `operations` (3.0) or `operationId` (2.6).
    pub id: Option<String>,
    pub action: Action,
    pub title: Option<String>,
    pub summary_md: Option<String>,
    pub description_md: Option<String>,
    pub messages: Vec<MessageView>,
    pub bindings: Vec<BindingView>,
}

/// One message an operation carries.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MessageView {
    /// `name`, else its key, else `title`.
    pub name: String,
    pub title: Option<String>,
    pub summary_md: Option<String>,
    pub description_md: Option<String>,
    pub content_type: Option<String>,
    pub payload: Option<SchemaView>,
    pub headers: Option<SchemaView>,
    /// Given examples, else one generated from the payload.
    pub examples: Vec<MessageExample>,
    pub bindings: Vec<BindingView>,
}

/// A payload or headers schema as a field tree, as OpenAPI bodies show one.
pub use crate::openapi::SchemaSummary as SchemaView;

/// A message example: its name and the JSON of its headers and payload.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageExample {
    pub name: String,
    pub summary: Option<String>,
    pub headers: Option<String>,
    pub payload: Option<String>,
    /// Made from the payload's schema, not given by the document.
    pub generated: bool,
}

/// The bindings of one protocol, as the document gives them.
#[derive(Debug, Clone, PartialEq)]
pub struct BindingView {
    pub protocol: String,
    /// Each key with its value (text, or JSON for a structure).
    pub values: Vec<(String, String)>,
}

impl BindingView {
    /// Every protocol of a `bindings` object, in document order.
    pub fn all_of(bindings: Option<&Value>) -> Vec<BindingView> {
        let Some(map) = bindings.and_then(Value::as_object) else {
            return Vec::new();
        };
        (map.iter())
            .map(|(protocol, binding)| BindingView {
                protocol: protocol.clone(),
                values: match binding.as_object() {
                    Some(keys) => (keys.iter())
                        .map(|(key, value)| (key.clone(), value_text(value)))
                        .collect(),
                    None => vec![(String::new(), value_text(binding))],
                },
            })
            .collect()
    }
}

/// The badge of a channel whose operations do `actions`: `SEND`,
/// `RECEIVE`, `PUB/SUB` for both, none without operations.
pub fn badge_of(actions: impl IntoIterator<Item = Action>) -> Option<&'static str> {
    let (mut sends, mut receives) = (false, false);
    for action in actions {
        match action {
            Action::Send => sends = true,
            Action::Receive => receives = true,
        }
    }
    match (sends, receives) {
        (true, true) => Some("PUB/SUB"),
        (true, false) => Some(Action::Send.label()),
        (false, true) => Some(Action::Receive.label()),
        (false, false) => None,
    }
}

/// A binding value: a scalar as text, a structure as JSON.
fn value_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Object(_) | Value::Array(_) => {
            serde_json::to_string_pretty(value).unwrap_or_default()
        }
        other => other.to_string(),
    }
}

impl ChannelView {
    /// The sidebar badge: `SEND`, `RECEIVE`, or `PUB/SUB` for both.
    pub fn badge(&self) -> Option<&'static str> {
        badge_of(self.operations.iter().map(|op| op.action))
    }

    /// The names of every message's payload and header fields (top level),
    /// which search finds the page by.
    pub fn field_names(&self) -> Vec<String> {
        let messages = self.operations.iter().flat_map(|op| &op.messages);
        let schemas = messages.flat_map(|m| m.payload.iter().chain(&m.headers));
        schemas
            .flat_map(|s| s.fields.iter().map(|f| f.name.clone()))
            .collect()
    }
}
