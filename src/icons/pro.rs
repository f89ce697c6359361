//! Font Awesome Pro names, which no open library carries: Mintlify draws
//! them from its Pro kit, so sites use them. [`PRO`] maps each Pro name
//! seen on real sites to the open icon of the same meaning (kept as data,
//! a test per entry); any other name is unknown, and shows the closest
//! icon of its name family ([`family_icon`]) or nothing.

use super::table::{find, Library};

/// Pro-only name → the open icon (a Font Awesome Free name, else a Lucide
/// or Tabler one) that means the same.
pub const PRO: &[(&str, &str)] = &[
    ("alarm-exclamation", "alarm-clock"),
    ("alien-8bit", "ghost"),
    ("arrow-left-arrow-right", "arrow-right-left"),
    ("arrow-progress", "route"),
    ("arrows-retweet", "repeat"),
    ("beer-mug", "beer"),
    ("block-quote", "quote"),
    ("bolt-slash", "zap-off"),
    ("book-font", "book-a"),
    ("book-open-cover", "book-open"),
    ("brackets-curly", "braces"),
    ("camera-cctv", "cctv"),
    ("chart-mixed", "chart-column"),
    ("chart-pie-simple", "chart-pie"),
    ("circle-0", "circle-number-0"),
    ("circle-1", "circle-number-1"),
    ("circle-2", "circle-number-2"),
    ("circle-3", "circle-number-3"),
    ("circle-4", "circle-number-4"),
    ("circle-5", "circle-number-5"),
    ("circle-6", "circle-number-6"),
    ("circle-7", "circle-number-7"),
    ("circle-8", "circle-number-8"),
    ("circle-9", "circle-number-9"),
    ("code-simple", "code"),
    ("cursor-click", "mouse-pointer-click"),
    ("diagram-subtask", "list-tree"),
    ("face-saluting", "face-smile"),
    ("file-magnifying-glass", "file-search"),
    ("flask-gear", "flask-conical"),
    ("grid-2", "grid-2x2"),
    ("hand-wave", "hand"),
    ("input-text", "text-cursor-input"),
    ("link-simple", "link"),
    ("lobster", "shrimp"),
    ("message-arrow-up", "message-square-share"),
    ("message-bot", "bot-message-square"),
    ("message-lines", "message-square-text"),
    ("message-smile", "message-chatbot"),
    ("message-sms", "message-square-more"),
    ("page", "file"),
    ("pen-paintbrush", "paintbrush"),
    ("person-running-fast", "person-running"),
    ("pipe", "separator-vertical"),
    ("rectangle-code", "square-code"),
    ("rectangle-history", "history"),
    ("rectangle-pro", "rectangle-ad"),
    ("rectangle-terminal", "square-terminal"),
    ("rectangles-mixed", "layout-dashboard"),
    ("rocket-launch", "rocket"),
    ("screencast", "screen-share"),
    ("sidebar-flip", "panel-right"),
    ("signal-stream", "tower-broadcast"),
    ("spinner-third", "loader-circle"),
    ("square-0", "square-number-0"),
    ("square-1", "square-number-1"),
    ("square-2", "square-number-2"),
    ("square-3", "square-number-3"),
    ("square-4", "square-number-4"),
    ("square-5", "square-number-5"),
    ("square-6", "square-number-6"),
    ("square-7", "square-number-7"),
    ("square-8", "square-number-8"),
    ("square-9", "square-number-9"),
    ("square-n", "square-letter-n"),
    ("table-layout", "layout-grid"),
    ("table-rows", "rows-3"),
    ("up", "up-long"),
    ("user-crown", "user-shield"),
    ("user-group-simple", "users"),
    ("user-magnifying-glass", "user-search"),
    ("user-robot", "bot"),
    ("user-unlock", "user-lock"),
    ("wave-pulse", "activity"),
    ("waveform-lines", "audio-waveform"),
];

/// The open icon [`PRO`] maps Pro name `name` to.
pub fn open_name(name: &str) -> Option<&'static str> {
    PRO.iter()
        .find(|(pro, _)| *pro == name)
        .map(|(_, open)| *open)
}

/// Shapes Pro draws around another icon (`circle-1`, `square-code`): the
/// icon inside is the closest free one.
const CONTAINERS: [&str; 5] = ["circle", "square", "rectangle", "diamond", "hexagon"];

/// Families of Pro names by their first word, and the free icon that
/// stands for each (`chart-waterfall-x` → `chart-simple`).
const FAMILIES: &[(&str, &str)] = &[
    ("arrow", "arrow-right"),
    ("arrows", "arrows-rotate"),
    ("book", "book"),
    ("calendar", "calendar"),
    ("chart", "chart-simple"),
    ("cloud", "cloud"),
    ("code", "code"),
    ("comment", "comment"),
    ("credit", "credit-card"),
    ("database", "database"),
    ("diagram", "diagram-project"),
    ("envelope", "envelope"),
    ("file", "file"),
    ("folder", "folder"),
    ("gear", "gear"),
    ("globe", "globe"),
    ("image", "image"),
    ("key", "key"),
    ("list", "list"),
    ("lock", "lock"),
    ("message", "message"),
    ("money", "money-bill"),
    ("paper", "paper-plane"),
    ("pen", "pen"),
    ("person", "person"),
    ("rectangle", "rectangle-list"),
    ("server", "server"),
    ("shield", "shield"),
    ("table", "table"),
    ("text", "text-height"),
    ("user", "user"),
    ("users", "users"),
    ("video", "video"),
    ("window", "window-maximize"),
];

fn is_free(name: &str) -> bool {
    find(Library::FontAwesome, name, &[]).is_some()
}

/// The Font Awesome Free icon closest to a name no library has, by name
/// family: `circle-99` → `circle`, `person-skiing-fast` → `person-skiing`,
/// `books` → `book`, `chart-waterfall-x` → `chart-simple`; `None` when nothing
/// is close (a placeholder shape reads as a stray blob on the page).
pub fn family_icon(name: &str) -> Option<String> {
    let words: Vec<&str> = name.split('-').collect();
    let mut candidates: Vec<String> = Vec::new();
    if let Some((first, rest)) = words.split_first() {
        if CONTAINERS.contains(first) && !rest.is_empty() {
            candidates.push(rest.join("-"));
        }
    }
    // Fewer trailing words: `person-skiing-fast` → `person-skiing`.
    candidates.extend((1..words.len()).rev().map(|n| words[..n].join("-")));
    let found = std::iter::once(name.to_string())
        .chain(candidates)
        .flat_map(|candidate| [singular(&candidate), Some(candidate)])
        .flatten()
        .find(|candidate| is_free(candidate));
    found.or_else(|| {
        FAMILIES
            .iter()
            .find(|(family, _)| words.first() == Some(family))
            .map(|(_, free)| free.to_string())
    })
}

/// `books` → `book`, `list-checks` → `list-check` (not `class` → `clas`).
fn singular(name: &str) -> Option<String> {
    (name.ends_with('s') && !name.ends_with("ss")).then(|| name[..name.len() - 1].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn in_any_library(name: &str) -> bool {
        Library::ALL.iter().any(|&l| find(l, name, &[]).is_some())
    }

    /// One check per entry: the Pro name is in no open library (else the
    /// entry is dead), and the open name is drawn.
    #[test]
    fn every_pro_name_maps_to_an_open_icon() {
        for (pro, open) in PRO {
            assert!(!in_any_library(pro), "{pro} is in an open library");
            assert!(in_any_library(open), "{pro} → {open} is in no library");
            assert_eq!(open_name(pro), Some(*open));
        }
        let names: std::collections::HashSet<_> = PRO.iter().map(|(p, _)| p).collect();
        assert_eq!(names.len(), PRO.len(), "a Pro name listed twice");
    }

    #[test]
    fn unknown_names_show_the_closest_free_icon_of_their_family() {
        for (pro, free) in [
            ("circle-99", "circle"),
            ("person-skiing-fast", "person-skiing"),
            ("square-zap", "zap"),
            ("chart-waterfall-x", "chart-simple"),
            ("diagram-qqq", "diagram-project"),
        ] {
            assert!(!in_any_library(pro), "{pro} is drawn by a library");
            assert_eq!(family_icon(pro).as_deref(), Some(free), "{pro}");
        }
        assert_eq!(family_icon("zzz-qqq"), None);
    }

    #[test]
    fn every_family_names_a_free_icon() {
        for (family, free) in FAMILIES {
            assert!(is_free(free), "{family} → {free}");
        }
    }
}
