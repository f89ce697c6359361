//! Renders parsed MDX nodes: runs of markdown text go through pulldown-cmark
//! with each element standing in as a placeholder token; the event stream
//! is then rewritten (heading ids, URLs, highlighted code, and each token
//! replaced by its element's HTML, rendered right there so headings and
//! text stay in document order).
//!
//! `renderer` holds the page's state and reports problems, `nodes` lays a
//! document's nodes out as markdown with tokens (`fragment`), `events` runs
//! pulldown-cmark over it; `context` is the document being rendered;
//! `outline` warns about skipped heading levels and images without alt text.

mod context;
mod events;
mod fragment;
mod nodes;
mod outline;
mod renderer;
mod script;
mod text;

pub(super) use context::{esm_only, DocCtx, MAX_SNIPPET_DEPTH, MERMAID_HELP};
pub(super) use renderer::Renderer;
pub(super) use script::{JsPage, LoadedModule, LoadedScope};
pub(super) use text::{
    dedent, keep_inline, single_tilde_pairs, unwrap_paragraph, without_indented_code,
};

#[cfg(test)]
mod tests;
