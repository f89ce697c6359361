//! The house rules that keep the code readable, checked on `src/`: no
//! source file over 600 lines (test files may be longer) and no import
//! circle between files. A file depends on another when it names it by a
//! `crate::`, `super::` or `self::` path: in a `use` line, inline in code,
//! or in a doc link. A parent's `mod` lines and its `#[cfg(test)] mod
//! tests` are not dependencies.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 600;

/// The text of `path`, relative to the crate's folder.
fn read(path: &Path) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Every `.rs` file under `src/`, keyed by its module path (`["site",
/// "output"]`; `mod.rs` and `lib.rs` name their folder).
fn modules() -> BTreeMap<Vec<String>, PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    walkdir::WalkDir::new(&src)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| {
            let relative = e.path().strip_prefix(&src).unwrap().with_extension("");
            let mut path: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                path.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                path.pop();
            }
            let shown = e.path().strip_prefix(src.parent().unwrap()).unwrap();
            (path, shown.to_path_buf())
        })
        .collect()
}

fn is_test_file(path: &Path) -> bool {
    let name = path.file_stem().unwrap().to_string_lossy();
    name == "tests"
        || name.starts_with("test_")
        || name == "fuzz"
        || name == "fuzzing"
        || path.components().any(|c| c.as_os_str() == "tests")
}

/// The text of a file without its unit tests module.
fn code_of(path: &Path) -> String {
    let text = read(path);
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// The paths `a::b::c` starting with `crate`, `super` or `self` in `code`,
/// with `use x::{a, b::c}` groups expanded one level.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        if starts_word
            && ["crate::", "super:", "self::"]
                .iter()
                .any(|p| rest.starts_with(p))
        {
            let mut segments = Vec::new();
            let mut j = i;
            loop {
                let start = j;
                while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_') {
                    j += 1;
                }
                segments.push(bytes[start..j].iter().collect::<String>());
                if j + 1 < bytes.len() && bytes[j] == ':' && bytes[j + 1] == ':' {
                    j += 2;
                    if j < bytes.len() && bytes[j] == '{' {
                        let end = bytes[j..]
                            .iter()
                            .position(|&c| c == '}')
                            .map_or(bytes.len(), |e| j + e);
                        let group: String = bytes[j + 1..end].iter().collect();
                        for item in group.split(',') {
                            let first = item.trim().split("::").next().unwrap_or("");
                            let first = first.split_whitespace().next().unwrap_or("");
                            if !first.is_empty() && first != "self" {
                                let mut path = segments.clone();
                                path.push(first.to_string());
                                out.push(path);
                            }
                        }
                        j = end;
                        break;
                    }
                    continue;
                }
                break;
            }
            out.push(segments);
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// The file a path names from the module `current`: the longest prefix
/// of the resolved path that is a module.
fn target<'m>(
    modules: &'m BTreeMap<Vec<String>, PathBuf>,
    current: &[String],
    path: &[String],
) -> Option<&'m PathBuf> {
    let mut base: Vec<String> = Vec::new();
    let mut rest = path;
    match path.first()?.as_str() {
        "crate" => rest = &path[1..],
        "self" => {
            base = current.to_vec();
            rest = &path[1..];
        }
        _ => {
            base = current.to_vec();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
    }
    base.extend(rest.iter().cloned());
    (1..=base.len()).rev().find_map(|n| modules.get(&base[..n]))
}

fn dependencies() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let modules = modules();
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        let code = code_of(file);
        let targets: BTreeSet<PathBuf> = named_paths(&code)
            .iter()
            .filter_map(|path| target(&modules, module, path))
            .filter(|t| *t != file)
            .cloned()
            .collect();
        edges.insert(file.clone(), targets);
    }
    edges
}

/// Whether `to` is reachable from `from`.
fn reaches(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>, from: &PathBuf, to: &PathBuf) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from];
    while let Some(file) = stack.pop() {
        if file == to {
            return true;
        }
        if seen.insert(file) {
            stack.extend(edges.get(file).into_iter().flatten());
        }
    }
    false
}

#[test]
fn no_source_file_is_over_600_lines() {
    let long: Vec<String> = modules()
        .values()
        .filter(|path| !is_test_file(path))
        .filter_map(|path| {
            let lines = read(path).lines().count();
            (lines > MAX_LINES).then(|| format!("{} has {lines} lines", path.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "split these along their seams:\n{}",
        long.join("\n")
    );
}

#[test]
fn no_two_files_depend_on_each_other() {
    let edges = dependencies();
    let mut circles = Vec::new();
    for (file, targets) in &edges {
        for target in targets {
            if file < target && reaches(&edges, target, file) {
                circles.push(format!("{} ↔ {}", file.display(), target.display()));
            }
        }
    }
    assert!(
        circles.is_empty(),
        "import circles (move the shared item down to a module both use):\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_checks_see_paths_and_circles() {
    let paths = named_paths("use super::{a::B, c as d};\nlet x = crate::site::Project::load();");
    assert!(
        paths.contains(&vec!["super".into(), "a".into()]),
        "{paths:?}"
    );
    assert!(
        paths.contains(&vec!["super".into(), "c".into()]),
        "{paths:?}"
    );
    assert!(paths.contains(&vec![
        "crate".into(),
        "site".into(),
        "Project".into(),
        "load".into()
    ]));
    let (a, b) = (PathBuf::from("a.rs"), PathBuf::from("b.rs"));
    let edges = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([a.clone()])),
    ]);
    assert!(reaches(&edges, &b, &a));
}
