//! The parsed MDX tree: a [`Document`] of [`Node`]s (markdown text,
//! elements, `{expressions}`), with its imports, exports and the problems
//! found while parsing.

use std::collections::HashMap;

use serde_json::Value;

use super::super::attrs::Attr;

/// One piece of a document or of an element's children.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// Markdown text.
    Text(TextNode),
    /// A component or HTML element.
    Element(Element),
    /// A `{expression}` in text (a snippet prop or an exported variable).
    Expr { code: String, offset: usize },
}

#[derive(Debug, Clone, PartialEq)]
pub struct TextNode {
    pub text: String,
    /// Byte offset of the text's first character in the source.
    pub offset: usize,
    /// Whether the text begins at the start of a source line (so its first
    /// line is dedented along with the others).
    pub at_line_start: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<Attr>,
    pub children: Vec<Node>,
    /// Byte offset of the `<` in the source.
    pub offset: usize,
    /// Byte offset just past the opening tag's `>`.
    pub open_end: usize,
    /// Where the closing tag is, when there is one.
    pub close: Option<std::ops::Range<usize>>,
    /// Whether the element sits inside a line of text rather than on lines
    /// of its own.
    pub inline: bool,
    /// Whether the children span several lines (rendered as block markdown)
    /// rather than one (rendered as inline markdown).
    pub flow: bool,
    /// Leading whitespace shared by the children's lines, removed before the
    /// children are rendered (Mintlify dedents component children).
    pub child_indent: usize,
}

/// What `import` brought into scope.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    /// The local name (`Prerequisites`), or the named import (`{ MyComponent }`,
    /// `{ PyConnect as Connect }`: `Connect`).
    pub name: String,
    /// The name the module exports it as (`PyConnect`; the local name
    /// without `as`; `default` for a default import).
    pub exported: String,
    /// The module path as written (`/snippets/x.mdx`).
    pub source: String,
    /// `true` for `import { Name }`, `false` for a default import.
    pub named: bool,
    pub offset: usize,
}

/// A problem found while parsing, at a byte offset of the source.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub offset: usize,
    pub message: String,
    /// What to do about it, when the message does not say.
    pub help: Option<String>,
}

/// A parsed document.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Document {
    pub nodes: Vec<Node>,
    pub imports: Vec<Import>,
    /// `export const name = <literal>` values.
    pub exports: HashMap<String, Value>,
    /// `export const Name = ({ a }) => (<jsx/>)` components: the JSX source.
    pub components: HashMap<String, String>,
    /// Where each `import`/`export` statement is in the source.
    pub esm: Vec<std::ops::Range<usize>>,
    /// Where the code of each `{<Element />}` wrapper is: rendered as its
    /// element, as React renders it; an expression to MDX's reading.
    pub wrapped: Vec<std::ops::Range<usize>>,
    pub problems: Vec<Problem>,
    /// Where tags first nest deeper than [`super::MAX_NESTING`]: an error
    /// (the deeper tags are read as text).
    pub too_deep: Option<usize>,
}

/// Stands for an author-escaped `\<` in text; written out as `&#60;` so a
/// deliberate literal `<Name>` is told apart from a component that failed.
pub const ESCAPED_LT: char = '\u{E002}';
