//! docs.json `metadata.timestamp` (issue 65 part 4): a "last modified" line
//! on each page from the docs root's git history, the date of the commit
//! that last changed the page as its committer wrote it, whatever the
//! machine's time zone or the files' times; frontmatter `timestamp`
//! overrides it per page; a root without history is a note.

mod common;

use std::path::Path;
use std::process::Command;

use common::{build_ok, read_built, sheaf};

const DOCS: &str = r##"{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "User Group Service",
  "colors": { "primary": "#0D9373" },
  "metadata": { "timestamp": true },
  "navigation": { "groups": [ { "group": "Guides", "pages": ["index", "quickstart", "tokens"] } ] }
}
"##;

fn git(root: &Path, args: &[&str], date: &str) {
    let done = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["-c", "user.name=Docs", "-c", "user.email=docs@example.com"])
        .args(["-c", "commit.gpgsign=false"])
        .args(args)
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .output()
        .expect("git runs");
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
}

/// A docs root (a folder of a git repository, as docs often are) with
/// three commits at fixed dates in different zones.
fn git_docs_root() -> tempfile::TempDir {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path().join("docs");
    std::fs::create_dir(&root).unwrap();
    let write = |name: &str, text: &str| std::fs::write(root.join(name), text).unwrap();
    write("docs.json", DOCS);
    write(
        "index.mdx",
        "---\ntitle: Introduction\n---\n\nThe User Group Service.\n",
    );
    write(
        "quickstart.mdx",
        "---\ntitle: Quickstart\n---\n\nCall `GET /api/user`.\n",
    );
    git(repo.path(), &["init", "-q"], "2024-01-15T10:00:00+02:00");
    git(repo.path(), &["add", "."], "2024-01-15T10:00:00+02:00");
    git(
        repo.path(),
        &["commit", "-qm", "first"],
        "2024-01-15T10:00:00+02:00",
    );
    write(
        "quickstart.mdx",
        "---\ntitle: Quickstart\n---\n\nCall `PUT /api/user`.\n",
    );
    git(repo.path(), &["add", "."], "2024-03-01T23:30:00-05:00");
    git(
        repo.path(),
        &["commit", "-qm", "second"],
        "2024-03-01T23:30:00-05:00",
    );
    // Never committed: no date.
    write(
        "tokens.mdx",
        "---\ntitle: Tokens\n---\n\nRotate with `POST`.\n",
    );
    repo
}

fn last_modified(site: &Path, page: &str) -> Option<String> {
    let html = read_built(site, page);
    let start = html.find("<p id=last-modified")?;
    let end = start + html[start..].find("</p>").unwrap();
    Some(html[start..end + 4].to_string())
}

#[test]
fn each_page_shows_the_date_of_its_last_commit_whatever_the_time_zone() {
    let repo = git_docs_root();
    let root = repo.path().join("docs");
    // File times say nothing: touch every file now.
    for name in ["index.mdx", "quickstart.mdx"] {
        let text = std::fs::read(root.join(name)).unwrap();
        std::fs::write(root.join(name), text).unwrap();
    }
    let mut built = Vec::new();
    for zone in ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"] {
        let out = tempfile::tempdir().unwrap();
        let run = Command::new(env!("CARGO_BIN_EXE_sheaf"))
            .args([
                "build",
                root.to_str().unwrap(),
                "--out",
                out.path().to_str().unwrap(),
            ])
            .env("TZ", zone)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        built.push([
            last_modified(out.path(), "index.html"),
            last_modified(out.path(), "quickstart/index.html"),
            last_modified(out.path(), "tokens/index.html"),
        ]);
    }
    assert_eq!(
        built[0],
        [
            Some("<p id=last-modified class=last-modified>Last modified on <time datetime=2024-01-15T10:00:00+02:00>January 15, 2024</time></p>".to_string()),
            Some("<p id=last-modified class=last-modified>Last modified on <time datetime=2024-03-01T23:30:00-05:00>March 1, 2024</time></p>".to_string()),
            None,
        ]
    );
    assert!(built.iter().all(|b| *b == built[0]), "{built:#?}");
}

#[test]
fn frontmatter_timestamp_overrides_the_config_for_its_page() {
    let repo = git_docs_root();
    let root = repo.path().join("docs");
    std::fs::write(
        root.join("index.mdx"),
        "---\ntitle: Introduction\ntimestamp: false\n---\n\nThe User Group Service.\n",
    )
    .unwrap();
    git(
        repo.path(),
        &["commit", "-qam", "third"],
        "2024-04-02T08:00:00Z",
    );
    let out = tempfile::tempdir().unwrap();
    build_ok(&root, out.path());
    assert_eq!(last_modified(out.path(), "index.html"), None);
    assert!(last_modified(out.path(), "quickstart/index.html").is_some());
    // A page asking for it when the config does not.
    let plain = DOCS.replace(r#""metadata": { "timestamp": true },"#, "");
    std::fs::write(root.join("docs.json"), plain).unwrap();
    std::fs::write(
        root.join("quickstart.mdx"),
        "---\ntitle: Quickstart\ntimestamp: true\n---\n\nCall `PUT /api/user`.\n",
    )
    .unwrap();
    git(
        repo.path(),
        &["commit", "-qam", "fourth"],
        "2024-05-06T07:00:00+09:00",
    );
    let out = tempfile::tempdir().unwrap();
    build_ok(&root, out.path());
    assert_eq!(last_modified(out.path(), "index.html"), None);
    let quickstart = last_modified(out.path(), "quickstart/index.html").unwrap();
    assert!(quickstart.contains(">May 6, 2024</time>"), "{quickstart}");
}

#[test]
fn a_root_without_history_is_a_note_and_still_builds() {
    let root = tempfile::tempdir().unwrap();
    // Not a repository, and no repository above it either.
    std::fs::write(root.path().join("docs.json"), DOCS).unwrap();
    std::fs::write(
        root.path().join("index.mdx"),
        "---\ntitle: Introduction\n---\n\nHi.\n",
    )
    .unwrap();
    std::fs::write(root.path().join("quickstart.mdx"), "# Quickstart\n").unwrap();
    std::fs::write(root.path().join("tokens.mdx"), "# Tokens\n").unwrap();
    let ceiling = root.path().parent().unwrap();
    let checked = Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args([
            "check",
            root.path().to_str().unwrap(),
            "--format",
            "json",
            "--no-cache",
        ])
        .env("GIT_CEILING_DIRECTORIES", ceiling)
        .output()
        .unwrap();
    assert_eq!(checked.status.code(), Some(0));
    let notes: Vec<serde_json::Value> = String::from_utf8_lossy(&checked.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|f| f["rule"] == "no-history")
        .collect();
    assert_eq!(notes.len(), 1, "{notes:#?}");
    assert_eq!(notes[0]["severity"], "note");
    assert_eq!(
        notes[0]["line"], 6,
        "at `metadata.timestamp`: {:#?}",
        notes[0]
    );
    assert!(notes[0]["message"].as_str().unwrap().starts_with(
        "pages show no last-modified date: the docs root's version history cannot be read"
    ));
    let out = tempfile::tempdir().unwrap();
    let built = sheaf(&[
        "build",
        root.path().to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert!(built.status.success());
    assert_eq!(last_modified(out.path(), "index.html"), None);
}
