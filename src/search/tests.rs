//! Behaviour of the whole index: write it, query it back.

use std::collections::BTreeMap;
use std::path::Path;

use super::*;

pub(super) fn doc(url: &str, title: &str) -> SearchDoc {
    SearchDoc {
        url: url.into(),
        title: title.into(),
        group: None,
        version: None,
        language: None,
        endpoint: None,
        keywords: vec![],
        sections: vec![],
    }
}

pub(super) fn section(anchor: &str, heading: &str, text: &str) -> SearchSection {
    SearchSection {
        anchor: anchor.into(),
        heading: heading.into(),
        text: text.into(),
    }
}

fn page(url: &str, title: &str, text: &str) -> SearchDoc {
    SearchDoc {
        sections: vec![section("", "", text)],
        ..doc(url, title)
    }
}

fn titles(dir: &Path, q: &str) -> Vec<String> {
    query(&dir.join("search"), q)
        .unwrap()
        .into_iter()
        .map(|h| h.title)
        .collect()
}

fn indexed(docs: &[SearchDoc]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_index(docs, dir.path()).unwrap();
    dir
}

#[test]
fn diacritics_and_case_do_not_matter() {
    let dir = indexed(&[
        page("a/", "Menu", "Order a Café au lait"),
        page("b/", "Other", "nothing"),
    ]);
    assert_eq!(titles(dir.path(), "cafe"), ["Menu"]);
    assert_eq!(titles(dir.path(), "CAFÉ"), ["Menu"]);
}

#[test]
fn a_word_prefix_finds_the_word() {
    let dir = indexed(&[
        page("a/", "Keys", "How to rotate keys"),
        page("b/", "Other", "roster"),
    ]);
    assert_eq!(titles(dir.path(), "rot"), ["Keys"]);
    assert_eq!(titles(dir.path(), "ro"), ["Keys", "Other"]);
}

#[test]
fn words_inside_chinese_and_japanese_sentences_are_found() {
    let dir = indexed(&[
        page(
            "ja/auth/",
            "認証",
            "アクセストークンを使った認証の方法を説明します。",
        ),
        page("zh/auth/", "认证", "使用令牌进行身份验证的方法。"),
        page("en/auth/", "Auth", "Use an access token."),
    ]);
    assert_eq!(titles(dir.path(), "トークン"), ["認証"]);
    assert_eq!(titles(dir.path(), "令牌"), ["认证"]);
    assert_eq!(titles(dir.path(), "身份验证"), ["认证"]);
    // A lone character, as typed so far, finds the words it starts.
    assert_eq!(titles(dir.path(), "令"), ["认证"]);
    assert!(titles(dir.path(), "牌令").is_empty());
}

#[test]
fn title_matches_rank_above_body_matches() {
    let dir = indexed(&[
        page("body/", "Sessions", "token token token token token token"),
        page("title/", "Token", "What it is."),
    ]);
    assert_eq!(titles(dir.path(), "token"), ["Token", "Sessions"]);
}

#[test]
fn docs_with_every_term_rank_above_partial_matches() {
    let dir = indexed(&[
        page("one/", "One", "group group group group group group group"),
        page("both/", "Both", "a group of users"),
    ]);
    assert_eq!(titles(dir.path(), "users group"), ["Both", "One"]);
}

#[test]
fn body_text_finds_a_page_by_other_words_than_its_title() {
    let mut create = page(
        "api/create-user/",
        "Create User",
        "Creates a user and rotates the token.",
    );
    create.endpoint = Some(("POST".into(), "/users".into()));
    create.keywords = vec!["userGroupId".into()];
    let dir = indexed(&[page("x/", "Tokens", "About tokens."), create]);
    assert_eq!(
        titles(dir.path(), "rotate token"),
        ["Create User", "Tokens"]
    );
    assert_eq!(titles(dir.path(), "POST /users"), ["Create User"]);
    assert_eq!(titles(dir.path(), "usergroupid"), ["Create User"]);
}

#[test]
fn hits_link_to_the_matching_heading() {
    let mut d = doc("guide/", "Guide");
    d.sections = vec![
        section("", "", "Intro."),
        section("install", "Install", "Run the installer."),
        section("limits", "Rate limits", "Requests per minute."),
    ];
    let dir = indexed(&[d]);
    let hits = query(&dir.path().join("search"), "rate limit").unwrap();
    assert_eq!(
        hits[0].sections[0],
        ("limits".to_string(), "Rate limits".to_string())
    );
    assert_eq!(hits[0].strong_terms, 2);
}

#[test]
fn versions_filter_docs_but_unversioned_docs_always_show() {
    let versioned = |title: &str, version: Option<&str>| SearchDoc {
        version: version.map(str::to_string),
        language: None,
        ..page("", title, "shared words")
    };
    let docs = [
        versioned("Old", Some("v1")),
        versioned("New", Some("v2")),
        versioned("Both", None),
    ];
    let dir = indexed(&docs);
    let mut searcher = Searcher::open(&dir.path().join("search")).unwrap();
    let shown = |s: &mut Searcher, v| -> Vec<String> {
        s.search("shared", v, 20)
            .unwrap()
            .into_iter()
            .map(|h| h.title)
            .collect()
    };
    assert_eq!(shown(&mut searcher, Some("v2")), ["New", "Both"]);
    assert_eq!(shown(&mut searcher, Some("v3")), ["Both"]);
    assert_eq!(shown(&mut searcher, None), ["Old", "New", "Both"]);
}

#[test]
fn search_stays_within_the_readers_language_and_version() {
    let doc = |title: &str, version: &str, language: &str| SearchDoc {
        version: Some(version.to_string()),
        language: Some(language.to_string()),
        ..page("", title, "shared words")
    };
    let docs = [
        doc("en v1", "v1", "en"),
        doc("en v2", "v2", "en"),
        doc("es v2", "v2", "es"),
    ];
    let dir = indexed(&docs);
    let mut searcher = Searcher::open(&dir.path().join("search")).unwrap();
    let mut shown = |v, l| -> Vec<String> {
        searcher
            .search_in("shared", v, l, 20)
            .unwrap()
            .into_iter()
            .map(|h| h.title)
            .collect()
    };
    assert_eq!(shown(Some("v2"), Some("es")), ["es v2"]);
    assert_eq!(shown(Some("v2"), Some("en")), ["en v2"]);
    assert_eq!(shown(None, Some("en")), ["en v1", "en v2"]);
    assert_eq!(shown(None, None), ["en v1", "en v2", "es v2"]);
}

#[test]
fn a_common_word_still_counts_for_docs_beyond_its_cut_postings() {
    let mut docs: Vec<SearchDoc> = (0..600)
        .map(|i| page("", &format!("P{i}"), "alpha alpha alpha"))
        .collect();
    docs.push(page("", "Rare", "alpha omega"));
    let dir = indexed(&docs);
    let hits = query(&dir.path().join("search"), "omega alpha").unwrap();
    assert_eq!((hits[0].title.as_str(), hits[0].matched_terms), ("Rare", 2));
}

#[test]
fn a_query_loads_only_its_term_shards_and_result_docs() {
    let docs: Vec<SearchDoc> = (0..50)
        .map(|i| page(&format!("p{i}/"), &format!("Page {i}"), "alpha beta gamma"))
        .collect();
    let dir = indexed(&docs);
    let mut searcher = Searcher::open(&dir.path().join("search")).unwrap();
    let hits = searcher.search("alpha gamma", None, 5).unwrap();
    assert_eq!(hits.len(), 5);
    let loaded: Vec<&str> = searcher.bytes_read().keys().map(String::as_str).collect();
    assert_eq!(loaded, ["d/0", "meta", "t/al", "t/ga"]);
}

#[test]
fn every_hit_has_a_card_that_agrees_with_its_bundle() {
    let mut docs: Vec<SearchDoc> = (0..3000)
        .map(|i| page(&format!("p{i}/"), &format!("Page {i}"), "alpha beta"))
        .collect();
    docs[2500].endpoint = Some(("GET".into(), "/alpha".into()));
    let dir = indexed(&docs);
    let mut searcher = Searcher::open(&dir.path().join("search")).unwrap();
    let hits = searcher.search("alpha 2500", None, 20).unwrap();
    assert_eq!(hits[0].title, "Page 2500");
    for hit in hits {
        assert_eq!(searcher.card(hit.doc).unwrap(), (hit.url, hit.title));
    }
    let cards = searcher.bytes_read().keys().filter(|k| k.starts_with("c/"));
    assert!(cards.count() >= 1);
}

#[test]
fn writing_twice_gives_identical_files() {
    let docs: Vec<SearchDoc> = (0..300)
        .map(|i| {
            page(
                &format!("p{i}/"),
                &format!("Page {i}"),
                &synthetic_text(i, 200),
            )
        })
        .collect();
    let (a, b) = (indexed(&docs), indexed(&docs));
    let (files_a, files_b) = (read_tree(a.path()), read_tree(b.path()));
    assert!(files_a.len() > 10);
    assert!(files_a == files_b, "index output differs between runs");
}

fn read_tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let path = e
                .path()
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (path, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// The vocabulary of `/work/shared/bench/gen_corpus.py`.
const WORDS: &[&str] = &[
    "user",
    "group",
    "token",
    "dashboard",
    "embedded",
    "schema",
    "mapping",
    "data",
    "source",
    "property",
    "variable",
    "editor",
    "request",
    "response",
    "header",
    "rotate",
    "environment",
    "customer",
    "testing",
    "identifier",
    "render",
    "configuration",
    "navigation",
    "anchor",
    "version",
    "theme",
];

/// `words` pseudo-random vocabulary words, a deterministic function of `seed`.
fn synthetic_text(seed: u64, words: usize) -> String {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut text = String::with_capacity(words * 9);
    for _ in 0..words {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        text.push_str(WORDS[(state >> 33) as usize % WORDS.len()]);
        text.push(' ');
    }
    text
}

/// A page shaped like the benchmark corpus: an intro and four sections of
/// prose with a "Details" subsection each, about 8 KB of text.
fn synthetic_doc(i: usize, n: usize) -> SearchDoc {
    let seed = i as u64 * 16;
    let mut sections = vec![section(
        "",
        "",
        &format!(
            "Intro for page {i}. {} See page {}.",
            synthetic_text(seed, 100),
            (i + 7) % n
        ),
    )];
    for s in 0..4u64 {
        let body = format!(
            "{} item name user_group_id {i} properties tier {s}",
            synthetic_text(seed + 1 + s * 2, 110)
        );
        sections.push(section(
            &format!("section-{s}"),
            &format!("Section {s} of page {i}"),
            &body,
        ));
        sections.push(section(
            &format!("details-{s}"),
            "Details",
            &synthetic_text(seed + 2 + s * 2, 90),
        ));
    }
    SearchDoc {
        group: Some(format!("Group {}", i / 25)),
        sections,
        ..doc(&format!("tab{}/page{i}/", i / 1000), &format!("Page {i}"))
    }
}

#[test]
fn ten_thousand_pages_stay_small_per_query() {
    let n = 10_000;
    let docs: Vec<SearchDoc> = (0..n).map(|i| synthetic_doc(i, n)).collect();
    let text_bytes: usize = docs
        .iter()
        .flat_map(|d| &d.sections)
        .map(|s| s.text.len() + s.heading.len())
        .sum();
    let dir = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let stats = write_index(&docs, dir.path()).unwrap();
    println!(
        "search index for {n} pages ({:?}, unoptimised build): text {:.1} MB, index {:.1} MB in {} files, largest {} KB",
        started.elapsed(),
        text_bytes as f64 / 1e6,
        stats.total_bytes as f64 / 1e6,
        stats.files,
        stats.largest_file_bytes / 1024
    );
    assert!(
        stats.total_bytes < text_bytes as u64,
        "the index must be smaller than the text"
    );
    let cards: u64 = read_tree(&dir.path().join("search/c"))
        .values()
        .map(|f| f.len() as u64)
        .sum();
    println!("cards: {:.1} KB", cards as f64 / 1024.0);
    assert!(cards < 500_000, "the cards of 10,000 pages: {cards} bytes");

    for q in ["rotate token", "user group", "page 4321", "rot dash"] {
        let mut searcher = Searcher::open(&dir.path().join("search")).unwrap();
        let hits = searcher.search(q, None, 20).unwrap();
        let downloaded: u64 = searcher.bytes_read().values().sum();
        println!(
            "query {q:?}: {} hits, {} files, {:.1} KB (top: {})",
            hits.len(),
            searcher.bytes_read().len(),
            downloaded as f64 / 1024.0,
            hits[0].title
        );
        assert_eq!(hits.len(), 20);
        assert!(downloaded < 1_000_000, "{q:?} needs {downloaded} bytes");
    }
    assert_eq!(titles(dir.path(), "page 4321")[0], "Page 4321");
}

#[test]
fn docs_handed_over_in_chunks_give_the_same_files() {
    let n = 600;
    let docs: Vec<SearchDoc> = (0..n).map(|i| synthetic_doc(i, n)).collect();
    let whole = tempfile::tempdir().unwrap();
    let whole_stats = write_index(&docs, whole.path()).unwrap();
    for chunk in [1, 97, 512] {
        let chunked = tempfile::tempdir().unwrap();
        let mut builder = IndexBuilder::new(chunked.path()).unwrap();
        for part in docs.chunks(chunk) {
            builder.add(part).unwrap();
        }
        assert_eq!(builder.finish().unwrap(), whole_stats, "chunks of {chunk}");
        assert!(
            read_tree(&whole.path().join("search")) == read_tree(&chunked.path().join("search")),
            "chunks of {chunk} wrote other files"
        );
    }
}

#[test]
fn a_searcher_reused_for_many_queries_answers_as_a_fresh_one() {
    let n = 600;
    let docs: Vec<SearchDoc> = (0..n).map(|i| synthetic_doc(i, n)).collect();
    let dir = indexed(&docs);
    let index = dir.path().join("search");
    let mut reused = Searcher::open(&index).unwrap();
    let queries = ["rotate token", "rot", "page 42", "token", "rotate token"];
    for q in queries.iter().cycle().take(12) {
        let fresh = Searcher::open(&index).unwrap().search(q, None, 7).unwrap();
        assert_eq!(reused.search(q, None, 7).unwrap(), fresh, "{q}");
    }
}
