//! The docs root's version history, for the "last modified" line of
//! docs.json `metadata.timestamp` (site.json `timestamp`, a page's
//! frontmatter `timestamp` overriding either).
//!
//! One `git log` over the whole root, read once at load ([`History::read`]):
//! each commit's committer date (`%cI`) and the files it changed, newest
//! first, so a file's first appearance is its last change. The cost is one
//! pass over the history, whatever the number of pages. A page's date is
//! the commit's date as its committer wrote it (`2024-03-01` for
//! `2024-03-01T23:30:00-05:00`): the same for the same commit on every
//! machine, whatever its time zone or the files' times. A root that is no
//! git repository, or a machine without git, gives no dates and one note.
//! Files changed but not committed keep their last commit's date; files
//! never committed show none.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::config::SourceDoc;
use crate::content::{Page, Site};
use crate::diagnostics::Diagnostic;
use crate::render::LastModified;
use crate::rules::Rule;

/// The date of each file's last commit, relative to the docs root.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    dates: HashMap<PathBuf, String>,
}

/// Why the history could not be read.
#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    #[error("cannot run git: {0}")]
    NoGit(std::io::Error),
    #[error("git log failed: {0}")]
    Failed(String),
}

impl History {
    /// Reads the history of the files under `root` with one `git log`.
    pub fn read(root: &Path) -> Result<History, HistoryError> {
        let output = Command::new("git")
            .arg("-C")
            .arg(root)
            .args([
                "--no-pager",
                "log",
                "--format=%x01%cI",
                "--name-only",
                "-z",
                "--no-renames",
                "--relative",
                "--",
                ".",
            ])
            .env("GIT_TERMINAL_PROMPT", "0")
            .output()
            .map_err(HistoryError::NoGit)?;
        if !output.status.success() {
            let why = String::from_utf8_lossy(&output.stderr);
            let why = why.lines().next().unwrap_or("no reason given").trim();
            return Err(HistoryError::Failed(why.to_string()));
        }
        Ok(History::parse(&String::from_utf8_lossy(&output.stdout)))
    }

    /// Reads `git log --format=%x01%cI --name-only -z` output: NUL-separated
    /// tokens, a commit's date marked by `\x01`, then the files it changed.
    fn parse(log: &str) -> History {
        let mut dates = HashMap::new();
        let mut date: Option<&str> = None;
        for token in log.split('\0') {
            let token = token.trim_start_matches('\n');
            if let Some(commit_date) = token.strip_prefix('\u{1}') {
                date = Some(commit_date.trim());
            } else if let (false, Some(date)) = (token.is_empty(), date) {
                dates
                    .entry(PathBuf::from(token))
                    .or_insert_with(|| date.to_string());
            }
        }
        History { dates }
    }

    /// The committer date (`%cI`) of the last commit that changed `file`.
    pub fn changed(&self, file: &Path) -> Option<&str> {
        self.dates.get(file).map(String::as_str)
    }
}

/// Whether `page` shows its "last modified" line: its frontmatter's
/// `timestamp`, else the config's.
pub fn shows_date(site: &Site, page: &Page) -> bool {
    page.frontmatter.timestamp.unwrap_or(site.config.timestamp)
}

/// The history of the docs root when a page shows its date; a note (at
/// `metadata.timestamp` in the config) when it cannot be read.
pub fn read_for(
    site: &Site,
    file: &Path,
    source: Option<&SourceDoc>,
) -> (Option<History>, Vec<Diagnostic>) {
    if !site.pages.iter().any(|page| shows_date(site, page)) {
        return (None, Vec::new());
    }
    match History::read(&site.root) {
        Ok(history) => (Some(history), Vec::new()),
        Err(why) => {
            let note = Diagnostic::note(
                file,
                format!("pages show no last-modified date: the docs root's version history cannot be read ({why})"),
            )
            .with_rule(Rule::NoHistory)
            .with_help("build from a git checkout of the docs (with git installed); a shallow clone dates pages by its oldest commit");
            let note = match source {
                Some(doc) => doc.locate(note, "/timestamp"),
                None => note,
            };
            (None, vec![note])
        }
    }
}

/// The page's "last modified" line, when it shows one and its file has a
/// commit.
pub fn last_modified(history: Option<&History>, site: &Site, page: &Page) -> Option<LastModified> {
    if !shows_date(site, page) {
        return None;
    }
    let committed = history?.changed(page.source_path.as_ref()?)?;
    let (text, datetime) = display_date(committed)?;
    Some(LastModified { text, datetime })
}

/// A committer date as the page shows it: `March 1, 2024` (the date as the
/// committer wrote it), and the machine-readable form for `<time>`.
pub fn display_date(committed: &str) -> Option<(String, String)> {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let day = committed.get(..10)?;
    let mut parts = day.split('-').map(|p| p.parse::<usize>().ok());
    let (Some(year), Some(month), Some(date)) = (
        parts.next().flatten(),
        parts.next().flatten(),
        parts.next().flatten(),
    ) else {
        return None;
    };
    let name = MONTHS.get(month.checked_sub(1)?)?;
    Some((format!("{name} {date}, {year}"), committed.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_takes_the_date_of_its_newest_commit() {
        let log = "\u{1}2024-03-01T23:30:00-05:00\0\na.md\0\0\u{1}2024-01-15T10:00:00+02:00\0\na.md\0b c.mdx\0";
        let history = History::parse(log);
        assert_eq!(
            history.changed(Path::new("a.md")),
            Some("2024-03-01T23:30:00-05:00")
        );
        assert_eq!(
            history.changed(Path::new("b c.mdx")),
            Some("2024-01-15T10:00:00+02:00")
        );
        assert_eq!(history.changed(Path::new("d.md")), None);
    }

    #[test]
    fn the_date_is_the_one_the_committer_wrote() {
        let (text, datetime) = display_date("2024-03-01T23:30:00-05:00").unwrap();
        assert_eq!(text, "March 1, 2024");
        assert_eq!(datetime, "2024-03-01T23:30:00-05:00");
        assert_eq!(display_date("garbage"), None);
        assert_eq!(display_date("2024-13-01T00:00:00Z"), None);
    }
}
