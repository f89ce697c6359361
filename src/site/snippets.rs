//! Snippet files as pages name them (`<Snippet file>`, imports): found
//! from the root, in `snippets/` or in `_snippets/` (both folder names are
//! used by real sites), read through the confined reader so that one
//! resolving outside the docs root is refused.

use std::path::{Path, PathBuf};

use crate::confine::{DocsRoot, ReadError};
use crate::markdown::{Snippet, SnippetError};

/// The snippet file a reference names: as written from the root, or inside
/// `snippets/` or `_snippets/` (both folder names are used by real sites).
/// A file that resolves outside the docs root is refused, whatever
/// other candidate exists.
pub fn find_snippet(docs: &DocsRoot, reference: &str) -> Result<Snippet, SnippetError> {
    let clean = reference
        .trim()
        .trim_start_matches("./")
        .trim_start_matches('/');
    if clean.split('/').any(|part| part == "..") {
        return Err(SnippetError::Missing);
    }
    let names = ["", "snippets/", "_snippets/"]
        .into_iter()
        .flat_map(|folder| ["", ".mdx", ".md"].map(|ext| format!("{folder}{clean}{ext}")));
    for name in names {
        match docs.read_to_string(Path::new(&name)) {
            Ok(source) => {
                return Ok(Snippet {
                    path: PathBuf::from(name),
                    source,
                })
            }
            Err(refused @ ReadError::Outside { .. }) => {
                return Err(SnippetError::Outside(refused.to_string()))
            }
            Err(too_large @ ReadError::TooLarge { .. }) => {
                return Err(SnippetError::TooLarge(too_large.to_string()))
            }
            Err(ReadError::Io(_)) => {}
        }
    }
    Err(SnippetError::Missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_resolve_from_root_snippets_and_underscore_snippets() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("_snippets")).unwrap();
        std::fs::create_dir_all(dir.path().join("snippets")).unwrap();
        std::fs::write(dir.path().join("_snippets/help.mdx"), "Help!").unwrap();
        std::fs::write(dir.path().join("snippets/a.mdx"), "A").unwrap();
        let docs = DocsRoot::new(dir.path());
        assert_eq!(find_snippet(&docs, "help.mdx").unwrap().source, "Help!");
        assert_eq!(find_snippet(&docs, "/snippets/a.mdx").unwrap().source, "A");
        assert_eq!(
            find_snippet(&docs, "snippets/a").unwrap().path,
            PathBuf::from("snippets/a.mdx")
        );
        assert_eq!(
            find_snippet(&docs, "../etc/passwd"),
            Err(SnippetError::Missing)
        );
    }

    #[test]
    fn a_snippet_resolving_outside_the_root_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("docs");
        std::fs::create_dir_all(root.join("snippets")).unwrap();
        std::fs::write(dir.path().join("secret.txt"), "root:x:0:0").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), root.join("snippets/p.mdx"))
            .unwrap();
        let refused = find_snippet(&DocsRoot::new(&root), "snippets/p.mdx");
        match refused {
            Err(SnippetError::Outside(message)) => {
                assert!(message.contains("secret.txt"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}
