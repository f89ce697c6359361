//! Components that arrange other content: file trees (Tree, Tree.Folder,
//! Tree.File), switchable views (View), the side panel (Panel) and Stub.
//!
//! Trees carry Mintlify's parts (`tree-root`, `tree-folder`, its open and
//! closed icons, title, children wrapper and line, `tree-file`, its icon
//! and title). Each reads in full without JavaScript: tree folders are `<details>`,
//! every view shows under its title, the panel sits where it was written
//! (the stylesheet pins it beside the text on wide screens).

use super::super::attrs::AttrList;
use super::super::html::escape;
use super::super::mdx::{Element, Node};
use super::super::render::Renderer;

impl Renderer<'_> {
    /// Tree: a nested list of folders (`<details>`) and files.
    pub(super) fn tree(&mut self, el: &Element) -> String {
        let items = self.tree_items(el, 0);
        tree_root(&items)
    }

    /// A Tree.Folder or Tree.File outside a Tree: a tree of one.
    pub(super) fn lone_tree_item(&mut self, el: &Element) -> String {
        let item = self.tree_item(el, 0);
        tree_root(&item)
    }

    /// The `<li>` of each child at `depth`; other content gets an item of
    /// its own.
    fn tree_items(&mut self, el: &Element, depth: usize) -> String {
        let mut items = String::new();
        for node in &el.children {
            match node {
                Node::Element(child)
                    if matches!(child.name.as_str(), "Tree.Folder" | "Tree.File") =>
                {
                    items.push_str(&self.tree_item(child, depth));
                }
                other => {
                    let html =
                        self.render_nodes(std::slice::from_ref(other), el.child_indent, false);
                    if !html.trim().is_empty() {
                        items.push_str(&format!("<li class=\"c-tree-note\">{html}</li>"));
                    }
                }
            }
        }
        items
    }

    /// A file, or a folder (an empty one cannot open, as on Mintlify); a
    /// row is indented 22px a level (`--pl`), folders draw a line down
    /// their children.
    fn tree_item(&mut self, el: &Element, depth: usize) -> String {
        let name = escape(&self.text_attr(el, "name").unwrap_or_default());
        let indent = match depth {
            0 => String::new(),
            _ => format!(" style=\"--pl:{}px\"", 6 + depth * 22),
        };
        let title = |part: &str| {
            format!("<span class=\"c-tree-name\" data-component-part=\"{part}\" title=\"{name}\">{name}</span>")
        };
        if el.name == "Tree.File" {
            return format!(
                "<li class=\"c-tree-file c-tree-row tree-file\" data-component-part=\"tree-file\"{indent}>{}{}</li>",
                part_svg("file", Some("regular"), "tree-file-icon"),
                title("tree-file-title")
            );
        }
        let closed = part_svg("folder", Some("regular"), "tree-folder-icon-closed");
        let children = self.tree_items(el, depth + 1);
        if children.is_empty() {
            return format!(
                "<li class=\"c-tree-folder tree-folder\" data-component-part=\"tree-folder\"{indent}>\
                 <div class=\"c-tree-row\">{closed}{}</div></li>",
                title("tree-folder-title")
            );
        }
        let open = match el.attrs.flag("defaultOpen") {
            true => " open",
            false => "",
        };
        format!(
            "<li class=\"c-tree-folder tree-folder\" data-component-part=\"tree-folder\"{indent}><details{open}>\
             <summary class=\"c-tree-row\">{}{closed}{}</summary>\
             <div class=\"c-tree-children\" data-component-part=\"tree-folder-children-wrapper\">\
             <span class=\"c-tree-line\" data-component-part=\"tree-folder-children-line\" aria-hidden=\"true\"></span>\
             <ul>{children}</ul></div></details></li>",
            part_svg("folder-open", Some("regular"), "tree-folder-icon-open"),
            title("tree-folder-title")
        )
    }

    /// View: one of several versions of the content, chosen by a selector
    /// that `components.js` adds; without it every view shows under its title.
    pub(super) fn view(&mut self, el: &Element) -> String {
        let title = self.text_attr(el, "title").unwrap_or_default();
        let icon = match el.attrs.text("icon") {
            Some(icon) => format!(
                "<span class=\"c-view-icon\">{}</span>",
                self.icon_html(el, &icon)
            ),
            None => String::new(),
        };
        let body = self.children_html(el);
        format!(
            "<section class=\"c-view multi-view-item\" data-view=\"{}\"><p class=\"c-view-title\">{icon}{}</p>{body}</section>",
            escape(&title),
            escape(&title)
        )
    }

    /// Panel: content for the column beside the text (it replaces the
    /// table of contents there); inline on narrower screens.
    pub(super) fn panel(&mut self, el: &Element) -> String {
        let body = self.children_html(el);
        format!("<aside class=\"c-panel panel\" aria-label=\"Side panel\">{body}</aside>")
    }

    /// Stub: only its children, with nothing around them.
    pub(super) fn stub(&mut self, el: &Element) -> String {
        if el.inline {
            self.render_nodes(&el.children, el.child_indent, false)
        } else {
            self.children_html(el)
        }
    }
}

/// The root of a tree around its `items`.
fn tree_root(items: &str) -> String {
    format!(
        "<div class=\"c-tree tree\" data-component-part=\"tree-root\"><ul aria-label=\"Files\">{items}</ul></div>"
    )
}

/// The theme's icon `name` as the tree's part `part`.
fn part_svg(name: &str, icon_type: Option<&str>, part: &str) -> String {
    crate::icons::theme_svg(name, icon_type).replacen(
        " class=\"icon\"",
        &format!(" class=\"icon\" data-component-part=\"{part}\""),
        1,
    )
}
