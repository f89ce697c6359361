//! Highlighted code kept in the build cache ([`crate::cache`],
//! `highlights/`), so a warm build neither loads syntect's grammars nor
//! runs them: a block's HTML is read back by its language and code.
//!
//! The key holds, besides the language token and the code, a hash of what
//! decides the HTML: `Cargo.lock` (the syntect version and its grammars)
//! and the sources of the highlighter itself (this folder's token classes,
//! line memo and span writer), read into the binary when it is built. A
//! sheaf whose highlighting changed in any way reads none of an older one's
//! entries. JSON blocks are not kept: sheaf's own JSON tokenizer is faster
//! than a read.
//!
//! A build keeps its first [`FREE_WRITES`] blocks, then only those whose
//! highlighting took [`WORTH_KEEPING`] or more: writing an entry (a
//! temporary file, a rename) costs about 0.2 ms, more than most short
//! blocks take, and a site's first build would pay it for every block
//! (`bench/realworld.sh`: keeping every block made cold builds up to 2.6
//! times slower). A small site thus has every block kept, and its warm
//! build loads no grammar at all; a large one pays for at most
//! `FREE_WRITES` quick writes, and its warm build reads the slow blocks
//! (the long ones, and the first of each language, whose grammar's
//! patterns are compiled then) and highlights the short ones again.

use std::sync::atomic::{AtomicUsize, Ordering};

use sha2::{Digest, Sha256};

use crate::cache::{BuildCache, Entries};

/// How many bytes of highlighted blocks the build cache keeps, the least
/// recently used pruned beyond.
const CACHE_BOUND: u64 = 256 << 20;

/// How long a block's highlighting must take to be kept.
pub(super) const WORTH_KEEPING: std::time::Duration = std::time::Duration::from_micros(500);

/// How many blocks a build keeps however quick they were.
pub(super) const FREE_WRITES: usize = 256;

/// The files whose text decides a highlighted block's HTML.
const SOURCES: [&str; 4] = [
    include_str!("../../../Cargo.lock"),
    include_str!("../highlight.rs"),
    include_str!("tokens.rs"),
    include_str!("memo.rs"),
];

/// The build cache's highlighted blocks.
pub(super) struct KeptBlocks {
    entries: Entries,
    /// [`WORTH_KEEPING`]; zero in tests, which must not depend on time.
    pub(super) worth_keeping: std::time::Duration,
    /// The hash of [`SOURCES`], which starts every key.
    version: [u8; 32],
    /// How many of the [`FREE_WRITES`] are left.
    free_writes: AtomicUsize,
}

/// What a kept entry holds: a block's inner HTML, or its lines' HTML.
#[derive(Clone, Copy)]
pub(super) enum Shape {
    Whole,
    Lines,
}

impl KeptBlocks {
    /// The highlighted blocks of `cache`, if it has a folder.
    pub(super) fn of(cache: &BuildCache) -> Option<KeptBlocks> {
        cache.dir()?;
        let mut hasher = Sha256::new();
        for source in SOURCES {
            hasher.update(source.as_bytes());
            hasher.update([0]);
        }
        Some(KeptBlocks {
            entries: cache.entries("highlights", CACHE_BOUND),
            worth_keeping: WORTH_KEEPING,
            version: hasher.finalize().into(),
            free_writes: AtomicUsize::new(FREE_WRITES),
        })
    }

    /// The kept HTML of `code` highlighted as `token`.
    pub(super) fn read(&self, shape: Shape, token: &str, code: &str) -> Option<String> {
        let body = self.entries.read(&self.key(shape, token, code))?;
        String::from_utf8(body).ok()
    }

    /// Keeps `html`, the HTML of `code` highlighted as `token`.
    pub(super) fn write(&self, shape: Shape, token: &str, code: &str, html: &str) {
        self.entries
            .write(&self.key(shape, token, code), html.as_bytes());
    }

    /// Whether a quick block may still be kept: takes one of the
    /// [`FREE_WRITES`] if any is left.
    pub(super) fn take_free_write(&self) -> bool {
        let take = |left: usize| left.checked_sub(1);
        let free = &self.free_writes;
        free.fetch_update(Ordering::Relaxed, Ordering::Relaxed, take)
            .is_ok()
    }

    /// Prunes the kept blocks to their bound.
    pub(super) fn prune(&self) {
        self.entries.prune();
    }

    fn key(&self, shape: Shape, token: &str, code: &str) -> Vec<u8> {
        let shape = match shape {
            Shape::Whole => b'W',
            Shape::Lines => b'L',
        };
        let mut key = Vec::with_capacity(40 + token.len() + code.len());
        key.extend_from_slice(&self.version);
        key.push(shape);
        key.extend_from_slice(token.as_bytes());
        key.push(0);
        key.extend_from_slice(code.as_bytes());
        key
    }
}

#[cfg(test)]
mod tests {
    use super::super::Highlighter;
    use crate::cache::BuildCache;
    use std::time::Duration;

    const CODE: &str =
        "curl -X PUT \"$BASE_URL/api/user\" \\\n  -H \"Authorization: Token $API_KEY\"\n";

    /// A highlighter keeping every block, however quick (tests must not
    /// depend on time).
    fn keeping_every_block(cache: &BuildCache) -> Highlighter {
        let mut highlighter = Highlighter::new().keeping_blocks_in(cache);
        highlighter.kept.as_mut().unwrap().worth_keeping = Duration::ZERO;
        highlighter
    }

    #[test]
    fn a_kept_block_is_read_back_without_loading_the_grammars() {
        let dir = tempfile::tempdir().unwrap();
        let cache = BuildCache::at(dir.path());
        let first = keeping_every_block(&cache);
        let whole = first.highlight(Some("bash"), CODE);
        let lines = first.highlight_lines(Some("sh"), CODE);
        assert!(whole.contains("<span class="), "{whole}");
        assert_eq!(lines.len(), 2);

        let next = Highlighter::new().keeping_blocks_in(&cache);
        assert_eq!(next.highlight(Some("bash"), CODE), whole);
        assert_eq!(next.highlight_lines(Some("sh"), CODE), lines);
        assert!(next.syntaxes.get().is_none(), "no grammar was loaded");
        assert_eq!(Highlighter::new().highlight(Some("bash"), CODE), whole);
    }

    #[test]
    fn quick_blocks_are_kept_until_the_free_writes_are_spent() {
        let dir = tempfile::tempdir().unwrap();
        let cache = BuildCache::at(dir.path());
        let mut highlighter = Highlighter::new().keeping_blocks_in(&cache);
        let kept = highlighter.kept.as_mut().unwrap();
        kept.worth_keeping = Duration::MAX;
        kept.free_writes = 2.into();
        for n in 0..4 {
            highlighter.highlight(Some("bash"), &format!("echo {n}\n"));
        }
        let files = std::fs::read_dir(dir.path().join("highlights")).unwrap();
        assert_eq!(files.count(), 2);
    }

    #[test]
    fn json_empty_code_and_a_plain_highlighter_keep_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cache = BuildCache::at(dir.path());
        let highlighter = keeping_every_block(&cache);
        highlighter.highlight(Some("json"), "{\"success\": 1}\n");
        assert!(highlighter.highlight_lines(Some("bash"), "").is_empty());
        Highlighter::plain()
            .keeping_blocks_in(&cache)
            .highlight(Some("bash"), CODE);
        assert!(!dir.path().join("highlights").exists());
    }
}
