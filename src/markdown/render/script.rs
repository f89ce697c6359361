//! The state of a page's React components while it renders
//! ([`JsPage`]): its sandbox, the script gathered so far, which snippet
//! modules and document scopes are loaded, and what host components
//! rendered (for the browser). Made on the first component instance, so
//! pages without components pay nothing; the logic is in
//! `components::react`.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::{Map, Value};

use crate::jsx::{Engine, Failure, PageScript};

/// A snippet module as the page script holds it.
#[derive(Debug, Clone)]
pub(in crate::markdown) struct LoadedModule {
    pub index: usize,
    /// Exported names.
    pub exports: Vec<String>,
}

/// A document's scope: its index and the names its own ESM exports.
#[derive(Debug, Clone)]
pub(in crate::markdown) struct LoadedScope {
    pub index: usize,
    pub exports: Vec<String>,
}

pub(in crate::markdown) struct JsPage {
    /// The sandbox; `Err` once it failed (reported once).
    pub engine: Result<Engine, Failure>,
    pub script: PageScript,
    /// By snippet reference; `None`: missing or not compilable (reported).
    pub modules: HashMap<String, Option<LoadedModule>>,
    /// By document file; `None`: its ESM does not compile (reported).
    pub scopes: HashMap<PathBuf, Option<LoadedScope>>,
    /// Host component calls and the HTML sheaf gave them, for the browser.
    pub memo: Map<String, Value>,
    /// Where each name of the page's scope was first declared.
    pub origins: HashMap<String, String>,
}

impl JsPage {
    pub fn new(engine: Result<Engine, Failure>, script: PageScript) -> JsPage {
        JsPage {
            engine,
            script,
            modules: HashMap::new(),
            scopes: HashMap::new(),
            memo: Map::new(),
            origins: HashMap::new(),
        }
    }

    /// Runs `code` in the sandbox (an error if it failed before).
    pub fn run(&self, code: &str) -> Result<(), Failure> {
        self.engine.as_ref().map_err(Clone::clone)?.run(code)
    }

    /// The page's script for the browser, when a live component needs one.
    pub fn browser_script(&self) -> Option<String> {
        let live = self.script.live && self.script.instance_count() > 0;
        live.then(|| self.script.for_browser(&self.memo))
    }
}
