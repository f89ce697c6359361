//! "Did you mean" over one list of candidates asked many times: a site's
//! pages, for each broken link or missing navigation page. Comparing every
//! warning with every page made a site's warnings cost the product of the
//! two (a 1,246-page site with 2,556 warnings spent a fifth of its build
//! there).

use std::collections::HashMap;

/// [`super::did_you_mean`] over one list of candidates asked many times (a site's
/// pages, for each broken link): the candidates are lower-cased once and
/// sorted by length, a word's answer is kept, and candidates whose length
/// alone keeps them from beating the best score so far are not compared
/// (Jaro-Winkler cannot exceed what the two lengths allow). The answers are
/// [`super::did_you_mean`]'s, also between candidates of equal score.
#[derive(Debug, Default)]
pub struct Suggestions {
    /// `(length in chars, lower case, candidate, its place in the list)`, shortest first.
    candidates: Vec<(usize, String, String, usize)>,
    /// The answer to each word asked, by its lower case: the place of the
    /// candidate in `candidates`.
    answers: std::sync::Mutex<HashMap<String, Option<usize>>>,
}

impl Suggestions {
    /// The index of `candidates`.
    pub fn new<I: IntoIterator<Item = String>>(candidates: I) -> Suggestions {
        let mut candidates: Vec<_> = candidates
            .into_iter()
            .enumerate()
            .map(|(place, c)| {
                let lower = c.to_lowercase();
                (lower.chars().count(), lower, c, place)
            })
            .collect();
        candidates.sort_by_key(|(length, ..)| *length);
        Suggestions {
            candidates,
            answers: Default::default(),
        }
    }

    /// The closest candidate to `word`, as [`super::did_you_mean`] finds it.
    pub fn closest(&self, word: &str) -> Option<&str> {
        let lower = word.to_lowercase();
        let lock = || self.answers.lock().unwrap_or_else(|e| e.into_inner());
        let known = lock().get(&lower).copied();
        let answer = match known {
            Some(answer) => answer,
            None => {
                let answer = self.search(&lower);
                lock().insert(lower, answer);
                answer
            }
        };
        answer.map(|at| self.candidates[at].2.as_str())
    }

    /// The index in `candidates` of the closest one to `lower`.
    fn search(&self, lower: &str) -> Option<usize> {
        let length = lower.chars().count();
        let mut best: Option<(f64, usize, usize)> = None;
        for (at, (other, candidate_lower, _, place)) in self.candidates.iter().enumerate() {
            let floor = best.map_or(0.8, |(score, ..)| score);
            if best_possible(length, *other) < floor {
                continue;
            }
            let score = strsim::jaro_winkler(lower, candidate_lower);
            let better = match best {
                None => score >= 0.8,
                // `max_by` keeps the last of equal scores.
                Some((top, top_place, _)) => score > top || (score == top && *place > top_place),
            };
            if better {
                best = Some((score, *place, at));
            }
        }
        best.map(|(.., at)| at)
    }
}

/// The highest Jaro-Winkler score two texts of `a` and `b` characters can
/// reach: every character of the shorter one matched without
/// transpositions, and the longest prefix bonus.
fn best_possible(a: usize, b: usize) -> f64 {
    let (short, long) = (a.min(b) as f64, a.max(b) as f64);
    let jaro = match (short, long) {
        (_, 0.0) => 1.0,
        (0.0, _) => 0.0,
        _ => (2.0 + short / long) / 3.0,
    };
    jaro + 0.4 * (1.0 - jaro) + 1e-9
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::did_you_mean;

    #[test]
    fn suggestions_answer_as_did_you_mean_does() {
        let pages = [
            "quickstart",
            "guides/setup",
            "guides/setups",
            "api/users",
            "API/Users",
            "a",
            "",
            "guides/install",
            "reference/cli",
            "zz",
        ];
        let index = Suggestions::new(pages.map(String::from));
        let words = [
            "quikstart",
            "guides/setu",
            "api/user",
            "a",
            "",
            "zzz",
            "reference/cl",
            "nothing-like-it",
        ];
        for word in words {
            assert_eq!(index.closest(word), did_you_mean(word, pages), "{word}");
            assert_eq!(
                index.closest(word),
                did_you_mean(word, pages),
                "{word} again"
            );
        }
    }
}
