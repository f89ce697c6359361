//! Fuzz targets (see `crate::fuzzing`): the MDX splitter, JSX attribute
//! values, and whole-page rendering (Markdown, components, snippets with
//! props, math, code highlighting). Pages are text made of the pieces
//! authors write; every problem is a diagnostic of the page (or of the
//! snippet it came from), and no component tag reaches the HTML raw.

use std::path::{Path, PathBuf};

use super::{attrs, mdx, Markdown, PageEnv, Snippet, SnippetError, UrlKind, UrlRewrite};
use crate::fuzzing::{every_diagnostic_names_a_file, fuzz, text};

/// What pages are made of: Markdown, MDX syntax, Mintlify components.
#[rustfmt::skip]
const PIECES: &[&str] = &[
    "# ", "## Title", "\n\n", "- ", "1. ", "> ", "**", "_", "`", "```", "```js\n", "~~~",
    "[link](", "](/page)", "![img](/a.png)", "<", ">", "</", "/>", "<Note>", "</Note>",
    "<Warning>", "</Warning>", "<Card title=\"", "\" href=\"/x\">", "</Card>", "<Tabs>",
    "<Tab title=\"A\">", "</Tab>", "</Tabs>", "<Steps>", "<Step title=", "</Step>", "</Steps>",
    "<CodeGroup>", "</CodeGroup>", "<Accordion title=\"q\">", "</Accordion>",
    "<ParamField path=\"id\" type=\"string\" required>", "</ParamField>",
    "<ResponseField name=\"a\">", "<Frame>", "<img src=\"/x.png\" />", "<br>",
    "<div className=\"x\">", "</div>", "<Snippet file=\"a.mdx\" />", "<Custom />", "<Latex>",
    "</Latex>", "<Mermaid chart=\"graph TD; A-->B\" />", "<Tooltip tip=\"t\">",
    "<View title=\"JS\">", "</View>", "<Tree>", "<Tree.Folder name=\"src\">",
    "<Tree.File name=\"a\" />", "{", "}", "{/* c */}", "{props.x}", "{x}",
    "style={{ color: 'red' }}", "cols={2}", "={true}", "import A from '/snippets/a.mdx'\n",
    "import { B } from '/snippets/b.mdx'\n", "export const x = 'y'\n",
    "export const C = ({ a }) => (<b>{a}</b>)\n", "<A word=\"w\" />", "<B />", "$x^2$",
    "$$\n\\frac{a}{b}\n$$", "\\tag{1}", "$5", "\\", "&amp;", "&#x0;", "<!--", "-->",
    "|a|b|\n|-|-|\n", "<script>", "</script>", "javascript:", "<style>", "---\n", "\t",
    "    code",
];

/// JSX attribute values and exported literals.
#[rustfmt::skip]
const LITERALS: &[&str] = &[
    "{", "}", "[", "]", ",", ":", "'", "\"", "`", "${", "a", "1", "-1.5e3", "true", "null",
    "undefined", "{{", "}}", "color: 'red'", "...", "=>", "()", "\\", "//", "/*", "0x1f",
];

#[test]
fn fuzz_mdx_splitter() {
    fuzz("mdx-split", 3000, text(PIECES, 48), |page| {
        let document = mdx::parse(&page);
        for problem in &document.problems {
            if problem.offset > page.len() {
                return Err(format!("problem past the end: {problem:?}"));
            }
        }
        Ok(())
    });
}

#[test]
fn fuzz_component_attributes() {
    fuzz("jsx-attributes", 4000, text(LITERALS, 24), |code| {
        if let Some(value) = attrs::parse_literal(&code) {
            let _ = attrs::value_text(&value);
            let _ = attrs::style_to_css(&value);
        }
        Ok(())
    });
}

#[test]
fn fuzz_page_rendering() {
    let markdown = std::sync::Arc::new(Markdown::without_highlighting());
    let highlighted = std::sync::Arc::new(Markdown::new());
    let pages = (
        text(PIECES, 40),
        text(PIECES, 12),
        proptest::bool::weighted(0.1),
    );
    fuzz(
        "page-render",
        1000,
        pages,
        move |(page, snippet, highlight)| {
            let snippet_source = snippet.clone();
            let snippets = move |reference: &str| {
                let name = reference
                    .trim_start_matches('/')
                    .trim_start_matches("snippets/");
                matches!(name, "a.mdx" | "b.mdx")
                    .then(|| Snippet {
                        path: PathBuf::from("snippets").join(name),
                        source: snippet_source.clone(),
                    })
                    .ok_or(SnippetError::Missing)
            };
            let urls = |url: &str, _: UrlKind| match url {
                "/x" => UrlRewrite::Broken {
                    message: "no page".into(),
                    help: None,
                    href: None,
                    rule: crate::rules::Rule::BrokenLink,
                },
                _ => UrlRewrite::Keep,
            };
            let env = PageEnv {
                file: Path::new("guides/page.mdx"),
                line_offset: 3,
                snippets: &snippets,
                urls: &urls,
                frontmatter: &Default::default(),
                now_ms: 0.0,
                icons: Default::default(),
                location: "",
            };
            let stage = if highlight { &highlighted } else { &markdown };
            let rendered = stage.render(&page, &env);
            every_diagnostic_names_a_file(&rendered.diagnostics)?;
            if let Some(leak) = leaked_component(&rendered.html) {
                return Err(format!("component tag in the HTML: {leak}"));
            }
            Ok(())
        },
    );
}

/// A raw Mintlify component tag (`<Note`, `</Card`) outside code (and
/// outside an author's `<script>` or `<style>`, whose text is not HTML), if any.
fn leaked_component(html: &str) -> Option<String> {
    let mut outside = html.to_string();
    for (open, close) in [
        ("<code", "</code>"),
        ("<script", "</script>"),
        ("<style", "</style>"),
    ] {
        let mut rest = outside.as_str();
        let mut kept = String::new();
        while let Some(start) = rest.find(open) {
            kept.push_str(&rest[..start]);
            rest = rest[start..]
                .split_once(close)
                .map_or("", |(_, after)| after);
        }
        kept.push_str(rest);
        outside = kept;
    }
    ["<", "</"].iter().find_map(|open| {
        outside.match_indices(open).find_map(|(i, _)| {
            let name: String = outside[i + open.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
                .collect();
            mdx::starts_with_component_name(&name).then_some(name)
        })
    })
}
