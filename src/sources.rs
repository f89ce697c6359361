//! The docs root's files, listed once per load: the layer below `config`
//! and `content`, which both ask it what exists.
//!
//! Config validation (do navigation pages exist?), the navigation loader
//! (which file is a slug's page?), the search for pages outside the
//! navigation and the search for OpenAPI files all ask the file system the
//! same questions. One walk answers them all: on a 10,000-page site that is
//! one `readdir` per folder instead of some 30,000 `stat` calls. The
//! preview's Try-it proxy finds the specs for its allow-list the same way
//! (`serve::AllowList`).
//!
//! The walk skips hidden folders, `_`-prefixed folders (the default output
//! `_site`, theme overrides), `node_modules`, and folders holding
//! [`OUTPUT_MARKER`] (a site sheaf built, wherever `--out` put it) or
//! [`crate::cache::CACHE_MARKER`] (a build cache, wherever `--cache-dir`
//! put it), which never hold pages or specs of their own. A page asked for by name that the listing lacks is
//! still looked up on disk, so a navigation entry inside such a folder
//! keeps working.
//!
//! What the root's `.mintignore` or Mintlify's default ignores exclude
//! ([`MintIgnore`]: `README.md`, `LICENSE.md`… at any depth) is neither
//! listed nor found on disk by name: it is not part of the site.
//!
//! Files are read through [`SourceFiles::read_to_string`], which keeps the
//! trust boundary ([`crate::confine`]): a listed file is a regular file the
//! walk reached without following a link, so it is inside the root; any
//! other file is read only if it resolves inside the root.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::confine::{DocsRoot, ReadError};
use crate::mintignore::{MintIgnore, Rule};

/// The file sheaf writes into every output folder it builds: the build may
/// replace a folder that holds it, and the source walk never reads one.
pub const OUTPUT_MARKER: &str = ".sheaf-output";

/// The files under a docs root, as `/`-separated paths relative to it.
#[derive(Debug, Default)]
pub struct SourceFiles {
    root: PathBuf,
    docs: DocsRoot,
    listed: HashSet<String>,
    ignore: MintIgnore,
}

impl SourceFiles {
    /// Lists the files under `root` (see the module docs for what is skipped).
    pub fn scan(root: &Path) -> SourceFiles {
        let ignore = MintIgnore::load(root);
        let listed = WalkDir::new(root)
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || is_walked(root, e, &ignore))
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .filter_map(|e| relative_name(root, e.path()))
            .collect();
        SourceFiles {
            root: root.to_path_buf(),
            docs: DocsRoot::new(root),
            listed,
            ignore,
        }
    }

    /// The `.mdx` or `.md` file of a page slug, relative to the root. The
    /// disk is asked only when the listing has neither (both names of a
    /// slug lie in the same folder, so both are listed or neither is).
    pub fn page_file(&self, slug: &str) -> Option<PathBuf> {
        page_names(slug)
            .find(|name| self.listed.contains(name))
            .or_else(|| {
                page_names(slug).find(|name| {
                    self.root.join(name).is_file() && !self.ignore.is_excluded(Path::new(name))
                })
            })
            .map(PathBuf::from)
    }

    /// The `.mintignore` line or default pattern excluding the page file of
    /// `slug`, when the file exists and is excluded.
    pub fn excluded_page(&self, slug: &str) -> Option<Rule> {
        page_names(slug)
            .filter(|name| self.root.join(name).is_file())
            .find_map(|name| self.ignore.rule_excluding(Path::new(&name)))
    }

    /// The root's `.mintignore` patterns.
    pub fn mintignore(&self) -> &MintIgnore {
        &self.ignore
    }

    /// Whether `name` (`/`-separated, relative to the root) is listed.
    pub fn contains(&self, name: &str) -> bool {
        self.listed.contains(name)
    }

    /// Every listed file, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.listed.iter().map(String::as_str)
    }

    /// The root the paths are relative to.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The root and its rule for reading files ([`crate::confine`]).
    pub fn docs_root(&self) -> &DocsRoot {
        &self.docs
    }

    /// The text of `name` (relative to the root), if it resolves inside
    /// the root: a listed file does by construction, another is checked.
    pub fn read_to_string(&self, name: &Path) -> Result<String, ReadError> {
        if name.to_str().is_some_and(|n| self.listed.contains(n)) {
            return crate::confine::read_text(&self.root.join(name), name);
        }
        self.docs.read_to_string(name)
    }

    /// Why the page file of `slug` may not be read: it resolves outside
    /// the root (a link, or a folder link on its way).
    pub fn escaping_page(&self, slug: &str) -> Option<ReadError> {
        let file = self.page_file(slug)?;
        if file.to_str().is_some_and(|n| self.listed.contains(n)) {
            return None;
        }
        self.docs
            .resolve(&file)
            .err()
            .filter(|e| matches!(e, ReadError::Outside { .. }))
    }
}

/// The file names a page slug may have, the preferred first.
fn page_names(slug: &str) -> impl Iterator<Item = String> + '_ {
    ["mdx", "md"]
        .into_iter()
        .map(move |ext| format!("{slug}.{ext}"))
}

/// Whether the walk keeps an entry below the root: folders sheaf skips
/// and whatever `.mintignore` excludes are left out.
fn is_walked(root: &Path, entry: &walkdir::DirEntry, ignore: &MintIgnore) -> bool {
    let is_dir = entry.file_type().is_dir();
    if is_dir && is_skipped_dir(entry) {
        return false;
    }
    let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
    !ignore.excludes(relative, is_dir)
}

fn is_skipped_dir(entry: &walkdir::DirEntry) -> bool {
    let name = entry.file_name().to_string_lossy();
    name.starts_with('.')
        || name.starts_with('_')
        || name == "node_modules"
        || is_marked_folder(entry.path())
}

/// Whether `dir` is a site sheaf built or a build cache: it holds
/// [`OUTPUT_MARKER`] or [`crate::cache::CACHE_MARKER`]. Neither is ever
/// part of a site, wherever it lies.
pub fn is_marked_folder(dir: &Path) -> bool {
    dir.join(OUTPUT_MARKER).exists() || dir.join(crate::cache::CACHE_MARKER).exists()
}

fn relative_name(root: &Path, path: &Path) -> Option<String> {
    let relative = path.strip_prefix(root).ok()?.to_str()?;
    Some(relative.replace('\\', "/"))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::fs;

    /// A temporary folder holding `files` (paths relative to it), each
    /// holding "x". Shared with other modules' tests.
    pub(crate) fn tree(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for file in files {
            let path = dir.path().join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "x").unwrap();
        }
        dir
    }

    #[test]
    fn lists_files_but_not_outputs_hidden_or_dependency_folders() {
        let dir = tree(&[
            "intro.mdx",
            "guides/setup.md",
            "api/openapi.yaml",
            "_site/index.html",
            ".git/HEAD",
            "node_modules/x/readme.md",
            "public/.sheaf-output",
            "public/intro.md",
            "build-cache/CACHEDIR.TAG",
            "build-cache/drawings/page.md",
        ]);
        let files = SourceFiles::scan(dir.path());
        let mut names: Vec<&str> = files.iter().collect();
        names.sort_unstable();
        assert_eq!(names, ["api/openapi.yaml", "guides/setup.md", "intro.mdx"]);
    }

    /// A docs root holding `files` and a `.mintignore` with `patterns`.
    fn ignoring(patterns: &str, files: &[&str]) -> tempfile::TempDir {
        let dir = tree(files);
        fs::write(dir.path().join(".mintignore"), patterns).unwrap();
        dir
    }

    #[test]
    fn mintignore_leaves_files_and_whole_folders_out_of_the_listing() {
        let dir = ignoring(
            "# not published\ndrafts/\n*.draft.mdx\n/secret.md\n!keep.draft.mdx\n",
            &[
                "intro.mdx",
                "drafts/a.mdx",
                "drafts/img/a.png",
                "guides/setup.draft.mdx",
                "guides/keep.draft.mdx",
                "secret.md",
                "guides/secret.md",
            ],
        );
        let files = SourceFiles::scan(dir.path());
        let mut names: Vec<&str> = files.iter().collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [
                ".mintignore",
                "guides/keep.draft.mdx",
                "guides/secret.md",
                "intro.mdx"
            ]
        );
    }

    #[test]
    fn an_excluded_page_is_not_found_by_name_and_its_line_is_known() {
        let dir = ignoring(
            "_private/\nold.mdx\n",
            &["old.mdx", "old.md", "_private/page.mdx", "new.mdx"],
        );
        let files = SourceFiles::scan(dir.path());
        assert_eq!(
            files.page_file("old"),
            Some(PathBuf::from("old.md")),
            "only the .mdx is excluded"
        );
        assert_eq!(files.page_file("_private/page"), None, "not even on disk");
        let rule = files.excluded_page("_private/page").unwrap();
        assert_eq!((rule.line, rule.pattern.as_str()), (Some(1), "_private/"));
        assert_eq!(files.excluded_page("new"), None);
        assert_eq!(files.excluded_page("missing"), None);
        assert!(files.mintignore().problems().is_empty());
    }

    #[test]
    fn page_files_prefer_mdx_and_fall_back_to_the_disk() {
        let dir = tree(&["a.md", "a.mdx", "b.md", "_hidden/page.mdx"]);
        let files = SourceFiles::scan(dir.path());
        assert_eq!(files.page_file("a"), Some(PathBuf::from("a.mdx")));
        assert_eq!(files.page_file("b"), Some(PathBuf::from("b.md")));
        assert_eq!(
            files.page_file("_hidden/page"),
            Some(PathBuf::from("_hidden/page.mdx")),
            "a page in a skipped folder is still found when named"
        );
        assert_eq!(files.page_file("missing"), None);
    }
}
