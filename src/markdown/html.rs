//! Small HTML-writing helpers shared by the markdown stage.

pub use crate::html::{escape, escape_text_into};

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
