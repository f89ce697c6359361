//! Code block options (`tests/fixtures/code-block-options`), built by the
//! real binary: every option Mintlify documents rendered at build time,
//! notation markers out of the code and its search text, and what sheaf
//! does not know a warning at its line.

mod common;

use std::fs;

use common::{fixture, sheaf, stderr};

/// The fixture built; returns the page's HTML and what the build printed.
fn built() -> (String, String) {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let output = sheaf(&[
        "build",
        fixture("code-block-options").to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let html = fs::read_to_string(site.join("index.html")).unwrap();
    (html, stderr(&output))
}

/// The HTML of the block whose title is `title` (after its icon, if any).
fn block<'h>(html: &'h str, title: &str) -> &'h str {
    let marker = "<span class=c-code-title data-component-part=code-block-header-filename>";
    let at = html
        .match_indices(marker)
        .map(|(at, _)| at)
        .find(|&at| {
            let rest = &html[at..];
            rest[..rest.find("</span></div>").unwrap()].ends_with(&format!(">{title}"))
        })
        .unwrap_or_else(|| panic!("no block {title}"));
    let start = html[..at].rfind("<div class=").unwrap();
    let start = html[..start].rfind("<div class").unwrap();
    let end = at + html[at..].find("</pre>").unwrap();
    &html[start..end]
}

#[test]
fn every_option_is_rendered_at_build_time() {
    let (html, _) = built();
    let highlighted = block(&html, "Line highlighting example");
    assert!(
        highlighted.starts_with("<div class=\"c-code code-block c-code-titled c-code-lines\""),
        "{highlighted}"
    );
    assert_eq!(
        highlighted
            .matches("<span class=\"c-line c-mark\">")
            .count(),
        3
    );
    assert_eq!(highlighted.matches("<span class=c-line>").count(), 2);

    let focused = block(&html, "Line focusing example");
    assert!(focused.contains("c-code-numbers c-code-focus"), "{focused}");
    assert_eq!(focused.matches("c-focus\">").count(), 3);

    let diff = block(&html, "JavaScript diff");
    assert!(diff.contains("c-code-numbers c-code-diff"), "{diff}");
    assert!(
        diff.contains("<svg class=\"icon\""),
        "the title's icon: {diff}"
    );
    assert_eq!(diff.matches("\"c-line c-add\"").count(), 2);
    assert_eq!(diff.matches("\"c-line c-del\"").count(), 1);
    assert_eq!(diff.matches("\"c-line c-mark\"").count(), 1);
    let python = block(&html, "Python diff");
    assert_eq!(python.matches("\"c-line c-del\"").count(), 2, "{python}");
    assert_eq!(
        python.matches("c-line").count(),
        4,
        "the marker's own line is gone"
    );
    assert!(block(&html, "HTML focus").contains("\"c-line c-focus\""));

    assert!(block(&html, "Wrap example").contains("c-code-wrap"));
    let expandable = block(&html, "Expandable example");
    assert!(expandable.contains("c-code-expandable"), "{expandable}");
    assert!(html.contains(
        "<details class=c-code-more data-component-part=code-block-footer><summary data-component-part=code-block-footer-button><span class=c-more-show>See all 30 lines</span>"
    ));
    assert!(block(&html, "Not for copying").contains("c-code-nocopy"));
    let twoslash = block(&html, "Twoslash example");
    assert!(
        twoslash.starts_with("<div class=\"c-code code-block c-code-titled\" "),
        "{twoslash}"
    );

    let group = block(&html, "npm");
    assert!(group.contains("\"c-line c-mark c-add\""), "{group}");
    let component = block(&html, "app.py");
    assert!(component.contains("c-code-numbers"), "{component}");
    assert!(
        component.contains("<span class=\"c-line c-mark\">app."),
        "{component}"
    );
}

#[test]
fn markers_leave_the_code_but_plain_text_keeps_them() {
    let (html, _) = built();
    let known = [
        "[!code ++]",
        "[!code --",
        "[!code highlight]",
        "[!code focus]",
    ];
    let in_text_block = "const a = 1; // [!code ++]";
    let rest = html.replacen(in_text_block, "", 1);
    for marker in known {
        assert!(!rest.contains(marker), "{marker} left in the page");
    }
    assert!(
        html.contains(in_text_block),
        "a `text` block shows the notation"
    );
    assert!(
        html.contains("// [!code error]"),
        "an unknown kind stays as written"
    );
    assert!(
        html.contains("<span class=c-code-title data-component-part=code-block-header-filename>Twoslash example</span>"),
        "twoslash is not in the title"
    );
}

#[test]
fn what_sheaf_does_not_know_is_reported_at_its_line() {
    let (_, printed) = built();
    let lines = |needle: &str| -> Vec<String> {
        let mut found = Vec::new();
        let mut rest = printed.as_str();
        while let Some(at) = rest.find(needle) {
            let after = &rest[at..];
            let place = after.lines().nth(1).unwrap_or_default().trim().to_string();
            found.push(place);
            rest = &after[needle.len()..];
        }
        found
    };
    assert_eq!(
        lines("warning: unknown code block option `test`"),
        ["--> index.mdx:107:1"]
    );
    assert_eq!(
        lines("warning: unknown code notation `[!code error]`"),
        ["--> index.mdx:112:1"]
    );
    assert_eq!(
        lines("note: `twoslash`: sheaf shows the code without its hover types"),
        ["--> index.mdx:101:1"]
    );
    assert_eq!(printed.matches("warning:").count(), 2, "{printed}");
}

#[test]
fn parts_carry_mintlifys_names() {
    let (html, _) = built();
    // A titled block with an icon: header, filename (icon inside), root.
    let js = block(&html, "JavaScript diff");
    assert!(js.contains("c-code-titled"), "{js}");
    assert!(js.contains("<div class=c-code-header data-component-part=code-block-header>"));
    assert!(js.contains(
        "data-component-part=code-block-header-filename><svg class=\"icon\" data-component-part=\"icon-svg\""
    ));
    assert!(js.contains("<pre class=hl data-component-part=code-block-root><code"));
    // The code group: its tab bar, and each tab's code is its content.
    let group = &html[html
        .find("data-component-part=\"code-group-tab-bar\"")
        .unwrap()..];
    let group = &group[..group.find("</pre></div></div></div>").unwrap()];
    assert_eq!(
        group
            .matches("<pre class=hl data-component-part=code-block-root><code data-component-part=code-group-tab-content")
            .count(),
        2,
        "{group}"
    );
    // Expandable: Mintlify's footer and its button.
    assert!(html.contains(
        "<details class=c-code-more data-component-part=code-block-footer><summary data-component-part=code-block-footer-button>"
    ));
}
