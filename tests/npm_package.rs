//! The npm packages (`npm/`, the pattern of esbuild and Biome): staged by
//! `npm/stage.mjs` with the binary built here for this platform, packed by
//! `npm pack`, installed from those tarballs into an empty project
//! (`npm install -D`, offline, a cache of its own, no audit, no fund:
//! nothing reaches the internet; the other platforms' optional packages
//! are skipped as on a real install), then `npx sheaf --version` and
//! `npx sheaf build` of a copy of `example-docs/` run through the launcher.
//!
//! Needs Node's `npm` (`.ci/run` installs it): without it the test says why
//! and passes, except under CI, where it fails.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The npm platform of this machine (`${process.platform}-${process.arch}`).
fn npm_platform() -> Option<&'static str> {
    match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => Some("linux-x64"),
        ("linux", "aarch64") => Some("linux-arm64"),
        ("macos", "x86_64") => Some("darwin-x64"),
        ("macos", "aarch64") => Some("darwin-arm64"),
        ("windows", "x86_64") => Some("win32-x64"),
        _ => None,
    }
}

/// Whether npm is there; says why the test is skipped when not (and fails
/// under CI, whose `.ci/run` installs it).
fn npm_available() -> bool {
    let found = Command::new("npm").arg("--version").output();
    if found.as_ref().is_ok_and(|output| output.status.success()) {
        return true;
    }
    let why = "npm is not installed (Debian: apt-get install npm; .ci/run installs it)";
    assert!(std::env::var_os("CI").is_none(), "{why}");
    eprintln!("skipped: the npm package test needs npm: {why}");
    false
}

/// `program args` in `dir`, npm kept offline with the cache in `cache`.
fn run(program: &str, args: &[&str], dir: &Path, cache: &Path) -> Output {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("npm_config_cache", cache)
        .env("npm_config_offline", "true")
        .env("npm_config_audit", "false")
        .env("npm_config_fund", "false")
        .env("npm_config_update_notifier", "false")
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        common::stderr(&output)
    );
    output
}

#[test]
fn the_npm_package_installs_without_rust_and_builds_a_site() {
    if !npm_available() {
        return;
    }
    let Some(platform) = npm_platform() else {
        eprintln!("skipped: no npm platform package is made for this machine");
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let (stage, cache) = (work.path().join("stage"), work.path().join("cache"));
    let stage_script = repository().join("npm/stage.mjs");
    let binary = common::lean_binary(work.path(), "sheaf");
    let binary = binary.to_str().unwrap();
    let stage_args = [
        stage_script.to_str().unwrap(),
        "--out",
        stage.to_str().unwrap(),
        "--binary",
        binary,
        "--platform",
        platform,
    ];
    run("node", &stage_args, work.path(), &cache);
    let platform_dir = format!("stage/platforms/{platform}");
    run(
        "npm",
        &["pack", "--silent", "./stage/sheaf", &platform_dir],
        work.path(),
        &cache,
    );

    let version = env!("CARGO_PKG_VERSION");
    let launcher = work.path().join(format!("sheaf-{version}.tgz"));
    let binary_package = work.path().join(format!("sheaf-{platform}-{version}.tgz"));
    let app = work.path().join("app");
    std::fs::create_dir(&app).unwrap();
    std::fs::write(
        app.join("package.json"),
        r#"{ "name": "app", "private": true }"#,
    )
    .unwrap();
    let install = ["install", "-D", "--offline", "--no-audit", "--no-fund"];
    let tarballs = [launcher.to_str().unwrap(), binary_package.to_str().unwrap()];
    run("npm", &[&install[..], &tarballs[..]].concat(), &app, &cache);

    let manifest = std::fs::read_to_string(app.join("package.json")).unwrap();
    assert!(manifest.contains("\"devDependencies\""), "{manifest}");
    let installed = app.join(format!("node_modules/@sheaf/{platform}/package.json"));
    let installed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(installed).unwrap()).unwrap();
    assert!(
        installed["os"].is_array() && installed["cpu"].is_array(),
        "{installed}"
    );

    let printed = run("npx", &["--offline", "sheaf", "--version"], &app, &cache);
    let line = String::from_utf8(printed.stdout).unwrap();
    assert!(line.starts_with(&format!("sheaf {version} (")), "{line}");

    common::copy_tree(&repository().join("example-docs"), &app.join("docs"));
    run(
        "npx",
        &[
            "--offline",
            "sheaf",
            "build",
            "docs",
            "--out",
            "site",
            "--quiet",
        ],
        &app,
        &cache,
    );
    assert!(app.join("site/quickstart/index.html").is_file());

    std::fs::remove_dir_all(app.join("node_modules/@sheaf")).unwrap();
    let missing = Command::new("npx")
        .args(["--offline", "sheaf", "--version"])
        .current_dir(&app)
        .env("npm_config_cache", &cache)
        .output()
        .unwrap();
    assert!(!missing.status.success());
    let said = common::stderr(&missing);
    assert!(
        said.contains(&format!("@sheaf/{platform} is not installed")),
        "{said}"
    );
}
