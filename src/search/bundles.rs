//! Docs as result data: `d/<n>.js` bundles of consecutive docs, each about
//! [`BUNDLE_BYTES`], holding what a result shows (url, title, group,
//! endpoint, and per section its anchor, heading and a short excerpt).
//!
//! Bundling trades bytes per query for file count: one file per doc would
//! mean 10,000 extra small files for a 10,000-page site, slow to write on
//! many file systems; one big file would be downloaded whole. With 16 KB
//! bundles the 20 results of a query cost at most 20 bundles (320 KB) and
//! usually fewer.

use std::borrow::Borrow;

use rayon::prelude::*;
use serde::Serialize;

use super::shards::{script, IndexFile};
use super::SearchDoc;

/// A bundle is closed before it would grow past this many bytes.
pub(crate) const BUNDLE_BYTES: usize = 16 * 1024;

/// Section excerpts are cut to about this many characters: the two lines
/// the results list shows on a phone (one and a half on a desktop). The
/// excerpts are most of the index, so each character costs about 9 bytes a
/// page.
pub(crate) const EXCERPT_CHARS: usize = 110;

#[derive(Serialize)]
struct DocJson<'a> {
    u: &'a str,
    t: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    g: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    e: Option<[&'a str; 2]>,
    /// Sections as `[anchor, heading, excerpt]`; never empty.
    s: Vec<[String; 3]>,
}

/// Docs serialised in parallel at a time: every core busy, and only a
/// chunk's JSON held besides the open bundle.
const SERIALISE_CHUNK: usize = 512;

/// Fills bundles in doc order, closing each before it would pass
/// [`BUNDLE_BYTES`] (a bundle holds at least one doc), and hands each
/// closed bundle to its sink (which writes it) at once.
pub(crate) struct BundleWriter {
    /// How many docs each closed bundle holds (for `meta.js`).
    sizes: Vec<u32>,
    /// The open bundle's docs, comma-separated, and how many.
    open: String,
    count: u32,
}

impl BundleWriter {
    pub fn new() -> BundleWriter {
        BundleWriter {
            sizes: Vec::new(),
            open: String::new(),
            count: 0,
        }
    }

    /// Adds `docs` (the next ones in doc order), handing every bundle that
    /// closes to `sink`.
    pub fn add_docs<D: Borrow<SearchDoc> + Sync>(
        &mut self,
        docs: &[D],
        sink: &mut impl FnMut(IndexFile) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        for chunk in docs.chunks(SERIALISE_CHUNK) {
            let jsons: Vec<String> = chunk.par_iter().map(|d| doc_json(d.borrow())).collect();
            for json in &jsons {
                if self.count > 0 && self.open.len() + json.len() >= BUNDLE_BYTES {
                    sink(self.close())?;
                }
                if self.count > 0 {
                    self.open.push(',');
                }
                self.open.push_str(json);
                self.count += 1;
            }
        }
        Ok(())
    }

    fn close(&mut self) -> IndexFile {
        let key = format!("d/{}", self.sizes.len());
        let contents = script(&key, &format!("[{}]", self.open));
        self.sizes.push(self.count);
        self.open.clear();
        self.count = 0;
        IndexFile {
            path: format!("{key}.js"),
            contents,
        }
    }

    /// Closes the last bundle (handed to `sink`); returns how many docs
    /// each bundle holds.
    pub fn finish(
        mut self,
        sink: &mut impl FnMut(IndexFile) -> std::io::Result<()>,
    ) -> std::io::Result<Vec<u32>> {
        if self.count > 0 {
            sink(self.close())?;
        }
        Ok(self.sizes)
    }
}

fn doc_json(doc: &SearchDoc) -> String {
    let mut sections: Vec<[String; 3]> = doc
        .sections
        .iter()
        .map(|s| [s.anchor.clone(), s.heading.clone(), excerpt(&s.text)])
        .collect();
    if sections.is_empty() {
        sections.push(Default::default());
    }
    let json = DocJson {
        u: &doc.url,
        t: &doc.title,
        g: doc.group.as_deref(),
        e: doc.endpoint.as_ref().map(|(m, p)| [m.as_str(), p.as_str()]),
        s: sections,
    };
    serde_json::to_string(&json).expect("a doc serialises")
}

/// The start of `text` with whitespace collapsed, cut at a word boundary.
pub(crate) fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut chars = 0;
    for (index, word) in text.split_whitespace().enumerate() {
        let length = word.chars().count();
        if chars + length > EXCERPT_CHARS {
            if index == 0 {
                out.extend(word.chars().take(EXCERPT_CHARS));
            }
            out.push('…');
            break;
        }
        if index > 0 {
            out.push(' ');
            chars += 1;
        }
        out.push_str(word);
        chars += length;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::doc;
    use super::*;

    /// The bundle files of `docs`, and how many docs each holds.
    fn doc_bundles(docs: &[SearchDoc]) -> (Vec<IndexFile>, Vec<u32>) {
        let mut files = Vec::new();
        let mut sink = |file| {
            files.push(file);
            Ok(())
        };
        let mut writer = BundleWriter::new();
        writer.add_docs(docs, &mut sink).unwrap();
        let sizes = writer.finish(&mut sink).unwrap();
        (files, sizes)
    }

    #[test]
    fn excerpts_are_short_and_cut_between_words() {
        assert_eq!(excerpt("  a\n\nb  c "), "a b c");
        let cut = excerpt(&"word ".repeat(100));
        assert!(cut.ends_with("word…"));
        assert!(cut.chars().count() <= EXCERPT_CHARS + 1);
        assert_eq!(excerpt(&"x".repeat(500)).chars().count(), EXCERPT_CHARS + 1);
    }

    #[test]
    fn bundles_hold_consecutive_docs_up_to_the_size_limit() {
        let docs: Vec<SearchDoc> = (0..400)
            .map(|i| doc(&format!("page-{i}/"), "Some page title"))
            .collect();
        let (files, sizes) = doc_bundles(&docs);
        assert!(files.len() > 1);
        assert_eq!(sizes.iter().sum::<u32>(), 400);
        assert!(files.iter().all(|f| f.contents.len() <= BUNDLE_BYTES + 64));
        assert!(files[0]
            .contents
            .starts_with("sheafSearchData(\"d/0\",[{\"u\":\"page-0/\""));
    }

    #[test]
    fn an_oversized_doc_gets_a_bundle_of_its_own() {
        let mut big = doc("big/", &"t".repeat(BUNDLE_BYTES));
        big.group = Some("G".into());
        let (_, sizes) = doc_bundles(&[doc("a/", "A"), big, doc("b/", "B")]);
        assert_eq!(sizes, [1, 1, 1]);
    }
}
