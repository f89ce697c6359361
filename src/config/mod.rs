//! `site.json`: parse with source positions, validate against the embedded
//! JSON Schema, deserialise into [`SiteConfig`], then run semantic checks.

mod types;

pub use types::*;
