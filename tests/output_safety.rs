//! sheaf never deletes what it did not write: `build --out` refuses the docs
//! folder, its parents, folders holding sources and folders of someone
//! else's files (the last unless `--force`); `init` never scatters files
//! among the author's own. Every case checks that each file that was there
//! before is still there, byte for byte.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::{copy_tree, fixture, sheaf, snapshot, stderr};

/// The files of `before` that are gone or changed in `dir` now.
fn lost_files(dir: &Path, before: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<PathBuf> {
    let now = snapshot(dir);
    before
        .iter()
        .filter(|(path, bytes)| now.get(*path) != Some(*bytes))
        .map(|(path, _)| path.clone())
        .collect()
}

/// A temporary folder holding `parent/docs` (a docs site),
/// `parent/other.txt` and `important/notes.txt`.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture("build-basic"), &dir.path().join("parent/docs"));
    fs::write(dir.path().join("parent/other.txt"), "unrelated").unwrap();
    fs::create_dir_all(dir.path().join("important")).unwrap();
    fs::write(dir.path().join("important/notes.txt"), "my notes").unwrap();
    dir
}

fn build(dir: &Path, root: &str, out: Option<&str>, force: bool) -> std::process::Output {
    let root = dir.join(root);
    let mut args = vec!["build".to_string(), root.to_string_lossy().into_owned()];
    if let Some(out) = out {
        args.push("--out".into());
        args.push(dir.join(out).to_string_lossy().into_owned());
    }
    if force {
        args.push("--force".into());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sheaf(&args)
}

/// Asserts the build failed, said `expected`, and left every file as it was.
fn assert_refused(dir: &Path, out: &str, force: bool, expected: &str) {
    let before = snapshot(dir);
    let output = build(dir, "parent/docs", Some(out), force);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "--out {out}: {err}");
    assert!(err.contains(expected), "--out {out}: {err}");
    assert!(err.contains("nothing was changed"), "{err}");
    assert_eq!(
        lost_files(dir, &before),
        Vec::<PathBuf>::new(),
        "--out {out}"
    );
    assert_eq!(snapshot(dir).len(), before.len(), "--out {out} added files");
}

#[test]
fn a_parent_of_the_docs_is_refused_even_with_force() {
    let dir = workspace();
    for force in [false, true] {
        assert_refused(dir.path(), "parent", force, "contains the docs folder");
    }
}

#[test]
fn the_docs_folder_itself_is_refused_even_with_force() {
    let dir = workspace();
    for force in [false, true] {
        assert_refused(
            dir.path(),
            "parent/docs",
            force,
            "is the docs folder itself",
        );
        assert_refused(
            dir.path(),
            "parent/docs/.",
            force,
            "is the docs folder itself",
        );
    }
}

#[test]
fn a_folder_of_pages_inside_the_docs_is_refused_even_with_force() {
    let dir = workspace();
    for force in [false, true] {
        assert_refused(
            dir.path(),
            "parent/docs/guides",
            force,
            "holds `guides/setup.mdx`, a source file",
        );
    }
}

#[test]
fn a_folder_of_someone_elses_files_needs_force() {
    let dir = workspace();
    assert_refused(
        dir.path(),
        "important",
        false,
        "holds files sheaf did not write (notes.txt)",
    );
    let refused = stderr(&build(dir.path(), "parent/docs", Some("important"), false));
    assert!(
        refused.contains("--force"),
        "the error says how to go on: {refused}"
    );

    let output = build(dir.path(), "parent/docs", Some("important"), true);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!dir.path().join("important/notes.txt").exists());
    assert!(dir
        .path()
        .join("important/introduction/index.html")
        .is_file());
}

#[test]
fn a_file_as_output_is_refused() {
    let dir = workspace();
    assert_refused(
        dir.path(),
        "parent/other.txt",
        true,
        "is a file, not a folder",
    );
}

#[test]
fn a_new_or_empty_folder_is_used_and_rebuilt_without_force() {
    let dir = workspace();
    fs::create_dir_all(dir.path().join("empty")).unwrap();
    for out in ["empty", "new/site"] {
        for run in 0..2 {
            let output = build(dir.path(), "parent/docs", Some(out), false);
            assert_eq!(
                output.status.code(),
                Some(0),
                "{out} run {run}: {}",
                stderr(&output)
            );
            assert!(dir.path().join(out).join(".sheaf-output").is_file());
        }
    }
}

#[test]
fn the_default_output_is_rebuilt_and_never_read_back_as_source() {
    let dir = workspace();
    let sources = snapshot(&dir.path().join("parent/docs"));
    let first = build(dir.path(), "parent/docs", None, false);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let pages = |output: &std::process::Output| {
        let err = stderr(output);
        err.split("built ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    let second = build(dir.path(), "parent/docs", None, false);
    assert_eq!(second.status.code(), Some(0), "{}", stderr(&second));
    assert_eq!(
        pages(&first),
        pages(&second),
        "the output's pages are not read back"
    );
    assert!(!dir.path().join("parent/docs/_site/_site").exists());
    assert_eq!(
        lost_files(&dir.path().join("parent/docs"), &sources),
        Vec::<PathBuf>::new()
    );
}

#[test]
fn an_output_folder_inside_the_docs_is_not_read_back_whatever_its_name() {
    let dir = workspace();
    for run in 0..2 {
        let output = build(dir.path(), "parent/docs", Some("parent/docs/public"), false);
        assert_eq!(
            output.status.code(),
            Some(0),
            "run {run}: {}",
            stderr(&output)
        );
    }
    let site = dir.path().join("parent/docs/public");
    assert!(
        !site.join("public").exists(),
        "the previous output became pages"
    );
    let sitemap = fs::read_to_string(site.join("sitemap.xml")).unwrap();
    assert!(!sitemap.contains("public/"), "{sitemap}");
}

#[test]
fn a_missing_docs_folder_is_named_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    let output = sheaf(&["build", missing.to_str().unwrap()]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("does not exist"), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert!(!err.contains("no site.json"), "{err}");
    assert!(!missing.exists());
    let check = stderr(&sheaf(&["check", missing.to_str().unwrap()]));
    assert!(check.contains("does not exist"), "{check}");
}

#[cfg(unix)]
#[test]
fn a_link_to_the_output_keeps_pointing_at_the_new_site() {
    let dir = workspace();
    let published = dir.path().join("www");
    fs::create_dir_all(&published).unwrap();
    std::os::unix::fs::symlink(&published, dir.path().join("link")).unwrap();
    for _ in 0..2 {
        let output = build(dir.path(), "parent/docs", Some("link"), false);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    }
    assert!(fs::symlink_metadata(dir.path().join("link"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(published.join("introduction/index.html").is_file());
}

/// Runs `sheaf init` with `args` in the folder `cwd`.
fn init_in(cwd: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .arg("init")
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn init_without_a_folder_refuses_a_folder_of_other_files() {
    let dir = workspace();
    let cwd = dir.path().join("important");
    let before = snapshot(dir.path());
    let output = init_in(&cwd, &[]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("sheaf init docs"), "{err}");
    assert_eq!(snapshot(dir.path()), before);

    let output = init_in(&cwd, &["docs"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(cwd.join("docs/site.json").is_file());
    assert_eq!(lost_files(dir.path(), &before), Vec::<PathBuf>::new());
}

#[test]
fn init_without_a_folder_works_in_a_fresh_repository() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join(".git")).unwrap();
    let output = init_in(dir.path(), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let check = sheaf(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}

#[test]
fn init_never_overwrites_a_page() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("quickstart.mdx"), "my own quickstart").unwrap();
    let before = snapshot(dir.path());
    let output = init_in(dir.path(), &["."]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("quickstart.mdx"));
    assert_eq!(snapshot(dir.path()), before);
}
