//! The docs.json `banner` above the top bar: its one paragraph of Markdown
//! as inline HTML, and the key its dismissal is remembered under.

use serde::Serialize;

use super::links;
use crate::config::{PageUrls, SiteConfig};

/// docs.json `banner`: its Markdown as HTML, and the key a dismissal is
/// remembered under (it changes with the text, so a new banner shows again).
#[derive(Serialize)]
pub struct BannerView {
    html: String,
    dismissible: bool,
    key: String,
}

pub fn banner_view(config: &SiteConfig) -> Option<BannerView> {
    let banner = config.banner.as_ref()?;
    Some(BannerView {
        html: inline_markdown(&banner.content, config.page_urls),
        dismissible: banner.dismissible,
        key: format!("{:x}", foldhash_of(&banner.content)),
    })
}

/// Markdown that holds one paragraph, as inline HTML; raw HTML in it is
/// shown as text, and links from the site root are written from the page.
fn inline_markdown(text: &str, urls: PageUrls) -> String {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let events = Parser::new(text).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        // Written by hand: the root marker in the href must not be URL-encoded.
        Event::Start(Tag::Link { dest_url, .. }) => Event::InlineHtml(
            format!(
                "<a href=\"{}\">",
                crate::html::escape(&links::href(&dest_url, urls))
            )
            .into(),
        ),
        Event::End(TagEnd::Link) => Event::InlineHtml("</a>".into()),
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    let trimmed = html.trim();
    trimmed
        .strip_prefix("<p>")
        .and_then(|h| h.strip_suffix("</p>"))
        .unwrap_or(trimmed)
        .to_string()
}

/// A stable hash of a text (the same on every build).
fn foldhash_of(text: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = foldhash::fast::FixedState::with_seed(0).build_hasher();
    hasher.write(text.as_bytes());
    hasher.finish()
}
