//! The real-world Mintlify sites' specs load, and every `openapi:`
//! frontmatter reference of their pages resolves and renders. Skipped when
//! /work/shared/realworld is absent.

use std::path::Path;

use walkdir::WalkDir;

use super::*;
use crate::openapi::{looks_like_spec, render_endpoint_html, ApiSpecs};

const REALWORLD: &str = "/work/shared/realworld";

/// Operations pages reference but that no spec in the copy defines: openlit's
/// API-key pages and Permify's health page point at operations that none of
/// their repositories' spec files contain.
const KNOWN_MISSING: [(&str, &str); 4] = [
    ("Permify__permify", "get /healthz"),
    ("openlit__openlit", "GET /api/keys"),
    ("openlit__openlit", "POST /api/keys"),
    ("openlit__openlit", "DELETE /api/keys"),
];

fn is_text_file(path: &Path, exts: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| exts.contains(&e))
}

/// Spec files under the site plus local site.json/mint.json `openapi` entries.
fn spec_sources(site: &Path) -> Vec<String> {
    let mut sources = Vec::new();
    if let Ok(text) = std::fs::read_to_string(site.join("mint.json")) {
        let config: serde_json::Value = serde_json::from_str(&text).unwrap();
        let entries = match &config["openapi"] {
            serde_json::Value::String(s) => vec![s.clone()],
            serde_json::Value::Array(list) => list
                .iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect(),
            _ => Vec::new(),
        };
        sources.extend(entries.into_iter().filter(|s| !s.starts_with("http")));
    }
    for entry in WalkDir::new(site).into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if !is_text_file(path, &["json", "yaml", "yml"]) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if looks_like_spec(path, &text) {
            sources.push(
                path.strip_prefix(site)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    sources
}

/// `(page, reference)` for every page whose frontmatter has `openapi:`.
fn page_references(site: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in WalkDir::new(site).into_iter().filter_map(Result::ok) {
        if !is_text_file(entry.path(), &["md", "mdx"]) {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let Some(rest) = text.strip_prefix("---") else {
            continue;
        };
        let Some((frontmatter, _)) = rest.split_once("\n---") else {
            continue;
        };
        let reference = frontmatter
            .lines()
            .find_map(|line| line.strip_prefix("openapi:"))
            .map(str::trim)
            .filter(|r| !r.is_empty());
        if let Some(reference) = reference {
            out.push((entry.path().display().to_string(), reference.to_string()));
        }
    }
    out
}

#[test]
fn realworld_specs_load_and_every_page_reference_renders() {
    let Ok(sites) = std::fs::read_dir(REALWORLD) else {
        eprintln!("{REALWORLD} absent, skipping");
        return;
    };
    let mut resolved = 0;
    let mut failures = Vec::new();
    for site in sites
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
    {
        let site_name = site.file_name().unwrap().to_string_lossy().into_owned();
        let (specs, diagnostics) = ApiSpecs::load(&site, &spec_sources(&site));
        let errors: Vec<_> = diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{site_name}: {errors:?}");
        for (page, reference) in page_references(&site) {
            let found = specs.find(&reference);
            let unquoted = reference.trim_matches(['"', '\'']).to_string();
            if KNOWN_MISSING.contains(&(site_name.as_str(), unquoted.as_str())) {
                assert!(found.is_err(), "{page}: {reference} is now defined");
                continue;
            }
            let op = match found {
                Ok(op) => op,
                Err(e) => {
                    failures.push(format!("{page}: {reference}: {e}"));
                    continue;
                }
            };
            let view = specs.endpoint(&op, &ApiConfig::default());
            let html = render_endpoint_html(&view, &PlainText).joined();
            assert!(html.contains("class=\"method-badge"), "{page}");
            assert!(html.len() < 2_000_000, "{page}: {} bytes", html.len());
            resolved += 1;
        }
        for op in specs.operations() {
            let html =
                render_endpoint_html(&specs.endpoint(&op, &ApiConfig::default()), &PlainText)
                    .joined();
            assert!(!html.is_empty(), "{site_name}: {op}");
        }
        let _ = specs.lint();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(resolved > 150, "only {resolved} references resolved");
}
