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
    // The rest of SVG that inline drawings use (names as SVG spells them).
    "ellipse",
    "text",
    "tspan",
    "textPath",
    "title",
    "desc",
    "image",
    "symbol",
    "marker",
    "pattern",
    "mask",
    "clipPath",
    "linearGradient",
    "radialGradient",
    "stop",
    "filter",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feDropShadow",
    "feFlood",
    "feGaussianBlur",
    "feImage",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "feTurbulence",
    "feFuncA",
    "feFuncR",
    "feFuncG",
    "feFuncB",
    "foreignObject",
    "animate",
    "animateTransform",
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

/// Component names start with an uppercase letter (`Card`, `Überblick`,
/// `Holocron.Card`), `_` or `$`, or name a member (`a.b`), as JSX tells a
/// component from an HTML element; a fragment (`<>`, no name) is one too.
pub fn is_component_name(name: &str) -> bool {
    name.is_empty()
        || name.starts_with(|c: char| c.is_uppercase() || c == '_' || c == '$')
        || name.contains('.')
}

/// Whether `text` (what follows a `<` or `</`) starts with a component's
/// name (`Note`, `Tree.Folder`; not a fragment's empty one).
pub fn starts_with_component_name(text: &str) -> bool {
    let name = &text[..super::syntax::element_name_len(text)];
    !name.is_empty() && is_component_name(name)
}
