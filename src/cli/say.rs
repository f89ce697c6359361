//! The closing words of a command: its diagnostics printed rustc-style
//! ([`report`]) and the counts of what it found ([`summary`]).

use std::io::IsTerminal;
use std::path::Path;

use crate::diagnostics::{render_terminal, Diagnostics};

/// Prints diagnostics rustc-style to stderr (coloured on a terminal).
pub fn report(diagnostics: &Diagnostics, root: &Path) {
    if diagnostics.is_empty() {
        return;
    }
    eprint!("{}", render_terminal(diagnostics, root, stderr_color()));
}

pub(super) fn stderr_color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

pub(super) fn summary(diagnostics: &Diagnostics) -> String {
    format!(
        "{} error{}, {} warning{}",
        diagnostics.error_count(),
        plural(diagnostics.error_count()),
        diagnostics.warning_count(),
        plural(diagnostics.warning_count())
    )
}

pub(super) fn warnings_suffix(diagnostics: &Diagnostics) -> String {
    match diagnostics.warning_count() {
        0 => String::new(),
        n => format!(" ({n} warning{})", plural(n)),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
