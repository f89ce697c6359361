//! Finding Chromium and ChromeDriver, and the project's rule when they are
//! missing: fail under CI (`.ci/run` installs them), skip elsewhere.

use std::path::{Path, PathBuf};

/// The two programs the browser tests drive.
pub struct Tools {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

const INSTALL_HINT: &str = "install the Debian packages chromium chromium-driver";

/// The installed tools, or `None` (after printing why) when the tests should
/// be skipped. Panics when they are missing and `CI` is set.
pub fn browser_tools() -> Option<Tools> {
    let chromium = find_program(&["chromium", "chromium-browser"]);
    let chromedriver = find_program(&["chromedriver"]);
    match (chromium, chromedriver) {
        (Some(chromium), Some(chromedriver)) => Some(Tools {
            chromium,
            chromedriver,
        }),
        _ if std::env::var_os("CI").is_some() => {
            panic!("browser tests need Chromium and ChromeDriver: {INSTALL_HINT}")
        }
        _ => {
            eprintln!("skipping browser tests: {INSTALL_HINT}");
            None
        }
    }
}

/// The first of `names` found as an executable file on `PATH`.
fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}
