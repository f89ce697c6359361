//! `example-docs/`, the reference site, built by the real binary: it uses
//! every site.json field and the Mintlify components, so this test asserts
//! each of them in the output HTML, and the three User Group Service
//! endpoint pages with their quirks.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{sheaf, stderr};

/// The example built once for all tests of this file.
fn built() -> &'static Path {
    static OUT: OnceLock<PathBuf> = OnceLock::new();
    OUT.get_or_init(|| {
        let out = tempfile::tempdir().unwrap().keep().join("site");
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs");
        let output = sheaf(&[
            "build",
            root.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let text = stderr(&output);
        // The GET with a JSON body, a quirk of the documented API, is
        // acknowledged in the spec (`x-sheaf-lint-ignore`): no warnings.
        assert!(!text.contains("warning"), "{text}");
        out
    })
}

fn page(path: &str) -> String {
    fs::read_to_string(built().join(path).join("index.html"))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_site_json_field_shows_in_the_page() {
    let html = page("introduction");
    let checks = [
        ("name", "<title>Introduction - User Group Service</title>"),
        ("logo light", "<img class=logo-light src=../logo/light.svg"),
        ("logo dark", "<img class=logo-dark src=../logo/dark.svg"),
        ("favicon", "<link rel=icon href=../favicon.svg"),
        (
            "colors.anchors gradient",
            "linear-gradient(45deg,#4F46E5,#06B6D4)",
        ),
        ("topbarLinks", ">Changelog</a>"),
        ("topbarCtaButton github", "class=\"cta cta-github\""),
        ("versions", "<option value=v1>v1"),
        ("topAnchor / anchors", "class=anchor-icon"),
        ("tabs", ">API Reference</a>"),
        ("footerSocials", "aria-label=GitHub"),
        ("feedback", ">Suggest edits</a>"),
        ("feedback raiseIssue", ">Raise issue</a>"),
        (
            "modeToggle",
            "d.theme=m==\"light\"||m==\"dark\"?m:\"light\";",
        ),
        ("backgroundImage", "url(\"../images/background.svg\")"),
    ];
    let missing: Vec<_> = checks
        .iter()
        .filter(|(_, needle)| !html.contains(needle))
        .map(|(field, _)| *field)
        .collect();
    assert!(missing.is_empty(), "missing: {missing:?}");
    let css = stylesheet(&html);
    assert!(css.contains("--color-primary:#4f46e5"), "colors.primary");
    assert!(css.contains("--color-primary:#818cf8"), "colors.light");
}

/// The theme stylesheet a page links (`_sheaf/sheaf.<hash>.css`).
fn stylesheet(html: &str) -> String {
    let start = html.find("_sheaf/sheaf.").expect("a theme stylesheet link");
    let name = &html[start..start + html[start..].find(".css").unwrap() + ".css".len()];
    assert!(name.ends_with(".css"), "{name}");
    fs::read_to_string(built().join(name)).unwrap()
}

#[test]
fn components_render_to_html_without_leaking_tags() {
    let mut all = String::new();
    for entry in walkdir::WalkDir::new(built())
        .into_iter()
        .filter_map(Result::ok)
    {
        if entry.file_name() == "index.html" {
            all.push_str(&fs::read_to_string(entry.path()).unwrap());
        }
    }
    for class in [
        "c-callout c-note",
        "c-callout c-warning",
        "c-callout c-info",
        "c-callout c-tip",
        "c-callout c-check",
        "c-card-group",
        "c-card",
        "c-accordion-group",
        "c-accordion",
        "c-steps",
        "c-tabs",
        "c-code-group",
        "c-frame",
        "c-icon",
        "c-tooltip",
        "c-expandable",
        "c-field",
        "c-update",
        "c-code-title",
    ] {
        assert!(
            all.contains(&format!("class=\"{class}")) || all.contains(&format!("class={class}")),
            "no {class}"
        );
    }
    for leak in [
        "&lt;Note",
        "<Note",
        "&lt;Card",
        "<CodeGroup",
        "&lt;Steps",
        "<ParamField",
    ] {
        assert!(!all.contains(leak), "{leak} leaked");
    }
}

#[test]
fn the_snippet_and_wide_mode_work() {
    let quickstart = page("quickstart");
    assert!(
        quickstart.contains("Authorization: Token"),
        "the imported snippet is inlined"
    );
    let changelog = page("changelog");
    assert!(
        !changelog.contains("On this page"),
        "mode: wide has no table of contents"
    );
}

#[test]
fn the_three_endpoint_pages_show_the_user_group_service_faithfully() {
    let get = page("api-reference/get-user");
    for needle in [
        "GET",
        "/api/user",
        "user_group_id",
        "mapping",
        "properties",
        "new_user_group",
        "team_id",
        "provided_id",
    ] {
        assert!(get.contains(needle), "GET page lacks {needle}");
    }
    let put = page("api-reference/update-user");
    for needle in ["PUT", "api_environment_tag", "Customer", "Testing"] {
        assert!(put.contains(needle), "PUT page lacks {needle}");
    }
    assert!(
        !put.contains("new_user_group"),
        "new_user_group is on the GET response only"
    );
    let post = page("api-reference/rotate-token");
    assert!(post.contains("Create User"), "the spec's title is kept");
    assert!(post.contains("current_token"));
    assert!(
        post.to_lowercase().contains("rotate"),
        "and the page says it rotates a token"
    );
    for page in [&get, &put, &post] {
        assert!(
            page.contains("value=\"Token \""),
            "auth input prefilled with the Token prefix"
        );
        assert!(
            page.contains("https://user-group-service.example.com"),
            "base URLs from api.baseUrl"
        );
        let headers = page
            .split("id=\"header-parameters\"")
            .nth(1)
            .expect("a request headers section");
        let headers = &headers[..headers.find("</section>").unwrap()];
        assert!(
            headers.contains("<code class=\"field-name\">Content-Type</code>")
                && headers.contains("<code>application/json</code>"),
            "section 5: Content-Type: application/json on every operation"
        );
    }
}

#[test]
fn llms_txt_lists_pages_in_navigation_order_with_descriptions() {
    let llms = fs::read_to_string(built().join("llms.txt")).unwrap();
    let intro = llms.find("[Introduction](introduction.md)").unwrap();
    let quick = llms.find("[Quickstart](quickstart.md)").unwrap();
    assert!(intro < quick);
    assert!(
        llms.lines()
            .any(|l| l.starts_with("- [Create User]") && l.contains("rotate")),
        "{llms}"
    );
}

#[test]
fn the_site_root_is_the_home_page_itself_with_a_canonical_link() {
    let root = fs::read_to_string(built().join("index.html")).unwrap();
    assert!(!root.contains("http-equiv=\"refresh\""), "no redirect");
    assert!(root.contains("<link rel=canonical href=./introduction/>"));
    assert!(root.contains("<title>Introduction - User Group Service</title>"));
    let intro = page("introduction");
    let body = |html: &str| {
        let start = html.find("<div class=\"prose mdx-content\">").unwrap();
        html[start..html.find("</article>").unwrap()].to_string()
    };
    let (at_root, own) = (body(&root), body(&intro));
    assert_ne!(at_root, own, "links are written from the root");
    // The same page: only the climb to the root differs (`../x` from
    // introduction/, `x` or `./x` from the root).
    let from_root = at_root.replace("\"./", "\"").replace("=./", "=");
    assert_eq!(from_root, own.replace("\"../", "\"").replace("=../", "="));
    assert!(!intro.contains("rel=canonical"));
}

#[test]
fn the_api_reference_tab_folder_is_its_first_page() {
    let tab = fs::read_to_string(built().join("api-reference/index.html")).unwrap();
    assert!(tab.contains("<link rel=canonical href=../api-reference/introduction/>"));
    let overview = page("api-reference/introduction");
    let title = |html: &str| {
        html[html.find("<title>").unwrap()..html.find("</title>").unwrap()].to_string()
    };
    assert_eq!(title(&tab), title(&overview));
}

#[test]
fn endpoint_samples_and_examples_are_highlighted() {
    let get = page("api-reference/get-user");
    let aside =
        &get[get.find("<aside id=panel class=page-aside").unwrap()..get.find("</aside>").unwrap()];
    let curl = aside
        .find("<pre class=hl><code class=language-bash>")
        .expect("the cURL sample");
    assert!(aside[curl..].starts_with("<pre class=hl><code class=language-bash><span class=hl-"));
    for lang in ["python", "javascript", "go", "rust"] {
        let start = aside
            .find(&format!("<code class=language-{lang}>"))
            .unwrap_or_else(|| panic!("a {lang} sample"));
        let sample = &aside[start..start + aside[start..].find("</code>").unwrap()];
        assert!(sample.contains("<span class=hl-"), "{lang} is highlighted");
    }
    let response = &aside[aside.find("aria-label=\"Response examples\"").unwrap()..];
    assert!(
        response.contains("<code class=language-json>{\n  <span class=hl-n>\"success\"</span>: <span class=hl-n>1</span>"),
        "keys and numbers are highlighted: {response}"
    );
    assert!(response.contains("<span class=hl-s>\"USER_GROUP_TOKEN\"</span>"));
}

#[test]
fn response_descriptions_are_markdown() {
    for path in ["get-user", "update-user", "rotate-token"] {
        let html = page(&format!("api-reference/{path}"));
        assert!(
            html.contains("<span class=\"response-summary\">The response envelope. The HTTP status codes are not documented; <code>success</code> is 1 when the call succeeded and 0 when it did not.</span>"),
            "{path}"
        );
        assert!(!html.contains("`success`"), "{path}: no literal backticks");
    }
}

#[test]
fn both_examples_pass_a_strict_check() {
    for example in ["example-docs", "examples/docs-json"] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(example);
        let output = sheaf(&["check", "--strict", root.to_str().unwrap()]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{example}: {}",
            stderr(&output)
        );
    }
}
