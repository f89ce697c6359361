//! Tabbed components: Tabs/Tab, CodeGroup and Request/ResponseExample.
//!
//! The HTML holds every panel, each with its label, and a tab list that is
//! hidden until `components.js` turns the container into an ARIA tablist;
//! without JavaScript the panels simply read one after the other.
//! `Tabs defaultTabIndex` chooses the panel shown first (`data-first`);
//! choosing a tab also chooses the tabs and code-group tabs of the same
//! name elsewhere on the page (`data-sync`, Mintlify's default; off with
//! `sync={false}`); `CodeGroup dropdown` picks its panels from a menu
//! (`data-dropdown`).
//! Request/ResponseExample leave the page's flow: they go to
//! [`Rendered::examples`](super::super::Rendered), which the page shows in
//! its aside (the right column on wide screens), as Mintlify does.

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

use super::super::attrs::AttrList;
use super::super::highlight::{mark_group_content, CodeInfo};
use super::super::html::escape;
use super::super::mdx::{Element, Node};
use super::super::render::{dedent, Renderer};
use super::super::{AsideExample, ExampleKind};
use crate::rules::Rule;

/// One panel of a tabbed container.
struct Panel {
    label: String,
    html: String,
    /// The tab's icon (`<Tab icon>`), shown before its label.
    icon: String,
}

/// How a tabbed container behaves: the panel shown first (`Tabs`
/// `defaultTabIndex`), whether choosing a tab also chooses the tabs of the
/// same name elsewhere on the page (`sync`, on unless `sync={false}`), and
/// whether `CodeGroup dropdown` picks panels from a menu instead of tabs.
struct TabOptions {
    first: usize,
    sync: bool,
    dropdown: bool,
}

impl TabOptions {
    fn of(el: &Element) -> TabOptions {
        let sync = el.attrs.get("sync").map(|v| v.to_json());
        TabOptions {
            first: 0,
            sync: sync != Some(serde_json::Value::Bool(false)),
            dropdown: el.attrs.flag("dropdown"),
        }
    }
}

impl Renderer<'_> {
    /// Tabs: one panel per `<Tab title>` child.
    pub(super) fn tabs(&mut self, el: &Element) -> String {
        let mut panels = Vec::new();
        for node in &el.children {
            match node {
                Node::Element(tab) if super::canonical_name(&tab.name) == "Tab" => {
                    let label = self
                        .text_attr(tab, "title")
                        .unwrap_or_else(|| format!("Tab {}", panels.len() + 1));
                    let body = self.children_html(tab);
                    let icon = (tab.attrs.text("icon"))
                        .map_or_else(String::new, |icon| self.icon_html(tab, &icon));
                    panels.push(Panel {
                        html: format!(
                            "<p class=\"c-tab-label\">{icon}{}</p>{body}",
                            escape(&label)
                        ),
                        label,
                        icon,
                    });
                }
                other => {
                    let html =
                        self.render_nodes(std::slice::from_ref(other), el.child_indent, true);
                    if let Some(last) = panels.last_mut().filter(|_| !html.trim().is_empty()) {
                        last.html.push_str(&html);
                    }
                }
            }
        }
        let mut options = TabOptions::of(el);
        options.first = self.default_tab(el, panels.len());
        self.tabbed("c-tabs", None, panels, options)
    }

    /// `defaultTabIndex` (from 0) when it names one of `count` tabs; a
    /// warning and the first tab otherwise.
    fn default_tab(&mut self, el: &Element, count: usize) -> usize {
        let Some(value) = el.attrs.get("defaultTabIndex").map(|v| v.to_json()) else {
            return 0;
        };
        let index = match &value {
            serde_json::Value::Number(n) => n.as_u64(),
            serde_json::Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        match index.map(|i| i as usize).filter(|&i| i < count) {
            Some(index) => index,
            None => {
                let message = format!(
                    "`defaultTabIndex={value}` names no tab of these {count}; the first is shown"
                );
                let help = format!("count tabs from 0: 0 to {}", count.saturating_sub(1));
                self.warn_at(Rule::ComponentAttribute, el.offset, message, Some(help));
                0
            }
        }
    }

    /// A `<Tab>` outside `<Tabs>`: a titled section.
    pub(super) fn lone_tab(&mut self, el: &Element) -> String {
        let label = self.text_attr(el, "title").unwrap_or_default();
        let body = self.children_html(el);
        format!(
            "<section class=\"c-tab-panel\"><p class=\"c-tab-label\">{}</p>{body}</section>",
            escape(&label)
        )
    }

    /// CodeGroup and Request/ResponseExample: one tab per code block,
    /// labelled by its title or language.
    pub(super) fn code_group(
        &mut self,
        el: &Element,
        class: &str,
        heading: Option<&str>,
    ) -> String {
        let mut panels = Vec::new();
        for node in &el.children {
            match node {
                Node::Text(text) => {
                    let md = dedent(&text.text, el.child_indent, text.at_line_start);
                    let text_line = self.line_of(text.offset);
                    for (info, code, at) in fenced_blocks(&md) {
                        let mut info = CodeInfo::parse(&info);
                        let label = info.label();
                        info.title.get_or_insert_with(|| label.clone());
                        let line = text_line + md[..at].matches('\n').count();
                        let html = mark_group_content(&self.code_block_at(&info, &code, line));
                        panels.push(Panel {
                            label,
                            html,
                            icon: String::new(),
                        });
                    }
                }
                Node::Element(child) => {
                    let label = ["title", "filename", "language"]
                        .iter()
                        .find_map(|name| child.attrs.text(name))
                        .unwrap_or_else(|| child.name.clone());
                    let html = mark_group_content(&self.render_element(child));
                    panels.push(Panel {
                        label,
                        html,
                        icon: String::new(),
                    });
                }
                Node::Expr { .. } => {}
            }
        }
        let class = match class {
            "c-code-group" => class.to_string(),
            other => format!("c-code-group {other}"),
        };
        self.tabbed(&class, heading, panels, TabOptions::of(el))
    }

    /// A `<RequestExample>` or `<ResponseExample>`: a code group recorded
    /// for the page's aside; nothing stays in the flow.
    pub(super) fn aside_example(&mut self, el: &Element, kind: ExampleKind) -> String {
        let (class, heading) = match kind {
            ExampleKind::Request => ("c-request-example", "Request"),
            ExampleKind::Response => ("c-response-example", "Response"),
        };
        let html = self.code_group(el, class, Some(heading));
        self.out.examples.push(AsideExample { kind, html });
        String::new()
    }

    /// The shared markup of tabbed containers.
    fn tabbed(
        &mut self,
        class: &str,
        heading: Option<&str>,
        panels: Vec<Panel>,
        options: TabOptions,
    ) -> String {
        let id = self.unique_id("tabs");
        let names = MintlifyNames::of(class);
        let mut html = format!(
            "<div class=\"{class} {}\"{} data-tabs",
            names.root, names.id
        );
        if options.first > 0 {
            html.push_str(&format!(" data-first=\"{}\"", options.first));
        }
        html.push_str(if options.sync { " data-sync" } else { "" });
        html.push_str(if options.dropdown {
            " data-dropdown>"
        } else {
            ">"
        });
        if let Some(heading) = heading {
            html.push_str(&format!("<p class=\"c-tabs-heading\">{heading}</p>"));
        }
        html.push_str(&format!(
            "<div class=\"c-tablist\" data-component-part=\"{}\" hidden>",
            names.bar
        ));
        for (i, panel) in panels.iter().enumerate() {
            let selected = i == options.first;
            let label = format!("{}{}", panel.icon, escape(&panel.label));
            html.push_str(&format!(
                "<button type=\"button\" class=\"c-tab{}\" id=\"{id}-tab-{i}\" aria-controls=\"{id}-panel-{i}\" aria-selected=\"{selected}\" tabindex=\"{}\">{}</button>",
                names.tab,
                if selected { 0 } else { -1 },
                names.button.replace("{}", &label),
            ));
        }
        html.push_str("</div>");
        html.push_str(names.panels_open);
        for (i, panel) in panels.iter().enumerate() {
            html.push_str(&format!(
                "<div class=\"c-tab-panel\" id=\"{id}-panel-{i}\"{} data-tab-label=\"{}\">{}</div>",
                names.content,
                escape(&panel.label),
                panel.html
            ));
        }
        html.push_str(names.panels_close);
        html.push_str("</div>");
        html
    }
}

/// The names Mintlify gives a tabbed container's parts, which a site's own
/// CSS targets: `Tabs` (a `tab` holding its `tab-button`, the panels in
/// `tabs-panels`, each a `tab-content`) or `CodeGroup` (the request and
/// response examples are code groups with an id; each panel's code is its
/// `code-group-tab-content`, see [`mark_group_content`]).
struct MintlifyNames {
    root: &'static str,
    id: &'static str,
    bar: &'static str,
    tab: &'static str,
    /// The tab's content, `{}` standing for its icon and label.
    button: &'static str,
    panels_open: &'static str,
    panels_close: &'static str,
    content: &'static str,
}

impl MintlifyNames {
    fn of(class: &str) -> MintlifyNames {
        let id = match class {
            c if c.contains("c-request-example") => " id=\"request-example\"",
            c if c.contains("c-response-example") => " id=\"response-example\"",
            _ => "",
        };
        match class.starts_with("c-tabs") {
            true => MintlifyNames {
                root: "tabs",
                id,
                bar: "tabs-list",
                tab: " tab\" data-component-part=\"tab",
                button: "<span class=\"c-tab-button\" data-component-part=\"tab-button\">{}</span>",
                panels_open: "<div class=\"c-tab-panels\" data-component-part=\"tabs-panels\">",
                panels_close: "</div>",
                content: " data-component-part=\"tab-content\"",
            },
            false => MintlifyNames {
                root: "code-group",
                id,
                bar: "code-group-tab-bar",
                tab: "",
                button: "{}",
                panels_open: "",
                panels_close: "",
                content: "",
            },
        }
    }
}

/// The `(info string, code, offset of the fence)` of every fenced code
/// block in `md`.
fn fenced_blocks(md: &str) -> Vec<(String, String, usize)> {
    let mut blocks = Vec::new();
    let mut current: Option<(String, String, usize)> = None;
    for (event, range) in Parser::new(md).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                current = Some((info, String::new(), range.start));
            }
            Event::Text(text) => {
                if let Some((_, code, _)) = current.as_mut() {
                    code.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(current.take()),
            _ => {}
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fenced_blocks_are_collected_in_order() {
        let blocks = fenced_blocks("```js a.js\nx\n```\n\n```py\ny\n```\n");
        assert_eq!(
            blocks,
            vec![
                ("js a.js".to_string(), "x\n".to_string(), 0),
                ("py".to_string(), "y\n".to_string(), 18)
            ]
        );
    }
}
