//! Small HTML-writing helpers shared by the markdown stage.

pub use crate::html::{escape, escape_text_into};

/// ` name="value"` with the value escaped, or nothing when `value` is `None`.
pub fn attr(name: &str, value: Option<&str>) -> String {
    value.map_or_else(String::new, |v| format!(" {name}=\"{}\"", escape(v)))
}

/// The text a reader sees in HTML: tags dropped, entities read.
pub fn visible_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len() / 2);
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        text.push(' ');
        rest = rest[open..]
            .find('>')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    text.push_str(rest);
    let text = html_escape::decode_html_entities(&text);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_text_drops_tags() {
        assert_eq!(
            visible_text("<p>Count: <b>3</b> &amp; more</p>"),
            "Count: 3 & more"
        );
    }

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
