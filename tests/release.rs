//! The release machinery, checked as far as this machine can without
//! GitHub: `.github/workflows/release.yml` is valid for the Actions schema
//! (SchemaStore's, vendored in `tests/fixtures/schemastore/`, never
//! fetched); its targets, the archive names `dist/package.sh` writes,
//! `[package.metadata.binstall]` in `Cargo.toml`, the installer
//! `dist/install.sh` and the npm platforms all agree; an archive of the
//! binary built here installs through `dist/install.sh` (from a `file://`
//! "release", its checksum checked) and runs; the `Containerfile` has a
//! minimal base, a user that is not root and `sheaf build` as its entry
//! point. The hosted release itself (the runners, the musl and macOS
//! builds, publishing) cannot run here.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repository().join(path)).unwrap()
}

fn yaml(path: &str) -> Value {
    serde_yaml_ng::from_str(&read(path)).unwrap()
}

/// The findings of SchemaStore's `schema` on `instance`, one a line.
fn schema_errors(schema: &str, instance: &Value) -> Vec<String> {
    let schema: Value = serde_json::from_str(&read(schema)).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// The release workflow's build matrix.
fn matrix() -> Vec<Value> {
    let workflow = yaml(".github/workflows/release.yml");
    workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
        .as_array()
        .unwrap()
        .clone()
}

fn targets() -> Vec<String> {
    (matrix().iter())
        .map(|entry| entry["target"].as_str().unwrap().to_string())
        .collect()
}

fn cargo_toml() -> toml::Table {
    read("Cargo.toml").parse().unwrap()
}

/// The archive `cargo binstall` downloads for `target`, by the metadata's
/// `pkg-url` and `pkg-fmt` (with the target's override).
fn binstall_archive(target: &str) -> (String, String) {
    let cargo = cargo_toml();
    let package = cargo["package"].as_table().unwrap();
    let binstall = package["metadata"]["binstall"].as_table().unwrap();
    let format = (binstall.get("overrides"))
        .and_then(|o| o.get(target))
        .and_then(|o| o.get("pkg-fmt"))
        .unwrap_or(&binstall["pkg-fmt"])
        .as_str()
        .unwrap();
    let suffix = match format {
        "txz" => ".tar.xz",
        "zip" => ".zip",
        other => panic!("a pkg-fmt release.yml does not make: {other}"),
    };
    let exe = if target.contains("windows") {
        ".exe"
    } else {
        ""
    };
    let fill = |template: &str| {
        template
            .replace("{ repo }", package["repository"].as_str().unwrap())
            .replace("{ version }", package["version"].as_str().unwrap())
            .replace("{ name }", "sheaf")
            .replace("{ target }", target)
            .replace("{ archive-suffix }", suffix)
            .replace("{ bin }", "sheaf")
            .replace("{ binary-ext }", exe)
    };
    let url = fill(binstall["pkg-url"].as_str().unwrap());
    let bin_dir = fill(binstall["bin-dir"].as_str().unwrap());
    assert!(
        !url.contains('{') && !bin_dir.contains('{'),
        "{url} {bin_dir}"
    );
    (url, bin_dir)
}

/// The archive `dist/package.sh` writes for `target` from `binary`
/// (compressed fast: xz's default is slow).
fn package(target: &str, binary: &Path, out: &Path) -> PathBuf {
    let output = Command::new("bash")
        .arg(repository().join("dist/package.sh"))
        .args([target.as_ref(), binary.as_os_str(), out.as_os_str()])
        .env("XZ_OPT", "-0 -T0")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", common::stderr(&output));
    PathBuf::from(String::from_utf8(output.stdout).unwrap().trim())
}

#[test]
fn the_release_workflow_is_valid_for_the_actions_schema() {
    let workflow = yaml(".github/workflows/release.yml");
    let errors = schema_errors("tests/fixtures/schemastore/github-workflow.json", &workflow);
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(
        workflow["on"]["push"]["tags"][0], "v[0-9]+.[0-9]+.[0-9]+*",
        "a version tag starts it"
    );
}

#[test]
fn the_schema_check_sees_a_wrong_workflow() {
    let mut workflow = yaml(".github/workflows/release.yml");
    workflow["jobs"]["build"]["runs-on"] = Value::Bool(true);
    workflow["jobs"]["release"]["stepz"] = Value::Array(Vec::new());
    let errors = schema_errors("tests/fixtures/schemastore/github-workflow.json", &workflow);
    assert!(!errors.is_empty());
}

#[test]
fn the_release_builds_every_platform_the_issue_names() {
    let expected = [
        "x86_64-unknown-linux-musl",
        "aarch64-unknown-linux-musl",
        "x86_64-apple-darwin",
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ];
    assert_eq!(targets(), expected);
    let workflow = read(".github/workflows/release.yml");
    for needed in [
        "cargo build --release --locked --target",
        "+crt-static",
        "static-pie linked",
        "dist/package.sh",
        "sha256.sum",
        "node npm/stage.mjs --archives artifacts",
    ] {
        assert!(workflow.contains(needed), "release.yml lacks {needed}");
    }
}

#[test]
fn binstall_finds_the_archives_the_release_publishes() {
    let out = tempfile::tempdir().unwrap();
    let binary = out.path().join("stand-in binary");
    std::fs::write(&binary, "the names and the layout are what count here").unwrap();
    for target in targets() {
        let archive = package(&target, &binary, out.path());
        let name = archive.file_name().unwrap().to_str().unwrap();
        let (url, bin_dir) = binstall_archive(&target);
        let version = env!("CARGO_PKG_VERSION");
        assert!(
            url.ends_with(&format!("/releases/download/v{version}/{name}")),
            "binstall asks for {url}; the release has {name}"
        );
        let listing = match name.ends_with(".zip") {
            true => Command::new("unzip").arg("-Z1").arg(&archive).output(),
            false => Command::new("tar").arg("-tJf").arg(&archive).output(),
        };
        let listing = String::from_utf8(listing.unwrap().stdout).unwrap();
        assert!(
            listing.lines().any(|line| line == bin_dir),
            "{name} lacks binstall's bin-dir {bin_dir}:\n{listing}"
        );
        let sum = std::fs::read_to_string(out.path().join(format!("{name}.sha256"))).unwrap();
        assert!(sum.ends_with(&format!("  {name}\n")), "{sum}");
    }
}

/// `SOMETHING) target=TARGET ;;` lines of `dist/install.sh`.
fn installer_targets() -> Vec<String> {
    let script = read("dist/install.sh");
    let mut found: Vec<String> = (script.lines())
        .filter_map(|line| line.split("target=").nth(1))
        .map(|rest| rest.split_whitespace().next().unwrap().to_string())
        .filter(|target| !target.starts_with('"'))
        .collect();
    found.sort();
    found
}

#[test]
fn the_installer_and_the_npm_packages_know_every_target() {
    let mut expected = targets();
    expected.sort();
    assert_eq!(installer_targets(), expected);
    let stage = read("npm/stage.mjs");
    for entry in matrix() {
        let (npm, target) = (
            entry["npm"].as_str().unwrap(),
            entry["target"].as_str().unwrap(),
        );
        let line = (stage.lines())
            .find(|line| line.trim_start().starts_with(&format!("\"{npm}\":")))
            .unwrap_or_else(|| panic!("npm/stage.mjs has no platform {npm}"));
        assert!(line.contains(&format!("target: \"{target}\"")), "{line}");
        let launcher = read("npm/sheaf/bin/sheaf.js");
        assert!(
            launcher.contains(&format!("\"{npm}\": \"@sheaf/{npm}\"")),
            "the launcher does not run @sheaf/{npm}"
        );
    }
}

#[test]
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
fn an_archive_installs_through_the_installer_and_runs() {
    let releases = tempfile::tempdir().unwrap();
    let version = format!("v{}", env!("CARGO_PKG_VERSION"));
    let download = releases.path().join("download").join(&version);
    let binary = common::lean_binary(releases.path(), "sheaf");
    package("x86_64-unknown-linux-musl", &binary, &download);
    let runner = tempfile::tempdir().unwrap();
    let path_file = runner.path().join("github_path");
    let install = || {
        Command::new("bash")
            .arg(repository().join("dist/install.sh"))
            .env("SHEAF_VERSION", &version)
            .env(
                "SHEAF_RELEASES_URL",
                format!("file://{}", releases.path().display()),
            )
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("RUNNER_TEMP", runner.path())
            .env("GITHUB_PATH", &path_file)
            .output()
            .unwrap()
    };
    let output = install();
    assert!(output.status.success(), "{}", common::stderr(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with(&format!("sheaf {}", env!("CARGO_PKG_VERSION"))),
        "{stdout}"
    );
    let bin = std::fs::read_to_string(&path_file).unwrap();
    let installed = Path::new(bin.trim()).join("sheaf");
    let version_line = Command::new(installed).arg("--version").output().unwrap();
    assert!(version_line.status.success());

    let sum = download.join("sheaf-x86_64-unknown-linux-musl.tar.xz.sha256");
    let text = std::fs::read_to_string(&sum).unwrap();
    std::fs::write(&sum, format!("{}{}", "0".repeat(64), &text[64..])).unwrap();
    let refused = install();
    assert!(
        !refused.status.success(),
        "a wrong checksum must fail the install"
    );
}

/// The instructions of the `Containerfile`'s last stage (the image).
fn final_stage() -> Vec<(String, String)> {
    let text = read("Containerfile");
    let instructions: Vec<(String, String)> = (text.lines())
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            (word.to_uppercase(), rest.trim().to_string())
        })
        .collect();
    let last_from = instructions
        .iter()
        .rposition(|(word, _)| word == "FROM")
        .unwrap();
    instructions[last_from..].to_vec()
}

#[test]
fn the_container_image_is_a_static_binary_on_a_minimal_base_as_a_user() {
    let stage = final_stage();
    let value = |word: &str| {
        (stage.iter().rev())
            .find(|(w, _)| w == word)
            .map(|(_, rest)| rest.clone())
            .unwrap_or_else(|| panic!("the image has no {word}"))
    };
    let base = value("FROM");
    assert!(
        base.starts_with("gcr.io/distroless/static") || base == "scratch",
        "not a minimal base for a static binary: {base}"
    );
    let user = value("USER");
    let name = user.split(':').next().unwrap();
    assert!(!["root", "0", ""].contains(&name), "runs as {user}");
    let entrypoint: Vec<String> = serde_json::from_str(&value("ENTRYPOINT")).unwrap();
    assert_eq!(entrypoint, ["/usr/local/bin/sheaf", "build"]);
    assert!(value("COPY").ends_with(" /usr/local/bin/sheaf"));
    let text = read("Containerfile");
    assert!(
        text.contains("target-feature=+crt-static"),
        "the built binary is static"
    );
    assert!(text.contains("COPY dist/image/${TARGETARCH}/sheaf"));
    let workflow = read(".github/workflows/release.yml");
    assert!(
        workflow.contains("dist/image/${pair%%:*}") && workflow.contains("file: Containerfile")
    );
}
