//! The real docs.json sites in `../shared/realworld-docsjson` (however many
//! the folder holds) build as they are: exit 0, every navigation page has its
//! HTML, no page shows a raw or escaped component tag, and the language and
//! version switchers appear where the navigation declares languages or
//! versions. The sites are copied to a temporary folder first and built
//! `--offline` with an empty spec cache, so nothing reaches the network. The
//! report (`--nocapture`) gives each site's pages and warnings by kind.

mod common;

use std::path::{Path, PathBuf};

use common::leaks::leaked_tag;
use common::{copy_tree, shared_dir, stderr};
use serde_json::Value;

/// The JSON of `file` (relative to `root`) with every `{"$ref": …}`
/// object replaced by the JSON of the file it names (relative to the file
/// holding it), as Mintlify reads docs.json.
fn with_refs(root: &Path, file: &Path) -> Value {
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let mut value: Value = serde_json::from_str(&text).unwrap();
    replace_refs(root, file, &mut value);
    value
}

fn replace_refs(root: &Path, file: &Path, value: &mut Value) {
    if let Some(reference) = value.get("$ref").and_then(Value::as_str) {
        let target = file.parent().unwrap_or(Path::new("")).join(reference);
        *value = with_refs(root, &target);
        return;
    }
    match value {
        Value::Object(object) => object
            .values_mut()
            .for_each(|v| replace_refs(root, file, v)),
        Value::Array(items) => items.iter_mut().for_each(|v| replace_refs(root, file, v)),
        _ => {}
    }
}

/// Every page entry (not an operation reference) anywhere in `navigation`.
fn nav_pages(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            for (key, inner) in object {
                match (key.as_str(), inner) {
                    ("pages", Value::Array(entries)) => {
                        for entry in entries {
                            match entry {
                                Value::String(page) if !is_operation(page) => {
                                    out.push(page.clone())
                                }
                                other => nav_pages(other, out),
                            }
                        }
                    }
                    ("root", Value::String(page)) => out.push(page.clone()),
                    _ => nav_pages(inner, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| nav_pages(item, out)),
        _ => {}
    }
}

fn is_operation(entry: &str) -> bool {
    let words: Vec<&str> = entry.split_whitespace().collect();
    words.len() >= 2 && words[words.len() - 1].starts_with('/')
}

/// Whether any object in `navigation` holds `key`.
fn declares(value: &Value, key: &str) -> bool {
    match value {
        Value::Object(object) => object
            .iter()
            .any(|(k, inner)| k == key || declares(inner, key)),
        Value::Array(items) => items.iter().any(|item| declares(item, key)),
        _ => false,
    }
}

/// A page's HTML file: `a/b/index.html`; a folder's `index` page is the
/// folder's `index.html`.
fn page_html(out: &Path, page: &str) -> PathBuf {
    let slug = page.trim_start_matches('/');
    let folder = slug
        .strip_suffix("index")
        .filter(|rest| rest.is_empty() || rest.ends_with('/'))
        .unwrap_or(slug);
    out.join(folder).join("index.html")
}

/// Builds one site; returns its report line, adding what is wrong to `failures`.
fn build_site(site: &Path, failures: &mut Vec<String>) -> String {
    let name = site.file_name().unwrap().to_string_lossy().into_owned();
    let work = tempfile::tempdir().unwrap();
    let root = work.path().join("docs");
    copy_tree(site, &root);
    let out = work.path().join("out");
    let started = std::time::Instant::now();
    // Offline, with a cache of its own: a spec URL (dubinc's only spec) is
    // never fetched, and its endpoint pages say so.
    let cache = work.path().join("cache");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args(["build", "--offline", "--out"])
        .args([&out, &root])
        .env("NO_COLOR", "1")
        .env("SHEAF_CACHE_DIR", &cache)
        .output()
        .expect("sheaf runs");
    let elapsed = started.elapsed();
    let log = stderr(&output);
    if output.status.code() != Some(0) {
        failures.push(format!("{name}: exit {:?}\n{log}", output.status.code()));
        return format!("{name}: failed");
    }
    let config = with_refs(&root, Path::new("docs.json"));
    let mut pages = Vec::new();
    nav_pages(&config["navigation"], &mut pages);
    pages.sort();
    pages.dedup();
    let mut rendered = 0;
    for page in &pages {
        let file = page_html(&out, page);
        let Ok(html) = std::fs::read_to_string(&file) else {
            failures.push(format!("{name}: no HTML for navigation page {page}"));
            continue;
        };
        rendered += 1;
        if let Some(tag) = leaked_tag(&html) {
            failures.push(format!("{name}: {page} leaks {tag}"));
        }
    }
    check_switchers(&name, &config["navigation"], &out, &pages, failures);
    format!(
        "{name}: {rendered}/{} navigation pages rendered, built in {elapsed:.2?} (debug build); {}",
        pages.len(),
        by_kind(&log)
    )
}

/// The warnings and notes printed, counted by kind (their headline with
/// quoted names taken out), most frequent first.
fn by_kind(log: &str) -> String {
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for line in log.lines() {
        if line.starts_with("warning") || line.starts_with("note") {
            *counts.entry(kind_of(line)).or_default() += 1;
        }
    }
    let mut kinds: Vec<(String, usize)> = counts.into_iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let listed: Vec<String> = kinds.iter().map(|(k, n)| format!("{n}× {k}")).collect();
    listed.join("; ")
}

/// A diagnostic headline without what it names: `` `…` `` and `"…"` spans
/// become `…`.
fn kind_of(line: &str) -> String {
    let mut kind = String::new();
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (None, '`' | '"') => {
                quote = Some(c);
                kind.push('…');
            }
            (Some(open), c) if c == open => quote = None,
            (Some(_), _) => {}
            (None, c) => kind.push(c),
        }
    }
    kind
}

/// Languages and versions in the navigation show their switchers.
fn check_switchers(
    name: &str,
    navigation: &Value,
    out: &Path,
    pages: &[String],
    failures: &mut Vec<String>,
) {
    let Some(first) = pages.first() else {
        return;
    };
    let html = std::fs::read_to_string(page_html(out, first)).unwrap_or_default();
    for (key, marker) in [
        ("languages", "data-language-select"),
        ("versions", "data-version-select"),
    ] {
        if declares(navigation, key) != html.contains(marker) {
            failures.push(format!(
                "{name}: `{key}` declared: {}, switcher shown: {}",
                declares(navigation, key),
                html.contains(marker)
            ));
        }
    }
}

/// Sites of the folder that do not build clean yet, with the reason. Each
/// is still built and must still fail: a site that starts to pass has to
/// leave this list.
const NOT_YET_CLEAN: &[(&str, &str)] = &[];

#[test]
fn real_docs_json_sites_build_and_render_every_navigation_page() {
    let Some(shared) = shared_dir() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared is missing in CI"
        );
        eprintln!("skipping: ../shared/realworld-docsjson is not beside the checkout");
        return;
    };
    let mut sites: Vec<PathBuf> = std::fs::read_dir(shared.join("realworld-docsjson"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("docs.json").is_file())
        .collect();
    sites.sort();
    let known = |site: &Path| {
        let name = site.file_name().unwrap().to_string_lossy().into_owned();
        NOT_YET_CLEAN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, why)| (*n, *why))
    };
    let mut failures = Vec::new();
    let mut report = Vec::new();
    for site in &sites {
        match known(site) {
            None => report.push(build_site(site, &mut failures)),
            Some((name, why)) => {
                let mut expected = Vec::new();
                build_site(site, &mut expected);
                if expected.is_empty() {
                    failures.push(format!(
                        "{name} builds clean now: take it off NOT_YET_CLEAN"
                    ));
                }
                report.push(format!("{name}: not yet clean ({why})"));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for (name, _) in NOT_YET_CLEAN {
        assert!(
            sites.iter().any(|s| s.ends_with(name)),
            "{name} is listed but not in the folder"
        );
    }
    let folders = std::fs::read_dir(shared.join("realworld-docsjson"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .count();
    assert_eq!(sites.len(), folders, "every folder is a docs.json site");
}
