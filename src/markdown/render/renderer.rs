//! The [`Renderer`] of one page: its output and state (heading ids,
//! unique ids, components already warned about), the stack of documents
//! being rendered, and how it reports problems and rewrites URLs at
//! source positions.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::rc::Rc;

use serde_json::Value;

use super::super::drawn::{Diagrams, Drawing};
use super::super::headings::Slugger;
use super::super::highlight::{CodeInfo, Highlighter};
use super::super::mdx;
use super::super::{Heading, PageEnv, Rendered, Snippet, SnippetError, UrlKind, UrlRewrite};
use super::context::DocCtx;
use super::script::JsPage;
use crate::confine::OUTSIDE_HELP;
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;
use crate::timings::Work;

/// Renders one page (and the snippets it includes).
pub(in crate::markdown) struct Renderer<'a> {
    pub hl: &'a Highlighter,
    /// The build's drawn Mermaid diagrams.
    pub diagrams: &'a Diagrams,
    pub env: &'a PageEnv<'a>,
    pub out: Rendered,
    slugger: Slugger,
    pub docs: Vec<DocCtx>,
    next_id: usize,
    /// Component names already warned about on this page.
    warned_names: HashSet<String>,
    /// The level of the last heading (1: the page title).
    pub(super) outline_level: u8,
    /// Whether diagrams and highlighting are timed into `out.work`.
    timed: bool,
    /// The snippets this page imports names from, read and parsed once
    /// per page (`None`: not found or refused), however often it uses
    /// their exports.
    snippet_esm: HashMap<String, Option<Rc<SnippetEsm>>>,
    /// The page's React components, once one is used.
    pub js: Option<Box<JsPage>>,
    /// The HTML of JSX attribute values shown as text (`title={<b>x</b>}`),
    /// by the index their marks in component HTML name.
    pub jsx_attrs: Vec<String>,
}

/// What a snippet file exports: constants and components.
pub(in crate::markdown) struct SnippetEsm {
    pub path: PathBuf,
    pub exports: HashMap<String, Value>,
    pub components: HashMap<String, String>,
}

impl<'a> Renderer<'a> {
    pub fn new(hl: &'a Highlighter, diagrams: &'a Diagrams, env: &'a PageEnv<'a>) -> Renderer<'a> {
        Renderer {
            hl,
            diagrams,
            env,
            out: Rendered::default(),
            slugger: Slugger::default(),
            docs: Vec::new(),
            next_id: 0,
            warned_names: HashSet::new(),
            outline_level: 1,
            timed: false,
            snippet_esm: HashMap::new(),
            js: None,
            jsx_attrs: Vec::new(),
        }
    }

    /// The same renderer, timing its diagrams and highlighting when `timed`.
    pub fn timed(self, timed: bool) -> Renderer<'a> {
        Renderer { timed, ..self }
    }

    /// The drawing of a Mermaid diagram, timed into `out.work`.
    pub fn draw_diagram(&mut self, source: &str) -> Drawing {
        let (diagrams, slot) = (self.diagrams, &mut self.out.work.diagrams);
        Work::time(self.timed, slot, || diagrams.draw(source))
    }

    pub fn snippet_depth(&self) -> usize {
        self.docs.len()
    }

    pub(in crate::markdown) fn ctx(&self) -> &DocCtx {
        self.docs.last().expect("a document is being rendered")
    }

    /// A page-unique id for components that need one (`tabs-3`).
    pub fn unique_id(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}-{}", self.next_id)
    }

    /// Takes a heading id (also used for changelog entries' anchors).
    pub fn heading_id(&mut self, text: &str) -> String {
        self.slugger.unique(text)
    }

    /// Whether this is the page's first warning about component `name`
    /// (a page using an unknown component often uses it many times).
    pub fn first_use_of(&mut self, name: &str) -> bool {
        self.warned_names.insert(name.to_string())
    }

    pub fn record_heading(&mut self, level: u8, id: String, text: String) {
        self.outline_level = level;
        self.out.headings.push(Heading { level, id, text });
    }

    pub fn push_text(&mut self, text: &str) {
        self.out.text.push_str(text);
    }

    /// The 1-based line of byte `offset` of the current document.
    pub fn line_of(&self, offset: usize) -> usize {
        self.ctx().line(offset)
    }

    /// Warns at byte `offset` of the current document.
    pub fn warn_at(&mut self, rule: Rule, offset: usize, message: String, help: Option<String>) {
        let (line, column) = self.ctx().position(offset);
        self.warn_line(rule, line, column, message, help);
    }

    /// Warns at byte `offset` of the document `index` of the stack (the
    /// page is 0), which may include the current one.
    pub fn warn_in(
        &mut self,
        index: usize,
        rule: Rule,
        offset: usize,
        message: String,
        help: Option<String>,
    ) {
        let ctx = &self.docs[index];
        let (line, column) = ctx.position(offset);
        let mut d = Diagnostic::warning(ctx.file.clone(), message)
            .with_rule(rule)
            .at_line(line + ctx.line_offset, column);
        if let Some(help) = help {
            d = d.with_help(help);
        }
        self.out.diagnostics.push(d);
    }

    /// A note at byte `offset` of the current document.
    pub fn note_at(&mut self, rule: Rule, offset: usize, message: String, help: String) {
        let ctx = self.ctx();
        let (line, column) = ctx.position(offset);
        let d = Diagnostic::note(ctx.file.clone(), message)
            .with_rule(rule)
            .at_line(line + ctx.line_offset, column)
            .with_help(help);
        self.out.diagnostics.push(d);
    }

    /// A diagnostic `make` builds for the current document's file, placed at
    /// byte `offset` of it.
    pub fn report_at(&mut self, offset: usize, make: impl FnOnce(PathBuf) -> Diagnostic) {
        let (line, column) = self.ctx().position(offset);
        let ctx = self.ctx();
        let d = make(ctx.file.clone()).at_line(line + ctx.line_offset, column);
        self.out.diagnostics.push(d);
    }

    /// An error at byte `offset` of the current document.
    pub fn error_at(&mut self, rule: Rule, offset: usize, message: String, help: &str) {
        let (line, column) = self.ctx().position(offset);
        self.error_line(rule, line, column, message, help);
    }

    pub(super) fn error_line(
        &mut self,
        rule: Rule,
        line: usize,
        column: usize,
        message: String,
        help: &str,
    ) {
        let ctx = self.ctx();
        let d = Diagnostic::error(ctx.file.clone(), message)
            .with_rule(rule)
            .at_line(line + ctx.line_offset, column)
            .with_help(help);
        self.out.diagnostics.push(d);
    }

    /// The snippet `reference` names. One that resolves outside the docs
    /// root is an error at byte `offset`; a missing one is the caller's
    /// to report.
    pub fn load_snippet(
        &mut self,
        reference: &str,
        offset: usize,
    ) -> Result<Snippet, SnippetError> {
        let found = (self.env.snippets)(reference);
        let refused = match &found {
            Err(SnippetError::Outside(message)) => Some((message, OUTSIDE_HELP)),
            Err(SnippetError::TooLarge(message)) => Some((message, "split the snippet in two")),
            _ => None,
        };
        if let Some((message, help)) = refused {
            let rule = match found {
                Err(SnippetError::Outside(_)) => Rule::OutsideRoot,
                _ => Rule::InputLimit,
            };
            self.error_at(
                rule,
                offset,
                format!("snippet `{reference}`: {message}"),
                help,
            );
        }
        found
    }

    /// The exports of the snippet `reference` names, read and parsed on
    /// the page's first use of it; a refused file is reported once, at
    /// byte `offset` of that use.
    pub fn snippet_esm(&mut self, reference: &str, offset: usize) -> Option<Rc<SnippetEsm>> {
        if let Some(esm) = self.snippet_esm.get(reference) {
            return esm.clone();
        }
        let esm = self.load_snippet(reference, offset).ok().map(|snippet| {
            let doc = mdx::parse(&snippet.source);
            Rc::new(SnippetEsm {
                path: snippet.path,
                exports: doc.exports,
                components: doc.components,
            })
        });
        self.snippet_esm.insert(reference.to_string(), esm.clone());
        esm
    }

    /// A code block's HTML. Its code (without notation markers) joins the
    /// page's text; what the author should hear about is reported at
    /// `fence_line`, or at the line of code it concerns below it.
    pub fn code_block_at(&mut self, info: &CodeInfo, code: &str, fence_line: usize) -> String {
        let (hl, slot) = (self.hl, &mut self.out.work.highlighting);
        let block = Work::time(self.timed, slot, || hl.block(info, code));
        self.out.text.push_str(&block.text);
        for problem in block.problems {
            let line = fence_line + problem.line;
            let ctx = self.ctx();
            let file = ctx.file.clone();
            let d = match problem.note {
                true => Diagnostic::note(file, problem.message).with_rule(Rule::CodeBlockOption),
                false => {
                    Diagnostic::warning(file, problem.message).with_rule(Rule::CodeBlockOption)
                }
            };
            let d = d.at_line(line + ctx.line_offset, 1).with_help(problem.help);
            self.out.diagnostics.push(d);
        }
        block.html
    }

    pub(super) fn warn_line(
        &mut self,
        rule: Rule,
        line: usize,
        column: usize,
        message: String,
        help: Option<String>,
    ) {
        let ctx = self.ctx();
        let mut d = Diagnostic::warning(ctx.file.clone(), message)
            .with_rule(rule)
            .at_line(line + ctx.line_offset, column);
        if let Some(help) = help {
            d = d.with_help(help);
        }
        self.out.diagnostics.push(d);
    }

    /// Sends a URL through the site's rewriter, warning when it is broken.
    pub fn rewrite_url(&mut self, url: &str, kind: UrlKind, offset: usize) -> String {
        let (line, column) = self.ctx().position(offset);
        self.rewrite_url_at_line(url, kind, line, column)
    }

    pub(super) fn rewrite_url_at_line(
        &mut self,
        url: &str,
        kind: UrlKind,
        line: usize,
        column: usize,
    ) -> String {
        match (self.env.urls)(url, kind) {
            UrlRewrite::Keep => url.to_string(),
            UrlRewrite::To(new) => new,
            UrlRewrite::Broken {
                message,
                help,
                href,
                rule,
            } => {
                self.warn_line(rule, line, column, message, help);
                href.unwrap_or_else(|| url.to_string())
            }
            UrlRewrite::Refused { message } => {
                self.error_line(Rule::OutsideRoot, line, column, message, OUTSIDE_HELP);
                url.to_string()
            }
            UrlRewrite::Noted {
                href,
                message,
                rule,
            } => {
                let ctx = self.ctx();
                let note = Diagnostic::note(ctx.file.clone(), message)
                    .with_rule(rule)
                    .at_line(line + ctx.line_offset, column);
                self.out.diagnostics.push(note);
                href
            }
        }
    }
}
