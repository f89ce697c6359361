//! HTML escaping shared by every stage that writes HTML (markdown,
//! OpenAPI pages, the theme and its tera templates), and what kind of
//! address an `href` holds, which the config, pages and theme all ask.

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

/// Whether `url` leaves the site: it has a scheme (`https:`, `mailto:`,
/// `tel:`, `data:`…) or is protocol-relative (`//cdn.example.com`).
pub fn is_external_url(url: &str) -> bool {
    url.starts_with("//")
        || url.split_once(':').is_some_and(|(scheme, _)| {
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
        })
}

/// Whether `url` is an absolute `http(s)` address with a host.
pub fn is_web_address(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let rest = (lower.strip_prefix("https://")).or_else(|| lower.strip_prefix("http://"));
    rest.is_some_and(|rest| !rest.is_empty())
}

/// Whether a URL, as a browser reads it, uses a scheme that runs script or
/// loads a document of the link's own making: `javascript:`, `vbscript:`,
/// `data:`. Browsers drop tabs and newlines anywhere in a URL and leading
/// spaces and control characters, and compare schemes case-insensitively.
pub fn runs_script(url: &str) -> bool {
    let cleaned: String = url
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .take(16)
        .collect::<String>()
        .to_ascii_lowercase();
    ["javascript:", "vbscript:", "data:"]
        .iter()
        .any(|scheme| cleaned.starts_with(scheme))
}

#[cfg(test)]
mod tests {
    use super::{is_external_url, is_web_address};

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

    #[test]
    fn external_and_web_addresses() {
        for url in ["https://x.com", "mailto:a@b", "//cdn.x", "tel:+1", "data:x"] {
            assert!(is_external_url(url), "{url}");
        }
        for url in ["/quickstart", "api/users", "#top", "", ":x"] {
            assert!(!is_external_url(url), "{url}");
        }
        assert!(is_web_address("HTTPS://x.com/a"));
        for url in ["https://", "mailto:a@b", "/a", "ftp://x"] {
            assert!(!is_web_address(url), "{url}");
        }
    }
}
