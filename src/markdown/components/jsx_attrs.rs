//! JSX as the value of an attribute a component shows as text
//! (`<Card title={<span>Styled title</span>}>`), as React shows it: the
//! JSX rendered in the title's place. Components build their HTML from
//! text, escaping it, so the attribute's text is a mark — [`OPEN`], the
//! value's index, [`MID`], its visible text, [`CLOSE`] (private-use
//! characters no page writes and escaping leaves alone; the index's digits
//! are private-use too, from [`DIGIT_ZERO`], so an id made from the title
//! holds only its visible text) — and once the
//! component's HTML is made, [`fill`] puts the rendered JSX where a mark
//! stands in content, and its visible text where one stands inside a
//! tag (an `aria-label`, say), so no markup lands in an attribute.

/// Starts a mark.
pub(super) const OPEN: char = '\u{E030}';
/// Ends a mark's index.
const MID: char = '\u{E031}';
/// Ends a mark.
const CLOSE: char = '\u{E032}';
/// The index's digit 0; 1 to 9 follow it.
const DIGIT_ZERO: u32 = 0xE040;

/// The mark of the value `index`, whose HTML is `html`.
pub(super) fn mark(index: usize, html: &str) -> String {
    let text = super::super::html::visible_text(html);
    let digits: String = (index.to_string().bytes())
        .filter_map(|d| char::from_u32(DIGIT_ZERO + u32::from(d - b'0')))
        .collect();
    format!("{OPEN}{digits}{MID}{text}{CLOSE}")
}

/// The index a mark's private-use digits spell.
fn index_of(digits: &str) -> Option<usize> {
    let decimal: Option<String> = (digits.chars())
        .map(|c| char::from_digit((c as u32).checked_sub(DIGIT_ZERO)?, 10))
        .collect();
    decimal?.parse().ok()
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
        match index_of(index).and_then(|i| values.get(i)) {
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

    #[test]
    fn a_mark_holds_no_character_an_id_keeps_but_its_text() {
        let values: Vec<String> = (0..12).map(|i| format!("<b>T{i}</b>")).collect();
        let m = mark(11, &values[11]);
        let kept: String = m.chars().filter(|c| c.is_alphanumeric()).collect();
        assert_eq!(kept, "T11");
        assert_eq!(fill(&m, &values), "<b>T11</b>");
    }
}
