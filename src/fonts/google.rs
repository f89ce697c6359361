//! A Google Fonts family: its stylesheet from the CSS2 API, read for the
//! faces it declares, and their files.

use super::{Face, Fetcher};

/// One `@font-face` of the host's stylesheet, as far as sheaf keeps it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Declared {
    pub style: String,
    pub weight: String,
    pub range: Option<String>,
    /// The subset the comment before the rule names (`latin`).
    pub subset: Option<String>,
    pub url: String,
    pub format: &'static str,
}

/// The faces of `family` in `weights`; without them (a family with fewer
/// weights), its regular face.
pub(super) fn faces(family: &str, weights: &[u16], fetcher: &Fetcher) -> Result<Vec<Face>, String> {
    let name = family.replace(' ', "+");
    let list: Vec<String> = weights.iter().map(u16::to_string).collect();
    let url = format!(
        "{}/css2?family={name}:wght@{}&display=swap",
        fetcher.google,
        list.join(";")
    );
    let css = match fetcher.get(&url) {
        Ok(css) => css,
        Err(first) => {
            let plain = format!("{}/css2?family={name}&display=swap", fetcher.google);
            fetcher.get(&plain).map_err(|_| first)?
        }
    };
    let declared = parse(&String::from_utf8_lossy(&css));
    if declared.is_empty() {
        return Err(format!("the font host declares no face of {family:?}"));
    }
    let mut faces = Vec::new();
    for face in declared {
        let bytes = fetcher.get(&face.url)?;
        faces.push(Face {
            style: face.style,
            weight: face.weight,
            range: face.range,
            subset: face.subset,
            bytes,
            format: face.format,
        });
    }
    Ok(faces)
}

/// The `@font-face` rules of `css` whose every kept value is well formed;
/// the rest is dropped.
pub(super) fn parse(css: &str) -> Vec<Declared> {
    let mut out = Vec::new();
    let mut pieces = css.split("@font-face");
    let mut before = pieces.next().unwrap_or_default();
    for piece in pieces {
        let subset = last_comment(before);
        before = piece;
        let Some(body) = piece
            .split_once('{')
            .and_then(|(_, rest)| rest.split_once('}'))
        else {
            continue;
        };
        if let Some(face) = declared(body.0, subset) {
            out.push(face);
        }
    }
    out
}

/// The text of the last `/* … */` comment of `text` (the subset name).
fn last_comment(text: &str) -> Option<String> {
    let start = text.rfind("/*")? + 2;
    let end = start + text[start..].find("*/")?;
    let name = text[start..end].trim();
    (name.chars())
        .all(|c| c.is_ascii_alphanumeric() || c == '-')
        .then(|| name.to_string())
}

fn declared(body: &str, subset: Option<String>) -> Option<Declared> {
    let mut style = "normal".to_string();
    let mut weight = "400".to_string();
    let mut range = None;
    let mut src = None;
    for declaration in body.split(';') {
        let Some((name, value)) = declaration.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match name.trim() {
            "font-style" if ["normal", "italic"].contains(&value) => style = value.to_string(),
            "font-weight" if is_weight(value) => weight = value.to_string(),
            "unicode-range" if is_range(value) => range = Some(value.to_string()),
            "src" => src = source(value),
            _ => {}
        }
    }
    let (url, format) = src?;
    Some(Declared {
        style,
        weight,
        range,
        subset,
        url,
        format,
    })
}

/// `url(…) format(…)`: an http(s) URL without quotes or spaces, and a known format.
fn source(value: &str) -> Option<(String, &'static str)> {
    let start = value.find("url(")? + 4;
    let end = start + value[start..].find(')')?;
    let url = value[start..end].trim_matches(|c| c == '"' || c == '\'');
    let clean = !(url.chars()).any(|c| c.is_whitespace() || "\"'()<>\\".contains(c));
    let web = url.starts_with("https://") || url.starts_with("http://");
    let format = match value[end..].to_ascii_lowercase() {
        f if f.contains("woff2") => "woff2",
        f if f.contains("woff") => "woff",
        f if f.contains("opentype") => "opentype",
        _ => "truetype",
    };
    (clean && web).then(|| (url.to_string(), format))
}

fn is_weight(value: &str) -> bool {
    let parts: Vec<&str> = value.split(' ').collect();
    parts.len() <= 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 4 && p.chars().all(|c| c.is_ascii_digit()))
}

fn is_range(value: &str) -> bool {
    !value.is_empty()
        && value.len() < 2000
        && (value.chars()).all(|c| c.is_ascii_hexdigit() || "Uu+-?, ".contains(c))
}
