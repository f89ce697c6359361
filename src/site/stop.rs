//! Stopping a build cleanly. `sheaf build` asks for a [`Stop`] that SIGINT
//! and SIGTERM set (Ctrl-C; what CI sends on a timeout or a cancel; through
//! `ctrlc`, whose handler thread is the only state it adds). The build reads
//! it before each page job and before its commit, and when it is set, ends
//! as a failed build does: the staging folder is removed and the previous
//! output stays as it was. Once the commit has begun the build finishes
//! it, which takes one rename and the removal of the previous output.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether a build was asked to stop; clones share the one flag.
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag that SIGINT and SIGTERM set. Once per process.
    pub fn on_signals() -> Result<Stop, ctrlc::Error> {
        let stop = Stop::default();
        let flag = stop.clone();
        ctrlc::set_handler(move || flag.request())?;
        Ok(stop)
    }

    /// Asks the build to stop.
    pub fn request(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the build was asked to stop.
    pub fn requested(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    /// An `Interrupted` error once the build was asked to stop.
    pub fn check(&self) -> io::Result<()> {
        if self.requested() {
            Err(io::Error::new(io::ErrorKind::Interrupted, STOPPED))
        } else {
            Ok(())
        }
    }
}

/// The error of a stopped build.
pub const STOPPED: &str =
    "the build was stopped by a signal (SIGINT or SIGTERM); the output folder is unchanged";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_seen_by_every_clone() {
        let stop = Stop::default();
        let seen = stop.clone();
        assert!(seen.check().is_ok());
        stop.request();
        assert!(seen.requested());
        assert_eq!(seen.check().unwrap_err().kind(), io::ErrorKind::Interrupted);
    }
}
