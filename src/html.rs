//! HTML escaping shared by every stage that writes HTML (markdown,
//! OpenAPI pages, the theme and its tera templates).

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

/// Whether an attribute value can be written without quotes (HTML's
/// unquoted attribute syntax: not empty, no space, quote, `=`, `<`, `>` or
/// backtick).
pub fn may_be_unquoted(value: &str) -> bool {
    !value.is_empty()
        && !value
            .chars()
            .any(|c| c.is_whitespace() || "\"'=<>`".contains(c))
}

/// An attribute value, escaped, in quotes only when it needs them:
/// `x` → `x`, `a b` → `"a b"`.
pub fn attr_value(value: &str) -> String {
    let escaped = escape(value);
    if may_be_unquoted(&escaped) {
        escaped
    } else {
        format!("\"{escaped}\"")
    }
}

/// Escapes text between tags, where only `&`, `<` and `>` need it (quotes
/// stay as they are: code is full of them). pulldown-cmark's own escaper.
pub fn escape_text_into(out: &mut String, text: &str) {
    pulldown_cmark_escape::escape_html_body_text(out, text)
        .expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    #[test]
    fn text_keeps_its_quotes() {
        let mut out = String::new();
        super::escape_text_into(&mut out, "if a < b && c > \"d\" {'e'}");
        assert_eq!(out, "if a &lt; b &amp;&amp; c &gt; \"d\" {'e'}");
    }

    #[test]
    fn attribute_values_are_quoted_only_when_needed() {
        assert_eq!(super::attr_value("json"), "json");
        assert_eq!(super::attr_value("a b"), "\"a b\"");
        assert_eq!(super::attr_value("a\"b"), "a&quot;b");
        assert_eq!(super::attr_value(""), "\"\"");
    }

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            super::escape("<a href=\"x\">Tom & 'Jo'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jo&#39;&lt;/a&gt;"
        );
    }
}
