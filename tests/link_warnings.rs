//! Causes of wrong link warnings (issue 46), each on a fixture site built
//! end to end: files Mintlify never publishes (`README.md`…), attribute
//! expressions sheaf cannot evaluate (`href={href}`), SVG references
//! (`<use href="#icon">`) and anchors of non-Latin headings.

mod common;

use common::{fixture, sheaf, stderr};

#[test]
fn mintlifys_default_ignores_are_not_pages() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture("default-ignores");
    let output = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for page in ["introduction", "guides/setup", "reference/README"] {
        let html = site.join(page).join("index.html");
        assert!(html.is_file(), "{page} missing\n{text}");
    }
    for absent in [
        "README",
        "README.md",
        "LICENSE",
        "CHANGELOG",
        "guides/README",
        "guides/contributing",
    ] {
        assert!(!site.join(absent).exists(), "{absent} was published");
    }
    let llms = std::fs::read_to_string(site.join("llms.txt")).unwrap();
    assert!(!llms.contains("Docs repository"), "{llms}");
    assert!(
        text.contains(
            "page \"guides/README\" is excluded by `README.md`, one of Mintlify's default ignores"
        ),
        "{text}"
    );
    assert!(text.contains("add `!README.md` to .mintignore"), "{text}");
    assert!(!text.contains("broken-link"), "{text}");
}
