//! String literals in each sample language, so any text (a URL with `'`,
//! a body with backslashes or quotes) stays one valid literal.

/// A POSIX shell single-quoted word (`'` written as `'\''`).
pub(super) fn shell(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// A double-quoted literal valid in Python, JavaScript, Go and Java (JSON's
/// escapes are a subset of theirs).
pub(super) fn double(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A single-quoted literal of PHP or Ruby: only `\` and `'` are escaped, and
/// nothing is interpolated.
pub(super) fn single(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// A Rust string literal.
pub(super) fn rust(s: &str) -> String {
    format!("\"{}\"", s.escape_default())
}

/// A Go raw string literal when the text has no backtick, else a quoted one.
pub(super) fn go(text: &str) -> String {
    if text.contains('`') {
        double(text)
    } else {
        format!("`{text}`")
    }
}

/// A Java text block holding exactly `text` (no trailing newline), its
/// lines indented by `indent` spaces.
pub(super) fn java_text_block(text: &str, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let escaped = text.replace('\\', "\\\\").replace("\"\"\"", "\"\"\\\"");
    let lines: Vec<String> = escaped
        .lines()
        .map(|line| {
            // A text block strips trailing spaces; `\s` keeps one.
            match line.strip_suffix(' ') {
                Some(rest) => format!("{pad}{rest}\\s"),
                None => format!("{pad}{line}"),
            }
        })
        .collect();
    format!("\"\"\"\n{}\"\"\"", lines.join("\n"))
}

/// Every line after the first indented by `indent` spaces (for nesting a
/// pretty-printed value inside code).
pub(super) fn indent_rest(text: &str, indent: usize) -> String {
    text.replace('\n', &format!("\n{}", " ".repeat(indent)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_survive_in_every_style() {
        assert_eq!(shell("it's"), "'it'\\''s'");
        assert_eq!(double("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(single("it's \\ $x #{y}"), "'it\\'s \\\\ $x #{y}'");
        assert_eq!(rust("a\"b"), "\"a\\\"b\"");
        assert_eq!(go("a\"b"), "`a\"b`");
        assert_eq!(go("a`b"), "\"a`b\"");
    }

    #[test]
    fn java_text_blocks_keep_the_text_exactly() {
        let block = java_text_block("{\n  \"a\": \"\\\"\"\"\"\n}", 4);
        assert_eq!(
            block,
            "\"\"\"\n    {\n      \"a\": \"\\\\\"\"\\\"\"\n    }\"\"\""
        );
        assert_eq!(java_text_block("x ", 0), "\"\"\"\nx\\s\"\"\"");
    }
}
