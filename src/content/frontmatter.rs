//! Page frontmatter: the YAML block between two `---` lines at the top of a
//! page. Known keys are read leniently (a YAML number or boolean where a
//! string is expected is taken as its text, since real sites write
//! `title: 2024`); every key is kept in `values` for page expressions.
//! Plain scalars read as YAML 1.2's core schema reads them, as Mintlify's
//! frontmatter parser does ([`crate::yaml::frontmatter_value`]: `010` is 10).
//!
//! Beside the title, icon and layout keys, the keys Mintlify documents for a
//! page are read here and acted on downstream: `tag` and `deprecated` (a
//! label by the page's name in the sidebar and by its title), `url` (the
//! sidebar entry leads there instead), `canonical`, `og:*`/`twitter:*` (the
//! page's own meta tags, over the site's), `searchable: false` (left out of
//! the site's search), `hideFooterPagination`, `hideApiMarker` (no method
//! badge in the sidebar), `playground` (the endpoint page's Try-it),
//! `asyncapi` (`"FILE CHANNEL"`: the AsyncAPI channel the page shows) and
//! `rss` (the page's `<Update>`s as a feed). `site::checks` warns at the
//! line of a value it cannot use and of the documented keys sheaf does not
//! act on ([`IGNORED_KEYS`]).

use std::path::Path;

use serde_yaml_ng::Value;

use crate::diagnostics::{Diagnostic, Position};
use crate::rules::Rule;
use crate::yaml::YamlError;

/// The frontmatter keys sheaf understands (decisions.md, "Pages").
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Frontmatter {
    pub title: Option<String>,
    pub description: Option<String>,
    pub sidebar_title: Option<String>,
    pub icon: Option<String>,
    pub icon_type: Option<String>,
    /// `"GET /api/user"` or `"openapi.json GET /api/user"`.
    pub openapi: Option<String>,
    /// `openapi-schema`: a named schema (`User`, `openapi.json User`)
    /// whose fields the page shows after its body.
    pub openapi_schema: Option<String>,
    /// `"POST https://host/path"` for hand-written endpoint pages.
    pub api: Option<String>,
    /// `"asyncapi.yaml channelId"` (or `"channelId"`): the AsyncAPI channel
    /// the page documents, as Mintlify writes it.
    pub asyncapi: Option<String>,
    /// The channel's badge in the sidebar (`SEND`, `RECEIVE`, `PUB/SUB`):
    /// not a key, set by the site stage from the channel's operations.
    pub channel_badge: Option<String>,
    pub version: Option<String>,
    /// The page's layout, as written ([`PageMode::named`] reads it).
    pub mode: Option<String>,
    /// `hidden: true`: the page is left out of the navigation, and indexed
    /// only with `seo.indexHiddenPages`.
    pub hidden: bool,
    /// `noindex: true`: never indexed by search engines (robots tag, sitemap).
    pub noindex: bool,
    /// `tag`: a short label beside the page's name in the sidebar and its title.
    pub tag: Option<String>,
    /// `deprecated: true`: marked deprecated in the sidebar and by its title.
    pub deprecated: bool,
    /// `url`: the address the page's sidebar entry leads to instead of it.
    pub url: Option<String>,
    /// `canonical`: the address search engines should take for the page.
    pub canonical: Option<String>,
    /// `searchable: false`: the page is left out of the site's search.
    pub unsearchable: bool,
    /// `hideFooterPagination: true`: no previous/next links under the page.
    pub hide_footer_pagination: bool,
    /// `hideApiMarker: true`: no method badge by the page's sidebar entry.
    pub hide_api_marker: bool,
    /// `playground`: `interactive`, `simple` or `none`, the endpoint page's
    /// Try-it over the config's `api.playground`.
    pub playground: Option<String>,
    /// `rss: true`: the page's `<Update>` entries are published as a feed.
    pub rss: bool,
    /// `timestamp`: show (`true`) or hide (`false`) the page's "last
    /// modified" line, over the config's `metadata.timestamp`.
    pub timestamp: Option<bool>,
    /// `og:*` and `twitter:*` keys with their text, in the order written:
    /// the page's own meta tags, which replace the site's of the same name.
    pub meta: Vec<(String, String)>,
    /// Every key with its value, which page expressions read as
    /// `frontmatter.key`.
    pub values: serde_json::Map<String, serde_json::Value>,
}

/// How a page is laid out: frontmatter `mode`, with Mintlify's names.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PageMode {
    /// The sidebar, the title, the body and "On this page".
    #[default]
    Default,
    /// No "On this page", for pages without headings or that need the room.
    Wide,
    /// Only the top bar around the body (landing pages): no sidebar,
    /// title, "On this page", pager or footer.
    Custom,
    /// The title and body centred: no sidebar and no "On this page"
    /// (changelogs).
    Center,
    /// The sidebar and the body: no title and no "On this page".
    Frame,
}

impl PageMode {
    /// Every mode with its name in frontmatter.
    const NAMED: [(&'static str, PageMode); 5] = [
        ("default", PageMode::Default),
        ("wide", PageMode::Wide),
        ("custom", PageMode::Custom),
        ("center", PageMode::Center),
        ("frame", PageMode::Frame),
    ];

    /// The mode called `name`; `None` for a name Mintlify does not have.
    pub fn named(name: &str) -> Option<PageMode> {
        (Self::NAMED.iter())
            .find(|(known, _)| *known == name.trim())
            .map(|&(_, mode)| mode)
    }

    /// The names a page can use, as the warning about others lists them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Self::NAMED.iter().map(|&(name, _)| name)
    }
}

/// A page split into frontmatter and body.
#[derive(Debug, Clone, PartialEq)]
pub struct Split<'a> {
    pub frontmatter: Frontmatter,
    pub body: &'a str,
    /// Lines before the body (the frontmatter block), to map body lines back to file lines.
    pub body_line_offset: usize,
}

/// Splits `source` into frontmatter and body. A malformed YAML block is
/// reported with its file line and the page is kept with empty frontmatter.
pub fn split<'a>(source: &'a str, file: &Path) -> (Split<'a>, Option<Diagnostic>) {
    let Some((yaml, body, offset)) = crate::yaml::frontmatter_block(source) else {
        let split = Split {
            frontmatter: Frontmatter::default(),
            body: source,
            body_line_offset: 0,
        };
        return (split, None);
    };
    let (frontmatter, problem) = match crate::yaml::frontmatter_value(yaml) {
        Ok(value) => (from_value(&value), None),
        Err(e) => {
            let (line, column) = match &e {
                YamlError::Parse(e) => e.location().map_or((1, 1), |l| (l.line(), l.column())),
                YamlError::TooDeep { offset } => {
                    let at = Position::from_offset(yaml, *offset);
                    (at.line, at.column)
                }
            };
            let message = in_page_lines(&e.to_string(), line);
            let diagnostic = Diagnostic::error(file, format!("invalid frontmatter: {message}"))
                .with_rule(Rule::FrontmatterSyntax)
                .at_line(line + 1, column)
                .with_help(
                    "frontmatter is YAML between two `---` lines; quote values that contain `:`",
                );
            (Frontmatter::default(), Some(diagnostic))
        }
    };
    let split = Split {
        frontmatter,
        body,
        body_line_offset: offset,
    };
    (split, problem)
}

/// A YAML error's message with its positions counted in the page (the
/// YAML block starts on line 2, after `---`): the one the finding is
/// placed at (line `at` of the block) left out, the others (`while parsing
/// a flow sequence at line 2 column 14`) moved down a line.
fn in_page_lines(message: &str, at: usize) -> String {
    let mut out = String::new();
    let mut rest = message;
    let mut dropped = false;
    while let Some(i) = rest.find(" at line ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + " at line ".len()..];
        let digits = after
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len());
        let line: Option<usize> = after[..digits].parse().ok();
        let column_part = after[digits..].strip_prefix(" column ");
        match (line, column_part) {
            (Some(line), Some(column)) => {
                let digits = column
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(column.len());
                if line == at && !dropped {
                    dropped = true;
                } else {
                    out.push_str(&format!(
                        " at line {} column {}",
                        line + 1,
                        &column[..digits]
                    ));
                }
                rest = &column[digits..];
            }
            _ => {
                out.push_str(" at line ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

impl Frontmatter {
    /// The `url` the page's sidebar entry leads to, when it is an absolute
    /// `http(s)` or `mailto:` address (never `javascript:`).
    pub fn sidebar_url(&self) -> Option<&str> {
        let url = self.url.as_deref()?.trim();
        (crate::html::is_web_address(url) || url.to_ascii_lowercase().starts_with("mailto:"))
            .then_some(url)
    }

    /// The `canonical` address, when it is an absolute `http(s)` one.
    pub fn canonical_url(&self) -> Option<&str> {
        let url = self.canonical.as_deref()?.trim();
        crate::html::is_web_address(url).then_some(url)
    }
}

/// Keys Mintlify documents for a page that sheaf reads but does not act
/// on, with why: each is a warning at its line (`site::checks`).
pub const IGNORED_KEYS: [(&str, &str); 2] = [
    (
        "public",
        "pages are public on a static site: there is no login",
    ),
    (
        "groups",
        "pages are public on a static site: there is no login to restrict them to groups",
    ),
];

/// Whether frontmatter key `key` names a meta tag of the page's own.
fn is_meta_key(key: &str) -> bool {
    key.starts_with("og:") || key.starts_with("twitter:")
}

fn from_value(value: &Value) -> Frontmatter {
    let text = |key: &str| value.get(key).and_then(scalar_text);
    let flag = |key: &str| value.get(key).and_then(Value::as_bool).unwrap_or(false);
    let meta = (value.as_mapping().into_iter().flatten())
        .filter_map(|(key, value)| {
            let key = key.as_str().filter(|k| is_meta_key(k))?;
            Some((key.to_string(), scalar_text(value)?))
        })
        .collect();
    Frontmatter {
        title: text("title"),
        description: text("description"),
        sidebar_title: text("sidebarTitle"),
        icon: text("icon"),
        icon_type: text("iconType"),
        openapi: text("openapi"),
        openapi_schema: text("openapi-schema"),
        api: text("api"),
        asyncapi: text("asyncapi"),
        channel_badge: None,
        version: text("version"),
        mode: text("mode"),
        hidden: flag("hidden"),
        noindex: flag("noindex"),
        tag: text("tag").filter(|t| !t.trim().is_empty()),
        deprecated: flag("deprecated"),
        url: text("url"),
        canonical: text("canonical"),
        unsearchable: value.get("searchable").and_then(Value::as_bool) == Some(false),
        hide_footer_pagination: flag("hideFooterPagination"),
        hide_api_marker: flag("hideApiMarker"),
        playground: text("playground"),
        rss: flag("rss"),
        timestamp: value.get("timestamp").and_then(Value::as_bool),
        meta,
        values: match serde_json::to_value(value) {
            Ok(serde_json::Value::Object(values)) => values,
            _ => serde_json::Map::new(),
        },
    }
}

fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn yaml_positions_are_the_pages() {
        let message = "did not find expected ',' or ']' at line 3 column 1, while parsing a flow sequence at line 2 column 14";
        assert_eq!(
            super::in_page_lines(message, 3),
            "did not find expected ',' or ']', while parsing a flow sequence at line 3 column 14"
        );
        assert_eq!(super::in_page_lines("no position", 1), "no position");
    }

    use super::*;

    fn parse(src: &str) -> (Split<'_>, Option<Diagnostic>) {
        split(src, Path::new("page.mdx"))
    }

    #[test]
    fn reads_known_keys_and_body() {
        let (s, err) =
            parse("---\ntitle: Hello\nsidebarTitle: Hi\nopenapi: GET /api/user\n---\n# Body\n");
        assert!(err.is_none());
        assert_eq!(s.frontmatter.title.as_deref(), Some("Hello"));
        assert_eq!(s.frontmatter.sidebar_title.as_deref(), Some("Hi"));
        assert_eq!(s.frontmatter.openapi.as_deref(), Some("GET /api/user"));
        assert_eq!(s.body, "# Body\n");
        assert_eq!(s.body_line_offset, 5);
    }

    #[test]
    fn reads_the_keys_mintlify_documents_for_a_page() {
        let src = "---\ntag: NEW\ndeprecated: true\nurl: https://x.dev\ncanonical: https://x.dev/a\n\
                   searchable: false\nhideFooterPagination: true\nhideApiMarker: true\n\
                   playground: none\nrss: true\nog:image: /og.png\ntwitter:card: summary_large_image\n---\n";
        let fm = parse(src).0.frontmatter;
        assert_eq!(fm.tag.as_deref(), Some("NEW"));
        assert_eq!(fm.url.as_deref(), Some("https://x.dev"));
        assert_eq!(fm.canonical.as_deref(), Some("https://x.dev/a"));
        assert_eq!(fm.playground.as_deref(), Some("none"));
        assert!(fm.deprecated && fm.unsearchable && fm.rss);
        assert!(fm.hide_footer_pagination && fm.hide_api_marker);
        let meta = [
            ("og:image", "/og.png"),
            ("twitter:card", "summary_large_image"),
        ];
        let meta = meta.map(|(k, v)| (k.to_string(), v.to_string()));
        assert_eq!(fm.meta, meta);
    }

    #[test]
    fn only_web_and_mail_addresses_are_linked() {
        let fm = |url: &str| Frontmatter {
            url: Some(url.into()),
            canonical: Some(url.into()),
            ..Frontmatter::default()
        };
        assert_eq!(fm("https://x.dev").sidebar_url(), Some("https://x.dev"));
        assert_eq!(fm("https://x.dev").canonical_url(), Some("https://x.dev"));
        assert_eq!(fm("mailto:a@b.c").sidebar_url(), Some("mailto:a@b.c"));
        assert_eq!(fm("mailto:a@b.c").canonical_url(), None);
        for bad in [
            "javascript:alert(1)",
            "/guide",
            "https://",
            "JavaScript://x",
        ] {
            assert_eq!(fm(bad).sidebar_url(), None, "{bad}");
        }
    }

    #[test]
    fn a_page_is_searchable_unless_it_says_false() {
        assert!(
            !parse("---\nsearchable: true\n---\n")
                .0
                .frontmatter
                .unsearchable
        );
        assert!(!parse("---\ntitle: x\n---\n").0.frontmatter.unsearchable);
    }

    #[test]
    fn numbers_are_taken_as_text() {
        let (s, _) = parse("---\ntitle: 2024\n---\n");
        assert_eq!(s.frontmatter.title.as_deref(), Some("2024"));
    }

    #[test]
    fn no_frontmatter_keeps_whole_source() {
        let (s, err) = parse("# Title\n---\n");
        assert!(err.is_none());
        assert_eq!(s.body, "# Title\n---\n");
        assert_eq!(s.body_line_offset, 0);
    }

    #[test]
    fn broken_yaml_is_reported_with_file_line() {
        let (s, err) = parse("---\ntitle: ok\ndescription: [unclosed\n---\nbody");
        let err = err.expect("diagnostic");
        assert!(err.is_error());
        assert!(err.position.unwrap().line >= 3, "{err}");
        assert_eq!(s.body, "body");
    }
}
