//! The line memo: a line is highlighted once per state it starts in.
//!
//! syntect reads a file line by line, and what it makes of a line depends
//! only on the line and on the two states it starts in (the grammar's
//! [`ParseState`], the theme's [`HighlightState`]); its documentation
//! suggests keeping those states per line for this reason. The memo keeps,
//! for each line it has seen, the states it started in, the tokens it gave
//! and the states it ended in. A line met again in equal states takes its
//! tokens and end states from the memo instead of running the grammar's
//! regular expressions: the result is the same by construction.
//!
//! The memo pays where lines repeat: the eight generated code samples of an
//! endpoint page share most of their lines with every other endpoint page
//! (GitHub's 1,223 pages: the same `import`, `req.Header.Add(…)` and
//! `panic(err)` lines in every Go sample), and documentation repeats its
//! install and request lines. It lives as long as its [`super::Highlighter`]
//! (one build, or one preview session) and is shared by the page threads
//! behind a mutex held only to look up or to store, never while parsing.
//!
//! Bounded: a line longer than [`MAX_LINE`] bytes is not kept, a line keeps
//! at most [`STATES_PER_LINE`] start states, and once [`MAX_KEPT`] lines
//! are kept nothing new is (lines are then parsed as without it). A kept
//! line costs about 3 KB (its states before and after), so the memo stays
//! under about 100 MB; GitHub's 2,095 pages keep 14,414.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use syntect::highlighting::HighlightState;
use syntect::parsing::ParseState;

use super::tokens::TokenClass;

/// Lines longer than this are parsed every time (they rarely repeat).
const MAX_LINE: usize = 256;
/// Start states kept per line text.
const STATES_PER_LINE: usize = 4;
/// Lines (with their start states) kept in all before the memo stops growing.
const MAX_KEPT: usize = 32_768;

/// The states a line is read in, before or after it.
#[derive(Clone, PartialEq)]
pub(super) struct States {
    pub parse: ParseState,
    pub highlight: HighlightState,
}

/// One line's tokens: each a class and the byte where it ends in the line.
pub(super) type Tokens = Vec<(TokenClass, usize)>;

struct Seen {
    before: States,
    tokens: Tokens,
    after: States,
}

#[derive(Default)]
struct Store {
    lines: HashMap<String, Vec<Seen>>,
    kept: usize,
}

// SAFETY: a `ParseState` is not `Send` only because it may hold an
// Oniguruma match region (`onig::Region`: raw pointers to arrays that the
// region allocates, owns and frees itself, with no tie to the thread that
// made them). The store is only reached through its mutex, so one thread at
// a time clones, compares or drops what it holds.
unsafe impl Send for Store {}

/// What lines gave, by line text and start states.
pub(super) struct LineMemo {
    store: Mutex<Store>,
    max_kept: usize,
}

impl Default for LineMemo {
    fn default() -> Self {
        LineMemo::with_limit(MAX_KEPT)
    }
}

impl LineMemo {
    /// A memo that stops growing once it keeps `max_kept` lines.
    pub(super) fn with_limit(max_kept: usize) -> LineMemo {
        LineMemo {
            store: Mutex::default(),
            max_kept,
        }
    }

    /// How many (line, start states) pairs are kept.
    #[cfg(test)]
    pub(super) fn kept(&self) -> usize {
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        store.kept
    }

    /// The tokens of `line` read in `states`, which become the states after
    /// it: from the memo when the line was read in equal states before,
    /// else from `read` (which advances `states` itself), then kept.
    /// `None` when `read` fails.
    pub(super) fn tokens(
        &self,
        line: &str,
        states: &mut States,
        read: impl FnOnce(&mut States) -> Option<Tokens>,
    ) -> Option<Tokens> {
        if line.len() > MAX_LINE {
            return read(states);
        }
        if let Some((tokens, after)) = self.recall(line, states) {
            *states = after;
            return Some(tokens);
        }
        let before = states.clone();
        let tokens = read(states)?;
        self.keep(line, before, &tokens, states);
        Some(tokens)
    }

    fn recall(&self, line: &str, states: &States) -> Option<(Tokens, States)> {
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        let seen = store.lines.get(line)?;
        let hit = seen.iter().find(|s| s.before == *states)?;
        Some((hit.tokens.clone(), hit.after.clone()))
    }

    fn keep(&self, line: &str, before: States, tokens: &Tokens, after: &States) {
        let mut guard = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        let store = &mut *guard;
        if store.kept >= self.max_kept {
            return;
        }
        let seen = store.lines.entry(line.to_owned()).or_default();
        if seen.len() >= STATES_PER_LINE || seen.iter().any(|s| s.before == before) {
            return;
        }
        seen.push(Seen {
            before,
            tokens: tokens.clone(),
            after: after.clone(),
        });
        store.kept += 1;
    }
}
