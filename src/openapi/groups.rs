//! The navigation groups of a document's generated pages: one group per
//! tag, named after it, in the order the tags first appear, each listing
//! its entries in document order (Mintlify's grouping of an `openapi` or
//! `asyncapi` navigation node). One pass with an index of the groups, so a
//! document with thousands of tags costs no more than one with three.

use std::collections::HashMap;

/// Groups of `(tag, entries)`.
pub(crate) type Groups = Vec<(String, Vec<String>)>;

/// `(tag, entry)` pairs grouped by tag, in first-appearance order.
pub(crate) fn by_tag(pairs: impl IntoIterator<Item = (String, String)>) -> Groups {
    let mut at: HashMap<String, usize> = HashMap::new();
    let mut groups: Groups = Vec::new();
    for (tag, entry) in pairs {
        match at.get(&tag) {
            Some(&index) => groups[index].1.push(entry),
            None => {
                at.insert(tag.clone(), groups.len());
                groups.push((tag, vec![entry]));
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_follow_the_first_appearance_of_their_tag() {
        let pairs = [("b", "1"), ("a", "2"), ("b", "3"), ("c", "4"), ("a", "5")]
            .map(|(tag, entry)| (tag.to_string(), entry.to_string()));
        let groups = by_tag(pairs);
        let shown: Vec<(&str, Vec<&str>)> = groups
            .iter()
            .map(|(tag, entries)| (tag.as_str(), entries.iter().map(String::as_str).collect()))
            .collect();
        assert_eq!(
            shown,
            [
                ("b", vec!["1", "3"]),
                ("a", vec!["2", "5"]),
                ("c", vec!["4"])
            ]
        );
    }
}
