//! Frontmatter scalars as YAML 1.2's core schema reads them, which is how
//! Mintlify reads a page's frontmatter (its MDX compiler parses it with the
//! `yaml` package, YAML 1.2), so `{frontmatter.x}` shows what it shows there.
//!
//! sheaf parses YAML with libyaml (`serde_yaml_ng`), whose plain scalars
//! resolve as YAML 1.2's in every case but two, which [`to_core_schema`]
//! puts right:
//! - an integer written with leading zeros (`010`, `-007`) is text to
//!   libyaml, the number 10 to YAML 1.2 (YAML 1.1, of js-yaml, would say 8);
//! - a binary literal (`0b101`) is 5 to libyaml and text to YAML 1.2, whose
//!   core schema has decimal, octal (`0o`) and hexadecimal (`0x`) only.
//!
//! Only plain (unquoted) scalars change: `"010"` stays text. The scalars are
//! found by walking yaml-rust2's events beside the parsed value, so the
//! walk costs one pass; nesting was bounded before (`super::from_str`).

use serde_yaml_ng::Value;
use yaml_rust2::parser::{Event, EventReceiver, Parser};
use yaml_rust2::scanner::TScalarStyle;

/// Gives the plain scalars of `value`, parsed from `yaml`, their YAML 1.2
/// core-schema value where libyaml reads them otherwise.
pub fn to_core_schema(yaml: &str, value: &mut Value) {
    if !has_candidate(yaml) {
        return;
    }
    let mut events = Events(Vec::new());
    if Parser::new_from_str(yaml).load(&mut events, false).is_err() {
        return;
    }
    let mut events = events.0.into_iter().peekable();
    while events
        .next_if(|e| !matches!(e, Event::DocumentStart))
        .is_some()
    {}
    events.next();
    walk(&mut events, value);
}

/// Whether `yaml` may hold a plain scalar libyaml reads otherwise: one that
/// starts (after an optional sign) with `0` and a digit or `b`. Dates
/// (`2024-01-05`) and versions (`0.10`) do not, so most frontmatter is
/// parsed once.
fn has_candidate(yaml: &str) -> bool {
    let bytes = yaml.as_bytes();
    let starts_scalar = |at: usize| at == 0 || b" \t\r\n[{,".contains(&bytes[at - 1]);
    bytes.windows(2).enumerate().any(|(at, pair)| {
        let zero_then = pair[0] == b'0' && (pair[1].is_ascii_digit() || pair[1] == b'b');
        let signed = at > 0 && matches!(bytes[at - 1], b'-' | b'+') && starts_scalar(at - 1);
        zero_then && (starts_scalar(at) || signed)
    })
}

type Stream = std::iter::Peekable<std::vec::IntoIter<Event>>;

struct Events(Vec<Event>);

impl EventReceiver for Events {
    fn on_event(&mut self, event: Event) {
        self.0.push(event);
    }
}

/// Reads the events of one node into `value`, the same node as parsed.
fn walk(events: &mut Stream, value: &mut Value) {
    match events.next() {
        Some(Event::Scalar(text, TScalarStyle::Plain, _, None)) => correct(&text, value),
        Some(Event::SequenceStart(..)) => walk_sequence(events, value),
        Some(Event::MappingStart(..)) => walk_mapping(events, value),
        _ => {}
    }
}

fn walk_sequence(events: &mut Stream, value: &mut Value) {
    let mut at = 0;
    while events
        .next_if(|e| matches!(e, Event::SequenceEnd))
        .is_none()
    {
        if events.peek().is_none() {
            return;
        }
        let mut ignored = Value::Null;
        let item = match value {
            Value::Sequence(items) => items.get_mut(at).unwrap_or(&mut ignored),
            _ => &mut ignored,
        };
        walk(events, item);
        at += 1;
    }
}

fn walk_mapping(events: &mut Stream, value: &mut Value) {
    while events.next_if(|e| matches!(e, Event::MappingEnd)).is_none() {
        let key = match events.peek() {
            None => return,
            Some(Event::Scalar(key, ..)) => Some(key.clone()),
            Some(_) => None,
        };
        // The key (a complex one is read past).
        walk(events, &mut Value::Null);
        let mut ignored = Value::Null;
        let slot = match (key, &mut *value) {
            (Some(key), Value::Mapping(map)) => map.get_mut(key.as_str()).unwrap_or(&mut ignored),
            _ => &mut ignored,
        };
        walk(events, slot);
    }
}

/// The core-schema value of plain scalar `text`, put in `value` (libyaml's).
fn correct(text: &str, value: &mut Value) {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let leading_zeros =
        digits.len() > 1 && digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit());
    if leading_zeros && matches!(value, Value::String(_)) {
        if let Ok(number) = text.parse::<i64>() {
            *value = Value::Number(number.into());
        }
    } else if digits.starts_with("0b") && matches!(value, Value::Number(_)) {
        *value = Value::String(text.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> serde_json::Value {
        let mut value: Value = serde_yaml_ng::from_str(yaml).unwrap();
        to_core_schema(yaml, &mut value);
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn plain_scalars_read_as_yaml_1_2_does() {
        let yaml = "octal: 010\nneg: -007\nquoted: \"010\"\nbinary: 0b101\nhex: 0x1F\n\
                    zero: 0\nversion: 1.10\nlist: [010, '010']\nnested: {a: {b: 00}}\n";
        let read = read(yaml);
        let expected = serde_json::json!({
            "octal": 10, "neg": -7, "quoted": "010", "binary": "0b101", "hex": 31,
            "zero": 0, "version": 1.1, "list": [10, "010"], "nested": {"a": {"b": 0}}
        });
        assert_eq!(read, expected);
    }

    #[test]
    fn a_block_sequence_and_a_number_key_keep_their_places() {
        let yaml = "items:\n  - 010\n  - text\n  - [1, 2]\n7: {x: 010}\nafter: 010\n";
        let read = read(yaml);
        assert_eq!(read["items"], serde_json::json!([10, "text", [1, 2]]));
        assert_eq!(read["after"], 10);
    }

    #[test]
    fn only_a_leading_zero_scalar_makes_the_second_pass() {
        for yaml in ["a: 010", "a: -007", "a: [0b1]", "- 00", "a: +01"] {
            assert!(has_candidate(yaml), "{yaml}");
        }
        for yaml in ["date: 2024-01-05", "v: 0.10", "n: 100", "id: a01", "x: 0"] {
            assert!(!has_candidate(yaml), "{yaml}");
        }
    }
}
