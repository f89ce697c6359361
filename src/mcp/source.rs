//! Where the MCP server reads a site: a built site folder, a docs root
//! built into a private temporary folder first, or a published site read
//! over HTTP(S) (`remote.rs`). Every read names a file by its path under
//! the site root (`search/meta.js`, `quickstart.md`); a folder's files are
//! read only inside it (`files.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use super::files::SourceError;
use super::files::{is_site_path, read_inside};
use super::remote::Remote;
use crate::search::IndexFiles;

/// A site the server answers about.
pub struct SiteSource {
    files: Files,
    /// The published address (`https://docs.example.com/` with its slash),
    /// for absolute result links; `None` for a local folder.
    base: Option<String>,
    /// The temporary folder a docs root was built into, removed on drop.
    _built: Option<tempfile::TempDir>,
}

#[derive(Clone)]
enum Files {
    Folder(PathBuf),
    Remote(Arc<Remote>),
}

impl SiteSource {
    /// Opens `source`: an `http(s)://` URL, a built site folder or a docs
    /// root (built first, which `say` is told about).
    pub fn open(source: &str, say: &dyn Fn(&str)) -> Result<SiteSource, SourceError> {
        if source.starts_with("http://") || source.starts_with("https://") {
            let remote = Remote::new(source)?;
            let base = remote.base().to_string();
            return Ok(SiteSource {
                files: Files::Remote(Arc::new(remote)),
                base: Some(base),
                _built: None,
            });
        }
        let path = Path::new(source);
        if !path.exists() {
            return Err(SourceError::Missing(path.to_path_buf()));
        }
        if path.join("search").join("meta.js").is_file() {
            return SiteSource::folder(path);
        }
        if crate::config::CONFIG_FILES
            .iter()
            .any(|n| path.join(n).is_file())
        {
            return SiteSource::build(path, say);
        }
        Err(SourceError::NotASite(path.to_path_buf()))
    }

    /// A built site folder.
    pub fn folder(dir: &Path) -> Result<SiteSource, SourceError> {
        let dir = dir
            .canonicalize()
            .map_err(|_| SourceError::Missing(dir.to_path_buf()))?;
        Ok(SiteSource {
            files: Files::Folder(dir),
            base: None,
            _built: None,
        })
    }

    /// The docs root `root` built into a temporary folder.
    fn build(root: &Path, say: &dyn Fn(&str)) -> Result<SiteSource, SourceError> {
        say(&format!("building {} for the MCP server…", root.display()));
        let temp = tempfile::Builder::new()
            .prefix("sheaf-mcp-")
            .tempdir()
            .map_err(SourceError::Temp)?;
        let out = temp.path().join("site");
        let options = crate::site::BuildOptions {
            cache: crate::cache::BuildCache::from_env(),
            ..crate::site::BuildOptions::default()
        };
        let built = crate::site::build_with(root, &out, &options);
        if built.diagnostics.has_errors() {
            let first = (built.diagnostics.iter())
                .find(|d| d.severity == crate::diagnostics::Severity::Error)
                .map(|d| d.message.clone())
                .unwrap_or_default();
            return Err(SourceError::Build {
                root: root.to_path_buf(),
                summary: format!("{first} (run `sheaf check` to see every problem)"),
            });
        }
        let mut site = SiteSource::folder(&out)?;
        site._built = Some(temp);
        Ok(site)
    }

    /// The published address, with its trailing slash, if known.
    pub fn base(&self) -> Option<&str> {
        self.base.as_deref()
    }

    /// The text of the site file `path` (relative to the site root).
    pub fn read(&self, path: &str) -> Result<String, SourceError> {
        self.files.read(path)
    }

    /// The search index's files, for a [`crate::search::Searcher`].
    pub fn index_files(&self) -> Box<dyn IndexFiles> {
        Box::new(Index(self.files.clone()))
    }
}

impl Files {
    fn read(&self, path: &str) -> Result<String, SourceError> {
        if !is_site_path(path) {
            return Err(SourceError::Outside(path.to_string()));
        }
        match self {
            Files::Folder(root) => read_inside(root, path),
            Files::Remote(remote) => remote.get(path).map(|text| text.to_string()),
        }
    }
}

/// The search index (`search/KEY.js`) of a site.
struct Index(Files);

impl IndexFiles for Index {
    fn read(&self, key: &str) -> std::io::Result<String> {
        self.0
            .read(&format!("search/{key}.js"))
            .map_err(|e| std::io::Error::other(e.to_string()))
    }

    fn label(&self) -> PathBuf {
        match &self.0 {
            Files::Folder(root) => root.join("search"),
            Files::Remote(remote) => PathBuf::from(format!("{}search", remote.base())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_read_only_inside() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        std::fs::create_dir(&site).unwrap();
        std::fs::write(site.join("a.md"), "# A").unwrap();
        std::fs::write(dir.path().join("secret.md"), "secret").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.path().join("secret.md"), site.join("link.md")).unwrap();
        let source = SiteSource::folder(&site).unwrap();
        assert_eq!(source.read("a.md").unwrap(), "# A");
        assert!(matches!(
            source.read("../secret.md"),
            Err(SourceError::Outside(_))
        ));
        #[cfg(unix)]
        assert!(matches!(
            source.read("link.md"),
            Err(SourceError::Outside(_))
        ));
        assert!(matches!(source.read("b.md"), Err(SourceError::NotFound(_))));
    }
}
