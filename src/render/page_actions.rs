//! The page actions beside the title (docs.json `contextual`).

use serde::Serialize;

use crate::content::{Page, Site};

/// One page action beside the title.
#[derive(Serialize)]
pub struct PageAction {
    kind: &'static str,
    label: &'static str,
    /// The link (for `copy`, the Markdown to copy; empty without one).
    href: String,
}

/// The page actions `contextual` asks for; those that need the page's
/// Markdown copy only when the site writes them (`markdownSources`).
pub fn page_actions(site: &Site, page: &Page, root: &str) -> Vec<PageAction> {
    use crate::config::ContextualOption as Option_;
    let markdown = site
        .config
        .markdown_sources
        .then(|| format!("{root}{}.md", page.slug));
    site.config
        .contextual
        .iter()
        .filter_map(|option| {
            let (kind, label, href) = match option {
                Option_::Copy => ("copy", "Copy page", markdown.clone().unwrap_or_default()),
                Option_::View => ("view", "View as Markdown", markdown.clone()?),
                Option_::Chatgpt => ("ai", "Open in ChatGPT", "https://chatgpt.com/".into()),
                Option_::Claude => ("ai", "Open in Claude", "https://claude.ai/new".into()),
                Option_::Perplexity => (
                    "ai",
                    "Open in Perplexity",
                    "https://www.perplexity.ai/search".into(),
                ),
            };
            Some(PageAction { kind, label, href })
        })
        .collect()
}
