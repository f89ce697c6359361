//! TeX formulas to MathML at build time, with pulldown-latex. Browsers
//! render MathML Core natively, so math needs no script and no web font.
//!
//! Used for `$…$` / `$$…$$` in markdown text (pulldown-cmark's math events)
//! and for the `<Latex>` component. A formula that does not parse is shown
//! as its source in `<code>`, and the caller warns.

use pulldown_latex::config::{DisplayMode, RenderConfig};
use pulldown_latex::{push_mathml, Parser, Storage};

use super::html::escape;

/// `<math>` for `tex`, inline or as a display block; `Err` holds the
/// parser's message when the formula is not valid TeX.
pub fn to_mathml(tex: &str, display: bool) -> Result<String, String> {
    let storage = Storage::new();
    let events = Parser::new(tex, &storage).collect::<Result<Vec<_>, _>>();
    let events = events.map_err(|e| first_line(&e.to_string()))?;
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        annotation: Some(tex),
        ..RenderConfig::default()
    };
    let mut out = String::new();
    push_mathml(
        &mut out,
        events.into_iter().map(Ok::<_, std::io::Error>),
        config,
    )
    .map_err(|e| e.to_string())?;
    Ok(escape_stray_lt(&out))
}

/// MathML elements the renderer writes (MathML Core and `semantics`).
const TAGS: &[&str] = &[
    "annotation",
    "math",
    "menclose",
    "merror",
    "mfrac",
    "mi",
    "mmultiscripts",
    "mn",
    "mo",
    "mover",
    "mpadded",
    "mphantom",
    "mprescripts",
    "mroot",
    "mrow",
    "ms",
    "mspace",
    "msqrt",
    "mstyle",
    "msub",
    "msubsup",
    "msup",
    "mtable",
    "mtd",
    "mtext",
    "mtr",
    "munder",
    "munderover",
    "none",
    "semantics",
];

/// Attributes the renderer writes.
const ATTRS: &[&str] = &[
    "class",
    "columnalign",
    "depth",
    "display",
    "displaystyle",
    "encoding",
    "height",
    "largeop",
    "linethickness",
    "lspace",
    "mathvariant",
    "maxsize",
    "minsize",
    "movablelimits",
    "rspace",
    "scriptlevel",
    "stretchy",
    "style",
    "symmetric",
    "width",
    "xmlns",
];

/// The renderer writes some characters of the formula as they are (`<` in
/// `<mo><</mo>`, in `\operatorname{…}` and in the annotation). Every `<`
/// that does not open one of its own MathML tags becomes `&lt;`, so no
/// formula can put markup of its own into the page.
fn escape_stray_lt(mathml: &str) -> String {
    let mut out = String::with_capacity(mathml.len() + 16);
    let mut rest = mathml;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let len = mathml_tag_len(tail).unwrap_or(0);
        if len == 0 {
            out.push_str("&lt;");
            rest = &tail[1..];
        } else {
            out.push_str(&tail[..len]);
            rest = &tail[len..];
        }
    }
    out.push_str(rest);
    out
}

/// The length of the MathML tag `s` starts with: a known element, and only
/// known attributes with double-quoted values.
fn mathml_tag_len(s: &str) -> Option<usize> {
    let name_end = |from: usize| {
        s[from..]
            .find(|c: char| !c.is_ascii_lowercase())
            .map(|n| from + n)
    };
    let start = if s[1..].starts_with('/') { 2 } else { 1 };
    let mut pos = name_end(start)?;
    if !TAGS.contains(&&s[start..pos]) {
        return None;
    }
    loop {
        pos += s[pos..].len() - s[pos..].trim_start_matches(' ').len();
        let rest = &s[pos..];
        if rest.starts_with('>') {
            return Some(pos + 1);
        }
        if rest.starts_with("/>") {
            return Some(pos + 2);
        }
        let end = name_end(pos)?;
        if !ATTRS.contains(&&s[pos..end]) || !s[end..].starts_with("=\"") {
            return None;
        }
        let value_len = s[end + 2..].find(['"', '<'])?;
        if !s[end + 2 + value_len..].starts_with('"') {
            return None;
        }
        pos = end + 2 + value_len + 1;
    }
}

/// The formula as HTML: MathML, or its source in `<code>` with the reason.
/// An equation number (`\tag{1}`, which the MathML renderer lacks) is
/// shown beside the formula, as `(1)`.
pub fn math_html(tex: &str, display: bool) -> (String, Option<String>) {
    let (formula, tag) = split_tag(tex);
    match to_mathml(&formula, display) {
        Ok(mathml) => match tag {
            Some(tag) => (
                format!(
                    "<span class=\"c-math-tagged\">{mathml}<span class=\"c-math-tag\">({})</span></span>",
                    escape(&tag)
                ),
                None,
            ),
            None => (mathml, None),
        },
        Err(reason) => {
            let class = if display {
                "c-math-error c-math-display"
            } else {
                "c-math-error"
            };
            let html = format!("<code class=\"{class}\">{}</code>", escape(tex));
            (html, Some(reason))
        }
    }
}

/// The formula without its `\tag{…}` / `\tag*{…}`, and the tag's text.
fn split_tag(tex: &str) -> (String, Option<String>) {
    let Some(start) = tex.find("\\tag") else {
        return (tex.to_string(), None);
    };
    let rest = &tex[start + 4..];
    let rest = rest.strip_prefix('*').unwrap_or(rest).trim_start();
    let Some(inner) = rest.strip_prefix('{') else {
        return (tex.to_string(), None);
    };
    let Some(end) = inner.find('}') else {
        return (tex.to_string(), None);
    };
    let after = &inner[end + 1..];
    let formula = format!("{}{after}", &tex[..start]);
    (formula, Some(inner[..end].trim().to_string()))
}

/// The parser's message without the context lines it draws below it.
fn first_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or(message);
    line.strip_prefix("parsing error: ")
        .unwrap_or(line)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_mathml_with_their_source() {
        let inline = to_mathml(r"x^{2}", false).unwrap();
        assert!(inline.starts_with("<math"), "{inline}");
        assert!(inline.contains("<msup>"), "{inline}");
        assert!(
            inline.contains("<annotation encoding=\"application/x-tex\">x^{2}</annotation>"),
            "{inline}"
        );
        let block = to_mathml(r"\frac{a}{b}", true).unwrap();
        assert!(block.contains("display=\"block\""), "{block}");
        assert!(block.contains("<mfrac>"), "{block}");
    }

    #[test]
    fn equation_tags_are_shown_beside_the_formula() {
        let (html, reason) = math_html(r"a \leq b \tag{2}", true);
        assert_eq!(reason, None);
        assert!(
            html.contains("<span class=\"c-math-tag\">(2)</span>"),
            "{html}"
        );
        assert!(!html.contains("tag{2}"), "{html}");
    }

    #[test]
    fn invalid_tex_falls_back_to_escaped_source() {
        let (html, reason) = math_html(r"\frac{a}{b", false);
        assert_eq!(html, "<code class=\"c-math-error\">\\frac{a}{b</code>");
        let reason = reason.unwrap();
        assert!(reason.contains("unbalanced group"), "{reason}");
    }

    #[test]
    fn characters_of_the_formula_never_become_markup() {
        let html = to_mathml("a<b", false).unwrap();
        assert!(html.contains("<mo>&lt;</mo>"), "{html}");
        assert!(html.contains(">a&lt;b</annotation>"), "{html}");
        let html = to_mathml(r"\operatorname{<img onerror=x>}", false).unwrap();
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img"), "{html}");
        let html = to_mathml(r#"\operatorname{<mi onclick="x">}"#, false).unwrap();
        assert!(!html.contains("<mi onclick"), "{html}");
    }
}
