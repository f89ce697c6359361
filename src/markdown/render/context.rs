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
        }
    }

    /// 1-based line and column (in the document) of byte `offset`.
    pub(super) fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        (line, offset - self.line_starts[line - 1] + 1)
    }
}
