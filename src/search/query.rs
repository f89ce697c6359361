//! Reading the index back: the same query algorithm as `search.js`, in Rust,
//! for tests and tools. Keep the two in step.
//!
//! 1. The query is read as words of terms (`rank.rs`).
//! 2. Each query term loads its shard and matches every term in it that it
//!    is a prefix of ("rot" matches "rotate"); an exact match counts double.
//! 3. Per doc and query term the best match counts: 32 for a title match
//!    plus the best section weight, or 1 if the doc is only known to contain
//!    the term (a common term whose postings were cut).
//! 4. Docs holding a word are ranked as `rank.rs` says, within the reader's
//!    version and language (`None`: all); only the first `limit` are
//!    sorted (`best_first`).
//!
//! A [`Searcher`] keeps what it read: each loaded file, parsed, and each
//! query term's decoded matches (up to `KEPT_MATCHES` docs in all), so a
//! long-lived one (the MCP server's) decodes a common word once, not on
//! every query that holds it.
//!
//! The files come from an [`IndexFiles`]: a folder (a built site's
//! `search/`), or anything else that hands over a file by its key, such as
//! the MCP server's copy of a published site read over HTTP (`crate::mcp`).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::codec::{decode_doc_set, read_varints, DecodeError};
use super::inverted::HEADING;
use super::rank::{
    add_word, compare, compare_shown, query_words, title_coverage, word_matches, DocScore, Matches,
    TermMatch,
};
use super::tokenize::shard_key;

const TITLE_SCORE: u32 = 32;
const MAX_EXPANSIONS: usize = 32;
const MAX_SECTIONS: usize = 3;
/// The most decoded (term, doc) matches a [`Searcher`] keeps for reuse;
/// past it the kept terms are let go. A word held by every doc of a
/// 10,000-page site is 10,000 of them (about 1.5 MB); the twenty queries
/// of `bench/mcp.sh` hold some 300,000.
const KEPT_MATCHES: usize = 1_000_000;
/// The most docs an index may hold: past it, `meta.js` is refused (a
/// hostile site's index read by the MCP server must not make a short
/// file allocate per doc without bound).
const MAX_DOCS: u32 = 10_000_000;

/// Why the index could not be read.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a sheaf search file: {reason}")]
    Format { path: PathBuf, reason: String },
    #[error(transparent)]
    Decode(#[from] DecodeError),
}

/// Where a [`Searcher`] reads the index's files.
pub trait IndexFiles: Send {
    /// The text of the file `key` (`meta`, `t/ab`, `d/3`, `c/0`; the file
    /// is `KEY.js` under the index's folder).
    fn read(&self, key: &str) -> std::io::Result<String>;
    /// Where the files are, for messages.
    fn label(&self) -> PathBuf;
}

/// An index folder on disk (`<site>/search/`).
struct Folder(PathBuf);

impl IndexFiles for Folder {
    fn read(&self, key: &str) -> std::io::Result<String> {
        std::fs::read_to_string(self.0.join(format!("{key}.js")))
    }
    fn label(&self) -> PathBuf {
        self.0.clone()
    }
}

/// One matching page, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub doc: u32,
    pub url: String,
    pub title: String,
    /// The doc's navigation group (the breadcrumb a result shows).
    pub group: Option<String>,
    /// The excerpt of the section that matched best (of the page's top
    /// when none did), about 110 characters.
    pub excerpt: String,
    /// The doc's version (`None`: in every version).
    pub version: Option<String>,
    /// The sections that matched best (anchor, heading), at most three.
    pub sections: Vec<(String, String)>,
    /// Query words found in the title or a heading.
    pub strong_terms: usize,
    /// Query words the doc holds (`rank.rs`).
    pub matched_terms: usize,
    /// Title coverage, up to 1024 for the query's exact title (`rank.rs`).
    pub coverage: u64,
    pub score: u32,
}

#[derive(Deserialize, Default)]
struct Meta {
    shards: Vec<String>,
    versions: Vec<String>,
    #[serde(rename = "docVersions")]
    doc_versions: String,
    #[serde(default)]
    languages: Vec<String>,
    #[serde(default, rename = "docLanguages")]
    doc_languages: String,
    bundles: String,
    cards: String,
}

#[derive(Deserialize)]
struct DocJson {
    u: String,
    t: String,
    #[serde(default)]
    g: Option<String>,
    s: Vec<[String; 3]>,
}

/// An opened index directory (`<site>/search/`) with its loaded files cached.
pub struct Searcher {
    files: Box<dyn IndexFiles>,
    dir: PathBuf,
    meta: Meta,
    cache: HashMap<String, Arc<Value>>,
    /// Each query term's decoded matches, kept for the next query that
    /// holds it (a server answers many; `kept` counts their docs).
    terms: HashMap<String, Arc<Matches>>,
    kept: usize,
    /// First doc id of each bundle.
    bundle_starts: Vec<u32>,
    /// First doc id of each card file.
    card_starts: Vec<u32>,
    /// How many docs the index holds.
    doc_count: u32,
    bytes_read: BTreeMap<String, u64>,
}

/// Runs one query on the index in `index_dir` (the `search/` folder), all versions.
pub fn query(index_dir: &Path, q: &str) -> Result<Vec<Hit>, QueryError> {
    Searcher::open(index_dir)?.search(q, None, 20)
}

impl Searcher {
    pub fn open(index_dir: &Path) -> Result<Self, QueryError> {
        Searcher::with_files(Box::new(Folder(index_dir.to_path_buf())))
    }

    /// Opens the index whose files `files` hands over.
    pub fn with_files(files: Box<dyn IndexFiles>) -> Result<Self, QueryError> {
        let mut searcher = Searcher {
            dir: files.label(),
            files,
            meta: Meta::default(),
            cache: HashMap::new(),
            terms: HashMap::new(),
            kept: 0,
            bundle_starts: Vec::new(),
            card_starts: Vec::new(),
            doc_count: 0,
            bytes_read: BTreeMap::new(),
        };
        let meta = searcher.load("meta")?;
        searcher.meta =
            Meta::deserialize(&*meta).map_err(|e| searcher.format_error("meta", e.to_string()))?;
        searcher.bundle_starts = starts(&searcher.meta.bundles)?;
        searcher.card_starts = starts(&searcher.meta.cards)?;
        searcher.doc_count = (read_varints(&searcher.meta.cards)?.iter())
            .fold(0, |total: u32, n| total.saturating_add(*n));
        if searcher.doc_count > MAX_DOCS {
            let reason = format!("more than {MAX_DOCS} docs");
            return Err(searcher.format_error("meta", reason));
        }
        Ok(searcher)
    }

    /// The `(url, title)` of `doc` from its card (`c/<n>.js`), which must
    /// agree with its bundle: `search.js` shows cards first.
    pub fn card(&mut self, doc: u32) -> Result<(String, String), QueryError> {
        let (key, value) = self.locate(doc, "c")?;
        let field = |i: usize| value.get(i).and_then(Value::as_str).map(str::to_owned);
        match (field(0), field(1)) {
            (Some(url), Some(title)) => Ok((url, title)),
            _ => Err(self.format_error(&key, format!("no card for doc {doc}"))),
        }
    }

    /// How many docs (pages) the index holds: their ids are `0..count`,
    /// in navigation order.
    pub fn doc_count(&self) -> u32 {
        self.doc_count
    }

    /// The entry of `doc` in the file of kind `kind` (`d` or `c`) holding it.
    fn locate(&mut self, doc: u32, kind: &str) -> Result<(String, Value), QueryError> {
        let starts = if kind == "c" {
            &self.card_starts
        } else {
            &self.bundle_starts
        };
        let file = starts
            .partition_point(|&start| start <= doc)
            .saturating_sub(1);
        let position = (doc - starts.get(file).copied().unwrap_or(0)) as usize;
        let key = format!("{kind}/{file}");
        let value = self.load(&key)?;
        let entry = value.get(position).cloned().unwrap_or_default();
        Ok((key, entry))
    }

    /// The site's versions, as the index names them (empty: one version).
    pub fn versions(&self) -> &[String] {
        &self.meta.versions
    }

    /// The site's languages, as the index names them (empty: one language).
    pub fn languages(&self) -> &[String] {
        &self.meta.languages
    }

    /// Every file loaded so far (key → bytes): what a browser would download.
    pub fn bytes_read(&self) -> &BTreeMap<String, u64> {
        &self.bytes_read
    }

    /// The best `limit` pages for `q`; with `version`, only docs of that
    /// version or of none.
    pub fn search(
        &mut self,
        q: &str,
        version: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Hit>, QueryError> {
        self.search_in(q, version, None, limit)
    }

    /// [`Index::search`] also limited to the docs of `language` (or of none).
    pub fn search_in(
        &mut self,
        q: &str,
        version: Option<&str>,
        language: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Hit>, QueryError> {
        let count = self.doc_count as usize;
        let by_version = filter(&self.meta.versions, &self.meta.doc_versions, version, count)?;
        let by_language = filter(
            &self.meta.languages,
            &self.meta.doc_languages,
            language,
            count,
        )?;
        let allowed = match (by_version, by_language) {
            (Some(a), Some(b)) => Some(a.iter().zip(&b).map(|(x, y)| *x && *y).collect()),
            (a, b) => a.or(b),
        };
        let words = query_words(q);
        let mut docs: BTreeMap<u32, DocScore> = BTreeMap::new();
        for word in &words {
            let per_term = (word.iter())
                .map(|term| self.term_matches(term))
                .collect::<Result<Vec<_>, _>>()?;
            let joined;
            let held: &Matches = match per_term.as_slice() {
                [one] => one,
                many => {
                    joined = word_matches(&many.iter().map(|m| &**m).collect::<Vec<_>>());
                    &joined
                }
            };
            for (&doc, found) in held {
                let shown = allowed
                    .as_ref()
                    .is_none_or(|ok| ok.get(doc as usize).copied().unwrap_or(false));
                if shown {
                    add_word(docs.entry(doc).or_default(), found);
                }
            }
        }
        let ranked = best_first(docs.into_iter().collect(), limit);
        let terms = words.concat();
        let mut shown = Vec::with_capacity(ranked.len());
        for (doc, score) in ranked {
            let hit = self.hit(doc, &score, &terms)?;
            shown.push((score, hit));
        }
        shown.sort_by(|(x, h), (y, k)| {
            compare_shown((h.doc, x, h.coverage), (k.doc, y, k.coverage))
        });
        Ok(shown.into_iter().map(|(_, hit)| hit).collect())
    }

    fn hit(&mut self, doc: u32, score: &DocScore, terms: &[String]) -> Result<Hit, QueryError> {
        let (key, value) = self.locate(doc, "d")?;
        let json: DocJson =
            serde_json::from_value(value).map_err(|e| self.format_error(&key, e.to_string()))?;
        let mut sections: Vec<(u16, u32)> = score.sections.clone().into_iter().collect();
        sections.sort_by(|(a, x), (b, y)| y.cmp(x).then(a.cmp(b)));
        let best = sections.first().map_or(0, |&(index, _)| usize::from(index));
        let excerpt = (json.s.get(best).or(json.s.first()))
            .map(|[_, _, excerpt]| excerpt.clone())
            .unwrap_or_default();
        let sections = sections
            .into_iter()
            .take(MAX_SECTIONS)
            .filter_map(|(index, _)| json.s.get(usize::from(index)))
            .map(|[anchor, heading, _]| (anchor.clone(), heading.clone()))
            .collect();
        let version = self.version_of(doc)?;
        Ok(Hit {
            doc,
            coverage: title_coverage(terms, &json.t),
            url: json.u,
            title: json.t,
            group: json.g,
            excerpt,
            version,
            sections,
            strong_terms: score.strong,
            matched_terms: score.words,
            score: score.score,
        })
    }

    /// The version of `doc`, from `meta.js`.
    fn version_of(&self, doc: u32) -> Result<Option<String>, QueryError> {
        let runs = read_varints(&self.meta.doc_versions)?;
        let mut first = 0;
        for pair in runs.chunks(2) {
            let (value, length) = (pair[0], pair.get(1).copied().unwrap_or(0));
            if doc < first + length {
                let name = value
                    .checked_sub(1)
                    .and_then(|i| self.meta.versions.get(i as usize));
                return Ok(name.cloned());
            }
            first += length;
        }
        Ok(None)
    }

    /// How each doc matches `term`: kept from an earlier query, else
    /// decoded and kept (all let go first when too many are kept).
    fn term_matches(&mut self, term: &str) -> Result<Arc<Matches>, QueryError> {
        if let Some(kept) = self.terms.get(term) {
            return Ok(kept.clone());
        }
        let matches = Arc::new(self.decode_term(term)?);
        if self.kept + matches.len() > KEPT_MATCHES {
            self.terms.clear();
            self.kept = 0;
        }
        self.kept += matches.len();
        self.terms.insert(term.to_owned(), matches.clone());
        Ok(matches)
    }

    /// How each doc matches `term`, taking the best of its expansions.
    fn decode_term(&mut self, term: &str) -> Result<Matches, QueryError> {
        let key = shard_key(term);
        let mut best = Matches::new();
        if !self.meta.shards.contains(&key) {
            return Ok(best);
        }
        let path = format!("t/{key}");
        let shard = self.load(&path)?;
        let shard = shard
            .as_object()
            .ok_or_else(|| self.format_error(&path, "not an object".into()))?;
        for (name, fields) in expansions(shard, term) {
            let multiplier = if name == term { 2 } else { 1 };
            for (doc, found) in match_one(fields, multiplier)? {
                let entry = best.entry(doc).or_default();
                entry.score = entry.score.max(found.score);
                entry.strong |= found.strong;
                entry.anywhere |= found.anywhere;
                entry.title |= found.title;
                entry.terms = 1;
                for (section, score) in found.sections {
                    let kept = entry.sections.entry(section).or_default();
                    *kept = (*kept).max(score);
                }
            }
        }
        Ok(best)
    }

    fn load(&mut self, key: &str) -> Result<Arc<Value>, QueryError> {
        if let Some(value) = self.cache.get(key) {
            return Ok(value.clone());
        }
        let text = self.files.read(key).map_err(|source| QueryError::Io {
            path: self.dir.join(format!("{key}.js")),
            source,
        })?;
        let prefix = format!("sheafSearchData(\"{key}\",");
        let json = text
            .strip_prefix(&prefix)
            .and_then(|rest| rest.trim_end().strip_suffix(");"))
            .ok_or_else(|| self.format_error(key, "missing sheafSearchData wrapper".into()))?;
        let value: Arc<Value> = serde_json::from_str::<Value>(json)
            .map_err(|e| self.format_error(key, e.to_string()))?
            .into();
        self.bytes_read.insert(key.to_owned(), text.len() as u64);
        self.cache.insert(key.to_owned(), value.clone());
        Ok(value)
    }

    fn format_error(&self, key: &str, reason: String) -> QueryError {
        QueryError::Format {
            path: self.dir.join(format!("{key}.js")),
            reason,
        }
    }
}

/// The first `limit` of `docs` in [`compare`]'s order, sorted: the same
/// as sorting them all (`compare` is a total order: doc ids differ), in
/// time linear in the number of docs.
fn best_first(mut docs: Vec<(u32, DocScore)>, limit: usize) -> Vec<(u32, DocScore)> {
    let order = |(a, x): &(u32, DocScore), (b, y): &(u32, DocScore)| compare((*a, x), (*b, y));
    if limit == 0 {
        return Vec::new();
    }
    if docs.len() > limit {
        docs.select_nth_unstable_by(limit - 1, order);
        docs.truncate(limit);
    }
    docs.sort_by(order);
    docs
}

/// The first doc id of each file, from the varint list of their doc counts.
fn starts(sizes: &str) -> Result<Vec<u32>, DecodeError> {
    let mut start = 0;
    let mut starts = Vec::new();
    for size in read_varints(sizes)? {
        starts.push(start);
        start = size.saturating_add(start);
    }
    Ok(starts)
}

/// The shard's terms that start with `term`: exact first, then shortest.
fn expansions<'a>(shard: &'a Map<String, Value>, term: &str) -> Vec<(&'a str, &'a Value)> {
    let mut found: Vec<(&str, &Value)> = shard
        .iter()
        .filter(|(name, _)| name.starts_with(term))
        .map(|(n, v)| (n.as_str(), v))
        .collect();
    found.sort_by(|(a, _), (b, _)| (*a != term, a.len(), *a).cmp(&(*b != term, b.len(), *b)));
    found.truncate(MAX_EXPANSIONS);
    found
}

/// Decodes one term's `[postings, title docs, all docs]` into per-doc matches.
fn match_one(fields: &Value, multiplier: u32) -> Result<Matches, QueryError> {
    let field = |i: usize| fields.get(i).and_then(Value::as_str).unwrap_or("");
    let mut docs = Matches::new();
    let postings = read_varints(field(0))?;
    let mut doc = 0;
    for triple in postings.chunks_exact(3) {
        doc += triple[0];
        let (section, weight) = (triple[1] as u16, triple[2]);
        let found = docs.entry(doc).or_default();
        found.sections.insert(section, weight * multiplier);
        found.score = found.score.max(weight);
        found.strong |= weight >= u32::from(HEADING);
    }
    for doc in decode_doc_set(field(1))? {
        let found = docs.entry(doc).or_default();
        found.score += TITLE_SCORE;
        found.strong = true;
        found.title = true;
    }
    for found in docs.values_mut() {
        found.score *= multiplier;
    }
    for doc in decode_doc_set(field(2))? {
        docs.entry(doc).or_insert_with(|| TermMatch {
            score: multiplier,
            anywhere: true,
            ..TermMatch::default()
        });
    }
    Ok(docs)
}

/// Per doc (of `count`), whether it may be shown for `wanted` (`None`:
/// all): docs of that value (in `values`, coded by `runs` as in `meta.js`)
/// or of none.
fn filter(
    values: &[String],
    runs: &str,
    wanted: Option<&str>,
    count: usize,
) -> Result<Option<Vec<bool>>, QueryError> {
    let Some(wanted) = wanted.filter(|v| !v.is_empty() && !runs.is_empty()) else {
        return Ok(None);
    };
    let code = values
        .iter()
        .position(|v| v == wanted)
        .map(|i| i as u32 + 1);
    let runs = read_varints(runs)?;
    let mut allowed = Vec::new();
    for pair in runs.chunks(2) {
        let (value, length) = (pair[0], pair.get(1).copied().unwrap_or(0));
        let ok = value == 0 || Some(value) == code;
        let length = (length as usize).min(count - allowed.len());
        allowed.extend(std::iter::repeat_n(ok, length));
    }
    Ok(Some(allowed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_results_are_those_of_a_full_sort() {
        let score = |n: u32| DocScore {
            words: (n % 3) as usize,
            strong: (n % 2) as usize,
            score: n % 7,
            ..DocScore::default()
        };
        let docs: Vec<(u32, DocScore)> = (0..200).rev().map(|d| (d, score(d * 37))).collect();
        let mut all = docs.clone();
        all.sort_by(|(a, x), (b, y)| compare((*a, x), (*b, y)));
        for limit in [0, 1, 10, 199, 200, 500] {
            let expected: Vec<_> = all.iter().take(limit).cloned().collect();
            assert_eq!(best_first(docs.clone(), limit), expected, "limit {limit}");
        }
    }

    #[test]
    fn a_filter_holds_one_flag_per_doc_whatever_its_runs_say() {
        let mut runs = String::new();
        for n in [1, 1 << 29, 0, 1 << 29] {
            super::super::codec::push_varint(&mut runs, n);
        }
        let versions = ["v1".to_string()];
        let allowed = filter(&versions, &runs, Some("v1"), 5).unwrap().unwrap();
        assert_eq!(allowed, [true; 5]);
    }
}
