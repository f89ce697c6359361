//! Renders parsed MDX nodes: runs of markdown text go through pulldown-cmark
//! with each element standing in as a placeholder token; the event stream
//! is then rewritten (heading ids, URLs, highlighted code, and each token
//! replaced by its element's HTML, rendered right there so headings and
//! text stay in document order).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::PathBuf;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};
use serde_json::Value;

use super::attrs::value_text;
use super::headings::Slugger;
use super::highlight::{CodeInfo, Highlighter};
use super::html::escape;
use super::mdx::{self, Element, Import, Node};
use super::{Heading, PageEnv, Rendered, Snippet, SnippetError, UrlKind, UrlRewrite};
use crate::confine::OUTSIDE_HELP;
use crate::diagnostics::Diagnostic;

/// Starts and ends a placeholder token (Unicode private-use characters,
/// which markdown leaves alone).
const TOKEN_OPEN: char = '\u{E000}';
const TOKEN_CLOSE: char = '\u{E001}';

/// How deep snippets may include snippets.
pub(super) const MAX_SNIPPET_DEPTH: usize = 8;

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_MATH
}

/// The document being rendered: the page, or a snippet it includes.
pub(super) struct DocCtx {
    pub file: PathBuf,
    pub line_offset: usize,
    line_starts: Vec<usize>,
    pub imports: HashMap<String, Import>,
    /// `export const` values and snippet props.
    pub vars: HashMap<String, Value>,
}

impl DocCtx {
    pub fn new(file: PathBuf, line_offset: usize, source: &str, doc: &mdx::Document) -> DocCtx {
        let line_starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        DocCtx {
            file,
            line_offset,
            line_starts,
            imports: doc
                .imports
                .iter()
                .map(|i| (i.name.clone(), i.clone()))
                .collect(),
            vars: doc.exports.clone(),
        }
    }

    /// 1-based line and column (in the document) of byte `offset`.
    fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        (line, offset - self.line_starts[line - 1] + 1)
    }
}

/// Markdown text being assembled for one pulldown-cmark run, with where
/// each piece came from so events can be mapped back to source lines.
#[derive(Default)]
struct Fragment {
    md: String,
    /// `(offset in md, 1-based source line there)`, in order.
    segments: Vec<(usize, usize)>,
}

impl Fragment {
    fn push_text(&mut self, text: &str, line: usize) {
        self.segments.push((self.md.len(), line));
        self.md.push_str(text);
    }

    /// Puts a block element's token in a paragraph of its own, keeping the
    /// indentation it had (so it stays inside a list item).
    fn push_block(&mut self, token: &str, line_after: usize) {
        let trimmed = self.md.trim_end_matches([' ', '\t']).len();
        let indent = self.md[trimmed..].to_string();
        self.md.truncate(trimmed);
        if !self.md.is_empty() && !self.md.ends_with("\n\n") {
            self.md.push_str(if self.md.ends_with('\n') {
                "\n"
            } else {
                "\n\n"
            });
        }
        self.md.push_str(&indent);
        self.md.push_str(token);
        self.md.push_str("\n\n");
        self.segments.push((self.md.len(), line_after));
    }

    fn line_at(&self, offset: usize) -> usize {
        let i = self.segments.partition_point(|&(o, _)| o <= offset);
        match i.checked_sub(1).map(|i| self.segments[i]) {
            Some((start, line)) => {
                line + self.md[start..offset.min(self.md.len())]
                    .matches('\n')
                    .count()
            }
            None => 1,
        }
    }
}

fn token(index: usize) -> String {
    format!("{TOKEN_OPEN}{index}{TOKEN_CLOSE}")
}

/// Splits text into plain runs and token indexes.
fn split_tokens(text: &str) -> Vec<Result<&str, usize>> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(TOKEN_OPEN) {
        let Some(len) = rest[start..].find(TOKEN_CLOSE) else {
            break;
        };
        if start > 0 {
            parts.push(Ok(&rest[..start]));
        }
        let index = rest[start + TOKEN_OPEN.len_utf8()..start + len]
            .parse()
            .unwrap_or(usize::MAX);
        parts.push(Err(index));
        rest = &rest[start + len + TOKEN_CLOSE.len_utf8()..];
    }
    if !rest.is_empty() {
        parts.push(Ok(rest));
    }
    parts
}

fn without_tokens(text: &str) -> String {
    split_tokens(text)
        .into_iter()
        .filter_map(Result::ok)
        .collect()
}

/// Removes up to `n` leading spaces or tabs from each line.
pub(super) fn dedent(text: &str, n: usize, first_at_line_start: bool) -> Cow<'_, str> {
    if n == 0 {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i == 0 && !first_at_line_start {
            out.push_str(line);
            continue;
        }
        let strip = line
            .bytes()
            .take(n)
            .take_while(|b| *b == b' ' || *b == b'\t')
            .count();
        out.push_str(&line[strip..]);
    }
    Cow::Owned(out)
}

/// Strips the `<p>…</p>` around HTML that is a single paragraph.
pub(super) fn unwrap_paragraph(html: String) -> String {
    let trimmed = html.trim_end();
    match trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
    {
        Some(inner) if !inner.contains("<p>") => inner.to_string(),
        _ => html,
    }
}

/// Renders one page (and the snippets it includes).
pub(super) struct Renderer<'a> {
    pub hl: &'a Highlighter,
    pub env: &'a PageEnv<'a>,
    pub out: Rendered,
    slugger: Slugger,
    pub docs: Vec<DocCtx>,
    next_id: usize,
    /// Component names already warned about on this page.
    warned_names: HashSet<String>,
}

impl<'a> Renderer<'a> {
    pub fn new(hl: &'a Highlighter, env: &'a PageEnv<'a>) -> Renderer<'a> {
        Renderer {
            hl,
            env,
            out: Rendered::default(),
            slugger: Slugger::default(),
            docs: Vec::new(),
            next_id: 0,
            warned_names: HashSet::new(),
        }
    }

    pub fn render_page(mut self, source: &str) -> Rendered {
        let doc = mdx::parse(source);
        let ctx = DocCtx::new(
            self.env.file.to_path_buf(),
            self.env.line_offset,
            source,
            &doc,
        );
        self.out.html = self.render_document(ctx, &doc, true);
        self.out.text = self.out.text.trim().to_string();
        self.out
    }

    /// Renders a parsed document in its own context (imports, variables, file).
    pub fn render_document(&mut self, ctx: DocCtx, doc: &mdx::Document, block: bool) -> String {
        self.docs.push(ctx);
        for problem in &doc.problems {
            self.warn_at(problem.offset, problem.message.clone(), None);
        }
        let html = self.render_nodes(&doc.nodes, 0, block);
        self.docs.pop();
        html
    }

    pub fn snippet_depth(&self) -> usize {
        self.docs.len()
    }

    fn ctx(&self) -> &DocCtx {
        self.docs.last().expect("a document is being rendered")
    }

    /// A page-unique id for components that need one (`tabs-3`).
    pub fn unique_id(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}-{}", self.next_id)
    }

    /// Takes a heading id (also used for changelog entries' anchors).
    pub fn heading_id(&mut self, text: &str) -> String {
        self.slugger.unique(text)
    }

    /// Whether this is the page's first warning about component `name`
    /// (a page using an unknown component often uses it many times).
    pub fn first_use_of(&mut self, name: &str) -> bool {
        self.warned_names.insert(name.to_string())
    }

    pub fn record_heading(&mut self, level: u8, id: String, text: String) {
        self.out.headings.push(Heading { level, id, text });
    }

    pub fn push_text(&mut self, text: &str) {
        self.out.text.push_str(text);
    }

    /// Warns at byte `offset` of the current document.
    pub fn warn_at(&mut self, offset: usize, message: String, help: Option<String>) {
        let (line, column) = self.ctx().position(offset);
        self.warn_line(line, column, message, help);
    }

    /// An error at byte `offset` of the current document.
    pub fn error_at(&mut self, offset: usize, message: String, help: &str) {
        let (line, column) = self.ctx().position(offset);
        self.error_line(line, column, message, help);
    }

    fn error_line(&mut self, line: usize, column: usize, message: String, help: &str) {
        let ctx = self.ctx();
        let d = Diagnostic::error(ctx.file.clone(), message)
            .at_line(line + ctx.line_offset, column)
            .with_help(help);
        self.out.diagnostics.push(d);
    }

    /// The snippet `reference` names. One that resolves outside the docs
    /// root is an error at byte `offset`; a missing one is the caller's
    /// to report.
    pub fn load_snippet(
        &mut self,
        reference: &str,
        offset: usize,
    ) -> Result<Snippet, SnippetError> {
        let found = (self.env.snippets)(reference);
        if let Err(SnippetError::Outside(message)) = &found {
            self.error_at(
                offset,
                format!("snippet `{reference}`: {message}"),
                OUTSIDE_HELP,
            );
        }
        found
    }

    fn warn_line(&mut self, line: usize, column: usize, message: String, help: Option<String>) {
        let ctx = self.ctx();
        let mut d =
            Diagnostic::warning(ctx.file.clone(), message).at_line(line + ctx.line_offset, column);
        if let Some(help) = help {
            d = d.with_help(help);
        }
        self.out.diagnostics.push(d);
    }

    /// Sends a URL through the site's rewriter, warning when it is broken.
    pub fn rewrite_url(&mut self, url: &str, kind: UrlKind, offset: usize) -> String {
        let (line, column) = self.ctx().position(offset);
        self.rewrite_url_at_line(url, kind, line, column)
    }

    fn rewrite_url_at_line(
        &mut self,
        url: &str,
        kind: UrlKind,
        line: usize,
        column: usize,
    ) -> String {
        match (self.env.urls)(url, kind) {
            UrlRewrite::Keep => url.to_string(),
            UrlRewrite::To(new) => new,
            UrlRewrite::Broken { message, help } => {
                self.warn_line(line, column, message, help);
                url.to_string()
            }
            UrlRewrite::Refused { message } => {
                self.error_line(line, column, message, OUTSIDE_HELP);
                url.to_string()
            }
        }
    }

    /// Renders nodes (an element's children, dedented by `indent`) as block
    /// HTML, or as inline HTML without the wrapping paragraph.
    pub fn render_nodes(&mut self, nodes: &[Node], indent: usize, block: bool) -> String {
        let mut frag = Fragment::default();
        let mut slots: Vec<&Element> = Vec::new();
        for node in nodes {
            match node {
                Node::Text(t) => {
                    let line = self.ctx().position(t.offset).0;
                    frag.push_text(&dedent(&t.text, indent, t.at_line_start), line);
                }
                Node::Expr { code, offset } => {
                    let line = self.ctx().position(*offset).0;
                    let text = self.expression_text(code);
                    frag.push_text(&text, line);
                }
                Node::Element(el) => {
                    let tok = token(slots.len());
                    slots.push(el);
                    if el.inline {
                        frag.md.push_str(&tok);
                    } else {
                        let line = self.ctx().position(el.offset).0;
                        frag.push_block(&tok, line);
                    }
                }
            }
        }
        let html = self.markdown_to_html(&frag, &slots);
        if block {
            html
        } else {
            unwrap_paragraph(html)
        }
    }

    /// The text an `{expression}` stands for: a prop, an exported variable,
    /// a string literal; anything else stays as written.
    fn expression_text(&mut self, code: &str) -> String {
        let code = code.trim();
        if let Some(value) = super::attrs::parse_literal(code) {
            return value_text(&value).unwrap_or_default();
        }
        let path = code.strip_prefix("props.").unwrap_or(code);
        let mut parts = path.split('.');
        let first = parts.next().unwrap_or("");
        let root = self.lookup_var(first);
        let value = root.and_then(|r| parts.try_fold(r, |v, key| v.get(key).cloned()));
        match value.and_then(|v| value_text(&v)) {
            Some(text) => escape(&text),
            None => format!("{{{code}}}"),
        }
    }

    fn lookup_var(&mut self, name: &str) -> Option<Value> {
        if let Some(v) = self.ctx().vars.get(name) {
            return Some(v.clone());
        }
        let import = self.ctx().imports.get(name).filter(|i| i.named)?.clone();
        let snippet = self.load_snippet(&import.source, import.offset).ok()?;
        mdx::parse(&snippet.source).exports.get(name).cloned()
    }

    fn markdown_to_html(&mut self, frag: &Fragment, slots: &[&Element]) -> String {
        let events: Vec<(Event, Range<usize>)> = pulldown_cmark::TextMergeWithOffset::new(
            Parser::new_ext(&frag.md, options()).into_offset_iter(),
        )
        .collect();
        let mut out = Vec::with_capacity(events.len());
        let mut i = 0;
        while i < events.len() {
            i = self.transform(&events, i, &mut out, frag, slots);
        }
        let mut html = String::with_capacity(frag.md.len() * 2);
        pulldown_cmark::html::push_html(&mut html, out.into_iter());
        html
    }

    /// Rewrites the event at `i` (and the ones it owns) into `out`;
    /// returns the index of the next event to look at.
    fn transform<'e>(
        &mut self,
        events: &[(Event<'e>, Range<usize>)],
        i: usize,
        out: &mut Vec<Event<'e>>,
        frag: &Fragment,
        slots: &[&Element],
    ) -> usize {
        let (event, range) = &events[i];
        match event {
            Event::Start(Tag::Paragraph) => {
                if let Some(html) = self.lone_token(events.get(i + 1..i + 3), slots) {
                    out.push(Event::Html(html.into()));
                    return i + 3;
                }
                out.push(event.clone());
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                return self.code_block(events, i, kind, out, frag, slots)
            }
            Event::Start(Tag::Heading { .. }) => return self.heading(events, i, out, frag, slots),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let url =
                    self.rewrite_url_at_line(dest_url, UrlKind::Link, frag.line_at(range.start), 1);
                out.push(Event::Start(Tag::Link {
                    link_type: *link_type,
                    dest_url: url.into(),
                    title: title.clone(),
                    id: id.clone(),
                }));
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let url = self.rewrite_url_at_line(
                    dest_url,
                    UrlKind::Asset,
                    frag.line_at(range.start),
                    1,
                );
                out.push(Event::Start(Tag::Image {
                    link_type: *link_type,
                    dest_url: url.into(),
                    title: title.clone(),
                    id: id.clone(),
                }));
            }
            Event::Text(text) => self.text_with_tokens(text, out, slots),
            Event::Html(html) | Event::InlineHtml(html) if has_component_tag(html) => {
                // pulldown-cmark read as raw HTML what the MDX splitter left
                // as text (a `$` it did not pair the same way): the tag is
                // shown as text, never passed to the page raw.
                let escaped = html.replace("<", "&lt;");
                let escaped = match escaped.contains(TOKEN_OPEN) {
                    true => self.replace_tokens(&escaped, slots),
                    false => escaped,
                };
                out.push(match event {
                    Event::Html(_) => Event::Html(escaped.into()),
                    _ => Event::InlineHtml(escaped.into()),
                });
            }
            Event::Html(html) | Event::InlineHtml(html) if html.contains(TOKEN_OPEN) => {
                let replaced = self.replace_tokens(html, slots);
                out.push(Event::Html(replaced.into()));
            }
            Event::Code(code) => {
                self.out.text.push_str(code);
                out.push(event.clone());
            }
            Event::InlineMath(tex) | Event::DisplayMath(tex) => {
                let display = matches!(event, Event::DisplayMath(_));
                out.push(self.math(tex, display, range, frag));
            }
            Event::SoftBreak | Event::HardBreak => {
                self.out.text.push(' ');
                out.push(event.clone());
            }
            Event::End(
                TagEnd::Paragraph | TagEnd::Item | TagEnd::TableRow | TagEnd::BlockQuote(_),
            ) => {
                self.out.text.push('\n');
                out.push(event.clone());
            }
            Event::End(TagEnd::TableCell) => {
                self.out.text.push(' ');
                out.push(event.clone());
            }
            _ => out.push(event.clone()),
        }
        i + 1
    }

    /// A `$…$` or `$$…$$` formula as MathML. Inline math whose closing `$`
    /// is followed by a digit (`$5-$10`) is a price, not math: it stays text.
    fn math<'e>(
        &mut self,
        tex: &str,
        display: bool,
        range: &Range<usize>,
        frag: &Fragment,
    ) -> Event<'e> {
        let next = frag.md.as_bytes().get(range.end).copied();
        if !display && next.is_some_and(|b| b.is_ascii_digit()) {
            let text = format!("${tex}$");
            self.out.text.push_str(&text);
            return Event::Text(text.into());
        }
        self.out.text.push_str(tex);
        let (html, problem) = super::math::math_html(tex, display);
        if let Some(reason) = problem {
            let line = frag.line_at(range.start);
            self.warn_line(
                line,
                1,
                format!("formula `{tex}` is not valid TeX: {reason}"),
                Some("sheaf shows its source instead".to_string()),
            );
        }
        Event::InlineHtml(html.into())
    }

    /// `Text(token)` + `End(Paragraph)`: a block element alone in its paragraph.
    fn lone_token(
        &mut self,
        next: Option<&[(Event, Range<usize>)]>,
        slots: &[&Element],
    ) -> Option<String> {
        let [(Event::Text(text), _), (Event::End(TagEnd::Paragraph), _)] = next? else {
            return None;
        };
        match split_tokens(text.trim()).as_slice() {
            [Err(index)] => Some(self.render_slot(*index, slots)),
            _ => None,
        }
    }

    fn render_slot(&mut self, index: usize, slots: &[&Element]) -> String {
        match slots.get(index) {
            Some(el) => self.render_element(el),
            None => String::new(),
        }
    }

    fn text_with_tokens<'e>(
        &mut self,
        text: &CowStr<'e>,
        out: &mut Vec<Event<'e>>,
        slots: &[&Element],
    ) {
        if text.contains(mdx::ESCAPED_LT) {
            for (i, piece) in text.split(mdx::ESCAPED_LT).enumerate() {
                if i > 0 {
                    self.out.text.push('<');
                    out.push(Event::InlineHtml("&#60;".into()));
                }
                self.text_with_tokens(&CowStr::from(piece.to_string()), out, slots);
            }
            return;
        }
        if !text.contains(TOKEN_OPEN) {
            self.out.text.push_str(text);
            out.push(Event::Text(text.clone()));
            return;
        }
        for part in split_tokens(text) {
            match part {
                Ok(plain) => {
                    self.out.text.push_str(plain);
                    out.push(Event::Text(plain.to_string().into()));
                }
                Err(index) => {
                    let html = self.render_slot(index, slots);
                    out.push(Event::InlineHtml(html.into()));
                }
            }
        }
    }

    fn replace_tokens(&mut self, text: &str, slots: &[&Element]) -> String {
        split_tokens(text)
            .into_iter()
            .map(|part| match part {
                Ok(plain) => plain.to_string(),
                Err(index) => self.render_slot(index, slots),
            })
            .collect()
    }

    fn code_block<'e>(
        &mut self,
        events: &[(Event<'e>, Range<usize>)],
        start: usize,
        kind: &CodeBlockKind,
        out: &mut Vec<Event<'e>>,
        frag: &Fragment,
        slots: &[&Element],
    ) -> usize {
        let mut code = String::new();
        let mut i = start + 1;
        while let Some((event, _)) = events.get(i) {
            i += 1;
            match event {
                Event::Text(t) => code.push_str(t),
                Event::End(TagEnd::CodeBlock) => break,
                _ => {}
            }
        }
        let info = match kind {
            CodeBlockKind::Fenced(info) => CodeInfo::parse(info),
            CodeBlockKind::Indented => {
                // MDX has no indented code: the lines are markdown.
                let mut inner = Fragment::default();
                inner.push_text(&code, frag.line_at(events[start].1.start));
                out.push(Event::Html(self.markdown_to_html(&inner, slots).into()));
                return i;
            }
        };
        self.out.text.push_str(&code);
        self.out.text.push('\n');
        let html = if info.lang.as_deref() == Some("mermaid") {
            let (html, problem) = self.mermaid_figure(&code);
            if let Some(message) = problem {
                let line = frag.line_at(events[start].1.start);
                let help = Some(super::components::MERMAID_HELP.to_string());
                self.warn_line(line, 1, message, help);
            }
            html
        } else {
            self.hl.code_block(&info, &code)
        };
        out.push(Event::Html(html.into()));
        i
    }

    fn heading<'e>(
        &mut self,
        events: &[(Event<'e>, Range<usize>)],
        start: usize,
        out: &mut Vec<Event<'e>>,
        frag: &Fragment,
        slots: &[&Element],
    ) -> usize {
        let Event::Start(Tag::Heading {
            level, id, classes, ..
        }) = &events[start].0
        else {
            return start + 1;
        };
        let end = (start + 1..events.len())
            .find(|&j| matches!(events[j].0, Event::End(TagEnd::Heading(_))))
            .unwrap_or(events.len());
        let text: String = events[start + 1..end]
            .iter()
            .filter_map(|(e, _)| match e {
                Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => {
                    Some(without_tokens(t).replace(mdx::ESCAPED_LT, "<"))
                }
                _ => None,
            })
            .collect();
        let text = text.trim().to_string();
        let id = match id {
            Some(id) => id.to_string(),
            None => self.heading_id(&text),
        };
        let n = *level as u8;
        let class = if classes.is_empty() {
            String::new()
        } else {
            format!(" class=\"{}\"", escape(&classes.join(" ")))
        };
        let id_attr = escape(&id);
        // The heading's `#` link to itself is added by the theme's script
        // (it repeats the id on every heading of every page); the id itself
        // is here, so links to `#id` work without it.
        out.push(Event::Html(
            format!("<h{n} id=\"{id_attr}\"{class}>").into(),
        ));
        let mut j = start + 1;
        while j < end {
            j = self.transform(events, j, out, frag, slots);
        }
        let close = format!("</h{n}>\n");
        out.push(Event::Html(close.into()));
        self.out.text.push('\n');
        self.record_heading(n, id, text);
        end + 1
    }
}

/// Whether raw HTML from pulldown-cmark holds a component tag (`<Note`,
/// `</Card`): one the MDX splitter did not take as an element.
fn has_component_tag(html: &str) -> bool {
    html.match_indices('<').any(|(i, _)| {
        let rest = &html[i + 1..];
        let name = rest.strip_prefix('/').unwrap_or(rest);
        mdx::is_component_name(name)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_and_strip() {
        let text = format!("a{}b{}", token(0), token(12));
        assert_eq!(split_tokens(&text), vec![Ok("a"), Err(0), Ok("b"), Err(12)]);
        assert_eq!(without_tokens(&text), "ab");
    }

    #[test]
    fn dedent_strips_shared_indentation_only() {
        assert_eq!(dedent("    a\n      b\n\n    c", 4, true), "a\n  b\n\nc");
        assert_eq!(dedent("x\n  y", 2, false), "x\ny");
        assert_eq!(dedent("  a", 0, true), "  a");
    }

    #[test]
    fn block_tokens_keep_list_indentation() {
        let mut frag = Fragment::default();
        frag.push_text("1. Item\n   ", 1);
        frag.push_block("T", 2);
        assert_eq!(frag.md, "1. Item\n\n   T\n\n");
        assert_eq!(frag.line_at(0), 1);
        assert_eq!(frag.line_at(frag.md.len()), 2);
    }

    #[test]
    fn single_paragraphs_unwrap() {
        assert_eq!(
            unwrap_paragraph("<p>a <em>b</em></p>\n".into()),
            "a <em>b</em>"
        );
        assert_eq!(
            unwrap_paragraph("<p>a</p>\n<p>b</p>\n".into()),
            "<p>a</p>\n<p>b</p>\n"
        );
    }
}
