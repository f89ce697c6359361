//! Diagrams first: before its page jobs, a build draws the Mermaid
//! diagrams of every page that the build cache does not hold, so that no
//! page job waits for one while a core is idle.
//!
//! The distinct sources (loading found them: `Page::diagrams`) are drawn
//! longest first, each thread of the pool taking the next one when it is
//! done (greedy list scheduling): the longest diagrams start at once and
//! the last to start is a short one, so the drawing ends close to its CPU
//! time divided by the cores. A diagram loading misread, or one in a
//! snippet, is drawn by its page job as before. Each drawing is timed on
//! its thread into `--timings`' diagrams row.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::Project;
use crate::timings::Phase;

/// Draws (or reads from the build cache) every page's diagrams; returns
/// how many distinct ones.
pub(super) fn draw_first(project: &Project) -> usize {
    let sources = longest_first(project);
    if sources.is_empty() {
        return 0;
    }
    let diagrams = project.markdown.diagrams();
    let next = AtomicUsize::new(0);
    rayon::broadcast(|_| {
        while let Some(source) = sources.get(next.fetch_add(1, Ordering::Relaxed)) {
            let _ = project
                .timings
                .work(Phase::Diagrams, || diagrams.draw(source));
        }
    });
    sources.len()
}

/// Adds to `--timings` what became of the diagrams, once the page jobs
/// are done: `first` were drawn before them.
pub(super) fn note(project: &Project, first: usize) {
    let diagrams = project.markdown.diagrams();
    if diagrams.is_empty() {
        return;
    }
    project.timings.note(|| {
        let (drawn, read) = diagrams.counts();
        let count = diagrams.len();
        format!(
            "Mermaid: {count} distinct diagrams ({first} before the pages), {drawn} drawn, \
             {read} read from the build cache"
        )
    });
}

/// The distinct diagram sources of the site's pages, longest first (a
/// diagram's cost grows with its size), ties in text order.
fn longest_first(project: &Project) -> Vec<&str> {
    let mut seen = HashSet::new();
    let mut sources: Vec<&str> = (project.site.pages.iter())
        .filter(|page| page.listing_of.is_none())
        .flat_map(|page| page.diagrams.iter().map(String::as_str))
        .filter(|source| seen.insert(*source))
        .collect();
    sources.sort_unstable_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    sources
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::test_support::docs_root;

    #[test]
    fn each_distinct_diagram_is_drawn_once_before_the_pages_longest_first() {
        let short = "```mermaid\ngraph TD\n  A --> B\n```\n";
        let long = "```mermaid\ngraph LR\n  Client --> Service\n  Service --> Store\n```\n";
        let root = docs_root(&[
            (
                "site.json",
                r#"{"name": "S", "navigation": [{"group": "G", "pages": ["a", "b"]}]}"#,
            ),
            ("a.mdx", &format!("---\ntitle: A\n---\n{short}\n{long}")),
            ("b.mdx", &format!("---\ntitle: B\n---\n{long}\n")),
        ]);
        let (project, _) = Project::load(root.path());
        let project = project.unwrap();
        let sources = longest_first(&project);
        assert_eq!(sources.len(), 2);
        assert!(sources[0].contains("Service --> Store"));

        assert_eq!(draw_first(&project), 2);
        let diagrams = project.markdown.diagrams();
        assert_eq!(diagrams.counts(), (2, 0));
        let page = &project.site.pages[0];
        super::super::page::render(&project, page, super::super::page::Mode::Build);
        assert_eq!(diagrams.counts(), (2, 0), "the page job finds both drawn");
    }
}
