//! An interrupted rebuild leaves the output as the whole previous site or
//! the whole new one, and the next build removes what it left beside the
//! output (only folders sheaf marked as its own).
//!
//! Each round rebuilds a site of a few hundred pages under the other of two
//! names (so every page changes), waits for an observable point of the
//! rebuild (its staging folder exists; it holds some pages; the output
//! already shows the new name, while the previous one is being removed),
//! sends SIGKILL, SIGTERM or SIGINT there, and checks every page of the
//! output. No fixed sleeps: the test polls the file system, and the child
//! process has a generous time limit.

#![cfg(unix)]

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

const PAGES: usize = 300;
const LIMIT: Duration = Duration::from_secs(300);

/// A docs root of [`PAGES`] pages whose every page shows the site's name.
fn write_site(root: &Path, name: &str) {
    let pages: Vec<String> = (0..PAGES).map(|i| format!("p{i}")).collect();
    let config = serde_json::json!({
        "name": name,
        "navigation": [{"group": "G", "pages": pages}],
    });
    fs::create_dir_all(root).unwrap();
    fs::write(root.join("site.json"), config.to_string()).unwrap();
    for page in &pages {
        let text = format!("# Page {page}\n\nSome text of {page}.\n");
        fs::write(root.join(format!("{page}.mdx")), text).unwrap();
    }
}

/// The output's HTML pages: how many carry each name, of how many.
fn names_in(out: &Path, old: &str, new: &str) -> (usize, usize, usize) {
    let (mut with_old, mut with_new, mut pages) = (0, 0, 0);
    for entry in walkdir::WalkDir::new(out) {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "html") {
            let html = fs::read_to_string(entry.path()).unwrap();
            pages += 1;
            with_old += usize::from(html.contains(old));
            with_new += usize::from(html.contains(new));
        }
    }
    (with_old, with_new, pages)
}

/// The staging folders beside `out`.
fn staging_folders(out: &Path) -> Vec<PathBuf> {
    let prefix = format!(".{}.staging-", out.file_name().unwrap().to_str().unwrap());
    fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_name().to_str().unwrap().starts_with(&prefix))
        .map(|e| e.path())
        .collect()
}

fn files_under(dir: &Path) -> usize {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .count()
}

/// Where in a rebuild the signal is sent.
#[derive(Debug, Clone, Copy)]
enum Point {
    /// The staging folder exists.
    Staging,
    /// The staging folder holds this many files.
    Files(usize),
    /// The output shows the new name (the previous output is being removed).
    Swapped,
}

/// Whether the rebuild (into `out`, to the name `new`) has reached `point`.
fn reached(point: Point, out: &Path, new: &str) -> bool {
    match point {
        Point::Staging => !staging_folders(out).is_empty(),
        Point::Files(n) => staging_folders(out).iter().any(|s| files_under(s) >= n),
        Point::Swapped => {
            fs::read_to_string(out.join("p0/index.html")).is_ok_and(|h| h.contains(new))
        }
    }
}

fn build_command(root: &Path, out: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sheaf"));
    command
        .args([
            "build",
            root.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// Waits for the child, failing the test after [`LIMIT`].
fn wait(child: &mut Child) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("the build did not end within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn signal(child: &Child, name: &str) {
    let sent = Command::new("kill")
        .args(["-s", name, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -s {name}");
}

/// Runs a rebuild into `out` from `root` (named `new`), sends `signal_name`
/// at `point` (or not at all if the build ends first), and returns the
/// exit status and what the build printed.
fn interrupted_build(
    root: &Path,
    out: &Path,
    new: &str,
    point: Point,
    signal_name: &str,
) -> (ExitStatus, String, bool) {
    let mut child = build_command(root, out).spawn().unwrap();
    let started = Instant::now();
    let mut sent = false;
    while child.try_wait().unwrap().is_none() {
        if reached(point, out, new) {
            signal(&child, signal_name);
            sent = true;
            break;
        }
        assert!(started.elapsed() < LIMIT, "the build did not end");
        std::thread::yield_now();
    }
    let status = wait(&mut child);
    let mut printed = String::new();
    use std::io::Read;
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut printed)
        .unwrap();
    (status, printed, sent)
}

#[test]
fn an_interrupted_rebuild_leaves_the_old_site_or_the_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let (root, out) = (dir.path().join("docs"), dir.path().join("site"));
    let names = ["Site Alpha Name", "Site Bravo Name"];
    write_site(&root, names[0]);
    common::build_ok(&root, &out);
    let complete = files_under(&out);
    let mut current = 0;
    let points = [
        Point::Staging,
        Point::Files(PAGES / 3),
        Point::Files(PAGES),
        Point::Swapped,
    ];
    let mut stopped_cleanly = 0;
    for point in points {
        for signal_name in ["KILL", "TERM", "INT"] {
            let next = 1 - current;
            let config = fs::read_to_string(root.join("site.json")).unwrap();
            fs::write(
                root.join("site.json"),
                config.replace(names[current], names[next]),
            )
            .unwrap();
            let (status, printed, sent) =
                interrupted_build(&root, &out, names[next], point, signal_name);
            let (old, new, pages) = names_in(&out, names[current], names[next]);
            let case = format!("SIG{signal_name} at {point:?}: {status:?}, {printed}");
            let state = match (old, new) {
                (o, 0) if o == pages => current,
                (0, n) if n == pages => next,
                _ => panic!("{case}: {old} pages old, {new} new, of {pages}"),
            };
            assert_eq!(files_under(&out), complete, "{case}: a whole site");
            if signal_name != "KILL" && sent && !status.success() {
                assert_eq!(status.code(), Some(1), "{case}");
                assert!(printed.contains("stopped by a signal"), "{case}");
                assert_eq!(state, current, "{case}: a stopped build keeps the old site");
                assert!(staging_folders(&out).is_empty(), "{case}: cleaned up");
                stopped_cleanly += 1;
            }
            if status.success() {
                assert_eq!(state, next, "{case}: a finished build shows the new site");
            }
            common::build_ok(&root, &out);
            assert_eq!(
                staging_folders(&out),
                Vec::<PathBuf>::new(),
                "{case}: after the next build"
            );
            assert_eq!(names_in(&out, names[current], names[next]).1, pages);
            current = next;
        }
    }
    assert!(
        stopped_cleanly > 0,
        "no SIGTERM or SIGINT arrived before a commit"
    );
}

#[test]
fn the_next_build_removes_only_the_staging_folders_sheaf_marked() {
    let dir = tempfile::tempdir().unwrap();
    let (root, out) = (dir.path().join("docs"), dir.path().join("site"));
    write_site(&root, "Leftovers");
    let marked = dir.path().join(".site.staging-Ab12Cd");
    fs::create_dir_all(marked.join("p1/deep")).unwrap();
    fs::write(marked.join(".sheaf-output"), "marker").unwrap();
    fs::write(marked.join("p1/deep/index.html"), "half a page").unwrap();
    let empty = dir.path().join(".site.staging-Ef34Gh");
    fs::create_dir_all(&empty).unwrap();
    let mine = dir.path().join(".site.staging-mine");
    fs::create_dir_all(&mine).unwrap();
    fs::write(mine.join("notes.txt"), "not sheaf's").unwrap();
    let other = dir.path().join(".other.staging-Ij56Kl");
    fs::create_dir_all(&other).unwrap();
    fs::write(other.join(".sheaf-output"), "another output's").unwrap();

    common::build_ok(&root, &out);
    assert!(
        !marked.exists() && !empty.exists(),
        "sheaf's leftovers are removed"
    );
    assert_eq!(
        fs::read_to_string(mine.join("notes.txt")).unwrap(),
        "not sheaf's"
    );
    assert!(
        other.join(".sheaf-output").is_file(),
        "another output's folder stays"
    );
    assert_eq!(staging_folders(&out), [mine]);
}
