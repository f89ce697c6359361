//! The document being rendered ([`DocCtx`]: the page or a snippet it
//! includes, with its imports, variables and line positions), and the
//! limits and messages the renderer shares with the components.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::Value;

use super::super::mdx::{self, Import};

/// How deep snippets may include snippets.
pub(in crate::markdown) const MAX_SNIPPET_DEPTH: usize = 8;

/// The help line of an undrawable diagram.
pub(crate) const MERMAID_HELP: &str = "sheaf shows its source instead; check the diagram's syntax";

/// The document being rendered: the page, or a snippet it includes.
pub(in crate::markdown) struct DocCtx {
    pub file: PathBuf,
    pub line_offset: usize,
    line_starts: Vec<usize>,
    /// The document's text: findings count columns in characters of it,
    /// and a few look again at what an element wrote.
    source: String,
    pub imports: HashMap<String, Import>,
    /// `export const` values and snippet props.
    pub vars: HashMap<String, Value>,
    /// The document's `import`/`export` statements at their own byte
    /// offsets, everything else blanked (empty when it has none): the
    /// JavaScript its components are compiled from.
    pub esm: String,
}

impl DocCtx {
    pub fn new(file: PathBuf, line_offset: usize, source: &str, doc: &mdx::Document) -> DocCtx {
        let line_starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        DocCtx {
            file,
            line_offset,
            line_starts,
            source: source.to_string(),
            imports: doc
                .imports
                .iter()
                .map(|i| (i.name.clone(), i.clone()))
                .collect(),
            vars: doc.exports.clone(),
            esm: esm_only(source, &doc.esm),
        }
    }

    /// 1-based line and column (in the document; columns count
    /// characters, as every finding's do) of byte `offset`.
    pub(super) fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts[line - 1];
        let column = match self.source.get(start..offset) {
            Some(before) => before.chars().count(),
            None => offset.saturating_sub(start),
        };
        (line, column + 1)
    }

    /// The 1-based line (in the document) of byte `offset`.
    pub(super) fn line(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset).max(1)
    }

    /// The text of line `line` (1-based) of the document, without its
    /// line break.
    pub(super) fn line_text(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = (self.line_starts.get(line)).map_or(self.source.len(), |&next| next - 1);
        self.source.get(start..end)
    }

    /// The document's text.
    pub(in crate::markdown) fn source(&self) -> &str {
        &self.source
    }
}

/// `source` with every byte outside `esm` blanked (line breaks kept), so
/// the statements keep their offsets; empty when there are none.
pub(in crate::markdown) fn esm_only(source: &str, esm: &[std::ops::Range<usize>]) -> String {
    if esm.is_empty() {
        return String::new();
    }
    let mut bytes: Vec<u8> = source
        .bytes()
        .map(|b| if b == b'\n' { b'\n' } else { b' ' })
        .collect();
    for range in esm {
        bytes[range.clone()].copy_from_slice(&source.as_bytes()[range.clone()]);
    }
    String::from_utf8(bytes).expect("whole statements of UTF-8 text")
}
