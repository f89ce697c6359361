//! `sheaf --version` prints the version and the commit it was built from,
//! and the build script finds that commit from every kind of source: the
//! environment, a git checkout, a crate's `.cargo_vcs_info.json`, a
//! `git archive` (`build/commit.txt`, filled in by git's `export-subst`),
//! else `unknown`. The build script's own code (`build/commit.rs`) is
//! compiled into this test.

#[path = "../build/commit.rs"]
#[allow(dead_code)]
mod commit;

use std::path::Path;
use std::process::Command;

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(repository())
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

#[test]
fn version_prints_the_version_and_a_commit() {
    let output = Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(output.status.success());
    let line = String::from_utf8(output.stdout).unwrap();
    let prefix = format!("sheaf {} (", env!("CARGO_PKG_VERSION"));
    let commit = (line.trim_end().strip_prefix(&prefix))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not `sheaf VERSION (COMMIT)`: {line}"));
    if repository().join(".git").exists() && std::env::var_os("SHEAF_COMMIT").is_none() {
        assert_eq!(commit.len(), commit::SHOWN_DIGITS, "{line}");
        let object = format!("{commit}^{{commit}}");
        assert!(
            git(&["cat-file", "-e", &object]).is_some(),
            "{commit} is no commit here"
        );
    }
}

#[test]
fn the_environment_names_the_commit_first() {
    let empty = tempfile::tempdir().unwrap();
    let found = commit::find(empty.path(), Some("ABCDEF0123456789".into()));
    assert_eq!(found.commit, "abcdef012345");
    let found = commit::find(empty.path(), Some("not a commit".into()));
    assert_eq!(found.commit, "unknown");
}

#[test]
fn a_checkout_names_its_head() {
    let Some(head) = git(&["rev-parse", "HEAD"]) else {
        eprintln!("skipped: the source is not a git checkout (or git is missing)");
        return;
    };
    let found = commit::find(repository(), None);
    assert_eq!(found.commit, head[..commit::SHOWN_DIGITS]);
    assert!(
        found.watched.iter().any(|path| path.ends_with("HEAD")),
        "{found:?}"
    );
}

#[test]
fn a_crate_from_crates_io_names_the_commit_it_was_packaged_from() {
    let dir = tempfile::tempdir().unwrap();
    let info = r#"{
  "git": {
    "sha1": "0123456789abcdef0123456789abcdef01234567"
  },
  "path_in_vcs": ""
}"#;
    std::fs::write(dir.path().join(".cargo_vcs_info.json"), info).unwrap();
    assert_eq!(commit::find(dir.path(), None).commit, "0123456789ab");
}

/// A `git archive` of a repository holding this checkout's
/// `.gitattributes` and `build/commit.txt`: git fills in the commit.
#[test]
fn a_source_archive_without_git_names_its_commit() {
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir(repo.path().join("build")).unwrap();
    for file in [".gitattributes", "build/commit.txt"] {
        std::fs::copy(repository().join(file), repo.path().join(file)).unwrap();
    }
    let run = |args: &[&str]| {
        let output = Command::new("git")
            .args(["-c", "user.name=sheaf", "-c", "user.email=sheaf@localhost"])
            .args(args)
            .current_dir(repo.path())
            .output();
        let output = output.expect("git runs");
        assert!(
            output.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    run(&["init", "-q"]);
    run(&["add", "."]);
    run(&["commit", "-q", "-m", "source"]);
    let head = run(&["rev-parse", "HEAD"]);
    run(&["archive", "--format=tar", "-o", "source.tar", "HEAD"]);
    let unpacked = tempfile::tempdir().unwrap();
    let tar = Command::new("tar")
        .arg("-xf")
        .arg(repo.path().join("source.tar"))
        .arg("-C")
        .arg(unpacked.path())
        .status()
        .unwrap();
    assert!(tar.success());
    assert!(!unpacked.path().join(".git").exists());
    let found = commit::find(unpacked.path(), None);
    assert_eq!(found.commit, head[..commit::SHOWN_DIGITS]);
}

#[test]
fn without_any_source_the_commit_is_unknown() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("build")).unwrap();
    std::fs::copy(
        repository().join("build/commit.txt"),
        dir.path().join("build/commit.txt"),
    )
    .unwrap();
    assert_eq!(commit::find(dir.path(), None).commit, "unknown");
}
