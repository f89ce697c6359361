//! The reader on small documents of both versions, references to channels,
//! and the tag groups the navigation gets.

use serde_json::{json, Value};

use super::read::{Reader, Version};
use super::view::Action;
use super::AsyncSpecs;
use crate::openapi::{DocStore, Document, Location, SpecCache};

/// The channel `id` of `document`, read as its version says.
fn channel(document: Value, id: &str) -> super::ChannelView {
    let version = Version::of(&document).unwrap();
    let mut store = DocStore::default();
    let doc = store.add_with_text(
        Document {
            location: Location::File("/d/events.json".into()),
            name: "events.json".into(),
            value: document,
        },
        String::new(),
    );
    let reader = Reader {
        store: &store,
        doc,
        version,
        operation_ids: &[],
    };
    let operations = reader.operations_by_channel();
    let operation_ids = operations.get(id).map_or(&[][..], Vec::as_slice);
    let reader = Reader {
        operation_ids,
        ..reader
    };
    let badge = super::view::badge_of(reader.actions(id));
    let view = reader.read(id).unwrap();
    assert_eq!(view.badge(), badge, "the badge read without the messages");
    view
}

/// A cache in the test's own folder, never downloading.
fn cache(root: &tempfile::TempDir) -> SpecCache {
    SpecCache::in_dir(&root.path().join(".cache")).offline()
}

#[test]
fn versions_2_and_3_are_read_and_others_say_why_not() {
    assert_eq!(Version::of(&json!({"asyncapi": "2.6.0"})), Ok(Version::V2));
    assert_eq!(Version::of(&json!({"asyncapi": "3.0.0"})), Ok(Version::V3));
    let old = Version::of(&json!({"asyncapi": "1.2.0"})).unwrap_err();
    assert!(old.contains("`asyncapi: 1.2.0`"), "{old}");
    let openapi = Version::of(&json!({"openapi": "3.1.0"})).unwrap_err();
    assert!(openapi.contains("not an AsyncAPI document"), "{openapi}");
}

#[test]
fn a_2x_publish_is_received_and_subscribe_sent() {
    let view = channel(
        json!({
            "asyncapi": "2.6.0",
            "servers": {"a": {"url": "mqtt://a", "protocol": "mqtt"}, "b": {"url": "ws://b", "protocol": "ws"}},
            "channels": {"user/{id}": {
                "servers": ["b"],
                "parameters": {"id": {"description": "The user.", "schema": {"type": "string"}}},
                "publish": {"operationId": "in", "message": {"name": "Up", "payload": {"type": "object", "properties": {"x": {"type": "integer"}}}}},
                "subscribe": {"message": {"oneOf": [{"$ref": "#/components/messages/a"}, {"$ref": "#/components/messages/b"}]}}
            }},
            "components": {"messages": {"a": {"payload": {"type": "string"}}, "b": {"title": "B", "payload": {"type": "boolean"}}}}
        }),
        "user/{id}",
    );
    assert_eq!(view.address.as_deref(), Some("user/{id}"));
    assert_eq!(view.servers.len(), 1, "only the server the channel names");
    assert_eq!(view.servers[0].host, "ws://b");
    assert_eq!(
        view.parameters[0].description_md.as_deref(),
        Some("The user.")
    );
    let actions: Vec<Action> = view.operations.iter().map(|op| op.action).collect();
    assert_eq!(actions, [Action::Send, Action::Receive]);
    assert_eq!(view.badge(), Some("PUB/SUB"));
    let sent: Vec<&str> = view.operations[0]
        .messages
        .iter()
        .map(|m| m.name.as_str())
        .collect();
    assert_eq!(
        sent,
        ["a", "b"],
        "named by their `$ref` when they have no name"
    );
    let received = &view.operations[1].messages[0];
    assert_eq!(received.payload.as_ref().unwrap().fields[0].name, "x");
    assert!(received.examples[0].generated);
    assert_eq!(
        received.examples[0].payload.as_deref(),
        Some("{\n  \"x\": 0\n}")
    );
}

#[test]
fn a_3_0_operation_finds_its_channel_and_messages_by_ref() {
    let view = channel(
        json!({
            "asyncapi": "3.0.0",
            "defaultContentType": "application/json",
            "channels": {
                "up": {"address": "user/up", "messages": {
                    "one": {"payload": {"type": "object"}, "headers": {"type": "object", "properties": {"h": {"type": "string"}}}},
                    "two": {"payload": {"schemaFormat": "application/schema+json;version=draft-07", "schema": {"type": "object", "properties": {"y": {"type": "string"}}}}}
                }},
                "down": {"address": null}
            },
            "operations": {
                "sendUp": {"action": "send", "channel": {"$ref": "#/channels/up"}, "messages": [{"$ref": "#/channels/up/messages/two"}]},
                "recvUp": {"action": "receive", "channel": {"$ref": "#/channels/up"}, "bindings": {"amqp": {"ack": true}}},
                "other": {"action": "send", "channel": {"$ref": "#/channels/down"}}
            }
        }),
        "up",
    );
    assert_eq!(view.address.as_deref(), Some("user/up"));
    assert_eq!(
        view.operations.len(),
        2,
        "not the other channel's operation"
    );
    let send = &view.operations[0];
    assert_eq!(send.messages.len(), 1);
    assert_eq!(send.messages[0].name, "two");
    assert_eq!(
        send.messages[0].content_type.as_deref(),
        Some("application/json")
    );
    let multi_format = send.messages[0].payload.as_ref().unwrap();
    assert_eq!(
        multi_format.fields[0].name, "y",
        "a multi-format schema's `schema`"
    );
    let receive = &view.operations[1];
    assert_eq!(receive.messages.len(), 2, "every message of the channel");
    assert_eq!(
        receive.messages[0].headers.as_ref().unwrap().fields[0].name,
        "h"
    );
    assert_eq!(receive.bindings[0].protocol, "amqp");
    assert_eq!(
        receive.bindings[0].values,
        [("ack".to_string(), "true".to_string())]
    );
    let down = channel(
        json!({"asyncapi": "3.0.0", "channels": {"down": {}}}),
        "down",
    );
    assert_eq!(down.address, None, "an address known only at run time");
    assert_eq!(down.badge(), None);
}

#[test]
fn references_name_a_file_and_channel_or_a_channel_alone() {
    let root = tempfile::tempdir().unwrap();
    let document = json!({
        "asyncapi": "3.0.0",
        "channels": {
            "a": {"title": "Channel A", "tags": [{"name": "Users"}]},
            "b": {},
            "c": {"tags": [{"name": "Users"}]}
        }
    });
    std::fs::write(root.path().join("events.json"), document.to_string()).unwrap();
    let (specs, problems) = AsyncSpecs::load(root.path(), &["events.json".into()], cache(&root));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(specs.title("events.json a").as_deref(), Some("Channel A"));
    assert_eq!(
        specs.title("events b").as_deref(),
        Some("b"),
        "by the file's stem"
    );
    assert_eq!(specs.title("\"c\"").as_deref(), Some("c"), "without a file");
    let missing = specs.channel("events.json z").unwrap_err();
    assert_eq!(missing, "no channel `z` in events.json");
    let other = specs.channel("other.yaml a").unwrap_err();
    assert!(
        other.contains("no AsyncAPI document `other.yaml`"),
        "{other}"
    );
    let groups = specs.channels_by_tag("events.json").unwrap();
    assert_eq!(
        groups,
        [
            (
                "Users".to_string(),
                vec![
                    "asyncapi:events.json a".to_string(),
                    "asyncapi:events.json c".to_string()
                ]
            ),
            (
                "Websockets".to_string(),
                vec!["asyncapi:events.json b".to_string()]
            ),
        ]
    );
}

#[test]
fn a_file_outside_the_docs_root_is_refused() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.yaml"), "asyncapi: 3.0.0\n").unwrap();
    let root = tempfile::tempdir().unwrap();
    let escape = format!(
        "../{}/secret.yaml",
        outside.path().file_name().unwrap().to_string_lossy()
    );
    let (specs, problems) = AsyncSpecs::load(root.path(), &[escape], cache(&root));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].rule, Some(crate::rules::Rule::OutsideRoot));
    assert!(specs.title("secret.yaml x").is_none());
}
