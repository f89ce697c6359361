//! What a rendered page gives the site's search and `llms-full.txt`: its
//! plain text split at its headings, with the keywords search also finds
//! it by (frontmatter `keywords`, endpoint field names).
//!
//! The two can differ. A page with `searchable: false` is left out of the
//! index but stays in `llms-full.txt`; a page with `<Visibility>` gives
//! search what its HTML shows (the humans' part) and `llms-full.txt` what
//! its Markdown copy holds (the agents' part), rendered once more from
//! [`crate::markdown::for_agents`] ([`LlmsText::Own`]).
//!
//! A page whose frontmatter has no `description` (and that is no
//! endpoint's, which its operation describes) is described to search
//! engines by its first paragraph ([`text_description`]).

use super::Project;
use crate::content::Page;
use crate::markdown::Rendered;
use crate::openapi::EndpointView;
use crate::search::{SearchDoc, SearchSection};

/// The `<meta name="description">` of a page that has none: its first
/// paragraph as text (the first line of its text of three words or more
/// that is not a heading), cut at a word as an endpoint's is.
pub fn text_description(body: &Rendered) -> Option<String> {
    let headings: Vec<&str> = body.headings.iter().map(|h| h.text.as_str()).collect();
    (body.text.lines())
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|words| words.len() >= 3 && !headings.contains(&words.join(" ").as_str()))
        .map(|words| crate::openapi::shortened(&words.join(" ")))
}

/// What `llms-full.txt` takes for a page.
pub enum LlmsText {
    /// The sections of its search document.
    Search,
    /// Sections of its own.
    Own(Vec<SearchSection>),
}

pub(super) fn search_doc(
    project: &Project,
    page: &Page,
    rendered: &Rendered,
    endpoint: Option<&EndpointView>,
) -> SearchDoc {
    let mut keywords = Vec::new();
    if let Some(view) = endpoint {
        keywords.extend(view.parameters.path.iter().map(|f| f.name.clone()));
        keywords.extend(view.parameters.query.iter().map(|f| f.name.clone()));
        if let Some(body) = &view.request_body {
            keywords.extend(body.fields.iter().map(|f| f.name.clone()));
        }
        for response in &view.responses {
            keywords.extend(response.fields.iter().map(|f| f.name.clone()));
        }
        if let Some(description) = &view.description_md {
            keywords.push(description.clone());
        }
    }
    keywords.extend(rendered.api_fields.iter().map(|f| f.name.clone()));
    keywords.extend(frontmatter_keywords(page));
    SearchDoc {
        url: page.url(),
        title: page.title.clone(),
        group: project.groups.get(&page.id).cloned(),
        version: page.version.clone(),
        language: page.language.clone(),
        endpoint: endpoint.map(|v| (v.method.clone(), v.path.clone())),
        keywords,
        sections: sections(page, rendered),
    }
}

/// The frontmatter's `keywords` (a list, or one string), which Mintlify's
/// search finds the page by.
fn frontmatter_keywords(page: &Page) -> Vec<String> {
    use serde_json::Value;
    let text = |value: &Value| match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    match page.frontmatter.values.get("keywords") {
        Some(Value::Array(items)) => items.iter().filter_map(text).collect(),
        Some(value) => text(value).into_iter().collect(),
        None => Vec::new(),
    }
}

/// Splits the page's plain text at its headings, in order.
pub(super) fn sections(page: &Page, rendered: &Rendered) -> Vec<SearchSection> {
    let text = &rendered.text;
    let mut cuts: Vec<(usize, usize, &crate::markdown::Heading)> = Vec::new();
    let mut from = 0;
    for heading in rendered.headings.iter().filter(|h| h.level >= 2) {
        if let Some(i) = text[from..].find(heading.text.as_str()) {
            let start = from + i;
            cuts.push((start, start + heading.text.len(), heading));
            from = start + heading.text.len();
        }
    }
    let intro_end = cuts.first().map_or(text.len(), |c| c.0);
    // Every doc of the site is held until the index is written: no slack.
    let mut out = Vec::with_capacity(cuts.len() + 1);
    out.push(SearchSection {
        anchor: String::new(),
        heading: page.title.clone(),
        text: text[..intro_end].trim().to_string(),
    });
    for (i, (_, text_start, heading)) in cuts.iter().enumerate() {
        let end = cuts.get(i + 1).map_or(text.len(), |c| c.0);
        out.push(SearchSection {
            anchor: heading.id.clone(),
            heading: heading.text.clone(),
            text: text[*text_start..end].trim().to_string(),
        });
    }
    out
}
