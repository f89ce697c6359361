//! The ten real Mintlify sites in `../shared/realworld` build with exit 0:
//! every navigation page produces its HTML file and no page contains a raw
//! or escaped component tag. The sites are copied to a temporary folder
//! first (they are read-only test data).

mod common;

use std::path::Path;

use common::leaks::leaked_tag;
use common::{copy_tree, shared_dir, sheaf, stderr};

fn nav_pages(config: &serde_json::Value) -> Vec<String> {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        for entry in v
            .get("pages")
            .and_then(|p| p.as_array())
            .into_iter()
            .flatten()
        {
            match entry {
                serde_json::Value::String(s) => out.push(s.clone()),
                other => walk(other, out),
            }
        }
    }
    let mut out = Vec::new();
    for group in config["navigation"].as_array().into_iter().flatten() {
        walk(group, &mut out);
    }
    out
}

#[test]
fn all_realworld_sites_build_and_render_every_navigation_page() {
    let Some(shared) = shared_dir() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared is missing in CI"
        );
        eprintln!("skipping: ../shared/realworld is not beside the checkout");
        return;
    };
    let mut report = Vec::new();
    let mut failures = Vec::new();
    let mut sites: Vec<_> = std::fs::read_dir(shared.join("realworld"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .collect();
    sites.sort_by_key(|e| e.file_name());
    for entry in sites {
        let name = entry.file_name().to_string_lossy().into_owned();
        let work = tempfile::tempdir().unwrap();
        let root = work.path().join("docs");
        copy_tree(&entry.path(), &root);
        let out = work.path().join("out");
        let output = sheaf(&[
            "build",
            root.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        if output.status.code() != Some(0) {
            failures.push(format!(
                "{name}: exit {:?}\n{}",
                output.status.code(),
                stderr(&output)
            ));
            continue;
        }
        let config: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(root.join("mint.json")).unwrap())
                .unwrap();
        let pages = nav_pages(&config);
        let mut html_files = 0;
        for page in &pages {
            let Some(file) = page_html(&out, page) else {
                failures.push(format!("{name}: no HTML for navigation page {page}"));
                continue;
            };
            html_files += 1;
            let html = std::fs::read_to_string(&file).unwrap();
            if let Some(tag) = leaked_tag(&html) {
                failures.push(format!("{name}: {page} leaks {tag}"));
            }
        }
        let log = stderr(&output);
        let (endpoints, missing_ops) =
            check_endpoint_pages(&root, &out, &log, &mut failures, &name);
        let warnings = log.lines().filter(|l| l.starts_with("warning")).count();
        report.push(format!(
            "{name}: {} nav pages, {html_files} HTML files, {endpoints} endpoint pages \
             ({missing_ops} name operations the site's specs lack), {warnings} warnings",
            pages.len()
        ));
    }
    eprintln!("{}", report.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(report.len(), 10, "ten sites");
}

/// The HTML file of a navigation entry (a page path or an endpoint reference).
fn page_html(out: &Path, entry: &str) -> Option<std::path::PathBuf> {
    let words: Vec<&str> = entry.split_whitespace().collect();
    let slug = if words.len() >= 2 {
        words[words.len() - 2..]
            .join("-")
            .to_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect::<String>()
            .split('-')
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("-")
    } else {
        entry.trim_start_matches('/').to_string()
    };
    let folder = slug
        .strip_suffix("index")
        .filter(|rest| rest.is_empty() || rest.ends_with('/'))
        .unwrap_or(&slug);
    let path = out.join(folder).join("index.html");
    path.is_file().then_some(path)
}

/// Every page with `openapi:` frontmatter has a non-empty endpoint section,
/// unless sheaf warned that the site's specs lack that operation. Returns
/// the number of endpoint pages and of such warned references.
fn check_endpoint_pages(
    root: &Path,
    out: &Path,
    log: &str,
    failures: &mut Vec<String>,
    site: &str,
) -> (usize, usize) {
    let mut endpoints = 0;
    let mut missing = 0;
    for entry in walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
    {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "mdx" && e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let Some(front) = text
            .strip_prefix("---\n")
            .and_then(|t| t.split("\n---").next())
        else {
            continue;
        };
        if !front.lines().any(|l| l.starts_with("openapi:")) {
            continue;
        }
        let rel = path.strip_prefix(root).unwrap().with_extension("");
        let rel_str = rel.to_string_lossy().replace('\\', "/");
        if rel_str
            .split('/')
            .any(|c| c.starts_with(['_', '.']) || c == "snippets")
        {
            continue;
        }
        let html = std::fs::read_to_string(out.join(&rel).join("index.html")).unwrap_or_default();
        let warned = log.lines().any(|l| l.contains(&format!("--> {rel_str}.")));
        if html.contains("class=\"endpoint-header\"") && html.contains("class=\"endpoint-path\"") {
            endpoints += 1;
        } else if warned && log.contains("cannot be shown") {
            missing += 1;
        } else {
            failures.push(format!(
                "{site}: {rel_str} has `openapi:` frontmatter but no endpoint section"
            ));
        }
    }
    (endpoints, missing)
}
