//! A one-way gate between threads: closed until [`Latch::open`], then open
//! for good. The preview opens one when its first build is over (requests
//! for files memory does not hold wait on it), and tests hold the first
//! build back with another.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// A gate that threads wait on until it opens; clones share it.
#[derive(Debug, Clone, Default)]
pub struct Latch(Arc<(Mutex<bool>, Condvar)>);

impl Latch {
    /// A latch that is already open.
    pub fn opened() -> Latch {
        let latch = Latch::default();
        latch.open();
        latch
    }

    /// Opens the gate and wakes every waiting thread.
    pub fn open(&self) {
        *self.lock() = true;
        self.0 .1.notify_all();
    }

    /// Whether the gate is open.
    pub fn is_open(&self) -> bool {
        *self.lock()
    }

    /// Waits until the gate is open.
    pub fn wait(&self) {
        let mut open = self.lock();
        while !*open {
            open = self
                .0
                 .1
                .wait(open)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }

    fn lock(&self) -> MutexGuard<'_, bool> {
        self.0
             .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waiters_go_on_once_it_opens() {
        let latch = Latch::default();
        assert!(!latch.is_open());
        let waiter = {
            let latch = latch.clone();
            std::thread::spawn(move || latch.wait())
        };
        latch.open();
        waiter.join().unwrap();
        assert!(latch.is_open());
        Latch::opened().wait();
    }
}
