//! OpenAPI specs: loading (3.0/3.1, JSON/YAML, files or URLs), `$ref`
//! resolution across files, endpoint views, code samples, lint, and the
//! endpoint page's HTML.
//!
//! The stage in one picture:
//!
//! ```text
//! site.json `openapi` + discovered spec files
//!   └─ ApiSpecs::load ── source (read + parse) ── store (documents, $refs)
//!        ├─ find("v1 GET /users")  → OperationRef        (find)
//!        ├─ endpoint(op, api)      → EndpointView        (view: schema → fields, example, auth, samples)
//!        │     └─ render_endpoint_html(view, text) → EndpointHtml (html: intro, main, aside cards)
//!        └─ lint()                 → Diagnostics         (lint)
//! ```
//!
//! Specs are read into `serde_json::Value`s (key order kept) and read through
//! a small schema layer ([`schema`]) that accepts both the 3.0 and the 3.1
//! spelling of nullable types, exclusive bounds, examples and constants; no
//! spec is rejected for being 3.1. Swagger 2.0 files get a warning and are
//! skipped. Nothing here panics on a malformed spec: unresolved `$ref`s show
//! as such on the page and as lint errors.
//!
//! This model, rather than the `openapiv3` crate's types, because that crate
//! reads only 3.0, fails a whole spec on one unexpected value, and keeps no
//! source positions. Here each problem is a diagnostic at the spec's own
//! `file:LINE:COL` (a YAML or JSON syntax error too, also in a file reached
//! by `$ref`), and the rest of the spec still renders.
//!
//! A spec named by URL is downloaded at each load and a copy kept in the
//! user's cache (`cache`); when the URL cannot be reached the copy is used,
//! with a warning giving its age. Without a copy the load error stays an
//! error, except in the preview (`site::Project::load_preview`), where it is
//! a warning and the endpoint's page shows a notice instead of its content.
//!
//! An operation's code samples are its own `x-codeSamples` (or
//! `x-code-samples`), then the generated ones (`samples`), which docs.json
//! `api.examples.languages` picks and orders. Enum values take their
//! descriptions from `x-enumDescriptions` (or `x-enum-descriptions`).

mod auth;
mod bodies;
mod cache;
mod endpoint;
mod example;
mod fields;
mod find;
mod groups;
mod html;
mod lazy;
mod lint;
mod lint_ignore;
mod manual;
mod params;
mod request;
mod samples;
mod schema;
mod schema_pages;
mod source;
mod spans;
mod store;
mod view;

#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use serde_json::Value;

pub use auth::{AuthKind, AuthView};
pub use cache::SpecCache;
pub use endpoint::shortened;
pub use fields::FieldView;
pub use find::{parse_api_reference, FindError, OperationRef};
pub use html::{render_endpoint_html, render_schema_html, EndpointHtml, EndpointText};
pub use lazy::LazySpecs;
pub use manual::ManualParam;
pub use samples::CodeSample;
pub use schema_pages::{
    frontmatter_schema_reference, is_schema_reference, SchemaView, SCHEMA_WORD,
};
pub use source::looks_like_spec;
pub use view::{BodyView, EndpointView, ExampleView, Parameters, ResponseView};

// What the AsyncAPI stage (`crate::asyncapi`) reads documents, `$ref`s,
// field trees and examples through, so both kinds of page show schemas alike.
pub(crate) use bodies::summarize;
pub use bodies::SchemaSummary;
pub(crate) use example::{Direction, ExampleBuilder};
pub(crate) use fields::FieldBuilder;
pub(crate) use find::spec_matches;
pub(crate) use groups::{by_tag as group_by_tag, Groups};
pub(crate) use html::render_field_tree;
pub(crate) use lint::lint_spec;
pub(crate) use schema::plain;
pub(crate) use spans::locate;
pub(crate) use store::{literal_value, ref_name, Node};

use crate::config::ApiConfig;
use crate::confine::{DocsRoot, OUTSIDE_HELP};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;
use find::{closest, parse_reference, paths_match, METHODS};
pub(crate) use source::{Location, SourceError};
pub(crate) use store::{DocId, DocStore, Document};

/// All loaded specs of a site; immutable after [`ApiSpecs::load`].
#[derive(Debug, Default)]
pub struct ApiSpecs {
    store: DocStore,
    specs: Vec<Spec>,
    /// Spec URLs that could not be downloaded and had no cached copy.
    unreachable: Vec<UnreachableSpec>,
    /// Spec files found under the docs root that no reference needed, so
    /// they were never loaded ([`LazySpecs`]): their place among the
    /// sources and their name.
    unloaded: Vec<(usize, String)>,
    /// The named schemas that have a page of their own (`schema_pages`).
    schema_pages: fields::SchemaPages,
}

/// A spec URL that could not be downloaded, with no cached copy to use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreachableSpec {
    /// The URL, as the config names it.
    pub url: String,
    stem: String,
    /// Why the download failed.
    pub reason: String,
}

/// One loaded OpenAPI 3 document and its operations.
#[derive(Debug)]
struct Spec {
    /// Its place among the sources given to the load: a reference without
    /// a spec token finds the operation in the first spec holding it.
    order: usize,
    doc: DocId,
    /// Relative to the docs root, or the URL.
    name: String,
    stem: String,
    /// `(lower-case method, path)` in file order.
    operations: Vec<(String, String)>,
    /// `(lower-case method, name)` of its OpenAPI 3.1 `webhooks`.
    webhooks: Vec<(String, String)>,
    /// Its text's size in bytes, whether it is JSON or YAML, and how long
    /// loading it took (its external `$ref` files included), for `--timings`.
    load: (usize, &'static str, std::time::Duration),
}

impl ApiSpecs {
    /// Loads `sources` (site.json `openapi` entries and discovered spec files:
    /// paths relative to the docs root, a leading `/` meaning the docs root, or
    /// http(s) URLs). A source that cannot be loaded is reported and skipped.
    ///
    /// Specs fetched from URLs are kept in the user's cache folder
    /// ([`SpecCache::from_env`]) for when the URL cannot be reached.
    pub fn load(root: &Path, sources: &[String]) -> (ApiSpecs, Vec<Diagnostic>) {
        ApiSpecs::load_cached(root, sources, &SpecCache::from_env())
    }

    /// [`ApiSpecs::load`] with the cache of fetched specs in `cache`.
    pub fn load_cached(
        root: &Path,
        sources: &[String],
        cache: &SpecCache,
    ) -> (ApiSpecs, Vec<Diagnostic>) {
        let mut specs = ApiSpecs::default();
        let mut diagnostics = Vec::new();
        let docs = DocsRoot::new(root);
        for (order, source) in sources.iter().enumerate() {
            let location = Location::from_source(root, source);
            specs.add_source(&docs, order, location, cache, &mut diagnostics);
        }
        (specs, diagnostics)
    }

    /// Loads the spec at `location`, the source number `order`, unless the
    /// store holds it already; its problems go to `diagnostics`.
    fn add_source(
        &mut self,
        docs: &DocsRoot,
        order: usize,
        location: Location,
        cache: &SpecCache,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        if self.store.find(&location).is_some() {
            return;
        }
        if let Err(diagnostic) = self.load_one(docs, order, location, cache, diagnostics) {
            diagnostics.push(*diagnostic);
        }
    }

    fn load_one(
        &mut self,
        docs: &DocsRoot,
        order: usize,
        location: Location,
        cache: &SpecCache,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Result<(), Box<Diagnostic>> {
        let started = std::time::Instant::now();
        let name = location.display(docs.path());
        let loaded = match location.load(docs, cache) {
            Ok(loaded) => loaded,
            Err(err) => {
                if let (Location::Url(url), SourceError::Download { reason, .. }) =
                    (&location, &err)
                {
                    self.unreachable.push(UnreachableSpec {
                        url: url.clone(),
                        stem: location.stem(),
                        reason: reason.clone(),
                    });
                }
                return Err(Box::new(load_error(&name, &location, err)));
            }
        };
        if let Some(stale) = &loaded.stale {
            diagnostics.push(stale.diagnostic(&name));
        }
        let (text, value) = (loaded.text, loaded.value);
        let (bytes, format) = (text.len(), text_format(&text));
        check_version(&name, &value)?;
        let stem = location.stem();
        let operations = list_operations(&value);
        let webhooks = list_webhooks(&value);
        let document = Document {
            location,
            name: name.clone(),
            value,
        };
        let doc = self.store.add_with_text(document, text);
        let mut found = self.store.load_external_refs(doc, docs, cache);
        self.place_at_refs(&mut found);
        diagnostics.extend(found);
        let at = self.specs.partition_point(|spec| spec.order < order);
        let spec = Spec {
            order,
            doc,
            name,
            stem,
            operations,
            webhooks,
            load: (bytes, format, started.elapsed()),
        };
        self.specs.insert(at, spec);
        Ok(())
    }

    /// Calls `report` with each loaded spec's name, size in bytes, format
    /// (`JSON` or `YAML`) and loading time, for `--timings`.
    pub fn report_loads(&self, mut report: impl FnMut(&str, usize, &str, std::time::Duration)) {
        for spec in &self.specs {
            let (bytes, format, took) = spec.load;
            report(&spec.name, bytes, format, took);
        }
    }

    /// Gives the `$ref` problems their line and column in the document
    /// holding the `$ref` (each document's spans found once).
    fn place_at_refs(&self, diagnostics: &mut [Diagnostic]) {
        let mut files: Vec<PathBuf> = (diagnostics.iter())
            .filter(|d| d.json_path.is_some())
            .map(|d| d.file.clone())
            .collect();
        files.sort_unstable();
        files.dedup();
        for file in files {
            let Some(doc) = self.store.named(&file.to_string_lossy()) else {
                continue;
            };
            let mine: Vec<usize> = (0..diagnostics.len())
                .filter(|&i| diagnostics[i].file == file)
                .collect();
            let mut placed: Vec<Diagnostic> =
                mine.iter().map(|&i| diagnostics[i].clone()).collect();
            spans::locate(&self.store, doc, &mut placed);
            for (i, diagnostic) in mine.into_iter().zip(placed) {
                diagnostics[i] = diagnostic;
            }
        }
    }

    /// Every operation of every spec, in load and file order.
    pub fn operations(&self) -> impl Iterator<Item = OperationRef> + '_ {
        self.all_operations().filter(|op| !op.webhook)
    }

    /// Every operation and webhook of every spec, in load and file order
    /// (a spec's webhooks after its paths).
    fn all_operations(&self) -> impl Iterator<Item = OperationRef> + '_ {
        self.specs.iter().enumerate().flat_map(|(index, spec)| {
            let paths = spec.operations.iter().map(|op| (op, false));
            let hooks = spec.webhooks.iter().map(|op| (op, true));
            paths
                .chain(hooks)
                .map(move |((method, path), webhook)| OperationRef {
                    spec: spec.name.clone(),
                    method: method.to_ascii_uppercase(),
                    path: path.clone(),
                    webhook,
                    spec_index: index,
                })
        })
    }

    /// The operations of the spec `source` (as the config names it), by
    /// their first tag in first-seen order (untagged ones under "Endpoints"),
    /// each as a navigation reference `SPEC METHOD /path`; `None` when that
    /// spec is not loaded.
    pub fn operations_by_tag(&self, root: &Path, source: &str) -> Option<Groups> {
        let doc = self.store.find(&Location::from_source(root, source))?;
        let spec = self.specs.iter().find(|s| s.doc == doc)?;
        let value = self.store.root(doc).value;
        let paths = spec.operations.iter().map(|op| ("paths", op));
        let hooks = spec.webhooks.iter().map(|op| ("webhooks", op));
        let pairs = paths.chain(hooks).map(|(place, (method, path))| {
            let tag = value
                .get(place)
                .and_then(|paths| paths.get(path))
                .and_then(|item| item.get(method))
                .and_then(|operation| operation.pointer("/tags/0"))
                .and_then(Value::as_str)
                .unwrap_or(if place == "paths" {
                    "Endpoints"
                } else {
                    "Webhooks"
                });
            let entry = match place {
                "paths" => format!("{source} {} {path}", method.to_ascii_uppercase()),
                _ => format!("{source} webhook {path}"),
            };
            (tag.to_string(), entry)
        });
        Some(group_by_tag(pairs))
    }

    /// The spec URLs that could not be downloaded (and had no cached copy).
    pub fn unreachable(&self) -> &[UnreachableSpec] {
        &self.unreachable
    }

    /// The unreachable spec a page reference may have meant: the one its
    /// spec token names, or, without a token, the first unreachable spec
    /// (the operation may be in it).
    pub fn unreachable_for(&self, reference: &str) -> Option<&UnreachableSpec> {
        let wanted = parse_reference(reference).ok()?;
        self.unreachable.iter().find(|spec| match &wanted.spec {
            Some(token) => spec_matches(token, &spec.url, &spec.stem),
            None => true,
        })
    }

    /// The spec files (relative to the docs root) and URLs, in source
    /// order: the loaded ones and those no reference needed.
    pub fn spec_names(&self) -> Vec<String> {
        let loaded = self.specs.iter().map(|s| (s.order, s.name.clone()));
        let mut names: Vec<(usize, String)> = loaded.chain(self.unloaded.iter().cloned()).collect();
        names.sort_by_key(|(order, _)| *order);
        names.into_iter().map(|(_, name)| name).collect()
    }

    /// Resolves a frontmatter or navigation reference (`GET /api/user`,
    /// `openapi.json GET /x`, `v1 get /x`, quoted or not). An exact path wins
    /// over one that differs only by a trailing slash; without a spec token the
    /// first spec holding the operation wins.
    pub fn find(&self, reference: &str) -> Result<OperationRef, FindError> {
        let wanted = parse_reference(reference)?;
        let candidates: Vec<usize> = match &wanted.spec {
            Some(token) => {
                let matching: Vec<usize> = (0..self.specs.len())
                    .filter(|&i| spec_matches(token, &self.specs[i].name, &self.specs[i].stem))
                    .collect();
                if matching.is_empty() {
                    return Err(FindError::UnknownSpec {
                        spec: token.clone(),
                        known: self.spec_names(),
                    });
                }
                matching
            }
            None => (0..self.specs.len()).collect(),
        };
        for exact in [true, false] {
            let found = self.all_operations().find(|op| {
                candidates.contains(&op.spec_index)
                    && op.webhook == wanted.is_webhook()
                    && (op.webhook || op.method == wanted.method)
                    && paths_match(&wanted.path, &op.path, exact)
            });
            if let Some(op) = found {
                return Ok(op);
            }
        }
        let searched = match &wanted.spec {
            Some(_) => candidates
                .iter()
                .map(|&i| self.specs[i].name.clone())
                .collect::<Vec<_>>()
                .join(", "),
            None => "any loaded spec".into(),
        };
        let pool = self
            .all_operations()
            .filter(|op| candidates.contains(&op.spec_index))
            .map(|op| match op.webhook {
                true => format!("webhook {}", op.path),
                false => format!("{} {}", op.method, op.path),
            });
        Err(FindError::NotFound {
            closest: closest(&format!("{} {}", wanted.method, wanted.path), pool),
            method: wanted.method,
            path: wanted.path,
            searched,
        })
    }

    /// The view of one operation, with site.json's `api` settings applied.
    pub fn endpoint(&self, op: &OperationRef, api: &ApiConfig) -> EndpointView {
        let method = op.method.to_ascii_lowercase();
        view::build_view(&self.source(op, &method), api)
    }

    /// The title of an operation's page (its summary, else `METHOD path`),
    /// without building the whole view.
    pub fn title(&self, op: &OperationRef) -> String {
        let method = op.method.to_ascii_lowercase();
        view::title(&self.source(op, &method))
    }

    /// What Mintlify names the operation's page after: its summary (a
    /// webhook's name when it has none), first tag and `x-mint.href`.
    pub fn naming(&self, op: &OperationRef) -> PageNaming {
        let spec = &self.specs[op.spec_index];
        let place = if op.webhook { "webhooks" } else { "paths" };
        let operation = (self.store.root(spec.doc).value.get(place))
            .and_then(|paths| paths.get(&op.path))
            .and_then(|item| item.get(op.method.to_ascii_lowercase()));
        let text = |pointer: &str| {
            (operation.and_then(|o| o.pointer(pointer)))
                .and_then(Value::as_str)
                .map(String::from)
        };
        let summary = text("/summary").filter(|s| !s.is_empty());
        PageNaming {
            name: summary.or_else(|| op.webhook.then(|| op.path.clone())),
            tag: text("/tags/0"),
            href: text("/x-mint/href"),
        }
    }

    fn source<'a>(&'a self, op: &'a OperationRef, method: &'a str) -> view::OperationSource<'a> {
        let spec = &self.specs[op.spec_index];
        view::OperationSource {
            store: &self.store,
            spec_doc: spec.doc,
            spec_name: &spec.name,
            path: &op.path,
            method,
            webhook: op.webhook,
            schema_pages: &self.schema_pages,
        }
    }

    /// `sheaf check` findings: unresolved `$ref`s, duplicate operationIds,
    /// GET/DELETE with a body, missing summaries, examples that do not match
    /// their schema.
    pub fn lint(&self) -> Vec<Diagnostic> {
        self.specs
            .iter()
            .flat_map(|spec| lint::lint_spec(&self.store, spec.doc, &spec.name))
            .collect()
    }
}

/// What names an operation's page ([`ApiSpecs::naming`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageNaming {
    /// The summary, or a webhook's name; `None`: the method and path.
    pub name: Option<String>,
    pub tag: Option<String>,
    /// `x-mint.href`.
    pub href: Option<String>,
}

fn load_error(name: &str, location: &Location, err: SourceError) -> Diagnostic {
    let help = match location {
        Location::Url(_) => format!(
            "check that {name} is reachable from this machine, or download the file into the docs root and list its path in site.json `openapi` instead"
        ),
        Location::File(_) => "check the path in site.json `openapi` (relative to the docs root; a leading `/` means the docs root)".into(),
    };
    match err {
        SourceError::Parse(failure) => failure.diagnostic(name),
        outside @ SourceError::Outside { .. } => Diagnostic::error(
            PathBuf::from(name),
            format!("cannot load OpenAPI spec: {outside}"),
        )
        .with_rule(Rule::OutsideRoot)
        .with_help(OUTSIDE_HELP),
        other => Diagnostic::error(
            PathBuf::from(name),
            format!("cannot load OpenAPI spec: {other}"),
        )
        .with_rule(Rule::SpecUnreadable)
        .with_help(help),
    }
}

/// OpenAPI 3.x is read; Swagger 2.0 and anything else is refused with a warning.
fn check_version(name: &str, value: &Value) -> Result<(), Box<Diagnostic>> {
    let version_of = |key: &str| value.get(key).map(schema::plain);
    if let Some(swagger) = version_of("swagger") {
        return Err(Box::new(
            Diagnostic::warning(
                PathBuf::from(name),
                format!("{name} is Swagger {swagger}: Swagger 2.0 is not supported; its operations are skipped"),
            ).with_rule(Rule::UnsupportedSpec)
            .with_help("convert it to OpenAPI 3 with swagger2openapi (`npx swagger2openapi in.json -o out.json`) or https://converter.swagger.io, then reference the converted file"),
        ));
    }
    match version_of("openapi") {
        Some(v) if v.starts_with("3.") => Ok(()),
        found => Err(Box::new(
            Diagnostic::warning(
                PathBuf::from(name),
                format!(
                    "{name} is not an OpenAPI 3 document (`openapi: {}`); it is skipped",
                    found.unwrap_or_else(|| "missing".into())
                ),
            )
            .with_rule(Rule::UnsupportedSpec)
            .with_json_path("openapi"),
        )),
    }
}

/// `(method, path)` of every operation, in file order.
fn list_operations(value: &Value) -> Vec<(String, String)> {
    list_items(value, "paths")
}

/// `(method, name)` of every OpenAPI 3.1 webhook, in file order.
fn list_webhooks(value: &Value) -> Vec<(String, String)> {
    list_items(value, "webhooks")
}

/// `(method, key)` of every operation of the path items under `place`.
fn list_items(value: &Value, place: &str) -> Vec<(String, String)> {
    let Some(paths) = value.get(place).and_then(Value::as_object) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (path, item) in paths {
        let Some(item) = item.as_object() else {
            continue;
        };
        for method in item.keys().filter(|k| METHODS.contains(&k.as_str())) {
            out.push((method.clone(), path.clone()));
        }
    }
    out
}

/// `JSON` for a text that starts as JSON does (as [`source::parse_text`]
/// reads it first), else `YAML`.
fn text_format(text: &str) -> &'static str {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    match body.starts_with('{') || body.starts_with('[') {
        true => "JSON",
        false => "YAML",
    }
}
