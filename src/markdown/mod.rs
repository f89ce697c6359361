//! Markdown and MDX to HTML: components, heading ids, table of contents, code highlighting.
