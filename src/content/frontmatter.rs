//! Page frontmatter: the YAML block between two `---` lines at the top of a
//! page. Known keys are read leniently (a YAML number or boolean where a
//! string is expected is taken as its text, since real sites write
//! `title: 2024`); other keys are kept in `extra` and otherwise ignored.

use std::path::Path;

use serde_yaml_ng::Value;

use crate::diagnostics::{Diagnostic, Position};
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
    /// `"POST https://host/path"` for hand-written endpoint pages.
    pub api: Option<String>,
    pub version: Option<String>,
    /// The page's layout, as written ([`PageMode::named`] reads it).
    pub mode: Option<String>,
    /// `hidden: true`: the page is left out of the navigation, and indexed
    /// only with `seo.indexHiddenPages`.
    pub hidden: bool,
    /// `noindex: true`: never indexed by search engines (robots tag, sitemap).
    pub noindex: bool,
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
    let (frontmatter, problem) = match crate::yaml::from_str::<Value>(yaml) {
        Ok(value) => (from_value(&value), None),
        Err(e) => {
            let (line, column) = match &e {
                YamlError::Parse(e) => e.location().map_or((1, 1), |l| (l.line(), l.column())),
                YamlError::TooDeep { offset } => {
                    let at = Position::from_offset(yaml, *offset);
                    (at.line, at.column)
                }
            };
            let diagnostic = Diagnostic::error(file, format!("invalid frontmatter: {e}"))
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

fn from_value(value: &Value) -> Frontmatter {
    let text = |key: &str| value.get(key).and_then(scalar_text);
    let flag = |key: &str| value.get(key).and_then(Value::as_bool).unwrap_or(false);
    Frontmatter {
        title: text("title"),
        description: text("description"),
        sidebar_title: text("sidebarTitle"),
        icon: text("icon"),
        icon_type: text("iconType"),
        openapi: text("openapi"),
        api: text("api"),
        version: text("version"),
        mode: text("mode"),
        hidden: flag("hidden"),
        noindex: flag("noindex"),
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
