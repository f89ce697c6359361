//! A code block's HTML, from its options ([`CodeInfo`]), its lines'
//! notation marks and its highlighted code:
//!
//! ```html
//! <div class="c-code code-block c-code-lines c-code-numbers" data-lang=js>
//!   <div class=c-code-header data-component-part=code-block-header>
//!     <span class=c-code-title data-component-part=code-block-header-filename>[icon]App.js</span></div>
//!   <pre class=hl data-component-part=code-block-root><code class=language-js>
//!     <span class="c-line c-mark">…</span>\n<span class="c-line c-add">…</span>\n
//!   </code></pre>
//!   <details class=c-code-more data-component-part=code-block-footer>…</details>   (expandable)
//! </div>
//! ```
//!
//! The parts carry the names Mintlify gives them (`data-component-part`),
//! which sites' own CSS targets; in a code group the `<code>` is also the
//! group's `code-group-tab-content` ([`mark_group_content`]).
//!
//! Everything is drawn by `themes/default/components.css`: line numbers and
//! the `+`/`-` diff gutter are CSS counters and generated content, so
//! neither is in the code's text, nor in what the copy button copies
//! (`components.js` copies the `<code>`'s text; `c-code-nocopy` has no
//! button). An expandable block longer than [`EXPAND_OVER`] lines is cut to
//! its first lines while its `<details>` is closed (`:has()`, no script);
//! a shorter one shows whole.

use std::borrow::Cow;

use super::notation::Marks;
use super::options::{CodeInfo, LineSet};
use crate::html::{attr_value, escape};

/// An expandable block with more lines than this starts collapsed (to
/// Mintlify's 190 px, about seven lines).
pub const EXPAND_OVER: usize = 7;

/// How every block's code opens: the part Mintlify calls its root.
const ROOT_OPEN: &str = "<pre class=hl data-component-part=code-block-root><code";

/// A rendered code block.
pub struct Block<'a> {
    pub html: String,
    /// The code as the reader sees it (notation markers taken out), for
    /// search and the page's text.
    pub text: Cow<'a, str>,
    pub problems: Vec<BlockProblem>,
}

/// Something about a block worth telling its author.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockProblem {
    /// 0: the fence's line; n: the block's n-th line of code.
    pub line: usize,
    pub message: String,
    pub help: String,
    /// A note (sheaf shows the block, without what was asked) rather than
    /// a warning.
    pub note: bool,
}

/// The block's code: one run of token spans, or one string per line.
pub enum Body {
    Run(String),
    Lines(Vec<String>),
}

/// Whether the block needs a span per line.
pub fn needs_lines(info: &CodeInfo, marks: &[Marks]) -> bool {
    info.lines
        || !info.highlight.is_empty()
        || !info.focus.is_empty()
        || marks.iter().any(|m| *m != Marks::default())
}

/// The block's HTML; `line_count` is the number of lines of its code.
pub fn html(info: &CodeInfo, body: Body, marks: &[Marks], line_count: usize) -> String {
    let lang = info.lang.as_deref();
    let collapsed = info.expandable && line_count > EXPAND_OVER;
    let mut html = String::with_capacity(64);
    html.push_str("<div class=");
    html.push_str(&attr_value(&container_classes(
        info, &body, marks, collapsed,
    )));
    html.push_str(" data-lang=");
    html.push_str(&attr_value(lang.unwrap_or_default()));
    html.push('>');
    if info.title.is_some() || info.icon.is_some() {
        header(&mut html, info);
    }
    html.push_str(ROOT_OPEN);
    if let Some(lang) = lang {
        html.push_str(" class=");
        html.push_str(&attr_value(&format!("language-{lang}")));
    }
    html.push('>');
    match body {
        Body::Run(run) => html.push_str(&run),
        Body::Lines(lines) => push_lines(&mut html, info, lines, marks),
    }
    html.push_str("</code></pre>");
    if collapsed {
        html.push_str(&format!(
            "<details class=c-code-more data-component-part=code-block-footer>\
             <summary data-component-part=code-block-footer-button><span class=c-more-show>See all {line_count} lines</span>\
             <span class=c-more-hide>Collapse</span></summary></details>"
        ));
    }
    html.push_str("</div>");
    html
}

fn container_classes(info: &CodeInfo, body: &Body, marks: &[Marks], collapsed: bool) -> String {
    let lines = matches!(body, Body::Lines(_));
    let diff = marks.iter().any(|m| m.added || m.removed);
    let focus = !info.focus.is_empty() || marks.iter().any(|m| m.focused);
    let mut classes = String::from("c-code code-block");
    for (on, class) in [
        (
            info.title.is_some() || info.icon.is_some(),
            " c-code-titled",
        ),
        (lines, " c-code-lines"),
        (lines && info.lines, " c-code-numbers"),
        (diff, " c-code-diff"),
        (focus, " c-code-focus"),
        (info.wrap, " c-code-wrap"),
        (collapsed, " c-code-expandable"),
        (info.nocopy, " c-code-nocopy"),
    ] {
        if on {
            classes.push_str(class);
        }
    }
    classes
}

/// The title bar: the icon, then the title (the language when only an
/// icon is given).
fn header(html: &mut String, info: &CodeInfo) {
    html.push_str("<div class=c-code-header data-component-part=code-block-header>");
    let title = info
        .title
        .as_deref()
        .or(info.lang.as_deref())
        .unwrap_or("Code");
    html.push_str("<span class=c-code-title data-component-part=code-block-header-filename>");
    if let Some(icon) = info
        .icon
        .as_deref()
        .filter(|i| !crate::icons::is_image_reference(i))
    {
        let svg = crate::icons::resolve(icon, None, Default::default()).0;
        html.push_str(&svg.replacen(
            " class=\"icon\"",
            " class=\"icon\" data-component-part=\"icon-svg\"",
            1,
        ));
    }
    html.push_str(&escape(title));
    html.push_str("</span></div>");
}

/// A block's HTML as a tab of a code group: its code is also the part
/// Mintlify calls `code-group-tab-content`.
pub fn mark_group_content(html: &str) -> String {
    html.replacen(
        ROOT_OPEN,
        "<pre class=hl data-component-part=code-block-root><code data-component-part=code-group-tab-content",
        1,
    )
}

fn push_lines(html: &mut String, info: &CodeInfo, lines: Vec<String>, marks: &[Marks]) {
    for (i, line) in lines.into_iter().enumerate() {
        let n = i + 1;
        let mark = marks.get(i).copied().unwrap_or_default();
        let mut classes = String::from("c-line");
        for (on, class) in [
            (info.highlight.contains(n) || mark.highlighted, " c-mark"),
            (mark.added, " c-add"),
            (mark.removed, " c-del"),
            (info.focus.contains(n) || mark.focused, " c-focus"),
        ] {
            if on {
                classes.push_str(class);
            }
        }
        html.push_str("<span class=");
        html.push_str(&attr_value(&classes));
        html.push('>');
        html.push_str(&line);
        html.push_str("</span>\n");
    }
}

/// What the options say that does not fit the code: lines past its end,
/// an icon sheaf cannot draw, hover types it does not show.
pub fn option_problems(info: &CodeInfo, line_count: usize) -> Vec<BlockProblem> {
    let mut problems: Vec<BlockProblem> = info
        .problems
        .iter()
        .map(|p| fence_problem(p.message.clone(), &p.help, false))
        .collect();
    for (name, set) in [("highlight", &info.highlight), ("focus", &info.focus)] {
        problems.extend(past_the_end(name, set, line_count));
    }
    if let Some(icon) = &info.icon {
        problems.extend(icon_problem(icon));
    }
    if info.twoslash {
        problems.push(fence_problem(
            "`twoslash`: sheaf shows the code without its hover types".to_string(),
            "the block is highlighted as usual; Mintlify adds the types as you hover",
            true,
        ));
    }
    problems
}

fn past_the_end(name: &str, set: &LineSet, line_count: usize) -> Option<BlockProblem> {
    let last = set.last().filter(|&last| last > line_count)?;
    Some(fence_problem(
        format!(
            "the code block's `{name}` names line {last}, but the block has {line_count} lines"
        ),
        "count the lines of the code from 1 (markers alone on their line do not count)",
        false,
    ))
}

fn icon_problem(icon: &str) -> Option<BlockProblem> {
    if crate::icons::is_image_reference(icon) {
        return Some(fence_problem(
            format!("code block icon `{icon}` is an image; sheaf shows icon names only"),
            "use an icon name, e.g. `icon=\"terminal\"`",
            false,
        ));
    }
    let found = crate::icons::find(icon, None, Default::default());
    found.is_none().then(|| {
        let help = crate::icons::suggestion(icon, Default::default()).map_or_else(
            || "use an icon name of Font Awesome, Lucide or Tabler, e.g. `square-js`".to_string(),
            |close| format!("did you mean `{close}`?"),
        );
        fence_problem(
            format!("unknown icon `{icon}` on a code block"),
            &help,
            false,
        )
    })
}

fn fence_problem(message: String, help: &str, note: bool) -> BlockProblem {
    BlockProblem {
        line: 0,
        message,
        help: help.to_string(),
        note,
    }
}
