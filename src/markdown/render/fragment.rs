//! The markdown text handed to pulldown-cmark ([`Fragment`]), with where
//! each piece came from, and the placeholder tokens that stand in it for
//! elements until their HTML replaces them.

use std::cell::OnceCell;

use super::super::mdx::Element;
use super::text::{keep_inline, without_indented_code};

/// What a placeholder token stands for.
pub(in crate::markdown) enum Slot<'n> {
    /// An element, rendered where its token stands.
    Element(&'n Element),
    /// An `{expression}` (its code and byte offset) whose value only the
    /// component sandbox can tell.
    Expr(&'n str, usize),
}

/// Start and end a placeholder token: symbols no page writes, which
/// markdown leaves alone but counts as punctuation, as it counts the `<`
/// and `>` of the element a token stands for (so `<br />_Note:_` is
/// emphasis, as MDX reads it).
pub(super) const TOKEN_OPEN: char = '\u{1FBC6}';
const TOKEN_CLOSE: char = '\u{1FBC7}';

/// Markdown text being assembled for one pulldown-cmark run, with where
/// each piece came from so events can be mapped back to source lines.
#[derive(Default)]
pub(super) struct Fragment {
    pub(super) md: String,
    /// `(offset in md, 1-based source line there)`, in order.
    segments: Vec<(usize, usize)>,
    /// Offsets of the line breaks of `md`, found once it is complete, so
    /// that placing each of a page's many links is a binary search rather
    /// than a count from its segment's start (which made a page of many
    /// links cost the square of their number).
    breaks: OnceCell<Vec<usize>>,
}

impl Fragment {
    pub(super) fn push_text(&mut self, text: &str, line: usize) {
        self.segments.push((self.md.len(), line));
        self.md.push_str(text);
        self.breaks = OnceCell::new();
    }

    /// Puts a block element's token in a paragraph of its own, keeping the
    /// indentation it had (so it stays inside a list item).
    pub(super) fn push_block(&mut self, token: &str, line_after: usize) {
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
        self.breaks = OnceCell::new();
    }

    /// Takes the indentation off what pulldown-cmark would read as
    /// indented code, which MDX does not have ([`without_indented_code`]),
    /// keeping each piece's source line.
    pub(super) fn without_indented_code(&mut self) {
        let (text, cuts) = without_indented_code(&self.md);
        if cuts.is_empty() {
            return;
        }
        let text = text.into_owned();
        let moved = |offset: usize| {
            let before: usize = cuts.iter().take_while(|c| c.0 < offset).map(|c| c.1).sum();
            offset - before
        };
        for segment in &mut self.segments {
            segment.0 = moved(segment.0);
        }
        self.md = text;
        self.breaks = OnceCell::new();
    }

    /// Escapes what would start a block at its start ([`keep_inline`]).
    pub(super) fn keep_inline(&mut self) {
        if let Some(at) = keep_inline(&mut self.md) {
            for segment in self.segments.iter_mut().filter(|s| s.0 > at) {
                segment.0 += 1;
            }
            self.breaks = OnceCell::new();
        }
    }

    pub(super) fn line_at(&self, offset: usize) -> usize {
        let i = self.segments.partition_point(|&(o, _)| o <= offset);
        match i.checked_sub(1).map(|i| self.segments[i]) {
            Some((start, line)) => {
                let breaks = self
                    .breaks
                    .get_or_init(|| memchr::memchr_iter(b'\n', self.md.as_bytes()).collect());
                let end = offset.min(self.md.len());
                line + breaks.partition_point(|&b| b < end) - breaks.partition_point(|&b| b < start)
            }
            None => 1,
        }
    }
}

pub(super) fn token(index: usize) -> String {
    format!("{TOKEN_OPEN}{index}{TOKEN_CLOSE}")
}

/// Splits text into plain runs and token indexes.
pub(super) fn split_tokens(text: &str) -> Vec<Result<&str, usize>> {
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

pub(super) fn without_tokens(text: &str) -> String {
    split_tokens(text)
        .into_iter()
        .filter_map(Result::ok)
        .collect()
}
