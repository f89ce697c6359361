//! Small HTML-writing helpers shared by the markdown stage.

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    escape_into(&mut out, text);
    out
}

/// [`escape`], appending to `out`.
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// ` name="value"` with the value escaped, or nothing when `value` is `None`.
pub fn attr(name: &str, value: Option<&str>) -> String {
    value.map_or_else(String::new, |v| format!(" {name}=\"{}\"", escape(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_text_and_attributes() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(attr("title", Some("a\"b")), " title=\"a&quot;b\"");
        assert_eq!(attr("title", None), "");
    }
}
