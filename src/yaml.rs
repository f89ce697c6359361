//! YAML read in linear time: frontmatter, YAML specs, and JSON specs that
//! did not parse as JSON (they are tried as YAML too); and where a page's
//! frontmatter block is ([`frontmatter_block`]).
//!
//! libyaml's scanner (behind `serde_yaml_ng`) costs the square of the
//! depth of nested flow collections (`[[[…`, `{{{…`) before serde's own
//! limit of 128 levels ends the parse: a 200 KB spec of nesting took a
//! minute, a page's frontmatter 19 s. [`from_str`] first counts the depth
//! in one pass and refuses text nested deeper than [`MAX_DEPTH`], with the
//! offset where it gets too deep, before the parser sees it. Brackets are
//! counted without regard to quoting, so text whose quoted strings hold
//! more than [`MAX_DEPTH`] unclosed brackets is refused too (no real file
//! does that).

use serde::de::DeserializeOwned;

/// How deep flow collections may nest (serde's own recursion limit).
pub const MAX_DEPTH: usize = 128;

/// Why a YAML text was not read.
#[derive(Debug, thiserror::Error)]
pub enum YamlError {
    #[error("lists or maps are nested more than {MAX_DEPTH} deep")]
    TooDeep { offset: usize },
    #[error(transparent)]
    Parse(#[from] serde_yaml_ng::Error),
}

impl YamlError {
    /// The byte offset of the problem in the text, when known.
    pub fn offset(&self) -> Option<usize> {
        match self {
            YamlError::TooDeep { offset } => Some(*offset),
            YamlError::Parse(error) => error.location().map(|at| at.index()),
        }
    }
}

mod core_schema;

/// Parses a page's frontmatter `text` as Mintlify does: [`from_str`], then
/// its plain scalars as YAML 1.2's core schema reads them (`core_schema`).
pub fn frontmatter_value(text: &str) -> Result<serde_yaml_ng::Value, YamlError> {
    let mut value = from_str(text)?;
    core_schema::to_core_schema(text, &mut value);
    Ok(value)
}

/// Parses `text` as YAML into `T`, refusing deep nesting first.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    check_depth(text)?;
    Ok(serde_yaml_ng::from_str(text)?)
}

/// What to say instead of a parser's "recursion limit exceeded" (serde_json
/// and serde_yaml stop at [`MAX_DEPTH`] levels, in time linear in the text):
/// the message and help of [`YamlError::TooDeep`]. `None` for other
/// messages.
pub fn too_deep_reason(message: &str) -> Option<(String, &'static str)> {
    message
        .starts_with("recursion limit exceeded")
        .then(|| (YamlError::TooDeep { offset: 0 }.to_string(), TOO_DEEP_HELP))
}

/// What to do about nesting deeper than [`MAX_DEPTH`].
pub const TOO_DEEP_HELP: &str =
    "sheaf reads lists and maps nested at most 128 deep; flatten this value, or move it into a `$ref`";

/// A page's frontmatter block (the YAML between a first line `---` and the
/// next `---` line): the YAML text, the body after it and the number of
/// lines before the body. `None` when the page has none.
pub fn frontmatter_block(source: &str) -> Option<(&str, &str, usize)> {
    let source_start = source.strip_prefix('\u{feff}').unwrap_or(source);
    let rest = source_start
        .strip_prefix("---\n")
        .or_else(|| source_start.strip_prefix("---\r\n"))?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let yaml = &rest[..offset];
            let body = &rest[offset + line.len()..];
            let lines_before_body = yaml.matches('\n').count() + 2;
            return Some((yaml, body, lines_before_body));
        }
        offset += line.len();
    }
    None
}

fn check_depth(text: &str) -> Result<(), YamlError> {
    let mut depth = 0usize;
    for (offset, byte) in text.bytes().enumerate() {
        match byte {
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(YamlError::TooDeep { offset });
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn nesting_deeper_than_the_limit_is_refused_where_it_gets_too_deep() {
        let ok = format!("x: {}{}", "[".repeat(100), "]".repeat(100));
        assert!(from_str::<Value>(&ok).is_ok());
        let deep = format!("x: {}{}", "[".repeat(40_000), "]".repeat(40_000));
        let refused = from_str::<Value>(&deep).unwrap_err();
        assert!(matches!(refused, YamlError::TooDeep { .. }));
        assert_eq!(refused.offset(), Some(3 + MAX_DEPTH));
    }

    #[test]
    fn other_errors_keep_their_offset() {
        let error = from_str::<Value>("a: [1, 2\nb: 3\n").unwrap_err();
        assert!(matches!(error, YamlError::Parse(_)));
        assert!(error.offset().is_some());
    }
}
