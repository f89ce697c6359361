//! JSX as the value of an attribute a component shows as text
//! (`<Card title={<span>Styled title</span>}>`), as React shows it: the
//! JSX rendered in the title's place. Components build their HTML from
//! text, escaping it, so the attribute's text is a mark — [`OPEN`], the
//! value's index, [`MID`], its visible text, [`CLOSE`] (private-use
//! characters no page writes and escaping leaves alone) — and once the
//! component's HTML is made, [`fill`] puts the rendered JSX where a mark
//! stands in content, and its visible text where one stands inside a
//! tag (an `aria-label`, say), so no markup lands in an attribute.

/// Starts a mark.
pub(super) const OPEN: char = '\u{E030}';
/// Ends a mark's index.
const MID: char = '\u{E031}';
/// Ends a mark.
const CLOSE: char = '\u{E032}';

/// The mark of the value `index`, whose HTML is `html`.
pub(super) fn mark(index: usize, html: &str) -> String {
    let text = super::super::html::visible_text(html);
    format!("{OPEN}{index}{MID}{text}{CLOSE}")
}

/// `html` with each mark replaced: the value's HTML in content, its text
/// (already escaped with the rest) inside a tag.
pub(super) fn fill(html: &str, values: &[String]) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find(OPEN) {
        out.push_str(&rest[..open]);
        let after = &rest[open + OPEN.len_utf8()..];
        let Some(close) = after.find(CLOSE) else {
            out.push_str(after);
            return out;
        };
        let (index, text) = after[..close].split_once(MID).unwrap_or(("", ""));
        let in_tag = out.rfind('<') > out.rfind('>');
        match index.parse::<usize>().ok().and_then(|i| values.get(i)) {
            Some(value) if !in_tag => out.push_str(value),
            _ => out.push_str(text),
        }
        rest = &after[close + CLOSE.len_utf8()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_become_html_in_content_and_text_in_tags() {
        let values = vec!["<span>Styled</span>".to_string()];
        let m = mark(0, &values[0]);
        let html = format!("<p aria-label=\"{m}\">{m}</p>");
        assert_eq!(
            fill(&html, &values),
            "<p aria-label=\"Styled\"><span>Styled</span></p>"
        );
    }

    #[test]
    fn an_unclosed_mark_keeps_its_text() {
        assert_eq!(fill(&format!("a{OPEN}0{MID}b"), &[]), "a0\u{E031}b");
    }
}
