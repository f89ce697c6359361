//! Documents to an inverted index: for every term, the docs whose title holds
//! it and the sections that mention it, with a weight per section.
//!
//! Docs are analysed in parallel (each into a small local dictionary), a
//! chunk at a time, and each chunk is merged in doc order into one global
//! dictionary, so the result does not depend on thread scheduling.

use std::borrow::Borrow;
use std::collections::HashMap;

use foldhash::fast::FixedState;
use rayon::prelude::*;

use super::tokenize::{is_stop_word, Tokenizer};
use super::SearchDoc;

/// Weight bit: the term is in the section's heading.
pub(crate) const HEADING: u8 = 16;
/// Weight bit: the term is a keyword, or in the endpoint's method or path
/// (recorded on the intro section).
pub(crate) const KEYWORD: u8 = 8;
/// Body occurrences count up to this; the low 3 bits of a weight.
pub(crate) const MAX_FREQUENCY: u8 = 7;

/// One section that mentions a term. `weight` is `HEADING | KEYWORD | frequency`
/// and always at least 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Posting {
    pub doc: u32,
    pub section: u16,
    pub weight: u8,
}

/// The most section postings a term keeps in the index. Beyond this only
/// the strongest are stored (headings first, then frequent mentions) plus
/// the set of all docs holding the term, so a common word costs a few KB
/// at any site size.
pub(crate) const MAX_POSTINGS: usize = 256;

/// How many postings a term collects before the weaker ones are let go
/// (their docs kept in [`TermEntry::cut_docs`]): while merging, a common
/// word of a 100,000-page site would otherwise hold millions of postings
/// only to keep [`MAX_POSTINGS`] of them.
const CUT_AT: usize = 4 * MAX_POSTINGS;

/// Everything the index knows about one term. Both lists are sorted by doc
/// (postings then by section).
#[derive(Debug, Default)]
pub(crate) struct TermEntry {
    pub term: String,
    pub title_docs: Vec<u32>,
    /// Every posting, or once the term had [`CUT_AT`], the strongest
    /// [`MAX_POSTINGS`] of those and every posting since.
    pub postings: Vec<Posting>,
    /// Once postings were let go: the docs of every posting merged up to
    /// the last cut, sorted, each once.
    cut_docs: Option<Vec<u32>>,
}

impl TermEntry {
    fn push(&mut self, posting: Posting) {
        self.postings.push(posting);
        if self.postings.len() >= CUT_AT {
            self.cut();
        }
    }

    /// Keeps the strongest [`MAX_POSTINGS`] postings and the docs of all.
    /// Postings arrive in doc order, so a doc later than the last one kept
    /// is new; the postings kept by an earlier cut are already counted.
    fn cut(&mut self) {
        let docs = self.cut_docs.get_or_insert_with(Vec::new);
        for posting in &self.postings {
            if docs.last().is_none_or(|&last| posting.doc > last) {
                docs.push(posting.doc);
            }
        }
        keep_strongest(&mut self.postings);
    }

    /// The postings the index stores, and whether some were cut (then the
    /// index also lists [`TermEntry::all_docs`]).
    pub fn strongest_postings(&self) -> (Vec<Posting>, bool) {
        let mut postings = self.postings.clone();
        let cut = self.cut_docs.is_some() || postings.len() > MAX_POSTINGS;
        if postings.len() > MAX_POSTINGS {
            keep_strongest(&mut postings);
        }
        (postings, cut)
    }

    /// Every doc holding the term, in a posting (also one let go) or in its
    /// title, sorted, each once.
    pub fn all_docs(&self) -> Vec<u32> {
        let cut = self.cut_docs.iter().flatten().copied();
        let postings = self.postings.iter().map(|p| p.doc);
        let mut docs: Vec<u32> = (cut.chain(postings))
            .chain(self.title_docs.iter().copied())
            .collect();
        docs.sort_unstable();
        docs.dedup();
        docs
    }
}

/// Leaves the strongest [`MAX_POSTINGS`] of `postings` (heading and
/// keyword matches, then frequent mentions; ties to the earlier doc and
/// section, so any order of cutting keeps the same ones), in doc order.
fn keep_strongest(postings: &mut Vec<Posting>) {
    let strength = |p: &Posting| (std::cmp::Reverse(p.weight), p.doc, p.section);
    if postings.len() > MAX_POSTINGS {
        postings.select_nth_unstable_by_key(MAX_POSTINGS - 1, strength);
        postings.truncate(MAX_POSTINGS);
    }
    postings.sort_unstable_by_key(|p| (p.doc, p.section));
}

/// Docs analysed in parallel before each (sequential) merge step: enough to
/// keep every core busy, few enough that the analysed docs never hold much
/// memory (all 10,000 docs of a big site at once would hold ~50 MB).
const MERGE_CHUNK: usize = 512;

/// Builds the index, terms sorted by their bytes.
#[cfg(test)]
pub(crate) fn build_terms(docs: &[SearchDoc]) -> Vec<TermEntry> {
    let mut merged = Merged::default();
    merged.add_docs(docs);
    merged.finish()
}

/// The global dictionary, merged doc by doc in doc order, so the result does
/// not depend on thread scheduling (nor on how the docs were handed over).
#[derive(Default)]
pub(crate) struct Merged {
    ids: HashMap<String, usize, FixedState>,
    entries: Vec<TermEntry>,
    next_doc: u32,
    /// Scratch: the global id of each local term of the doc being merged.
    global: Vec<usize>,
}

impl Merged {
    /// Analyses `docs` (the next ones in doc order) and merges their terms.
    pub fn add_docs<D: Borrow<SearchDoc> + Sync>(&mut self, docs: &[D]) {
        for chunk in docs.chunks(MERGE_CHUNK) {
            let analysed: Vec<DocTerms> = chunk
                .par_iter()
                .map_init(Analyser::default, |analyser, doc| {
                    analyser.analyse(doc.borrow())
                })
                .collect();
            for terms in &analysed {
                self.add(terms);
            }
        }
    }

    /// The terms, sorted by their bytes.
    pub fn finish(self) -> Vec<TermEntry> {
        let mut entries = self.entries;
        entries.par_sort_unstable_by(|a, b| a.term.cmp(&b.term));
        entries
    }

    fn add(&mut self, terms: &DocTerms) {
        let doc = self.next_doc;
        self.next_doc += 1;
        self.global.clear();
        for name in terms.names() {
            let id = match self.ids.get(name) {
                Some(&id) => id,
                None => {
                    self.entries.push(TermEntry {
                        term: name.to_string(),
                        ..TermEntry::default()
                    });
                    self.ids.insert(name.to_string(), self.entries.len() - 1);
                    self.entries.len() - 1
                }
            };
            self.global.push(id);
        }
        for &local in &terms.title {
            self.entries[self.global[local as usize]]
                .title_docs
                .push(doc);
        }
        for &(local, section, weight) in &terms.postings {
            self.entries[self.global[local as usize]].push(Posting {
                doc,
                section,
                weight,
            });
        }
    }
}

/// One doc's terms by local id, its title terms and its section postings.
/// Every doc of the site is held at once before the merge, so the terms
/// share one string (a `String` per term would cost more than its text).
struct DocTerms {
    /// The terms, concatenated in local id order.
    names: String,
    /// Where each term ends in `names`.
    ends: Vec<u32>,
    title: Vec<u32>,
    postings: Vec<(u32, u16, u8)>,
}

impl DocTerms {
    /// The terms in local id order.
    fn names(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.names[start as usize..end as usize])
    }
}

/// Per-thread scratch space, reused from doc to doc.
#[derive(Default)]
struct Analyser {
    tokenizer: Tokenizer,
    ids: HashMap<String, u32, FixedState>,
    tally: SectionTally,
}

impl Analyser {
    fn analyse(&mut self, doc: &SearchDoc) -> DocTerms {
        self.ids.clear();
        let mut title = Vec::new();
        self.add_text(&doc.title, |id, _| title.push(id));
        title.sort_unstable();
        title.dedup();

        let mut postings = Vec::new();
        for term_source in doc_keywords(doc) {
            self.add_text(term_source, |id, tally| tally.mark(id, KEYWORD));
        }
        for (index, section) in doc.sections.iter().enumerate() {
            self.add_text(&section.heading, |id, tally| tally.mark(id, HEADING));
            self.add_text(&section.text, |id, tally| tally.count(id));
            self.tally.flush(section_index(index), &mut postings);
        }
        self.tally.flush(0, &mut postings); // keywords of a doc without sections
        let (names, ends) = self.names();
        DocTerms {
            names,
            ends,
            title,
            postings,
        }
    }

    /// Tokenizes `text` and hands each non-stop-word term's local id to `each`.
    fn add_text(&mut self, text: &str, mut each: impl FnMut(u32, &mut SectionTally)) {
        let Self {
            tokenizer,
            ids,
            tally,
        } = self;
        tokenizer.for_each(text, |term| {
            if is_stop_word(term) {
                return;
            }
            let next = ids.len() as u32;
            let id = match ids.get(term) {
                Some(&id) => id,
                None => *ids.entry(term.to_owned()).or_insert(next),
            };
            each(id, tally);
        });
    }

    /// The doc's terms concatenated in local id order, and where each ends.
    fn names(&mut self) -> (String, Vec<u32>) {
        let mut by_id: Vec<(u32, String)> = self.ids.drain().map(|(name, id)| (id, name)).collect();
        by_id.sort_unstable_by_key(|&(id, _)| id);
        let mut names = String::with_capacity(by_id.iter().map(|(_, n)| n.len()).sum());
        let mut ends = Vec::with_capacity(by_id.len());
        for (_, name) in by_id {
            names.push_str(&name);
            ends.push(u32::try_from(names.len()).unwrap_or(u32::MAX));
        }
        (names, ends)
    }
}

fn doc_keywords(doc: &SearchDoc) -> impl Iterator<Item = &str> {
    let endpoint = doc
        .endpoint
        .iter()
        .flat_map(|(method, path)| [method.as_str(), path.as_str()]);
    doc.keywords.iter().map(String::as_str).chain(endpoint)
}

fn section_index(index: usize) -> u16 {
    u16::try_from(index).unwrap_or(u16::MAX)
}

/// Term frequencies and flags of the section being read, by local term id.
#[derive(Default)]
struct SectionTally {
    frequency: Vec<u8>,
    flags: Vec<u8>,
    touched: Vec<u32>,
}

impl SectionTally {
    fn touch(&mut self, id: u32) -> usize {
        let index = id as usize;
        if index >= self.frequency.len() {
            self.frequency.resize(index + 1, 0);
            self.flags.resize(index + 1, 0);
        }
        if self.frequency[index] == 0 && self.flags[index] == 0 {
            self.touched.push(id);
        }
        index
    }

    fn count(&mut self, id: u32) {
        let index = self.touch(id);
        self.frequency[index] = self.frequency[index].saturating_add(1);
    }

    fn mark(&mut self, id: u32, flag: u8) {
        let index = self.touch(id);
        self.flags[index] |= flag;
    }

    /// Moves the tallied terms into `postings` as `(term, section, weight)`,
    /// in first-seen order (each term's postings stay in section order).
    fn flush(&mut self, section: u16, postings: &mut Vec<(u32, u16, u8)>) {
        for &id in &self.touched {
            let index = id as usize;
            let weight = self.flags[index] | self.frequency[index].min(MAX_FREQUENCY);
            postings.push((id, section, weight));
            self.frequency[index] = 0;
            self.flags[index] = 0;
        }
        self.touched.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{doc, section};
    use super::*;

    fn entry<'a>(entries: &'a [TermEntry], term: &str) -> &'a TermEntry {
        entries.iter().find(|e| e.term == term).expect(term)
    }

    #[test]
    fn weights_record_heading_keyword_and_frequency() {
        let mut d = doc("", "Create User");
        d.keywords = vec!["userId".into()];
        d.endpoint = Some(("POST".into(), "/users".into()));
        d.sections = vec![
            section("", "", "Creates a user. Rotates the token token."),
            section("tokens", "Tokens", "token"),
        ];
        let entries = build_terms(&[d]);
        assert_eq!(entry(&entries, "create").title_docs, [0]);
        let token = &entry(&entries, "token").postings;
        assert_eq!(
            token[0],
            Posting {
                doc: 0,
                section: 0,
                weight: 2
            }
        );
        assert_eq!(token[1].weight, 1, "'tokens' heading is another term");
        assert_eq!(entry(&entries, "tokens").postings[0].weight, HEADING);
        assert_eq!(entry(&entries, "post").postings[0].weight, KEYWORD);
        assert_eq!(entry(&entries, "userid").postings[0].section, 0);
        assert!(
            entries.iter().all(|e| e.term != "the"),
            "stop words are dropped"
        );
    }

    #[test]
    fn frequency_saturates_and_terms_come_out_sorted() {
        let mut d = doc("", "Zeta");
        d.sections = vec![section("", "", &"alpha ".repeat(20))];
        let entries = build_terms(&[d]);
        assert_eq!(entry(&entries, "alpha").postings[0].weight, MAX_FREQUENCY);
        let terms: Vec<&str> = entries.iter().map(|e| e.term.as_str()).collect();
        assert_eq!(terms, ["alpha", "zeta"]);
    }

    #[test]
    fn keywords_of_a_doc_without_sections_land_on_section_zero() {
        let mut d = doc("x/", "X");
        d.keywords = vec!["limit".into()];
        let entries = build_terms(&[d.clone(), d]);
        let limit = &entry(&entries, "limit").postings;
        assert_eq!(
            limit.iter().map(|p| (p.doc, p.section)).collect::<Vec<_>>(),
            [(0, 0), (1, 0)]
        );
    }

    fn posting(doc: u32, section: u16, weight: u8) -> Posting {
        Posting {
            doc,
            section,
            weight,
        }
    }

    #[test]
    fn common_terms_keep_only_their_strongest_postings() {
        let mut term = TermEntry::default();
        for doc in 0..1000 {
            term.push(posting(doc, 0, if doc == 700 { HEADING } else { 1 }));
        }
        let (kept, truncated) = term.strongest_postings();
        assert!(truncated);
        assert_eq!(kept.len(), MAX_POSTINGS);
        assert!(
            kept.contains(&posting(700, 0, HEADING)),
            "a heading match survives the cut"
        );
        assert!(
            kept.windows(2).all(|w| w[0].doc < w[1].doc),
            "kept in doc order"
        );
    }

    /// Cutting while merging keeps what one cut of every posting at the
    /// end would: the same strongest postings, the same docs.
    #[test]
    fn cutting_as_postings_arrive_keeps_what_cutting_at_the_end_would() {
        let mut term = TermEntry::default();
        let mut every = Vec::new();
        for doc in 0..3000u32 {
            // Several sections a doc, weights of every kind, some ties.
            for section in 0..(doc % 4) as u16 {
                let weight =
                    [1, 2, 7, HEADING | 1, KEYWORD | 3][(doc as usize + section as usize) % 5];
                term.push(posting(doc, section, weight));
                every.push(posting(doc, section, weight));
            }
            if doc % 7 == 0 {
                term.title_docs.push(doc);
            }
        }
        assert!(term.cut_docs.is_some(), "the test cuts");
        let mut strongest = every.clone();
        keep_strongest(&mut strongest);
        assert_eq!(term.strongest_postings(), (strongest, true));
        let mut docs: Vec<u32> = every.iter().map(|p| p.doc).collect();
        docs.extend(&term.title_docs);
        docs.sort_unstable();
        docs.dedup();
        assert_eq!(term.all_docs(), docs);
    }
}
