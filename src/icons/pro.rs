//! Font Awesome Pro names, which no open library carries: Mintlify draws
//! them from its Pro kit, so sites use them. [`PRO`] maps the Pro names
//! whose meaning their parts do not tell (`arrow-progress` is a `route`,
//! `user-headset` a `headset`) to the open icon of the same meaning (kept
//! as data, a test per entry); every other name is read by its parts
//! (the stand-in rule, `stand_in.rs`).

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
    ("table-layout", "layout-grid"),
    ("table-rows", "rows-3"),
    ("up", "up-long"),
    ("user-crown", "user-shield"),
    ("user-group-simple", "users"),
    ("user-headset", "headset"),
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

#[cfg(test)]
mod tests {
    use super::super::table::{find, Library};
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
}
