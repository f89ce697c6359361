//! The site's fonts (docs.json `fonts`), served from the site itself, as
//! `next/font` does for Mintlify: no reader's browser asks a third party.
//!
//! For each font the config names (the site's, the headings', the body
//! text's):
//! - a generic family (`system-ui`, `sans-serif`…) is only named;
//! - a `source` file in the docs root is copied, a `source` URL downloaded;
//! - any other family is a Google Fonts family: its stylesheet is asked of
//!   the CSS2 API for the weights the site uses (`display=swap`), then every
//!   file it names is downloaded ([`google`]). The stylesheet is parsed, not
//!   copied: only `font-style`, `font-weight`, `unicode-range` and the file
//!   carry over, so nothing the host sends reaches the page but font data.
//!
//! The files go to `_sheaf/fonts/<hash>.<ext>`, each `@font-face` with
//! `font-display: swap`, and the latin file of the body text's font is
//! preloaded. Downloads are kept in the build cache (`fonts/`), which is
//! read first: a warm build needs no network and writes the same site. The
//! host is `$SHEAF_GOOGLE_FONTS_URL` when set (tests serve it on
//! loopback), else `https://fonts.googleapis.com`. A font that cannot be
//! had (`--offline` with nothing cached, a family Google does not have, a
//! failing host) keeps the theme's system font, with one note naming it.

mod google;

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use sha2::{Digest, Sha256};

use crate::cache::{BuildCache, Entries};
use crate::config::{Font, Fonts};
use crate::confine::DocsRoot;

/// What the pages get: CSS for the site's bundle, files under `_sheaf/`,
/// and the files to preload.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FontFaces {
    /// `@font-face` rules and the custom properties that use them; URLs
    /// relative to `_sheaf/`.
    pub css: String,
    /// Font files by path under `_sheaf/` (`fonts/<hash>.woff2`).
    pub files: Vec<(String, Vec<u8>)>,
    /// Paths under `_sheaf/` of the files to preload.
    pub preload: Vec<String>,
}

/// A font that is not served, and why: at `pointer` in the config.
#[derive(Debug, Clone, PartialEq)]
pub struct Unloaded {
    pub pointer: String,
    pub message: String,
}

/// How fonts are fetched: the cache, whether downloads are allowed, the
/// Google Fonts host.
pub struct Fetcher {
    entries: Entries,
    offline: bool,
    google: String,
}

/// The bound of the fonts kept in the build cache.
const CACHE_BOUND: u64 = 64 << 20;
/// The largest font file or stylesheet read.
const MAX_FILE: u64 = 8 << 20;
/// Families the browser knows by name, never downloaded.
const GENERIC: [&str; 10] = [
    "system-ui",
    "sans-serif",
    "serif",
    "monospace",
    "cursive",
    "fantasy",
    "ui-sans-serif",
    "ui-serif",
    "ui-monospace",
    "-apple-system",
];

impl Fetcher {
    pub fn new(cache: &BuildCache, offline: bool) -> Fetcher {
        let google = std::env::var("SHEAF_GOOGLE_FONTS_URL")
            .ok()
            .filter(|url| !url.is_empty())
            .unwrap_or_else(|| "https://fonts.googleapis.com".to_string());
        Fetcher {
            entries: cache.entries("fonts", CACHE_BOUND),
            offline,
            google: google.trim_end_matches('/').to_string(),
        }
    }

    /// The bytes at `url`: from the cache, else downloaded (and kept).
    fn get(&self, url: &str) -> Result<Vec<u8>, String> {
        let key = format!("font {url}");
        if let Some(bytes) = self.entries.read(key.as_bytes()) {
            return Ok(bytes);
        }
        if self.offline {
            return Err("not downloaded with --offline, and not in the build cache".into());
        }
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(20)))
            .build()
            .into();
        // Google sends woff2 to browsers that say they take it.
        let agent_name = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
        let mut response = (agent.get(url).header("User-Agent", agent_name).call())
            .map_err(|e| format!("{url}: {e}"))?;
        let bytes = (response
            .body_mut()
            .with_config()
            .limit(MAX_FILE)
            .read_to_vec())
        .map_err(|e| format!("{url}: {e}"))?;
        self.entries.write(key.as_bytes(), &bytes);
        Ok(bytes)
    }
}

/// One `@font-face` to write: the family, its style, weight and range,
/// and the file.
struct Face {
    style: String,
    weight: String,
    range: Option<String>,
    subset: Option<String>,
    bytes: Vec<u8>,
    format: &'static str,
}

/// The site's fonts, and a note for each that is not served.
pub fn load(fonts: &Fonts, docs: &DocsRoot, fetcher: &Fetcher) -> (FontFaces, Vec<Unloaded>) {
    let mut out = FontFaces::default();
    let mut unloaded = Vec::new();
    let roles = [
        ("body", fonts.body(), "body"),
        ("heading", fonts.heading(), "heading"),
    ];
    let mut done: Vec<(String, Option<String>)> = Vec::new();
    for (role, font, key) in roles {
        let Some(font) = font else { continue };
        let Some(family) = font.family.as_deref().map(str::trim) else {
            continue;
        };
        let pointer = pointer_of(fonts, font, key);
        if !is_family_name(family) {
            unloaded.push(Unloaded {
                pointer: format!("{pointer}/family"),
                message: format!("font family {family:?} has characters no family name has; the theme's font is used"),
            });
            continue;
        }
        let id = (family.to_string(), font.source.clone());
        if !done.contains(&id) {
            done.push(id);
            let weights = weights_of(fonts, family);
            match faces(font, family, &weights, docs, fetcher) {
                Ok(faces) => add_faces(&mut out, family, faces, role == "body"),
                Err(why) => unloaded.push(Unloaded {
                    pointer,
                    message: format!("font {family:?} is not served from the site ({why}); readers see it only if it is installed, else the theme's font"),
                }),
            }
        }
        out.css.push_str(&role_css(role, family, font.weight));
    }
    (out, unloaded)
}

/// Where `font` sits in the config: `/fonts/body`, `/fonts/heading` or `/fonts`.
fn pointer_of(fonts: &Fonts, font: &Font, key: &str) -> String {
    let own = match key {
        "body" => fonts.body.as_ref(),
        _ => fonts.heading.as_ref(),
    };
    match own {
        Some(own) if std::ptr::eq(own, font) => format!("/fonts/{key}"),
        _ => "/fonts".to_string(),
    }
}

/// The weights the site uses of `family`: those its fonts name, else the
/// theme's (regular to bold).
fn weights_of(fonts: &Fonts, family: &str) -> Vec<u16> {
    let all = [
        Some(&fonts.font),
        fonts.body.as_ref(),
        fonts.heading.as_ref(),
    ];
    let mut named: Vec<u16> = (all.into_iter().flatten())
        .filter(|f| f.family.as_deref().map(str::trim) == Some(family) || f.family.is_none())
        .filter_map(|f| f.weight)
        .filter(|w| (1.0..=1000.0).contains(w))
        .map(|w| w.round() as u16)
        .collect();
    if named.is_empty() {
        named = vec![400, 500, 600, 700];
    }
    named.sort_unstable();
    named.dedup();
    named
}

/// The faces of one font.
fn faces(
    font: &Font,
    family: &str,
    weights: &[u16],
    docs: &DocsRoot,
    fetcher: &Fetcher,
) -> Result<Vec<Face>, String> {
    if GENERIC.contains(&family.to_ascii_lowercase().as_str()) {
        return Ok(Vec::new());
    }
    let Some(source) = font.source.as_deref() else {
        return google::faces(family, weights, fetcher);
    };
    let bytes = match source.starts_with("https://") || source.starts_with("http://") {
        true => fetcher.get(source)?,
        false => (docs.read(Path::new(source.trim_start_matches('/'))))
            .map_err(|e| format!("cannot read {source}: {e}"))?,
    };
    let format = match (font.format.as_deref(), source.rsplit('.').next()) {
        (Some("woff"), _) | (None, Some("woff")) => "woff",
        (Some("woff2"), _) | (None, Some("woff2")) => "woff2",
        (_, Some("otf")) => "opentype",
        _ => "truetype",
    };
    // A file without a weight is taken for a regular face: bold text is
    // then drawn bolder by the browser, not in the regular shapes.
    let weight = font
        .weight
        .map_or("400".to_string(), |w| (w.round() as u16).to_string());
    Ok(vec![Face {
        style: "normal".into(),
        weight,
        range: None,
        subset: Some("latin".into()),
        bytes,
        format,
    }])
}

/// Writes `faces` of `family` into `out`: their files, `@font-face` rules
/// and, for the body text's font, the latin file to preload.
fn add_faces(out: &mut FontFaces, family: &str, faces: Vec<Face>, body: bool) {
    for face in faces {
        let ext = match face.format {
            "woff2" => "woff2",
            "woff" => "woff",
            "opentype" => "otf",
            _ => "ttf",
        };
        let hash = Sha256::digest(&face.bytes);
        let hex: String = hash.iter().take(8).map(|b| format!("{b:02x}")).collect();
        let path = format!("fonts/{hex}.{ext}");
        let _ = writeln!(
            out.css,
            "@font-face{{font-family:\"{family}\";font-style:{};font-weight:{};font-display:swap;src:url({path}) format(\"{}\"){}}}",
            face.style,
            face.weight,
            face.format,
            face.range.map(|r| format!(";unicode-range:{r}")).unwrap_or_default()
        );
        let latin = face.subset.as_deref() == Some("latin") && face.style == "normal";
        if body
            && latin
            && face.format == "woff2"
            && !out.preload.contains(&path)
            && out.preload.len() < 2
        {
            out.preload.push(path.clone());
        }
        if !out.files.iter().any(|(p, _)| *p == path) {
            out.files.push((path, face.bytes));
        }
    }
}

/// The custom properties (and for headings the rule) that put `family` to
/// use for `role`, in the theme's layer.
fn role_css(role: &str, family: &str, weight: Option<f64>) -> String {
    let name = match GENERIC.contains(&family.to_ascii_lowercase().as_str()) {
        true => family.to_string(),
        false => format!("\"{family}\""),
    };
    let weight = weight
        .filter(|w| (1.0..=1000.0).contains(w))
        .map(|w| w.round() as u16);
    match role {
        "body" => {
            let mut css = format!(":root{{--font-sans:{name},var(--font-system)}}\n");
            if let Some(w) = weight {
                let _ = writeln!(css, "body{{font-weight:{w}}}");
            }
            css
        }
        _ => {
            let mut css = format!(
                ":root{{--font-heading:{name},var(--font-sans)}}\nh1,h2,h3,h4,h5,h6,.page-title{{font-family:var(--font-heading)}}\n"
            );
            if let Some(w) = weight {
                let _ = writeln!(css, "h1,h2,h3,h4,h5,h6,.page-title{{font-weight:{w}}}");
            }
            css
        }
    }
}

/// Whether `name` can stand in CSS quotes and a URL as a family name.
fn is_family_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 100
        && (name.chars()).all(|c| c.is_alphanumeric() || " -_.".contains(c))
}

#[cfg(test)]
mod tests;
