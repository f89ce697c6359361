//! A page file's text. The preview keeps every page's text in memory, to
//! render any page on demand and re-render one on save. A build lets each
//! text go once the page is loaded (what loading needs of it, the
//! frontmatter, the first heading and the heading ids, is kept on the
//! [`Page`](super::Page)) and reads the file again when it renders the
//! page: a 100,000-page site is half a gigabyte of Markdown, which the
//! build would otherwise hold until its pages are rendered. The file read
//! again must be the one loaded; a page edited during the build fails it,
//! rather than mixing the loaded frontmatter and navigation with a new
//! body, and the previous output stays as it was.

use std::borrow::Cow;
use std::hash::BuildHasher;
use std::io;
use std::path::Path;

/// Whether [`Site::load_with`](super::Site::load_with) keeps the pages'
/// texts in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Texts {
    /// Kept: the preview renders and re-renders pages from memory.
    Keep,
    /// Let go once loaded, and read again at render time: a build.
    Release,
}

/// A page file's text (frontmatter included), or what identifies it once
/// let go. A page without a file has an empty kept text.
#[derive(Debug, Clone, PartialEq)]
pub enum PageText {
    Kept(String),
    Released(Fingerprint),
}

impl PageText {
    /// The text as loaded: kept, or let go with its fingerprint.
    pub fn new(text: String, texts: Texts) -> PageText {
        match texts {
            Texts::Keep => PageText::Kept(text),
            Texts::Release => PageText::Released(Fingerprint::of(&text)),
        }
    }

    /// The text, reading the file `path` again if it was let go; an error
    /// if the file now holds another text.
    pub fn read(&self, path: &Path) -> Result<Cow<'_, str>, TextError> {
        match self {
            PageText::Kept(text) => Ok(Cow::Borrowed(text)),
            PageText::Released(fingerprint) => {
                let text = std::fs::read_to_string(path).map_err(TextError::Unreadable)?;
                if Fingerprint::of(&text) == *fingerprint {
                    Ok(Cow::Owned(text))
                } else {
                    Err(TextError::Changed)
                }
            }
        }
    }
}

/// The length and a 64-bit hash of a text: enough to tell a file read
/// again from the one loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    len: usize,
    hash: u64,
}

impl Fingerprint {
    fn of(text: &str) -> Fingerprint {
        Fingerprint {
            len: text.len(),
            hash: foldhash::quality::FixedState::with_seed(0).hash_one(text),
        }
    }
}

/// Why a let-go page text could not be read again.
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    #[error("cannot read the page again to render it: {0}")]
    Unreadable(io::Error),
    #[error("the page changed while the site was being built")]
    Changed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_text_is_read_from_memory() {
        let text = PageText::new("# Hi\n".into(), Texts::Keep);
        let read = text.read(Path::new("/no/such/file.mdx")).unwrap();
        assert_eq!(read, "# Hi\n");
    }

    #[test]
    fn a_released_text_is_read_again_and_must_be_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("page.mdx");
        std::fs::write(&path, "# Hi\n").unwrap();
        let text = PageText::new("# Hi\n".into(), Texts::Release);
        assert_eq!(text.read(&path).unwrap(), "# Hi\n");

        // The same length, other bytes: an edit made during the build.
        std::fs::write(&path, "# Ho\n").unwrap();
        assert!(matches!(text.read(&path), Err(TextError::Changed)));

        std::fs::remove_file(&path).unwrap();
        assert!(matches!(text.read(&path), Err(TextError::Unreadable(_))));
    }
}
