//! The live preview: HTTP server, watcher, live reload and the playground proxy.

use std::path::PathBuf;

/// How `sheaf serve` was asked to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub port: u16,
    pub host: String,
    pub open: bool,
}

/// Runs the preview until interrupted.
pub fn run(options: Options) -> Result<(), String> {
    Err(format!(
        "serve is not available yet for {}",
        options.root.display()
    ))
}
