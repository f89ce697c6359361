//! The browser side of a page's live React components ([`crate::jsx`]):
//! sheaf's runtime as one fingerprinted file, written with every site and
//! loaded only by pages that have live components, then the page's own
//! script, which mounts each component where its HTML stands.

use std::path::{Path, PathBuf};

use super::assets::{fingerprint, OUTPUT_DIR};

/// The runtime's path under the site root and its bytes.
pub fn runtime_file() -> (PathBuf, Vec<u8>) {
    let bytes = crate::jsx::CLIENT_RUNTIME.join("\n;\n").into_bytes();
    let path = format!("{OUTPUT_DIR}/jsx.{}.js", fingerprint(&bytes));
    (PathBuf::from(path), bytes)
}

/// The script elements ending a page at `depth` with live components,
/// `runtime` the path [`runtime_file`] gave.
pub fn page_scripts(runtime: &Path, depth: usize, script: &str) -> String {
    format!(
        "<script src=\"{}{}\"></script><script>{script}</script>",
        super::links::root_prefix(depth),
        runtime.display()
    )
}
