//! The offline search index: sharded files under `search/` that the browser
//! loads on demand, so a search downloads a few small files whatever the
//! size of the site.
//!
//! # Files
//!
//! All files are scripts of the form `sheafSearchData("<key>",<json>);`
//! (loaded with `<script>` so search also works from `file://`):
//!
//! - `meta.js`: the format, doc count, the list of term shards that exist,
//!   each doc's version and language (run-length encoded, so a query stays
//!   within the reader's) and the doc count of each doc bundle. A few KB.
//! - `t/<key>.js`: the *term shards*. A term lives in the shard named by its
//!   first two characters (`tokenize.rs`), so a query loads one shard per word
//!   and prefix search is a scan of that shard ("rot" finds "rotate"). Per
//!   term: its section postings (doc, section, weight), the docs with the term
//!   in their title, and, for common terms whose postings were cut to the
//!   strongest `MAX_POSTINGS` (256), the set of every doc holding it.
//!   Numbers are base64 varints and dense doc sets bitmaps (`codec.rs`).
//! - `d/<n>.js`: *doc bundles* of consecutive docs, about 16 KB each
//!   (`bundles.rs`): what a result shows: url, title, group, endpoint, and per
//!   section its anchor, heading and a short excerpt to highlight matches in.
//!   Only the bundles of the docs on the result list are loaded.
//! - `c/<n>.js`: doc *cards*, about 64 KB each (`cards.rs`): url, title,
//!   group and endpoint of every doc, ~43 bytes a doc. `search.js`
//!   prefetches them after the first results are on screen, so a later
//!   keystroke shows its pages after loading at most its term shard, and
//!   fills in section links and excerpts from the bundles when typing
//!   pauses: one file per new word prefix instead of up to 21.
//!
//! A section weight is `16` if the term is in the heading, `+8` if it is a
//! keyword or part of the endpoint (stored on the intro section), plus the
//! body frequency capped at 7. Ranking is described in `rank.rs` and
//! `query.rs`, which mirror `themes/default/search.js` so the index can be
//! tested in Rust.
//!
//! A one-character query word matches only that one-character term: a
//! prefix scan needs the two characters that name a shard.
//!
//! For the 10,000 pages of the shared benchmark corpus (51 MB of Markdown)
//! the index is about 15 MB in ~1,050 files (of which the cards are
//! ~465 KB in 8 files), and a two-word query of synthetic pages downloads
//! 70–120 KB (see the `ten_thousand_pages_stay_small_per_query` test).
//!
//! # Building
//!
//! Docs are tokenized in parallel into per-doc dictionaries, merged in doc
//! order, and the shard and doc files encoded and written in parallel. The
//! output depends only on the input.
//!
//! A build hands its docs over a render step at a time ([`IndexBuilder`]):
//! doc bundles are written as they fill, and a term's postings are cut to
//! the strongest `MAX_POSTINGS` as they arrive (each time four times that
//! many have gathered), keeping every doc they name. So a
//! common word of a 100,000-page site never holds millions of postings, and
//! the files are the same as if every doc had been handed over at once.

mod bundles;
mod cards;
mod codec;
#[cfg(test)]
mod fuzz;
mod inverted;
mod query;
mod rank;
mod shards;
mod tokenize;

#[cfg(test)]
mod tests;

use std::borrow::Borrow;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

pub use codec::DecodeError;
pub use query::{query, Hit, IndexFiles, QueryError, Searcher};
pub use tokenize::tokenize;

/// One page, as the indexer sees it.
#[derive(Debug, Clone, Default)]
pub struct SearchDoc {
    /// Page URL relative to the site root, e.g. `api-reference/get-user/` (`""` for home).
    pub url: String,
    pub title: String,
    /// Navigation group name, shown as a breadcrumb.
    pub group: Option<String>,
    /// `None`: the page is in every version.
    pub version: Option<String>,
    /// `None`: the page is in every language (a site of one language).
    pub language: Option<String>,
    /// `(METHOD, path)` for endpoint pages; both are searchable.
    pub endpoint: Option<(String, String)>,
    /// Extra terms, e.g. parameter and field names of endpoint pages.
    pub keywords: Vec<String>,
    /// The page split at headings; the first (anchor `""`) is the intro.
    pub sections: Vec<SearchSection>,
}

/// A part of a page under one heading.
#[derive(Debug, Clone, Default)]
pub struct SearchSection {
    /// Heading id, `""` for the top of the page.
    pub anchor: String,
    pub heading: String,
    /// Plain text of the section.
    pub text: String,
}

/// What [`write_index`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexStats {
    pub files: usize,
    pub total_bytes: u64,
    pub largest_file_bytes: u64,
}

/// Writes the index under `out_dir/search/`, replacing any previous index
/// there. The same docs always give byte-identical files.
pub fn write_index<D: Borrow<SearchDoc> + Sync>(
    docs: &[D],
    out_dir: &Path,
) -> io::Result<IndexStats> {
    let mut builder = IndexBuilder::new(out_dir)?;
    builder.add(docs)?;
    builder.finish()
}

/// Builds the index from docs handed over a chunk at a time, in doc order:
/// terms are merged and doc bundles written as the docs arrive, so a build
/// never holds the text of every page at once. Handing the docs over in
/// any chunks gives the files [`write_index`] writes for all of them.
pub struct IndexBuilder {
    dir: PathBuf,
    terms: inverted::Merged,
    bundles: bundles::BundleWriter,
    cards: Vec<String>,
    dimensions: Vec<shards::DocDimensions>,
    stats: IndexStats,
}

impl IndexBuilder {
    /// Starts an index under `out_dir/search/`, replacing any there.
    pub fn new(out_dir: &Path) -> io::Result<IndexBuilder> {
        let dir = out_dir.join("search");
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        for sub in ["t", "d", "c"] {
            std::fs::create_dir_all(dir.join(sub))?;
        }
        Ok(IndexBuilder {
            dir,
            terms: inverted::Merged::default(),
            bundles: bundles::BundleWriter::new(),
            cards: Vec::new(),
            dimensions: Vec::new(),
            stats: IndexStats {
                files: 0,
                total_bytes: 0,
                largest_file_bytes: 0,
            },
        })
    }

    /// Adds the next docs, in doc order.
    pub fn add<D: Borrow<SearchDoc> + Sync>(&mut self, docs: &[D]) -> io::Result<()> {
        self.terms.add_docs(docs);
        let (dir, stats) = (&self.dir, &mut self.stats);
        self.bundles
            .add_docs(docs, &mut |file| write_file(dir, stats, &file))?;
        self.cards.extend(cards::cards(docs));
        self.dimensions
            .extend(docs.iter().map(|d| shards::DocDimensions::of(d.borrow())));
        Ok(())
    }

    /// Writes the term shards, the last bundle, the cards and `meta.js`.
    pub fn finish(self) -> io::Result<IndexStats> {
        let IndexBuilder {
            dir,
            terms,
            bundles,
            cards,
            dimensions,
            mut stats,
        } = self;
        let doc_count = u32::try_from(dimensions.len())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "too many docs to index"))?;
        let bundle_sizes = bundles.finish(&mut |file| write_file(&dir, &mut stats, &file))?;
        let entries = terms.finish();
        let mut files = shards::term_shards(&entries, doc_count);
        drop(entries);
        let (card_files, card_sizes) = cards::card_files(&cards);
        let meta = shards::meta_file(&dimensions, &files, &bundle_sizes, &card_sizes);
        files.extend(card_files);
        files.push(meta);
        files
            .par_iter()
            .try_for_each(|file| std::fs::write(dir.join(&file.path), &file.contents))?;
        for file in &files {
            stats.count(file);
        }
        Ok(stats)
    }
}

impl IndexStats {
    fn count(&mut self, file: &shards::IndexFile) {
        let bytes = file.contents.len() as u64;
        self.files += 1;
        self.total_bytes += bytes;
        self.largest_file_bytes = self.largest_file_bytes.max(bytes);
    }
}

fn write_file(dir: &Path, stats: &mut IndexStats, file: &shards::IndexFile) -> io::Result<()> {
    std::fs::write(dir.join(&file.path), &file.contents)?;
    stats.count(file);
    Ok(())
}
