//! Social thumbnails (docs.json `thumbnails`): a 1200×630 PNG per page, as
//! Mintlify generates them, from the page's title and description, the
//! site's logo (or its name) and primary colour, in the `appearance` the
//! config asks (else the site's default mode), over `background` when it
//! names an image of the docs root.
//!
//! Each card is an SVG string (every text escaped) drawn by `resvg`, with
//! the one font the binary carries (DejaVu Sans Bold, `thumbnails/`) and
//! never a font of the machine, so the same page gives the same PNG
//! everywhere. Titles wrap at word boundaries on the font's own advances
//! (three lines at most, the last one ending in `…`). Cards are kept in the
//! build cache (`thumbnails/`) under their SVG, so a warm build draws none.
//! They are written to `_sheaf/og/<page>.png`; `render::page_meta` names
//! them in `og:image` and `twitter:image` unless the page or the config
//! gives its own.

use std::path::PathBuf;
use std::sync::Arc;

use base64::Engine as _;
use resvg::{tiny_skia, usvg};
use sha2::{Digest, Sha256};

use crate::cache::{BuildCache, Entries};
use crate::config::Mode;
use crate::content::{Page, Site};

/// The font of every card.
const FONT: &[u8] = include_bytes!("thumbnails/DejaVuSans-Bold.ttf");
const FAMILY: &str = "DejaVu Sans";
pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// Changed whenever the drawing changes, so cached cards are redrawn.
const VERSION: &str = "thumbnail 2";
const CACHE_BOUND: u64 = 256 << 20;
/// The left and right margin, and the widest a line of text may be.
const MARGIN: f64 = 80.0;
const TEXT_WIDTH: f64 = WIDTH as f64 - 2.0 * MARGIN;

/// Where a page's card is written, relative to the site root.
pub fn path(page: &Page) -> PathBuf {
    PathBuf::from(format!("_sheaf/og/{}.png", page.slug))
}

/// Whether `page` gets a card: the site asks for them, and neither the
/// page's frontmatter nor the config's `seo.metatags` name an `og:image`.
pub fn wanted(site: &Site, page: &Page) -> bool {
    let own = |name: &str| name == "og:image";
    site.config.thumbnails.is_some()
        && !page.frontmatter.meta.iter().any(|(name, _)| own(name))
        && !site.config.metadata.keys().any(|name| own(name))
}

/// What every card of a site shares.
pub struct Cards {
    options: usvg::Options<'static>,
    entries: Entries,
    /// Everything but the page's own text (background, logo, accents),
    /// drawn once; each card draws its text over a copy.
    base: tiny_skia::Pixmap,
    /// The SHA-256 of the base's SVG: part of every card's cache key.
    base_key: String,
    text: &'static str,
    muted: &'static str,
}

impl Cards {
    /// The cards of `site`, or `None` when it asks for none.
    pub fn of(site: &Site, cache: &BuildCache) -> Option<Cards> {
        let settings = site.config.thumbnails.as_ref()?;
        let dark = match settings.appearance.as_deref() {
            Some("dark") => true,
            Some(_) => false,
            None => site.config.mode_toggle.default == Some(Mode::Dark),
        };
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_data(FONT.to_vec());
        let options = usvg::Options {
            fontdb: Arc::new(fonts),
            font_family: FAMILY.to_string(),
            ..usvg::Options::default()
        };
        let colors = site.config.colors.as_ref();
        let primary = colors.map_or("#16a34a", |c| c.primary.as_str());
        let accent = match dark {
            true => colors.and_then(|c| c.light.as_deref()).unwrap_or(primary),
            false => primary,
        };
        let (background, text, muted) = match dark {
            true => ("#0b0f14", "#f8fafc", "#a3acb9"),
            false => ("#ffffff", "#0f172a", "#475569"),
        };
        let image = settings
            .background
            .as_deref()
            .and_then(|p| image_of(site, p));
        let mut layer =
            format!("<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"{background}\"/>");
        if let Some(uri) = image {
            layer += &format!("<image href=\"{uri}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" preserveAspectRatio=\"xMidYMid slice\"/>");
        }
        let logo = site
            .config
            .logo
            .as_ref()
            .map(|l| if dark { l.dark() } else { l.light() });
        let head = match logo.and_then(|p| image_of(site, p)) {
            Some(uri) => format!("<image href=\"{uri}\" x=\"{MARGIN}\" y=\"64\" width=\"480\" height=\"64\" preserveAspectRatio=\"xMinYMid meet\"/>"),
            None => text_line(&site.config.name, MARGIN, 112.0, 40.0, text),
        };
        let accent = safe_color(accent).unwrap_or("#16a34a");
        let base_svg = format!(
            "{}{layer}<rect width=\"{WIDTH}\" height=\"12\" fill=\"{accent}\"/>{head}<rect x=\"{MARGIN}\" y=\"570\" width=\"96\" height=\"6\" rx=\"3\" fill=\"{accent}\"/></svg>",
            svg_open()
        );
        let base_key = hex(&Sha256::digest(base_svg.as_bytes()));
        let base = draw(&base_svg, &options, None);
        Some(Cards {
            options,
            entries: cache.entries("thumbnails", CACHE_BOUND),
            base,
            base_key,
            text,
            muted,
        })
    }

    /// The PNG of `page`'s card.
    pub fn card(&self, page: &Page) -> Vec<u8> {
        let svg = self.svg(&page.title, page.description_text().as_deref());
        let key = format!("{VERSION}\n{}\n{svg}", self.base_key);
        if let Some(png) = self.entries.read(key.as_bytes()) {
            return png;
        }
        let png = draw(&svg, &self.options, Some(&self.base));
        let png = png.encode_png().expect("a PNG");
        self.entries.write(key.as_bytes(), &png);
        png
    }

    /// The text of a page titled `title` as SVG, drawn over the base.
    pub fn svg(&self, title: &str, description: Option<&str>) -> String {
        let mut svg = svg_open();
        let mut y = 260.0;
        for line in wrap(title, 68.0, 3) {
            svg += &text_line(&line, MARGIN, y, 68.0, self.text);
            y += 82.0;
        }
        if let Some(description) = description {
            y += 8.0;
            for line in wrap(description, 32.0, 3) {
                svg += &text_line(&line, MARGIN, y, 32.0, self.muted);
                y += 44.0;
            }
        }
        svg += "</svg>";
        svg
    }
}

/// The opening tag of every SVG drawn here.
fn svg_open() -> String {
    format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\">")
}

/// `svg` drawn over a copy of `under` (else a blank canvas).
fn draw(
    svg: &str,
    options: &usvg::Options,
    under: Option<&tiny_skia::Pixmap>,
) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, options).expect("the card's SVG is well formed");
    let mut pixmap = match under {
        Some(base) => base.clone(),
        None => tiny_skia::Pixmap::new(WIDTH, HEIGHT).expect("a canvas"),
    };
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One line of text at (`x`, `y`), `size` pixels, escaped.
fn text_line(text: &str, x: f64, y: f64, size: f64, fill: &str) -> String {
    format!(
        "<text x=\"{x}\" y=\"{y}\" font-family=\"{FAMILY}\" font-size=\"{size}\" font-weight=\"bold\" fill=\"{fill}\">{}</text>",
        crate::html::escape(text)
    )
}

/// `text` in lines no wider than the card's text at `size` pixels, at most
/// `lines` of them; the last one ends in `…` when text is left over.
pub fn wrap(text: &str, size: f64, lines: usize) -> Vec<String> {
    let face = ttf_parser::Face::parse(FONT, 0).expect("the bundled font parses");
    let scale = size / f64::from(face.units_per_em());
    let advance = |c: char| face.glyph_index(c).and_then(|g| face.glyph_hor_advance(g));
    let width = |s: &str| -> f64 {
        let units = s
            .chars()
            .map(|c| advance(c).unwrap_or(face.units_per_em() / 2));
        units.map(|a| f64::from(a) * scale).sum()
    };
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = match current.is_empty() {
            true => word.to_string(),
            false => format!("{current} {word}"),
        };
        if current.is_empty() || width(&candidate) <= TEXT_WIDTH {
            current = candidate;
        } else {
            out.push(std::mem::replace(&mut current, word.to_string()));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    let left_over = out.len() > lines;
    out.truncate(lines);
    for (i, line) in out.iter_mut().enumerate() {
        if (left_over && i + 1 == lines) || width(line) > TEXT_WIDTH {
            while !line.is_empty() && width(&format!("{line}…")) > TEXT_WIDTH {
                line.pop();
            }
            line.push('…');
        }
    }
    out
}

/// The image at `path` of the docs root as a data URI (SVG, PNG or JPEG),
/// or `None` when it cannot be read or is of another kind.
fn image_of(site: &Site, path: &str) -> Option<String> {
    let relative = path.trim_start_matches('/');
    let kind = match relative.rsplit('.').next()?.to_ascii_lowercase().as_str() {
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        _ => return None,
    };
    let bytes = site.docs.read(std::path::Path::new(relative)).ok()?;
    let data = base64::engine::general_purpose::STANDARD.encode(bytes);
    Some(format!("data:{kind};base64,{data}"))
}

/// `color` when it is a `#` hex colour, the only kind written into the SVG.
fn safe_color(color: &str) -> Option<&str> {
    let hex = color.strip_prefix('#')?;
    (matches!(hex.len(), 3 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit())).then_some(color)
}

#[cfg(test)]
mod tests;
