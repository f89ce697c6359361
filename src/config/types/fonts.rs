//! docs.json `fonts` (kept as is in `site.json`): the site's font, and the
//! fonts of headings and of body text that override it; and `thumbnails`,
//! the social cards drawn with a font of their own.

use serde::{Deserialize, Serialize};

/// `fonts`: a font, and optionally one for headings and one for body text.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Fonts {
    #[serde(flatten)]
    pub font: Font,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heading: Option<Font>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<Font>,
}

/// One font: a family (a Google Fonts family, loaded at build time, unless
/// `source` names the file), its weight, and the file's format.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Font {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    /// A path in the docs root or a URL of the font file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// `woff` or `woff2`: the format of `source`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

impl Fonts {
    /// The font of body text: `body`, else the site's.
    pub fn body(&self) -> Option<&Font> {
        let font = self.body.as_ref().filter(|f| f.family.is_some());
        font.or(Some(&self.font).filter(|f| f.family.is_some()))
    }

    /// The font of headings: `heading`, else the site's.
    pub fn heading(&self) -> Option<&Font> {
        let font = self.heading.as_ref().filter(|f| f.family.is_some());
        font.or(Some(&self.font).filter(|f| f.family.is_some()))
    }
}

/// `thumbnails`: social cards for every page (`crate::thumbnails`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Thumbnails {
    /// `light` or `dark`; the site's default mode when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub appearance: Option<String>,
    /// An image of the docs root behind the text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background: Option<String>,
    /// Mintlify's font of the cards; sheaf draws them with its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fonts: Option<serde_json::Value>,
}
