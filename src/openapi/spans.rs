//! Where things are in a spec's own text, so spec problems point at
//! `openapi.yaml:LINE:COL` with the spec's line under them.
//!
//! A finding names the place it is about by its dotted JSON path
//! (`paths./users.get`); [`locate`] turns that path back into a JSON
//! pointer by walking the parsed value (keys may hold dots and slashes:
//! the longest key that fits wins), then into a byte span of the text:
//! for JSON through a scan that looks only for the findings' pointers
//! ([`json`]), for YAML through `yaml-rust2`'s event parser, which marks where every
//! key and value starts. Spans are computed only for specs with findings.

use std::collections::HashMap;
use std::ops::Range;

use serde_json::Value;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

mod json;
use json::escape;

use super::store::{DocId, DocStore};
use crate::diagnostics::{Diagnostic, LineStarts};

/// Gives the diagnostics about document `doc` that have a JSON path but no
/// position the span of that path in the document's text.
pub(crate) fn locate(store: &DocStore, doc: DocId, diagnostics: &mut [Diagnostic]) {
    let text = store.text(doc);
    let unplaced = |d: &Diagnostic| d.position.is_none() && d.json_path.is_some();
    if text.is_empty() || !diagnostics.iter().any(unplaced) {
        return;
    }
    let value = &store.get(doc).value;
    let pointers: Vec<String> = (diagnostics.iter().filter(|d| unplaced(d)))
        .map(|d| pointer_of_path(value, d.json_path.as_deref().unwrap_or_default()))
        .collect();
    let lines = LineStarts::new(text);
    let spans = SpecSpans::of_lines(text, &lines, &pointers);
    let mut pointers = pointers.iter();
    for diagnostic in diagnostics.iter_mut().filter(|d| unplaced(d)) {
        let pointer = pointers.next().expect("one pointer per unplaced finding");
        if let Some(span) = spans.span_of(pointer) {
            *diagnostic = diagnostic.clone().at_span_in(&lines, text, span);
        }
    }
}

/// The span of JSON pointers of a spec's text: a property's key, an array
/// item's value.
#[derive(Debug, Default)]
pub(crate) struct SpecSpans {
    spans: HashMap<String, Range<usize>>,
}

impl SpecSpans {
    /// The spans of `text`, JSON or YAML; empty when neither parses.
    #[cfg(test)]
    fn of(text: &str, pointer: &str) -> SpecSpans {
        SpecSpans::of_lines(text, &LineStarts::new(text), &[pointer.to_string()])
    }

    /// The spans of `pointers` (and their ancestors) in `text`, whose lines
    /// are found already: of those alone in JSON, of every node in YAML.
    fn of_lines(text: &str, lines: &LineStarts, pointers: &[String]) -> SpecSpans {
        let trimmed = text.trim_start_matches('\u{feff}').trim_start();
        if trimmed.starts_with('{') || trimmed.starts_with('[') {
            let wanted = json::with_ancestors(pointers.iter().map(String::as_str));
            if let Some(spans) = json::spans(text, &wanted) {
                return SpecSpans { spans };
            }
        }
        SpecSpans::of_yaml(text, lines)
    }

    fn of_yaml(text: &str, lines: &LineStarts) -> SpecSpans {
        let mut receiver = YamlSpans {
            text,
            lines,
            stack: Vec::new(),
            spans: HashMap::new(),
        };
        let mut parser = Parser::new_from_str(text);
        // A text that stops parsing keeps the spans found before the error.
        let _ = parser.load(&mut receiver, false);
        SpecSpans {
            spans: receiver.spans,
        }
    }

    /// The span of `pointer`, else of its closest ancestor with one.
    pub(crate) fn span_of(&self, pointer: &str) -> Option<Range<usize>> {
        let mut current = pointer;
        loop {
            if let Some(span) = self.spans.get(current) {
                return Some(span.clone());
            }
            current = &current[..current.rfind('/')?];
        }
    }
}

/// The JSON pointer of the dotted path `path` (`paths./a.get`,
/// `servers[0].url`) in `value`; as much of it as exists.
pub(crate) fn pointer_of_path(value: &Value, path: &str) -> String {
    let mut pointer = String::new();
    let mut current = value;
    let mut rest = path;
    while !rest.is_empty() {
        let step = match current {
            Value::Object(map) => longest_key(map, rest),
            Value::Array(items) => array_index(items, rest),
            _ => None,
        };
        let Some((segment, child, after)) = step else {
            break;
        };
        pointer.push('/');
        pointer.push_str(&escape(&segment));
        current = child;
        rest = after.strip_prefix('.').unwrap_or(after);
    }
    pointer
}

/// The longest key of `map` that `path` starts with, followed by a `.`, a
/// `[` or the end of the path.
fn longest_key<'v, 'p>(
    map: &'v serde_json::Map<String, Value>,
    path: &'p str,
) -> Option<(String, &'v Value, &'p str)> {
    map.iter()
        .filter(|(key, _)| {
            path.strip_prefix(key.as_str())
                .is_some_and(|after| after.is_empty() || after.starts_with(['.', '[']))
        })
        .max_by_key(|(key, _)| key.len())
        .map(|(key, child)| (key.clone(), child, &path[key.len()..]))
}

/// `[i]` at the start of `path`, for an array.
fn array_index<'v, 'p>(items: &'v [Value], path: &'p str) -> Option<(String, &'v Value, &'p str)> {
    let (index, after) = path.strip_prefix('[')?.split_once(']')?;
    let child = items.get(index.parse::<usize>().ok()?)?;
    Some((index.to_string(), child, after))
}

/// Collects spans from `yaml-rust2` parser events.
struct YamlSpans<'t> {
    text: &'t str,
    /// Where each line starts, so a mark's offset is a lookup (counting
    /// lines from the start for each node made a spec's cost grow with the
    /// square of its size).
    lines: &'t LineStarts,
    stack: Vec<Frame>,
    spans: HashMap<String, Range<usize>>,
}

/// An open mapping or sequence and where its next item goes.
enum Frame {
    Mapping {
        pointer: String,
        /// The key just read, waiting for its value.
        key: Option<String>,
        /// Inside a key that is itself a mapping or sequence (not tracked).
        complex_key_depth: usize,
    },
    Sequence {
        pointer: String,
        next: usize,
    },
}

impl YamlSpans<'_> {
    /// The pointer of the node starting now, and whether it is a mapping key.
    fn place(&mut self) -> Option<(String, bool)> {
        match self.stack.last_mut() {
            None => Some((String::new(), false)),
            Some(Frame::Sequence { pointer, next }) => {
                let placed = format!("{pointer}/{next}");
                *next += 1;
                Some((placed, false))
            }
            Some(Frame::Mapping {
                pointer,
                key,
                complex_key_depth,
            }) => {
                if *complex_key_depth > 0 {
                    return None;
                }
                match key.take() {
                    Some(key) => Some((format!("{pointer}/{}", escape(&key)), false)),
                    None => Some((pointer.clone(), true)),
                }
            }
        }
    }

    /// A span from `mark` over `length` bytes, kept on its line.
    fn span(&self, mark: Marker, length: usize) -> Range<usize> {
        let start = byte_offset(self.text, self.lines, mark);
        let line_end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        start..(start + length.max(1)).min(line_end).max(start)
    }

    fn scalar(&mut self, value: String, mark: Marker) {
        let Some((pointer, is_key)) = self.place() else {
            return;
        };
        if is_key {
            let span = self.span(mark, value.len());
            if let Some(Frame::Mapping { pointer, key, .. }) = self.stack.last_mut() {
                let child = format!("{pointer}/{}", escape(&value));
                self.spans.entry(child).or_insert(span);
                *key = Some(value);
            }
            return;
        }
        let span = self.span(mark, value.len());
        self.spans.entry(pointer).or_insert(span);
    }

    fn open(&mut self, mapping: bool, mark: Marker) {
        match self.place() {
            Some((pointer, false)) => {
                if !pointer.is_empty() {
                    let span = self.span(mark, 1);
                    self.spans.entry(pointer.clone()).or_insert(span);
                }
                self.stack.push(if mapping {
                    Frame::Mapping {
                        pointer,
                        key: None,
                        complex_key_depth: 0,
                    }
                } else {
                    Frame::Sequence { pointer, next: 0 }
                });
            }
            // A mapping or sequence used as a key, or inside one.
            _ => {
                if let Some(Frame::Mapping {
                    complex_key_depth, ..
                }) = self.stack.last_mut()
                {
                    *complex_key_depth += 1;
                }
            }
        }
    }

    fn close(&mut self) {
        if let Some(Frame::Mapping {
            complex_key_depth,
            key,
            ..
        }) = self.stack.last_mut()
        {
            if *complex_key_depth > 0 {
                *complex_key_depth -= 1;
                if *complex_key_depth == 0 {
                    // The complex key is read; its value is not tracked.
                    *key = Some(String::from("\u{0}complex key"));
                }
                return;
            }
        }
        self.stack.pop();
    }
}

/// The byte offset of a parser mark: its line (1-based) and column (0-based,
/// in characters; the mark's index counts characters too).
fn byte_offset(text: &str, lines: &LineStarts, mark: Marker) -> usize {
    let line_start = lines.start_of(mark.line().max(1)).unwrap_or(text.len());
    let line = &text[line_start.min(text.len())..];
    let column: usize = line.chars().take(mark.col()).map(char::len_utf8).sum();
    (line_start + column).min(text.len())
}

impl MarkedEventReceiver for YamlSpans<'_> {
    fn on_event(&mut self, event: Event, mark: Marker) {
        match event {
            Event::Scalar(value, ..) => self.scalar(value, mark),
            Event::Alias(_) => {
                let _ = self.place();
            }
            Event::MappingStart(..) => self.open(true, mark),
            Event::SequenceStart(..) => self.open(false, mark),
            Event::MappingEnd | Event::SequenceEnd => self.close(),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Position;
    use serde_json::json;

    fn position(text: &str, pointer: &str) -> Position {
        let span = SpecSpans::of(text, pointer)
            .span_of(pointer)
            .expect("a span");
        Position::from_offset(text, span.start)
    }

    #[test]
    fn yaml_keys_and_items_have_their_line_and_column() {
        let text = "openapi: 3.0.0\npaths:\n  /users/{id}:\n    get:\n      summary: Get\n      tags: [a, \"b\"]\n";
        let at = |line, column| Position { line, column };
        assert_eq!(position(text, "/paths"), at(2, 1));
        assert_eq!(position(text, "/paths/~1users~1{id}"), at(3, 3));
        assert_eq!(position(text, "/paths/~1users~1{id}/get"), at(4, 5));
        assert_eq!(position(text, "/paths/~1users~1{id}/get/tags/1"), at(6, 17));
        assert_eq!(position(text, "/paths/~1users~1{id}/get/nope"), at(4, 5));
    }

    #[test]
    fn yaml_offsets_are_bytes_after_multibyte_text() {
        let text = "info:\n  title: Café ☕ API\n  version: '1'\n";
        assert_eq!(
            position(text, "/info/version"),
            Position { line: 3, column: 3 }
        );
    }

    #[test]
    fn json_points_at_keys() {
        let text = "{\n  \"paths\": {\n    \"/a\": {\"get\": {}}\n  }\n}\n";
        assert_eq!(
            position(text, "/paths/~1a/get"),
            Position {
                line: 3,
                column: 12
            }
        );
    }

    #[test]
    fn complex_keys_and_aliases_do_not_derail_the_rest() {
        let text = "a: &x {k: 1}\n? [1, 2]\n: skipped\nb: *x\nc:\n  - d: 2\n";
        assert_eq!(position(text, "/c/0/d"), Position { line: 6, column: 5 });
        assert_eq!(position(text, "/b"), Position { line: 4, column: 1 });
    }

    #[test]
    fn dotted_paths_become_pointers_with_the_longest_key() {
        let value = json!({"paths": {"/a.b": {"get": {}}, "/a": {}},
            "servers": [{"url": "x"}], "c": {"application/json": {"example": 1}}});
        assert_eq!(
            pointer_of_path(&value, "paths./a.b.get"),
            "/paths/~1a.b/get"
        );
        assert_eq!(pointer_of_path(&value, "servers[0].url"), "/servers/0/url");
        assert_eq!(
            pointer_of_path(&value, "c.application/json.example"),
            "/c/application~1json/example"
        );
        assert_eq!(pointer_of_path(&value, "paths./a.b.nope.x"), "/paths/~1a.b");
    }
}
