//! Which names are HTML elements (the ones pages may use, and the void
//! ones that never have children) and which are components.

/// HTML elements that may appear in pages; other lowercase tags are text.
const HTML_TAGS: &[&str] = &[
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "caption",
    "center",
    "code",
    "col",
    "colgroup",
    "dd",
    "del",
    "details",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "iframe",
    "img",
    "input",
    "ins",
    "kbd",
    "li",
    "mark",
    "ol",
    "p",
    "picture",
    "pre",
    "s",
    "small",
    "source",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "track",
    "u",
    "ul",
    "video",
    "audio",
    "wbr",
    "section",
    "article",
    "aside",
    "label",
    "button",
    "svg",
    "path",
    "circle",
    "rect",
    "g",
    "line",
    "polyline",
    "polygon",
    "defs",
    "use",
    "nav",
    "header",
    "footer",
    "main",
    "q",
    "cite",
    "var",
    "samp",
    "time",
    "font",
];

/// Elements that never have children or a closing tag.
pub(super) const VOID_TAGS: &[&str] = &[
    "br", "img", "hr", "input", "source", "track", "wbr", "col", "embed", "area", "meta", "link",
    "param",
];

/// Whether an element name is an HTML element (rather than a component).
pub fn is_html_tag(name: &str) -> bool {
    HTML_TAGS.contains(&name) || is_void_tag(name)
}

/// Whether an HTML element never has children or a closing tag.
pub fn is_void_tag(name: &str) -> bool {
    VOID_TAGS.contains(&name)
}

/// Component names start with an uppercase letter (`Card`, `Holocron.Card`).
pub fn is_component_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
}
