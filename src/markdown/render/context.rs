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
            imports: doc
                .imports
                .iter()
                .map(|i| (i.name.clone(), i.clone()))
                .collect(),
            vars: doc.exports.clone(),
            esm: esm_only(source, &doc.esm),
        }
    }

    /// 1-based line and column (in the document) of byte `offset`.
    pub(super) fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        (line, offset - self.line_starts[line - 1] + 1)
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
