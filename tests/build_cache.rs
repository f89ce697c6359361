//! The build cache (`--cache-dir`, `--no-cache`): Mermaid drawings and
//! highlighted code kept between builds are read instead of made again, give the same site byte for
//! byte, survive damage, are shared safely, stay out of the site when the
//! cache lies inside the docs root, and never hold what lies outside it.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{fixture_copy, snapshot, stderr};

/// `sheaf build ROOT --out OUT --timings` with `cache` (`--cache-dir`
/// DIR, or `--no-cache`), the cache folder given by the environment set to
/// `env_cache` so that nothing lands in the user's own.
fn build(root: &Path, out: &Path, cache: &[&str], env_cache: &Path) -> Output {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .arg("build")
        .arg(root)
        .arg("--out")
        .arg(out)
        .args(["--timings", "--quiet"])
        .args(cache)
        .env("SHEAF_CACHE_DIR", env_cache)
        .env("NO_COLOR", "1")
        .output()
        .expect("sheaf runs");
    assert!(output.status.success(), "{}", stderr(&output));
    output
}

/// The `Mermaid: …` note of `--timings`.
fn mermaid_note(output: &Output) -> String {
    let text = stderr(output);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("Mermaid:"));
    line.expect("the Mermaid note").trim().to_string()
}

fn drawings(cache: &Path) -> Vec<PathBuf> {
    let Ok(listing) = std::fs::read_dir(cache.join("drawings")) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = listing.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

#[test]
fn a_second_build_reads_every_drawing_and_writes_the_same_site() {
    let root = fixture_copy("build-cache");
    let work = tempfile::tempdir().unwrap();
    let cache = work.path().join("cache");
    let flag = ["--cache-dir", cache.to_str().unwrap()];
    let unused = work.path().join("unused");

    let first = build(root.path(), &work.path().join("one"), &flag, &unused);
    assert_eq!(
        mermaid_note(&first),
        "Mermaid: 3 distinct diagrams (3 before the pages), 3 drawn, 0 read from the build cache"
    );
    assert_eq!(drawings(&cache).len(), 3, "one entry per distinct diagram");
    let tag = std::fs::read_to_string(cache.join("CACHEDIR.TAG")).unwrap();
    assert!(tag.starts_with("Signature: 8a477f597d28d172789f06886806bc55"));

    let second = build(root.path(), &work.path().join("two"), &flag, &unused);
    assert_eq!(
        mermaid_note(&second),
        "Mermaid: 3 distinct diagrams (3 before the pages), 0 drawn, 3 read from the build cache"
    );
    let one = snapshot(&work.path().join("one"));
    assert_eq!(one, snapshot(&work.path().join("two")));
    let page = String::from_utf8(one[Path::new("index.html")].clone()).unwrap();
    assert_eq!(
        page.matches(
            "<figure class=\"c-mermaid mermaid\" data-component-name=\"mermaid-container\"><svg"
        )
        .count(),
        2
    );
    assert!(!unused.exists(), "--cache-dir wins over SHEAF_CACHE_DIR");
}

#[test]
fn a_damaged_or_foreign_entry_is_drawn_again_never_shown() {
    let root = fixture_copy("build-cache");
    let work = tempfile::tempdir().unwrap();
    let cache = work.path().join("cache");
    let flag = ["--cache-dir", cache.to_str().unwrap()];
    build(root.path(), &work.path().join("clean"), &flag, &cache);
    let entries = drawings(&cache);
    let whole = std::fs::read(&entries[0]).unwrap();
    std::fs::write(&entries[0], &whole[..whole.len() / 2]).unwrap();
    let mut flipped = std::fs::read(&entries[1]).unwrap();
    let last = flipped.len() - 10;
    flipped[last] ^= 0x20;
    std::fs::write(&entries[1], &flipped).unwrap();
    std::fs::write(&entries[2], "<svg>not sheaf's</svg>").unwrap();

    let again = build(root.path(), &work.path().join("again"), &flag, &cache);
    assert_eq!(
        mermaid_note(&again),
        "Mermaid: 3 distinct diagrams (3 before the pages), 3 drawn, 0 read from the build cache"
    );
    assert_eq!(
        snapshot(&work.path().join("clean")),
        snapshot(&work.path().join("again"))
    );
    let third = build(root.path(), &work.path().join("third"), &flag, &cache);
    assert!(
        mermaid_note(&third).contains("0 drawn, 3 read"),
        "rewritten whole"
    );
}

#[test]
fn no_cache_reads_and_writes_none() {
    let root = fixture_copy("build-cache");
    let work = tempfile::tempdir().unwrap();
    let cache = work.path().join("cache");
    let first = build(root.path(), &work.path().join("a"), &["--no-cache"], &cache);
    assert!(mermaid_note(&first).contains("3 drawn, 0 read"));
    assert!(!cache.exists(), "nothing written with --no-cache");

    build(root.path(), &work.path().join("b"), &[], &cache);
    assert_eq!(drawings(&cache).len(), 3, "SHEAF_CACHE_DIR without a flag");
    let third = build(root.path(), &work.path().join("c"), &["--no-cache"], &cache);
    assert!(
        mermaid_note(&third).contains("3 drawn, 0 read"),
        "none read"
    );
}

#[test]
fn a_cache_inside_the_docs_root_is_not_part_of_the_site() {
    let root = fixture_copy("build-cache");
    let work = tempfile::tempdir().unwrap();
    // Not hidden, so only its CACHEDIR.TAG keeps it out of the walk.
    let cache = root.path().join("build-cache");
    let flag = ["--cache-dir", cache.to_str().unwrap()];
    build(root.path(), &work.path().join("one"), &flag, &cache);
    assert_eq!(drawings(&cache).len(), 3);
    let second = build(root.path(), &work.path().join("two"), &flag, &cache);
    assert!(mermaid_note(&second).contains("0 drawn, 3 read"));
    let site = snapshot(&work.path().join("two"));
    assert!(
        site.keys().all(|path| !path.starts_with("build-cache")),
        "the cache was published: {:?}",
        site.keys().collect::<Vec<_>>()
    );
    assert_eq!(snapshot(&work.path().join("one")), site);
}

#[test]
fn two_builds_sharing_one_cache_at_once_both_write_the_right_site() {
    let root = fixture_copy("build-cache");
    let work = tempfile::tempdir().unwrap();
    let cache = work.path().join("cache");
    let flag = ["--cache-dir", cache.to_str().unwrap()];
    let reference = work.path().join("reference");
    build(root.path(), &reference, &["--no-cache"], &cache);
    for round in 0..3 {
        let outs = [0, 1].map(|i| work.path().join(format!("{round}-{i}")));
        std::thread::scope(|s| {
            for out in &outs {
                s.spawn(|| build(root.path(), out, &flag, &cache));
            }
        });
        for out in &outs {
            assert_eq!(snapshot(&reference), snapshot(out), "round {round}");
        }
    }
    assert_eq!(drawings(&cache).len(), 3, "no temporary file left");
}

#[cfg(unix)]
#[test]
fn a_page_linked_from_outside_the_root_puts_nothing_in_the_cache() {
    let root = fixture_copy("build-cache");
    let outside = tempfile::tempdir().unwrap();
    let secret = "```mermaid\ngraph TD\n  Secret --> Outside\n```\n";
    let file = outside.path().join("secret.mdx");
    std::fs::write(&file, format!("---\ntitle: Secret\n---\n{secret}")).unwrap();
    std::os::unix::fs::symlink(&file, root.path().join("secret.mdx")).unwrap();
    let config = root.path().join("site.json");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        text.replace("\"token-rotation\"]", "\"token-rotation\", \"secret\"]"),
    )
    .unwrap();

    // `check` renders every page it can, so the pages inside the root draw
    // their diagrams; the linked page is refused.
    let work = tempfile::tempdir().unwrap();
    let cache = work.path().join("cache");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args(["check", "--cache-dir"])
        .arg(&cache)
        .arg(root.path())
        .env("NO_COLOR", "1")
        .output()
        .expect("sheaf runs");
    assert!(stderr(&output).contains("secret"), "{}", stderr(&output));
    let kept: Vec<String> = drawings(&cache)
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    assert_eq!(kept.len(), 3, "the three diagrams inside the root");
    assert!(kept.iter().all(|entry| !entry.contains("Secret")));
}
