//! Components that arrange other content: file trees (Tree, Tree.Folder,
//! Tree.File), switchable views (View), the side panel (Panel) and Stub.
//!
//! Each reads in full without JavaScript: tree folders are `<details>`,
//! every view shows under its title, the panel sits where it was written
//! (the stylesheet pins it beside the text on wide screens).

use super::super::attrs::AttrList;
use super::super::html::escape;
use super::super::mdx::{Element, Node};
use super::super::render::Renderer;

impl Renderer<'_> {
    /// Tree: a nested list of folders (`<details>`) and files.
    pub(super) fn tree(&mut self, el: &Element) -> String {
        let items = self.tree_items(el);
        format!(
            "<ul class=\"c-tree tree\" data-component-part=\"tree-root\" aria-label=\"Files\">{items}</ul>"
        )
    }

    /// A Tree.Folder or Tree.File outside a Tree: a tree of one.
    pub(super) fn lone_tree_item(&mut self, el: &Element) -> String {
        let item = self.tree_item(el);
        format!(
            "<ul class=\"c-tree tree\" data-component-part=\"tree-root\" aria-label=\"Files\">{item}</ul>"
        )
    }

    /// The `<li>` of each child; other content gets an item of its own.
    fn tree_items(&mut self, el: &Element) -> String {
        let mut items = String::new();
        for node in &el.children {
            match node {
                Node::Element(child)
                    if matches!(child.name.as_str(), "Tree.Folder" | "Tree.File") =>
                {
                    items.push_str(&self.tree_item(child));
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

    fn tree_item(&mut self, el: &Element) -> String {
        let name = self.text_attr(el, "name").unwrap_or_default();
        if el.name == "Tree.File" {
            let svg = crate::icons::theme_svg("file", Some("regular"));
            return format!(
                "<li class=\"c-tree-file tree-file\" data-component-part=\"tree-file\"><span class=\"c-tree-icon\">{svg}</span>{}</li>",
                escape(&name)
            );
        }
        let open = if el.attrs.flag("defaultOpen") {
            " open"
        } else {
            ""
        };
        let svg = crate::icons::theme_svg("folder", None);
        let children = self.tree_items(el);
        format!(
            "<li class=\"c-tree-folder tree-folder\" data-component-part=\"tree-folder\"><details{open}>\
             <summary data-component-part=\"tree-folder-title\"><span class=\"c-tree-icon\">{svg}</span>{}</summary>\
             <ul data-component-part=\"tree-folder-children-wrapper\">{children}</ul></details></li>",
            escape(&name)
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
