//! The commit `sheaf --version` names, found by the build script
//! (`build.rs`) wherever the source came from, first found wins:
//!
//! 1. `SHEAF_COMMIT` in the build's environment (a packager who knows it);
//! 2. a git checkout: `git rev-parse HEAD` (the files it reads are watched,
//!    so a new commit rebuilds the version line);
//! 3. a crate from crates.io (`cargo package`): `.cargo_vcs_info.json`'s
//!    `git.sha1`;
//! 4. a `git archive` (a release's source archive, GitHub's "Source code"
//!    download): `build/commit.txt`, whose `$Format:%H$` git replaces with
//!    the commit (`export-subst` in `.gitattributes`);
//! 5. otherwise `unknown`.
//!
//! The commit is shown as its first 12 hex digits. This file is also
//! compiled into `tests/version.rs`, which tries each source.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Hex digits of the commit shown.
pub const SHOWN_DIGITS: usize = 12;

/// The commit found and the files whose change should find it again.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub commit: String,
    pub watched: Vec<PathBuf>,
}

/// The commit of the source in `root` (the package's folder), with
/// `from_environment` the value of `SHEAF_COMMIT`, if set.
pub fn find(root: &Path, from_environment: Option<String>) -> Found {
    let given = from_environment.and_then(|text| hex_commit(&text));
    let found = given.map(|commit| (commit, Vec::new()));
    let found = found.or_else(|| from_git(root));
    let found = found.or_else(|| in_file(&root.join(".cargo_vcs_info.json"), vcs_info_sha1));
    let found = found.or_else(|| in_file(&root.join("build/commit.txt"), hex_commit));
    let (commit, watched) = found.unwrap_or_else(|| ("unknown".to_string(), Vec::new()));
    Found { commit, watched }
}

/// A 7 to 40 digit hex commit at the start of `text` (after spaces),
/// shortened to [`SHOWN_DIGITS`]; `None` for `$Format:%H$` left as it was.
pub fn hex_commit(text: &str) -> Option<String> {
    let text = text.trim();
    let digits = text.len();
    let hex = text.bytes().all(|b| b.is_ascii_hexdigit());
    (hex && (7..=40).contains(&digits)).then(|| text[..digits.min(SHOWN_DIGITS)].to_lowercase())
}

fn in_file(path: &Path, read: fn(&str) -> Option<String>) -> Option<(String, Vec<PathBuf>)> {
    let text = std::fs::read_to_string(path).ok()?;
    Some((read(&text)?, vec![path.to_path_buf()]))
}

/// `"sha1": "…"` in `.cargo_vcs_info.json` (one key of that name).
fn vcs_info_sha1(text: &str) -> Option<String> {
    let after = &text[text.find("\"sha1\"")? + "\"sha1\"".len()..];
    let value = after
        .trim_start()
        .strip_prefix(':')?
        .trim_start()
        .strip_prefix('"')?;
    hex_commit(&value[..value.find('"')?])
}

/// HEAD of the checkout at `root`, and the files that move when it does
/// (HEAD itself, the branch's ref, `packed-refs`).
fn from_git(root: &Path) -> Option<(String, Vec<PathBuf>)> {
    if !root.join(".git").exists() {
        return None;
    }
    let commit = hex_commit(&git(root, &["rev-parse", "HEAD"])?)?;
    let mut watched = vec![git_path(root, "HEAD")?];
    if let Some(branch) = git(root, &["symbolic-ref", "-q", "HEAD"]) {
        watched.extend(git_path(root, branch.trim()));
    }
    watched.extend(git_path(root, "packed-refs"));
    watched.retain(|path| path.exists());
    Some((commit, watched))
}

/// The file `name` of the checkout's git folder (`.git` may be a file
/// naming it elsewhere, as in a worktree).
fn git_path(root: &Path, name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(git(root, &["rev-parse", "--git-path", name])?.trim());
    Some(match path.is_absolute() {
        true => path,
        false => root.join(path),
    })
}

fn git(root: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(root)
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}
