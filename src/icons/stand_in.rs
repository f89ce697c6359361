//! The nearest open icon for a name no library has: Font Awesome Pro
//! names (`circle-bolt`, `phone-arrow-up-right`, `chart-waterfall`) and
//! plain words authors use as names (`error`, `performance`).
//!
//! Pro names are built of the same parts as the open ones, so
//! [`nearest`] reads a name by its parts and tries, in this order, the
//! names it would have in an open library; the first one a library draws
//! stands in:
//!
//! 1. the name as written, then with Pro's words in the open libraries'
//!    spelling ([`PHRASES`]: `brackets-curly` → `braces`, `slash` → `off`,
//!    so `file-brackets-curly` → Lucide's `file-braces`);
//! 2. without modifiers ([`MODIFIERS`]: `right-left-large` → `right-left`)
//!    and from an `arrow` on (`phone-arrow-up-right` → `phone`);
//! 3. a numbered or lettered container as Tabler names it (`circle-1` →
//!    `circle-number-1`, `square-n` → `square-letter-n`), then what is
//!    inside a container ([`CONTAINERS`]: `circle-bolt` → `bolt`);
//! 4. shorter and shorter heads of the name, each also singular and through
//!    [`NOUNS`], the base nouns and words no library names, with their
//!    nearest free icon (`chart-waterfall` → `chart` → `chart-simple`,
//!    `attributes` → `attribute` → `tags`, `elephant` → `hippo`);
//! 5. the container alone (`hexagon-vertical-nft` → `hexagon`).
//!
//! Everything is ordered data, so a name always gets the same stand-in.
//! A name with a word no library, mapping or table knows that is one edit
//! from a known name is a typo ([`typo_of`]: `rocket-lunch` for
//! `rocket-launch`), not a Pro name: it is warned, not drawn as a stand-in.

use std::collections::HashSet;
use std::sync::OnceLock;

use super::pro::PRO;
use super::table::{names, Library};

/// Pro's words → the open libraries' words for the same thing (several
/// words in a row are one entry); applied to every occurrence at once.
pub const PHRASES: &[(&str, &str)] = &[
    ("arrow-down-left", "incoming"),
    ("arrow-up-right", "outgoing"),
    ("brackets-curly", "braces"),
    ("brackets-square", "brackets"),
    ("forward", "forwarded"),
    ("gear", "settings"),
    ("house", "home"),
    ("magnifying-glass", "search"),
    ("pen", "pencil"),
    ("slash", "off"),
    ("trash-can", "trash"),
    ("xmark", "x"),
];

/// Words Pro adds for a variant of the same drawing, left out anywhere.
pub const MODIFIERS: &[&str] = &[
    "alt",
    "duotone",
    "flip",
    "horizontal",
    "large",
    "light",
    "regular",
    "sharp",
    "simple",
    "small",
    "solid",
    "tall",
    "thin",
    "vertical",
    "wide",
];

/// Shapes Pro draws around another icon (`circle-1`, `square-code`).
pub const CONTAINERS: &[&str] = &[
    "circle",
    "diamond",
    "hexagon",
    "octagon",
    "rectangle",
    "square",
];

/// Base nouns and words with no icon of their own → the nearest free icon:
/// families no library draws alone (`chart-…`), Pro's animals and objects,
/// and words authors name icons by.
pub const NOUNS: &[(&str, &str)] = &[
    ("account", "user"),
    ("analytics", "chart-line"),
    ("arrow", "arrow-right"),
    ("attribute", "tags"),
    ("auth", "key"),
    ("authentication", "key"),
    ("auto", "wand-magic-sparkles"),
    ("automatic", "wand-magic-sparkles"),
    ("bee", "bug"),
    ("billing", "credit-card"),
    ("chart", "chart-simple"),
    ("config", "sliders"),
    ("configuration", "sliders"),
    ("context", "layer-group"),
    ("credit", "credit-card"),
    ("debug", "bug"),
    ("deploy", "rocket"),
    ("deployment", "rocket"),
    ("diagram", "diagram-project"),
    ("docs", "book"),
    ("documentation", "book"),
    ("dolphin", "fish"),
    ("elephant", "hippo"),
    ("error", "circle-exclamation"),
    ("faq", "circle-question"),
    ("feature", "star"),
    ("gradual", "stairs"),
    ("guide", "book-open"),
    ("idea", "lightbulb"),
    ("install", "download"),
    ("installation", "download"),
    ("integration", "puzzle-piece"),
    ("logging", "list"),
    ("metric", "chart-line"),
    ("migration", "arrow-right-arrow-left"),
    ("monitoring", "chart-line"),
    ("monkey", "paw"),
    ("overview", "eye"),
    ("paper", "paper-plane"),
    ("performance", "gauge-high"),
    ("preserve", "floppy-disk"),
    ("pricing", "tag"),
    ("production", "industry"),
    ("quickstart", "rocket"),
    ("seal", "otter"),
    ("security", "shield-halved"),
    ("shark", "fish"),
    ("speed", "gauge-high"),
    ("standard", "certificate"),
    ("storage", "hard-drive"),
    ("success", "circle-check"),
    ("swap", "arrow-right-arrow-left"),
    ("team", "users"),
    ("testing", "flask"),
    ("tip", "lightbulb"),
    ("tutorial", "graduation-cap"),
    ("whale", "fish"),
];

/// The open name that stands in for `name` (lower case, no `fa-`), by the
/// rule of this module: the first candidate `drawn` accepts.
pub fn nearest(name: &str, drawn: impl Fn(&str) -> bool) -> Option<String> {
    candidates(name).into_iter().find(|c| drawn(c))
}

/// Words of the longest name read by its parts (the longest open icon
/// name has seven); a longer one is no icon name, and reading it would cost time
/// by the square of its length.
const MAX_WORDS: usize = 8;

/// The names to try for `name`, best first (see the module docs).
pub fn candidates(name: &str) -> Vec<String> {
    let words: Vec<&str> = name.split('-').filter(|w| !w.is_empty()).collect();
    if words.is_empty() || words.len() > MAX_WORDS {
        return Vec::new();
    }
    let spelled = respelled(&words);
    let variants: Vec<Vec<&str>> = dedup([words.clone(), spelled]);
    let bare: Vec<Vec<&str>> = dedup(variants.iter().map(|v| without_modifiers(v)));
    let mut out = Vec::new();
    out.extend(variants.iter().map(|v| v.join("-")));
    out.extend(bare.iter().map(|v| v.join("-")));
    let inner: Vec<&[&str]> = bare.iter().filter_map(|v| inside_container(v)).collect();
    for v in &bare {
        out.extend(numbered(v));
    }
    for rest in &inner {
        heads(rest, &mut out);
    }
    for v in &bare {
        heads(v, &mut out);
    }
    if let Some(container) = words.first().filter(|w| CONTAINERS.contains(w)) {
        out.push(container.to_string());
    }
    let mut seen = HashSet::new();
    out.retain(|c| !c.is_empty() && seen.insert(c.clone()));
    out
}

/// `words` with [`PHRASES`] applied, longest phrase first at each word.
fn respelled<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    'words: while i < words.len() {
        for n in (1..=3.min(words.len() - i)).rev() {
            let phrase = words[i..i + n].join("-");
            if let Some((_, open)) = PHRASES.iter().find(|(pro, _)| *pro == phrase) {
                out.extend(open.split('-'));
                i += n;
                continue 'words;
            }
        }
        out.push(words[i]);
        i += 1;
    }
    out
}

/// `words` without [`MODIFIERS`] and from an `arrow` after the first word
/// on (`phone-arrow-up-right` → `phone`); unchanged when nothing would be
/// left.
fn without_modifiers<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let end = words
        .iter()
        .skip(1)
        .position(|w| *w == "arrow" || *w == "arrows")
        .map_or(words.len(), |at| at + 1);
    let kept: Vec<&str> = words[..end]
        .iter()
        .copied()
        .filter(|w| !MODIFIERS.contains(w))
        .collect();
    if kept.is_empty() {
        words.to_vec()
    } else {
        kept
    }
}

/// What a container holds: `circle-bolt` → `bolt`.
fn inside_container<'a, 'b>(words: &'b [&'a str]) -> Option<&'b [&'a str]> {
    match words {
        [first, rest @ ..] if CONTAINERS.contains(first) && !rest.is_empty() => Some(rest),
        _ => None,
    }
}

/// Tabler's name of a container with one digit or letter in it:
/// `circle-1` → `circle-number-1`, `square-n` → `square-letter-n`.
fn numbered(words: &[&str]) -> Option<String> {
    let [container, sign] = words else {
        return None;
    };
    let kind = match sign.as_bytes() {
        [b'0'..=b'9'] => "number",
        [b'a'..=b'z'] => "letter",
        _ => return None,
    };
    CONTAINERS
        .contains(container)
        .then(|| format!("{container}-{kind}-{sign}"))
}

/// The heads of `words`, longest first (`person-skiing-fast`,
/// `person-skiing`, `person`), each as written, singular, and its
/// [`NOUNS`] stand-in.
fn heads(words: &[&str], out: &mut Vec<String>) {
    for n in (1..=words.len()).rev() {
        let head = words[..n].join("-");
        let one = singular(&head);
        out.push(head.clone());
        out.extend(one.clone());
        for word in std::iter::once(head).chain(one) {
            out.extend(noun(&word).map(str::to_string));
        }
    }
}

/// The [`NOUNS`] stand-in of `word`.
fn noun(word: &str) -> Option<&'static str> {
    NOUNS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|(_, open)| *open)
}

/// `books` → `book`, `categories` → `category` (not `class` → `clas`).
pub fn singular(name: &str) -> Option<String> {
    if let Some(stem) = name.strip_suffix("ies") {
        return Some(format!("{stem}y"));
    }
    (name.ends_with('s') && !name.ends_with("ss")).then(|| name[..name.len() - 1].to_string())
}

fn dedup<'a>(lists: impl IntoIterator<Item = Vec<&'a str>>) -> Vec<Vec<&'a str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    for list in lists {
        if !out.contains(&list) {
            out.push(list);
        }
    }
    out
}

/// Every word some icon name is made of: the three libraries' names, the
/// Pro names of [`PRO`] and both sides of this module's tables.
fn vocabulary() -> &'static HashSet<&'static str> {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let library_names = Library::ALL.into_iter().flat_map(names);
        let tables = PRO
            .iter()
            .chain(PHRASES)
            .chain(NOUNS)
            .flat_map(|(a, b)| [*a, *b]);
        library_names
            .chain(tables)
            .chain(MODIFIERS.iter().copied())
            .chain(CONTAINERS.iter().copied())
            .flat_map(|name| name.split('-'))
            .collect()
    })
}

/// Whether every word of `name` is a word of some icon name (digits are).
fn known_words(name: &str) -> bool {
    let words = vocabulary();
    name.split('-').all(|w| {
        w.bytes().all(|b| b.is_ascii_digit()) || words.contains(w) || {
            singular(w).is_some_and(|one| words.contains(one.as_str()))
        }
    })
}

/// The known name `name` is a typo of: one edit from a library name or a
/// Pro name of [`PRO`], for a name with a word no icon name has
/// (`rocket-lunch` → `rocket-launch`).
pub fn typo_of(name: &str) -> Option<&'static str> {
    if known_words(name) {
        return None;
    }
    let pro_names = PRO.iter().map(|(pro, _)| *pro);
    Library::ALL
        .into_iter()
        .flat_map(names)
        .chain(pro_names)
        .find(|known| one_edit_apart(name, known))
}

/// Whether `a` becomes `b` by changing, adding or removing one character.
fn one_edit_apart(a: &str, b: &str) -> bool {
    a.len().abs_diff(b.len()) <= 1 && strsim::levenshtein(a, b) == 1
}

#[cfg(test)]
mod tests;
