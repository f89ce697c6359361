//! Every diagnostic sheaf makes has a stable rule name, and every rule is
//! documented in `docs/diagnostics.mdx`.
//!
//! The first is read from the source: each `Diagnostic::error(…)`,
//! `::warning(…)` or `::note(…)` outside unit tests must be followed, in
//! the same builder chain, by `.with_rule(…)`. Helpers that make
//! diagnostics for many rules (`warn_at`, `error_at`) take the rule as an
//! argument, so the compiler asks every caller for one.

use std::path::{Path, PathBuf};

use sheaf::rules::Rule;

fn source_files() -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    walkdir::WalkDir::new(src)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .filter(|path| {
            let name = path.file_stem().unwrap().to_string_lossy();
            let tests = path.components().any(|c| c.as_os_str() == "tests");
            !(tests || ["tests", "fuzz", "fuzzing"].contains(&name.as_ref()))
        })
        .collect()
}

/// The code of a file without its unit tests module.
fn code_of(text: &str) -> &str {
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    }
}

/// The index just past the `)` matching the `(` at `open`, skipping
/// string and char literals.
fn after_close(code: &[u8], open: usize) -> usize {
    let mut depth = 0;
    let mut i = open;
    while i < code.len() {
        match code[i] {
            b'"' => {
                let raw = i > 0 && (code[i - 1] == b'r' || code[i - 1] == b'#');
                i += 1;
                while i < code.len() && code[i] != b'"' {
                    i += if code[i] == b'\\' && !raw { 2 } else { 1 };
                }
            }
            b'\'' if code.get(i + 2) == Some(&b'\'') => i += 2,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    code.len()
}

/// The builder chain after a constructor ending at `at`: `.a(…).b(…)`.
fn chain_after(code: &[u8], mut at: usize) -> String {
    let start = at;
    loop {
        let mut next = at;
        while next < code.len() && code[next].is_ascii_whitespace() {
            next += 1;
        }
        if code.get(next) != Some(&b'.') {
            break;
        }
        let Some(open) = code[next..].iter().position(|&c| c == b'(') else {
            break;
        };
        at = after_close(code, next + open);
    }
    String::from_utf8_lossy(&code[start..at]).into_owned()
}

/// Each constructor call in `code` made without `.with_rule(…)`, as its line.
fn without_rule(code: &str) -> Vec<usize> {
    let bytes = code.as_bytes();
    let mut missing = Vec::new();
    for kind in [
        "Diagnostic::error(",
        "Diagnostic::warning(",
        "Diagnostic::note(",
    ] {
        for (at, _) in code.match_indices(kind) {
            let open = at + kind.len() - 1;
            let chain = chain_after(bytes, after_close(bytes, open));
            if !chain.contains(".with_rule(") {
                missing.push(code[..at].lines().count());
            }
        }
    }
    missing
}

#[test]
fn every_diagnostic_is_made_with_a_rule() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for path in source_files() {
        if path.ends_with("diagnostics.rs") {
            continue; // the constructors themselves
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = code_of(&text);
        seen += code.matches("Diagnostic::").count();
        for line in without_rule(code) {
            missing.push(format!("{}:{line}", path.display()));
        }
    }
    assert!(seen > 50, "the scan found only {seen} constructors");
    assert!(
        missing.is_empty(),
        "diagnostics made without `.with_rule(Rule::…)` (add one, and document a new rule in docs/diagnostics.mdx):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_scan_sees_a_missing_rule() {
    let code = "let a = Diagnostic::warning(file, format!(\"(x\")).at_line(1, 1);\n\
                let b = Diagnostic::error(f, m)\n    .with_help(\")\")\n    .with_rule(Rule::BrokenLink);\n\
                out.push(doc.locate(Diagnostic::note(f, m), p).with_rule(Rule::X));";
    assert_eq!(without_rule(code), [1, 5]);
}

fn documented_rules() -> Vec<String> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.mdx");
    let text = std::fs::read_to_string(doc).unwrap();
    let table = &text[text.find("## Rules").expect("a Rules section")..];
    table
        .lines()
        .filter_map(|line| line.strip_prefix("| `")?.split('`').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_rule_is_documented_and_every_documented_rule_exists() {
    let documented = documented_rules();
    let undocumented: Vec<&str> = (Rule::ALL.iter())
        .map(|rule| rule.name())
        .filter(|name| !documented.iter().any(|d| d == name))
        .collect();
    assert!(
        undocumented.is_empty(),
        "add these rules to docs/diagnostics.mdx: {undocumented:?}"
    );
    let unknown: Vec<&String> = (documented.iter())
        .filter(|name| Rule::named(name).is_none())
        .collect();
    assert!(unknown.is_empty(), "docs/diagnostics.mdx names {unknown:?}");
}
