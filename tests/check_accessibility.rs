//! `sheaf check` on `tests/fixtures/check-accessibility`: what the pages do
//! to readers using assistive technology is a warning at its line, under a
//! stable rule name (`heading-order`, `image-alt`); a brand colour that
//! cannot be used as is for text or buttons is a note at its config line
//! naming the shade used.

mod common;

use common::{fixture, sheaf, stderr};

fn check_output() -> (Option<i32>, String) {
    let root = fixture("check-accessibility");
    let output = sheaf(&["check", "--lenient", root.to_str().unwrap()]);
    (output.status.code(), stderr(&output))
}

/// The headlines (`warning: rule …`) with the location after them.
fn findings(text: &str, rule: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.contains(&format!("({rule})")))
        .map(|(i, line)| {
            let at = lines.get(i + 1).map_or("", |l| l.trim());
            format!("{} {}", line.trim(), at)
        })
        .collect()
}

#[test]
fn skipped_heading_levels_are_warnings_at_their_line() {
    let (code, text) = check_output();
    assert_eq!(
        code,
        Some(0),
        "warnings do not fail check --lenient:\n{text}"
    );
    let found = findings(&text, "heading-order");
    assert_eq!(found.len(), 2, "{text}");
    assert!(
        found[0].starts_with("warning: this h4 comes after an h2"),
        "{found:?}"
    );
    assert!(found[0].ends_with("--> index.mdx:9:1"), "{found:?}");
    assert!(
        found[1].starts_with("warning: this h5 comes after an h3"),
        "{found:?}"
    );
    assert!(found[1].ends_with("--> index.mdx:25:1"), "{found:?}");
    assert!(text.contains("make it `###` (h3)"), "{text}");
}

#[test]
fn images_without_alt_text_are_warnings_at_their_line() {
    let (_, text) = check_output();
    let found = findings(&text, "image-alt");
    assert_eq!(
        found.len(),
        2,
        "markdown and <img> in a Frame, not alt=\"\":\n{text}"
    );
    assert!(
        found[0].contains("image `images/diagram.svg` has no alt text"),
        "{found:?}"
    );
    assert!(found[0].ends_with("--> index.mdx:11:1"), "{found:?}");
    assert!(found[1].ends_with("--> index.mdx:16:3"), "{found:?}");
    assert!(
        !text.contains("in-order.mdx"),
        "a page in order says nothing:\n{text}"
    );
}

#[test]
fn a_brand_colour_that_does_not_read_is_a_note_naming_the_shade_used() {
    let (_, text) = check_output();
    let note = text
        .lines()
        .position(|l| l.contains("`colors.primary`: `#b45a00` cannot be used as is"))
        .unwrap_or_else(|| panic!("a note about colors.primary:\n{text}"));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[note].starts_with("note:"),
        "a note, not a warning: {}",
        lines[note]
    );
    assert!(
        lines[note].contains("for text in light mode"),
        "{}",
        lines[note]
    );
    assert!(
        lines[note].contains("readers see `#a75400`"),
        "{}",
        lines[note]
    );
    assert!(
        lines[note].contains("as given it reads at 4.06:1"),
        "{}",
        lines[note]
    );
    assert!(
        lines[note + 1].contains("--> docs.json:6:16"),
        "{}",
        lines[note + 1]
    );
    assert!(
        text.contains("`colors.light`: `#7c3aed` cannot be used as is")
            && text.contains("for text in dark mode"),
        "violet is too dark for text in dark mode: {text}"
    );
    assert!(text.contains("--> docs.json:7:14"), "{text}");
}
