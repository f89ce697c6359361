//! The `--timings` table: the phases (the pipeline's own steps, then the
//! work done inside or beside the page jobs), then the ten slowest pages
//! and specs with what made each slow.

use std::fmt::Write;
use std::time::Duration;

use super::{Item, Phase, Spent, Work};

/// How many of the slowest pages and specs the report names.
pub(super) const SLOWEST: usize = 10;

/// The steps that follow each other; their rows add up to the build.
const STEPS: [Phase; 5] = [
    Phase::Config,
    Phase::Specs,
    Phase::Content,
    Phase::Pages,
    Phase::Writing,
];

/// Work inside or beside the steps, timed on the threads doing it.
const WITHIN: [Phase; 3] = [Phase::Diagrams, Phase::Highlighting, Phase::SearchIndex];

pub(super) fn table(
    phases: &[Spent; Phase::ALL.len()],
    total: Spent,
    pages: Vec<Item>,
    specs: Vec<Item>,
) -> String {
    let mut out = String::from("timings (CPU: user + system time of every thread)\n");
    let _ = writeln!(out, "  {:<22} {:>10} {:>10}", "phase", "wall", "cpu");
    for phase in STEPS {
        let spent = phases[phase.index()];
        let _ = writeln!(out, "  {:<22} {}", phase.name(), columns(spent));
    }
    let _ = writeln!(out, "  {:<22} {}", "total", columns(total));
    let _ = writeln!(out, "  within them, on the threads doing it:");
    for phase in WITHIN {
        let spent = phases[phase.index()];
        let what = within_count(phase, spent.count);
        let _ = writeln!(out, "    {:<20} {}  {what}", phase.name(), columns(spent));
    }
    items(&mut out, "slowest pages", pages);
    items(&mut out, "slowest specs", specs);
    out
}

fn columns(spent: Spent) -> String {
    format!("{:>10} {:>10}", duration(spent.wall), duration(spent.cpu))
}

fn within_count(phase: Phase, count: usize) -> String {
    let noun = match phase {
        Phase::Diagrams => plural(count, "diagram drawn or found", "diagrams drawn or found"),
        Phase::Highlighting => plural(count, "code block", "code blocks"),
        _ => plural(count, "step", "steps"),
    };
    format!("{count} {noun}")
}

/// The [`SLOWEST`] items by wall time, slowest first.
fn items(out: &mut String, title: &str, mut items: Vec<Item>) {
    if items.is_empty() {
        return;
    }
    items.sort_by(|a, b| b.wall.cmp(&a.wall).then_with(|| a.name.cmp(&b.name)));
    let width = items.iter().take(SLOWEST).map(|i| i.name.len()).max();
    let width = width.unwrap_or(0).clamp(title.len(), 60);
    let _ = writeln!(out, "  {title:<width$} {:>10} {:>10}  why", "wall", "cpu");
    for item in items.into_iter().take(SLOWEST) {
        let cpu = item.cpu.map_or("-".to_string(), duration);
        let why = match item.why.is_empty() {
            true => "markdown and theme".to_string(),
            false => item.why.join(", "),
        };
        let name = &item.name;
        let wall = duration(item.wall);
        let _ = writeln!(out, "  {name:<width$} {wall:>10} {cpu:>10}  {why}");
    }
}

/// What a page job spent its time on, beside its Markdown and theme.
pub(super) fn why_page(work: &Work) -> Vec<String> {
    let spent = |what: &str, spent: Spent, one: &str, many: &str| {
        let noun = plural(spent.count, one, many);
        let count = spent.count;
        (count > 0).then(|| format!("{what}{count} {noun} {}", duration(spent.cpu)))
    };
    let diagrams = spent("", work.diagrams, "Mermaid diagram", "Mermaid diagrams");
    let blocks = spent(
        "highlighting ",
        work.highlighting,
        "code block",
        "code blocks",
    );
    diagrams.into_iter().chain(blocks).collect()
}

fn plural<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 {
        one
    } else {
        many
    }
}

/// A duration as people read it: `840 µs`, `12.3 ms`, `2.41 s`.
pub(super) fn duration(d: Duration) -> String {
    let micros = d.as_micros();
    match micros {
        0..=999 => format!("{micros} µs"),
        1_000..=99_999 => format!("{:.1} ms", micros as f64 / 1e3),
        100_000..=999_999 => format!("{:.0} ms", micros as f64 / 1e3),
        _ => format!("{:.2} s", d.as_secs_f64()),
    }
}

/// A size as people read it: `812 B`, `46.5 KB`, `2.1 MB`.
pub(super) fn size(bytes: usize) -> String {
    match bytes {
        0..=999 => format!("{bytes} B"),
        1_000..=999_999 => format!("{:.1} KB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}
