//! sheaf's own guide (`docs/`, a docs.json site) builds with
//! `check --strict`: no broken link, no unknown component, no warning.
//! Every page is in its navigation; every code block whose title names a
//! file of the repository (`example-docs/openapi.yaml`) quotes that file
//! word for word, and those files are built by the suite
//! (`tests/example_docs.rs`). The README keeps the short start: its first
//! two commands (`.ci/run` runs the second), then install, then the guide.

mod common;

use std::path::Path;

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repository().join(path)).unwrap()
}

fn guide_pages() -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(repository().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(".mdx").map(str::to_string))
        .collect();
    pages.sort();
    pages
}

#[test]
fn the_guide_passes_check_strict_and_builds() {
    let docs = repository().join("docs");
    let checked = common::sheaf(&["check", "--strict", docs.to_str().unwrap()]);
    let said = common::stderr(&checked);
    assert!(checked.status.success(), "{said}");
    assert!(said.contains("check passed\n"), "no warning either: {said}");
    let out = tempfile::tempdir().unwrap();
    common::build_ok(&docs, out.path());
    for page in guide_pages() {
        let html = match page.as_str() {
            "index" => out.path().join("index.html"),
            _ => out.path().join(&page).join("index.html"),
        };
        assert!(html.is_file(), "{page} was not built");
    }
}

#[test]
fn every_guide_page_is_in_the_navigation() {
    let config: serde_json::Value = serde_json::from_str(&read("docs/docs.json")).unwrap();
    let mut listed: Vec<String> = (config["navigation"]["groups"].as_array().unwrap().iter())
        .flat_map(|group| group["pages"].as_array().unwrap().iter())
        .map(|page| page.as_str().unwrap().to_string())
        .collect();
    listed.sort();
    assert_eq!(listed, guide_pages());
}

/// The code blocks of `text` whose title is a repository path, as
/// (path, the block's lines).
fn quoted_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let title = info.split_whitespace().nth(1).unwrap_or("");
        let body: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        if title.starts_with("example-docs/") || title.starts_with("examples/") {
            blocks.push((title.to_string(), body.join("\n")));
        }
    }
    blocks
}

#[test]
fn the_guides_examples_quote_files_the_suite_builds() {
    let mut quoted = 0;
    for page in guide_pages() {
        for (file, block) in quoted_blocks(&read(&format!("docs/{page}.mdx"))) {
            assert!(
                read(&file).contains(&block),
                "docs/{page}.mdx quotes {file}, which does not hold:\n{block}"
            );
            quoted += 1;
        }
    }
    assert!(quoted >= 3, "{quoted} quoted examples");
}

#[test]
fn a_changed_quote_is_seen() {
    let page = "```yaml example-docs/openapi.yaml\n  /api/users:\n```\n";
    let blocks = quoted_blocks(page);
    assert_eq!(blocks.len(), 1);
    assert!(!read(&blocks[0].0).contains(&blocks[0].1));
}

#[test]
fn the_readme_starts_with_the_two_commands_then_install_then_the_guide() {
    let readme = read("README.md");
    let first_block = readme.split("```sh\n").nth(1).unwrap();
    let commands: Vec<&str> = (first_block.lines())
        .take_while(|line| !line.starts_with("```"))
        .map(|line| line.split('#').next().unwrap().trim())
        .collect();
    assert_eq!(
        commands,
        [
            "cargo run --release -- serve example-docs",
            "cargo test --locked"
        ]
    );
    let ci = read(".ci/run");
    assert_eq!(ci.trim_end().lines().last(), Some("cargo test --locked"));
    let install = readme.find("\n## Install").expect("an Install section");
    let guide = readme
        .find("\n## The guide")
        .expect("a section on the guide");
    assert!(readme.find("```sh\n").unwrap() < install && install < guide);
    assert!(readme.contains("serve docs"), "how to read the guide");
}
