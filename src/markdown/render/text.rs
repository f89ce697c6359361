//! Text helpers the renderer shares with the components: dedenting an
//! element's children, and unwrapping HTML that is a single paragraph.

use std::borrow::Cow;

/// Removes up to `n` leading spaces or tabs from each line.
pub(in crate::markdown) fn dedent(text: &str, n: usize, first_at_line_start: bool) -> Cow<'_, str> {
    if n == 0 {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i == 0 && !first_at_line_start {
            out.push_str(line);
            continue;
        }
        let strip = line
            .bytes()
            .take(n)
            .take_while(|b| *b == b' ' || *b == b'\t')
            .count();
        out.push_str(&line[strip..]);
    }
    Cow::Owned(out)
}

/// Strips the `<p>…</p>` around HTML that is a single paragraph.
pub(in crate::markdown) fn unwrap_paragraph(html: String) -> String {
    let trimmed = html.trim_end();
    match trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
    {
        Some(inner) if !inner.contains("<p>") => inner.to_string(),
        _ => html,
    }
}
