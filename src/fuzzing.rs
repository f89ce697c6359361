//! Fuzzing on the stable toolchain: property tests (proptest) that feed
//! generated input to every parser of untrusted text (config files,
//! frontmatter, MDX and component attributes, Markdown, OpenAPI documents
//! with their `$ref`s, search text). Each target lives next to the code it
//! feeds, in a test named `fuzz_…`, and states the same property: no panic,
//! an answer within [`CASE_BOUND`] (no hang), and every problem reported as
//! a diagnostic naming a file.
//!
//! The runs are reproducible: the seed is fixed unless asked otherwise, so
//! CI sees the same cases every time (a short budget: 15,300 cases, about
//! 30 s on two cores).
//! Environment variables make a long run:
//!
//! - `SHEAF_FUZZ_CASES=N`: cases per target and round (default: the
//!   target's own, a few hundred at most),
//! - `SHEAF_FUZZ_SECONDS=S`: keep running rounds, each with a new seed,
//!   until S seconds have passed (per target),
//! - `SHEAF_FUZZ_SEED=N` or `random`: the first round's seed.
//!
//! An hour over all seven targets: `SHEAF_FUZZ_SEED=random
//! SHEAF_FUZZ_SECONDS=510 cargo test --release --lib fuzz_ -- --test-threads 1
//! --nocapture` (each target prints its case count).
//! A failure prints its seed and the smallest input found; it becomes a
//! regression test next to the target.

use std::fmt::Debug;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

use crate::diagnostics::Diagnostic;

/// How long one case may take before it counts as a hang.
pub(crate) const CASE_BOUND: Duration = Duration::from_secs(20);

/// Runs `property` on values of `strategy`: `default_cases` of them, or as
/// the environment asks (see the module documentation). Panics with the
/// seed and the smallest failing input when the property fails, panics or
/// hangs.
pub(crate) fn fuzz<S, F>(target: &str, default_cases: u32, strategy: S, property: F)
where
    S: Strategy,
    S::Value: Clone + Debug + Send + 'static,
    F: Fn(S::Value) -> Result<(), String> + Send + Sync + 'static,
{
    let cases = env_number("SHEAF_FUZZ_CASES").map_or(default_cases, |n| n as u32);
    let deadline =
        env_number("SHEAF_FUZZ_SECONDS").map(|s| Instant::now() + Duration::from_secs(s));
    let property = Arc::new(property);
    let mut seed = first_seed(target);
    let mut rounds = 0u64;
    loop {
        let config = Config {
            cases,
            failure_persistence: None,
            max_shrink_time: 120_000,
            ..Config::default()
        };
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed));
        let mut runner = TestRunner::new_with_rng(config, rng);
        let checked = Arc::clone(&property);
        let result = runner.run(&strategy, move |value| bounded(&checked, value));
        if let Err(failure) = result {
            panic!(
                "fuzz target `{target}` failed (reproduce with SHEAF_FUZZ_SEED={seed} SHEAF_FUZZ_CASES={cases}): {failure}"
            );
        }
        rounds += 1;
        match deadline {
            Some(end) if Instant::now() < end => seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15),
            _ => break,
        }
    }
    if deadline.is_some() {
        eprintln!(
            "fuzz target `{target}`: {} cases, no failure",
            rounds * u64::from(cases)
        );
    }
}

/// Runs one case on a thread of its own: a panic becomes a failure with its
/// message, and a case still running after [`CASE_BOUND`] a hang.
fn bounded<V, F>(property: &Arc<F>, value: V) -> Result<(), TestCaseError>
where
    V: Send + 'static,
    F: Fn(V) -> Result<(), String> + Send + Sync + 'static,
{
    let (answer, answered) = mpsc::channel();
    let property = Arc::clone(property);
    std::thread::Builder::new()
        .stack_size(8 * 1024 * 1024)
        .spawn(move || {
            let outcome =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| property(value)));
            let _ = answer.send(
                outcome.unwrap_or_else(|panic| Err(format!("panicked: {}", panic_text(&panic)))),
            );
        })
        .map_err(|e| TestCaseError::fail(format!("cannot start a case: {e}")))?;
    match answered.recv_timeout(CASE_BOUND) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(reason)) => Err(TestCaseError::fail(reason)),
        Err(_) => Err(TestCaseError::fail(format!(
            "no answer within {} s: a hang",
            CASE_BOUND.as_secs()
        ))),
    }
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic without a message".into())
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.trim().parse().ok()
}

/// `SHEAF_FUZZ_SEED`, `random` (printed), or a fixed seed per target.
fn first_seed(target: &str) -> u64 {
    match std::env::var("SHEAF_FUZZ_SEED")
        .ok()
        .as_deref()
        .map(str::trim)
    {
        Some("random") => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            let seed = nanos ^ fixed_seed(target);
            eprintln!("fuzz target `{target}`: seed {seed}");
            seed
        }
        Some(number) => number.parse().unwrap_or_else(|_| fixed_seed(target)),
        None => fixed_seed(target),
    }
}

fn fixed_seed(target: &str) -> u64 {
    target.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (i, chunk) in bytes.chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&seed.rotate_left(i as u32 * 16).to_le_bytes());
    }
    bytes
}

/// Text made of `fragments` of the format under test mixed with arbitrary
/// characters (any Unicode scalar, control characters included), up to
/// `max_pieces` pieces.
pub(crate) fn text(
    fragments: &'static [&'static str],
    max_pieces: usize,
) -> impl Strategy<Value = String> + Clone {
    let piece = prop_oneof![
        3 => prop::sample::select(fragments).prop_map(str::to_string),
        1 => any::<char>().prop_map(String::from),
        1 => prop::sample::select(COMMON).prop_map(str::to_string),
    ];
    prop::collection::vec(piece, 0..max_pieces).prop_map(|pieces| pieces.concat())
}

/// JSON values whose object keys come from `keys` and strings from
/// `strings` (the vocabulary of the format), nested up to a few levels.
pub(crate) fn json_value(
    keys: &'static [&'static str],
    strings: &'static [&'static str],
) -> impl Strategy<Value = serde_json::Value> + Clone {
    use serde_json::Value;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        prop::sample::select(strings).prop_map(Value::from),
        text(strings, 6).prop_map(Value::from),
    ];
    leaf.prop_recursive(6, 96, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(keys), inner), 0..8).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect(),
                )
            }),
        ]
    })
}

/// Characters that trip up parsers of any format.
const COMMON: &[&str] = &[
    "\n", "\r\n", "\r", "\t", " ", "  ", "\0", "\u{feff}", "é", "😀", "\u{301}", "\u{202e}", "\\",
    "\"", "'", "`", "<", ">", "&", "{", "}", "[", "]", ":", "#", "-", "*", "|", "%",
];

/// Checks the property every stage shares: each diagnostic names a file.
pub(crate) fn every_diagnostic_names_a_file<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
) -> Result<(), String> {
    match diagnostics
        .into_iter()
        .find(|d| d.file.as_os_str().is_empty())
    {
        Some(d) => Err(format!("a diagnostic without a file: {d}")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_property_fails_with_its_message() {
        let caught = std::panic::catch_unwind(|| {
            fuzz("self-test", 64, 0u8..4, |n| {
                assert!(n < 2, "n is {n}");
                Ok(())
            })
        });
        let message = panic_text(&caught.unwrap_err());
        assert!(
            message.contains("fuzz target `self-test` failed"),
            "{message}"
        );
        assert!(
            message.contains("n is 2"),
            "shrunk to the smallest: {message}"
        );
    }

    #[test]
    fn seeds_are_fixed_per_target() {
        assert_eq!(fixed_seed("a"), fixed_seed("a"));
        assert_ne!(fixed_seed("a"), fixed_seed("b"));
    }
}
