//! React components as Mintlify runs them, without Node: declared in a
//! page (`export const Counter = () => { … }`) or imported from a snippet
//! (`import { Counter } from "/snippets/counter.jsx"`), rendered to HTML
//! at build time and made live in the browser.
//!
//! The pipeline, per page that uses one:
//! 1. [`compile`]: each JavaScript source (the page's ESM, each snippet
//!    it imports names from) is compiled by `oxc` to plain JavaScript, JSX
//!    as calls of sheaf's `__jsx`; what Mintlify refuses (default exports,
//!    re-exports, imports inside a snippet) is a located problem.
//! 2. [`PageScript`] gathers the compiled pieces into one script: the
//!    runtime's names bound (hooks, `React`, Mintlify's own components as
//!    host components), each snippet module once, each document's scope.
//!
//! Names are looked up as Mintlify's import resolution leaves them
//! (`@mintlify/common`, `mdx/snippets/resolveAllImports.js` and
//! `resolveImport/`: every imported declaration is copied to the top of
//! the page, so a page and its snippets share one module scope; the first
//! declaration of a name is kept and another one is an `export-collision`
//! warning). Here each piece keeps its own names first (a snippet module
//! its helpers and imports, a document its imports and `export const`s),
//! then sees the page's scope, `__scope`: every name a document of the
//! page declares or imports, published once the document's scope ran, the
//! first one kept (the page's own document runs first). The pieces run
//! inside `with (__scope)`, so a snippet's component calls a name only the
//! page imports, found when it is called; the runtime's names and
//! Mintlify's components come after the page's, as MDX lets an imported
//! name shadow a provided component.
//! 3. [`engine`]: the script runs in a QuickJS sandbox with a per-page
//!    budget; each component instance is rendered there to HTML
//!    (`renderToString` of `themes/default/jsx/core.js`).
//! 4. In the browser, the same script, ended by the list of instances
//!    (`islands`), mounts each instance where its HTML stands
//!    (`themes/default/jsx/dom.js`). A page whose components use no hook
//!    and no event handler ships no script at all.
//!
//! Trust: component code comes only from the docs root (the caller reads
//! snippets through the confined reader); at build time it sees no file,
//! network or environment ([`engine`]); in the browser it runs as the
//! site's own script, as on Mintlify.

pub mod compile;
pub mod engine;
pub mod nesting;

use std::fmt::Write as _;

pub use compile::{Language, Module, ModuleImport};
pub use engine::{
    Budget, Engine, Failure, HostCall, Rendered, World, HOST_CLOSE, HOST_OPEN, OPERATIONS_PER_POLL,
};

/// The browser half of the runtime (after `core.js`), one file.
pub const CLIENT_RUNTIME: [&str; 2] = [
    include_str!("../../themes/default/jsx/core.js"),
    include_str!("../../themes/default/jsx/dom.js"),
];

/// A problem in author JavaScript, at a byte offset of its source.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub offset: usize,
    pub message: String,
    pub help: String,
}

/// The names the runtime gives every component (as Mintlify pre-injects
/// React's hooks).
const RUNTIME_NAMES: &str = "h: __jsx, Fragment: __frag, React, useState, useEffect, \
useLayoutEffect, useRef, useMemo, useCallback, useContext, useReducer, useId, createContext";

/// Whether JavaScript source uses a hook or an event handler: a component
/// that does can change in the browser, so its page ships the runtime.
pub fn is_live(source: &str) -> bool {
    let bytes = source.as_bytes();
    let word_at = |i: usize, word: &str| {
        source[i..].starts_with(word)
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
            && bytes
                .get(i + word.len())
                .is_some_and(u8::is_ascii_uppercase)
    };
    (0..bytes.len())
        .any(|i| matches!(bytes[i], b'u' | b'o') && (word_at(i, "use") || word_at(i, "on")))
}

/// The page's shared scope, made by the prelude: what documents publish.
const SCOPE: &str = "const __scope = Object.create(null);\n";

/// Opens a piece that sees its own names, then the page's scope.
const OPEN: &str = "(function () { with (__scope) {\n";

/// Closes what [`OPEN`] opened.
const CLOSE: &str = "\n} })()";

/// A name bound from another piece: `(local, module index, exported)`;
/// `*` binds the whole module.
pub type Binding = (String, usize, String);

/// `const local = __mN[exported];` for each binding.
fn bindings_code(bindings: &[Binding]) -> String {
    let mut code = String::new();
    for (local, module, exported) in bindings {
        match exported.as_str() {
            "*" => writeln!(code, "const {local} = __m{module};"),
            _ => writeln!(code, "const {local} = __m{module}[{exported:?}];"),
        }
        .expect("writing to a String");
    }
    code
}

/// The pieces of one page's components, in the order they were needed.
#[derive(Debug, Default)]
pub struct PageScript {
    /// `const NAME = …` lines binding what every piece sees.
    prelude: String,
    /// Compiled snippet modules: `__mN`.
    modules: Vec<String>,
    /// Documents' scopes: (the code before the tail, index of its scope).
    scopes: Vec<String>,
    /// Instances: (id, scope index, compiled code making the element).
    instances: Vec<(usize, usize, String)>,
    pub live: bool,
}

impl PageScript {
    /// A page script whose pieces see the runtime, `frontmatter` and the
    /// components sheaf renders itself (`hosts`).
    pub fn new(frontmatter: &serde_json::Value, hosts: &[&str]) -> PageScript {
        let mut prelude = format!("const {{ {RUNTIME_NAMES} }} = __sheafJsx;\n");
        for name in hosts.iter().filter(|n| !n.contains('.')) {
            let _ = writeln!(prelude, "const {name} = __sheafJsx.host({name:?});");
        }
        // `Tree.File`, `Tabs.Tab`: members of a host component.
        for name in hosts.iter().filter(|n| n.contains('.')) {
            let root = name.split('.').next().unwrap_or_default();
            if hosts.contains(&root) {
                let _ = writeln!(prelude, "{name} = __sheafJsx.host({name:?});");
            }
        }
        let _ = writeln!(prelude, "const frontmatter = {frontmatter};");
        // Mintlify's personalization gives pages `user`, the signed-in
        // reader's data: nothing, for a static site's readers.
        let _ = writeln!(prelude, "const user = {{}};");
        prelude.push_str(SCOPE);
        PageScript {
            prelude,
            ..PageScript::default()
        }
    }

    /// The prelude, as the sandbox evaluates it (global names).
    pub fn prelude(&self) -> &str {
        &self.prelude
    }

    /// Adds a compiled snippet module, its imports bound to modules added
    /// before it; returns the code defining it and its index.
    pub fn add_module(&mut self, module: &Module, bindings: &[Binding]) -> (usize, String) {
        let index = self.modules.len();
        let exports: Vec<String> = module
            .exports
            .iter()
            .map(|(local, exported)| format!("{exported:?}: {local}"))
            .collect();
        let code = format!(
            "const __m{index} = {OPEN}{}{}\nreturn {{ {} }};{CLOSE};\n",
            bindings_code(bindings),
            module.code,
            exports.join(", ")
        );
        self.live |= is_live(&module.code);
        self.modules.push(code.clone());
        (index, code)
    }

    /// Adds a document's scope: its imports bound, its own compiled ESM,
    /// then `publish`ed: each name given to the page's scope unless a
    /// document before gave it. Returns its index; the code's tail is
    /// the caller's ([`PageScript::scope_for_sandbox`]).
    pub fn add_scope(&mut self, bindings: &[Binding], esm: &str, publish: &[String]) -> usize {
        let mut code = format!("{OPEN}{}{esm}\n", bindings_code(bindings));
        for name in publish {
            let _ = writeln!(
                code,
                "if (!({name:?} in __scope)) __scope[{name:?}] = {name};"
            );
        }
        self.live |= is_live(esm);
        self.scopes.push(code);
        self.scopes.len() - 1
    }

    /// The scope `index` as the sandbox defines it: a function evaluating
    /// an instance's code inside it.
    pub fn scope_for_sandbox(&self, index: usize) -> String {
        format!(
            "globalThis.__d{index} = {}return (__src) => eval(__src);{CLOSE};",
            self.scopes[index]
        )
    }

    /// How many instances are recorded (each instance's id is its place).
    pub fn instance_count(&self) -> usize {
        self.instances.len()
    }

    /// Records an instance to mount in the browser.
    pub fn add_instance(&mut self, id: usize, scope: usize, code: String) {
        self.instances.push((id, scope, code));
    }

    /// The script the browser runs after the runtime: everything, then
    /// each instance mounted; `memo` maps what host components rendered.
    pub fn for_browser(&self, memo: &serde_json::Map<String, serde_json::Value>) -> String {
        let mut out = String::from("(function () {\n");
        out.push_str(&self.prelude);
        self.modules.iter().for_each(|m| out.push_str(m));
        let _ = writeln!(out, "const __islands = [];");
        for (index, scope) in self.scopes.iter().enumerate() {
            out.push_str(scope);
            let _ = writeln!(out, "\n__islands.push(");
            for (id, _, code) in self.instances.iter().filter(|i| i.1 == index) {
                let _ = writeln!(out, "[{id}, () => ({code})],");
            }
            let _ = writeln!(out, ");{CLOSE};");
        }
        let memo = serde_json::Value::Object(memo.clone());
        let _ = writeln!(out, "__sheafJsx.islands(__islands, {memo});\n}})();");
        script_safe(&out)
    }
}

/// JavaScript made safe inside an HTML `<script>` element: no `</script`
/// or `<!--` can end or confuse it (both only occur inside strings).
fn script_safe(code: &str) -> String {
    code.replace("</", "<\\/").replace("<!--", "<\\!--")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_means_a_hook_or_an_event_handler() {
        assert!(is_live("const [a, b] = useState(0)"));
        assert!(is_live("h(\"button\", { onClick: f })"));
        assert!(!is_live(
            "const user = 1; onclick; reuseX; h(\"b\", null, \"on\")"
        ));
    }

    #[test]
    fn the_browser_script_cannot_end_its_element() {
        let script = script_safe("x = \"</script><!--\"");
        assert!(!script.contains("</") && !script.contains("<!--"));
    }
}
