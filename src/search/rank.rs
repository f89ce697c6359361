//! How matching docs rank. `search.js` ranks the same way (`queryWords`,
//! `wordMatches`, `addWord`, `compareTotals`, `titleCoverage`,
//! `compareShown`): change both together.
//!
//! 1. The query is read as *words* ([`query_words`]): a run of Han or kana
//!    is one word made of its bigrams, any other term a word of its own.
//!    Stop words are dropped except the last word (it may be the start of a
//!    longer word being typed); at most [`MAX_QUERY_TERMS`] terms in all.
//! 2. A doc *holds* a word ([`word_matches`]) when it holds its term (a
//!    prefix of an index term; an exact match counts double) or, for a run
//!    of Han or kana, every bigram of the run in one section, or all in its
//!    title. Bigrams scattered over a page are no match: the page that
//!    holds `ビジネス` holds `ビジ ジネ ネス` side by side, in one place. A
//!    bigram whose postings were cut (a common one) is taken to be in every
//!    section of the docs known to hold it.
//! 3. Docs rank by ([`compare`]): the number of words held (all before
//!    some, as search engines do: a page about "rotate token" beats a page
//!    titled "Tokens"); how many of them are in the title or a heading
//!    (heading matches above body matches); the summed score (title,
//!    headings, keywords, body frequency); then navigation order (the doc
//!    id: docs are indexed in the order the navigation lists them).
//! 4. The results shown (the first `limit`) are then ordered again
//!    ([`compare_shown`]) with the *title coverage* ([`title_coverage`])
//!    before the score: how much of the title the query covers, times how
//!    much of the query is in the title, so an exact title comes first
//!    ("Consensus" before "GET dump_consensus_state"). It is read from the
//!    titles the results show anyway (their cards or bundles), so the index
//!    stores nothing more for it; a title outside the first `limit` is not
//!    looked at.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use super::tokenize::{is_cjk, is_stop_word, tokenize, Tokenizer};

/// The most terms a query is read as.
pub(crate) const MAX_QUERY_TERMS: usize = 16;

/// Coverage of a title the query is exactly: the full scale of [`coverage`].
pub(crate) const FULL_COVERAGE: u64 = 1024;

/// How one doc matches one query term (or, from [`word_matches`], a word).
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct TermMatch {
    pub score: u32,
    /// In the title or a heading.
    pub strong: bool,
    /// In the title.
    pub title: bool,
    /// Only known to be in the doc (a common term whose postings were cut).
    pub anywhere: bool,
    /// Score per section.
    pub sections: BTreeMap<u16, u32>,
    /// How many query terms this is (a run of Han or kana: its bigrams).
    pub terms: u32,
}

/// Per doc, how it matches one term or word.
pub(crate) type Matches = BTreeMap<u32, TermMatch>;

/// A doc's totals over all query words.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct DocScore {
    pub words: usize,
    pub strong: usize,
    pub score: u32,
    pub sections: BTreeMap<u16, u32>,
}

/// The query's words, each as its terms (see the module docs).
pub(crate) fn query_words(q: &str) -> Vec<Vec<String>> {
    let mut words: Vec<Vec<String>> = Vec::new();
    for chunk in q.split_whitespace() {
        let mut in_run = false;
        for term in tokenize(chunk) {
            let cjk = term.chars().next().is_some_and(is_cjk);
            match words.last_mut() {
                Some(run) if cjk && in_run => run.push(term),
                _ => words.push(vec![term]),
            }
            in_run = cjk;
        }
    }
    let last = words.len().saturating_sub(1);
    let mut kept: Vec<Vec<String>> = Vec::new();
    let mut terms = 0;
    for (index, word) in words.into_iter().enumerate() {
        let stop = word.len() == 1 && is_stop_word(&word[0]) && index != last;
        if stop || kept.contains(&word) || terms + word.len() > MAX_QUERY_TERMS {
            continue;
        }
        terms += word.len();
        kept.push(word);
    }
    kept
}

/// The section key a title match is kept under while runs are matched.
const TITLE: u32 = u32::MAX;

/// How each doc holds a word, from the matches of its terms in order.
pub(crate) fn word_matches(terms: &[&Matches]) -> Matches {
    match terms {
        [] => Matches::new(),
        [one] => (*one).clone(),
        [first, rest @ ..] => first
            .iter()
            .filter_map(|(&doc, found)| {
                let others: Option<Vec<&TermMatch>> = rest.iter().map(|m| m.get(&doc)).collect();
                let mut all = others?;
                all.insert(0, found);
                run_match(&all).map(|m| (doc, m))
            })
            .collect(),
    }
}

/// A run's match from its bigrams' matches in one doc, if they share a
/// place (a section, or the title).
fn run_match(parts: &[&TermMatch]) -> Option<TermMatch> {
    let mut common: Option<BTreeSet<u32>> = None;
    for part in parts.iter().filter(|p| !p.anywhere) {
        let mut places: BTreeSet<u32> = part.sections.keys().map(|&s| u32::from(s)).collect();
        if part.title {
            places.insert(TITLE);
        }
        common = Some(match common {
            None => places,
            Some(before) => before.intersection(&places).copied().collect(),
        });
    }
    if common.as_ref().is_some_and(BTreeSet::is_empty) {
        return None;
    }
    let in_title = common.as_ref().is_some_and(|c| c.contains(&TITLE));
    let mut sections = BTreeMap::new();
    for section in common.iter().flatten().filter(|&&s| s != TITLE) {
        let section = *section as u16;
        let sum = parts.iter().filter_map(|p| p.sections.get(&section)).sum();
        sections.insert(section, sum);
    }
    Some(TermMatch {
        score: parts.iter().map(|p| p.score).sum(),
        strong: parts.iter().all(|p| p.strong),
        title: in_title,
        anywhere: common.is_none(),
        sections,
        terms: parts.len() as u32,
    })
}

/// Adds one held word to a doc's totals.
pub(crate) fn add_word(total: &mut DocScore, found: &TermMatch) {
    total.words += 1;
    total.strong += usize::from(found.strong);
    total.score += found.score;
    for (&section, &score) in &found.sections {
        *total.sections.entry(section).or_default() += score;
    }
}

/// How much of `title` the query's `terms` cover times how much of the
/// query is in it, from 0 to [`FULL_COVERAGE`] (the title exactly). A title
/// term equal to a query term counts whole, one it starts half.
pub(crate) fn title_coverage(terms: &[String], title: &str) -> u64 {
    let mut title_terms: Vec<String> = Vec::new();
    Tokenizer::default().for_each(title, |term| {
        if !is_stop_word(term) && !title_terms.iter().any(|t| t == term) {
            title_terms.push(term.to_owned());
        }
    });
    let (mut units, mut found) = (0, 0);
    for term in terms {
        let best = (title_terms.iter())
            .map(|t| {
                if t == term {
                    2
                } else {
                    u64::from(t.starts_with(term.as_str()))
                }
            })
            .max()
            .unwrap_or(0);
        units += best;
        found += u64::from(best > 0);
    }
    let whole = (title_terms.len() * terms.len()) as u64;
    match whole {
        0 => 0,
        _ => (units * (FULL_COVERAGE / 2) * found / whole).min(FULL_COVERAGE),
    }
}

/// Best first: words held, strong words, score, doc id.
pub(crate) fn compare((a, x): (u32, &DocScore), (b, y): (u32, &DocScore)) -> Ordering {
    let key = |s: &DocScore| (s.words, s.strong, s.score);
    key(y).cmp(&key(x)).then(a.cmp(&b))
}

/// The order of the results shown, `(doc, totals, title coverage)`:
/// [`compare`]'s, with the title coverage before the score.
pub(crate) fn compare_shown(
    (a, x, p): (u32, &DocScore, u64),
    (b, y, q): (u32, &DocScore, u64),
) -> Ordering {
    let key = |s: &DocScore, coverage: u64| (s.words, s.strong, coverage, s.score);
    key(y, q).cmp(&key(x, p)).then(a.cmp(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(q: &str) -> Vec<Vec<String>> {
        query_words(q)
    }

    #[test]
    fn query_words_group_a_run_of_han_or_kana_and_drop_inner_stop_words() {
        assert_eq!(words("Rotate the token"), [["rotate"], ["token"]]);
        assert_eq!(words("change the"), [["change"], ["the"]]);
        assert_eq!(words("token TOKEN"), [["token"]]);
        assert_eq!(
            words("ビジネス API"),
            [vec!["ビジ", "ジネ", "ネス"], vec!["api"]]
        );
        assert_eq!(words("兼容的LLM"), [vec!["兼容", "容的"], vec!["llm"]]);
    }

    fn term(section: u16, score: u32) -> TermMatch {
        TermMatch {
            score,
            sections: BTreeMap::from([(section, score)]),
            terms: 1,
            ..TermMatch::default()
        }
    }

    #[test]
    fn a_run_is_held_only_where_all_its_bigrams_are() {
        let one: Matches = BTreeMap::from([(0, term(1, 2)), (1, term(1, 2))]);
        let two: Matches = BTreeMap::from([(0, term(1, 3)), (1, term(2, 3))]);
        let held = word_matches(&[&one, &two]);
        assert_eq!(
            held.keys().collect::<Vec<_>>(),
            [&0],
            "doc 1 has them apart"
        );
        assert_eq!(held[&0].sections, BTreeMap::from([(1, 5)]));
        assert_eq!(held[&0].terms, 2);
    }

    #[test]
    fn a_cut_bigram_is_taken_to_be_anywhere() {
        let weak = TermMatch {
            score: 1,
            anywhere: true,
            terms: 1,
            ..TermMatch::default()
        };
        let one: Matches = BTreeMap::from([(0, weak)]);
        let two: Matches = BTreeMap::from([(0, term(4, 3))]);
        assert_eq!(
            word_matches(&[&one, &two])[&0].sections,
            BTreeMap::from([(4, 3)])
        );
    }

    fn terms(q: &str) -> Vec<String> {
        query_words(q).concat()
    }

    #[test]
    fn an_exact_title_covers_fully_and_a_longer_one_less() {
        let consensus = terms("Consensus");
        assert_eq!(title_coverage(&consensus, "Consensus"), FULL_COVERAGE);
        let longer = title_coverage(&consensus, "GET dump_consensus_state");
        assert_eq!(longer, FULL_COVERAGE / 4);
        let prefix = title_coverage(&terms("cons"), "Consensus");
        assert_eq!(prefix, FULL_COVERAGE / 2, "by prefix");
        let recall = terms("context recall");
        assert_eq!(title_coverage(&recall, "Context Recall"), FULL_COVERAGE);
        let ragas = title_coverage(&recall, "Ragas Response Context Recall");
        assert_eq!(ragas, FULL_COVERAGE / 2);
        let users = title_coverage(&terms("create user"), "Users");
        assert_eq!(users, FULL_COVERAGE / 4, "half the query, by prefix");
        assert_eq!(title_coverage(&terms("データ"), "データ"), FULL_COVERAGE);
        assert_eq!(title_coverage(&consensus, ""), 0);
    }

    #[test]
    fn heading_words_then_coverage_then_score_then_navigation_order() {
        let exact = DocScore {
            words: 1,
            strong: 1,
            score: 10,
            ..DocScore::default()
        };
        let mut longer = exact.clone();
        longer.score = 99;
        let shown = compare_shown((5, &exact, 1024), (1, &longer, 256));
        assert_eq!(shown, Ordering::Less, "coverage before score");
        assert_eq!(compare((5, &exact), (1, &longer)), Ordering::Greater);
        assert_eq!(compare((1, &exact), (5, &exact)), Ordering::Less);
        let mut heading = DocScore {
            words: 1,
            strong: 1,
            score: 16,
            ..DocScore::default()
        };
        let body = DocScore {
            words: 1,
            score: 90,
            ..DocScore::default()
        };
        let shown = compare_shown((3, &heading, 0), (0, &body, 1024));
        assert_eq!(shown, Ordering::Less, "a heading match first");
        heading.words = 0;
        assert_eq!(compare((3, &heading), (0, &body)), Ordering::Greater);
    }
}
