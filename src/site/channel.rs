//! A channel page (an AsyncAPI channel, `crate::asyncapi`): its parts put
//! where an endpoint page's go, and what search and `llms-full.txt` find
//! it by (the address, the channel's descriptions, the messages' field
//! names, its operations' reply messages included).

use std::path::PathBuf;

use super::Project;
use crate::asyncapi::{render_channel_html, ChannelView};
use crate::content::{frontmatter_line, Page};
use crate::diagnostics::Diagnostic;
use crate::openapi::EndpointText;
use crate::render::{PageContent, TocEntry};
use crate::rules::Rule;
use crate::search::{SearchDoc, SearchSection};

/// The channel `page` shows; `Ok(None)` for a page of another kind. A
/// channel no document has is a warning on a page with a body of its own
/// (shown without it), an error on a page that would be empty.
pub(super) fn channel_view(
    project: &Project,
    page: &Page,
    text: &str,
) -> Result<Option<ChannelView>, Diagnostic> {
    let Some(reference) = &page.frontmatter.asyncapi else {
        return Ok(None);
    };
    let why = match project.asyncapi.channel(reference) {
        Ok(view) => return Ok(Some(view)),
        Err(why) => why,
    };
    let message = format!("channel `{reference}` cannot be shown: {why}");
    let help = "name a channel as `asyncapi: \"FILE CHANNEL\"` (the key under `channels`; in AsyncAPI 2.x the channel's address), in a document docs.json `asyncapi` lists or the page names";
    Err(match &page.source_path {
        Some(file) => Diagnostic::warning(file, message)
            .with_rule(Rule::ChannelMissing)
            .at_line(frontmatter_line(text, &["asyncapi"]).unwrap_or(1), 1)
            .with_help(help),
        None => Diagnostic::error(PathBuf::from("docs.json"), message)
            .with_rule(Rule::ChannelMissing)
            .with_help(help),
    })
}

/// Puts the channel's parts into `content`: the intro and examples aside,
/// its sections before the page's own body, and their `headings` first in
/// "On this page".
pub(super) fn place(
    view: &ChannelView,
    text: &dyn EndpointText,
    content: &mut PageContent,
    headings: fn(&str) -> Vec<TocEntry>,
) {
    let parts = render_channel_html(view, text);
    content.toc.splice(0..0, headings(&parts.main));
    content.intro = parts.intro;
    content.html = parts.main + &content.html;
    if !parts.aside.is_empty() {
        content.aside = parts.aside + &content.aside;
        content.aside_label = "Examples".into();
    }
    content.is_endpoint = true;
    content.endpoint_method = view.badge().map(String::from);
}

/// What search finds a channel page by: its badge and address as an
/// endpoint's, the message fields, and the channel's text.
pub(super) fn add_to_search(view: &ChannelView, doc: &mut SearchDoc) {
    let badge = view.badge().unwrap_or("CHANNEL").to_string();
    doc.endpoint = Some((
        badge,
        view.address.clone().unwrap_or_else(|| view.id.clone()),
    ));
    doc.keywords.extend(view.field_names());
    let messages = view.operations.iter().flat_map(|op| op.all_messages());
    let names: Vec<&str> = messages
        .map(|m| m.title.as_deref().unwrap_or(&m.name))
        .collect();
    let about = [view.summary_md.as_deref(), view.description_md.as_deref()];
    let mut text: Vec<&str> = about.into_iter().flatten().collect();
    text.extend(names);
    if let Some(intro) = doc.sections.first_mut() {
        let own = std::mem::take(&mut intro.text);
        intro.text = [text.join("\n"), own].join("\n").trim().to_string();
    } else {
        doc.sections.push(SearchSection {
            anchor: String::new(),
            heading: doc.title.clone(),
            text: text.join("\n"),
        });
    }
}
