//! Doc *cards*: `c/<n>.js` files of consecutive docs, each about
//! [`CARD_BYTES`], holding only what a result's first line shows (url,
//! title, group, endpoint), about 43 bytes a doc.
//!
//! A result list of 20 pages needs up to 20 doc bundles (`d/<n>.js`), and
//! every file a keystroke waits for costs a few milliseconds in a browser
//! whatever its size. The cards of a whole 10,000-page site are a handful of
//! files (~425 KB) that `search.js` prefetches once the first results are
//! on screen; from then on a keystroke shows its pages from the cards at
//! once and fills in section links and excerpts when the bundles arrive.

use std::borrow::Borrow;

use rayon::prelude::*;

use super::shards::{script, IndexFile};
use super::SearchDoc;

/// A card file is closed before it would grow past this many bytes.
pub(crate) const CARD_BYTES: usize = 64 * 1024;

/// The cards of `docs`, in doc order.
pub(crate) fn cards<D: Borrow<SearchDoc> + Sync>(docs: &[D]) -> Vec<String> {
    docs.par_iter().map(|d| card_json(d.borrow())).collect()
}

/// The card files of every doc's card, and how many docs each holds (for
/// `meta.js`).
pub(crate) fn card_files(cards: &[String]) -> (Vec<IndexFile>, Vec<u32>) {
    let mut files = Vec::new();
    let mut sizes = Vec::new();
    for chunk in chunk_by_bytes(cards, CARD_BYTES) {
        let key = format!("c/{}", files.len());
        let contents = script(&key, &format!("[{}]", chunk.join(",")));
        files.push(IndexFile {
            path: format!("{key}.js"),
            contents,
        });
        sizes.push(chunk.len() as u32);
    }
    (files, sizes)
}

/// Consecutive runs of `items`, each at least one item and otherwise as many
/// as fit in `limit` bytes (counting the commas that will join them).
pub(crate) fn chunk_by_bytes(items: &[String], limit: usize) -> Vec<&[String]> {
    let mut chunks = Vec::new();
    let mut start = 0;
    while start < items.len() {
        let mut bytes = items[start].len();
        let mut end = start + 1;
        while end < items.len() && bytes + items[end].len() < limit {
            bytes += items[end].len() + 1;
            end += 1;
        }
        chunks.push(&items[start..end]);
        start = end;
    }
    chunks
}

/// `[url, title]`, then `group` if there is one or an endpoint follows, then
/// the endpoint's method and path.
fn card_json(doc: &SearchDoc) -> String {
    let mut fields = vec![doc.url.as_str(), doc.title.as_str()];
    if doc.group.is_some() || doc.endpoint.is_some() {
        fields.push(doc.group.as_deref().unwrap_or(""));
    }
    if let Some((method, path)) = &doc.endpoint {
        fields.extend([method.as_str(), path.as_str()]);
    }
    serde_json::to_string(&fields).expect("strings serialise")
}

#[cfg(test)]
mod tests {
    use super::super::tests::doc;
    use super::*;

    #[test]
    fn cards_hold_url_title_group_and_endpoint_only() {
        let mut endpoint = doc("api/get/", "Get \"it\"");
        endpoint.endpoint = Some(("GET".into(), "/it".into()));
        let mut grouped = doc("guide/", "Guide");
        grouped.group = Some("Start".into());
        let (files, sizes) = card_files(&cards(&[doc("", "Home"), grouped, endpoint]));
        assert_eq!(sizes, [3]);
        assert_eq!(
            files[0].contents,
            "sheafSearchData(\"c/0\",[[\"\",\"Home\"],[\"guide/\",\"Guide\",\"Start\"],\
             [\"api/get/\",\"Get \\\"it\\\"\",\"\",\"GET\",\"/it\"]]);\n"
        );
    }

    #[test]
    fn chunks_fill_up_to_the_limit_and_never_come_out_empty() {
        let items: Vec<String> = ["aaaa", "bb", "cc", "dddddddddd", "e"]
            .map(String::from)
            .to_vec();
        let chunks = chunk_by_bytes(&items, 8);
        assert_eq!(
            chunks,
            [&items[0..2], &items[2..3], &items[3..4], &items[4..5]]
        );
    }
}
