//! The schema shown on a page: a schema page of the navigation (`SCHEMA
//! user`, generated for a spec whose navigation sheaf generates; see
//! `openapi::schema_pages`) or a Markdown page with frontmatter
//! `openapi-schema: User`, as Mintlify reads it. Either way the schema's
//! type, description and field tree come after the page's body, and the
//! fields' links to other schema pages are relative to the page.

use std::collections::HashMap;

use super::links::relative;
use super::Project;
use crate::content::{frontmatter_line, Page, PageId, Site};
use crate::diagnostics::Diagnostic;
use crate::openapi::{
    frontmatter_schema_reference, is_schema_reference, render_schema_html, EndpointText,
};
use crate::rules::Rule;

/// The schema pages of the site: navigation reference → page.
pub(super) fn schema_pages(site: &Site) -> HashMap<String, PageId> {
    let references = site.pages.iter().filter(|p| p.listing_of.is_none());
    (references.filter_map(|page| Some((page.openapi.clone()?, page.id))))
        .filter(|(reference, _)| is_schema_reference(reference))
        .collect()
}

/// The URL of the schema page `reference` names, relative to `from`.
pub(super) fn href(project: &Project, from: &Page, reference: &str) -> Option<String> {
    let id = *project.schema_pages.get(reference)?;
    let target = project.site.place_like(&project.site.pages[id], from);
    Some(relative(&from.dir(), &target.url()))
}

/// The schema reference of `page`: its navigation reference when it names
/// a schema, else its frontmatter `openapi-schema`.
fn reference_of(page: &Page) -> Option<String> {
    match &page.openapi {
        Some(reference) if is_schema_reference(reference) => Some(reference.clone()),
        _ => (page.frontmatter.openapi_schema.as_deref()).map(frontmatter_schema_reference),
    }
}

/// The HTML of the schema `page` shows, if any. A schema the specs do not
/// hold is, as an unknown operation is, a warning at the frontmatter line
/// of a page with its own text (which still builds, without it) and an
/// error for a navigation entry.
pub(super) fn schema_html(
    project: &Project,
    page: &Page,
    text: &str,
    untrusted: &dyn EndpointText,
) -> Option<Result<String, Diagnostic>> {
    let reference = reference_of(page)?;
    let maintain_order = (project.site.config.api.as_ref()).is_some_and(|api| api.maintain_order);
    Some(match project.specs.schema(&reference, maintain_order) {
        Ok(view) => Ok(render_schema_html(&view, untrusted)),
        Err(problem) => {
            let message = format!("schema `{reference}` cannot be shown: {problem}");
            let diagnostic = match &page.source_path {
                Some(file) => Diagnostic::warning(file, message).with_rule(Rule::OperationMissing),
                None => Diagnostic::error("site.json", message).with_rule(Rule::OperationMissing),
            };
            let line = frontmatter_line(text, &["openapi-schema"]).unwrap_or(1);
            Err(diagnostic.at_line(line, 1).with_help(
                "name a schema of a loaded spec's `components/schemas`: `openapi-schema: Name` or `openapi-schema: openapi.json Name`",
            ))
        }
    })
}
