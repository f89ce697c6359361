//! `--timings`: where a build's time goes, per phase and per page or spec.
//!
//! A [`Timings`] is off unless `sheaf build --timings` or `sheaf check
//! --timings` turns it on; off, every hook is a branch on `None` and reads no
//! clock, so measuring costs nothing then. On, it records:
//!
//! - **Phases** ([`Phase`]), each the wall time and the process's CPU time
//!   (`getrusage`, user + system of every thread) of the sequential steps
//!   the pipeline wraps in [`Timings::phase`]. A phase begun inside another
//!   (specs read while the pages are loaded, for a page's frontmatter
//!   reference) is taken out of the outer one, so the rows add up. The
//!   page jobs run in parallel on rayon's threads, so their phase's CPU time
//!   can exceed its wall time.
//! - **Work within the page jobs** ([`Work`]: Mermaid diagrams,
//!   highlighting, the search index as pages arrive): each piece timed on
//!   the thread doing it (thread CPU time, `clock_gettime`), summed per
//!   phase. These rows say "in jobs": their wall time is the time their
//!   threads spent, which may exceed the page phase's wall time on several
//!   cores; the page phase's own row keeps what is left of its CPU time.
//! - **The slowest pages and specs**, each with what made it slow (a
//!   page's diagrams and highlighted blocks, a spec's size and format).
//! - **Notes** the pipeline adds ([`Timings::note`]): what the build cache
//!   saved.
//!
//! [`Timings::report`] gives the table `cli` prints to stderr. Figures are
//! for the reader, never asserted by a test (see `bench/` for measurements).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod clock;
mod report;

pub use clock::{process_cpu, thread_cpu};

/// The steps of a build, in the order the report lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Listing the docs root and reading the config file.
    Config,
    /// OpenAPI specs: loading, `$ref`s, lint.
    Specs,
    /// Pages: frontmatter, navigation, checks, the theme.
    Content,
    /// The page jobs (rendering and writing each page).
    Pages,
    /// Mermaid diagrams drawn inside the page jobs.
    Diagrams,
    /// Code highlighting inside the page jobs.
    Highlighting,
    /// The search index: documents added as pages arrive, then written.
    SearchIndex,
    /// Everything besides the pages written, and the output swapped in.
    Writing,
}

impl Phase {
    const ALL: [Phase; 8] = [
        Phase::Config,
        Phase::Specs,
        Phase::Content,
        Phase::Pages,
        Phase::Diagrams,
        Phase::Highlighting,
        Phase::SearchIndex,
        Phase::Writing,
    ];

    fn name(self) -> &'static str {
        match self {
            Phase::Config => "config",
            Phase::Specs => "specs",
            Phase::Content => "content",
            Phase::Pages => "pages",
            Phase::Diagrams => "diagrams",
            Phase::Highlighting => "highlighting",
            Phase::SearchIndex => "search index",
            Phase::Writing => "writing",
        }
    }

    fn index(self) -> usize {
        Phase::ALL.iter().position(|&p| p == self).unwrap_or(0)
    }
}

/// Time spent on something: wall and CPU time, and how many times.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spent {
    pub wall: Duration,
    pub cpu: Duration,
    pub count: usize,
}

impl Spent {
    pub fn add(&mut self, other: Spent) {
        self.wall += other.wall;
        self.cpu += other.cpu;
        self.count += other.count;
    }
}

/// What one page job spent on the work it holds ([`Phase::Diagrams`],
/// [`Phase::Highlighting`]), filled only when timings are on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    pub diagrams: Spent,
    pub highlighting: Spent,
}

impl Work {
    /// Runs `f`, adding its time on this thread to `slot` when `on`.
    pub fn time<T>(on: bool, slot: &mut Spent, f: impl FnOnce() -> T) -> T {
        if !on {
            return f();
        }
        let clock = Clock::start_thread();
        let value = f();
        slot.add(clock.spent());
        value
    }
}

/// One page or spec and the time it took.
#[derive(Debug, Clone)]
struct Item {
    name: String,
    wall: Duration,
    /// On the thread that did it; `None` when not measured.
    cpu: Option<Duration>,
    /// What made it slow, e.g. "3 Mermaid diagrams 140 ms".
    why: Vec<String>,
}

/// The clocks at the start of a measurement.
struct Clock {
    wall: Instant,
    cpu: Option<Duration>,
    thread: bool,
}

impl Clock {
    fn start_process() -> Clock {
        let cpu = process_cpu();
        Clock {
            wall: Instant::now(),
            cpu,
            thread: false,
        }
    }

    fn start_thread() -> Clock {
        let cpu = thread_cpu();
        Clock {
            wall: Instant::now(),
            cpu,
            thread: true,
        }
    }

    fn spent(&self) -> Spent {
        let now = if self.thread {
            thread_cpu()
        } else {
            process_cpu()
        };
        let cpu = match (self.cpu, now) {
            (Some(start), Some(now)) => now.saturating_sub(start),
            _ => Duration::ZERO,
        };
        Spent {
            wall: self.wall.elapsed(),
            cpu,
            count: 1,
        }
    }
}

/// A build's measurements; `Timings::default()` is off. Clones share them.
#[derive(Clone, Default)]
pub struct Timings(Option<Arc<Recorder>>);

impl std::fmt::Debug for Timings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Timings({})", if self.is_on() { "on" } else { "off" })
    }
}

#[derive(Default)]
struct Recorder {
    phases: Mutex<[Spent; Phase::ALL.len()]>,
    /// The phases begun and not yet ended on the loading thread, each with
    /// the time its inner phases took (taken out of it when it ends).
    open: Mutex<Vec<Spent>>,
    pages: Mutex<Vec<Item>>,
    specs: Mutex<Vec<Item>>,
    /// Lines the report ends with (what the build cache saved).
    notes: Mutex<Vec<String>>,
}

impl Recorder {
    /// Adds a page job that took `spent` and the work it held.
    fn add_page(&self, name: &str, spent: Spent, work: &Work) {
        {
            let mut phases = lock(&self.phases);
            phases[Phase::Diagrams.index()].add(work.diagrams);
            phases[Phase::Highlighting.index()].add(work.highlighting);
        }
        let item = Item {
            name: name.to_string(),
            wall: spent.wall,
            cpu: Some(spent.cpu),
            why: report::why_page(work),
        };
        lock(&self.pages).push(item);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Timings {
    /// Measuring nothing (the default).
    pub fn off() -> Timings {
        Timings(None)
    }

    /// Measuring from now on.
    pub fn on() -> Timings {
        Timings(Some(Arc::default()))
    }

    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// Runs the sequential step `f` of `phase`, adding its wall and process
    /// CPU time (less that of phases begun inside it) to the phase.
    pub fn phase<T>(&self, phase: Phase, f: impl FnOnce() -> T) -> T {
        let Some(recorder) = &self.0 else {
            return f();
        };
        lock(&recorder.open).push(Spent::default());
        let clock = Clock::start_process();
        let value = f();
        let spent = clock.spent();
        let inner = lock(&recorder.open).pop().unwrap_or_default();
        if let Some(outer) = lock(&recorder.open).last_mut() {
            outer.add(Spent { count: 0, ..spent });
        }
        let own = Spent {
            wall: spent.wall.saturating_sub(inner.wall),
            cpu: spent.cpu.saturating_sub(inner.cpu),
            count: 1,
        };
        lock(&recorder.phases)[phase.index()].add(own);
        value
    }

    /// Runs `f`, a piece of `phase` done beside or inside the page jobs,
    /// adding its time on this thread to the phase.
    pub fn work<T>(&self, phase: Phase, f: impl FnOnce() -> T) -> T {
        let Some(recorder) = &self.0 else {
            return f();
        };
        let clock = Clock::start_thread();
        let value = f();
        lock(&recorder.phases)[phase.index()].add(clock.spent());
        value
    }

    /// Runs the page job `f` for the page `name`, recording its time and
    /// the [`Work`] it reports.
    pub fn page<T>(&self, name: &str, f: impl FnOnce() -> T, work: impl Fn(&T) -> &Work) -> T {
        let Some(recorder) = &self.0 else {
            return f();
        };
        let clock = Clock::start_thread();
        let value = f();
        recorder.add_page(name, clock.spent(), work(&value));
        value
    }

    /// Records the loading of a spec (`name`, `bytes` long, in `format`)
    /// that took `wall`.
    pub fn spec(&self, name: &str, bytes: usize, format: &str, wall: Duration) {
        let Some(recorder) = &self.0 else {
            return;
        };
        let item = Item {
            name: name.to_string(),
            wall,
            cpu: None,
            why: vec![format!("spec {} {format}", report::size(bytes))],
        };
        lock(&recorder.specs).push(item);
    }

    /// Adds a line to the end of the report (`note` is only called when
    /// timings are on).
    pub fn note(&self, note: impl FnOnce() -> String) {
        if let Some(recorder) = &self.0 {
            lock(&recorder.notes).push(note());
        }
    }

    /// The table of phases and the slowest pages and specs; `None` when
    /// off. `total` is the command's wall time.
    pub fn report(&self, total: Duration) -> Option<String> {
        let recorder = self.0.as_ref()?;
        let phases = *lock(&recorder.phases);
        let total = Spent {
            wall: total,
            cpu: process_cpu().unwrap_or_default(),
            count: 1,
        };
        let pages = std::mem::take(&mut *lock(&recorder.pages));
        let specs = std::mem::take(&mut *lock(&recorder.specs));
        let mut table = report::table(&phases, total, pages, specs);
        for note in lock(&recorder.notes).iter() {
            table.push_str(&format!("  {note}\n"));
        }
        Some(table)
    }
}

#[cfg(test)]
mod tests;
