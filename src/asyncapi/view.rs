//! What a channel page shows, read from an AsyncAPI 2.6 or 3.0 document
//! (`read`): the channel, the servers it is reached on (their URL
//! variables and security), its operations (their security and 3.0
//! `reply`) and their messages (payload and headers as the same field trees
//! endpoint pages show, correlation id), and the protocol bindings of each.

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
    /// The `{variables}` of the host (or URL), as fields: `enum`,
    /// `default`, `description`, `examples`.
    pub variables: Vec<FieldView>,
    /// The server's `security`: alternatives, any one of which will do.
    pub security: Vec<SecurityRequirement>,
}

impl ServerView {
    /// The host with every `{variable}` replaced by its default; `None`
    /// when it has no variables, or one without a default.
    pub fn with_defaults(&self) -> Option<String> {
        if self.variables.is_empty() {
            return None;
        }
        let mut host = self.host.clone();
        for variable in &self.variables {
            let default = match variable.default.as_ref()? {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            host = host.replace(&format!("{{{}}}", variable.name), &default);
        }
        Some(host)
    }
}

/// One alternative of a `security` list: the schemes it needs, all of them
/// (one in 3.0; a 2.x requirement object may name several).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SecurityRequirement {
    pub schemes: Vec<SecurityView>,
}

/// A security scheme as a requirement asks for it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SecurityView {
    /// Its key under `components/securitySchemes` (or its `type`, for a
    /// 3.0 scheme given in place).
    pub key: String,
    /// `type`: `apiKey`, `http`, `oauth2`, `X509`, `scramSha256`...;
    /// `None` when no scheme of that name is defined.
    pub kind: Option<String>,
    pub description_md: Option<String>,
    /// `in`: `user`, `password`, `header`, `query`, `cookie`.
    pub location: Option<String>,
    /// `name`: the header, query or cookie name of an `httpApiKey`.
    pub parameter: Option<String>,
    /// `scheme` of an `http` scheme (`bearer`, `basic`) and its `bearerFormat`.
    pub scheme: Option<String>,
    pub bearer_format: Option<String>,
    pub open_id_connect_url: Option<String>,
    pub flows: Vec<OAuthFlowView>,
    /// The scopes the requirement asks for (2.x: its list; 3.0: the
    /// scheme's `scopes`).
    pub scopes: Vec<String>,
}

/// One OAuth 2.0 flow of a scheme.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OAuthFlowView {
    /// `implicit`, `password`, `clientCredentials`, `authorizationCode`.
    pub kind: String,
    pub authorization_url: Option<String>,
    pub token_url: Option<String>,
    pub refresh_url: Option<String>,
    /// Each scope with its description (2.x `scopes`, 3.0 `availableScopes`).
    pub scopes: Vec<(String, String)>,
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
    /// The operation's own `security`, any one of which will do.
    pub security: Vec<SecurityRequirement>,
    /// 3.0: what answers the operation.
    pub reply: Option<ReplyView>,
}

impl OperationView {
    /// The operation's messages, then its reply's.
    pub fn all_messages(&self) -> impl Iterator<Item = &MessageView> {
        (self.messages.iter()).chain(self.reply.iter().flat_map(|r| &r.messages))
    }
}

/// A 3.0 operation's `reply`: where the answer goes and what it carries.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReplyView {
    /// The reply channel's `address` (its id when the address is not known
    /// until run time).
    pub channel: Option<String>,
    /// `address.location`: a runtime expression naming where the reply goes
    /// (`$message.header#/replyTo`), and its description.
    pub address_location: Option<String>,
    pub address_description_md: Option<String>,
    /// `messages`, else every message of the reply channel.
    pub messages: Vec<MessageView>,
}

/// A message's `correlationId`: where in the message the id is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CorrelationView {
    /// A runtime expression: `$message.header#/correlationId`.
    pub location: String,
    pub description_md: Option<String>,
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
    pub correlation: Option<CorrelationView>,
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
    /// One protocol's binding, `$ref`s already followed.
    pub fn new(protocol: &str, binding: &Value) -> BindingView {
        BindingView {
            protocol: protocol.to_string(),
            values: match binding.as_object() {
                Some(keys) => (keys.iter())
                    .map(|(key, value)| (key.clone(), value_text(value)))
                    .collect(),
                None => vec![(String::new(), value_text(binding))],
            },
        }
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
        let messages = self.operations.iter().flat_map(|op| op.all_messages());
        let schemas = messages.flat_map(|m| m.payload.iter().chain(&m.headers));
        schemas
            .flat_map(|s| s.fields.iter().map(|f| f.name.clone()))
            .collect()
    }
}
