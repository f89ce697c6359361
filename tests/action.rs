//! The reusable GitHub Action (`action.yml`): valid for SchemaStore's
//! action schema (vendored, never fetched); it installs sheaf with
//! `dist/install.sh` (tested in `tests/release.rs`), then its `check` and
//! `build` steps run, as the runner would run them (bash, the inputs in
//! their environment), with the binary built here against a repository
//! holding a copy of `example-docs/` in `docs/`.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn action() -> Value {
    let text = std::fs::read_to_string(repository().join("action.yml")).unwrap();
    serde_yaml_ng::from_str(&text).unwrap()
}

fn step<'a>(action: &'a Value, name: &str) -> &'a Value {
    (action["runs"]["steps"].as_array().unwrap().iter())
        .find(|step| step["name"] == name)
        .unwrap_or_else(|| panic!("action.yml has no step {name}"))
}

/// `${{ inputs.NAME }}` and `${{ inputs.NAME || … }}` given the value
/// `inputs` has for NAME, else the input's default.
fn expression_value(action: &Value, expression: &str, inputs: &[(&str, &str)]) -> String {
    let inner = expression
        .trim_start_matches("${{")
        .trim_end_matches("}}")
        .trim();
    let name = inner
        .strip_prefix("inputs.")
        .expect("an input")
        .split(' ')
        .next()
        .unwrap();
    let given = inputs
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_string());
    given.unwrap_or_else(|| {
        action["inputs"][name]["default"]
            .as_str()
            .unwrap()
            .to_string()
    })
}

/// Runs a step's `run` script with bash in `dir`, sheaf on the PATH.
fn run_step(action: &Value, name: &str, dir: &Path, inputs: &[(&str, &str)]) -> Output {
    let step = step(action, name);
    assert_eq!(step["shell"], "bash");
    let mut command = Command::new("bash");
    command.args(["--noprofile", "--norc", "-eo", "pipefail", "-c"]);
    command.arg(step["run"].as_str().unwrap()).current_dir(dir);
    for (key, value) in step["env"].as_object().unwrap() {
        command.env(
            key,
            expression_value(action, value.as_str().unwrap(), inputs),
        );
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_sheaf")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    command.env("PATH", path).output().unwrap()
}

#[test]
fn the_action_is_valid_for_the_actions_schema() {
    let schema =
        std::fs::read_to_string(repository().join("tests/fixtures/schemastore/github-action.json"))
            .unwrap();
    let schema: Value = serde_json::from_str(&schema).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&action())
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let action = action();
    assert_eq!(action["runs"]["using"], "composite");
    let install = step(&action, "Install sheaf")["run"].as_str().unwrap();
    assert!(
        install.contains("$GITHUB_ACTION_PATH/dist/install.sh"),
        "{install}"
    );
}

#[test]
fn the_action_checks_strictly_then_builds_with_github_annotations() {
    let action = action();
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir(repo.path().join(".git")).unwrap();
    common::copy_tree(
        &repository().join("example-docs"),
        &repo.path().join("docs"),
    );
    let url = "https://docs.example.com";
    let inputs = [("site-url", url)];
    for name in ["sheaf check", "sheaf build"] {
        let script = step(&action, name)["run"].as_str().unwrap();
        assert!(script.contains("--format github"), "{name}: {script}");
        let output = run_step(&action, name, repo.path(), &inputs);
        assert!(
            output.status.success(),
            "{name}: {}",
            common::stderr(&output)
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.lines().all(|line| line.starts_with("::")),
            "{stdout}"
        );
    }
    let page = repo.path().join("_site/quickstart/index.html");
    let html = std::fs::read_to_string(page).unwrap();
    assert!(html.contains(&format!("<link rel=canonical href={url}/quickstart/>")));
    let check = step(&action, "sheaf check")["run"].as_str().unwrap();
    assert!(check.contains("lenient=(--lenient)"), "{check}");
}

#[test]
fn the_action_fails_on_a_warning_unless_strict_is_false() {
    let action = action();
    let repo = tempfile::tempdir().unwrap();
    let docs = repo.path().join("docs");
    common::copy_tree(&repository().join("example-docs"), &docs);
    let intro = docs.join("introduction.mdx");
    let text = std::fs::read_to_string(&intro).unwrap();
    std::fs::write(&intro, format!("{text}\n[gone](/no-such-page)\n")).unwrap();
    let strict = run_step(&action, "sheaf check", repo.path(), &[]);
    assert!(!strict.status.success());
    let stdout = String::from_utf8_lossy(&strict.stdout);
    assert!(stdout.contains("title=broken-link"), "{stdout}");
    let lenient = run_step(&action, "sheaf check", repo.path(), &[("strict", "false")]);
    assert!(lenient.status.success(), "{}", common::stderr(&lenient));
}
