//! The attributes each of Mintlify's components takes, and the
//! `component-attribute` warning on one it does not have
//! (`<Tab titel="B">`: "did you mean `title`?"), which would otherwise
//! pass silently (the tab reads "Tab 2", `<Card hreff>` links nowhere).
//!
//! Each list holds the props Mintlify documents for the component, the
//! ones its components read that real sites write (`<Card arrow>`,
//! `<Step noAnchor>`), and the ones sheaf reads. Open world: what any
//! element may carry is never warned about (`id`, `className`, `style`,
//! `key`, event handlers, `data-*` and `aria-*`). Every element of a
//! document is looked at once, where the document is parsed, whether or
//! not its parent renders it through [`super::Renderer::render_element`]
//! (a `<Tab>` is read by its `<Tabs>`); an element whose name the
//! document imports is the author's own component and is left alone.

use super::super::mdx::{Element, Node};
use super::super::render::Renderer;
use super::canonical_name;
use crate::diagnostics::did_you_mean;
use crate::rules::Rule;

const CALLOUT: &[&str] = &["icon", "iconType", "color", "title"];
const ICON: &[&str] = &["icon", "iconType", "color", "size", "iconLibrary"];

/// The attributes component `name` takes (after [`canonical_name`]);
/// `None` for a name that is no Mintlify component.
fn props(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "Note" | "Warning" | "Info" | "Tip" | "Check" | "Danger" | "Callout" => CALLOUT,
        "Card" => &[
            "title",
            "icon",
            "iconType",
            "iconLibrary",
            "color",
            "href",
            "horizontal",
            "vertical",
            "img",
            "cta",
            "arrow",
            "description",
            "target",
            "disabled",
        ],
        "CardGroup" | "Columns" => &["cols"],
        "Column" => &["align"],
        "Accordion" => &["title", "description", "defaultOpen", "icon", "iconType"],
        "AccordionGroup" => &[],
        "Steps" => &["titleSize"],
        "Step" => &[
            "title",
            "icon",
            "iconType",
            "stepNumber",
            "titleSize",
            "noAnchor",
            "optional",
        ],
        "Tabs" => &["defaultTabIndex", "sync", "borderBottom"],
        "Tab" => &["title", "icon", "iconType"],
        "CodeGroup" => &["dropdown", "title"],
        "CodeBlock" => &[
            "filename",
            "language",
            "icon",
            "lines",
            "wrap",
            "expandable",
            "highlight",
            "focus",
        ],
        "RequestExample" | "ResponseExample" | "Panel" | "Latex" | "Tree" => &["dropdown"],
        "Frame" => &["caption", "hint"],
        "Icon" => ICON,
        "Tooltip" => &["tip", "headline", "cta", "href"],
        "Expandable" => &["title", "defaultOpen"],
        "ParamField" => &[
            "query",
            "path",
            "body",
            "header",
            "type",
            "required",
            "deprecated",
            "default",
            "placeholder",
            "initialValue",
        ],
        "ResponseField" => &[
            "name",
            "type",
            "required",
            "optional",
            "deprecated",
            "default",
            "pre",
            "post",
        ],
        "Update" => &["label", "description", "tags", "rss", "date"],
        "Snippet" => return None,
        "Mermaid" => &["chart", "placement", "actions"],
        "Badge" => &[
            "color", "size", "shape", "icon", "iconType", "stroke", "disabled",
        ],
        "Tree.Folder" => &["name", "defaultOpen", "openable"],
        "Tree.File" => &["name"],
        "Color" => &["variant"],
        "Color.Row" => &["title"],
        "Color.Item" => &["name", "value"],
        "View" => &["title", "icon", "iconType"],
        "Tile" => &["href", "title", "description", "img"],
        "Banner" => &[],
        "Prompt" => &["description", "icon", "iconType", "actions"],
        "Visibility" => &["for"],
        "Stub" => return None,
        _ => return None,
    })
}

/// Whether any element may carry attribute `name` (HTML's global
/// attributes and React's own), so no component is warned about it.
fn is_global(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.starts_with("data-")
        || lower.starts_with("aria-")
        || (lower.starts_with("on") && name[2..].starts_with(|c: char| c.is_ascii_uppercase()))
        || matches!(
            name,
            "id" | "className"
                | "class"
                | "style"
                | "key"
                | "ref"
                | "role"
                | "tabIndex"
                | "hidden"
                | "lang"
                | "dir"
                | "slot"
                | "title"
                | "children"
        )
}

impl Renderer<'_> {
    /// Warns about each attribute a Mintlify component in `nodes` (and
    /// their children) does not take.
    pub(in crate::markdown) fn check_component_attributes(&mut self, nodes: &[Node]) {
        for node in nodes {
            if let Node::Element(el) = node {
                self.check_attributes(el);
                self.check_component_attributes(&el.children);
            }
        }
    }

    fn check_attributes(&mut self, el: &Element) {
        let root = el.name.split('.').next().unwrap_or_default();
        if self.docs.iter().any(|d| d.imports.contains_key(root)) {
            return;
        }
        let name = canonical_name(&el.name);
        let Some(known) = props(name) else {
            return;
        };
        for attr in &el.attrs {
            let attr = attr.name.as_str();
            if attr.is_empty() || known.contains(&attr) || is_global(attr) {
                continue;
            }
            let help = match did_you_mean(attr, known.iter().copied()) {
                Some(close) => format!("did you mean `{close}`?"),
                None if known.is_empty() => format!("`<{name}>` takes no attributes"),
                None => format!(
                    "`<{name}>` takes {}; sheaf ignores it",
                    known
                        .iter()
                        .map(|k| format!("`{k}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            let at = attribute_offset(self.ctx().source(), el, attr);
            self.warn_at(
                Rule::ComponentAttribute,
                at,
                format!("`<{}>` has no attribute `{attr}`", el.name),
                Some(help),
            );
        }
    }
}

/// Where attribute `name` of `el` is written in `source` (its opening
/// tag), else where the element starts.
fn attribute_offset(source: &str, el: &Element, name: &str) -> usize {
    let Some(tag) = source.get(el.offset..el.open_end) else {
        return el.offset;
    };
    let bytes = tag.as_bytes();
    tag.match_indices(name)
        .find(|&(at, _)| {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(at + name.len()).copied();
            before.is_some_and(|b| b.is_ascii_whitespace())
                && after
                    .is_none_or(|b| b == b'=' || b == b'/' || b == b'>' || b.is_ascii_whitespace())
        })
        .map_or(el.offset, |(at, _)| el.offset + at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_attributes_are_no_typos() {
        for name in [
            "id",
            "className",
            "style",
            "data-x",
            "aria-label",
            "onClick",
        ] {
            assert!(is_global(name), "{name}");
        }
        for name in ["titel", "hreff", "only"] {
            assert!(!is_global(name), "{name}");
        }
    }

    #[test]
    fn typos_of_props_find_the_prop() {
        let tab = props("Tab").unwrap();
        assert_eq!(did_you_mean("titel", tab.iter().copied()), Some("title"));
        let card = props("Card").unwrap();
        assert_eq!(did_you_mean("hreff", card.iter().copied()), Some("href"));
        assert_eq!(props("MyComponent"), None);
    }
}
