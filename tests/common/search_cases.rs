//! The ranking cases of `tests/fixtures/search-ranking`, asked of the Rust
//! mirror (`tests/search_ranking.rs`) and of `search.js` in Chromium
//! (`tests/browser/search.rs`): both must answer them alike.

/// `(page to search from, query, titles expected, best first)`. The page
/// sets the language searched; the Rust mirror is asked in that language.
pub const RANKING_CASES: &[(&str, &str, &[&str])] = &[
    // An exact title first, a title holding more words after it.
    (
        "user/",
        "create user",
        &[
            "Create User",
            "Get or Create User",
            "User",
            "Update User",
            "Tokens",
        ],
    ),
    // A heading match above body matches, whatever the navigation order.
    ("user/", "rotation", &["Tokens", "Create User"]),
    // A Japanese word, not its pieces scattered over another page.
    ("ja/business/", "ビジネスチャンス", &["ビジネス"]),
    // Voicing marks make another word.
    ("ja/business/", "ヒシネス", &[]),
    ("ja/business/", "テータ", &[]),
    ("ja/business/", "データ", &["データ"]),
    // Chinese alike: 令牌轮换 is on one page, its pieces apart on another.
    ("zh/auth/", "令牌轮换", &["认证"]),
    ("zh/auth/", "轮换", &["认证", "品牌"]),
    // Korean by syllable: 사용 and 사 start 사용자, not 상태; 사요 (its jamo
    // a prefix of 사용자's) is another word.
    ("ko/user/", "사용", &["사용자"]),
    ("ko/user/", "사", &["사용자"]),
    ("ko/user/", "사요", &[]),
];
