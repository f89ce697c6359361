//! Fuzz target (see `crate::fuzzing`): site.json, mint.json and docs.json
//! text, as generated JSON built from the formats' own keys and values and
//! as raw text, through parsing, schema validation, conversion and the
//! semantic checks. Every problem is a diagnostic of the config file, at a
//! line of that file.

use std::path::PathBuf;

use proptest::prelude::*;

use super::load_text;
use crate::fuzzing::{every_diagnostic_names_a_file, fuzz, json_value, text};
use crate::sources::SourceFiles;

/// Keys of site.json, mint.json and docs.json, at any level.
#[rustfmt::skip]
const KEYS: &[&str] = &[
    "name", "navigation", "group", "pages", "colors", "primary", "light", "dark", "background",
    "logo", "favicon", "tabs", "anchors", "url", "icon", "iconType", "version", "versions",
    "openapi", "api", "baseUrl", "auth", "method", "inputPrefix", "playground", "mode",
    "topbarLinks", "topbarCtaButton", "type", "footerSocials", "feedback", "suggestEdit",
    "modeToggle", "default", "isHidden", "redirects", "source", "destination", "theme",
    "groups", "languages", "language", "dropdowns", "dropdown", "products", "tab", "anchor",
    "global", "root", "hidden", "expanded", "tag", "directory", "$schema", "banner", "content",
    "footer", "links", "items", "label", "href", "markdownSources", "pageUrls", "navbar",
    "primary", "metadata", "seo", "search", "prompt", "contextual", "options", "from", "to",
];

/// String values those keys take (and wrong ones).
#[rustfmt::skip]
const STRINGS: &[&str] = &[
    "Docs", "#0D9373", "#fff", "green", "index", "quickstart", "api/get", "../escape", "/abs",
    "GET /users", "openapi.yaml", "https://example.com", "v1", "v2", "en", "es", "mint",
    "maple", "key", "bearer", "basic", "show", "simple", "hide", "html", "link", "github",
    "solid", "duotone", "book", "", " ", "null",
];

/// Pieces of JSON text, for texts that are almost JSON.
#[rustfmt::skip]
const JSON_PIECES: &[&str] = &[
    "{", "}", "[", "]", ",", ":", "\"name\"", "\"navigation\"", "\"group\"", "\"pages\"",
    "\"x\"", "1", "-0", "1e999", "true", "null", "//", "/*", "*/", "\"\\u", "\\ud800\"",
];

#[test]
fn fuzz_config_files() {
    let config_text = prop_oneof![
        json_value(KEYS, STRINGS).prop_map(|v| serde_json::to_string_pretty(&v).unwrap()),
        text(JSON_PIECES, 48),
    ];
    let file = prop::sample::select(&["site.json", "mint.json", "docs.json"][..]);
    fuzz("config", 1000, (file, config_text), |(file, config)| {
        let root = tempfile::tempdir().map_err(|e| e.to_string())?;
        let files = SourceFiles::scan(root.path());
        let loaded = load_text(&files, PathBuf::from(file), config.clone());
        every_diagnostic_names_a_file(&loaded.diagnostics)?;
        let lines = config.lines().count() + 1;
        for d in loaded
            .diagnostics
            .iter()
            .filter(|d| d.file.as_os_str() == file)
        {
            if let Some(at) = d.position.filter(|p| p.line > lines) {
                return Err(format!("{d}: line {} of a {lines}-line file", at.line));
            }
        }
        Ok(())
    });
}
