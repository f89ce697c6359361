//! Lean markup for the fragments every page repeats (head tags, top bar,
//! sidebar, footer). They are rendered once per build, so they can be
//! rewritten once into the shortest equivalent HTML. Only the built-in
//! templates' output is (`Templates::render_shared`): an override under
//! `_theme/` is used as its author wrote it.
//! - attribute values without quotes where the HTML syntax allows it (no
//!   space, quote, `=`, `<`, `>` or backtick), and `x=""` as just `x`;
//! - no whitespace-only text holding a line break between two tags (the
//!   templates' line breaks; a space written on one line stays);
//! - `</li>` left out before another `<li>` and before the end of its list
//!   (an optional end tag), and at the end of a fragment that always sits
//!   in a list (`trailing_li`); `</p>` left out before a `<ul>`.
//!
//! The text of `<script>`, `<style>`, `<pre>` and `<textarea>` and comments
//! are copied as they are. The fragment markers (private-use characters) are
//! ordinary attribute-value characters here, and a marker written right
//! after an attribute stays attached to the tag without a space before it
//! (the marker writes its own).

use super::fragment::MARK_OPEN;
use crate::html::may_be_unquoted;

/// The lean form of `html` (see the module docs). With `trailing_li`, a
/// final `</li>` is left out too: the caller writes the next `<li>` or the
/// list's end after it.
pub fn lean(html: &str, trailing_li: bool) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            push_text(&mut out, rest, true);
            break;
        };
        push_text(&mut out, &rest[..lt], false);
        rest = &rest[lt..];
        if let Some(comment) = rest.strip_prefix("<!--") {
            let end = comment.find("-->").map_or(rest.len(), |e| e + 4 + 3);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
            continue;
        }
        let Some(tag_end) = tag_end(rest) else {
            out.push_str(rest);
            break;
        };
        let tag = &rest[..tag_end];
        rest = &rest[tag_end..];
        if let Some(name) = tag.strip_prefix("</") {
            let name = name.trim_end_matches('>').trim();
            if name.eq_ignore_ascii_case("li") && li_may_end(rest, trailing_li) {
                continue;
            }
            if name.eq_ignore_ascii_case("p") && starts_tag(rest.trim_start(), "<ul") {
                continue;
            }
            out.push_str(tag);
            continue;
        }
        let name = tag_name(tag);
        push_start_tag(&mut out, tag);
        if ["script", "style", "pre", "textarea"]
            .iter()
            .any(|raw| name.eq_ignore_ascii_case(raw))
        {
            let close = format!("</{}", name.to_ascii_lowercase());
            let end = rest.to_ascii_lowercase().find(&close).unwrap_or(rest.len());
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out
}

/// Text between tags: dropped when it is only whitespace with a line break
/// (a template's formatting), else kept.
fn push_text(out: &mut String, text: &str, at_end: bool) {
    let blank = text.chars().all(char::is_whitespace);
    if blank && (text.contains('\n') || at_end || out.is_empty()) {
        return;
    }
    out.push_str(text);
}

/// Whether the `</li>` before `rest` may be left out: what follows (after
/// the line breaks that are dropped) is another item or the list's end.
fn li_may_end(rest: &str, trailing_li: bool) -> bool {
    let next = rest.trim_start();
    if next.is_empty() {
        return trailing_li;
    }
    starts_tag(next, "<li") || starts_tag(next, "</ul") || starts_tag(next, "</ol")
}

/// Whether `text` starts with the tag `name` (`<li`, `</ul`), not a longer name.
fn starts_tag(text: &str, name: &str) -> bool {
    text.get(..name.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(name))
        && text[name.len()..]
            .chars()
            .next()
            .is_some_and(|c| c == '>' || c.is_whitespace() || c == MARK_OPEN)
}

/// The length of the tag starting `text` (up to its `>`, quotes respected).
fn tag_end(text: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in text.char_indices().skip(1) {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

fn tag_name(tag: &str) -> &str {
    let body = &tag[1..];
    let end = body
        .find(|c: char| c.is_whitespace() || c == '>' || c == '/' || c == MARK_OPEN)
        .unwrap_or(body.len());
    &body[..end]
}

/// A start tag (or doctype) with its attribute values unquoted where allowed.
fn push_start_tag(out: &mut String, tag: &str) {
    let name = tag_name(tag);
    if name.starts_with('!') || name.is_empty() {
        out.push_str(tag);
        return;
    }
    out.push('<');
    out.push_str(name);
    let inner = tag[1 + name.len()..tag.len() - 1].trim_end();
    let (inner, self_closing) = match inner.strip_suffix('/') {
        Some(i) if !i.ends_with('=') => (i, true),
        _ => (inner, false),
    };
    let mut rest = inner;
    loop {
        let spaced = rest.starts_with(char::is_whitespace);
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        // A marker glued to the previous attribute writes its own space.
        if spaced || !rest.starts_with(MARK_OPEN) {
            out.push(' ');
        }
        let name_end = rest
            .find(|c: char| c.is_whitespace() || c == '=')
            .unwrap_or(rest.len());
        out.push_str(&rest[..name_end]);
        rest = &rest[name_end..];
        let after_name = rest.trim_start();
        let Some(value_start) = after_name.strip_prefix('=') else {
            continue;
        };
        let value_start = value_start.trim_start();
        let (value, quote, consumed) = match value_start.chars().next() {
            Some(q @ ('"' | '\'')) => {
                let body = &value_start[1..];
                let end = body.find(q).unwrap_or(body.len());
                (&body[..end], Some(q), (end + 2).min(value_start.len()))
            }
            _ => {
                let end = value_start
                    .find(char::is_whitespace)
                    .unwrap_or(value_start.len());
                (&value_start[..end], None, end)
            }
        };
        rest = &value_start[consumed..];
        if value.is_empty() {
            continue;
        }
        out.push('=');
        match quote {
            Some(q) if !may_be_unquoted(value) => {
                out.push(q);
                out.push_str(value);
                out.push(q);
            }
            _ => out.push_str(value),
        }
    }
    if self_closing {
        out.push_str(" /");
    }
    out.push('>');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_values_lose_their_quotes_where_allowed() {
        assert_eq!(
            lean(
                "<a href=\"../x/\" class=\"a b\" title='it=1' data-x=\"\">t</a>",
                false
            ),
            "<a href=../x/ class=\"a b\" title='it=1' data-x>t</a>"
        );
    }

    #[test]
    fn line_breaks_between_tags_and_optional_li_ends_go() {
        let html = "<ul>\n<li><a href=\"a\">A</a></li>\n<li>B</li>\n</ul>\n<p>x <b>y</b> z</p>\n<p>G</p><ul></ul>";
        assert_eq!(
            lean(html, false),
            "<ul><li><a href=a>A</a><li>B</ul><p>x <b>y</b> z</p><p>G<ul></ul>"
        );
        assert_eq!(lean("<li>a</li>", false), "<li>a</li>");
        assert_eq!(lean("<li>a</li>\n", true), "<li>a");
    }

    #[test]
    fn raw_text_and_comments_stay_as_they_are() {
        let html = "<script>if (a<b) x=\"</li>\";</script>\n<pre class=\"c\">  a\n  </li>\n</pre><!-- \"k\" -->";
        assert_eq!(
            lean(html, false),
            "<script>if (a<b) x=\"</li>\";</script><pre class=c>  a\n  </li>\n</pre><!-- \"k\" -->"
        );
    }

    #[test]
    fn markers_keep_their_place_in_the_tag() {
        let marker = format!("{MARK_OPEN}c:p1\u{E002}");
        assert_eq!(
            lean(&format!("<a href=\"\u{E000}x/\"{marker}>x</a>"), false),
            format!("<a href=\u{E000}x/{marker}>x</a>")
        );
        assert_eq!(
            lean(&format!("<li{marker} class=\"k\">x</li>"), false),
            format!("<li{marker} class=k>x</li>")
        );
    }
}
