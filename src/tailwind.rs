//! Tailwind CSS v3 utility classes, as Mintlify sites write them on HTML
//! and JSX (`<div className="grid md:grid-cols-3 gap-4">`), styled by CSS
//! generated for exactly the classes a page uses.
//!
//! [`Utilities`] is built once per build (by the theme) and asked once per
//! page job: it collects the page's class names ([`collect`]: the class
//! attributes of the rendered HTML, whatever component wrote them, and the
//! string literals of the source's `class`/`className` attributes, the
//! parts of template strings and conditionals included), drops the theme's
//! own class names (read from the theme's stylesheet, and `c-…`, `language-…`,
//! `hl` that its components and code blocks write, so no generated rule can land on sheaf's own elements), and hands the rest to `encre-css`, a
//! Tailwind-compatible generator in Rust. A page whose source has no
//! `class`, import or snippet pays one search of its source; one with no
//! class left pays a scan of its HTML; a page whose classes are all unknown
//! to the generator gets no CSS either (open world: an unknown class is
//! never a finding).
//!
//! The CSS goes into the page's own `<style>` ([`Utilities::page_css`]),
//! after the theme's stylesheets, so it is right in `sheaf build` and in the
//! preview (which renders pages on demand) alike, and a page's CSS never
//! depends on another page: a typical Tailwind page adds 2–10 KB
//! (`bench/README.md`).
//!
//! How it matches Mintlify's Tailwind:
//! - `dark:` follows the theme's mode toggle, `[data-theme="dark"]` on
//!   `<html>`, not the OS setting; `sm: md: lg: xl: 2xl:`, `hover:`,
//!   `group-hover:`, `focus:`, opacity modifiers (`text-black/50`) and
//!   arbitrary values (`rounded-[24px]`) are the generator's.
//! - No global reset (Tailwind's preflight would restyle the theme). What
//!   utilities rely on comes scoped: the custom properties the generator's
//!   rules read (`base.css` beside this file), and a border reset only on
//!   elements whose class names a border or divide utility, so `border`
//!   draws a solid line as in Tailwind. The theme's prose rules are written
//!   with `:where()` (a utility on a prose element wins) and skip anything
//!   inside `.not-prose`, which gets the rest of the reset (the theme's
//!   `base.css`).
//! - The generator writes Tailwind v4's palette (oklch) and v4's selectors
//!   for a few utilities (`space-y-*`); the oracle (`bench/tailwind.sh`)
//!   compares the classes styled with the real Tailwind v3 CLI.

mod arbitrary;
mod collect;

use std::collections::{BTreeSet, HashSet};

use encre_css::config::DarkMode;
use encre_css::{Config, Preflight, Scanner};

pub use collect::looks_like_class;

/// What the generated CSS of every page that has some starts with.
const BASE_CSS: &str = include_str!("tailwind/base.css");

/// Prefixes of class names sheaf writes, which no Tailwind utility has: its
/// components' (`c-card`) and code blocks' (`language-json`; their lines
/// are `hl`).
const SHEAF_PREFIXES: [&str; 2] = ["c-", "language-"];

/// Tailwind v3 names the generator knows by their v4 names (same CSS).
const V3_NAMES: [(&str, &str); 10] = [
    ("rounded", "rounded-sm"),
    ("outline-none", "outline-hidden"),
    ("flex-grow", "grow"),
    ("flex-grow-0", "grow-0"),
    ("flex-shrink", "shrink"),
    ("flex-shrink-0", "shrink-0"),
    ("overflow-ellipsis", "text-ellipsis"),
    ("decoration-slice", "box-decoration-slice"),
    ("decoration-clone", "box-decoration-clone"),
    ("size-full", "w-full h-full"),
];

/// The selector the theme marks dark mode with.
pub const DARK_SELECTOR: &str = "[data-theme=\"dark\"]";

/// The generator's configuration and the theme's own class names.
pub struct Utilities {
    config: Config,
    own: HashSet<String>,
    /// The class-like tokens of the site's own root `.js` files, which
    /// every page loads and which may add elements with utility classes.
    script: BTreeSet<String>,
}

impl Utilities {
    /// Utilities for a theme whose stylesheet is `theme_css`.
    pub fn new(theme_css: &str) -> Utilities {
        let mut config = Config::default();
        config.theme.dark_mode = DarkMode::new_class(DARK_SELECTOR);
        config.preflight = Preflight::new_none();
        // The tokens handed over are class names already: split on spaces only.
        config.scanner = Scanner::from_fn(|text| text.split_ascii_whitespace().collect());
        Utilities {
            config,
            own: css_class_names(theme_css).map(str::to_string).collect(),
            script: BTreeSet::new(),
        }
    }

    /// The same, with the classes the site's own `scripts` (its root `.js`
    /// files) may write: every class-like token of their string literals,
    /// as Tailwind's content scan reads a script. Every page gets them.
    pub fn with_scripts<'s>(mut self, scripts: impl IntoIterator<Item = &'s str>) -> Utilities {
        let mut found = BTreeSet::new();
        for script in scripts {
            collect::script_classes(script, |class| {
                if !self.is_theme_s(class) && collect::looks_like_class(class) {
                    found.insert(class.to_string());
                }
            });
        }
        self.script = found;
        self
    }

    /// Whether `class` is one the theme writes or styles.
    fn is_theme_s(&self, class: &str) -> bool {
        self.own.contains(class)
            || SHEAF_PREFIXES.iter().any(|p| class.starts_with(p))
            || class == "hl"
    }

    /// The class names of a page that may be utilities: those of its
    /// rendered `html` parts and of its `sources` (the page's text, the
    /// script of its live components), less the theme's own.
    /// The classes of the site's root scripts count on every page.
    pub fn page_classes<'a>(&'a self, html: &[&'a str], sources: &[&'a str]) -> BTreeSet<&'a str> {
        let mut classes: BTreeSet<&'a str> = self.script.iter().map(String::as_str).collect();
        if !sources.iter().any(|source| may_have_utilities(source)) {
            return classes;
        }
        let mut take = |class: &'a str| {
            if !self.is_theme_s(class) && collect::looks_like_class(class) {
                classes.insert(class);
            }
        };
        for part in html {
            collect::html_classes(part, &mut take);
        }
        for source in sources {
            collect::source_classes(source, &mut take);
        }
        classes
    }

    /// The CSS for `classes`, `None` when the generator styles none of them.
    pub fn css<'a>(&self, classes: impl IntoIterator<Item = &'a str>) -> Option<String> {
        let mut list = String::new();
        for class in classes {
            list.push_str(class);
            list.push(' ');
        }
        if list.is_empty() {
            return None;
        }
        let generated = match v3_shortcuts(&list) {
            Some(shortcuts) => {
                let mut config = self.config.clone();
                for (class, v4) in shortcuts {
                    config.shortcuts.add(class, v4);
                }
                encre_css::generate([list.as_str()], &config)
            }
            None => encre_css::generate([list.as_str()], &self.config),
        };
        (!generated.trim().is_empty()).then(|| BASE_CSS.to_string() + &compact(&generated))
    }

    /// The CSS of a page: [`Self::page_classes`] through [`Self::css`].
    pub fn page_css(&self, html: &[&str], source: &str) -> Option<String> {
        self.css(self.page_classes(html, &[source]))
    }
}

/// For each class of `list` (space-separated) that is a Tailwind v3 name
/// ([`V3_NAMES`], `size-N`) or an arbitrary-value form it does not read
/// (`arbitrary`), variants included, what the generator calls it; `None` when there is none (the common case: no copy of the config).
fn v3_shortcuts(list: &str) -> Option<Vec<(String, String)>> {
    let found: Vec<(String, String)> = list
        .split_ascii_whitespace()
        .filter_map(|class| {
            let (variants, name) = class.rsplit_once(':').map_or(("", class), |(v, n)| (v, n));
            let v4 = match V3_NAMES.iter().find(|(v3, _)| *v3 == name) {
                Some((_, v4)) => v4.to_string(),
                None => match name.strip_prefix("size-") {
                    Some(size) => format!("w-{size} h-{size}"),
                    None => arbitrary::equivalent(name)
                        .or_else(|| arbitrary::named_colour_modifier(name))?,
                },
            };
            let prefix = match variants {
                "" => String::new(),
                v => format!("{v}:"),
            };
            let v4 = v4.split(' ').map(|part| format!("{prefix}{part}"));
            Some((class.to_string(), v4.collect::<Vec<_>>().join(" ")))
        })
        .collect();
    (!found.is_empty()).then_some(found)
}

/// Whether a page whose source is `source` may carry utility classes: its
/// author writes a `class` or `className`, or it takes in a snippet (whose
/// HTML may). Else only sheaf wrote its classes (`language-…` of a code
/// block, an endpoint's), and the page is not scanned at all.
fn may_have_utilities(source: &str) -> bool {
    let has = |needle: &str| memchr::memmem::find(source.as_bytes(), needle.as_bytes()).is_some();
    has("class") || has("import ") || has("<Snippet")
}

/// The generator's CSS without its indentation, line breaks and the spaces
/// before a block and after a property's name.
fn compact(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    for line in css.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match (line.strip_suffix(" {"), line.ends_with(';')) {
            (Some(head), _) => {
                out.push_str(head);
                out.push('{');
            }
            (None, true) => out.push_str(&line.replacen(": ", ":", 1)),
            (None, false) => out.push_str(line),
        }
    }
    out.push('\n');
    out
}

/// The class names a stylesheet's selectors name (`.name`, not escaped ones).
fn css_class_names(css: &str) -> impl Iterator<Item = &str> {
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
    let bytes = css.as_bytes();
    memchr::memchr_iter(b'.', bytes).filter_map(move |at| {
        if at > 0 && ident(bytes[at - 1]) {
            return None;
        }
        let len = bytes[at + 1..].iter().take_while(|&&b| ident(b)).count();
        let name = &css[at + 1..at + 1 + len];
        name.starts_with(|c: char| c.is_ascii_alphabetic())
            .then_some(name)
    })
}

#[cfg(test)]
mod tests;
