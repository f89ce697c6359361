//! A page file's text. The preview keeps every page's text in memory, to
//! render any page on demand and re-render one on save. A build keeps the
//! texts too while they add up to at most [`BUILD_TEXT_BUDGET`] bytes, so
//! each page file is read once (a 10,000-page site is some 40 MB); past
//! that it lets each further text go once the page is loaded (what loading
//! needs of it, the frontmatter, the first heading and the heading ids, is
//! kept on the [`Page`](super::Page)) and reads the file again when it
//! renders the page: a 100,000-page site is half a gigabyte of Markdown,
//! which the build would otherwise hold until its pages are rendered. A
//! file read again must be the one loaded; a page edited during the build
//! fails it, rather than mixing the loaded frontmatter and navigation with
//! a new body, and the previous output stays as it was.

use std::borrow::Cow;
use std::hash::BuildHasher;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many bytes of page text a build keeps in memory: beyond it, texts
/// are let go and read again at render time.
pub const BUILD_TEXT_BUDGET: usize = 256 << 20;

/// Whether [`Site::load_with`](super::Site::load_with) keeps the pages'
/// texts in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Texts {
    /// Kept: the preview renders and re-renders pages from memory.
    Keep,
    /// Let go once loaded, and read again at render time.
    Release,
    /// Kept while the kept texts add up to at most this many bytes, the
    /// others let go: a build.
    Within(usize),
}

/// What decides, text by text, whether a load keeps it: [`Texts`] and the
/// bytes kept so far (pages are read in parallel).
#[derive(Debug)]
pub struct TextBudget {
    texts: Texts,
    kept: AtomicUsize,
}

impl TextBudget {
    pub fn new(texts: Texts) -> TextBudget {
        TextBudget {
            texts,
            kept: AtomicUsize::new(0),
        }
    }

    /// `text` as loaded: kept, or let go with its fingerprint.
    pub fn text(&self, text: String) -> PageText {
        let keep = match self.texts {
            Texts::Keep => true,
            Texts::Release => false,
            Texts::Within(limit) => self
                .kept
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |kept| {
                    let total = kept.checked_add(text.len())?;
                    (total <= limit).then_some(total)
                })
                .is_ok(),
        };
        let texts = if keep { Texts::Keep } else { Texts::Release };
        PageText::new(text, texts)
    }
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
            Texts::Release | Texts::Within(_) => PageText::Released(Fingerprint::of(&text)),
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

    #[test]
    fn a_budget_keeps_texts_until_it_is_spent() {
        let budget = TextBudget::new(Texts::Within(10));
        let kept = |text: &PageText| matches!(text, PageText::Kept(_));
        assert!(kept(&budget.text("123456".into())));
        assert!(!kept(&budget.text("12345".into())), "6 + 5 > 10: let go");
        assert!(kept(&budget.text("1234".into())), "6 + 4 fits");
        assert!(!kept(&budget.text("1".into())), "spent");
        assert!(kept(&TextBudget::new(Texts::Keep).text("x".repeat(99))));
        assert!(!kept(&TextBudget::new(Texts::Release).text("x".into())));
    }
}
