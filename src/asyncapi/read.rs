//! Reading a channel of an AsyncAPI document into a [`ChannelView`].
//!
//! The two versions differ in shape, not in what a reader is shown:
//!
//! - **3.0**: `channels.ID` has an `address`, `messages` (by name),
//!   `parameters` (`enum`, `default`, `description`, no schema) and
//!   `servers` (`$ref`s); operations live under `operations`, each with an
//!   `action` (`send`/`receive`), a `channel` `$ref` and the `messages` it
//!   carries (`$ref`s into the channel's, all of them when absent).
//! - **2.6**: the channel's key is its address; `publish` and `subscribe`
//!   are its operations, read as the AsyncAPI 3.0 migration guide maps
//!   them (`publish`: the application *receives*; `subscribe`: it
//!   *sends*), each with one `message` or `message.oneOf`; `parameters`
//!   have a `schema`; `servers` are names.
//!
//! Servers (their variables and security) are read by `servers`, an
//! operation's `security` by `security`. 3.0: an operation's `reply` (in
//! place or by `$ref`) names its channel (shown by address, else by key),
//! an `address` runtime expression and its `messages` (else every message
//! of its channel), read as the operation's are. A message's content type
//! is its own or the document's `defaultContentType`; its `correlationId`
//! (in place or by `$ref`) shows only with a `location`. `bindings` are
//! followed by `$ref`, the whole object and each protocol's binding. An
//! operation's or message's key missing from it is taken from the first of
//! its `traits` that has it (headers, bindings, security, correlation id,
//! descriptions: the object's own value wins, as 3.0 says). A payload may
//! be a 3.0 multi-format schema (`{schemaFormat, schema}`), read through
//! its `schema`. Payloads and
//! headers become field trees through the OpenAPI stage's
//! [`FieldBuilder`](crate::openapi::FieldBuilder), examples are the
//! message's own (`examples[].payload`/`headers`, `$ref`s followed) or one
//! made from the payload's schema by the same
//! [`ExampleBuilder`](crate::openapi::ExampleBuilder). Unknown keys are
//! ignored; a `$ref` that does not resolve leaves its part out (the load
//! reported it).

use std::collections::HashMap;

use serde_json::Value;

use super::security::requirements;
use super::servers::{plain_field, servers_of};
use super::view::{
    Action, BindingView, ChannelView, CorrelationView, MessageExample, MessageView, OperationView,
    ReplyView,
};
use crate::openapi::{
    literal_value, ref_name, summarize, Direction, DocId, DocStore, ExampleBuilder, FieldBuilder,
    FieldView, Node,
};

/// The AsyncAPI major versions read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    V2,
    V3,
}

impl Version {
    /// The version of a document's `asyncapi` value, or why it is not read.
    pub fn of(document: &Value) -> Result<Version, String> {
        match document.get("asyncapi") {
            Some(Value::String(v)) if v.starts_with("2.") => Ok(Version::V2),
            Some(Value::String(v)) if v.starts_with("3.") => Ok(Version::V3),
            Some(other) => Err(format!(
                "`asyncapi: {}` is a version sheaf does not read (2.x and 3.x are)",
                crate::openapi::plain(other)
            )),
            None => Err("it has no `asyncapi` version key: it is not an AsyncAPI document".into()),
        }
    }
}

/// A channel being read: the store, the document and its version.
pub struct Reader<'a> {
    pub store: &'a DocStore,
    pub doc: DocId,
    pub version: Version,
    /// 3.0: the ids of the channel's operations
    /// ([`Reader::operations_by_channel`]); unused for 2.x.
    pub operation_ids: &'a [String],
}

impl<'a> Reader<'a> {
    fn root(&self) -> &'a Value {
        self.store.root(self.doc).value
    }

    fn node(&self, value: &'a Value) -> Node<'a> {
        Node {
            doc: self.doc,
            value,
        }
    }

    /// `value` with its `$ref`s followed; `None` when one does not resolve.
    fn deref(&self, node: Node<'a>) -> Option<Node<'a>> {
        self.store.deref(node).ok().map(|(node, _)| node)
    }

    /// The channel keyed `id`, `$ref`s followed.
    fn channel(&self, id: &str) -> Option<Node<'a>> {
        let channel = self.root().get("channels")?.get(id)?;
        self.deref(self.node(channel))
    }

    /// The channel's view; `None` when the document has no channel `id`.
    pub fn read(&self, id: &str) -> Option<ChannelView> {
        let channel = self.channel(id)?;
        let value = channel.value;
        let text = |key: &str| value.get(key).and_then(Value::as_str).map(String::from);
        let mut fields = FieldBuilder::new(self.store, true);
        let address = match self.version {
            Version::V2 => Some(id.to_string()),
            Version::V3 => text("address"),
        };
        let mut view = ChannelView {
            id: id.to_string(),
            title: channel_title(value, id),
            address,
            summary_md: text("summary"),
            description_md: text("description"),
            parameters: self.parameters(channel, &mut fields),
            servers: servers_of(self.store, self.doc, value),
            operations: self.operations(channel, &mut fields),
            bindings: self.bindings(self.child(channel, "bindings")),
        };
        let trees = view.operations.iter_mut().flat_map(|op| &mut op.messages);
        let trees = trees.flat_map(|m| m.payload.iter_mut().chain(&mut m.headers));
        for tree in trees {
            for field in tree.fields.iter_mut().chain(&mut tree.alternatives) {
                fields.drop_unlinked_anchors(field);
            }
        }
        Some(view)
    }

    /// `key` of an operation or message, else of the first of its `traits`
    /// holding it (the object's own value wins, as AsyncAPI 3.0 says).
    fn with_traits(&self, object: Node<'a>, key: &str) -> Option<Node<'a>> {
        if let Some(value) = object.value.get(key) {
            return Some(Node {
                doc: object.doc,
                value,
            });
        }
        let traits = object.value.get("traits")?.as_array()?;
        traits.iter().find_map(|t| {
            let t = self.deref(Node {
                doc: object.doc,
                value: t,
            })?;
            let value = t.value.get(key)?;
            Some(Node { doc: t.doc, value })
        })
    }

    /// A text of an object or its traits.
    fn text_of(&self, object: Node<'a>, key: &str) -> Option<String> {
        self.with_traits(object, key)?
            .value
            .as_str()
            .map(String::from)
    }

    /// The bindings of an object or its traits.
    fn bindings_of(&self, object: Node<'a>) -> Vec<BindingView> {
        self.bindings(self.with_traits(object, "bindings"))
    }

    /// A `bindings` object by protocol, its `$ref` and each protocol's
    /// followed.
    fn bindings(&self, bindings: Option<Node<'a>>) -> Vec<BindingView> {
        let Some(map) = bindings.and_then(|b| self.deref(b)) else {
            return Vec::new();
        };
        (map.value.as_object().into_iter().flatten())
            .filter_map(|(protocol, binding)| {
                let binding = self.deref(Node {
                    doc: map.doc,
                    value: binding,
                })?;
                Some(BindingView::new(protocol, binding.value))
            })
            .collect()
    }

    fn parameters(&self, channel: Node<'a>, fields: &mut FieldBuilder<'a>) -> Vec<FieldView> {
        let Some(map) = channel.value.get("parameters").and_then(Value::as_object) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (name, parameter) in map {
            let Some(parameter) = self.deref(Node {
                doc: channel.doc,
                value: parameter,
            }) else {
                continue;
            };
            let schema = parameter.value.get("schema").map(|s| Node {
                doc: parameter.doc,
                value: s,
            });
            let mut field = match schema {
                Some(schema) => fields.field(name, schema, true),
                None => plain_field(name, parameter.value, true),
            };
            if field.description_md.is_none() {
                field.description_md = (parameter.value.get("description"))
                    .and_then(Value::as_str)
                    .map(String::from);
            }
            out.push(field);
        }
        out
    }

    fn operations(&self, channel: Node<'a>, fields: &mut FieldBuilder<'a>) -> Vec<OperationView> {
        match self.version {
            Version::V2 => (["subscribe", "publish"].into_iter())
                .filter_map(|key| {
                    let op = self.deref(self.node(channel.value.get(key)?))?;
                    let action = match key {
                        "publish" => Action::Receive,
                        _ => Action::Send,
                    };
                    let messages = self.v2_messages(op, fields);
                    Some(self.operation(op, action, messages))
                })
                .collect(),
            Version::V3 => {
                let all = self.root().get("operations");
                (self.operation_ids.iter())
                    .filter_map(|id| {
                        let op = self.deref(self.node(all?.get(id)?))?;
                        let messages = self.v3_messages(op, channel, fields);
                        let mut view = self.operation(op, v3_action(op.value), messages);
                        view.id = Some(id.clone());
                        view.reply = self.reply(op, fields);
                        Some(view)
                    })
                    .collect()
            }
        }
    }

    /// What the channel's operations do, without reading their messages.
    pub fn actions(&self, id: &str) -> Vec<Action> {
        match self.version {
            Version::V2 => {
                let channel = self.channel(id);
                let has = |key: &str| channel.is_some_and(|c| c.value.get(key).is_some());
                let sent = has("subscribe").then_some(Action::Send);
                sent.into_iter()
                    .chain(has("publish").then_some(Action::Receive))
                    .collect()
            }
            Version::V3 => {
                let all = self.root().get("operations");
                (self.operation_ids.iter())
                    .filter_map(|op| Some(v3_action(self.deref(self.node(all?.get(op)?))?.value)))
                    .collect()
            }
        }
    }

    /// 3.0: the ids of each channel's operations, found once for the
    /// document (a channel page then reads only its own).
    pub fn operations_by_channel(&self) -> HashMap<String, Vec<String>> {
        let mut out: HashMap<String, Vec<String>> = HashMap::new();
        let Some(all) = self.root().get("operations").and_then(Value::as_object) else {
            return out;
        };
        let channels = self.root().get("channels").and_then(Value::as_object);
        for (id, op) in all {
            let Some(op) = self.deref(self.node(op)) else {
                continue;
            };
            let Some(target) = op.value.get("channel") else {
                continue;
            };
            let local = (target.get("$ref").and_then(Value::as_str))
                .and_then(|r| r.strip_prefix("#/channels/"))
                .filter(|key| !key.contains('/'))
                .map(|key| key.replace("~1", "/").replace("~0", "~"));
            // A `$ref` into another file: the channel it resolves to.
            let channel = local.or_else(|| {
                let target = self.deref(Node {
                    doc: op.doc,
                    value: target,
                })?;
                let (key, _) = channels?
                    .iter()
                    .find(|(_, c)| std::ptr::eq(*c, target.value))?;
                Some(key.clone())
            });
            if let Some(channel) = channel {
                out.entry(channel).or_default().push(id.clone());
            }
        }
        out
    }

    fn operation(&self, op: Node<'a>, action: Action, messages: Vec<MessageView>) -> OperationView {
        let text = |key: &str| self.text_of(op, key);
        OperationView {
            id: text("operationId"),
            action,
            title: text("title"),
            summary_md: text("summary"),
            description_md: text("description"),
            messages,
            bindings: self.bindings_of(op),
            security: requirements(self.store, self.root(), self.with_traits(op, "security")),
            reply: None,
        }
    }

    /// 3.0: the operation's `reply`, `$ref`s followed: its channel's
    /// address (else the channel's key), its `address` (a runtime
    /// expression), and its `messages` (else every message of its channel).
    fn reply(&self, op: Node<'a>, fields: &mut FieldBuilder<'a>) -> Option<ReplyView> {
        let reply = self.deref(self.child(op, "reply")?)?;
        let target = self.child(reply, "channel");
        let channel = target.and_then(|c| self.deref(c));
        let address = self.child(reply, "address").and_then(|a| self.deref(a));
        let address_text = |key: &str| Some(address?.value.get(key)?.as_str()?.to_string());
        let channel_address = (channel.and_then(|c| c.value.get("address")?.as_str()))
            .map(String::from)
            .or_else(|| ref_key(target?.value));
        let no_channel = Node {
            doc: reply.doc,
            value: &NOTHING,
        };
        Some(ReplyView {
            channel: channel_address,
            address_location: address_text("location"),
            address_description_md: address_text("description"),
            messages: self.v3_messages(reply, channel.unwrap_or(no_channel), fields),
        })
    }

    /// `key` of `object`, in the same document.
    fn child(&self, object: Node<'a>, key: &str) -> Option<Node<'a>> {
        Some(Node {
            doc: object.doc,
            value: object.value.get(key)?,
        })
    }

    /// 2.6: `message`, or each of `message.oneOf`.
    fn v2_messages(&self, op: Node<'a>, fields: &mut FieldBuilder<'a>) -> Vec<MessageView> {
        let Some(message) = op.value.get("message") else {
            return Vec::new();
        };
        let Some(message) = self.deref(Node {
            doc: op.doc,
            value: message,
        }) else {
            return Vec::new();
        };
        let one_of = message.value.get("oneOf").and_then(Value::as_array);
        let listed: Vec<(Option<String>, &Value)> = match one_of {
            Some(items) => items.iter().map(|m| (ref_key(m), m)).collect(),
            None => vec![(
                ref_key(op.value.get("message").unwrap_or(&Value::Null)),
                message.value,
            )],
        };
        (listed.into_iter())
            .filter_map(|(key, m)| {
                let m = self.deref(Node {
                    doc: message.doc,
                    value: m,
                })?;
                Some(self.message(key, m, fields))
            })
            .collect()
    }

    /// 3.0: the operation's `messages` (`$ref`s), else every message of the
    /// channel.
    fn v3_messages(
        &self,
        op: Node<'a>,
        channel: Node<'a>,
        fields: &mut FieldBuilder<'a>,
    ) -> Vec<MessageView> {
        let listed: Vec<(Option<String>, Node<'a>)> =
            match op.value.get("messages").and_then(Value::as_array) {
                Some(items) => items
                    .iter()
                    .map(|m| {
                        (
                            ref_key(m),
                            Node {
                                doc: op.doc,
                                value: m,
                            },
                        )
                    })
                    .collect(),
                None => (channel
                    .value
                    .get("messages")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten())
                .map(|(key, m)| {
                    (
                        Some(key.clone()),
                        Node {
                            doc: channel.doc,
                            value: m,
                        },
                    )
                })
                .collect(),
            };
        (listed.into_iter())
            .filter_map(|(key, m)| Some(self.message(key, self.deref(m)?, fields)))
            .collect()
    }

    fn message(
        &self,
        key: Option<String>,
        m: Node<'a>,
        fields: &mut FieldBuilder<'a>,
    ) -> MessageView {
        let text = |key: &str| self.text_of(m, key);
        let child = |key: &str| self.with_traits(m, key);
        let payload = child("payload").map(|p| schema_of(self.store, p));
        let headers = child("headers").map(|h| schema_of(self.store, h));
        let content_type = text("contentType").or_else(|| {
            (self
                .root()
                .get("defaultContentType")
                .and_then(Value::as_str))
            .map(String::from)
        });
        let mut examples = self.examples(m);
        if examples.is_empty() {
            examples.extend(payload.and_then(|p| generated_example(self.store, p)));
        }
        MessageView {
            name: text("name")
                .or(key)
                .or_else(|| text("title"))
                .unwrap_or_else(|| "message".into()),
            title: text("title"),
            summary_md: text("summary"),
            description_md: text("description"),
            content_type,
            correlation: (child("correlationId").and_then(|c| self.deref(c)))
                .and_then(|c| correlation_view(c.value)),
            payload: payload.map(|p| summarize(self.store, p, fields)),
            headers: headers.map(|h| summarize(self.store, h, fields)),
            examples,
            bindings: self.bindings_of(m),
        }
    }

    /// The message's own `examples` (or its traits'), each value's `$ref`s
    /// followed.
    fn examples(&self, m: Node<'a>) -> Vec<MessageExample> {
        let Some(examples) = self.with_traits(m, "examples") else {
            return Vec::new();
        };
        let Some(items) = examples.value.as_array() else {
            return Vec::new();
        };
        let json = |example: &'a Value, key: &str| {
            let value = literal_value(
                self.store,
                Node {
                    doc: examples.doc,
                    value: example.get(key)?,
                },
            )?;
            serde_json::to_string_pretty(&value).ok()
        };
        (items.iter().enumerate())
            .map(|(i, example)| MessageExample {
                name: (example.get("name").and_then(Value::as_str))
                    .map_or_else(|| format!("Example {}", i + 1), String::from),
                summary: example
                    .get("summary")
                    .and_then(Value::as_str)
                    .map(String::from),
                headers: json(example, "headers"),
                payload: json(example, "payload"),
                generated: false,
            })
            .collect()
    }
}

/// What a reply without a channel reads its messages from.
static NOTHING: Value = Value::Null;

/// A `correlationId`: its `location` (without one, nothing to show) and
/// description.
fn correlation_view(value: &Value) -> Option<CorrelationView> {
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(String::from);
    Some(CorrelationView {
        location: text("location")?,
        description_md: text("description"),
    })
}

/// A 3.0 operation's `action` (`send` unless it says `receive`).
fn v3_action(op: &Value) -> Action {
    match op.get("action").and_then(Value::as_str) {
        Some("receive") => Action::Receive,
        _ => Action::Send,
    }
}

/// `title`, else the id.
pub fn channel_title(channel: &Value, id: &str) -> String {
    (channel.get("title").and_then(Value::as_str))
        .filter(|t| !t.trim().is_empty())
        .map_or_else(|| id.to_string(), String::from)
}

/// The last part of a `$ref` (`#/components/messages/userUpdated` →
/// `userUpdated`), as a message's name when it has none.
fn ref_key(value: &Value) -> Option<String> {
    Some(ref_name(value.get("$ref")?.as_str()?))
}

/// A payload's schema: itself, or a 3.0 multi-format schema's `schema`.
fn schema_of<'a>(store: &'a DocStore, node: Node<'a>) -> Node<'a> {
    let resolved = store.deref(node).map_or(node, |(n, _)| n);
    match (
        resolved.value.get("schemaFormat"),
        resolved.value.get("schema"),
    ) {
        (Some(_), Some(schema)) => Node {
            doc: resolved.doc,
            value: schema,
        },
        _ => node,
    }
}

fn generated_example<'a>(store: &'a DocStore, payload: Node<'a>) -> Option<MessageExample> {
    let value = ExampleBuilder::new(store, Direction::Response).example(payload)?;
    Some(MessageExample {
        name: "Example".into(),
        summary: None,
        headers: None,
        payload: serde_json::to_string_pretty(&value).ok(),
        generated: true,
    })
}
