//! Fuzz target (see `crate::fuzzing`): page frontmatter. The split always
//! leaves the body as the end of the page, and a malformed block is a
//! diagnostic of the page at a line inside it.

use std::path::Path;

use super::frontmatter::split;
use crate::fuzzing::{fuzz, text};

#[rustfmt::skip]
const PIECES: &[&str] = &[
    "---", "---\n", "\n---\n", "title: ", "openapi: ", "GET /x", "version: ", "icon: ",
    "hidden: true", "description: >\n  ", "- ", ": ", "'", "\"", "&a", "*a", "!!str", "{", "}",
    "[", "]", "2024", "~", "? ", "|", "...",
];

#[test]
fn fuzz_frontmatter() {
    fuzz("frontmatter", 3000, text(PIECES, 40), |page| {
        let file = Path::new("guides/page.mdx");
        let (split, problem) = split(&page, file);
        if !page.ends_with(split.body) {
            return Err("the body is not the end of the page".into());
        }
        if let Some(d) = problem {
            let lines = page.lines().count() + 1;
            if d.file != file || d.position.is_some_and(|p| p.line > lines) {
                return Err(format!("misplaced: {d}"));
            }
        }
        Ok(())
    });
}
