//! sheaf: a documentation site generator for Markdown/MDX pages, OpenAPI
//! specs and one `site.json` (the shape of Mintlify's legacy `mint.json`).
//!
//! The pipeline, one module per stage (see `ARCHITECTURE.md`):
//!
//! 1. [`config`]: read `site.json` with source positions, validate it against
//!    the embedded JSON Schema, deserialise it, run semantic checks.
//! 2. [`content`]: discover pages, parse frontmatter, resolve the navigation
//!    into an immutable [`content::Site`].
//! 3. [`openapi`]: load OpenAPI specs, resolve `$ref`s, build endpoint views.
//! 4. [`markdown`]: Markdown + MDX components to HTML, headings, highlighting.
//! 5. [`render`]: the tera theme turns a page and the site into HTML.
//! 6. [`site`]: render every page in parallel, write assets, the search
//!    index ([`search`]), sitemap and llms.txt, then swap the output in.
//!
//! Below them all, [`sources`] lists the docs root once and [`confine`]
//! keeps every read inside it (the trust boundary). [`serve`] wraps the
//! pipeline in a live preview; [`diagnostics`] is how every stage reports
//! problems.

// A `Diagnostic` is the error type of many stages; it is large (file, span,
// message, help) but only built on the cold path.
#![allow(clippy::result_large_err)]

pub mod asyncapi;
pub mod cache;
pub mod cli;
pub mod color;
pub mod config;
pub mod confine;
pub mod content;
pub mod diagnostics;
pub mod fonts;
#[cfg(test)]
pub(crate) mod fuzzing;
pub mod html;
pub mod icons;
pub mod jsx;
pub mod markdown;
pub mod mcp;
pub mod mintignore;
pub mod openapi;
pub mod render;
pub mod rules;
pub mod search;
pub mod serve;
pub mod site;
pub mod sources;
pub mod tailwind;
pub mod thumbnails;
pub mod timings;
pub mod yaml;
