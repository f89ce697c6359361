//! `sheaf check` and `sheaf build` on OpenAPI specs with problems: lint
//! findings and syntax errors are reported at the spec's own
//! `file:LINE:COL`, with the spec's line shown under the headline. The
//! expected positions are computed here from a `^` marker in a needle, so
//! they do not depend on sheaf's own position code.

mod common;

use std::path::Path;

use common::{fixture_copy, parse_printed, sheaf, stderr};

/// `file:line:col` of the `^` in `needle`, which occurs once in `file`.
fn location(root: &Path, file: &str, needle: &str) -> String {
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let marker = needle.find('^').expect("a ^ in the needle");
    let plain = needle.replacen('^', "", 1);
    assert_eq!(text.matches(&plain).count(), 1, "`{plain}` once in {file}");
    let start = text.find(&plain).unwrap() + marker;
    let line = text[..start].matches('\n').count() + 1;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..start].chars().count() + 1;
    format!("{file}:{line}:{column}")
}

/// Runs `sheaf check` on `root`; asserts each `(severity, file, needle,
/// message)` is printed at its place and the spec's line is shown.
fn assert_reported(root: &Path, expected: &[(&str, &str, &str, &str)]) -> std::process::Output {
    let output = sheaf(&["check", root.to_str().unwrap()]);
    let text = stderr(&output);
    let printed = parse_printed(&text);
    for (severity, file, needle, message) in expected {
        let at = location(root, file, needle);
        assert!(
            printed.iter().any(|p| p.severity == *severity
                && p.location == at
                && p.headline.contains(message)),
            "expected {severity} at {at}: {message}\n--- output ---\n{text}"
        );
        let line: usize = at.split(':').nth(1).unwrap().parse().unwrap();
        let source = std::fs::read_to_string(root.join(file)).unwrap();
        let shown = format!("{line} | {}", source.lines().nth(line - 1).unwrap());
        assert!(
            text.contains(&shown),
            "the spec's line `{shown}` is shown\n{text}"
        );
    }
    output
}

#[test]
fn lint_findings_point_at_the_spec_line_and_column() {
    let site = fixture_copy("openapi-lint");
    let output = assert_reported(
        site.path(),
        &[
            (
                "warning",
                "openapi.yaml",
                "    ^get:",
                "GET /users has a request body",
            ),
            (
                "warning",
                "openapi.yaml",
                "    ^post:",
                "POST /users has no summary",
            ),
            (
                "warning",
                "openapi.yaml",
                "          ^schema:\n                $ref",
                "`$ref: #/components/schemas/Missing` in openapi.yaml does not resolve",
            ),
            (
                "warning",
                "openapi.yaml",
                "    ^put:",
                "operationId `createUser` of PUT /users/{id} is also used by POST /users",
            ),
            (
                "warning",
                "openapi.yaml",
                "^example: 3",
                "example does not match its schema",
            ),
            (
                "warning",
                "catalog.json",
                "^\"delete\"",
                "DELETE /items has a request body",
            ),
        ],
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "warnings fail check, as mint validate fails"
    );
}

#[test]
fn yaml_and_json_syntax_errors_point_into_the_spec() {
    let site = fixture_copy("openapi-lint");
    let yaml = site.path().join("openapi.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace("summary: List users", "summary: [List users"),
    )
    .unwrap();
    let json = site.path().join("catalog.json");
    let text = std::fs::read_to_string(&json).unwrap();
    std::fs::write(
        &json,
        text.replace("\"version\": \"1\" },", "\"version\": \"1\" }"),
    )
    .unwrap();
    let output = assert_reported(
        site.path(),
        &[
            (
                "error",
                "openapi.yaml",
                "      requestBody^:",
                "openapi.yaml is not valid YAML: did not find expected ',' or ']'",
            ),
            (
                "error",
                "catalog.json",
                "  ^\"paths\"",
                "catalog.json is not valid JSON: expected `,` or `}`",
            ),
        ],
    );
    assert_eq!(output.status.code(), Some(1));

    let out = tempfile::tempdir().unwrap();
    let site_out = out.path().join("site");
    let built = sheaf(&[
        "build",
        site.path().to_str().unwrap(),
        "--out",
        site_out.to_str().unwrap(),
    ]);
    assert_eq!(built.status.code(), Some(1));
    assert!(stderr(&built).contains("--> openapi.yaml:"));
    assert!(!site_out.exists(), "a failed build writes nothing");
}

#[test]
fn a_syntax_error_in_a_referenced_file_points_into_that_file() {
    let site = fixture_copy("openapi-lint");
    let yaml = site.path().join("openapi.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace(
            "\"#/components/schemas/Missing\"",
            "\"schemas/user.yaml#/User\"",
        ),
    )
    .unwrap();
    std::fs::create_dir(site.path().join("schemas")).unwrap();
    std::fs::write(
        site.path().join("schemas/user.yaml"),
        "User:\n  type: object\n  properties:\n    name: {type: string\n",
    )
    .unwrap();
    let output = assert_reported(
        site.path(),
        &[(
            "error",
            "schemas/user.yaml",
            "    name: {type: strin^g\n",
            "schemas/user.yaml is not valid YAML",
        )],
    );
    assert!(
        stderr(&output).contains("openapi.yaml references this file with `$ref`"),
        "{}",
        stderr(&output)
    );
}
