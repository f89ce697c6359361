//! The sandbox author JavaScript runs in at build time: one QuickJS
//! runtime (through `rquickjs`) per page that has components, holding
//! sheaf's runtime (`themes/default/jsx/core.js`) and nothing else.
//!
//! What the code can reach is what QuickJS's language gives it: no file,
//! network, process or environment object exists in it (no `require`,
//! `fetch`, `process`, `std`/`os` modules; a dynamic `import()` finds no
//! module loader). Its budget is the page's: [`Budget::time`] of wall
//! time from the engine's start (checked by QuickJS's interrupt handler,
//! so an endless loop ends as [`Failure::Timeout`]), [`Budget::memory`]
//! bytes of heap and a bounded stack (deep recursion is a `RangeError`).
//!
//! Components that sheaf itself renders (`Card`, `Badge`, …) are
//! recorded, not rendered, here: each call leaves a placeholder
//! ([`HOST_OPEN`] index [`HOST_CLOSE`]) in the HTML and a [`HostCall`]
//! the caller renders and puts in its place.

use std::time::{Duration, Instant};

use rquickjs::context::EvalOptions;
use rquickjs::{CatchResultExt, CaughtError, Context, Runtime};
use serde::Deserialize;

/// sheaf's runtime, shared with the browser.
const CORE: &str = include_str!("../../themes/default/jsx/core.js");

/// Records the calls of components sheaf renders, and renders one
/// instance with them.
const PRELUDE: &str = r#"
globalThis.__sheaf_calls = [];
globalThis.__sheaf_host = function (name, props, children) {
  __sheaf_calls.push([name, props, children]);
  return "\uE010" + (__sheaf_calls.length - 1) + "\uE011";
};
globalThis.__sheaf_render = function (scope, src, prefix) {
  __sheaf_calls = [];
  const html = __sheafJsx.renderToString(scope(src), prefix);
  return JSON.stringify({ html: html, calls: __sheaf_calls });
};
"#;

/// Scripts run as a browser runs a classic `<script>`: not forced into
/// strict mode, so the page's pieces can read the page's scope `with`.
fn sloppy() -> EvalOptions {
    let mut options = EvalOptions::default();
    options.strict = false;
    options
}

/// Starts a host component's placeholder in rendered HTML.
pub const HOST_OPEN: char = '\u{E010}';
/// Ends a host component's placeholder.
pub const HOST_CLOSE: char = '\u{E011}';

/// How much one page's components may take.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub time: Duration,
    pub memory: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            time: Duration::from_secs(2),
            memory: 64 << 20,
        }
    }
}

/// Why JavaScript did not give a result.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The page's time budget ran out (an endless loop, say).
    Timeout(Duration),
    /// The page's memory budget ran out.
    Memory(usize),
    /// The code threw (`TypeError: x is not a function`).
    Thrown(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout(t) => write!(
                f,
                "it ran longer than the page's {} ms budget",
                t.as_millis()
            ),
            Failure::Memory(m) => {
                write!(f, "it needed more than the page's {} MB of memory", m >> 20)
            }
            Failure::Thrown(message) => write!(f, "it threw `{message}`"),
        }
    }
}

/// A component sheaf renders, as a user component called it: its name,
/// its props as JSON (children left out) and its children's HTML.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct HostCall(pub String, pub String, pub String);

/// One instance rendered: its HTML (with host placeholders) and the host
/// components it called, in the order their placeholders were made.
#[derive(Debug, Deserialize)]
pub struct Rendered {
    pub html: String,
    pub calls: Vec<HostCall>,
}

/// One page's sandbox.
pub struct Engine {
    // The context must go before the runtime it lives in.
    context: Context,
    _runtime: Runtime,
    budget: Budget,
    started: Instant,
}

impl Engine {
    /// A fresh sandbox with sheaf's runtime loaded; the budget starts now.
    pub fn new(budget: Budget) -> Result<Engine, Failure> {
        let thrown = |e: rquickjs::Error| Failure::Thrown(e.to_string());
        let runtime = Runtime::new().map_err(thrown)?;
        runtime.set_memory_limit(budget.memory);
        runtime.set_max_stack_size(256 << 10);
        let started = Instant::now();
        runtime.set_interrupt_handler(Some(Box::new(move || started.elapsed() > budget.time)));
        let context = Context::full(&runtime).map_err(thrown)?;
        let engine = Engine {
            context,
            _runtime: runtime,
            budget,
            started,
        };
        engine.eval(CORE)?;
        engine.eval(PRELUDE)?;
        Ok(engine)
    }

    /// Runs a script (the page's prelude, a module, a scope).
    pub fn run(&self, script: &str) -> Result<(), Failure> {
        self.eval(script)
    }

    /// Renders one instance: `code`, compiled, makes its element inside
    /// the scope `scope` defined (`globalThis.__dN`).
    pub fn render(&self, scope: usize, code: &str, id_prefix: &str) -> Result<Rendered, Failure> {
        let call = format!(
            "__sheaf_render(__d{scope}, {}, {})",
            serde_json::Value::from(code),
            serde_json::Value::from(id_prefix)
        );
        let json: String = self.context.with(|ctx| {
            ctx.eval_with_options::<String, _>(call, sloppy())
                .catch(&ctx)
                .map_err(|e| self.failure(e))
        })?;
        serde_json::from_str(&json).map_err(|e| Failure::Thrown(e.to_string()))
    }

    fn eval(&self, code: &str) -> Result<(), Failure> {
        self.context.with(|ctx| {
            ctx.eval_with_options::<(), _>(code, sloppy())
                .catch(&ctx)
                .map_err(|e| self.failure(e))
        })
    }

    fn failure(&self, error: CaughtError) -> Failure {
        if self.started.elapsed() > self.budget.time {
            return Failure::Timeout(self.budget.time);
        }
        let message = match &error {
            CaughtError::Exception(e) => {
                let name = e
                    .get::<_, String>("name")
                    .unwrap_or_else(|_| "Error".into());
                format!("{name}: {}", e.message().unwrap_or_default())
            }
            other => other.to_string().trim().to_string(),
        };
        if message.contains("out of memory") {
            return Failure::Memory(self.budget.memory);
        }
        Failure::Thrown(message)
    }
}
