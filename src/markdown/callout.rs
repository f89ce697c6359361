//! Mintlify's callouts (`<Note>`, `<Warning>`, `<Info>`, `<Tip>`,
//! `<Check>`, `<Danger>`, `<Callout>`): their markup, shared by the page's
//! components and by untrusted text. Specs and frontmatter write them too
//! (`description: <Warning>This endpoint is deprecated</Warning>`), so
//! [`split`] finds them in text that is otherwise plain Markdown: a
//! callout opens a line (outside fenced code) and closes with its own end
//! tag; its attributes are dropped and its inside stays untrusted text.
//!
//! `<Danger>` has a look of its own (red), not `<Warning>`'s; a page's
//! `<Callout icon="key" color="#FFC107">` shows its icon and colour
//! ([`custom_html`]).

use crate::color::{readable_on, Rgb, DEFAULT_BG_DARK, DEFAULT_BG_LIGHT, EDGE_CONTRAST};
use crate::icons::theme_svg;

/// The callout components.
pub const NAMES: [&str; 7] = [
    "Note", "Warning", "Info", "Tip", "Check", "Danger", "Callout",
];

/// A callout named `name` around `body` (HTML).
pub fn html(name: &str, body: &str) -> String {
    let (kind, icon, label) = look(name);
    let svg = theme_svg(icon, None);
    with_look(kind, label, &svg, "", body)
}

/// A `<Callout>` with its own icon (`icon_html`, else the note's) and
/// colour (`color` as `#rrggbb`): the colour marks its edge and icon in a
/// shade that keeps 3:1 against each mode's page (the text keeps the
/// page's own colour, whatever the colour given).
pub fn custom_html(icon_html: Option<&str>, color: Option<Rgb>, body: &str) -> String {
    let (kind, icon, label) = look("Callout");
    let svg = icon_html.map_or_else(|| theme_svg(icon, None), str::to_string);
    let style = color.map_or_else(String::new, |color| {
        let light = readable_on(color, &[DEFAULT_BG_LIGHT], EDGE_CONTRAST);
        let dark = readable_on(color, &[DEFAULT_BG_DARK], EDGE_CONTRAST);
        format!(
            " style=\"--callout-light:{};--callout-dark:{}\"",
            light.hex(),
            dark.hex()
        )
    });
    with_look(kind, label, &svg, &style, body)
}

/// The class, the default icon and the accessible name of callout `name`.
fn look(name: &str) -> (&'static str, &'static str, &'static str) {
    match name {
        "Warning" => ("warning", "triangle-exclamation", "Warning"),
        "Danger" => ("danger", "circle-exclamation", "Danger"),
        "Info" => ("info", "circle-info", "Info"),
        "Tip" => ("tip", "lightbulb", "Tip"),
        "Check" => ("check", "circle-check", "Check"),
        _ => ("note", "circle-exclamation", "Note"),
    }
}

fn with_look(kind: &str, label: &str, svg: &str, style: &str, body: &str) -> String {
    format!(
        "<aside class=\"c-callout c-{kind} callout\" data-callout-type=\"{kind}\" role=\"note\" aria-label=\"{label}\"{style}>\
         <span class=\"c-callout-icon\" data-component-part=\"callout-icon\">{svg}</span>\
         <div class=\"c-callout-body\" data-component-part=\"callout-content\">{body}</div></aside>"
    )
}

/// A piece of text: Markdown, or a callout with the text inside it.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'t> {
    Text(&'t str),
    Callout { name: &'static str, inside: &'t str },
}

/// `text` cut at its callouts; one `Text` piece when it has none.
pub fn split(text: &str) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some((before, name, inside, after)) = next_callout(rest) {
        if !before.trim().is_empty() {
            pieces.push(Piece::Text(before));
        }
        pieces.push(Piece::Callout { name, inside });
        rest = after;
    }
    if !rest.trim().is_empty() || pieces.is_empty() {
        pieces.push(Piece::Text(rest));
    }
    pieces
}

/// `text` with its callouts' tags left out (for a meta description).
pub fn without_tags(text: &str) -> String {
    split(text)
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) | Piece::Callout { inside: text, .. } => text.trim(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first callout of `text` that opens a line outside fenced code:
/// (text before, name, inside, text after).
fn next_callout(text: &str) -> Option<(&str, &'static str, &str, &str)> {
    let mut fenced = false;
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
        } else if !fenced {
            let indent = line.len() - trimmed.len();
            if let Some(found) = callout_at(text, line_start + indent) {
                return Some(found);
            }
        }
        line_start += line.len();
    }
    None
}

/// The callout whose start tag is at byte `start` of `text`, if it has an
/// end tag.
fn callout_at(text: &str, start: usize) -> Option<(&str, &'static str, &str, &str)> {
    let tag = text[start..].strip_prefix('<')?;
    let name = NAMES.into_iter().find(|name| {
        tag.strip_prefix(name)
            .is_some_and(|after| after.starts_with(['>', ' ', '\t', '\n']))
    })?;
    let open_end = start + text[start..].find('>')? + 1;
    let close = format!("</{name}>");
    let close_at = open_end + text[open_end..].find(&close)?;
    Some((
        &text[..start],
        name,
        &text[open_end..close_at],
        &text[close_at + close.len()..],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callouts_that_open_a_line_are_cut_out() {
        assert_eq!(
            split("<Warning>This endpoint is deprecated!</Warning>"),
            [Piece::Callout {
                name: "Warning",
                inside: "This endpoint is deprecated!"
            }]
        );
        assert_eq!(
            split("Lists users.\n\n<Note type=\"x\">\nPaged.\n</Note>\nMore."),
            [
                Piece::Text("Lists users.\n\n"),
                Piece::Callout {
                    name: "Note",
                    inside: "\nPaged.\n"
                },
                Piece::Text("\nMore.")
            ]
        );
    }

    #[test]
    fn tags_in_code_inside_a_line_or_without_an_end_stay_text() {
        for text in [
            "```\n<Note>x</Note>\n```",
            "Use `<Note>` like <Note>this</Note>.",
            "<Note>never closed",
            "<Notes>x</Notes>",
        ] {
            assert_eq!(split(text), [Piece::Text(text)], "{text}");
        }
    }

    #[test]
    fn meta_text_leaves_the_tags_out() {
        assert_eq!(
            without_tags("<Warning>This Endpoint is Deprecated!</Warning>"),
            "This Endpoint is Deprecated!"
        );
    }
}
