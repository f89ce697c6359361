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
//! ([`custom_html`]). Each part carries Mintlify's `data-component-part`
//! (`callout-icon`, `callout-content`) and `data-callout-type`.

use crate::color::{
    readable_on, Rgb, DEFAULT_BG_DARK, DEFAULT_BG_LIGHT, EDGE_CONTRAST, TEXT_CONTRAST,
};
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

/// A `<Callout>` with its own icon (`icon_html`, else none) and colour
/// (`color` as `#rrggbb`), drawn as Mintlify draws it: the colour at 10%
/// behind and 20% (30% in dark mode) on the edge, the text a darker (in
/// dark mode lighter) shade of it. The text keeps 4.5:1 and the icon 3:1
/// on the tinted background in each mode, whatever the colour given;
/// without a colour, Mintlify's stone look (components.css).
pub fn custom_html(icon_html: Option<&str>, color: Option<Rgb>, body: &str) -> String {
    let style = color.map_or_else(String::new, |color| {
        let [light, dark] = custom_looks(color);
        format!(" style=\"{light};{dark}\"")
    });
    with_look(
        "custom",
        "Callout",
        icon_html.unwrap_or_default(),
        &style,
        body,
    )
}

/// The custom properties of a `<Callout color>` in light and in dark mode.
fn custom_looks(color: Rgb) -> [String; 2] {
    let dark_color = yiq(color) < 128.0;
    let modes = [
        ("", DEFAULT_BG_LIGHT, 0.2, 0.1, scale_lightness(color, 0.5)),
        (
            "-dark",
            DEFAULT_BG_DARK,
            if dark_color { 0.4 } else { 0.3 },
            if dark_color { 0.3 } else { 0.1 },
            scale_lightness(color, 1.5),
        ),
    ];
    modes.map(|(mode, page, edge, tint, text)| {
        let bg = page.mix(color, tint);
        let text = readable_on(text, &[bg], TEXT_CONTRAST);
        let icon = readable_on(color, &[bg], EDGE_CONTRAST);
        format!(
            "--callout-edge{mode}:{};--callout-bg{mode}:{};--callout-text{mode}:{};--callout-icon{mode}:{}",
            page.mix(color, edge).hex(),
            bg.hex(),
            text.hex(),
            icon.hex()
        )
    })
}

/// YIQ brightness (0 to 255): below 128 a colour counts as dark, as the
/// colour library Mintlify's callouts use decides it.
fn yiq(c: Rgb) -> f64 {
    (f64::from(c.0) * 2126.0 + f64::from(c.1) * 7152.0 + f64::from(c.2) * 722.0) / 10000.0
}

/// `c` with its HSL lightness times `factor` (at most 100%).
fn scale_lightness(c: Rgb, factor: f64) -> Rgb {
    let [r, g, b] = [c.0, c.1, c.2].map(|v| f64::from(v) / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let l = (max + min) / 2.0;
    let d = max - min;
    let s = if d == 0.0 {
        0.0
    } else {
        d / (1.0 - (2.0 * l - 1.0).abs())
    };
    let h = if d == 0.0 {
        0.0
    } else if max == r {
        ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        (b - r) / d + 2.0
    } else {
        (r - g) / d + 4.0
    };
    let l = (l * factor).min(1.0);
    let chroma = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = chroma * (1.0 - (h.rem_euclid(2.0) - 1.0).abs());
    let (r, g, b) = match h as u8 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = l - chroma / 2.0;
    let channel = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(channel(r), channel(g), channel(b))
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
    let icon = match svg.is_empty() {
        true => String::new(),
        false => format!(
            "<span class=\"c-callout-icon\" data-component-part=\"callout-icon\">{svg}</span>"
        ),
    };
    format!(
        "<aside class=\"c-callout c-{kind} callout\" data-callout-type=\"{kind}\" role=\"note\" aria-label=\"{label}\"{style}>\
         {icon}<div class=\"c-callout-body\" data-component-part=\"callout-content\">{body}</div></aside>"
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
    fn a_custom_colour_is_mixed_as_mintlify_mixes_it_and_stays_readable() {
        let amber = Rgb(0xff, 0xc1, 0x07);
        assert_eq!(scale_lightness(amber, 0.5).hex(), "#836200");
        assert_eq!(scale_lightness(amber, 1.5).hex(), "#ffe28a");
        let [light, dark] = custom_looks(amber);
        assert_eq!(light, "--callout-edge:#fff3cd;--callout-bg:#fff9e6;--callout-text:#836200;--callout-icon:#b58905");
        assert_eq!(dark, "--callout-edge-dark:#574612;--callout-bg-dark:#272315;--callout-text-dark:#ffe28a;--callout-icon-dark:#ffc107");
        // A pale colour's text is darkened until it reads at 4.5:1.
        let pale = Rgb(0xff, 0xff, 0x99);
        for (looks, page) in custom_looks(pale)
            .iter()
            .zip([DEFAULT_BG_LIGHT, DEFAULT_BG_DARK])
        {
            let value = |name: &str| {
                let at = looks.find(&format!("{name}:")).unwrap() + name.len() + 1;
                Rgb::parse(&looks[at..at + 7]).unwrap()
            };
            let suffix = if page == DEFAULT_BG_DARK { "-dark" } else { "" };
            let bg = value(&format!("--callout-bg{suffix}"));
            let text = value(&format!("--callout-text{suffix}"));
            assert!(crate::color::contrast(text, bg) >= TEXT_CONTRAST, "{looks}");
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
