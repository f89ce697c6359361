//! Rendering one page: its body (Markdown/MDX, an OpenAPI endpoint, or a
//! hand-written `api:` endpoint) and then the theme around it. A page job
//! reads only the immutable project, so jobs run in parallel.

use std::borrow::Cow;
use std::path::PathBuf;

use super::channel;
use super::links::UrlResolver;
use super::page_text::{search_doc, sections, LlmsText};
use super::schema_page;
use super::snippets::find_snippet;
use super::untrusted_text::UntrustedText;
use super::Project;
use crate::config::PlaygroundMode;
use crate::content::variables::substitute;
use crate::content::{frontmatter_line, Page, PageId};
use crate::diagnostics::Diagnostic;
use crate::markdown::{
    ApiFieldKind, ExampleKind, PageEnv, Rendered, UpdateEntry, UrlKind, UrlRewrite,
};
use crate::openapi::{
    is_schema_reference, parse_api_reference, render_endpoint_html, EndpointText, EndpointView,
    ManualParam,
};
use crate::render::{PageContent, TocEntry};
use crate::rules::Rule;
use crate::search::{SearchDoc, SearchSection};

/// What one page job produces.
pub struct PageOutput {
    /// The full HTML, `None` when the theme failed (reported in `diagnostics`).
    pub html: Option<String>,
    /// The page's search document (`None` when only checking, or when the
    /// site's search does not list the page).
    pub search: Option<SearchDoc>,
    /// What `llms-full.txt` takes for a navigation page (`None` when only
    /// checking, or for a page the navigation does not list).
    pub llms: Option<LlmsText>,
    /// The page's `<Update>` entries, when its frontmatter asks for a feed.
    pub feed: Option<Vec<UpdateEntry>>,
    pub diagnostics: Vec<Diagnostic>,
    /// The other pages whose headings the page's links name (see
    /// [`UrlResolver::anchor_targets`]).
    pub anchor_targets: Vec<PageId>,
    /// What its diagrams and highlighting took (with `--timings`).
    pub work: crate::timings::Work,
    /// The class names that may be utilities ([`crate::tailwind`]).
    pub utility_classes: Vec<String>,
}

impl PageOutput {
    /// A page that could not be rendered, and why.
    pub fn failed(problem: Diagnostic) -> PageOutput {
        PageOutput {
            html: None,
            search: None,
            llms: None,
            feed: None,
            diagnostics: vec![problem],
            anchor_targets: Vec::new(),
            utility_classes: Vec::new(),
            work: Default::default(),
        }
    }
}

/// Whether a job produces the themed page (`build`) or only validates (`check`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Build,
    Check,
}

/// How `--timings` names a page: its source file, else its slug.
pub fn timed_name(page: &Page) -> String {
    match &page.source_path {
        Some(path) => path.display().to_string(),
        None => page.slug.clone(),
    }
}

/// Renders page `page` of `project`, reading its text (see [`Page::text`]).
pub fn render(project: &Project, page: &Page, mode: Mode) -> PageOutput {
    match read_text(project, page) {
        Ok(text) => render_text(project, page, &text, mode),
        Err(problem) => PageOutput::failed(problem),
    }
}

/// The text of `page`: kept in memory, or read again from its file (which
/// fails the build if the file changed since it was loaded).
pub fn read_text<'p>(project: &Project, page: &'p Page) -> Result<Cow<'p, str>, Diagnostic> {
    page.text(&project.site.root).map_err(|problem| {
        let file = page.source_path.clone().unwrap_or_default();
        Diagnostic::error(file, problem.to_string())
            .with_rule(Rule::ReadFailed)
            .with_help("build again; the previous output was left as it was")
    })
}

/// Renders page `page` of `project` from its `text`.
pub fn render_text(project: &Project, page: &Page, text: &str, mode: Mode) -> PageOutput {
    let source = text;
    let resolver = UrlResolver::new(&project.site, &project.slugs, page);
    let urls = |url: &str, kind: UrlKind| resolver.rewrite(url, kind);
    let untold_urls = |url: &str, kind: UrlKind| resolver.rewrite_untold(url, kind);
    let mut diagnostics = Vec::new();
    let variables = &project.site.config.variables;
    let (body_text, unknown) = substitute(page.body_of(text), variables);
    diagnostics.extend(unknown_variables(
        page,
        page.body_of(text),
        &unknown,
        variables,
    ));
    let body = render_body(project, page, &body_text, &urls);
    diagnostics.extend(body.diagnostics.iter().cloned());
    let mut notice = None;
    let endpoint = match endpoint_view(project, page, text, &body) {
        Ok(view) => view,
        Err(problem) => {
            // An unreachable spec was reported once, where it is named.
            match unreachable_spec_notice(project, page) {
                Some(text) => notice = Some(text),
                None => diagnostics.push(problem),
            }
            None
        }
    };
    let channel = channel::channel_view(project, page, text)
        .map_err(|problem| diagnostics.push(problem))
        .unwrap_or_default();
    let page_href = |reference: &str| schema_page::href(project, page, reference);
    let text = UntrustedText::new(&project.markdown, &untold_urls, &page_href);
    let mut content = page_content(page, &body, endpoint.as_ref(), &text);
    content.last_modified =
        super::history::last_modified(project.history.as_ref(), &project.site, page);
    if let Some(script) = &body.script {
        content.html += &project.theme.page_scripts(page.depth(), script);
    }
    if let Some(view) = &channel {
        channel::place(view, &text, &mut content, section_headings);
    }
    match schema_page::schema_html(project, page, source, &text) {
        Some(Ok(html)) => content.html.push_str(&html),
        Some(Err(problem)) => diagnostics.push(problem),
        None => {}
    }
    if let Some(notice) = notice {
        content.html.insert_str(0, &notice);
    }
    if page.listing_of.is_some() {
        // Its page reports what its source holds, once.
        diagnostics.clear();
    }
    if mode == Mode::Build {
        super::image_size::size_images(&mut content, page, &project.site.docs);
        if content.meta_description.is_none() {
            content.meta_description = super::page_text::text_description(&body);
        }
    }
    let parts = [content.html.as_str(), &content.intro, &content.aside];
    let utilities = &project.theme.utilities;
    let script = body.script.as_deref().unwrap_or_default();
    let classes = utilities.page_classes(&parts, &[source, script]);
    let utility_classes = classes.iter().map(|c| c.to_string()).collect();
    content.utility_css = (mode == Mode::Build)
        .then(|| utilities.css(classes))
        .flatten();
    let page_html = match mode {
        Mode::Check => None,
        Mode::Build => match project.theme.render_page(&project.site, page, &content) {
            Ok(h) => Some(h),
            Err(e) => {
                diagnostics.push(e);
                None
            }
        },
    };
    let building = mode == Mode::Build;
    let mut search = (building && project.site.is_searchable(page))
        .then(|| search_doc(project, page, &body, endpoint.as_ref()));
    if let (Some(doc), Some(view)) = (&mut search, &channel) {
        channel::add_to_search(view, doc);
    }
    let llms = (building && page.in_nav).then(|| match source.contains("<Visibility") {
        true => LlmsText::Own(agents_sections(project, page, source, &urls)),
        false if search.is_some() => LlmsText::Search,
        false => LlmsText::Own(sections(page, &body)),
    });
    if page.frontmatter.rss && body.updates.is_empty() {
        diagnostics.extend(feed_without_updates(project, page));
    }
    let feed = (building && page.frontmatter.rss).then(|| body.updates.clone());
    let mut work = body.work;
    work.highlighting.add(text.highlighting());
    PageOutput {
        html: page_html,
        search,
        llms,
        feed,
        diagnostics: project.rules.applied(diagnostics),
        anchor_targets: resolver.anchor_targets(),
        work,
        utility_classes,
    }
}

/// A warning for each `{{name}}` of the page's body that docs.json
/// `variables` does not declare, at its line.
fn unknown_variables(
    page: &Page,
    body: &str,
    unknown: &[(usize, String)],
    variables: &std::collections::BTreeMap<String, String>,
) -> Vec<Diagnostic> {
    let Some(file) = &page.source_path else {
        return Vec::new();
    };
    let names: Vec<&str> = variables.keys().map(String::as_str).collect();
    (unknown.iter())
        .map(|(offset, name)| {
            let at = crate::diagnostics::Position::from_offset(body, *offset);
            let help = match crate::diagnostics::did_you_mean(name, names.iter().copied()) {
                Some(close) => format!("did you mean `{{{{{close}}}}}`? It is shown as written meanwhile"),
                None => format!("declare it in docs.json `variables` (declared: {}); it is shown as written meanwhile", names.join(", ")),
            };
            Diagnostic::warning(file, format!("variable `{name}` is not declared in docs.json `variables`")).with_rule(Rule::UndeclaredVariable)
                .at_line(page.body_line_offset + at.line, at.column)
                .with_help(help)
        })
        .collect()
}

/// What the theme lays out: the body, and for an endpoint page (or a page
/// with `<RequestExample>`/`<ResponseExample>`) the intro and the aside.
/// Examples written in the page replace the generated ones of their kind.
fn page_content(
    page: &Page,
    rendered: &Rendered,
    endpoint: Option<&EndpointView>,
    text: &UntrustedText<'_>,
) -> PageContent {
    let written = |kind: ExampleKind| -> String {
        let label = match kind {
            ExampleKind::Request => "Request example",
            ExampleKind::Response => "Response example",
        };
        rendered
            .examples
            .iter()
            .filter(|e| e.kind == kind)
            .map(|e| {
                format!(
                    "<section class=\"api-card\" aria-label=\"{label}\">{}</section>",
                    e.html
                )
            })
            .collect()
    };
    let (request, response) = (
        written(ExampleKind::Request),
        written(ExampleKind::Response),
    );
    let mut content = PageContent {
        html: rendered.html.clone(),
        toc: toc(rendered),
        description_html: page
            .frontmatter
            .description
            .as_deref()
            .map(|d| text.inline_markdown(d)),
        ..PageContent::default()
    };
    let Some(view) = endpoint else {
        content.aside = request + &response;
        content.aside_label = "Examples".into();
        return content;
    };
    let parts = render_endpoint_html(view, text);
    content.toc.splice(0..0, section_headings(&parts.main));
    content.aside_label = if parts.playground.is_empty() {
        "Examples".into()
    } else {
        "Examples and Try it".into()
    };
    let or_generated = |written: String, generated: String| {
        if written.is_empty() {
            generated
        } else {
            written
        }
    };
    content.aside = [
        or_generated(request, parts.request),
        or_generated(response, parts.response),
        parts.playground,
    ]
    .concat();
    content.intro = parts.intro;
    content.html = parts.main + &content.html;
    content.is_endpoint = true;
    content.endpoint_method = Some(match view.webhook {
        true => "WEBHOOK".to_string(),
        false => view.method.clone(),
    });
    content.endpoint_path = Some(view.path.clone());
    content.spec = view.spec.as_deref().and_then(super::links::served_spec);
    content.meta_description = Some(view.meta_description());
    content
}

/// Renders the Markdown/MDX `body` of `page`, its URLs rewritten by `urls`.
/// `rss: true` on a page without `<Update>`: its feed would be empty.
fn feed_without_updates(project: &Project, page: &Page) -> Option<Diagnostic> {
    let file = page.source_path.as_ref()?;
    let line = page
        .frontmatter_line(&project.site.root, &["rss"])
        .unwrap_or(1);
    let warning = Diagnostic::warning(
        file,
        "`rss: true`, but the page has no `<Update>` entry: no feed is written",
    )
    .with_rule(Rule::FrontmatterKey)
    .at_line(line, 1)
    .with_help("a feed lists the page's `<Update label=\"…\">` entries; add some, or remove `rss`");
    Some(warning)
}

/// The page's sections as agents read it: its source without the humans'
/// `<Visibility>` parts and with the agents' ones, rendered again.
fn agents_sections(
    project: &Project,
    page: &Page,
    source: &str,
    urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
) -> Vec<SearchSection> {
    let agents = crate::markdown::for_agents(source);
    let variables = &project.site.config.variables;
    let (body, _) = substitute(page.body_of(&agents), variables);
    sections(page, &render_body(project, page, &body, urls))
}

fn render_body(
    project: &Project,
    page: &Page,
    body: &str,
    urls: &dyn Fn(&str, UrlKind) -> UrlRewrite,
) -> Rendered {
    let file = page
        .source_path
        .clone()
        .unwrap_or_else(|| PathBuf::from(&page.slug));
    let snippets = |reference: &str| find_snippet(&project.site.docs, reference);
    let location = page_location(project, page);
    let env = PageEnv {
        file: &file,
        line_offset: page.body_line_offset,
        snippets: &snippets,
        urls,
        frontmatter: &page.frontmatter.values,
        now_ms: project.started_ms,
        icons: project.site.config.icon_library(),
        location: &location,
    };
    project.markdown.render(body, &env)
}

/// The page's URL as Mintlify publishes it (no trailing slash), at the
/// site URL when known, else at `http://localhost` under the base path:
/// what its components read as `location`.
fn page_location(project: &Project, page: &Page) -> String {
    let origin = match project.theme.site_url.as_deref() {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => match project.site.base_path.as_str() {
            "" => "http://localhost".to_string(),
            path => format!("http://localhost/{}", path.trim_matches('/')),
        },
    };
    format!("{origin}/{}", page.url().trim_end_matches('/'))
}

/// The endpoint shown on a page: its OpenAPI operation, or a hand-written
/// `api:` endpoint, or none. A reference that matches no operation is an error.
fn endpoint_view(
    project: &Project,
    page: &Page,
    text: &str,
    rendered: &Rendered,
) -> Result<Option<EndpointView>, Diagnostic> {
    let mut api = project.site.config.api.clone().unwrap_or_default();
    let playground = page.frontmatter.playground.as_deref();
    if let Some(mode) = playground.and_then(PlaygroundMode::from_display) {
        api.playground.mode = mode;
    }
    let operation = page.openapi.as_ref().filter(|r| !is_schema_reference(r));
    if let Some(reference) = operation {
        return match project.specs.find(reference) {
            Ok(op) => Ok(Some(project.specs.endpoint(&op, &api))),
            Err(e) => Err(reference_error(page, text, reference, &e.to_string())),
        };
    }
    let Some(api_line) = &page.frontmatter.api else {
        return Ok(None);
    };
    match parse_api_reference(api_line) {
        Some((method, url)) => Ok(Some(EndpointView::manual(
            &method,
            &url,
            &api,
            manual_params(rendered),
        ))),
        None => Err(reference_error(
            page,
            text,
            api_line,
            "expected `METHOD URL`, e.g. `POST https://api.example.com/users`",
        )),
    }
}

/// In the preview and with `--offline`, the notice shown on an endpoint
/// page whose spec URL could not be read (no cached copy either); `None`
/// otherwise.
fn unreachable_spec_notice(project: &Project, page: &Page) -> Option<String> {
    if !project.loading.tolerates_unreachable_specs() {
        return None;
    }
    let then = match project.loading.preview {
        true => {
            "The preview keeps running; once the URL is reachable, save the config file \
                 (site.json, docs.json or mint.json) to download it again."
        }
        false => {
            "The site was built with <code>--offline</code>; build it without that \
                  option to download the spec."
        }
    };
    let spec = project.specs.unreachable_for(page.openapi.as_deref()?)?;
    let icon = crate::icons::theme_svg("triangle-exclamation", None);
    Some(format!(
        "<aside class=\"c-callout c-warning\" role=\"status\" aria-label=\"Warning\">\
         <span class=\"c-callout-icon\">{icon}</span><div class=\"c-callout-body\">\
         <p><strong>This endpoint cannot be shown yet.</strong> Its OpenAPI spec, <code>{url}</code>, \
         could not be downloaded ({reason}) and no copy of it is cached.</p>\
         <p>{then}</p></div></aside>",
        url = crate::html::escape(&spec.url),
        reason = crate::html::escape(&spec.reason),
    ))
}

/// A reference that matches no operation. A page with its own file still
/// builds (its body is shown), so that is a warning; a navigation-only
/// endpoint page would be empty, so that is an error.
fn reference_error(page: &Page, text: &str, reference: &str, why: &str) -> Diagnostic {
    let file = page
        .source_path
        .clone()
        .unwrap_or_else(|| PathBuf::from("site.json"));
    let message = format!("endpoint `{reference}` cannot be shown: {why}");
    let diagnostic = match page.source_path {
        Some(_) => Diagnostic::warning(file, message).with_rule(Rule::OperationMissing),
        None => Diagnostic::error(file, message).with_rule(Rule::OperationMissing),
    };
    let line = frontmatter_line(text, &["openapi", "api"]).unwrap_or(1);
    diagnostic.at_line(line, 1).with_help(
        "reference an operation of a loaded spec, as `METHOD /path` or `spec-file METHOD /path`",
    )
}

fn manual_params(rendered: &Rendered) -> Vec<ManualParam> {
    rendered
        .api_fields
        .iter()
        .filter_map(|field| match &field.kind {
            ApiFieldKind::Param { location } => Some(ManualParam {
                location: location.as_str().to_string(),
                name: field.name.clone(),
                ty: field.ty.clone().unwrap_or_else(|| "string".into()),
                required: field.required,
                default: field.default.clone(),
            }),
            ApiFieldKind::Response => None,
        })
        .collect()
}

/// The "On this page" entries: h2 and h3 headings.
fn toc(rendered: &Rendered) -> Vec<TocEntry> {
    rendered
        .headings
        .iter()
        .filter(|h| h.level == 2 || h.level == 3)
        .map(|h| TocEntry {
            level: h.level,
            id: h.id.clone(),
            text: h.text.clone(),
        })
        .collect()
}

/// The `<h2 id="…">Title</h2>` sections of an endpoint page's main column,
/// for the "On this page" list (shown when the page has no aside).
fn section_headings(html: &str) -> Vec<TocEntry> {
    html.split("<h2 id=\"")
        .skip(1)
        .filter_map(|rest| {
            let (id, rest) = rest.split_once('"')?;
            let text = rest.split_once('>')?.1.split_once("</h2>")?.0;
            Some(TocEntry {
                level: 2,
                id: id.to_string(),
                text: text.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoint_sections_feed_the_table_of_contents() {
        let toc = section_headings(
            "<section><h2 id=\"body\">Body</h2>…</section><h2 id=\"try-it\">Try it</h2>",
        );
        let ids: Vec<_> = toc
            .iter()
            .map(|t| (t.id.as_str(), t.text.as_str()))
            .collect();
        assert_eq!(ids, [("body", "Body"), ("try-it", "Try it")]);
    }
}
