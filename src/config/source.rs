//! `site.json` text with source positions: a strict JSON parse that keeps
//! the byte range of every value and key, so any problem found later (by
//! the schema, by deserialisation, by semantic checks) can point at the
//! exact line and column.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use jsonc_parser::ast::{ObjectPropName, Value as Ast};
use jsonc_parser::common::Ranged;
use jsonc_parser::{CollectOptions, ParseOptions};

use crate::diagnostics::Diagnostic;
use crate::rules::Rule;

/// Where a value sits in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spans {
    /// The value itself.
    pub value: Range<usize>,
    /// The key naming it, when it is an object property.
    pub key: Option<Range<usize>>,
}

/// The parsed document: the value, its text, and the span of every JSON pointer.
///
/// A `docs.json` is checked in the shape of `site.json`: its converted value
/// replaces [`SourceDoc::value`] and `aliases` map the converted value's
/// pointers back to the ones of the text, so every position and JSON path
/// shown is the author's own.
#[derive(Debug)]
pub struct SourceDoc {
    pub text: String,
    pub value: serde_json::Value,
    spans: HashMap<String, Spans>,
    /// Pointer of the value → pointer of the text it came from.
    aliases: HashMap<String, String>,
    /// Pointer after invalid values were left out → pointer before (an
    /// array item that moved up): applied after `aliases`.
    repairs: HashMap<String, String>,
    /// The files `$ref`s of the text brought in (see `refs`).
    included: Vec<Included>,
}

/// A file a `$ref` brought in: where its value stands in the including
/// document's value (the pointer of the `$ref` object), the file (relative
/// to the docs root) and its own parsed text, so that a problem in its
/// value points at its own lines.
#[derive(Debug)]
pub struct Included {
    pub at: String,
    pub file: PathBuf,
    pub doc: SourceDoc,
}

impl SourceDoc {
    /// Parses strict JSON; a syntax error becomes a diagnostic pointing at
    /// the offending character.
    pub fn parse(text: String, file: &Path) -> Result<SourceDoc, Diagnostic> {
        let value = serde_json::from_str(&text).map_err(|e| {
            let offset = error_offset(&text, &e);
            let what = match is_second_comma(&text, offset) {
                true => "two commas in a row; remove one".to_string(),
                false => message_of(&e),
            };
            syntax_error(&text, file, offset..offset + 1, &what)
        })?;
        // The text is valid JSON now; the second parse only records spans.
        let ast = jsonc_parser::parse_to_ast(&text, &CollectOptions::default(), &strict_json())
            .map_err(|e| {
                syntax_error(
                    &text,
                    file,
                    e.range().start..e.range().end,
                    &e.kind().to_string(),
                )
            })?;
        let mut spans = HashMap::new();
        if let Some(root) = &ast.value {
            collect_spans(root, String::new(), None, &mut spans);
        }
        Ok(SourceDoc {
            text,
            value,
            spans,
            aliases: HashMap::new(),
            repairs: HashMap::new(),
            included: Vec::new(),
        })
    }

    /// Puts `file`'s document in place of the `$ref` object at `at`.
    pub fn include(&mut self, at: String, file: PathBuf, doc: SourceDoc) {
        if let Some(slot) = self.value.pointer_mut(&at) {
            *slot = doc.value.clone();
        }
        self.included.push(Included { at, file, doc });
    }

    /// The included file holding the text pointer `original`, and the
    /// pointer inside it.
    fn included_at<'s>(&'s self, original: &'s str) -> Option<(&'s Included, &'s str)> {
        self.included.iter().find_map(|included| {
            let rest = original.strip_prefix(&included.at)?;
            (rest.is_empty() || rest.starts_with('/')).then_some((included, rest))
        })
    }

    /// The same text with `value` in place of the parsed one; `aliases` give,
    /// for pointers of `value`, the pointer of the text each came from.
    pub fn translated(self, value: serde_json::Value, aliases: HashMap<String, String>) -> Self {
        SourceDoc {
            value,
            aliases,
            ..self
        }
    }

    /// The same text with `value`, the parsed value without some invalid
    /// parts; `repairs` give, for pointers of `value` whose place changed
    /// (array items after a removed one), the pointer they had.
    pub fn repaired(self, value: serde_json::Value, repairs: HashMap<String, String>) -> Self {
        SourceDoc {
            value,
            repairs,
            ..self
        }
    }

    /// The pointer of the text that `pointer` (of the value) came from.
    fn original(&self, pointer: &str) -> String {
        let converted = through(&self.aliases, pointer);
        through(&self.repairs, &converted)
    }

    /// The path shown to people for the value at `pointer`, in the text's
    /// own terms (`navigation.tabs[0].groups[1]` for a docs.json).
    pub fn json_path(&self, pointer: &str) -> String {
        display_path(&self.original(pointer))
    }

    /// `diagnostic` placed at the value at `pointer`: its line, column and
    /// JSON path in the author's file.
    pub fn locate(&self, diagnostic: Diagnostic, pointer: &str) -> Diagnostic {
        self.at(diagnostic, pointer, false)
            .with_json_path(self.json_path(pointer))
    }

    /// `diagnostic` at the value (or, with `key`, the key) at `pointer`:
    /// in this text, or in the file a `$ref` brought it from.
    pub fn at(&self, mut diagnostic: Diagnostic, pointer: &str, key: bool) -> Diagnostic {
        let original = self.original(pointer);
        if let Some((included, rest)) = self.included_at(&original) {
            diagnostic.file = included.file.clone();
            return included.doc.at(diagnostic, rest, key);
        }
        let span = match key {
            true => self.key_span_of(pointer),
            false => self.span_of(pointer),
        };
        diagnostic.at_span(&self.text, span)
    }

    /// Whether the value at `pointer` is written in the author's file (not
    /// a default a repair put in its place, as for a misspelt
    /// `"primray"` in `colors`).
    pub fn is_written(&self, pointer: &str) -> bool {
        let original = self.original(pointer);
        match self.included_at(&original) {
            Some((included, rest)) => included.doc.is_written(rest),
            None => self.spans.contains_key(&original),
        }
    }

    /// The span of the value at JSON pointer `pointer` (`/colors/primary`),
    /// or of its closest existing ancestor.
    pub fn span_of(&self, pointer: &str) -> Range<usize> {
        let original = self.original(pointer);
        let mut p = original.as_str();
        loop {
            if let Some(s) = self.spans.get(p) {
                return s.value.clone();
            }
            match p.rfind('/') {
                Some(i) => p = &p[..i],
                None => return 0..0,
            }
        }
    }

    /// The span of the key of the property at `pointer`, else its value's.
    pub fn key_span_of(&self, pointer: &str) -> Range<usize> {
        self.spans
            .get(&self.original(pointer))
            .and_then(|s| s.key.clone())
            .unwrap_or_else(|| self.span_of(pointer))
    }
}

/// `pointer` mapped by `aliases`: the alias of its closest aliased
/// ancestor, plus the rest.
pub(super) fn through(aliases: &HashMap<String, String>, pointer: &str) -> String {
    if aliases.is_empty() {
        return pointer.to_string();
    }
    let mut end = pointer.len();
    loop {
        if let Some(alias) = aliases.get(&pointer[..end]) {
            return format!("{alias}{}", &pointer[end..]);
        }
        match pointer[..end].rfind('/') {
            Some(i) => end = i,
            None => return pointer.to_string(),
        }
    }
}

fn strict_json() -> ParseOptions {
    ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

fn syntax_error(text: &str, file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    // Parsers report byte offsets that may fall inside a character: widen
    // the span to whole characters.
    let start = (0..=span.start.min(text.len()))
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let end = (span.end.clamp(start, text.len())..=text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(text.len());
    // Never underline across a line break: the caret stays on the offending line.
    let end = text[start..end].find('\n').map_or(end, |i| start + i);
    let (what, help) = match crate::yaml::too_deep_reason(what) {
        Some((what, help)) => (what, help),
        None => (what.to_string(), "fix the JSON syntax here: strings in double quotes, commas between items, no trailing commas or comments"),
    };
    Diagnostic::error(file, format!("invalid JSON: {what}"))
        .with_rule(Rule::ConfigSyntax)
        .at_span(text, start..end)
        .with_help(help)
}

/// Where a serde_json syntax error is. A trailing comma is reported at the
/// closing bracket; point at the comma itself instead.
fn error_offset(text: &str, error: &serde_json::Error) -> usize {
    let offset = offset_of_line_col(text, error.line(), error.column());
    let message = error.to_string();
    if message.starts_with("trailing comma") {
        if let Some(comma) = text[..offset.min(text.len())].rfind(',') {
            return comma;
        }
    }
    offset
}

/// The byte offset of serde_json's 1-based line and column (columns count
/// bytes; column 0 is the line break ending the line before).
pub fn offset_of_line_col(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    // serde_json reports a character at the very end of a line as column 0 of the next.
    let offset = match column {
        0 => line_start.saturating_sub(1),
        c => line_start + c - 1,
    };
    offset.min(text.len())
}

/// serde_json's message without its own " at line L column C" suffix.
/// Whether the character at `offset` is a comma with only space between
/// it and the comma before (`"a": 1,,`), which serde_json reports as
/// "key must be a string" or "expected value".
fn is_second_comma(text: &str, offset: usize) -> bool {
    let Some(before) = text.get(..offset) else {
        return false;
    };
    text[offset..].starts_with(',') && before.trim_end().ends_with(',')
}

fn message_of(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Escapes one JSON pointer segment (`~` → `~0`, `/` → `~1`).
pub fn escape_segment(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// A JSON pointer segment as the key it names (`a~1b` → `a/b`).
pub fn unescape_segment(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

fn collect_spans(
    value: &Ast,
    pointer: String,
    key: Option<Range<usize>>,
    out: &mut HashMap<String, Spans>,
) {
    let range = value.range();
    match value {
        Ast::Object(object) => {
            for prop in &object.properties {
                let (name, key_range) = match &prop.name {
                    ObjectPropName::String(s) => (s.value.to_string(), s.range),
                    ObjectPropName::Word(w) => (w.value.to_string(), w.range),
                };
                let child = format!("{pointer}/{}", escape_segment(&name));
                collect_spans(
                    &prop.value,
                    child,
                    Some(key_range.start..key_range.end),
                    out,
                );
            }
        }
        Ast::Array(array) => {
            for (i, element) in array.elements.iter().enumerate() {
                collect_spans(element, format!("{pointer}/{i}"), None, out);
            }
        }
        _ => {}
    }
    out.insert(
        pointer,
        Spans {
            value: range.start..range.end,
            key,
        },
    );
}

/// A JSON pointer as the dotted path shown to people: `/navigation/0/pages/2`
/// → `navigation[0].pages[2]`.
pub fn display_path(pointer: &str) -> String {
    let mut out = String::new();
    for segment in pointer.split('/').skip(1) {
        let segment = unescape_segment(segment);
        if segment.parse::<usize>().is_ok() {
            out.push_str(&format!("[{segment}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&segment);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Position;

    #[test]
    fn two_commas_in_a_row_are_named_so() {
        for text in ["{\n  \"a\": 1,,\n  \"b\": 2\n}", "{\"a\": [1, ,2]}"] {
            let err = SourceDoc::parse(text.to_string(), Path::new("docs.json")).unwrap_err();
            assert_eq!(
                err.message, "invalid JSON: two commas in a row; remove one",
                "{text}"
            );
        }
    }

    fn doc(text: &str) -> SourceDoc {
        SourceDoc::parse(text.to_string(), Path::new("site.json")).unwrap()
    }

    #[test]
    fn spans_point_at_values_and_keys() {
        let text = "{\n  \"colors\": {\"primary\": \"blue\"},\n  \"navigation\": [{\"group\": \"A\", \"pages\": [\"x\"]}]\n}";
        let d = doc(text);
        assert_eq!(&text[d.span_of("/colors/primary")], "\"blue\"");
        assert_eq!(&text[d.key_span_of("/colors/primary")], "\"primary\"");
        assert_eq!(&text[d.span_of("/navigation/0/pages/0")], "\"x\"");
        // A missing child points at its closest ancestor.
        assert_eq!(&text[d.span_of("/colors/light")], "{\"primary\": \"blue\"}");
    }

    #[test]
    fn syntax_errors_have_line_and_column() {
        let err = SourceDoc::parse("{\n  \"name\": \"x\",\n}".into(), Path::new("site.json"))
            .unwrap_err();
        // The trailing comma itself is the mistake.
        assert_eq!(
            err.position,
            Some(Position {
                line: 2,
                column: 14
            })
        );
        assert!(err.message.starts_with("invalid JSON"), "{}", err.message);
    }

    #[test]
    fn translated_pointers_point_into_the_original_text() {
        let text = "{\"navigation\": {\"tabs\": [{\"tab\": \"A\", \"pages\": [\"x\", \"y\"]}]}}";
        let aliases = HashMap::from([(
            "/navigation/0".to_string(),
            "/navigation/tabs/0".to_string(),
        )]);
        let d = doc(text).translated(serde_json::Value::Null, aliases);
        assert_eq!(&text[d.span_of("/navigation/0/pages/1")], "\"y\"");
        assert_eq!(
            d.json_path("/navigation/0/pages/1"),
            "navigation.tabs[0].pages[1]"
        );
        assert_eq!(d.json_path("/colors"), "colors");
    }

    /// Found by `fuzz_config_files`: the error's byte offset fell inside
    /// `¡`, and slicing there panicked.
    #[test]
    fn syntax_errors_inside_a_multibyte_character_do_not_panic() {
        for text in ["\"\\u\"x\"¡", "{\"a\": ¡}", "¡", "{\"é\u{301}\": tru€}"] {
            let error = SourceDoc::parse(text.to_string(), Path::new("site.json")).unwrap_err();
            let span = error.span.clone().unwrap();
            assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        }
    }

    #[test]
    fn display_paths_read_naturally() {
        assert_eq!(
            display_path("/navigation/0/pages/2"),
            "navigation[0].pages[2]"
        );
        assert_eq!(display_path("/colors/primary"), "colors.primary");
        assert_eq!(display_path(""), "");
    }
}
