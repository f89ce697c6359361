//! `$ref` in docs.json: any object `{"$ref": "./fr.json"}` stands for the
//! JSON of that file, as Mintlify reads it (its own docs keep each
//! language, the redirects and long page lists in files of their own).
//!
//! A reference is relative to the file that holds it and is read through
//! the trust boundary (`SourceFiles::read_to_string`), so it must stay
//! inside the docs root. Referenced files may hold references of their
//! own. The referenced value replaces the object before the schema sees
//! the config, and [`SourceDoc::include`] keeps each file's own text, so a
//! problem inside a referenced file is shown at its own line and column.
//! A missing or unreadable file, one outside the root, a file that does
//! not parse, a cycle and a chain deeper than [`MAX_DEPTH`] are errors at
//! the `$ref` that names them; the object is left as it is.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::source::SourceDoc;
use crate::confine::{normalize, ReadError, OUTSIDE_HELP};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::rules::Rule;
use crate::sources::SourceFiles;

/// How many files deep references may lead.
pub const MAX_DEPTH: usize = 32;

/// `doc` (the text of `file`) with every `$ref` replaced by its file.
pub fn include_refs(
    doc: SourceDoc,
    file: &Path,
    files: &SourceFiles,
    out: &mut Diagnostics,
) -> SourceDoc {
    let mut chain = vec![file.to_path_buf()];
    include(doc, files, &mut chain, out)
}

/// Replaces the references of `doc`, the text of the last file of
/// `chain` (the files that led to it).
fn include(
    mut doc: SourceDoc,
    files: &SourceFiles,
    chain: &mut Vec<PathBuf>,
    out: &mut Diagnostics,
) -> SourceDoc {
    let file = chain.last().expect("a file").clone();
    let mut refs = Vec::new();
    collect(&doc.value, String::new(), &mut refs);
    for (at, reference) in refs {
        let target = relative_to(&file, &reference);
        let problem = |message: String| {
            let pointer = format!("{at}/$ref");
            doc.locate(
                Diagnostic::error(&file, message).with_rule(Rule::ConfigRef),
                &pointer,
            )
        };
        if chain.contains(&target) {
            let cycle: Vec<String> = chain.iter().map(|f| f.display().to_string()).collect();
            out.push(
                problem(format!(
                    "`$ref` cycle: {} → {}",
                    cycle.join(" → "),
                    target.display()
                ))
                .with_help("a file may not include itself, directly or through others"),
            );
            continue;
        }
        if chain.len() > MAX_DEPTH {
            out.push(problem(format!(
                "`$ref` to `{reference}` is more than {MAX_DEPTH} files deep"
            )));
            continue;
        }
        let text = match files.read_to_string(&target) {
            Ok(text) => text,
            Err(e) => {
                out.push(unreadable(
                    problem(format!("cannot read `$ref` `{reference}`: {e}")),
                    &e,
                ));
                continue;
            }
        };
        match SourceDoc::parse(text, &target) {
            Ok(inner) => {
                chain.push(target.clone());
                let inner = include(inner, files, chain, out);
                chain.pop();
                doc.include(at, target, inner);
            }
            Err(syntax) => out.push(syntax),
        }
    }
    doc
}

fn unreadable(diagnostic: Diagnostic, error: &ReadError) -> Diagnostic {
    match error {
        ReadError::Outside { .. } => diagnostic.with_help(OUTSIDE_HELP),
        ReadError::TooLarge { .. } => diagnostic,
        ReadError::Io(_) => diagnostic.with_help(
            "a `$ref` path is relative to the file that holds it; add the file or fix the path",
        ),
    }
}

/// Every `{"$ref": "…"}` object in `value` (not inside another), with its
/// JSON pointer.
fn collect(value: &Value, pointer: String, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref") {
                out.push((pointer, reference.clone()));
                return;
            }
            for (key, inner) in map {
                let escaped = key.replace('~', "~0").replace('/', "~1");
                collect(inner, format!("{pointer}/{escaped}"), out);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                collect(inner, format!("{pointer}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// `reference` seen from `file` (both relative to the docs root); a
/// leading `/` means the docs root. `..` that climbs out stays, so the
/// read is refused as outside the root.
fn relative_to(file: &Path, reference: &str) -> PathBuf {
    let joined = match reference.strip_prefix('/') {
        Some(from_root) => PathBuf::from(from_root),
        None => file.parent().unwrap_or(Path::new("")).join(reference),
    };
    normalize(&joined)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn root(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    fn included(dir: &Path) -> (SourceDoc, Diagnostics) {
        let files = SourceFiles::scan(dir);
        let text = fs::read_to_string(dir.join("docs.json")).unwrap();
        let doc = SourceDoc::parse(text, Path::new("docs.json")).unwrap();
        let mut out = Diagnostics::new();
        let doc = include_refs(doc, Path::new("docs.json"), &files, &mut out);
        (doc, out)
    }

    #[test]
    fn references_are_replaced_relative_to_their_file_and_nested() {
        let dir = root(&[
            (
                "docs.json",
                r#"{"a": {"$ref": "./parts/a.json"}, "b": [1, {"$ref": "/b.json"}]}"#,
            ),
            ("parts/a.json", r#"{"inner": {"$ref": "../c.json"}}"#),
            ("b.json", "2"),
            ("c.json", r#"["x"]"#),
        ]);
        let (doc, out) = included(dir.path());
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(
            doc.value,
            serde_json::json!({"a": {"inner": ["x"]}, "b": [1, 2]})
        );
    }

    #[test]
    fn a_problem_inside_a_referenced_file_points_at_its_own_line() {
        let dir = root(&[
            ("docs.json", "{\n  \"nav\": {\"$ref\": \"nav.json\"}\n}"),
            ("nav.json", "{\n  \"groups\": [\n    \"x\"\n  ]\n}"),
        ]);
        let (doc, _) = included(dir.path());
        let placed = doc.locate(Diagnostic::error("docs.json", "bad"), "/nav/groups/0");
        assert_eq!(placed.file, PathBuf::from("nav.json"));
        let position = placed.position.unwrap();
        assert_eq!((position.line, position.column), (3, 5));
        assert_eq!(placed.json_path.as_deref(), Some("nav.groups[0]"));
    }

    #[test]
    fn missing_files_cycles_and_escapes_are_errors_at_the_ref() {
        let dir = root(&[
            (
                "docs.json",
                "{\"a\": {\"$ref\": \"missing.json\"},\n \"b\": {\"$ref\": \"loop.json\"},\n \"c\": {\"$ref\": \"../x.json\"}}",
            ),
            ("loop.json", r#"{"again": {"$ref": "docs.json"}}"#),
        ]);
        let (_, out) = included(dir.path());
        let messages: Vec<String> = out.iter().map(|d| d.message.clone()).collect();
        assert_eq!(out.iter().count(), 3, "{messages:?}");
        assert!(
            messages[0].contains("cannot read `$ref` `missing.json`"),
            "{messages:?}"
        );
        assert!(
            messages[1].contains("cycle: docs.json → loop.json → docs.json"),
            "{messages:?}"
        );
        assert!(
            messages[2].contains("outside the docs root"),
            "{messages:?}"
        );
        let lines: Vec<usize> = out.iter().map(|d| d.position.unwrap().line).collect();
        assert_eq!(lines, [1, 1, 3], "the cycle is reported in loop.json");
    }
}
