//! Helpers shared by the integration tests: run the real `sheaf` binary,
//! copy fixture sites to temporary folders.

#![allow(dead_code)]

pub mod leaks;
pub mod preview;
pub mod static_host;
pub mod user_group_service;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The fixture folder `tests/fixtures/<name>`.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The shared folder beside the checkout (`../shared`), if present.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    dir.is_dir().then_some(dir)
}

/// Runs `sheaf` with `args`, without colours.
pub fn sheaf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args(args)
        .env("NO_COLOR", "1")
        // A font a fixture names is never asked of the internet.
        .env("SHEAF_GOOGLE_FONTS_URL", "http://127.0.0.1:9")
        .output()
        .expect("sheaf runs")
}

/// A copy of the `sheaf` binary built here without its debug information,
/// at `dir/name` (by `strip`; a plain copy where there is none): a debug
/// binary is hundreds of MB, which the packing tests need not compress,
/// unpack and install.
pub fn lean_binary(dir: &Path, name: &str) -> PathBuf {
    let lean = dir.join(name);
    let stripped = Command::new("strip")
        .args(["--strip-debug", "-o"])
        .arg(&lean)
        .arg(env!("CARGO_BIN_EXE_sheaf"))
        .status();
    if !stripped.is_ok_and(|status| status.success()) {
        std::fs::copy(env!("CARGO_BIN_EXE_sheaf"), &lean).unwrap();
    }
    lean
}

/// Runs `sheaf` with `args` like [`sheaf`], killing it and failing the test
/// if it has not ended within `limit` (a regression to a stall fails instead
/// of hanging the suite; `limit` is generous, never a timing assertion).
pub fn sheaf_within(args: &[&str], limit: std::time::Duration) -> Output {
    use std::process::Stdio;
    let child = Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sheaf runs");
    let (done, ended) = std::sync::mpsc::channel();
    let pid = child.id();
    let waiter = std::thread::spawn(move || {
        let output = child.wait_with_output();
        let _ = done.send(());
        output
    });
    if ended.recv_timeout(limit).is_err() {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        panic!("sheaf {args:?} did not end within {limit:?}");
    }
    waiter.join().unwrap().expect("sheaf's output")
}

/// Runs `sheaf build ROOT --out OUT`, which must succeed.
pub fn build_ok(root: &Path, out: &Path) {
    let built = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
}

/// Builds fixture `name` into a temporary folder, which must succeed:
/// the folder, the built site in it, and what the build printed.
pub fn build_fixture(name: &str) -> (tempfile::TempDir, PathBuf, String) {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture(name);
    let args = [
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ];
    let output = sheaf(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    (out, site, stderr(&output))
}

/// The text of `file` in the built `site`.
pub fn read_built(site: &Path, file: &str) -> String {
    std::fs::read_to_string(site.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// What `sheaf check --format json --no-cache` finds in `root`, one JSON
/// value per diagnostic.
pub fn check_findings(root: &Path) -> Vec<serde_json::Value> {
    let output = sheaf(&[
        "check",
        root.to_str().unwrap(),
        "--format",
        "json",
        "--no-cache",
    ]);
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Copies a directory tree (fixtures are never modified in place).
pub fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every file under `dir` (relative to it) with its bytes.
pub fn snapshot(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let relative = e.path().strip_prefix(dir).unwrap().to_path_buf();
            (relative, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// Saves `text` into `path` the way an editor's atomic save does: written
/// to a new file in the system's temp folder (outside any docs folder a
/// test watches) and renamed over `path`, so a file watcher sees exactly
/// one change, never a truncated file followed by its new text.
pub fn save(path: &Path, text: &str) {
    use std::io::Write;
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(text.as_bytes()).unwrap();
    file.persist(path).expect("renamed into place");
}

/// Saves `path` like [`save`] with `from` replaced by `to`; panics when
/// the file does not hold `from`.
pub fn save_replacing(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} holds no `{from}`", path.display());
    save(path, &text.replace(from, to));
}

/// A fresh copy of fixture `name` in a temporary directory.
pub fn fixture_copy(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture(name), dir.path());
    dir
}

/// One diagnostic as printed by `sheaf check`: severity, location, headline.
#[derive(Debug, Clone, PartialEq)]
pub struct Printed {
    pub severity: String,
    pub location: String,
    pub headline: String,
}

/// Parses rustc-style output: a `error: …`/`warning: …` line, then `--> location`.
pub fn parse_printed(text: &str) -> Vec<Printed> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((severity, headline)) = line.split_once(": ") else {
            continue;
        };
        if severity != "error" && severity != "warning" {
            continue;
        }
        let location = lines[i + 1..]
            .iter()
            .find_map(|l| l.trim_start().strip_prefix("--> "))
            .unwrap_or("")
            .trim()
            .to_string();
        out.push(Printed {
            severity: severity.to_string(),
            location,
            headline: headline.to_string(),
        });
    }
    out
}

/// A loopback port that refuses connections: bound but never listening,
/// held until dropped so no other test takes it meanwhile.
pub struct ClosedPort(socket2::Socket);

impl ClosedPort {
    pub fn new() -> ClosedPort {
        ClosedPort::bind(0).expect("bound to a free port")
    }

    /// Holds `port` once the server that listened on it closed it (a
    /// stopped server's listener can take a moment to close).
    pub fn take_over(port: u16) -> ClosedPort {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            match ClosedPort::bind(port) {
                Ok(closed) => return closed,
                Err(e) if std::time::Instant::now() > deadline => {
                    panic!("port {port} was not freed: {e}")
                }
                Err(_) => std::thread::sleep(std::time::Duration::from_millis(10)),
            }
        }
    }

    pub fn port(&self) -> u16 {
        let addr = self.0.local_addr().expect("a bound address");
        addr.as_socket().expect("an IP address").port()
    }

    fn bind(port: u16) -> std::io::Result<ClosedPort> {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
        let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
        socket.bind(&addr.into())?;
        Ok(ClosedPort(socket))
    }
}
