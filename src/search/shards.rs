//! The inverted index and the docs as files under `search/`.
//!
//! Every file is a script, `sheafSearchData("<key>",<json>);`, that hands
//! its JSON to `search.js`. Loading data through `<script>` elements instead
//! of `fetch` keeps search working from `file://` as well as over http.

use std::collections::BTreeSet;

use rayon::prelude::*;
use serde::Serialize;

use super::codec::{encode_doc_set, push_varint};
use super::inverted::{Posting, TermEntry};
use super::tokenize::shard_key;
use super::SearchDoc;

/// Version of the file layout; bumped when `search.js` must change with it.
pub(crate) const FORMAT: u32 = 1;

/// The version and language of one doc, all `meta.js` needs of it.
#[derive(Debug, Clone, Default)]
pub(crate) struct DocDimensions {
    pub version: Option<String>,
    pub language: Option<String>,
}

impl DocDimensions {
    pub fn of(doc: &SearchDoc) -> DocDimensions {
        DocDimensions {
            version: doc.version.clone(),
            language: doc.language.clone(),
        }
    }
}

/// One file to write: its path under `search/` and its contents.
#[derive(Debug)]
pub(crate) struct IndexFile {
    pub path: String,
    pub contents: String,
}

pub(crate) fn script(key: &str, json: &str) -> String {
    format!("sheafSearchData(\"{key}\",{json});\n")
}

/// Term shards `t/<key>.js`, one per shard key, in key order. Terms of
/// one key are not always neighbours in term order (Han and kana share
/// shards by code point), so they are grouped by key first.
pub(crate) fn term_shards(entries: &[TermEntry], doc_count: u32) -> Vec<IndexFile> {
    let mut groups: std::collections::BTreeMap<String, Vec<&TermEntry>> = Default::default();
    for entry in entries {
        groups
            .entry(shard_key(&entry.term))
            .or_default()
            .push(entry);
    }
    let groups: Vec<(String, Vec<&TermEntry>)> = groups.into_iter().collect();
    groups
        .par_iter()
        .map(|(key, group)| {
            let key = format!("t/{key}");
            let mut json = String::from("{");
            for (index, entry) in group.iter().enumerate() {
                if index > 0 {
                    json.push(',');
                }
                push_term_json(&mut json, entry, doc_count);
            }
            json.push('}');
            IndexFile {
                path: format!("{key}.js"),
                contents: script(&key, &json),
            }
        })
        .collect()
}

/// `"term":["<postings>","<title docs>","<all docs>"]`, trailing empties omitted.
/// "all docs" is only written when postings were cut to
/// [`MAX_POSTINGS`](super::inverted::MAX_POSTINGS).
fn push_term_json(json: &mut String, entry: &TermEntry, doc_count: u32) {
    let (postings, truncated) = entry.strongest_postings();
    let mut fields = vec![
        encode_postings(&postings),
        encode_doc_set(&entry.title_docs, doc_count),
    ];
    if truncated {
        fields.push(encode_doc_set(&entry.all_docs(), doc_count));
    }
    while fields.last().is_some_and(String::is_empty) {
        fields.pop();
    }
    json.push_str(&serde_json::to_string(&entry.term).expect("a string serialises"));
    json.push_str(":[");
    for (index, field) in fields.iter().enumerate() {
        if index > 0 {
            json.push(',');
        }
        // Fields use the base64 alphabet and `!` only: no escaping needed.
        json.push('"');
        json.push_str(field);
        json.push('"');
    }
    json.push(']');
}

/// Postings as varint triples: doc gap, section, weight.
fn encode_postings(postings: &[Posting]) -> String {
    let mut text = String::new();
    let mut previous = 0;
    for posting in postings {
        push_varint(&mut text, posting.doc - previous);
        push_varint(&mut text, u32::from(posting.section));
        push_varint(&mut text, u32::from(posting.weight));
        previous = posting.doc;
    }
    text
}

#[derive(Serialize)]
struct MetaJson<'a> {
    format: u32,
    docs: usize,
    /// Shard keys that exist, sorted: a query never asks for a missing file.
    shards: Vec<&'a str>,
    /// Version names; `docVersions` refers to them by index + 1 (0 = none).
    versions: Vec<&'a str>,
    /// Run-length varints: `(version index + 1, run length)` pairs, in doc order.
    #[serde(rename = "docVersions")]
    doc_versions: String,
    /// Language codes; `docLanguages` refers to them like `docVersions`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    languages: Vec<&'a str>,
    #[serde(rename = "docLanguages", skip_serializing_if = "String::is_empty")]
    doc_languages: String,
    /// Varints: how many docs each `d/<n>.js` bundle holds, in order.
    bundles: String,
    /// Varints: how many docs each `c/<n>.js` card file holds, in order.
    cards: String,
}

/// The values of one dimension (version, language) of the docs, sorted, and
/// run-length varints `(value index + 1, run length)` in doc order (0: none).
fn dimension_runs<'a>(
    docs: &'a [DocDimensions],
    key: impl Fn(&'a DocDimensions) -> Option<&'a str>,
) -> (Vec<&'a str>, String) {
    let values: BTreeSet<&str> = docs.iter().filter_map(&key).collect();
    let values: Vec<&str> = values.into_iter().collect();
    let code = |doc: &'a DocDimensions| match key(doc) {
        Some(v) => values.binary_search(&v).map_or(0, |i| i as u32 + 1),
        None => 0,
    };
    let codes: Vec<u32> = docs.iter().map(code).collect();
    let mut runs = String::new();
    for run in codes.chunk_by(|a, b| a == b) {
        push_varint(&mut runs, run[0]);
        push_varint(&mut runs, run.len() as u32);
    }
    (values, runs)
}

/// `meta.js`: what the first query needs before any shard.
pub(crate) fn meta_file(
    docs: &[DocDimensions],
    shards: &[IndexFile],
    bundle_sizes: &[u32],
    card_sizes: &[u32],
) -> IndexFile {
    let (versions, doc_versions) = dimension_runs(docs, |d| d.version.as_deref());
    let (languages, doc_languages) = dimension_runs(docs, |d| d.language.as_deref());
    let doc_languages = if languages.is_empty() {
        String::new()
    } else {
        doc_languages
    };
    let shard_keys = shards
        .iter()
        .map(|f| f.path.trim_start_matches("t/").trim_end_matches(".js"))
        .collect();
    let meta = MetaJson {
        format: FORMAT,
        docs: docs.len(),
        shards: shard_keys,
        versions,
        doc_versions,
        languages,
        doc_languages,
        bundles: varints(bundle_sizes),
        cards: varints(card_sizes),
    };
    let json = serde_json::to_string(&meta).expect("meta serialises");
    IndexFile {
        path: "meta.js".into(),
        contents: script("meta", &json),
    }
}

fn varints(values: &[u32]) -> String {
    let mut text = String::new();
    for &value in values {
        push_varint(&mut text, value);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_scripts_naming_their_key() {
        assert_eq!(script("t/ro", "{}"), "sheafSearchData(\"t/ro\",{});\n");
    }
}
