//! The JavaScript-ish syntax inside MDX: fenced-code extents, balanced
//! `{…}` groups, ESM statements (`import`/`export`) and opening tags with
//! their attributes.

use serde_json::Value;

use super::super::attrs::{parse_literal, Attr, AttrValue};
use super::document::Import;

/// If a fenced code block opens on this line: where its closing line
/// starts (`None` when it runs to the end) and the offset just past it.
fn fence_end(
    src: &str,
    line_start: usize,
    content: &str,
    indent: usize,
) -> Option<(Option<usize>, usize)> {
    let marker = content.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let run = content.chars().take_while(|c| *c == marker).count();
    if run < 3 || (marker == '`' && content[run..].contains('`')) {
        return None;
    }
    let mut pos = line_start + indent + content.len();
    while pos < src.len() {
        pos += 1; // the newline
        let line_end = src[pos..].find('\n').map_or(src.len(), |i| pos + i);
        let line = src[pos..line_end].trim();
        let close_run = line.chars().take_while(|c| *c == marker).count();
        if close_run >= run && close_run == line.len() {
            return Some((Some(pos), line_end));
        }
        pos = line_end;
    }
    Some((None, src.len()))
}

/// A fenced code block opening on this line, as the parser copies it
/// through, and the offset just past it. MDX has no indented code, so a
/// closing fence may be indented any amount; CommonMark (the renderer)
/// allows three spaces more than the opening: the rest is taken off.
pub(super) fn fenced_code(
    src: &str,
    line_start: usize,
    content: &str,
    indent: usize,
) -> Option<(String, usize)> {
    let (closing, end) = fence_end(src, line_start, content, indent)?;
    let closing = closing.unwrap_or(end);
    let close = &src[closing..end];
    let extra = (close.len() - close.trim_start().len()).saturating_sub(indent + 3);
    Some((
        format!("{}{}", &src[line_start..closing], &close[extra..]),
        end,
    ))
}

/// Whether an expression's code is one JSX element (`<X … />` or
/// `<X>…</X>`), not JavaScript around one.
pub(super) fn wraps_element(code: &str) -> bool {
    let inner = code.trim();
    inner.starts_with('<')
        && inner[1..].starts_with(|c: char| c.is_ascii_alphabetic())
        && inner.ends_with('>')
}

/// The length of a `{…}` group at the start of `s`, counting nested braces
/// and skipping strings, or `None` if it never closes.
pub(super) fn balanced_end(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            q @ (b'"' | b'\'' | b'`') => {
                i += 1;
                while i < bytes.len() && bytes[i] != q {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The length of a `{<Element …>…</Element>}` wrapper at the start of `s`,
/// or `None` if it never closes: braces counted, quotes only inside a tag
/// (an apostrophe in JSX text is text).
pub(super) fn wrapper_end(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let (mut depth, mut tag_depth, mut quote) = (0usize, None, None);
    for (i, &b) in bytes.iter().enumerate() {
        if let Some(q) = quote {
            quote = (b != q).then_some(q);
            continue;
        }
        let opens_tag = || {
            bytes
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, b'/' | b'>'))
        };
        match b {
            b'"' | b'\'' if tag_depth == Some(depth) => quote = Some(b),
            b'<' if tag_depth.is_none() && opens_tag() => tag_depth = Some(depth),
            b'>' if tag_depth == Some(depth) => tag_depth = None,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Where a JavaScript statement starting at `start` ends: the first newline
/// outside brackets and strings that is not followed by a continuation.
pub(super) fn statement_end(src: &str, start: usize) -> usize {
    let bytes = src.as_bytes();
    let mut depth = 0i32;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth -= 1,
            // After a letter a quote is JSX text (`you'd`), never a string.
            q @ (b'"' | b'\'' | b'`') if !(i > 0 && bytes[i - 1].is_ascii_alphanumeric()) => {
                i += 1;
                while i < bytes.len() && bytes[i] != q {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\n' if depth <= 0 => {
                let before = src[start..i].trim_end();
                let continues = before
                    .ends_with(['=', ',', '(', '{', '[', '+', ':', '?', '.', '&', '|'])
                    || before.ends_with("=>");
                let next = src[i + 1..].trim_start();
                if !continues && !next.starts_with('.') {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len().min(i)
}

pub(super) fn parse_import(statement: &str, offset: usize) -> Option<Vec<Import>> {
    let body = statement.strip_prefix("import")?.trim();
    let (what, from) = body.rsplit_once("from")?;
    let source = from.trim().trim_end_matches(';').trim();
    let source = source
        .strip_prefix(['"', '\''])
        .and_then(|s| s.strip_suffix(['"', '\'']))?
        .to_string();
    let what = what.trim();
    if what.is_empty() {
        // `import from "x"`: nothing imported from it (`import "x"` has no `from`).
        return None;
    }
    let mut imports = Vec::new();
    let (default, named) = match what.find('{') {
        Some(i) => (
            what[..i].trim().trim_end_matches(','),
            Some(what[i..].trim_matches(['{', '}'])),
        ),
        None => (what, None),
    };
    if !default.is_empty() && !default.starts_with('*') {
        imports.push(Import {
            name: default.to_string(),
            exported: "default".to_string(),
            source: source.clone(),
            named: false,
            offset,
        });
    }
    for item in named.into_iter().flat_map(|n| n.split(',')) {
        let mut words = item.split_whitespace();
        let (exported, local) = match (words.next(), words.next(), words.next()) {
            (Some(exported), Some("as"), Some(local)) => (exported, local),
            (Some(name), None, None) => (name, name),
            _ => continue,
        };
        imports.push(Import {
            name: local.to_string(),
            exported: exported.to_string(),
            source: source.clone(),
            named: true,
            offset,
        });
    }
    Some(imports)
}

/// `export const a = 1, b = a * 2` (or `let`, `var`): each name whose
/// value can be known, with it; names already `known` may be used.
pub(super) fn parse_export_const(
    statement: &str,
    known: &std::collections::HashMap<String, Value>,
    frontmatter: &serde_json::Map<String, Value>,
) -> Vec<(String, Value)> {
    let Some(rest) = statement.strip_prefix("export ").map(str::trim_start) else {
        return Vec::new();
    };
    let Some(rest) = ["const ", "let ", "var "]
        .iter()
        .find_map(|kw| rest.strip_prefix(kw))
    else {
        return Vec::new();
    };
    let rest = rest.trim().trim_end_matches(';');
    let mut declared: Vec<(String, Value)> = Vec::new();
    for declarator in top_level_parts(rest) {
        let Some((name, value)) = declarator.split_once('=') else {
            continue;
        };
        let names = |path: &[&str]| match path {
            ["frontmatter", key] => frontmatter.get(*key).cloned(),
            [name] => (declared.iter().rev())
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .or_else(|| known.get(*name).cloned()),
            _ => None,
        };
        if let Some(value) = super::super::expr::evaluate(value.trim(), &names) {
            declared.push((name.trim().to_string(), value));
        }
    }
    declared
}

/// `text` split at its commas outside brackets and strings.
fn top_level_parts(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None, 0);
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(_), '\\') => escaped = !escaped,
            (Some(q), c) if c == q && !escaped => quote = None,
            (Some(_), _) => escaped = false,
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth -= 1,
            (None, ',') if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// `export const Name = (props) => (<jsx …/>)`: the name and the JSX.
pub(super) fn parse_export_component(statement: &str) -> Option<(String, String)> {
    let rest = statement.strip_prefix("export const ")?;
    let (name, value) = rest.split_once('=')?;
    let (params, body) = value.split_once("=>")?;
    // Default values, logic or JavaScript in the markup need JavaScript
    // run: `crate::jsx` renders those.
    let needs_javascript = ["=>", ".map(", "?", "&&", "||", "`"];
    if params.contains('=') || needs_javascript.iter().any(|js| body.contains(js)) {
        return None;
    }
    let body = body.trim().trim_end_matches(';').trim();
    let body = match body.strip_prefix('(') {
        Some(inner) => inner.strip_suffix(')')?.trim(),
        None => body,
    };
    body.starts_with('<')
        .then(|| (name.trim().to_string(), body.to_string()))
}

pub(super) struct OpenTag {
    pub(super) name: String,
    pub(super) attrs: Vec<Attr>,
    pub(super) end: usize,
    pub(super) self_closing: bool,
}

/// Parses `<Name attr="x" other={…} flag>` or `<Name … />` starting at `at`,
/// as JSX reads it: any white space (a non-breaking space too) between the
/// parts, none needed after a quoted or `{…}` value (`type="x"required`),
/// and `/ >` for `/>`.
pub(super) fn parse_open_tag(src: &str, at: usize) -> Option<OpenTag> {
    let bytes = src.as_bytes();
    let mut pos = at + 1;
    let name_len = element_name_len(&src[pos..]);
    if name_len == 0 && bytes.get(pos) != Some(&b'>') {
        return None;
    }
    // `<>` opens a fragment: an element without a name.
    let name = src[pos..pos + name_len].to_string();
    pos += name_len;
    let mut attrs = Vec::new();
    loop {
        let before_ws = pos;
        pos = skip_space(src, pos)?;
        let after_value = attrs
            .last()
            .is_some_and(|a: &Attr| a.value != AttrValue::Bare);
        match bytes[pos] {
            b'>' => {
                return Some(OpenTag {
                    name,
                    attrs,
                    end: pos + 1,
                    self_closing: false,
                })
            }
            b'/' if bytes.get(skip_space(src, pos + 1)?) == Some(&b'>') => {
                return Some(OpenTag {
                    name,
                    attrs,
                    end: skip_space(src, pos + 1)? + 1,
                    self_closing: true,
                })
            }
            b'{' => {
                // `{...{title: "X"}}` spreads an object literal's entries;
                // `{/* comment */}` and other spreads are skipped.
                let len = balanced_end(&src[pos..])?;
                attrs.extend(spread_attrs(&src[pos + 1..pos + len - 1]));
                pos += len;
            }
            _ if pos == before_ws && !after_value => return None,
            _ => {
                let (attr, next) = parse_attr(src, pos)?;
                attrs.push(attr);
                pos = next;
            }
        }
    }
}

/// The name under which a spread that is not an object literal is kept.
pub const SPREAD: &str = "...";

/// Gives every attribute of the elements of `nodes` whose value the page's
/// names (`names`: exported constants, `frontmatter.x`) can tell that value
/// (`title={product}`), and replaces a spread they give an object
/// (`{...meta}`, `{...{title}}`) by its entries.
pub(super) fn resolve_attributes(
    nodes: &mut [super::document::Node],
    names: super::super::expr::Scope,
) {
    for node in nodes {
        let super::document::Node::Element(element) = node else {
            continue;
        };
        let mut attrs = Vec::with_capacity(element.attrs.len());
        for attr in std::mem::take(&mut element.attrs) {
            // A literal stays as written; what names something is resolved.
            let value = match &attr.value {
                AttrValue::Expr(code) if parse_literal(code).is_none() => {
                    super::super::expr::evaluate(code, names)
                }
                _ => None,
            };
            match (value, attr.name == SPREAD) {
                (Some(Value::Object(entries)), true) => {
                    attrs.extend(entries.into_iter().map(entry_attr))
                }
                (Some(value), false) => attrs.push(entry_attr((attr.name, value))),
                _ => attrs.push(attr),
            }
        }
        element.attrs = attrs;
        resolve_attributes(&mut element.children, names);
    }
}

/// An object entry as an attribute: strings as strings, the rest as code.
fn entry_attr((name, value): (String, Value)) -> Attr {
    Attr {
        name,
        value: match value {
            Value::String(text) => AttrValue::Str(text),
            other => AttrValue::Expr(other.to_string()),
        },
    }
}

/// The name of braces among attributes that hold no spread (`{title}`).
pub const NOT_AN_ATTRIBUTE: &str = "{}";

/// The attributes a `{...{…}}` spread of an object literal gives, in order;
/// any other spread (`{...props}`) is kept as one attribute named `...`
/// holding its code, which no component reads; anything else (a comment
/// alone among them) one named [`NOT_AN_ATTRIBUTE`] (the parser reports
/// it: MDX rejects the tag).
fn spread_attrs(code: &str) -> Vec<Attr> {
    let Some(spread) = code.trim().strip_prefix("...").map(str::trim) else {
        return vec![Attr {
            name: NOT_AN_ATTRIBUTE.to_string(),
            value: AttrValue::Expr(code.to_string()),
        }];
    };
    let Some(Value::Object(entries)) = parse_literal(spread) else {
        return vec![Attr {
            name: SPREAD.to_string(),
            value: AttrValue::Expr(spread.to_string()),
        }];
    };
    entries.into_iter().map(entry_attr).collect()
}

/// The offset of the first character at or after `pos` that is not white
/// space (a non-breaking space included, as in JSX); `None` at the end.
fn skip_space(src: &str, pos: usize) -> Option<usize> {
    let rest = src.get(pos..)?;
    let skipped = rest.len() - rest.trim_start().len();
    (pos + skipped < src.len()).then_some(pos + skipped)
}

pub(super) fn parse_attr(src: &str, at: usize) -> Option<(Attr, usize)> {
    let bytes = src.as_bytes();
    let name_len = attribute_name_len(&src[at..]);
    if name_len == 0 {
        return None;
    }
    let name_end = at + name_len;
    let name = src[at..name_end].to_string();
    let mut pos = skip_space(src, name_end)?;
    if bytes[pos] != b'=' {
        return Some((
            Attr {
                name,
                value: AttrValue::Bare,
            },
            name_end,
        ));
    }
    pos = skip_space(src, pos + 1)?;
    let (value, end) = match bytes[pos] {
        q @ (b'"' | b'\'') => {
            // JSX decodes character references in attribute strings.
            let close = pos + 1 + src[pos + 1..].find(q as char)?;
            let text = attribute_text(&src[pos + 1..close]);
            (AttrValue::Str(text), close + 1)
        }
        b'{' => {
            let len = balanced_end(&src[pos..])?;
            (
                AttrValue::Expr(src[pos + 1..pos + len - 1].to_string()),
                pos + len,
            )
        }
        _ => return None,
    };
    Some((Attr { name, value }, end))
}

/// The length of the JSX identifier `text` starts with (a letter, `_` or
/// `$`, then letters, digits, `_`, `$` and `-`; any script), 0 for none.
fn identifier_len(text: &str) -> usize {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, c)) if c.is_alphabetic() || c == '_' || c == '$' => {}
        _ => return 0,
    }
    chars
        .find(|&(_, c)| !(c.is_alphanumeric() || matches!(c, '_' | '$' | '-')))
        .map_or(text.len(), |(i, _)| i)
}

/// The length of the element name `text` starts with, as JSX reads one:
/// `Card`, `custom-el`, `x:note` (a namespace), `Tree.Folder` (members).
pub(super) fn element_name_len(text: &str) -> usize {
    let first = identifier_len(text);
    if first == 0 {
        return 0;
    }
    let mut len = first;
    if let Some(local) = text[len..].strip_prefix(':') {
        let local = identifier_len(local);
        return if local == 0 { len } else { len + 1 + local };
    }
    while let Some(member) = text[len..].strip_prefix('.') {
        let member = identifier_len(member);
        if member == 0 {
            break;
        }
        len += 1 + member;
    }
    len
}

/// The length of the attribute name `text` starts with: an identifier,
/// or a namespaced one (`xlink:href`).
fn attribute_name_len(text: &str) -> usize {
    let first = identifier_len(text);
    match text[first..].strip_prefix(':') {
        Some(local) if first > 0 && identifier_len(local) > 0 => first + 1 + identifier_len(local),
        _ => first,
    }
}

/// A quoted attribute value as JSX reads it: character references decoded
/// (numeric ones as HTML does), and each line after the first without its
/// leading spaces and tabs.
fn attribute_text(raw: &str) -> String {
    let mut joined = String::with_capacity(raw.len());
    for (i, line) in raw.split_inclusive('\n').enumerate() {
        joined.push_str(if i == 0 {
            line
        } else {
            line.trim_start_matches([' ', '\t'])
        });
    }
    let numeric = numeric_references(&joined);
    html_escape::decode_html_entities(&numeric).into_owned()
}

/// `&#…;` and `&#x…;` decoded as HTML decodes them: NUL, surrogates and
/// code points past Unicode as U+FFFD, 128–159 as Windows-1252 (`&#128;` is `€`).
fn numeric_references(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("&#") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("&#") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let (digits, radix) = match rest[2..].strip_prefix(['x', 'X']) {
            Some(hex) => (hex, 16),
            None => (&rest[2..], 10),
        };
        let len = digits
            .find(|c: char| !c.is_digit(radix))
            .unwrap_or(digits.len());
        let code = u32::from_str_radix(&digits[..len], radix)
            .ok()
            .filter(|_| len > 0 && len <= 8);
        match (code, digits[len..].starts_with(';')) {
            (Some(code), true) => {
                out.push(html_code_point(code));
                rest = &digits[len + 1..];
            }
            _ => {
                out.push_str("&#");
                rest = &rest[2..];
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

fn html_code_point(code: u32) -> char {
    const WINDOWS_1252: [u32; 32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
        0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ];
    let code = match code {
        0x80..=0x9F => WINDOWS_1252[(code - 0x80) as usize],
        other => other,
    };
    match code {
        0 => '\u{FFFD}',
        other => char::from_u32(other).unwrap_or('\u{FFFD}'),
    }
}
