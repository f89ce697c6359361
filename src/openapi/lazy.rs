//! Loading the spec files nobody names until a reference needs them.
//!
//! Every spec-like file under the docs root is a source (a page's
//! frontmatter may name it, as Mintlify allows), but a site often holds
//! spec files no page or navigation entry uses: a 1.3 MB YAML file took a
//! one-page site from 0.02 s to seconds when every file was loaded up
//! front. [`LazySpecs`] loads the config's `openapi` entries at once and
//! keeps the files it found for later: a reference whose spec token names
//! one (`v2 GET /x`), a navigation group whose `openapi` names one, or a
//! reference without a token that the specs loaded so far do not answer
//! (from the first spec holding the operation) loads what it needs, in
//! source order. The project asks for every page's `openapi` reference
//! ([`LazySpecs::need`]) once the pages are read, and for a title while
//! they are read. [`LazySpecs::finish`] gives the loaded [`ApiSpecs`]; the
//! files never needed are never read as specs, so their problems are not
//! reported either.

use std::path::{Path, PathBuf};

use super::find::{parse_reference, spec_matches};
use super::source::Location;
use super::{ApiSpecs, SpecCache};
use crate::confine::DocsRoot;
use crate::diagnostics::Diagnostic;

/// The specs of a site while its references are read.
pub struct LazySpecs {
    specs: ApiSpecs,
    root: PathBuf,
    cache: SpecCache,
    /// Found spec files not loaded yet, in source order.
    pending: Vec<Pending>,
    problems: Vec<Diagnostic>,
}

/// A found spec file not loaded yet.
struct Pending {
    order: usize,
    location: Location,
    name: String,
    stem: String,
}

impl LazySpecs {
    /// Loads `listed` (the config's `openapi` entries) now and keeps
    /// `found` (spec files under the docs root, relative paths) for when a
    /// reference needs them.
    pub fn load(root: &Path, listed: &[String], found: &[String], cache: SpecCache) -> LazySpecs {
        let (specs, problems) = ApiSpecs::load_cached(root, listed, &cache);
        let pending = found
            .iter()
            .enumerate()
            .map(|(i, source)| {
                let location = Location::from_source(root, source);
                Pending {
                    order: listed.len() + i,
                    name: location.display(root),
                    stem: location.stem(),
                    location,
                }
            })
            .collect();
        LazySpecs {
            specs,
            root: root.to_path_buf(),
            cache,
            pending,
            problems,
        }
    }

    /// The title of the operation `reference` names (as
    /// [`ApiSpecs::title`]), loading the found specs it may be in.
    pub fn title(&mut self, reference: &str) -> Option<String> {
        if super::is_schema_reference(reference) {
            return self.specs.schema_title(reference);
        }
        self.need(reference);
        let op = self.specs.find(reference).ok()?;
        Some(self.specs.title(&op))
    }

    /// The title of the operation `reference` names and what names its
    /// page ([`ApiSpecs::naming`]).
    pub fn naming(&mut self, reference: &str) -> Option<(String, super::PageNaming)> {
        if super::is_schema_reference(reference) {
            return self
                .title(reference)
                .map(|t| (t, super::PageNaming::default()));
        }
        self.need(reference);
        let op = self.specs.find(reference).ok()?;
        Some((self.specs.title(&op), self.specs.naming(&op)))
    }

    /// [`ApiSpecs::operations_by_tag`], loading the spec `source` first
    /// when it is a found file.
    pub fn operations_by_tag(&mut self, source: &str) -> Option<Vec<(String, Vec<String>)>> {
        let location = Location::from_source(&self.root, source);
        self.load_where(|pending| pending.location == location);
        self.specs.operations_by_tag(&self.root, source)
    }

    /// [`ApiSpecs::schema_entries`] of the spec `source` (loaded by
    /// [`LazySpecs::operations_by_tag`] already).
    pub fn schema_entries(&mut self, source: &str) -> Option<Vec<String>> {
        self.specs.schema_entries(&self.root, source)
    }

    /// The loaded specs, the problems of loading them, and the names of
    /// the found files that were not needed.
    pub fn finish(mut self) -> (ApiSpecs, Vec<Diagnostic>) {
        let unloaded = self.pending.into_iter().map(|p| (p.order, p.name));
        self.specs.unloaded = unloaded.collect();
        (self.specs, self.problems)
    }

    /// Loads the found specs the operation reference `reference` may be
    /// in: those its spec token names; without a token, those before the
    /// first spec answering it (every one when none does).
    pub fn need(&mut self, reference: &str) {
        let Ok(wanted) = parse_reference(reference) else {
            return;
        };
        match wanted.spec {
            Some(token) => self.load_where(|p| spec_matches(&token, &p.name, &p.stem)),
            None => {
                let answering = self.specs.find(reference).ok();
                let limit =
                    answering.map_or(usize::MAX, |op| self.specs.specs[op.spec_index].order);
                self.load_where(|p| p.order < limit);
            }
        }
    }

    fn load_where(&mut self, needed: impl Fn(&Pending) -> bool) {
        if !self.pending.iter().any(&needed) {
            return;
        }
        let (load, keep) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(needed);
        self.pending = keep;
        let docs = DocsRoot::new(&self.root);
        for pending in load {
            let Pending {
                order, location, ..
            } = pending;
            let (specs, problems) = (&mut self.specs, &mut self.problems);
            specs.add_source(&docs, order, location, &self.cache, problems);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get: {summary: Get A}\n";

    fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    fn lazy(dir: &Path, found: &[&str]) -> LazySpecs {
        let found: Vec<String> = found.iter().map(|s| s.to_string()).collect();
        let cache = SpecCache::in_dir(&dir.join(".cache"));
        LazySpecs::load(dir, &[], &found, cache)
    }

    #[test]
    fn a_found_spec_nobody_names_is_never_loaded() {
        let dir = site(&[
            ("a.yaml", SPEC),
            ("broken.yaml", "openapi: 3.0.0\npaths: ["),
        ]);
        let mut specs = lazy(dir.path(), &["a.yaml", "broken.yaml"]);
        assert_eq!(specs.title("a GET /a").as_deref(), Some("Get A"));
        let (specs, problems) = specs.finish();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(specs.operations().count(), 1);
        assert_eq!(specs.spec_names(), ["a.yaml", "broken.yaml"]);
    }

    #[test]
    fn a_reference_without_a_token_finds_the_first_spec_holding_it() {
        let other = SPEC.replace("Get A", "Other A");
        let dir = site(&[("a.yaml", SPEC), ("b.yaml", &other)]);
        let mut specs = lazy(dir.path(), &["a.yaml", "b.yaml"]);
        assert_eq!(specs.title("b GET /a").as_deref(), Some("Other A"));
        assert_eq!(specs.title("GET /a").as_deref(), Some("Get A"));
        assert_eq!(specs.title("GET /missing"), None);
        let (specs, problems) = specs.finish();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(specs.find("GET /a").unwrap().spec, "a.yaml");
    }

    #[test]
    fn a_needed_spec_reports_its_problems() {
        let dir = site(&[("broken.yaml", "openapi: 3.0.0\npaths: [")]);
        let mut specs = lazy(dir.path(), &["broken.yaml"]);
        assert!(specs.operations_by_tag("broken.yaml").is_none());
        let (_, problems) = specs.finish();
        assert_eq!(problems.len(), 1, "{problems:?}");
    }
}
