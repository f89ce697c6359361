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

#[test]
fn a_2x_server_lists_its_variables_and_named_security_schemes() {
    let view = channel(
        json!({
            "asyncapi": "2.6.0",
            "servers": {"broker": {
                "url": "{host}:{port}", "protocol": "mqtt",
                "variables": {
                    "host": {"$ref": "#/components/serverVariables/host"},
                    "port": {"enum": ["1883", "8883"], "default": "1883", "description": "TLS on 8883."}
                },
                "security": [{"oauth": ["lights:on"], "key": []}, {"nowhere": []}]
            }},
            "channels": {"lights": {
                "subscribe": {"traits": [{"$ref": "#/components/operationTraits/secured"}], "message": {"payload": {"type": "string"}}}
            }},
            "components": {
                "serverVariables": {"host": {"default": "broker.example"}},
                "operationTraits": {"secured": {"security": [{"key": []}]}},
                "securitySchemes": {
                    "key": {"type": "httpApiKey", "in": "header", "name": "X-Key", "description": "The key."},
                    "oauth": {"type": "oauth2", "flows": {"implicit": {
                        "authorizationUrl": "https://auth.example/a",
                        "scopes": {"lights:on": "Switch lights on"}
                    }}}
                }
            }
        }),
        "lights",
    );
    let server = &view.servers[0];
    let names: Vec<&str> = server.variables.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["host", "port"], "a variable by `$ref` too");
    let port = &server.variables[1];
    assert_eq!(port.enum_values, [json!("1883"), json!("8883")]);
    assert_eq!(port.default, Some(json!("1883")));
    assert_eq!(port.description_md.as_deref(), Some("TLS on 8883."));
    assert_eq!(
        server.with_defaults().as_deref(),
        Some("broker.example:1883")
    );
    assert_eq!(server.security.len(), 2, "two alternatives");
    let both = &server.security[0].schemes;
    assert_eq!(
        both.len(),
        2,
        "one requirement naming two schemes needs both"
    );
    let oauth = &both[0];
    assert_eq!(oauth.kind.as_deref(), Some("oauth2"));
    assert_eq!(oauth.scopes, ["lights:on"]);
    assert_eq!(oauth.flows[0].kind, "implicit");
    assert_eq!(
        oauth.flows[0].authorization_url.as_deref(),
        Some("https://auth.example/a")
    );
    assert_eq!(
        oauth.flows[0].scopes,
        [("lights:on".to_string(), "Switch lights on".to_string())]
    );
    let key = &both[1];
    assert_eq!(
        (key.location.as_deref(), key.parameter.as_deref()),
        (Some("header"), Some("X-Key"))
    );
    let undefined = &server.security[1].schemes[0];
    assert_eq!(
        (undefined.key.as_str(), undefined.kind.as_deref()),
        ("nowhere", None),
        "kept, without a type"
    );
    let operation = &view.operations[0].security;
    assert_eq!(
        operation[0].schemes[0].key, "key",
        "from the operation's trait"
    );
}

#[test]
fn a_server_variable_without_a_default_leaves_the_host_as_given() {
    let view = channel(
        json!({
            "asyncapi": "3.0.0",
            "servers": {"s": {"host": "{a}.example", "protocol": "ws", "variables": {"a": {"enum": ["x"]}}}},
            "channels": {"c": {}}
        }),
        "c",
    );
    assert_eq!(view.servers[0].host, "{a}.example");
    assert_eq!(view.servers[0].with_defaults(), None);
}

#[test]
fn a_3_0_security_scheme_is_given_in_place_or_by_ref_with_its_scopes() {
    let view = channel(
        json!({
            "asyncapi": "3.0.0",
            "servers": {"s": {"host": "h", "protocol": "ws", "security": [
                {"$ref": "#/components/securitySchemes/token"},
                {"type": "userPassword", "description": "Plain."}
            ]}},
            "channels": {"c": {"address": "c"}},
            "operations": {"send": {"action": "send", "channel": {"$ref": "#/channels/c"}, "security": [
                {"type": "oauth2", "scopes": ["write"], "flows": {"clientCredentials": {
                    "tokenUrl": "https://auth.example/t", "availableScopes": {"write": "Write", "read": "Read"}
                }}}
            ]}},
            "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}}
        }),
        "c",
    );
    let server = &view.servers[0].security;
    let token = &server[0].schemes[0];
    assert_eq!(token.key, "token", "named by its `$ref`");
    assert_eq!(
        (token.scheme.as_deref(), token.bearer_format.as_deref()),
        (Some("bearer"), Some("JWT"))
    );
    let plain = &server[1].schemes[0];
    assert_eq!(
        (plain.key.as_str(), plain.kind.as_deref()),
        ("userPassword", Some("userPassword")),
        "a scheme in place is named by its type"
    );
    let oauth = &view.operations[0].security[0].schemes[0];
    assert_eq!(oauth.scopes, ["write"]);
    assert_eq!(oauth.flows[0].scopes.len(), 2, "`availableScopes`");
    assert_eq!(
        oauth.flows[0].token_url.as_deref(),
        Some("https://auth.example/t")
    );
}

#[test]
fn a_3_0_reply_names_its_channel_address_and_messages() {
    let view = channel(
        json!({
            "asyncapi": "3.0.0",
            "channels": {
                "ask": {"address": "ask", "messages": {"q": {"payload": {"type": "string"}}}},
                "answer": {"address": "answers/{id}", "messages": {
                    "a": {"payload": {"type": "object", "properties": {"ok": {"type": "boolean"}}}},
                    "b": {"payload": {"type": "string"}}
                }},
                "dynamic": {"address": null, "messages": {"d": {"payload": {"type": "integer"}}}}
            },
            "operations": {
                "listed": {"action": "send", "channel": {"$ref": "#/channels/ask"}, "reply": {
                    "address": {"location": "$message.header#/replyTo", "description": "Set by the asker."},
                    "channel": {"$ref": "#/channels/answer"},
                    "messages": [{"$ref": "#/channels/answer/messages/a"}]
                }},
                "byRef": {"action": "receive", "channel": {"$ref": "#/channels/ask"}, "reply": {"$ref": "#/components/replies/r"}}
            },
            "components": {"replies": {"r": {"channel": {"$ref": "#/channels/dynamic"}}}}
        }),
        "ask",
    );
    let listed = view.operations[0].reply.as_ref().unwrap();
    assert_eq!(listed.channel.as_deref(), Some("answers/{id}"));
    assert_eq!(
        listed.address_location.as_deref(),
        Some("$message.header#/replyTo")
    );
    assert_eq!(
        listed.address_description_md.as_deref(),
        Some("Set by the asker.")
    );
    let names: Vec<&str> = listed.messages.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["a"], "only the listed message");
    assert_eq!(
        listed.messages[0].payload.as_ref().unwrap().fields[0].name,
        "ok"
    );
    let by_ref = view.operations[1].reply.as_ref().unwrap();
    assert_eq!(
        by_ref.channel.as_deref(),
        Some("dynamic"),
        "a channel without an address: its key"
    );
    assert_eq!(by_ref.messages[0].name, "d", "every message of the channel");
    assert!(
        view.field_names().contains(&"ok".to_string()),
        "search finds reply fields"
    );
}

#[test]
fn a_correlation_id_is_read_in_place_by_ref_or_from_a_trait() {
    let view = channel(
        json!({
            "asyncapi": "2.6.0",
            "channels": {"c": {"publish": {"message": {"oneOf": [
                {"name": "inPlace", "correlationId": {"location": "$message.header#/id", "description": "The id."}},
                {"name": "byRef", "correlationId": {"$ref": "#/components/correlationIds/sent"}},
                {"name": "fromTrait", "traits": [{"correlationId": {"location": "$message.payload#/t"}}]},
                {"name": "withoutLocation", "correlationId": {"description": "Where?"}}
            ]}}}},
            "components": {"correlationIds": {"sent": {"location": "$message.payload#/sentAt"}}}
        }),
        "c",
    );
    let found: Vec<Option<&str>> = (view.operations[0].messages.iter())
        .map(|m| m.correlation.as_ref().map(|c| c.location.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            Some("$message.header#/id"),
            Some("$message.payload#/sentAt"),
            Some("$message.payload#/t"),
            None
        ]
    );
    let first = view.operations[0].messages[0].correlation.as_ref().unwrap();
    assert_eq!(first.description_md.as_deref(), Some("The id."));
}

#[test]
fn a_protocol_binding_given_by_ref_is_followed() {
    let view = channel(
        json!({
            "asyncapi": "2.6.0",
            "channels": {"c": {"subscribe": {"message": {
                "payload": {"type": "string"},
                "bindings": {"http": {"$ref": "#/components/messageBindings/chunked"}}
            }}}},
            "components": {"messageBindings": {"chunked": {"bindingVersion": "0.1.0"}}}
        }),
        "c",
    );
    let binding = &view.operations[0].messages[0].bindings[0];
    assert_eq!(binding.protocol, "http");
    assert_eq!(
        binding.values,
        [("bindingVersion".to_string(), "0.1.0".to_string())],
        "the binding, not its `$ref`"
    );
}

#[test]
fn a_2x_requirement_naming_an_undefined_scheme_is_a_located_warning() {
    let root = tempfile::tempdir().unwrap();
    let document = "asyncapi: 2.6.0\ninfo: {title: t, version: '1'}\nservers:\n  s:\n    url: ws://h\n    protocol: ws\n    security:\n      - nowhere: []\nchannels: {}\n";
    std::fs::write(root.path().join("events.yaml"), document).unwrap();
    let (_, problems) = AsyncSpecs::load(root.path(), &["events.yaml".into()], cache(&root));
    assert_eq!(problems.len(), 1, "{problems:?}");
    let warning = &problems[0];
    assert_eq!(
        warning.rule,
        Some(crate::rules::Rule::SecuritySchemeMissing)
    );
    assert!(warning.message.contains("`nowhere`"), "{}", warning.message);
    assert_eq!(warning.position.as_ref().map(|p| p.line), Some(8));
}

#[test]
fn a_3_0_scheme_without_a_type_is_no_undefined_name() {
    let root = tempfile::tempdir().unwrap();
    let document = "asyncapi: 3.0.0\ninfo: {title: t, version: '1'}\nservers:\n  s:\n    host: h\n    protocol: ws\n    security:\n      - description: no type\nchannels: {}\n";
    std::fs::write(root.path().join("events.yaml"), document).unwrap();
    let (_, problems) = AsyncSpecs::load(root.path(), &["events.yaml".into()], cache(&root));
    assert!(problems.is_empty(), "{problems:?}");
}
