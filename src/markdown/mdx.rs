//! The MDX layer: splits one page body into markdown text and JSX-style
//! elements (`<Card title="x">…</Card>`, `<img />`), and reads the ESM
//! lines (`import X from "/snippets/x.mdx"`, `export const x = …`) and
//! `{/* comments */}` out of the way.
//!
//! The parser never fails: text that only looks like a tag stays text
//! (escaped, so it cannot become raw HTML), and problems (an element that is
//! never closed, a stray closing tag) are returned as
//! [`Problem`](document::Problem)s with the byte offset where they are.
//! Fenced code blocks and inline code spans are copied through untouched, so
//! tags inside code are never parsed.
//!
//! The parsed tree is in `document`, the parser itself in `parser`, the
//! JavaScript-ish syntax it reads in `syntax`, and which names are HTML
//! elements or components in `tags`, TeX between dollars in `math`; `reading` says what was read in the
//! shape `@mdx-js/mdx`'s reading is recorded in, to compare the two.

mod document;
mod math;
mod parser;
mod reading;
mod scan;
mod strict;
mod syntax;
mod tags;

pub use document::{Document, Element, Import, Node, ESCAPED_LT};
pub use math::{formula_of_code, is_display_fence};
pub use parser::{parse, parse_with, MAX_NESTING};
pub use reading::reading;
pub use syntax::{NOT_AN_ATTRIBUTE, SPREAD};
pub use tags::{is_html_tag, is_void_tag, starts_with_component_name};

#[cfg(test)]
mod tests;
