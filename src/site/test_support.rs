//! Helpers shared by the stage's unit tests.

use std::fs;

/// A docs root holding `files` (path, text).
pub(crate) fn docs_root(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}
