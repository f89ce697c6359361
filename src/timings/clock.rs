//! CPU clocks: the whole process's (`getrusage(RUSAGE_SELF)`, user +
//! system time of every thread) and the calling thread's
//! (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`). Elsewhere than on Unix both
//! are `None`, and the report shows wall times only.

use std::time::Duration;

/// The CPU time the process has used so far, all threads together.
#[cfg(unix)]
pub fn process_cpu() -> Option<Duration> {
    // SAFETY: getrusage writes into the zeroed struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    Some(Duration::from_micros(
        micros(usage.ru_utime) + micros(usage.ru_stime),
    ))
}

/// The CPU time the calling thread has used so far.
#[cfg(unix)]
pub fn thread_cpu() -> Option<Duration> {
    // SAFETY: clock_gettime writes into the zeroed struct it is given.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } != 0 {
        return None;
    }
    Some(Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

#[cfg(not(unix))]
pub fn process_cpu() -> Option<Duration> {
    None
}

#[cfg(not(unix))]
pub fn thread_cpu() -> Option<Duration> {
    None
}
