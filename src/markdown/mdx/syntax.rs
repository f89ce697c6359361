//! The JavaScript-ish syntax inside MDX: fenced-code extents, balanced
//! `{…}` groups, ESM statements (`import`/`export`) and opening tags with
//! their attributes.

use serde_json::Value;

use super::super::attrs::{parse_literal, Attr, AttrValue};
use super::document::Import;

/// If a fenced code block opens on this line, the offset just past it.
pub(super) fn fence_end(
    src: &str,
    line_start: usize,
    content: &str,
    indent: usize,
) -> Option<usize> {
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
            return Some(line_end);
        }
        pos = line_end;
    }
    Some(src.len())
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
            q @ (b'"' | b'\'' | b'`') => {
                i += 1;
                while i < bytes.len() && bytes[i] != q {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\n' if depth <= 0 => {
                let before = src[start..i].trim_end();
                let continues =
                    before.ends_with(['=', ',', '(', '{', '[', '+', ':', '?', '>', '.', '&', '|']);
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

pub(super) fn parse_export_const(statement: &str) -> Option<(String, Value)> {
    let rest = statement.strip_prefix("export ")?.trim_start();
    let rest = ["const ", "let ", "var "]
        .iter()
        .find_map(|kw| rest.strip_prefix(kw))?;
    let (name, value) = rest.split_once('=')?;
    let value = parse_literal(value.trim().trim_end_matches(';'))?;
    Some((name.trim().to_string(), value))
}

/// `export const Name = (props) => (<jsx …/>)`: the name and the JSX.
pub(super) fn parse_export_component(statement: &str) -> Option<(String, String)> {
    let rest = statement.strip_prefix("export const ")?;
    let (name, value) = rest.split_once('=')?;
    let (_, body) = value.split_once("=>")?;
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

/// The attributes a `{...{…}}` spread of an object literal gives, in order;
/// any other spread (`{...props}`) is kept as one attribute named `...`
/// holding its code, which no component reads; a comment gives none.
fn spread_attrs(code: &str) -> Vec<Attr> {
    let Some(spread) = code.trim().strip_prefix("...").map(str::trim) else {
        return Vec::new();
    };
    let Some(Value::Object(entries)) = parse_literal(spread) else {
        return vec![Attr {
            name: SPREAD.to_string(),
            value: AttrValue::Expr(spread.to_string()),
        }];
    };
    entries
        .into_iter()
        .map(|(name, value)| Attr {
            name,
            value: match value {
                Value::String(text) => AttrValue::Str(text),
                other => AttrValue::Expr(other.to_string()),
            },
        })
        .collect()
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
            let text = html_escape::decode_html_entities(&src[pos + 1..close]);
            (AttrValue::Str(text.into_owned()), close + 1)
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
