//! The theme's files: templates and static assets embedded in the binary
//! (every file under `templates/` and `themes/default/`, so files added there
//! are picked up without code changes), overridden per docs root from
//! `ROOT/_theme/templates/<name>` and `ROOT/_theme/<file>`, and bundled into
//! fingerprinted `_sheaf/sheaf.<hash>.css` / `.js`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod minify;

use rust_embed::Embed;

use crate::config::ThemeName;
use crate::confine::{DocsRoot, ReadError, OUTSIDE_HELP};
use crate::diagnostics::Diagnostic;
use crate::icons::ATTRIBUTION;
use crate::rules::Rule;

#[derive(Embed)]
#[folder = "templates/"]
struct BuiltinTemplates;

#[derive(Embed)]
#[folder = "themes/default/"]
struct BuiltinAssets;

/// Where a docs root keeps its theme overrides.
pub const OVERRIDE_DIR: &str = "_theme";
/// Where the theme's files go in the output.
pub const OUTPUT_DIR: &str = "_sheaf";

/// A template's text and the file it came from (for diagnostics).
#[derive(Debug, Clone)]
pub struct TemplateSource {
    pub name: String,
    pub text: String,
    /// The override file, relative to the docs root; `None` for built-ins.
    pub override_path: Option<PathBuf>,
}

/// Built-in templates, each replaced by its override when the docs root has one,
/// plus override-only templates.
pub fn templates(root: &Path) -> Result<Vec<TemplateSource>, Diagnostic> {
    let mut by_name: BTreeMap<String, TemplateSource> = BTreeMap::new();
    for name in BuiltinTemplates::iter() {
        let file = BuiltinTemplates::get(&name).expect("embedded file listed by iter");
        let source = TemplateSource {
            name: name.to_string(),
            text: String::from_utf8_lossy(&file.data).into_owned(),
            override_path: None,
        };
        by_name.insert(name.to_string(), source);
    }
    let relative = PathBuf::from(OVERRIDE_DIR).join("templates");
    for (name, bytes) in read_dir_files(root, &relative, |_| true)? {
        let path = relative.join(&name);
        let text = String::from_utf8(bytes).map_err(|_| {
            Diagnostic::error(&path, "template override is not UTF-8 text")
                .with_rule(Rule::ThemeTemplate)
        })?;
        let override_path = Some(path);
        by_name.insert(
            name.clone(),
            TemplateSource {
                name,
                text,
                override_path,
            },
        );
    }
    Ok(by_name.into_values().collect())
}

/// The static files of the theme: built-ins overlaid by `ROOT/_theme/<file>`.
pub fn theme_files(root: &Path) -> Result<BTreeMap<String, Vec<u8>>, Diagnostic> {
    // `jsx/` is the components' runtime, loaded by the pages that need it;
    // `analytics/` is written only for sites with integrations.
    let mut files: BTreeMap<String, Vec<u8>> = BuiltinAssets::iter()
        .filter(|name| !name.starts_with("jsx/") && !name.starts_with("analytics/"))
        .filter_map(|name| {
            let file = BuiltinAssets::get(&name)?;
            Some((name.to_string(), file.data.into_owned()))
        })
        .collect();
    files.extend(read_dir_files(root, Path::new(OVERRIDE_DIR), |_| true)?);
    Ok(files)
}

/// The built-in asset `name` (`analytics/analytics.js`).
pub fn builtin(name: &str) -> Option<Vec<u8>> {
    BuiltinAssets::get(name).map(|file| file.data.into_owned())
}

/// The docs root's own top-level `.css` and `.js` files, which Mintlify
/// includes on every page. Returned as (file name, bytes), sorted.
pub fn custom_files(root: &Path) -> Result<Vec<(String, Vec<u8>)>, Diagnostic> {
    let custom = |name: &str| name.ends_with(".css") || name.ends_with(".js");
    Ok(read_dir_files(root, Path::new(""), custom)?
        .into_iter()
        .collect())
}

/// The files directly inside the folder `dir` of the docs root `root`
/// whose names `wanted` accepts (none when it does not exist). A file
/// that resolves outside the root is an error ([`crate::confine`]).
fn read_dir_files(
    root: &Path,
    dir: &Path,
    wanted: impl Fn(&str) -> bool,
) -> Result<BTreeMap<String, Vec<u8>>, Diagnostic> {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        return Ok(BTreeMap::new());
    };
    let docs = DocsRoot::new(root);
    let mut files = BTreeMap::new();
    for entry in entries.flatten() {
        if !entry.path().is_file() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if !wanted(&name) {
            continue;
        }
        let relative = dir.join(&name);
        let bytes = docs.read(&relative).map_err(|e| {
            let refused = Diagnostic::error(&relative, format!("cannot read theme file: {e}"))
                .with_rule(Rule::ReadFailed);
            match e {
                ReadError::Outside { .. } => {
                    refused.with_help(OUTSIDE_HELP).with_rule(Rule::OutsideRoot)
                }
                ReadError::TooLarge { .. } | ReadError::Io(_) => refused,
            }
        })?;
        files.insert(name, bytes);
    }
    Ok(files)
}

/// One fingerprinted bundle.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// Output path relative to the site root, `_sheaf/sheaf.<hash>.css`.
    pub path: String,
    pub bytes: Vec<u8>,
}

/// The cascade layer of everything sheaf styles (theme, site colours, a
/// page's utility classes). A site's own stylesheet is not in a layer, so
/// its rules win over the theme's whatever their specificity, as on
/// Mintlify, whose Tailwind v4 stylesheet is all in layers.
pub const THEME_LAYER: &str = "sheaf";

/// Concatenates the files with extension `ext`: `first` leads, the others
/// follow alphabetically, then the `generated` code (from the site's
/// configuration). CSS starts with the icon attribution, and the rest is in
/// the cascade layer [`THEME_LAYER`].
pub fn bundle(
    files: &BTreeMap<String, Vec<u8>>,
    ext: &str,
    first: &str,
    generated: &str,
) -> Bundle {
    let suffix = format!(".{ext}");
    let mut names: Vec<&String> = (files.keys())
        .filter(|n| n.ends_with(&suffix) && !n.starts_with(THEMES_DIR))
        .collect();
    names.sort_by_key(|n| (n.as_str() != first, n.as_str()));
    let mut bytes = Vec::new();
    if ext == "css" {
        bytes.extend_from_slice(
            format!("/*! {ATTRIBUTION} */\n@layer {THEME_LAYER}{{\n").as_bytes(),
        );
    }
    for name in names {
        bytes.extend_from_slice(format!("/* {name} */\n").as_bytes());
        bytes.extend_from_slice(&files[name]);
        bytes.extend_from_slice(if ext == "js" { b"\n;\n" } else { b"\n" });
    }
    if !generated.is_empty() {
        bytes.extend_from_slice(b"/* generated from site.json */\n");
        bytes.extend_from_slice(generated.as_bytes());
    }
    if ext == "css" {
        bytes.extend_from_slice(b"}\n");
    }
    let bytes = minified(bytes, ext);
    let path = format!("{OUTPUT_DIR}/sheaf.{}.{ext}", fingerprint(&bytes));
    Bundle { path, bytes }
}

/// A bundle's bytes as shipped: JavaScript and CSS minified ([`minify`]);
/// as written if an override made them other than UTF-8.
fn minified(bytes: Vec<u8>, ext: &str) -> Vec<u8> {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => return e.into_bytes(),
    };
    match ext {
        "js" => minify::js(&text).into_bytes(),
        "css" => minify::css(&text).into_bytes(),
        _ => text.into_bytes(),
    }
}

/// `text` as the CSS bundle ships it.
#[cfg(test)]
pub(crate) fn shipped_css(text: &str) -> String {
    minify::css(text)
}

/// The folder of the layout themes' own CSS (`themes/<name>.css`), of which
/// a site's bundle holds only its theme's ([`theme_css`]).
const THEMES_DIR: &str = "themes/";

/// The CSS of the layout theme `theme`: the parts it shares with other
/// themes, then its own (`themes/<part>.css`; none for mint).
pub fn theme_css(files: &BTreeMap<String, Vec<u8>>, theme: ThemeName) -> String {
    (theme_parts(theme).iter())
        .filter_map(|part| files.get(&format!("{THEMES_DIR}{part}.css")))
        .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
        .collect()
}

/// What each theme changes, as the CSS parts it is made of.
fn theme_parts(theme: ThemeName) -> &'static [&'static str] {
    use ThemeName::*;
    match theme {
        Mint => &[],
        Maple => &["sidebar-chrome", "sidebar-first", "maple"],
        Willow => &[
            "sidebar-chrome",
            "sidebar-first",
            "tabs-in-topbar",
            "willow",
        ],
        Almond => &["sidebar-chrome", "tabs-in-topbar", "almond"],
        Linden => &["tabs-in-topbar", "linden"],
        Luma => &["tabs-in-topbar", "luma"],
        Aspen => &["aspen"],
        Palm => &["palm"],
        Sequoia => &["sequoia"],
    }
}

/// A short content hash (64-bit FNV-1a) for cache-busting file names.
pub fn fingerprint(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{:010x}", hash & 0xff_ffff_ffff)
}

/// Theme files that are neither bundled nor templates (fonts, images),
/// written under `_sheaf/`.
pub fn loose_files(files: &BTreeMap<String, Vec<u8>>) -> Vec<(PathBuf, Vec<u8>)> {
    files
        .iter()
        .filter(|(name, _)| !name.ends_with(".css") && !name.ends_with(".js"))
        .filter(|(name, _)| !name.starts_with(THEMES_DIR))
        .map(|(name, bytes)| (PathBuf::from(OUTPUT_DIR).join(name), bytes.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> BTreeMap<String, Vec<u8>> {
        list.iter()
            .map(|(n, b)| (n.to_string(), b.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn bundle_puts_first_file_first_then_alphabetical() {
        let f = files(&[
            ("a.css", ".first{}"),
            ("base.css", ".base{}"),
            ("z.css", ".last{}"),
            ("x.js", "script()"),
        ]);
        let css = String::from_utf8(bundle(&f, "css", "base.css", ".site{}").bytes).unwrap();
        let at = |s: &str| css.find(s).unwrap();
        assert!(at(".base{}") < at(".first{}") && at(".first{}") < at(".last{}"));
        assert!(at(".last{}") < at(".site{}"), "generated rules come last");
        assert!(css.starts_with("/*! Icons: Font Awesome"));
        assert!(!css.contains("script()"));
    }

    #[test]
    fn the_script_bundle_ships_minified() {
        let f = files(&[(
            "theme.js",
            "// note\nfunction go(a) {\n  return a + 1;\n}\n",
        )]);
        let js = String::from_utf8(bundle(&f, "js", "theme.js", "").bytes).unwrap();
        assert!(js.contains("return a+1") && !js.contains("note"), "{js}");
    }

    #[test]
    fn fingerprint_changes_with_content() {
        let one = bundle(&files(&[("base.css", "a{}")]), "css", "base.css", "");
        let two = bundle(&files(&[("base.css", "b{}")]), "css", "base.css", "");
        assert_ne!(one.path, two.path);
        assert!(one.path.starts_with("_sheaf/sheaf.") && one.path.ends_with(".css"));
    }

    #[test]
    fn builtin_theme_has_base_css_and_templates() {
        let dir = tempfile::tempdir().unwrap();
        let files = theme_files(dir.path()).unwrap();
        assert!(files.contains_key("base.css") && files.contains_key("theme.js"));
        let templates = templates(dir.path()).unwrap();
        assert!(templates.iter().any(|t| t.name == "page.html"));
    }

    #[test]
    fn overrides_replace_builtins() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("_theme/templates")).unwrap();
        std::fs::write(dir.path().join("_theme/base.css"), "OVERRIDE").unwrap();
        std::fs::write(dir.path().join("_theme/templates/footer.html"), "F").unwrap();
        let files = theme_files(dir.path()).unwrap();
        assert_eq!(files["base.css"], b"OVERRIDE");
        let footer = templates(dir.path())
            .unwrap()
            .into_iter()
            .find(|t| t.name == "footer.html")
            .unwrap();
        assert_eq!(footer.text, "F");
        assert!(footer.override_path.is_some());
    }
}
