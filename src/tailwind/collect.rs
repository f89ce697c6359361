//! Where a page's class names come from: the `class` attributes of its
//! rendered HTML ([`html_classes`], whatever wrote them: the author's HTML,
//! a snippet, a component) and the `class`/`className` attributes of its
//! source ([`source_classes`]), where an expression sheaf does not evaluate
//! (`className={`p-4 ${open ? "block" : "hidden"}`}`) still names its
//! classes in string literals: every literal part of it counts, as
//! Tailwind's own content scan counts every string that looks like a class.
//!
//! Both scans are linear: the HTML scan jumps from one `class=` to the next
//! (`memchr`), the expression scan keeps its nesting (template literals in
//! `${…}` in template literals) on a bounded stack and gives up past it.

use memchr::memmem;

/// How deep `${…}` and braces may nest inside one attribute expression.
const MAX_NESTING: usize = 64;
/// The longest token taken for a class name (longer ones are prose or data).
const MAX_CLASS_LEN: usize = 120;

/// Every class token of the `class="…"` attributes of `html`.
pub fn html_classes<'a>(html: &'a str, mut found: impl FnMut(&'a str)) {
    let bytes = html.as_bytes();
    for at in memmem::find_iter(bytes, b"class=") {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        if !matches!(before, Some(b' ' | b'\t' | b'\n' | b'\r')) {
            continue;
        }
        let value = attribute_value(&html[at + 6..]);
        value.split_ascii_whitespace().for_each(&mut found);
    }
}

/// The value of an HTML attribute starting at `rest` (after `=`).
fn attribute_value(rest: &str) -> &str {
    match rest.as_bytes().first() {
        Some(&q @ (b'"' | b'\'')) => {
            let body = &rest[1..];
            &body[..body.find(q as char).unwrap_or(body.len())]
        }
        _ => {
            let end = rest.find(|c: char| c.is_ascii_whitespace() || c == '>');
            &rest[..end.unwrap_or(rest.len())]
        }
    }
}

/// Every class-like token of the string literals of the `class` and
/// `className` attributes of the page source `source`, and of the
/// `className:` props of compiled components (a page's live components
/// change their classes in the browser, from their code's literals).
pub fn source_classes<'a>(source: &'a str, mut found: impl FnMut(&'a str)) {
    let bytes = source.as_bytes();
    for at in memmem::find_iter(bytes, b"class") {
        let rest = &source[at + 5..];
        let rest = rest.strip_prefix("Name").unwrap_or(rest).trim_start();
        if let Some(value) = rest.strip_prefix(':') {
            expression_literals(value, &mut found);
            continue;
        }
        let Some(rest) = rest.strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start();
        match rest.as_bytes().first() {
            Some(b'"' | b'\'') => attribute_value(rest)
                .split_ascii_whitespace()
                .for_each(&mut found),
            Some(b'{') => expression_literals(&rest[1..], &mut found),
            _ => {}
        }
    }
}

/// Every token of the string literals (`'…'`, `"…"`, `` `…` ``) of the
/// script `js`, split at spaces, quotes and angle brackets, so the classes
/// of `el.className = "…"`, `classList.add("…")` and of HTML written in a
/// string (`'<div class="…">'`) all count. Comments count too (a class
/// named only there costs a rule that matches nothing). One pass.
pub fn script_classes<'a>(js: &'a str, mut found: impl FnMut(&'a str)) {
    let bytes = js.as_bytes();
    let mut at = 0;
    while let Some(start) = memchr::memchr3(b'"', b'\'', b'`', &bytes[at..]).map(|i| at + i) {
        let quote = bytes[start];
        let mut end = start + 1;
        while end < bytes.len() && bytes[end] != quote {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        let end = end.min(bytes.len());
        js[start + 1..end]
            .split(|c: char| c.is_ascii_whitespace() || matches!(c, '"' | '\'' | '`' | '<' | '>'))
            .filter(|token| !token.is_empty())
            .for_each(&mut found);
        at = end + 1;
        if at >= bytes.len() {
            break;
        }
    }
}

/// Where the scan of an expression is.
#[derive(Clone, Copy, PartialEq)]
enum Scope {
    /// Code; the count of `{` opened inside it.
    Code(usize),
    /// The literal text of a template literal.
    Template,
}

/// Hands every whitespace-separated token of the string literals of the
/// expression `code` (which starts after its `{`) to `found`, up to the
/// `}` that closes it.
fn expression_literals<'a>(code: &'a str, found: &mut impl FnMut(&'a str)) {
    let bytes = code.as_bytes();
    let mut stack = vec![Scope::Code(0)];
    let mut i = 0;
    let mut literal_start = 0;
    while i < bytes.len() && stack.len() <= MAX_NESTING {
        let Some(&scope) = stack.last() else { return };
        let b = bytes[i];
        match (scope, b) {
            (Scope::Template, b'`') => {
                code[literal_start..i]
                    .split_ascii_whitespace()
                    .for_each(&mut *found);
                stack.pop();
            }
            (Scope::Template, b'$') if bytes.get(i + 1) == Some(&b'{') => {
                code[literal_start..i]
                    .split_ascii_whitespace()
                    .for_each(&mut *found);
                stack.push(Scope::Code(0));
                i += 1;
            }
            (Scope::Template, b'\\') => i += 1,
            (Scope::Template, _) => {}
            (Scope::Code(_), b'"' | b'\'') => {
                let body = &code[i + 1..];
                let end = body.find(b as char).unwrap_or(body.len());
                body[..end].split_ascii_whitespace().for_each(&mut *found);
                i += end + 1;
            }
            (Scope::Code(_), b'`') => {
                stack.push(Scope::Template);
                literal_start = i + 1;
            }
            (Scope::Code(depth), b'{') => {
                *stack.last_mut().expect("scope") = Scope::Code(depth + 1)
            }
            (Scope::Code(0), b'}') => {
                stack.pop();
                if stack.is_empty() {
                    return;
                }
                literal_start = i + 1;
            }
            (Scope::Code(depth), b'}') => {
                *stack.last_mut().expect("scope") = Scope::Code(depth - 1)
            }
            (Scope::Code(_), _) => {}
        }
        i += 1;
    }
}

/// Whether `token` may be a utility class: ASCII, not too long, holding a
/// letter, and none of the characters code has but class names do not.
pub fn looks_like_class(token: &str) -> bool {
    token.len() <= MAX_CLASS_LEN
        && token.bytes().any(|b| b.is_ascii_alphabetic())
        && token.bytes().all(|b| {
            b.is_ascii_graphic()
                && !matches!(b, b'"' | b'`' | b'{' | b'}' | b'$' | b'<' | b';' | b'\\')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        html_classes(text, |c| out.push(c.to_string()));
        out
    }

    fn source(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        source_classes(text, |c| out.push(c.to_string()));
        out
    }

    #[test]
    fn html_class_attributes_quoted_or_not() {
        assert_eq!(
            html("<div class=\"p-4  md:flex\"><a class=x data-class=\"no\" class='y z'>"),
            ["p-4", "md:flex", "x", "y", "z"]
        );
    }

    #[test]
    fn source_strings_and_expressions() {
        assert_eq!(
            source("<div className=\"grid md:grid-cols-3\">\n<img class='block dark:hidden' />"),
            ["grid", "md:grid-cols-3", "block", "dark:hidden"]
        );
        assert_eq!(
            source("<div className={`p-4 ${open ? \"block\" : 'hidden'} rounded-[24px]`}>"),
            ["p-4", "block", "hidden", "rounded-[24px]"]
        );
        assert_eq!(
            source("<a className={cx(\"a\", { b: x })} class={`t ${`u ${\"v\"}`}`}>"),
            ["a", "t", "u", "v"]
        );
    }

    #[test]
    fn an_unclosed_expression_or_deep_nesting_ends_the_scan() {
        let deep = format!("<a className={{{}", "`${".repeat(10_000));
        assert!(source(&deep).is_empty());
        assert_eq!(source("<a className={\"p-2\""), ["p-2"]);
    }

    #[test]
    fn script_string_literals() {
        let mut found = Vec::new();
        let js = "b.className = \"px-4 bg-[#F1F1F1]/95\"; el.classList.add('size-5', `dark:text-neutral-300`);\n\
                  x.innerHTML = '<div class=\"flex gap-2\">Hi</div>'; // \\\" é";
        script_classes(js, |c| found.push(c.to_string()));
        for class in [
            "px-4",
            "bg-[#F1F1F1]/95",
            "size-5",
            "dark:text-neutral-300",
            "flex",
            "gap-2",
        ] {
            assert!(found.iter().any(|f| f == class), "{class} in {found:?}");
        }
        script_classes("'unclosed é\\", |_| {});
    }

    #[test]
    fn class_like_tokens() {
        for t in [
            "p-4",
            "bg-[#F5F5F5]",
            "text-black/50",
            "2xl:text-lg",
            "group-hover:underline",
        ] {
            assert!(looks_like_class(t), "{t}");
        }
        for t in ["${open}", "1", "a{b}", "é-x", "x;y"] {
            assert!(!looks_like_class(t), "{t}");
        }
    }
}
