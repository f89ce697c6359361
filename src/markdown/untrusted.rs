//! Markdown from sources the site author did not write as HTML: OpenAPI
//! descriptions (specs are often downloaded from a URL) and frontmatter
//! text. It is CommonMark only, never MDX: no expressions, and of the
//! components only Mintlify's callouts, which specs and frontmatter write
//! too (`<Warning>Deprecated</Warning>`, see [`super::callout`]); their
//! inside is untrusted text again.
//!
//! What stays inert:
//! - raw HTML (`<script>`, `<a href=…>`, `<img onerror=…>`) is shown as the
//!   text it is;
//! - links whose URL runs script or smuggles a document (`javascript:`,
//!   `vbscript:`, `data:`) are rendered as their plain text, and images with
//!   such a source as their alt text (a `data:image/…` picture is kept: an
//!   `<img>` never runs script).
//!
//! Everything else reads as on a page: inline code, emphasis, lists, tables,
//! links (rewritten like the page's own), fenced code highlighted by the
//! same [`Highlighter`].

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};

use super::callout::{self, Piece};
use super::highlight::{CodeInfo, Highlighter};
use super::render::unwrap_paragraph;
use super::{UrlKind, UrlRewrite};

/// The CommonMark extensions descriptions may use (no math, no heading
/// attributes: a description cannot give ids to the page).
fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_TASKLISTS | Options::ENABLE_STRIKETHROUGH
}

/// Renders untrusted Markdown `source` to HTML; `urls` rewrites each link
/// and image URL as the page's own (a broken one is kept as written).
pub fn render(
    hl: &Highlighter,
    source: &str,
    urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
) -> String {
    render_pieces(hl, callout::split(source), urls)
}

fn render_pieces(
    hl: &Highlighter,
    pieces: Vec<Piece<'_>>,
    urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
) -> String {
    pieces
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(text) => render_markdown(hl, text, urls),
            Piece::Callout { name, inside } => {
                callout::html(name, &render_markdown(hl, inside, urls))
            }
        })
        .collect()
}

/// [`render`] of text without callouts.
fn render_markdown(
    hl: &Highlighter,
    source: &str,
    urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
) -> String {
    let mut events = Vec::new();
    let mut inert = InertLinks::default();
    let mut code: Option<(CodeInfo, String)> = None;
    for event in Parser::new_ext(source, options()) {
        if let Some((info, text)) = code.as_mut() {
            match event {
                Event::Text(t) => text.push_str(&t),
                Event::End(TagEnd::CodeBlock) => {
                    let html = hl.code_block(info, text);
                    events.push(Event::Html(html.into()));
                    code = None;
                }
                _ => {}
            }
            continue;
        }
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => CodeInfo::parse(&info),
                    CodeBlockKind::Indented => CodeInfo::default(),
                };
                code = Some((info, String::new()));
            }
            Event::Html(html) | Event::InlineHtml(html) => events.push(Event::Text(html)),
            Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
                events.extend(inert.open(tag, urls));
            }
            Event::End(end @ (TagEnd::Link | TagEnd::Image)) => {
                events.extend(inert.close(end));
            }
            other => events.push(other),
        }
    }
    let mut html = String::with_capacity(source.len() * 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    html
}

/// [`render`] for text shown inline (a summary line, a page description):
/// one paragraph's inline HTML without its `<p>`. Text that is not one
/// paragraph (a description that starts with `1.` or `#`) is shown as it
/// is written, escaped: inline places hold no lists or headings. A
/// callout is the exception: it is rendered as the block it is.
pub fn render_inline(
    hl: &Highlighter,
    source: &str,
    urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
) -> String {
    let pieces = callout::split(source);
    let has_callout = pieces.iter().any(|p| matches!(p, Piece::Callout { .. }));
    let html = render_pieces(hl, pieces, urls);
    if has_callout {
        return html;
    }
    let inner = unwrap_paragraph(html.clone());
    if inner != html && html.starts_with("<p>") {
        inner
    } else {
        crate::html::escape(source.trim())
    }
}

/// Links and images kept or made inert, so each end tag matches its start.
#[derive(Default)]
struct InertLinks {
    /// For each open link or image: whether it was dropped.
    dropped: Vec<bool>,
}

impl InertLinks {
    /// The start event to write for `tag`, if any.
    fn open<'e>(
        &mut self,
        tag: Tag<'e>,
        urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
    ) -> Option<Event<'e>> {
        let (url, kind) = match &tag {
            Tag::Link { dest_url, .. } => (dest_url, UrlKind::Link),
            Tag::Image { dest_url, .. } => (dest_url, UrlKind::Asset),
            _ => return Some(Event::Start(tag)),
        };
        let safe = match kind {
            UrlKind::Link => !runs_script(url),
            UrlKind::Asset => !runs_script(url) || is_data_image(url),
        };
        self.dropped.push(!safe);
        if !safe {
            return None;
        }
        let rewritten: CowStr<'e> = match urls(url, kind) {
            UrlRewrite::To(new) | UrlRewrite::Noted { href: new, .. } => new.into(),
            // A link to nothing keeps naming the path it was read as.
            UrlRewrite::Broken {
                href: Some(href), ..
            } => href.into(),
            // A refused file is not copied: its URL leads nowhere.
            UrlRewrite::Keep | UrlRewrite::Broken { .. } | UrlRewrite::Refused { .. } => {
                url.clone()
            }
        };
        Some(Event::Start(match tag {
            Tag::Link {
                link_type,
                title,
                id,
                ..
            } => Tag::Link {
                link_type,
                dest_url: rewritten,
                title,
                id,
            },
            Tag::Image {
                link_type,
                title,
                id,
                ..
            } => Tag::Image {
                link_type,
                dest_url: rewritten,
                title,
                id,
            },
            other => other,
        }))
    }

    /// The end event to write, unless its start was dropped.
    fn close<'e>(&mut self, end: TagEnd) -> Option<Event<'e>> {
        let dropped = self.dropped.pop().unwrap_or(false);
        (!dropped).then_some(Event::End(end))
    }
}

pub use crate::html::runs_script;

/// A `data:` URL of a raster picture (safe as an `<img>` source).
fn is_data_image(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    ["png", "gif", "jpeg", "jpg", "webp", "avif"]
        .iter()
        .any(|kind| lower.starts_with(&format!("data:image/{kind}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn md(source: &str) -> String {
        render(&Highlighter::new(), source, &|_, _| UrlRewrite::Keep)
    }

    #[test]
    fn script_schemes_are_recognised_however_they_are_spelled() {
        for url in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            " \u{1}javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:x",
            "vbscript:msgbox",
            "data:text/html,<script>alert(1)</script>",
            "DATA:image/svg+xml,x",
        ] {
            assert!(runs_script(url), "{url:?}");
        }
        for url in [
            "https://x.com/javascript:",
            "/javascript:x",
            "mailto:a@b.c",
            "#data:",
        ] {
            assert!(!runs_script(url), "{url:?}");
        }
    }

    #[test]
    fn script_links_become_their_text() {
        assert_eq!(md("[x](javascript:alert(1))"), "<p>x</p>\n");
        assert_eq!(
            md("[**x**](VBScript:msgbox)"),
            "<p><strong>x</strong></p>\n"
        );
        assert_eq!(md("[x](data:text/html,hi)"), "<p>x</p>\n");
        assert_eq!(md("[x](&#106;avascript:alert(1))"), "<p>x</p>\n");
        assert_eq!(md("<javascript:alert(1)>"), "<p>javascript:alert(1)</p>\n");
        assert_eq!(md("[x][r]\n\n[r]: javascript:alert(1)\n"), "<p>x</p>\n");
    }

    #[test]
    fn script_images_become_their_alt_text_and_pictures_stay() {
        assert_eq!(md("![alt](javascript:alert(1))"), "<p>alt</p>\n");
        assert_eq!(md("![alt](data:text/html,x)"), "<p>alt</p>\n");
        assert!(md("![a](data:image/png;base64,AA==)").contains("<img src=\"data:image/png"));
    }

    #[test]
    fn raw_html_is_text() {
        assert_eq!(
            md("a <a href=\"javascript:x\">y</a> <img src=x onerror=alert(1)>"),
            "<p>a &lt;a href=\"javascript:x\"&gt;y&lt;/a&gt; &lt;img src=x onerror=alert(1)&gt;</p>\n"
        );
        assert_eq!(
            md("<script>alert(1)</script>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;"
        );
        // Of the components, only callouts are read (their inside stays
        // untrusted); others are text.
        let note = md("<Note>hi <b>x</b></Note>");
        assert!(
            note.starts_with("<aside class=\"c-callout c-note callout\""),
            "{note}"
        );
        assert!(note.contains("<p>hi &lt;b&gt;x&lt;/b&gt;</p>"), "{note}");
        assert_eq!(
            md("<Card>hi</Card>"),
            "<p>&lt;Card&gt;hi&lt;/Card&gt;</p>\n"
        );
    }

    #[test]
    fn markdown_reads_as_on_a_page() {
        assert_eq!(
            md("`success` is *1*, see [docs](https://x.com/a)\n\n- a\n- b\n"),
            "<p><code>success</code> is <em>1</em>, see <a href=\"https://x.com/a\">docs</a></p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"
        );
        let code = md("```json\n{\"a\": 1}\n```\n");
        assert!(
            code.contains(
                "<pre class=hl data-component-part=code-block-root><code class=language-json>"
            ),
            "{code}"
        );
        assert!(code.contains("hl-n"), "{code}");
        assert!(md("{props.x}").contains("{props.x}"), "no MDX expressions");
    }

    #[test]
    fn links_are_rewritten_like_the_pages_own() {
        let to_page = |url: &str, _| UrlRewrite::To(format!("../{url}/"));
        assert_eq!(
            render(&Highlighter::new(), "[c](d)", &to_page),
            "<p><a href=\"../d/\">c</a></p>\n"
        );
    }

    #[test]
    fn inline_rendering_is_one_paragraph_or_the_text_as_written() {
        let hl = Highlighter::new();
        let keep = |_: &str, _| UrlRewrite::Keep;
        assert_eq!(
            render_inline(&hl, "`success` is 1", &keep),
            "<code>success</code> is 1"
        );
        assert_eq!(render_inline(&hl, "a\n\nb", &keep), "a\n\nb");
        assert_eq!(
            render_inline(&hl, "2024. A *year*", &keep),
            "2024. A *year*",
            "not an ordered list"
        );
        assert_eq!(
            render_inline(&hl, "<b>x</b>", &keep),
            "&lt;b&gt;x&lt;/b&gt;"
        );
    }
}
