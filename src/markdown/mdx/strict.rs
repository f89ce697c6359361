//! What MDX rejects that sheaf reads anyway. Mintlify compiles every page
//! with MDX (`@mdx-js/mdx`), which fails the page on these; sheaf builds it
//! and says so, once per place, as an `mdx-syntax` problem (a warning, so
//! `check` fails): MDX's reason, and what to write instead. The
//! parser finds what is wrong inside one piece of syntax (a tag it cannot
//! read, a `<` that starts none, an expression or ESM statement that is not
//! JavaScript); [`structure`] finds what is wrong with where an element's
//! tags are: a closing tag in another paragraph than its text, text beside
//! the tags of an element on lines of its own, a list item or quote left
//! before the element closes, a `|` in a tag inside a table row.
//! `tests/mdx-oracle/` holds the cases MDX's reading is compared on.

use std::ops::Range;

use super::super::attrs::{Attr, AttrValue};
use super::document::{Element, Node, Problem};
use super::scan::Lines;
use super::syntax::{element_name_len, NOT_AN_ATTRIBUTE, SPREAD};

/// The rule these problems are reported under.
pub const RULE: &str = "mdx-syntax";

/// A problem MDX rejects the page for: `why` says what MDX reads there.
pub(super) fn rejected(offset: usize, why: impl std::fmt::Display, fix: &str) -> Problem {
    Problem {
        offset,
        message: format!("{why}; Mintlify's compiler (MDX) rejects the page ({RULE})"),
        help: Some(format!("{fix}; sheaf builds the page meanwhile")),
    }
}

/// The problems of where the tags of `nodes`' elements are, at any depth.
pub(super) fn structure(src: &str, nodes: &[Node], out: &mut Vec<Problem>) {
    structure_in(src, &Lines::new(src), nodes, out);
}

fn structure_in(src: &str, lines: &Lines, nodes: &[Node], out: &mut Vec<Problem>) {
    for node in nodes {
        if let Node::Element(element) = node {
            out.extend(element_structure(src, lines, element));
            structure_in(src, lines, &element.children, out);
        }
    }
}

fn element_structure(src: &str, lines: &Lines, el: &Element) -> Option<Problem> {
    let (line_start, _) = lines.bounds(el.offset);
    let before = &src[line_start..el.offset];
    // The end of the line the opening tag ends on.
    let (_, line_end) = lines.bounds(el.open_end.saturating_sub(1));
    if let Some(problem) = table_cell(src, el, before) {
        return Some(problem);
    }
    let end = el.close.as_ref().map_or(el.open_end, |close| close.end);
    if let Some(problem) = container(src, el, before, end) {
        return Some(problem);
    }
    let close = el.close.clone()?;
    if close.start < line_end {
        return None;
    }
    let starts_line = before.trim().is_empty();
    let rest_of_line = src[el.open_end..line_end].trim();
    let text_follows = !rest_of_line.is_empty() && !rest_of_line.starts_with(['<', '{']);
    let inner = &src[el.open_end..close.start];
    if (text_follows || !starts_line) && has_blank_line(inner) {
        return Some(rejected(
            close.start,
            format!("`</{}>` is in another paragraph than the text `<{}>` starts", el.name, el.name),
            "put the element's text on the lines after its opening tag, or close it in the same paragraph",
        ));
    }
    let (close_line, close_end) = lines.bounds(close.start);
    let before_close = src[close_line..close.start].trim();
    let after_close = src[close.end..close_end].trim();
    if starts_line && text_follows && before_close.is_empty() {
        return Some(rejected(
            close.start,
            format!(
                "`<{}>` starts a line of text, so `</{}>` cannot start a line of its own",
                el.name, el.name
            ),
            "start the text on the line after the opening tag",
        ));
    }
    if starts_line && !text_follows && !before_close.is_empty() && !before_close.ends_with('>') {
        return Some(rejected(
            close.start,
            format!(
                "`<{}>` is on a line of its own, so `</{}>` must be too",
                el.name, el.name
            ),
            "put the closing tag on a line of its own",
        ));
    }
    if starts_line
        && !text_follows
        && !after_close.is_empty()
        && !after_close.starts_with(['<', '{'])
    {
        return Some(rejected(
            close.end,
            format!("text follows `</{}>` on its line", el.name),
            "put the text on a line of its own",
        ));
    }
    None
}

/// A tag holding a `|` in a table row: the table splits the row there first.
fn table_cell(src: &str, el: &Element, before: &str) -> Option<Problem> {
    let tag = &src[el.offset..el.open_end];
    let pipe = tag.replace("\\|", "").contains('|');
    (before.trim_start().starts_with('|') && pipe).then(|| {
        rejected(
            el.offset,
            format!(
                "the `|` in `<{}>` ends the table cell before the tag does",
                el.name
            ),
            "write `&#124;` for the `|` inside a table",
        )
    })
}

/// An element opened in a list item or block quote must close inside it:
/// every line up to its end keeps the item's indentation or the `>`.
fn container(src: &str, el: &Element, before: &str, end: usize) -> Option<Problem> {
    let marker = before.trim_end();
    let quote = !marker.is_empty() && marker.trim_start().chars().all(|c| c == '>' || c == ' ');
    let digits = marker.trim_start().trim_end_matches(['.', ')']);
    let list = ["-", "*", "+"].contains(&marker.trim_start())
        || (!digits.is_empty()
            && digits.len() < marker.trim_start().len()
            && digits.bytes().all(|b| b.is_ascii_digit()));
    if !quote && !list {
        return None;
    }
    let column = before.len();
    let mut line_start = src[el.offset..].find('\n').map(|i| el.offset + i + 1)?;
    while line_start < end {
        let line = src[line_start..].split('\n').next().unwrap_or("");
        let kept = match quote {
            true => line.trim_start().starts_with('>'),
            false => line.trim().is_empty() || line.len() - line.trim_start().len() >= column,
        };
        if !kept {
            let what = if quote { "block quote" } else { "list item" };
            return Some(rejected(
                line_start,
                format!(
                    "this line leaves the {what} `<{}>` is in before the element closes",
                    el.name
                ),
                if quote {
                    "start every line of the element with `>`"
                } else {
                    "indent every line of the element as far as the item's text"
                },
            ));
        }
        line_start += line.len() + 1;
    }
    None
}

/// Whether `text` holds a blank line (only white space between two breaks).
fn has_blank_line(text: &str) -> bool {
    let mut lines = text.split('\n');
    lines.next();
    let mut lines: Vec<&str> = lines.collect();
    lines.pop();
    lines.iter().any(|line| line.trim().is_empty())
}

/// Why MDX cannot read `code`, the JavaScript between the braces of an
/// expression, as one expression; `None` when it can (as far as a look at
/// its strings, comments, brackets and last token tells; MDX parses it
/// with acorn). `in_attribute`: an attribute's value, which may not be
/// empty.
pub(super) fn expression_problem(code: &str, in_attribute: bool) -> Option<&'static str> {
    if code.contains('<') {
        // JSX (its text may hold quotes) or a comparison: not looked at.
        return None;
    }
    let mut brackets: Vec<char> = Vec::new();
    let mut last = None;
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {
                let closed = chars
                    .by_ref()
                    .try_fold(false, |escaped, inner| match inner {
                        '\n' => Err(false),
                        q if q == c && !escaped => Err(true),
                        '\\' => Ok(!escaped),
                        _ => Ok(false),
                    });
                if closed != Err(true) {
                    return Some("a string in it is not closed on its line");
                }
                last = Some('"');
            }
            '`' => {
                let mut escaped = false;
                let closed = chars.by_ref().any(|inner| {
                    let end = inner == '`' && !escaped;
                    escaped = inner == '\\' && !escaped;
                    end
                });
                if !closed {
                    return Some("a template string in it is not closed");
                }
                last = Some('"');
            }
            '/' if chars.peek() == Some(&'/') => while chars.next_if(|&n| n != '\n').is_some() {},
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut star = false;
                if !chars
                    .by_ref()
                    .any(|inner| std::mem::replace(&mut star, inner == '*') && inner == '/')
                {
                    return Some("a comment in it is not closed");
                }
            }
            '(' | '[' | '{' => {
                brackets.push(c);
                last = Some(c);
            }
            ')' | ']' | '}' => {
                let open = brackets.pop();
                if open
                    != Some(match c {
                        ')' => '(',
                        ']' => '[',
                        _ => '{',
                    })
                {
                    return Some("its brackets do not match");
                }
                last = Some(c);
            }
            ';' if brackets.is_empty() => return Some("it holds more than one statement"),
            c if c.is_whitespace() => {}
            // `5.` is a number.
            '.' if last.is_some_and(|l: char| l.is_ascii_digit()) => last = Some('0'),
            c => last = Some(c),
        }
    }
    if !brackets.is_empty() {
        return Some("its brackets do not match");
    }
    match last {
        None if in_attribute => Some("it is empty"),
        Some(c) if "+-*/%=<>&|^!~?:,.".contains(c) => Some("it ends with an operator"),
        _ => None,
    }
}

/// The attributes (of the tag at `at`) MDX can read, and why it cannot read
/// the others (`{title}` among them, an empty or broken `{…}`, two spreads
/// in one), which are left out.
pub(super) fn readable_attributes(attrs: Vec<Attr>, at: usize) -> (Vec<Attr>, Option<Problem>) {
    let mut kept = Vec::with_capacity(attrs.len());
    let mut problem = None;
    for attr in attrs {
        let why = match (&attr.value, attr.name.as_str()) {
            (_, NOT_AN_ATTRIBUTE) => Some("only a `{...spread}` may stand among attributes"),
            (AttrValue::Expr(code), SPREAD) if code.contains(',') => {
                Some("a `{...spread}` holds more than one")
            }
            (AttrValue::Expr(code), _) => expression_problem(code, true),
            _ => None,
        };
        match why {
            Some(why) => {
                problem.get_or_insert_with(|| {
                    rejected(
                        at,
                        format!("an attribute of this tag: {why}"),
                        "write `name=\"text\"`, `name={value}` or `{...object}`",
                    )
                });
            }
            None => kept.push(attr),
        }
    }
    (kept, problem)
}

/// An import or export (`statement`, in `src`) must be followed by a blank
/// line or another one, and `inside` an element be preceded by one too.
pub(super) fn esm_surroundings(
    src: &str,
    statement: Range<usize>,
    inside: bool,
) -> Option<Problem> {
    let after = &src[statement.end..];
    let next_line = after.trim_start_matches(['\r', '\n']).split('\n').next();
    let blank_after = after.starts_with("\n\n")
        || after.starts_with("\r\n\r\n")
        || next_line.is_none_or(|line| line.trim().is_empty());
    let esm_after =
        next_line.is_some_and(|line| line.starts_with("import ") || line.starts_with("export "));
    let before = src[..statement.start].trim_end_matches(['\r', '\n']);
    let blank_before =
        before.is_empty() || src[before.len()..statement.start].matches('\n').count() > 1;
    if !blank_after && !esm_after {
        return Some(rejected(
            statement.end,
            "text right after an import or export is read as part of it",
            "leave a blank line after the statement",
        ));
    }
    (inside && !blank_before).then(|| {
        rejected(
            statement.start,
            "an import or export inside an element needs a blank line before it",
            "leave a blank line before the statement, or move it to the top of the page",
        )
    })
}

/// A `<` at `at` (`rest` starts with it) that opens no tag sheaf can read:
/// MDX rejects it unless white space follows.
pub(super) fn not_a_tag(rest: &str, at: usize) -> Option<Problem> {
    let after = &rest[1..];
    let next = after.chars().next();
    let fix = "write `\\<` (or `&lt;`) to show a `<`";
    if after.trim().is_empty() {
        return Some(rejected(
            at,
            "a `<` at the end of the page starts a tag",
            fix,
        ));
    }
    match next {
        Some(c) if c.is_whitespace() => None,
        _ if element_name_len(after) > 0 => Some(rejected(
            at,
            "this tag cannot be read as JSX (look at its attributes' quotes, values and `/`)",
            "write each attribute as `name=\"text\"` or `name={value}`, and end the tag with `>` or `/>`",
        )),
        Some(c) => Some(rejected(at, format!("`<` before `{c}` starts a tag"), fix)),
        None => None,
    }
}
