//! Tailwind's dark-mode classes on raw HTML in pages, as Mintlify sites
//! write light/dark image pairs:
//!
//! ```html
//! <img className="block dark:hidden" src="/images/light.png" />
//! <img className="hidden dark:block" src="/images/dark.png" />
//! ```
//!
//! sheaf ships no Tailwind, so both would show, stacked. The pair becomes
//! the theme's own `only-light` / `only-dark` classes, which follow the
//! reader's mode (the site's toggle, not only the OS setting):
//! `dark:hidden` means light only; `hidden` with `dark:block` (or another
//! `dark:` display) means dark only. Other classes stay as written.

/// The `dark:` display utilities that show an element in dark mode.
const DARK_DISPLAYS: [&str; 6] = [
    "dark:block",
    "dark:inline",
    "dark:inline-block",
    "dark:flex",
    "dark:grid",
    "dark:contents",
];

/// `class` with a light-only or dark-only pair turned into the theme's class.
pub(super) fn translate(class: &str) -> String {
    let tokens: Vec<&str> = class.split_whitespace().collect();
    let shows_in_dark = tokens.iter().any(|t| DARK_DISPLAYS.contains(t));
    let (drop, add): (&[&str], &str) = if tokens.contains(&"dark:hidden") {
        (&["dark:hidden"], "only-light")
    } else if shows_in_dark && tokens.contains(&"hidden") {
        (&["hidden"], "only-dark")
    } else {
        return class.to_string();
    };
    tokens
        .into_iter()
        .filter(|t| !drop.contains(t) && !DARK_DISPLAYS.contains(t))
        .chain(std::iter::once(add))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_and_dark_pairs_get_the_theme_classes() {
        assert_eq!(translate("block dark:hidden"), "block only-light");
        assert_eq!(translate("dark:hidden rounded-xl"), "rounded-xl only-light");
        assert_eq!(translate("hidden dark:block"), "only-dark");
        assert_eq!(translate("rounded hidden dark:flex"), "rounded only-dark");
    }

    #[test]
    fn other_classes_stay_as_written() {
        assert_eq!(translate("rounded-xl shadow"), "rounded-xl shadow");
        // `dark:block` alone shows in both modes; `hidden` alone is not a pair.
        assert_eq!(translate("block dark:block"), "block dark:block");
        assert_eq!(translate("hidden"), "hidden");
    }
}
