//! The MDX parser: one pass over a page body that copies markdown text
//! through (code, math and escapes untouched), turns tags into elements
//! with their children, records ESM statements and drops comments.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::document::{Document, Element, Node, Problem, TextNode, ESCAPED_LT};
use super::math;
use super::scan::{
    code_span_len, in_url, is_delimiter_row_with_tabs, last_closing_tag, looks_like_autolink,
    next_delimiter, quote_depth, unquoted, Lines,
};
use super::strict;
use super::syntax::{
    balanced_end, element_name_len, fenced_code, parse_export_component, parse_export_const,
    parse_import, parse_open_tag, resolve_attributes, statement_end, wrapper_end, wraps_element,
    OpenTag,
};
use super::tags::{is_component_name, is_html_tag, VOID_TAGS};

/// Parses one document.
pub fn parse(source: &str) -> Document {
    parse_with(source, &Map::new())
}

/// Parses a page whose expressions may read its `frontmatter`: exported
/// constants and attribute values are evaluated with it.
pub fn parse_with(source: &str, frontmatter: &Map<String, Value>) -> Document {
    let mut parser = Parser {
        src: source,
        lines: Lines::new(source),
        frontmatter,
        pos: 0,
        open: Vec::new(),
        indents: Vec::new(),
        last_close: HashMap::new(),
        closed_at: None,
        wrapper_ends: Vec::new(),
        doc: Document::default(),
    };
    let (mut nodes, _) = parser.children(None);
    let mut doc = parser.doc;
    let names = |path: &[&str]| match path {
        ["frontmatter", key] => frontmatter.get(*key).cloned(),
        [name] => doc.exports.get(*name).cloned(),
        _ => None,
    };
    resolve_attributes(&mut nodes, &names);
    strict::structure(source, &nodes, &mut doc.problems);
    doc.problems.sort_by_key(|p| p.offset);
    doc.nodes = nodes;
    doc
}

/// How deep components and HTML tags may nest (real pages nest a handful;
/// parsing and rendering nest as deep as the tags, on threads of 2 MB stacks).
pub const MAX_NESTING: usize = 256;

struct Parser<'s> {
    src: &'s str,
    /// Where `src`'s lines start and end.
    lines: Lines,
    /// What `frontmatter.x` reads.
    frontmatter: &'s Map<String, Value>,
    pos: usize,
    /// Names of the elements being parsed, outermost first.
    open: Vec<String>,
    /// Minimum indentation seen in each open element's child lines.
    indents: Vec<usize>,
    /// Last offset of `</name` per name, so "is it ever closed" is O(1).
    last_close: HashMap<String, Option<usize>>,
    /// Where the closing tag the last element's children ended at is.
    closed_at: Option<std::ops::Range<usize>>,
    /// Offsets of the `}` closing a `{<Element />}` wrapper, skipped there.
    wrapper_ends: Vec<usize>,
    doc: Document,
}

/// How a run of children ended.
#[derive(Debug, PartialEq)]
enum End {
    /// Its own closing tag (consumed).
    Closed,
    /// The end of input or an ancestor's closing tag (not consumed).
    Unclosed,
}

/// Text collected between elements.
struct TextBuf {
    text: String,
    offset: usize,
    at_line_start: bool,
}

impl<'s> Parser<'s> {
    fn bytes(&self) -> &'s [u8] {
        self.src.as_bytes()
    }

    fn at_line_start(&self, pos: usize) -> bool {
        pos == 0 || self.bytes()[pos - 1] == b'\n'
    }

    fn new_text(&self) -> TextBuf {
        TextBuf {
            text: String::new(),
            offset: self.pos,
            at_line_start: self.at_line_start(self.pos),
        }
    }

    fn flush(&self, buf: &mut TextBuf, nodes: &mut Vec<Node>) {
        let next = self.new_text();
        let done = std::mem::replace(buf, next);
        if !done.text.is_empty() {
            nodes.push(Node::Text(TextNode {
                text: done.text,
                offset: done.offset,
                at_line_start: done.at_line_start,
            }));
        }
    }

    /// Parses nodes until `close`'s closing tag, an ancestor's, or the end.
    fn children(&mut self, close: Option<&str>) -> (Vec<Node>, End) {
        let mut nodes = Vec::new();
        let mut buf = self.new_text();
        while self.pos < self.src.len() {
            if self.at_line_start(self.pos) && self.line_start(close, &mut buf, &mut nodes) {
                continue;
            }
            match self.bytes()[self.pos] {
                b'`' => self.code_span(&mut buf),
                b'\\' => self.escape(&mut buf),
                b'}' if self.wrapper_ends.last() == Some(&self.pos) => {
                    self.wrapper_ends.pop();
                    self.pos += 1;
                }
                b'{' => self.brace(&mut buf, &mut nodes),
                b'$' => self.math_span(&mut buf),
                b'<' if self.src[self.pos..].starts_with("</") => {
                    if let Some(end) = self.closing_tag(close, &mut buf, &mut nodes) {
                        self.flush(&mut buf, &mut nodes);
                        return (nodes, end);
                    }
                }
                b'<' => self.tag(&mut buf, &mut nodes),
                _ => self.plain(&mut buf),
            }
        }
        self.flush(&mut buf, &mut nodes);
        (nodes, End::Unclosed)
    }

    /// Handles what only happens at the start of a line: indentation
    /// bookkeeping, fenced code blocks and ESM statements. Returns whether
    /// it consumed anything.
    fn line_start(
        &mut self,
        close: Option<&str>,
        buf: &mut TextBuf,
        nodes: &mut Vec<Node>,
    ) -> bool {
        let line_end = self.src[self.pos..]
            .find('\n')
            .map_or(self.src.len(), |i| self.pos + i);
        let line = &self.src[self.pos..line_end];
        let content = line.trim_start();
        let indent = line.len() - content.len();
        let closes_this = close.is_some_and(|name| {
            content
                .strip_prefix("</")
                .is_some_and(|rest| rest.trim_start().starts_with(name))
        });
        if !content.trim().is_empty() && !closes_this {
            if let Some(min) = self.indents.last_mut() {
                *min = (*min).min(indent);
            }
        }
        if let Some((text, end)) = fenced_code(self.src, self.pos, content, indent) {
            buf.text.push_str(&text);
            self.pos = end;
            return true;
        }
        if is_delimiter_row_with_tabs(content) {
            // pulldown-cmark does not read tabs in a table's delimiter
            // row (`|---\t|`), which GFM allows.
            buf.text.push_str(&line.replace('\t', "    "));
            self.pos = line_end;
            return true;
        }
        if let Some((text, end)) = math::display_at(self.src, self.pos, line_end) {
            buf.text.push_str(&text);
            self.pos = end;
            return true;
        }
        if indent == 0 && !self.continues_paragraph() {
            if let Some(end) = self.esm(line_end) {
                self.pos = end;
                self.flush(buf, nodes);
                return true;
            }
        }
        false
    }

    /// Copies text up to the next byte that may start MDX syntax (or the
    /// end of the line).
    fn plain(&mut self, buf: &mut TextBuf) {
        let rest = &self.src[self.pos..];
        let first = rest.chars().next().map_or(1, char::len_utf8);
        // The delimiters are ASCII, so a byte search lands on char boundaries.
        let len = next_delimiter(&rest.as_bytes()[first..]).map_or(rest.len(), |i| i + first);
        // A newline ends the run so the next line gets its line-start pass.
        let len = if rest.as_bytes()[0] == b'\n' { 1 } else { len };
        // Nor does it swallow the `}` of a `{<Element />}` wrapper.
        let len = match self.wrapper_ends.last() {
            Some(&end) if end >= self.pos && end < self.pos + len => (end - self.pos).max(1),
            _ => len,
        };
        buf.text.push_str(&rest[..len]);
        self.pos += len;
    }

    fn escape(&mut self, buf: &mut TextBuf) {
        let rest = &self.src[self.pos..];
        if rest.starts_with("\\<") {
            buf.text.push(ESCAPED_LT);
            self.pos += 2;
            return;
        }
        let len = rest[1..].chars().next().map_or(1, |c| 1 + c.len_utf8());
        let len = if rest[1..].starts_with('\n') { 1 } else { len };
        buf.text.push_str(&rest[..len]);
        self.pos += len;
    }

    /// Copies an inline code span through, or just the backticks when it
    /// has no closing run before a blank line.
    fn code_span(&mut self, buf: &mut TextBuf) {
        let len = code_span_len(&self.src[self.pos..], self.in_table_row());
        buf.text.push_str(&self.src[self.pos..self.pos + len]);
        self.pos += len;
    }

    /// An inline formula ([`math`]), written as code marked as math so
    /// braces and `<` in TeX are never MDX; a run of `$` that opens none
    /// (or sits in a link's destination) is text.
    fn math_span(&mut self, buf: &mut TextBuf) {
        let rest = &self.src[self.pos..];
        let in_table_row = self.in_table_row();
        let (text, len) = match in_url(self.src, self.start_of_line(), self.pos) {
            true => (std::borrow::Cow::Borrowed("$"), 1),
            false => math::inline_at(rest, in_table_row),
        };
        buf.text.push_str(&text);
        self.pos += len;
    }

    /// `{/* comment */}` is dropped; `{expr}` becomes an expression node;
    /// an unbalanced `{` is text.
    fn brace(&mut self, buf: &mut TextBuf, nodes: &mut Vec<Node>) {
        let rest = &self.src[self.pos..];
        if in_url(self.src, self.start_of_line(), self.pos) {
            // `[Run](https://x/?q={"a":1})`: a URL, as MDX reads it.
            buf.text.push('{');
            self.pos += 1;
            return;
        }
        if rest.starts_with("{/*") {
            if let Some(end) = rest.find("*/}") {
                self.pos += end + 3;
                self.flush(buf, nodes);
                return;
            }
        }
        if let Some(end) = wrapper_end(rest).filter(|&end| wraps_element(&rest[1..end - 1])) {
            // `{<Aside>…</Aside>}`: the braces only hold an element; parse it as one.
            self.wrapper_ends.push(self.pos + end - 1);
            self.doc.wrapped.push(self.pos + 1..self.pos + end - 1);
            self.pos += 1;
            return;
        }
        match balanced_end(rest) {
            Some(end) if !rest[1..end - 1].contains("\n\n") => {
                let line = &self.src[self.start_of_line()..];
                let (code, lazy) = unquoted(&rest[1..end - 1], quote_depth(line));
                if let Some(at) = lazy {
                    let why = "a line of this expression in a block quote does not start with `>`";
                    self.rejected(self.pos + 1 + at, why, "start each of its lines with `>`");
                } else if let Some(why) = strict::expression_problem(&code, false) {
                    let why = format!("this expression is not JavaScript: {why}");
                    let help = "write `\\{` to show a `{`, or fix the expression";
                    self.rejected(self.pos, why, help);
                }
                self.flush(buf, nodes);
                let offset = self.pos;
                nodes.push(Node::Expr { code, offset });
                self.pos += end;
                buf.offset = self.pos;
                buf.at_line_start = false;
            }
            _ => {
                // JSX inside (`{<Aside>it's</Aside>}`) may hold quotes the
                // bracket count cannot pass: not judged.
                if !rest[1..].trim_start().starts_with('<') {
                    self.rejected(self.pos, "`{` is never closed", "write `\\{` to show a `{`");
                }
                buf.text.push('{');
                self.pos += 1;
            }
        }
    }

    /// A closing tag. Returns how the current run ends when it is this
    /// element's or an ancestor's; a stray one is dropped with a problem.
    fn closing_tag(
        &mut self,
        close: Option<&str>,
        buf: &mut TextBuf,
        nodes: &mut Vec<Node>,
    ) -> Option<End> {
        let rest = &self.src[self.pos..];
        // JSX allows white space after `</` (`</ Tip>`).
        let start = rest.len() - rest[2..].trim_start().len();
        let name_len = element_name_len(&rest[start..]);
        let name = &rest[start..start + name_len];
        let after = rest[start + name_len..].trim_start();
        let fragment_end = name.is_empty() && close == Some("");
        if (name.is_empty() && !fragment_end) || !after.starts_with('>') {
            buf.text.push_str("&lt;");
            self.pos += 1;
            return None;
        }
        let len = rest.len() - after.len() + 1;
        if Some(name) == close {
            self.closed_at = Some(self.pos..self.pos + len);
            self.pos += len;
            return Some(End::Closed);
        }
        if self.open.iter().any(|open| open == name) {
            return Some(End::Unclosed);
        }
        if is_component_name(name) || is_html_tag(name) {
            self.flush(buf, nodes);
            self.problem(format!(
                "closing tag `</{name}>` has no matching opening tag"
            ));
            self.pos += len;
            buf.offset = self.pos;
        } else {
            buf.text.push_str("&lt;");
            self.pos += 1;
        }
        None
    }

    fn problem(&mut self, message: String) {
        self.problem_at(self.pos, message);
    }

    fn problem_at(&mut self, offset: usize, message: String) {
        self.doc.problems.push(Problem {
            offset,
            message,
            help: None,
        });
    }

    /// A problem MDX rejects the page for ([`strict::rejected`]).
    fn rejected(&mut self, offset: usize, why: impl std::fmt::Display, fix: &str) {
        self.doc.problems.push(strict::rejected(offset, why, fix));
    }

    /// An opening tag: an element, or text when it is not one.
    fn tag(&mut self, buf: &mut TextBuf, nodes: &mut Vec<Node>) {
        let rest = &self.src[self.pos..];
        if rest.starts_with("<!--") || looks_like_autolink(rest) {
            match rest.starts_with("<!--") {
                true => self.rejected(self.pos, "an HTML comment", "write `{/* comment */}`"),
                false => self.rejected(
                    self.pos,
                    "an autolink in angle brackets",
                    "write the bare URL, or `[text](url)`",
                ),
            }
            buf.text.push('<');
            self.pos += 1;
            return;
        }
        let open = parse_open_tag(self.src, self.pos);
        let Some(open) = open else {
            self.doc.problems.extend(strict::not_a_tag(rest, self.pos));
            buf.text.push_str("&lt;");
            self.pos += 1;
            return;
        };
        if self.open.len() >= MAX_NESTING {
            // Parsing and rendering nest as deep as the tags: bounded, so
            // that no page can exhaust the stack.
            self.doc.too_deep.get_or_insert(self.pos);
            buf.text.push_str("&lt;");
            self.pos += 1;
            return;
        }
        let start = self.pos;
        let never_closed = !open.self_closing
            && !VOID_TAGS.contains(&open.name.as_str())
            && !self.closed_later(&open.name, open.end);
        if never_closed && is_html_tag(&open.name) && !VOID_TAGS.contains(&open.name.as_str()) {
            let why = format!("`<{}>` is never closed", open.name);
            self.rejected(self.pos, why, &format!("close it with `</{}>`", open.name));
        }
        if never_closed && is_html_tag(&open.name) {
            // Unclosed HTML (`<p>` in a .md file) is left to the markdown parser.
            buf.text.push_str(&self.src[start..open.end]);
            self.pos = open.end;
            return;
        }
        if never_closed && !is_component_name(&open.name) {
            // Another lowercase name never closed (`Array<string>`) is text.
            let why = format!("`<{}>` is never closed", open.name);
            self.rejected(self.pos, why, "write `\\<` to show a `<`, or close the tag");
            buf.text.push_str("&lt;");
            self.pos += 1;
            return;
        }
        self.flush(buf, nodes);
        let element = self.element(open, never_closed);
        nodes.push(Node::Element(element));
        buf.offset = self.pos;
        buf.at_line_start = false;
    }

    /// Where the line `pos` is on starts.
    fn start_of_line(&self) -> usize {
        self.lines.bounds(self.pos).0
    }

    /// Whether the line `pos` is on is a table row (`| a | b |`).
    fn in_table_row(&self) -> bool {
        self.src[self.start_of_line()..]
            .trim_start()
            .starts_with('|')
    }

    /// Whether the line starting here continues a paragraph of text (the
    /// line before holds text), where `import`/`export` are words, not ESM.
    fn continues_paragraph(&self) -> bool {
        self.follows_text_line(self.pos)
    }

    /// Whether the line before the one starting at `line_start` holds text
    /// (a paragraph's or list item's), so what starts there may continue it.
    fn follows_text_line(&self, line_start: usize) -> bool {
        let before = &self.src[..line_start.saturating_sub(1)];
        let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
        let line = line.trim();
        !line.is_empty()
            && !line.starts_with(['#', '<', '{', '|'])
            && !line.starts_with("import ")
            && !line.starts_with("export ")
            && !line.ends_with(['>', '}', ';'])
    }

    fn closed_later(&mut self, name: &str, after: usize) -> bool {
        let src = self.src;
        let last = *self
            .last_close
            .entry(name.to_string())
            .or_insert_with(|| last_closing_tag(src, name));
        last.is_some_and(|at| at >= after)
    }

    fn element(&mut self, open: OpenTag, never_closed: bool) -> Element {
        let start = self.pos;
        let before = &self.src[self.lines.bounds(start).0..start];
        let starts_line = before.trim().is_empty();
        self.pos = open.end;
        let void = VOID_TAGS.contains(&open.name.as_str());
        if void && !open.self_closing {
            let why = format!("`<{}>` is not closed", open.name);
            self.rejected(start, why, &format!("write `<{} />`", open.name));
        }
        let (attrs, problem) = strict::readable_attributes(open.attrs, start);
        self.doc.problems.extend(problem);
        let leaf = open.self_closing || void || never_closed;
        if never_closed {
            let message = format!(
                "`<{}>` is never closed; write `</{}>` after its content or `<{} />`",
                open.name, open.name, open.name
            );
            self.problem_at(start, message);
        }
        let children_start = self.pos;
        let mut children = Vec::new();
        let mut children_end = self.pos;
        let mut child_indent = 0;
        let mut close = None;
        if !leaf {
            self.open.push(open.name.clone());
            self.indents.push(usize::MAX);
            let (nodes, end) = self.children(Some(&open.name));
            child_indent = self.indents.pop().filter(|&i| i != usize::MAX).unwrap_or(0);
            self.open.pop();
            children = nodes;
            children_end = self.pos;
            match end {
                End::Closed => close = self.closed_at.take(),
                End::Unclosed if is_component_name(&open.name) => {
                    self.problem_at(start, format!("`<{}>` is never closed", open.name));
                }
                End::Unclosed => {}
            }
        }
        let rest_of_line = self.src[self.pos..].split('\n').next().unwrap_or("");
        // An element on one line right under a line of text continues that
        // paragraph (or list item), as MDX reads it: `- Item\n<Tip>x</Tip>`.
        let one_line = !self.src[start..self.pos].contains('\n');
        // (Not a self-closing one: it may stand for a block, as a snippet does.)
        let lazy = starts_line && one_line && !leaf && self.follows_text_line(start - before.len());
        let inline = lazy || !(starts_line && rest_of_line.trim().is_empty());
        let inner = &self.src[children_start..children_end];
        Element {
            name: open.name,
            attrs,
            children,
            offset: start,
            open_end: open.end,
            close,
            inline,
            flow: inner.trim().contains('\n'),
            child_indent,
        }
    }

    /// An `import` or `export` statement starting here, recorded and
    /// skipped; returns where it ends.
    fn esm(&mut self, line_end: usize) -> Option<usize> {
        let rest = &self.src[self.pos..];
        let is_import = rest.starts_with("import ") || rest.starts_with("import{");
        let is_export = [
            "const ",
            "let ",
            "var ",
            "function ",
            "async ",
            "default ",
            "class ",
        ]
        .iter()
        .any(|kw| {
            rest.strip_prefix("export ")
                .is_some_and(|r| r.starts_with(kw))
        });
        let fix = "write the statement as JavaScript with a blank line after it, or start the line with other text";
        if !is_import && !is_export {
            if rest.starts_with("export ") || rest.starts_with("import ") {
                self.rejected(self.pos, "a line starting with `import` or `export` is read as JavaScript, and this is not", fix);
            }
            return None;
        }
        let end = statement_end(self.src, self.pos).max(line_end.min(self.src.len()));
        let statement = &self.src[self.pos..end];
        if is_import {
            let Some(imports) = parse_import(statement, self.pos) else {
                self.rejected(self.pos, "this import is not JavaScript MDX can read", fix);
                return None;
            };
            self.doc.imports.extend(imports);
        } else {
            let declared = parse_export_const(statement, &self.doc.exports, self.frontmatter);
            match parse_export_component(statement) {
                Some((name, body)) if declared.is_empty() => {
                    self.doc.components.insert(name, body);
                }
                _ => self.doc.exports.extend(declared),
            }
        }
        let inside = !self.open.is_empty();
        let problem = strict::esm_surroundings(self.src, self.pos..end, inside);
        self.doc.problems.extend(problem);
        self.doc.esm.push(self.pos..end);
        Some(end)
    }
}
