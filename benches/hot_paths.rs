//! Micro-benchmarks of a build's hot paths, on one page of the benchmark
//! corpus (`benches/fixtures/page.md`, written by
//! `shared/bench/gen_corpus.py`) inside a 1,000-page site shaped like the
//! corpus (groups of 25, so the sidebar is as large as there):
//!
//! - `markdown`: Markdown/MDX → HTML of the page body (highlighting included),
//! - `theme`: the themed page around an already rendered body,
//! - `highlight`: one 8-line JSON code block,
//! - `page job`: the whole page job of a build (`render_page_job`).
//!
//! `cargo bench` runs them. A plain `harness = false` timer keeps the
//! dev-dependencies to what the tests use (criterion would add a long
//! compile on a 2-core machine for a few medians). Each benchmark prints
//! the median time per iteration over 15 samples.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use sheaf::markdown::{
    CodeInfo, Highlighter, Markdown, PageEnv, SnippetError, UrlKind, UrlRewrite,
};
use sheaf::render::PageContent;
use sheaf::site::Project;

const PAGE: &str = include_str!("fixtures/page.md");
const PAGES: usize = 1000;
const PER_GROUP: usize = 25;

const JSON: &str = "{\n  \"name\": \"source\",\n  \"user_group_id\": \"1278\",\n  \
                    \"properties\": {\n    \"tier\": 0\n  }\n}\n";

fn main() {
    let site = tempfile::tempdir().expect("temporary folder");
    write_site(site.path());
    let (project, _) = Project::load(site.path());
    let project = project.expect("the benchmark site loads");
    let page = &project.site.pages[PAGES / 2];
    let text = page.text(&project.site.root).expect("the page reads");
    let body = page.body_of(&text);

    let markdown = Markdown::new();
    let no_snippets = |_: &str| Err(SnippetError::Missing);
    let keep_urls = |_: &str, _: UrlKind| UrlRewrite::Keep;
    let env = PageEnv {
        file: Path::new("page.md"),
        line_offset: 0,
        snippets: &no_snippets,
        urls: &keep_urls,
        frontmatter: &Default::default(),
        now_ms: 0.0,
        icons: Default::default(),
        location: "",
    };
    bench("markdown (one corpus page)", || {
        markdown.render(body, &env).html.len()
    });

    let content = PageContent {
        html: markdown.render(body, &env).html,
        ..PageContent::default()
    };
    bench("theme (one page, 1,000-page site)", || {
        let html = project.theme.render_page(&project.site, page, &content);
        html.expect("the page renders").len()
    });

    let highlighter = Highlighter::new();
    let info = CodeInfo::parse("json");
    bench("highlight (8-line JSON block)", || {
        highlighter.code_block(&info, JSON).len()
    });

    bench("page job (markdown + theme + search doc)", || {
        sheaf::site::render_page_job(&project, page)
    });
}

/// A site of `PAGES` copies of the corpus page in groups of `PER_GROUP`.
fn write_site(root: &Path) {
    let docs = root.join("docs");
    std::fs::create_dir_all(&docs).expect("docs folder");
    let groups: Vec<serde_json::Value> = (0..PAGES / PER_GROUP)
        .map(|g| {
            let pages: Vec<String> = (g * PER_GROUP..(g + 1) * PER_GROUP)
                .map(|i| format!("docs/page{i}"))
                .collect();
            serde_json::json!({ "group": format!("Group {g}"), "pages": pages })
        })
        .collect();
    let config = serde_json::json!({
        "name": "Bench",
        "navigation": groups,
        "colors": { "primary": "#0D9373" },
    });
    std::fs::write(root.join("site.json"), config.to_string()).expect("site.json");
    for i in 0..PAGES {
        std::fs::write(docs.join(format!("page{i}.md")), PAGE).expect("page");
    }
}

/// Prints the median time of one call of `f` over 15 samples.
fn bench<T>(name: &str, mut f: impl FnMut() -> T) {
    let started = Instant::now();
    let mut calls = 0u32;
    while started.elapsed() < Duration::from_millis(200) {
        black_box(f());
        calls += 1;
    }
    let per_sample = (calls / 10).max(1);
    let mut samples: Vec<Duration> = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per_sample {
                black_box(f());
            }
            start.elapsed() / per_sample
        })
        .collect();
    samples.sort();
    println!("{name:<45} {:>10.1} µs", samples[7].as_secs_f64() * 1e6);
}
