//! The sandbox author JavaScript runs in at build time: one QuickJS
//! runtime (through `rquickjs`) per page that has components, holding
//! the browser globals sheaf gives it (`engine/globals.rs`), sheaf's
//! runtime (`themes/default/jsx/core.js`) and nothing else.
//!
//! What the code can reach is what QuickJS's language and those globals
//! give it: no file, network, process or environment object exists in it
//! (no `require`, `fetch`, `process`, `std`/`os` modules; a dynamic
//! `import()` finds no module loader).
//!
//! Its budget is the page's, and counts work, not time, so the same page
//! gives the same HTML whatever the machine's load, the thread count or
//! the output format: QuickJS calls the interrupt handler once every
//! 10,000 of its operations (backward jumps and calls; regular
//! expressions poll it too), and the handler counts those calls. A page
//! may spend [`Budget::operations`], else [`Failure::Operations`]: 80
//! million by default, about 2 s of processor time for a loop doing
//! arithmetic (`for (let i = 0; ; i++) sum = (sum + i * 31) | 0`) in a
//! release build on the machine it was measured on, where `while (true)
//! {}` runs 994 million in 2 s and a loop building objects 23 million
//! (the `calibrate` test measures them). [`Budget::memory`] bytes
//! of heap (64 MB) else [`Failure::Memory`]; a bounded stack (deep
//! recursion is a `RangeError`). Once spent, nothing more runs on the
//! page. [`Budget::backstop`] (30 s of the page thread's processor time
//! from the engine's start, wall time where the system has no thread
//! clock; checked at the same polls) ends only code the count does not
//! see (slow native builtins between two polls) as [`Failure::Backstop`]:
//! the one limit that depends on the machine, far above what counting
//! allows, and processor time rather than wall time so that a loaded
//! machine does not reach it sooner.
//!
//! Components that sheaf itself renders (`Card`, `Badge`, …) are
//! recorded, not rendered, here: each call leaves a placeholder
//! ([`HOST_OPEN`] index [`HOST_CLOSE`]) in the HTML and a [`HostCall`]
//! the caller renders and puts in its place.

mod globals;

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::timings::thread_cpu;
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

/// How many QuickJS operations one call of the interrupt handler stands
/// for (`JS_INTERRUPT_COUNTER_INIT` in QuickJS).
pub const OPERATIONS_PER_POLL: u64 = 10_000;

/// How much one page's components may take.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// QuickJS operations, counted in steps of [`OPERATIONS_PER_POLL`].
    pub operations: u64,
    pub memory: usize,
    /// Processor time of the page's thread after which code is stopped
    /// whatever it counted.
    pub backstop: Duration,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            operations: 80_000_000,
            memory: 64 << 20,
            backstop: Duration::from_secs(30),
        }
    }
}

/// What the sandbox's world holds, the same for the same page and build input.
#[derive(Debug, Clone)]
pub struct World {
    /// Seeds `Math.random` and `crypto`.
    pub seed: u64,
    /// What `Date.now()` and `new Date()` say, in ms since 1970 (UTC).
    pub now_ms: f64,
    /// The page's own URL, what `location` says (`http://localhost/` when
    /// empty or no URL).
    pub location: String,
}

/// Why JavaScript did not give a result.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The page's budget of operations ran out (an endless loop, say).
    Operations(u64),
    /// The backstop (processor time) ended code the count did not stop.
    Backstop(Duration),
    /// The page's memory budget ran out.
    Memory(usize),
    /// The code threw (`TypeError: x is not a function`).
    Thrown(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Operations(n) => write!(
                f,
                "it ran past the page's budget of {} million operations",
                n / 1_000_000
            ),
            Failure::Backstop(t) => write!(
                f,
                "it ran past sheaf's backstop of {} s of processor time",
                t.as_secs()
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
    meter: Arc<Meter>,
}

/// What the interrupt handler counted, and why it stopped the code.
#[derive(Default)]
struct Meter {
    polls: AtomicU64,
    /// 0: running; [`SPENT`] or [`BACKSTOP`]: stopped, and why.
    stopped: AtomicU8,
}

const SPENT: u8 = 1;
const BACKSTOP: u8 = 2;

impl Meter {
    /// The interrupt handler: whether to stop the code now.
    fn handler(self: Arc<Meter>, budget: Budget) -> impl FnMut() -> bool + Send + 'static {
        let used = time_used();
        let limit = budget.operations / OPERATIONS_PER_POLL;
        move || {
            if self.polls.fetch_add(1, Ordering::Relaxed) >= limit {
                self.stopped.store(SPENT, Ordering::Relaxed);
            } else if used() > budget.backstop {
                self.stopped.store(BACKSTOP, Ordering::Relaxed);
            }
            self.stopped.load(Ordering::Relaxed) != 0
        }
    }

    fn failure(&self, budget: &Budget) -> Option<Failure> {
        match self.stopped.load(Ordering::Relaxed) {
            SPENT => Some(Failure::Operations(budget.operations)),
            BACKSTOP => Some(Failure::Backstop(budget.backstop)),
            _ => None,
        }
    }
}

/// The processor time the calling thread (which runs the page) has used
/// since now; wall time where the system has no thread clock.
fn time_used() -> impl Fn() -> Duration + Send + 'static {
    let (started, cpu) = (Instant::now(), thread_cpu());
    move || match (cpu, thread_cpu()) {
        (Some(before), Some(now)) => now.saturating_sub(before),
        _ => started.elapsed(),
    }
}

impl Engine {
    /// A fresh sandbox holding `world`'s globals and sheaf's runtime; the
    /// budget counts from here.
    pub fn new(budget: Budget, world: World) -> Result<Engine, Failure> {
        let thrown = |e: rquickjs::Error| Failure::Thrown(e.to_string());
        let runtime = Runtime::new().map_err(thrown)?;
        runtime.set_memory_limit(budget.memory);
        runtime.set_max_stack_size(256 << 10);
        let meter = Arc::new(Meter::default());
        runtime.set_interrupt_handler(Some(Box::new(meter.clone().handler(budget))));
        let context = Context::full(&runtime).map_err(thrown)?;
        let engine = Engine {
            context,
            _runtime: runtime,
            budget,
            meter,
        };
        engine
            .context
            .with(|ctx| globals::install(&ctx))
            .map_err(thrown)?;
        engine.eval(&globals::script(&world))?;
        engine.eval(CORE)?;
        engine.eval(PRELUDE)?;
        Ok(engine)
    }

    /// How many operations the page has spent so far (in steps of
    /// [`OPERATIONS_PER_POLL`]).
    pub fn spent(&self) -> u64 {
        self.meter.polls.load(Ordering::Relaxed) * OPERATIONS_PER_POLL
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
        self.not_stopped()?;
        let json: String = self.context.with(|ctx| {
            ctx.eval_with_options::<String, _>(call, sloppy())
                .catch(&ctx)
                .map_err(|e| self.failure(e))
        })?;
        serde_json::from_str(&json).map_err(|e| Failure::Thrown(e.to_string()))
    }

    /// Once the budget is spent, nothing more runs on the page.
    fn not_stopped(&self) -> Result<(), Failure> {
        self.meter.failure(&self.budget).map_or(Ok(()), Err)
    }

    fn eval(&self, code: &str) -> Result<(), Failure> {
        self.not_stopped()?;
        self.context.with(|ctx| {
            ctx.eval_with_options::<(), _>(code, sloppy())
                .catch(&ctx)
                .map_err(|e| self.failure(e))
        })
    }

    fn failure(&self, error: CaughtError) -> Failure {
        if let Some(stopped) = self.meter.failure(&self.budget) {
            return stopped;
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
        // QuickJS throws `null` when even its "out of memory" error
        // could not be made.
        if message.contains("out of memory") || message.ends_with("Null\"null\"") {
            return Failure::Memory(self.budget.memory);
        }
        Failure::Thrown(message)
    }
}

#[cfg(test)]
mod tests;
