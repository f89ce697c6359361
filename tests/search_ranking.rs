//! Search ranking, scoping and page set on fixture sites built by the real
//! binary, asked of the Rust mirror of `search.js` (`sheaf::search`):
//! `tests/fixtures/search-ranking` (titles, headings, Chinese, Japanese and
//! Korean words; the same cases run in Chromium, `tests/browser/search.rs`),
//! `search-languages` (a page's language follows its folder) and
//! `search-listed-twice` (a page listed twice is one result).

mod common;
#[path = "common/search_cases.rs"]
mod search_cases;

use sheaf::search::Searcher;

use search_cases::RANKING_CASES;

/// The language a case's page is in: its first folder if it names one.
fn language_of(page: &str) -> Option<&'static str> {
    ["ja", "zh", "ko"]
        .into_iter()
        .find(|code| page.starts_with(&format!("{code}/")))
        .or(Some("en"))
}

fn titles(searcher: &mut Searcher, q: &str, language: Option<&str>) -> Vec<String> {
    let hits = searcher.search_in(q, None, language, 20).unwrap();
    hits.into_iter().map(|h| h.title).collect()
}

#[test]
fn the_rust_mirror_ranks_the_fixture_cases_as_expected() {
    let (_out, site, _) = common::build_fixture("search-ranking");
    let mut searcher = Searcher::open(&site.join("search")).unwrap();
    for (page, query, expected) in RANKING_CASES {
        let found = titles(&mut searcher, query, language_of(page));
        assert_eq!(found, *expected, "{query} from {page}");
    }
}

#[test]
fn a_page_in_a_language_folder_has_that_language_listed_or_not() {
    let (_out, site, _) = common::build_fixture("search-languages");
    for (file, lang) in [
        ("index.html", "en"),
        ("ja/index.html", "ja"),
        ("ja/hidden/index.html", "ja"),
        ("ja/unlisted/index.html", "ja"),
        ("unlisted/index.html", "en"),
    ] {
        let html = common::read_built(&site, file);
        assert!(
            html.starts_with(&format!("<!doctype html><html lang={lang} ")),
            "{file}: {}",
            &html[..80]
        );
    }
    let mut searcher = Searcher::open(&site.join("search")).unwrap();
    let found = titles(&mut searcher, "非公開", Some("ja"));
    assert_eq!(
        found,
        ["非公開のページ", "一覧にないページ"],
        "hidden pages are searched in Japanese"
    );
    assert!(titles(&mut searcher, "非公開", Some("en")).is_empty());
}

#[test]
fn a_page_listed_twice_is_one_page_in_the_index() {
    let (_out, site, _) = common::build_fixture("search-listed-twice");
    let mut searcher = Searcher::open(&site.join("search")).unwrap();
    let hits = searcher.search("authorization", None, 20).unwrap();
    let urls: Vec<&str> = hits.iter().map(|h| h.url.as_str()).collect();
    assert_eq!(urls, ["authentication/"]);
}

#[test]
fn results_outside_the_readers_version_name_their_version() {
    let (_out, site, _) = common::build_fixture("search-versions");
    let mut searcher = Searcher::open(&site.join("search")).unwrap();
    let versions = |hits: Vec<sheaf::search::Hit>| -> Vec<(String, Option<String>)> {
        hits.into_iter().map(|h| (h.title, h.version)).collect()
    };
    let all = versions(searcher.search("rotate", None, 20).unwrap());
    assert_eq!(
        all,
        [
            ("Rotate a token".to_string(), Some("v2".to_string())),
            ("Rotate a token (v1)".to_string(), Some("v1".to_string())),
        ]
    );
    let v1 = versions(searcher.search("rotate", Some("v1"), 20).unwrap());
    assert_eq!(
        v1,
        [("Rotate a token (v1)".to_string(), Some("v1".to_string()))]
    );
}
