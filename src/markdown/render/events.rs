//! Runs pulldown-cmark over a [`Fragment`] and rewrites its event stream:
//! heading ids, link and image URLs, highlighted code, Mermaid fences,
//! math, and each placeholder token replaced by its element's HTML.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};

use super::super::highlight::CodeInfo;
use super::super::html::escape;
use super::super::mdx;
use super::super::UrlKind;
use super::context::MERMAID_HELP;
use super::fragment::{split_tokens, without_tokens, Fragment, Slot, TOKEN_OPEN};
use super::renderer::Renderer;
use super::text::single_tilde_pairs;
use crate::rules::Rule;

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// How deep block quotes and lists may nest, like components
/// ([`mdx::MAX_NESTING`]).
const MAX_BLOCK_NESTING: usize = mdx::MAX_NESTING;

/// Where block quotes and lists first nest deeper than [`MAX_BLOCK_NESTING`]
/// (a byte offset in the fragment's Markdown).
fn too_deep(events: &[(Event, Range<usize>)]) -> Option<usize> {
    let mut depth = 0usize;
    for (event, range) in events {
        match event {
            Event::Start(Tag::BlockQuote(_) | Tag::List(_)) => {
                depth += 1;
                if depth > MAX_BLOCK_NESTING {
                    return Some(range.start);
                }
            }
            Event::End(TagEnd::BlockQuote(_) | TagEnd::List(_)) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

impl Renderer<'_> {
    pub(super) fn markdown_to_html(&mut self, frag: &Fragment, slots: &[Slot]) -> String {
        let events: Vec<(Event, Range<usize>)> = pulldown_cmark::TextMergeWithOffset::new(
            Parser::new_ext(&frag.md, options()).into_offset_iter(),
        )
        .collect();
        if let Some(at) = too_deep(&events) {
            self.error_line(Rule::InputLimit,
                frag.line_at(at),
                1,
                format!("block quotes and lists are nested more than {MAX_BLOCK_NESTING} deep here"),
                "close some of the quotes or lists before this line: sheaf reads at most that many nested",
            );
        }
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
        slots: &[Slot],
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
                let (line, column) = self.place(frag, range);
                let url = self.rewrite_url_at_line(dest_url, UrlKind::Link, line, column);
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
                let (line, column) = self.place(frag, range);
                if matches!(events.get(i + 1), Some((Event::End(TagEnd::Image), _))) {
                    self.image_without_alt(line, column, dest_url);
                }
                let url = self.rewrite_url_at_line(dest_url, UrlKind::Asset, line, column);
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
            Event::Code(code) => match mdx::formula_of_code(code) {
                Some(tex) => out.push(self.math(tex, false, range, frag)),
                None => {
                    self.out.text.push_str(code);
                    out.push(event.clone());
                }
            },
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

    /// The line and column (in characters) of the document where the
    /// Markdown at `range` of `frag` is written. Text reaches the fragment
    /// dedented and with elements as tokens, so its first line (up to a
    /// token) is looked for on the source line, from where it sits in the
    /// fragment's line (dedenting only takes away), else from the start;
    /// column 1 when it is not there as written.
    fn place(&self, frag: &Fragment, range: &Range<usize>) -> (usize, usize) {
        let line = frag.line_at(range.start);
        let md = &frag.md;
        let start = range.start.min(md.len());
        let end = range.end.clamp(start, md.len());
        let piece = md[start..end]
            .split(['\n', TOKEN_OPEN])
            .next()
            .unwrap_or_default();
        let line_start = md[..start].rfind('\n').map_or(0, |i| i + 1);
        let ctx = self.ctx();
        let Some(source_line) = ctx.line_text(line).filter(|_| !piece.is_empty()) else {
            return (line, 1);
        };
        let mut from = (start - line_start).min(source_line.len());
        while !source_line.is_char_boundary(from) {
            from -= 1;
        }
        let found =
            (source_line[from..].find(piece).map(|i| from + i)).or_else(|| source_line.find(piece));
        match found {
            Some(at) => (line, source_line[..at].chars().count() + 1),
            None => (line, 1),
        }
    }

    /// A formula the MDX parser found ([`mdx::formula_of_code`]) as MathML.
    fn math<'e>(
        &mut self,
        tex: &str,
        display: bool,
        range: &Range<usize>,
        frag: &Fragment,
    ) -> Event<'e> {
        if !display && looks_like_prices(tex) {
            let (line, column) = self.place(frag, range);
            self.warn_line(Rule::DollarMath,
                line,
                column,
                format!("`${tex}$` reads as a formula, as on Mintlify: two dollar signs in a paragraph hold TeX"),
                Some("write `\\$` for a dollar sign".to_string()),
            );
        }
        self.out.text.push_str(tex);
        let (html, problem) = super::super::math::math_html(tex, display);
        if let Some(reason) = problem {
            let (line, column) = self.place(frag, range);
            self.warn_line(
                Rule::InvalidTex,
                line,
                column,
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
        slots: &[Slot],
    ) -> Option<String> {
        let [(Event::Text(text), _), (Event::End(TagEnd::Paragraph), _)] = next? else {
            return None;
        };
        match split_tokens(text.trim()).as_slice() {
            [Err(index)] => Some(self.render_slot(*index, slots, false)),
            _ => None,
        }
    }

    fn render_slot(&mut self, index: usize, slots: &[Slot], inline: bool) -> String {
        match slots.get(index) {
            Some(Slot::Element(el)) => self.render_element(el),
            Some(Slot::Expr(code, offset)) => self.sandbox_expression(code, *offset, inline),
            None => String::new(),
        }
    }

    fn text_with_tokens<'e>(
        &mut self,
        text: &CowStr<'e>,
        out: &mut Vec<Event<'e>>,
        slots: &[Slot],
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
        if !text.contains(TOKEN_OPEN) && !text.contains('~') {
            self.out.text.push_str(text);
            out.push(Event::Text(text.clone()));
            return;
        }
        if !text.contains(TOKEN_OPEN) {
            self.plain_text(text, out);
            return;
        }
        for part in split_tokens(text) {
            match part {
                Ok(plain) => self.plain_text(plain, out),
                Err(index) => {
                    let html = self.render_slot(index, slots, true);
                    out.push(Event::InlineHtml(html.into()));
                }
            }
        }
    }

    /// Text, with the single tildes MDX pairs into strikethrough as such.
    fn plain_text<'e>(&mut self, text: &str, out: &mut Vec<Event<'e>>) {
        let mut at = 0;
        for (open, close) in single_tilde_pairs(text) {
            out.push(Event::Text(text[at..open].to_string().into()));
            out.push(Event::Start(Tag::Strikethrough));
            out.push(Event::Text(text[open + 1..close].to_string().into()));
            out.push(Event::End(TagEnd::Strikethrough));
            self.out.text.push_str(&text[at..open]);
            self.out.text.push_str(&text[open + 1..close]);
            at = close + 1;
        }
        self.out.text.push_str(&text[at..]);
        out.push(Event::Text(text[at..].to_string().into()));
    }

    fn replace_tokens(&mut self, text: &str, slots: &[Slot]) -> String {
        split_tokens(text)
            .into_iter()
            .map(|part| match part {
                Ok(plain) => plain.to_string(),
                Err(index) => self.render_slot(index, slots, true),
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
        slots: &[Slot],
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
            CodeBlockKind::Fenced(info) if mdx::is_display_fence(info) => {
                let tex = code.trim_end_matches('\n');
                out.push(self.math(tex, true, &events[start].1, frag));
                return i;
            }
            CodeBlockKind::Fenced(info) => CodeInfo::parse(info),
            CodeBlockKind::Indented => {
                // MDX has no indented code: the lines are markdown.
                let mut inner = Fragment::default();
                inner.push_text(&code, frag.line_at(events[start].1.start));
                out.push(Event::Html(self.markdown_to_html(&inner, slots).into()));
                return i;
            }
        };
        let line = frag.line_at(events[start].1.start);
        let html = if info.lang.as_deref() == Some("mermaid") {
            self.out.text.push_str(&code);
            let (html, problem) = self.mermaid_figure(&code);
            if let Some(message) = problem {
                let help = Some(MERMAID_HELP.to_string());
                self.warn_line(Rule::InvalidMermaid, line, 1, message, help);
            }
            html
        } else {
            self.code_block_at(&info, &code, line)
        };
        self.out.text.push('\n');
        out.push(Event::Html(html.into()));
        i
    }

    fn heading<'e>(
        &mut self,
        events: &[(Event<'e>, Range<usize>)],
        start: usize,
        out: &mut Vec<Event<'e>>,
        frag: &Fragment,
        slots: &[Slot],
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
        self.heading_in_order(n, frag.line_at(events[start].1.start));
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
/// Whether an inline formula is more likely the text between two prices
/// (`$5 or $10`): it starts with a digit and holds a space.
fn looks_like_prices(tex: &str) -> bool {
    tex.starts_with(|c: char| c.is_ascii_digit()) && tex.contains(char::is_whitespace)
}

fn has_component_tag(html: &str) -> bool {
    html.match_indices('<').any(|(i, _)| {
        let rest = &html[i + 1..];
        let name = rest.strip_prefix('/').unwrap_or(rest);
        mdx::starts_with_component_name(name)
    })
}
