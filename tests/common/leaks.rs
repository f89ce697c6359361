//! Finding Mintlify component tags that leaked into rendered HTML.

/// Visible component tags in the page body: `<Note` or `&lt;Note` outside
/// code. (Titles and navigation labels may legitimately read `<Inbox />`.)
pub fn leaked_tag(html: &str) -> Option<String> {
    let start = html.find("<div class=\"prose mdx-content\">").unwrap_or(0);
    let body = &html[start..];
    let end = [
        "<div class=\"feedback feedback-toolbar\">",
        "<nav id=pagination class=pager",
        "</article>",
    ]
    .iter()
    .filter_map(|marker| body.find(marker))
    .min()
    .unwrap_or(body.len());
    let main = &body[..end];
    let mut rest = main;
    while let Some(i) = rest.find("<pre") {
        let before = &rest[..i];
        if let Some(found) = find_leak(before) {
            return Some(found);
        }
        rest = rest[i..]
            .split_once("</pre>")
            .map_or("", |(_, after)| after);
    }
    find_leak(rest)
}

fn find_leak(text: &str) -> Option<String> {
    let text = strip_code(text);
    for marker in ["<", "&lt;"] {
        for (i, _) in text.match_indices(marker) {
            let after = &text[i + marker.len()..];
            if after.starts_with(|c: char| c.is_ascii_uppercase()) {
                let tag: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                return Some(format!("{marker}{tag}"));
            }
        }
    }
    None
}

/// The text without code: `<code>` elements and code block titles.
fn strip_code(text: &str) -> String {
    let text = strip_elements(text, "<code", "</code>");
    strip_elements(
        &text,
        "<span class=c-code-title data-component-part=code-block-header-filename>",
        "</span>",
    )
}

fn strip_elements(text: &str, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(open) {
        out.push_str(&rest[..i]);
        rest = rest[i..].split_once(close).map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}
