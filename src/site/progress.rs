//! A build's progress bar on the terminal: pages rendered of the total, then
//! the rest of the site being written (`indicatif`).
//!
//! It is drawn only when asked for ([`Progress::on_terminal`]: stderr is a
//! terminal and `--quiet` is not given) and only once the build has run for
//! [`SHOW_AFTER`], so a quick build prints nothing more than before, and a
//! CI log (not a terminal) never holds it. The bar is cleared when the build
//! ends, before the diagnostics are printed. Page jobs on every core report
//! through one shared bar, which rate-limits its own drawing.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a build runs before its bar is shown.
pub const SHOW_AFTER: Duration = Duration::from_secs(1);

/// Where a build reports its progress: nowhere (the default), or a bar on
/// stderr.
#[derive(Clone, Default)]
pub struct Progress(Option<Arc<Bar>>);

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Progress(bar)"
        } else {
            "Progress(none)"
        })
    }
}

struct Bar {
    started: Instant,
    target: fn() -> ProgressDrawTarget,
    total: AtomicU64,
    done: AtomicU64,
    bar: OnceLock<ProgressBar>,
}

impl Progress {
    /// A bar on stderr when it is a terminal and `quiet` is not set; else none.
    pub fn on_terminal(quiet: bool) -> Progress {
        match !quiet && std::io::stderr().is_terminal() {
            true => Progress::drawn(Instant::now(), ProgressDrawTarget::stderr),
            false => Progress(None),
        }
    }

    /// A bar drawn to `target` from [`SHOW_AFTER`] after `started` on.
    fn drawn(started: Instant, target: fn() -> ProgressDrawTarget) -> Progress {
        Progress(Some(Arc::new(Bar {
            started,
            target,
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            bar: OnceLock::new(),
        })))
    }

    /// Whether anything is reported.
    pub fn is_shown(&self) -> bool {
        self.0.is_some()
    }

    /// The build has `total` pages to render.
    pub fn pages(&self, total: usize) {
        if let Some(bar) = &self.0 {
            bar.total.store(total as u64, Ordering::Relaxed);
        }
    }

    /// One more page is rendered.
    pub fn page_done(&self) {
        if let Some(bar) = &self.0 {
            let done = bar.done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(shown) = bar.shown() {
                shown.set_position(done);
            }
        }
    }

    /// The pages are done; the rest of the site is being written.
    pub fn writing(&self) {
        if let Some(bar) = self.0.as_deref().and_then(Bar::shown) {
            bar.set_message("writing the search index and site files");
        }
    }

    /// The build is over: the bar is cleared.
    pub fn finish(&self) {
        if let Some(bar) = self.0.as_ref().and_then(|bar| bar.bar.get()) {
            bar.finish_and_clear();
        }
    }
}

impl Bar {
    /// The bar, drawn from [`SHOW_AFTER`] on.
    fn shown(&self) -> Option<&ProgressBar> {
        if let Some(bar) = self.bar.get() {
            return Some(bar);
        }
        if self.started.elapsed() < SHOW_AFTER {
            return None;
        }
        Some(self.bar.get_or_init(|| {
            let total = self.total.load(Ordering::Relaxed);
            let bar = ProgressBar::with_draw_target(Some(total), (self.target)());
            let style = ProgressStyle::with_template("{bar:30} {pos}/{len} pages {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(progress: &Progress) -> Option<(u64, Option<u64>)> {
        let bar = progress.0.as_ref()?.bar.get()?;
        Some((bar.position(), bar.length()))
    }

    #[test]
    fn the_bar_appears_only_after_a_second_counting_every_page() {
        let quick = Progress::drawn(Instant::now(), ProgressDrawTarget::hidden);
        quick.pages(3);
        quick.page_done();
        assert_eq!(position(&quick), None, "not within the first second");

        let long = Progress::drawn(Instant::now() - SHOW_AFTER * 2, ProgressDrawTarget::hidden);
        long.pages(3);
        long.page_done();
        long.page_done();
        assert_eq!(position(&long), Some((2, Some(3))));
        long.writing();
        long.finish();
        assert!(long.0.as_ref().unwrap().bar.get().unwrap().is_finished());
    }

    #[test]
    fn nothing_is_reported_when_quiet() {
        assert!(!Progress::on_terminal(true).is_shown());
        let none = Progress::default();
        none.pages(3);
        none.page_done();
        none.writing();
        none.finish();
    }
}
