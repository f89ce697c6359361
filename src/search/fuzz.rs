//! Fuzz target (see `crate::fuzzing`): search tokenizing of any text.
//! Terms are never empty, hold no separator, are folded (lower case, no
//! combining marks) and tokenizing a term gives it back.

use super::tokenize::{shard_key, tokenize};
use crate::fuzzing::{fuzz, text};

#[rustfmt::skip]
const PIECES: &[&str] = &[
    "GET", "/users/{id}", "API-token", "Ünïcödé", "ß", "İ", "ﬁ", "Ⅻ", "日本語", "한국어", "e\u{301}",
    "\u{200d}", "Σσς", "١٢٣", "_", "'s", "don't",
];

#[test]
fn fuzz_search_tokenizing() {
    fuzz("search-tokenize", 3000, text(PIECES, 60), |input| {
        for term in tokenize(&input) {
            if term.is_empty() || term.chars().any(|c| !c.is_alphanumeric()) {
                return Err(format!("bad term {term:?}"));
            }
            if tokenize(&term) != [term.clone()] {
                return Err(format!("{term:?} does not tokenize to itself"));
            }
            let key = shard_key(&term);
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(format!("shard key {key:?} of {term:?}"));
            }
        }
        Ok(())
    });
}
