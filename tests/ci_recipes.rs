//! The publishing recipes (`examples/ci/`, the guide's "Publish from CI"
//! page, `docs/ci.mdx`)
//! run real sheaf commands: every `sheaf …` line they hold is run, as the
//! recipe writes it (CI variables given example values), with the real
//! binary from a repository holding a copy of `example-docs/` in `docs/`,
//! and must succeed; the build must then hold absolute canonical links.

mod common;

use std::path::Path;

use common::{copy_tree, stderr};

/// The values a CI system gives the variables the recipes use.
const VARIABLES: [(&str, &str); 3] = [
    (
        "${{ steps.pages.outputs.base_url }}",
        "https://octo.github.io/docs",
    ),
    ("$CI_PAGES_URL", "https://group.gitlab.io/docs"),
    ("$SITE_URL", "https://docs.example.com"),
];

/// The `sheaf …` commands of a recipe's text: shell lines, YAML list items
/// and `run:` values.
fn sheaf_commands(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| {
            line.trim()
                .trim_start_matches("- ")
                .trim_start_matches("run: ")
        })
        .filter(|line| line.starts_with("sheaf "))
        .map(str::to_string)
        .collect()
}

/// The guide's "Publish from CI" page up to the sheaf action: its
/// introduction and recipes.
fn guide_recipes() -> String {
    let page = std::fs::read_to_string(repository().join("docs/ci.mdx")).unwrap();
    let end = page
        .find("\n## The sheaf action")
        .expect("the action's section");
    page[..end].to_string()
}

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `command` as the shell splits it, its variables given their values.
fn words(command: &str) -> Vec<String> {
    let mut line = command.to_string();
    for (name, value) in VARIABLES {
        line = line.replace(name, value);
    }
    assert!(
        !line.contains(['$', '\'', '\\', '|', '>', '<', '&', ';']),
        "a recipe command this test cannot run as the shell would: {command}"
    );
    line.split('"')
        .enumerate()
        .flat_map(|(i, part)| match i % 2 {
            1 => vec![part.to_string()],
            _ => part.split_whitespace().map(str::to_string).collect(),
        })
        .collect()
}

fn run_in_a_copy_of_example_docs(commands: &[String]) {
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir(repo.path().join(".git")).unwrap();
    copy_tree(
        &repository().join("example-docs"),
        &repo.path().join("docs"),
    );
    for command in commands {
        let words = words(command);
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_sheaf"))
            .args(&words[1..])
            .current_dir(repo.path())
            .output()
            .expect("sheaf runs");
        assert!(
            output.status.success(),
            "`{command}` failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            stderr(&output)
        );
        if words[1] == "build" {
            let out = &words[words.iter().position(|w| w == "--out").unwrap() + 1];
            let url = &words[words.iter().position(|w| w == "--site-url").unwrap() + 1];
            let page = repo.path().join(out).join("quickstart/index.html");
            let html = std::fs::read_to_string(page).unwrap();
            let canonical = format!("<link rel=canonical href={url}/quickstart/>");
            assert!(html.contains(&canonical), "`{command}`: no {canonical}");
        }
    }
}

#[test]
fn every_recipe_runs_a_check_then_a_build_with_the_site_url() {
    let recipes = ["github-pages.yml", "gitlab-pages.yml", "rsync.sh"];
    for recipe in recipes {
        let text = std::fs::read_to_string(repository().join("examples/ci").join(recipe)).unwrap();
        let commands = sheaf_commands(&text);
        let kinds: Vec<&str> = commands
            .iter()
            .map(|c| c.split(' ').nth(1).unwrap())
            .collect();
        assert!(
            kinds.contains(&"check") && kinds.last() == Some(&"build"),
            "{recipe}: {commands:?}"
        );
        assert!(
            commands
                .iter()
                .all(|c| !c.starts_with("sheaf check") || !c.contains("--lenient")),
            "{recipe}: {commands:?}"
        );
        run_in_a_copy_of_example_docs(&commands);
    }
    let github =
        std::fs::read_to_string(repository().join("examples/ci/github-pages.yml")).unwrap();
    assert!(sheaf_commands(&github).contains(&"sheaf check --format github docs".to_string()));
}

#[test]
fn the_guide_runs_what_the_recipes_run() {
    let commands = sheaf_commands(&guide_recipes());
    assert_eq!(commands.len(), 6, "{commands:?}");
    let recipes: Vec<String> = ["github-pages.yml", "gitlab-pages.yml", "rsync.sh"]
        .iter()
        .flat_map(|r| {
            sheaf_commands(
                &std::fs::read_to_string(repository().join("examples/ci").join(r)).unwrap(),
            )
        })
        .collect();
    for command in &commands {
        assert!(
            recipes.contains(command),
            "the guide's `{command}` is in no recipe"
        );
    }
    run_in_a_copy_of_example_docs(&commands);
}

#[test]
fn a_command_sheaf_does_not_know_fails_the_recipe_test() {
    let wrong = words("sheaf check --strict --format gitlab docs");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .args(&wrong[1..])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "clap refuses it: {}",
        stderr(&output)
    );
}
