//! Text to search terms, and terms to shard keys.
//!
//! The rules here are mirrored by `tokens()` and `shardKey()` in
//! `themes/default/search.js`; change both together.
//!
//! A term is a maximal run of alphanumeric characters after lowercasing,
//! canonical decomposition (NFD) and removal of combining marks, so "Café"
//! and "cafe" are the same term. ASCII text, the common case, takes a fast
//! path that never allocates per token. Han, kana and Hangul
//! ([`keeps_marks`]) are composed (NFC) instead and keep their marks: a
//! voicing mark changes a Japanese word (`ビジネス` is not `ヒシネス`) and a
//! Hangul syllable is one letter of its word, not its jamo.
//!
//! Chinese and Japanese write no spaces between words, so a run of Han or
//! kana ([`is_cjk`]) is indexed as its overlapping pairs of characters
//! (bigrams, as search engines do for CJK: `トークン` is `トー ーク クン`),
//! a lone such character as itself; a query is read the same way, so the
//! words inside a sentence are found. Such terms share shards by their
//! first character's code point modulo [`CJK_SHARDS`], so a page of
//! thousands of distinct pairs does not write thousands of files.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Tokens longer than this (in bytes) are hashes or blobs, not words: skipped.
pub(crate) const MAX_TOKEN_BYTES: usize = 48;

/// How many leading characters of a term pick its shard.
pub(crate) const SHARD_KEY_CHARS: usize = 2;

/// Words too common to be worth indexing. Kept short on purpose: each one
/// dropped is a word a reader can no longer search for.
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of", "on",
    "or", "that", "the", "this", "to", "with",
];

pub(crate) fn is_stop_word(term: &str) -> bool {
    STOP_WORDS.contains(&term)
}

/// Splits text into terms, reusing its buffers across calls.
#[derive(Default)]
pub(crate) struct Tokenizer {
    token: String,
    normalized: String,
}

impl Tokenizer {
    /// Calls `each` with every term of `text`, in order, stop words included.
    pub(crate) fn for_each(&mut self, text: &str, mut each: impl FnMut(&str)) {
        if text.is_ascii() {
            self.for_each_ascii(text, &mut each);
            return;
        }
        let raw_tokens = text
            .split(|c: char| !(c.is_alphanumeric() || is_combining_mark(c)))
            .filter(|t| !t.is_empty());
        for raw in raw_tokens {
            if raw.is_ascii() {
                self.emit_ascii(raw, &mut each);
            } else {
                self.emit_unicode(raw, &mut each);
            }
        }
    }

    /// The common case: splits on bytes, no Unicode tables involved.
    fn for_each_ascii(&mut self, text: &str, each: &mut impl FnMut(&str)) {
        let mut start = None;
        for (index, byte) in text.bytes().enumerate() {
            if byte.is_ascii_alphanumeric() {
                start.get_or_insert(index);
            } else if let Some(from) = start.take() {
                self.emit_ascii(&text[from..index], each);
            }
        }
        if let Some(from) = start {
            self.emit_ascii(&text[from..], each);
        }
    }

    fn emit_ascii(&mut self, raw: &str, each: &mut impl FnMut(&str)) {
        if raw.len() > MAX_TOKEN_BYTES {
            return;
        }
        if raw.bytes().any(|b| b.is_ascii_uppercase()) {
            self.token.clear();
            self.token.push_str(raw);
            self.token.make_ascii_lowercase();
            each(&self.token);
        } else {
            each(raw);
        }
    }

    fn emit_unicode(&mut self, raw: &str, each: &mut impl FnMut(&str)) {
        self.normalized.clear();
        for c in raw.nfc() {
            if keeps_marks(c) {
                self.normalized.push(c);
            } else {
                let folded = c.to_lowercase().nfd();
                self.normalized
                    .extend(folded.filter(|c| !is_combining_mark(*c)));
            }
        }
        let parts = self.normalized.split(|c: char| !c.is_alphanumeric());
        for part in parts.filter(|p| !p.is_empty()) {
            emit_by_script(part, each);
        }
    }
}

/// Emits `word`'s runs of other letters as terms and its runs of Han or
/// kana as their bigrams.
fn emit_by_script(word: &str, each: &mut impl FnMut(&str)) {
    let mut rest = word;
    while let Some(first) = rest.chars().next() {
        let cjk = is_cjk(first);
        let len = rest
            .char_indices()
            .find(|&(_, c)| is_cjk(c) != cjk)
            .map_or(rest.len(), |(i, _)| i);
        let (run, after) = rest.split_at(len);
        if cjk {
            emit_bigrams(run, each);
        } else if run.len() <= MAX_TOKEN_BYTES {
            each(run);
        }
        rest = after;
    }
}

fn emit_bigrams(run: &str, each: &mut impl FnMut(&str)) {
    let bounds: Vec<usize> = (run.char_indices().map(|(i, _)| i))
        .chain([run.len()])
        .collect();
    if bounds.len() == 2 {
        each(run);
    }
    for window in bounds.windows(3) {
        each(&run[window[0]..window[2]]);
    }
}

/// Han ideographs (with extensions and compatibility forms), hiragana and
/// katakana (with half-width forms): the scripts written without spaces.
/// `search.js` has the same ranges.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF | 0xFF66..=0xFF9F | 0x20000..=0x2FA1F)
}

/// Scripts whose marks are part of the letter: Han and kana ([`is_cjk`]),
/// whose voicing marks make another word, and Hangul, whose syllables
/// decompose into jamo. `search.js` has the same ranges.
pub(crate) fn keeps_marks(c: char) -> bool {
    is_cjk(c)
        || matches!(u32::from(c),
            0x1100..=0x11FF | 0x3130..=0x318F | 0xA960..=0xA97F | 0xAC00..=0xD7FF)
}

/// A precomposed Hangul syllable (`가` to `힣`).
fn is_hangul_syllable(c: char) -> bool {
    matches!(u32::from(c), 0xAC00..=0xD7A3)
}

/// How many shards terms of Han or kana are spread over.
pub(crate) const CJK_SHARDS: u32 = 64;

/// All terms of `text` as owned strings (for queries and tests).
pub fn tokenize(text: &str) -> Vec<String> {
    let mut terms = Vec::new();
    Tokenizer::default().for_each(text, |t| terms.push(t.to_owned()));
    terms
}

/// The shard file stem for a term: its first [`SHARD_KEY_CHARS`] characters,
/// each kept if `[a-z0-9]` and written `_<hex code point>` otherwise, so
/// every file name is portable. Hangul syllables among those characters
/// are decomposed first and the first two of the jamo kept (`사용자`: ᄉ ᅡ):
/// keyed by two syllables, nearly every Korean word would be a file of its
/// own, and one syllable typed could not be looked up.
pub(crate) fn shard_key(term: &str) -> String {
    if let Some(first) = term.chars().next().filter(|&c| is_cjk(c)) {
        return format!("_c{:x}", u32::from(first) % CJK_SHARDS);
    }
    let head: String = term.chars().take(SHARD_KEY_CHARS).collect();
    if head.chars().any(is_hangul_syllable) {
        let jamo: String = head.nfd().take(SHARD_KEY_CHARS).collect();
        return shard_key(&jamo);
    }
    let mut key = String::with_capacity(SHARD_KEY_CHARS * 2);
    for c in term.chars().take(SHARD_KEY_CHARS) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            key.push(c);
        } else {
            key.push_str(&format!("_{:x}", u32::from(c)));
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowercases_and_splits_on_punctuation() {
        assert_eq!(
            tokenize("GET /users/{userId}: Rotate the API-token!"),
            ["get", "users", "userid", "rotate", "the", "api", "token"]
        );
    }

    #[test]
    fn strips_diacritics_in_precomposed_and_decomposed_form() {
        assert_eq!(tokenize("Café"), ["cafe"]);
        assert_eq!(tokenize("Cafe\u{301} naïve"), ["cafe", "naive"]);
        assert_eq!(tokenize("ÉCOLE Zürich"), ["ecole", "zurich"]);
    }

    #[test]
    fn ascii_and_mixed_text_split_the_same_way() {
        let ascii = "Rotate the API-token (v2), then GET /users.";
        let mixed = format!("{ascii} é");
        assert_eq!(
            tokenize(&mixed)[..tokenize(ascii).len()],
            tokenize(ascii)[..]
        );
    }

    #[test]
    fn keeps_short_tokens_and_digits() {
        assert_eq!(tokenize("v2 x 1.5"), ["v2", "x", "1", "5"]);
    }

    #[test]
    fn skips_overlong_tokens() {
        let blob = "a".repeat(MAX_TOKEN_BYTES + 1);
        assert_eq!(tokenize(&format!("key {blob} end")), ["key", "end"]);
    }

    #[test]
    fn non_latin_scripts_stay_words() {
        assert_eq!(tokenize("Привет, мир"), ["привет", "мир"]);
    }

    #[test]
    fn chinese_and_japanese_runs_are_indexed_as_bigrams() {
        assert_eq!(
            tokenize("アクセストークン"),
            ["アク", "クセ", "セス", "スト", "トー", "ーク", "クン"]
        );
        assert_eq!(tokenize("令牌"), ["令牌"]);
        assert_eq!(tokenize("用令牌认证"), ["用令", "令牌", "牌认", "认证"]);
        assert_eq!(tokenize("字"), ["字"]);
        // Other letters in the same run stay words of their own.
        assert_eq!(
            tokenize("OpenAI兼容的LLM"),
            ["openai", "兼容", "容的", "llm"]
        );
        assert_eq!(shard_key("令牌"), format!("_c{:x}", 0x4EE4 % CJK_SHARDS));
    }

    #[test]
    fn voicing_marks_and_hangul_syllables_are_kept() {
        assert_eq!(tokenize("ビジネス"), ["ビジ", "ジネ", "ネス"]);
        assert_ne!(tokenize("ヒシネス"), tokenize("ビジネス"));
        assert_ne!(tokenize("テータ"), tokenize("データ"));
        assert_eq!(tokenize("ハ\u{309A}ス"), tokenize("パス"), "composed first");
        assert_eq!(tokenize("사용자를"), ["사용자를"]);
        assert!(
            tokenize("사용자를")[0].starts_with("사용"),
            "prefix by syllable"
        );
        assert_eq!(tokenize("Café 데이터"), ["cafe", "데이터"]);
    }

    #[test]
    fn shard_keys_are_portable_file_stems() {
        assert_eq!(shard_key("rotate"), "ro");
        assert_eq!(shard_key("x"), "x");
        assert_eq!(shard_key("v2"), "v2");
        assert_eq!(shard_key("мир"), "_43c_438");
        assert_eq!(shard_key("사용자"), "_1109_1161", "ᄉ ᅡ, the jamo of 사");
        assert_eq!(
            shard_key("사"),
            shard_key("상태"),
            "one syllable finds its shard"
        );
        assert_eq!(shard_key("1개"), "1_1100");
    }

    #[test]
    fn stop_words_are_recognised() {
        assert!(is_stop_word("the"));
        assert!(!is_stop_word("token"));
    }
}
