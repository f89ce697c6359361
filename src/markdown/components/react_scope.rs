//! The page's React components as one scope, as Mintlify resolves names
//! (the rules are in [`crate::jsx`]'s docs): the page's sandbox made on
//! its first component ([`JsPage`]), each document's scope loaded after
//! those of the documents including it (the page's first) and published
//! to the page's scope, each snippet module compiled and run once, with
//! the imports it makes itself (a path from the root or relative to it;
//! a module importing itself, directly or not, finds nothing and the name
//! is looked up in the page's scope), and a name two documents declare
//! differently reported where the second one does.

use serde_json::Value;

use super::super::mdx::{self, Import};
use super::super::render::{esm_only, JsPage, LoadedModule, LoadedScope, Renderer};
use super::super::SnippetError;
use super::{DOTTED, KNOWN};
use crate::diagnostics::{Diagnostic, LineStarts};
use crate::jsx::{self, Budget, Engine, Language, ModuleImport, PageScript, World};
use crate::rules::Rule;

/// Snippet files whose exports are JavaScript components.
pub(super) fn is_script_file(source: &str) -> bool {
    [".jsx", ".js", ".tsx", ".ts"]
        .iter()
        .any(|ext| source.ends_with(ext))
}

impl Renderer<'_> {
    /// The page's components state, made on first use.
    pub(super) fn js_page(&mut self) -> &mut JsPage {
        if self.js.is_none() {
            let script = PageScript::new(
                &Value::Object(self.env.frontmatter.clone()),
                &[KNOWN, DOTTED].concat(),
            );
            let world = World {
                seed: fnv1a(self.env.file.to_string_lossy().as_bytes()),
                now_ms: self.env.now_ms,
                location: self.env.location.to_string(),
            };
            let engine = Engine::new(Budget::default(), world)
                .and_then(|e| e.run(script.prelude()).map(|()| e));
            self.js = Some(Box::new(JsPage::new(engine, script)));
        }
        self.js.as_mut().expect("made above")
    }

    /// The current document's scope, loaded on its first component, after
    /// the scopes of the documents including it (the page's first), so
    /// that the names they publish come first in the page's scope.
    pub(super) fn js_scope(&mut self) -> Option<LoadedScope> {
        (0..self.docs.len())
            .map(|index| self.doc_scope(index))
            .last()
            .flatten()
    }

    /// The scope of the document `index` of the stack (the page is 0).
    pub(super) fn doc_scope(&mut self, index: usize) -> Option<LoadedScope> {
        let file = self.docs[index].file.clone();
        if let Some(scope) = self.js_page().scopes.get(&file) {
            return scope.clone();
        }
        let scope = self.load_scope(index);
        self.js_page().scopes.insert(file, scope.clone());
        scope
    }

    fn load_scope(&mut self, doc: usize) -> Option<LoadedScope> {
        let esm = self.docs[doc].esm.clone();
        let module = match jsx::compile::module(&esm, Language::Jsx) {
            Ok(module) => module,
            Err(problem) => {
                let (message, help) = (problem.message, Some(problem.help));
                self.warn_in(doc, Rule::ComponentCode, problem.offset, message, help);
                return None;
            }
        };
        let mut imports: Vec<Import> = self.docs[doc]
            .imports
            .values()
            .filter(|i| i.named)
            .cloned()
            .collect();
        imports.sort_by_key(|i| i.offset);
        let own = format!("the declaration in `{}`", self.docs[doc].file.display());
        for (local, _) in &module.exports {
            self.claim_name(doc, local, own.clone(), 0);
        }
        let mut bound = Vec::new();
        for import in imports {
            let loaded = match is_script_file(&import.source) || import.source.ends_with(".mdx") {
                true => self.js_module(&import.source, import.offset),
                false => None,
            };
            let Some(m) = loaded.filter(|m| m.exports.contains(&import.exported)) else {
                continue;
            };
            let origin = format!("`{}` of `{}`", import.exported, import.source);
            if module
                .exports
                .iter()
                .any(|(local, _)| *local == import.name)
            {
                // The page's own declaration is kept, as on Mintlify.
                self.claim_name(doc, &import.name, origin, import.offset);
                continue;
            }
            self.claim_name(doc, &import.name, origin, import.offset);
            bound.push((import.name, m.index, import.exported));
        }
        let mut publish: Vec<String> = bound.iter().map(|b| b.0.clone()).collect();
        publish.extend(module.exports.iter().map(|(local, _)| local.clone()));
        let page = self.js_page();
        let index = page.script.add_scope(&bound, &module.code, &publish);
        let code = page.script.scope_for_sandbox(index);
        let ran = page.run(&code);
        if let Err(failure) = ran {
            let message = format!("the page's components could not run: {failure}");
            let help = Some(FAILED_HELP.to_string());
            self.warn_in(doc, Rule::ComponentCode, 0, message, help);
            return None;
        }
        let exports = module.exports.into_iter().map(|(_, e)| e).collect();
        Some(LoadedScope { index, exports })
    }

    /// Records that the document `doc` gives the page's scope `name`; a
    /// name an earlier document gave from elsewhere is kept, and this one
    /// is a warning (Mintlify keeps the first declaration too).
    fn claim_name(&mut self, doc: usize, name: &str, origin: String, offset: usize) {
        let first = self.js_page().origins.get(name).cloned();
        match first {
            None => {
                self.js_page().origins.insert(name.to_string(), origin);
            }
            Some(first) if first != origin => {
                let message = format!(
                    "`{name}` is declared twice in the page's components: {first} is kept, \
                     not {origin}"
                );
                let help = format!(
                    "import one of them under another name: `import {{ {name} as Other{name} }} from \"…\"`"
                );
                self.warn_in(doc, Rule::ComponentCode, offset, message, Some(help));
            }
            Some(_) => {}
        }
    }

    /// A snippet module, compiled and run once per page. A module that
    /// imports itself, directly or not, finds `None` while it loads.
    pub(super) fn js_module(&mut self, reference: &str, offset: usize) -> Option<LoadedModule> {
        if let Some(module) = self.js_page().modules.get(reference) {
            return module.clone();
        }
        self.js_page().modules.insert(reference.to_string(), None);
        let module = self.load_module(reference, offset);
        self.js_page()
            .modules
            .insert(reference.to_string(), module.clone());
        module
    }

    fn load_module(&mut self, reference: &str, offset: usize) -> Option<LoadedModule> {
        let snippet = match self.load_snippet(reference, offset) {
            Ok(snippet) => snippet,
            Err(SnippetError::Missing | SnippetError::Outside(_) | SnippetError::TooLarge(_)) => {
                return None
            }
        };
        let source = match is_script_file(reference) {
            true => snippet.source.clone(),
            false => esm_only(&snippet.source, &mdx::parse(&snippet.source).esm),
        };
        let lines = LineStarts::new(&snippet.source);
        let warn = |offset: usize, message: String, help: String| {
            let at = lines.position(&snippet.source, offset);
            let (line, column) = (at.line, at.column);
            Diagnostic::warning(snippet.path.clone(), message)
                .with_rule(Rule::ComponentCode)
                .at_line(line, column)
                .with_help(help)
        };
        let module = match jsx::compile::module(&source, Language::of_path(reference)) {
            Ok(module) => module,
            Err(p) => {
                self.out.diagnostics.push(warn(p.offset, p.message, p.help));
                return None;
            }
        };
        for p in &module.problems {
            self.out
                .diagnostics
                .push(warn(p.offset, p.message.clone(), p.help.clone()));
        }
        let mut bindings = Vec::new();
        for import in &module.imports {
            match self.module_import(reference, import) {
                Ok(binding) => bindings.push(binding),
                Err((message, help)) => {
                    self.out
                        .diagnostics
                        .push(warn(import.offset, message, help))
                }
            }
        }
        let page = self.js_page();
        let (index, code) = page.script.add_module(&module, &bindings);
        let ran = page.run(&code);
        if let Err(failure) = ran {
            let message = format!("`{reference}` could not run: {failure}");
            self.out
                .diagnostics
                .push(warn(0, message, FAILED_HELP.to_string()));
            return None;
        }
        let exports = module.exports.into_iter().map(|(_, e)| e).collect();
        Some(LoadedModule { index, exports })
    }

    /// What an `import` inside the snippet `from` binds: a name another
    /// snippet module exports (a path from the root, or relative to
    /// `from`), or why it binds nothing.
    fn module_import(
        &mut self,
        from: &str,
        import: &ModuleImport,
    ) -> Result<jsx::Binding, (String, String)> {
        let what = format!(
            "`import {{ {} }} from \"{}\"`",
            import.exported, import.source
        );
        let Some(target) = import_path(from, &import.source) else {
            let message = format!(
                "{what}: `{}` is an npm package, which Mintlify does not install",
                import.source
            );
            return Err((message, "import components from `/snippets/`".to_string()));
        };
        let runnable = is_script_file(&target) || target.ends_with(".mdx");
        let module = runnable.then(|| self.js_module(&target, 0)).flatten();
        let Some(module) = module else {
            let message = format!("{what}: `{target}` is not a component file sheaf can load (or it imports this one)");
            return Err((
                message,
                "the name is looked up in the page's components instead".to_string(),
            ));
        };
        if import.exported != "*" && !module.exports.contains(&import.exported) {
            let message = format!("{what}: `{target}` exports no `{}`", import.exported);
            return Err((
                message,
                "the name is looked up in the page's components instead".to_string(),
            ));
        }
        Ok((import.local.clone(), module.index, import.exported.clone()))
    }
}

/// What to do when a component cannot run.
pub(super) const FAILED_HELP: &str =
    "sheaf shows the component's children instead; fix the code, or test it on a page of its own";

/// The snippet an import inside the snippet `from` names, as a path from
/// the docs root (`/snippets/b.mdx`); `None` for a package name.
fn import_path(from: &str, source: &str) -> Option<String> {
    if source.starts_with('/') {
        return Some(source.to_string());
    }
    if !source.starts_with("./") && !source.starts_with("../") {
        return None;
    }
    let mut parts: Vec<&str> = from.trim_start_matches('/').split('/').collect();
    parts.pop();
    for part in source.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    Some(format!("/{}", parts.join("/")))
}

/// The page's seed for `Math.random` and `crypto`: FNV-1a of its path, so
/// two builds of one page draw the same numbers.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_inside_a_snippet_are_read_from_it() {
        let from = "/snippets/evm/raw/table.mdx";
        assert_eq!(
            import_path(from, "/snippets/a.mdx").unwrap(),
            "/snippets/a.mdx"
        );
        assert_eq!(
            import_path(from, "./columns.jsx").unwrap(),
            "/snippets/evm/raw/columns.jsx"
        );
        assert_eq!(
            import_path(from, "../../column-descriptions.mdx").unwrap(),
            "/snippets/column-descriptions.mdx"
        );
        assert_eq!(import_path(from, "react"), None);
    }
}
