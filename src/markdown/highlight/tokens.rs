//! Token classes: syntect's scopes (`meta.structure.dictionary.key.json
//! string.quoted.double.json`, nested four or five deep) reduced to the ten
//! colours the stylesheet has, so a highlighted block is flat, short
//! `<span class="hl-s">` runs.
//!
//! The mapping is a syntect [`Theme`] whose "colours" are class ids: syntect
//! scores the scope selectors against each token's whole scope stack (so
//! `string punctuation` stays a string and `meta.mapping.key string` beats
//! `string`), and the id comes back in the red channel of the foreground.

use std::str::FromStr;

use syntect::highlighting::{Color, ScopeSelectors, StyleModifier, Theme, ThemeItem};

/// One colour of `themes/default/highlight.css`: `hl-` plus the suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenClass {
    Plain,
    Comment,
    Keyword,
    String,
    Constant,
    Function,
    Tag,
    Variable,
    Invalid,
    Bold,
    Italic,
}

/// The scope selectors of each class, in the order of the stylesheet's
/// former scope rules; syntect picks the most specific match.
const RULES: &[(&str, TokenClass)] = &[
    ("comment", TokenClass::Comment),
    ("keyword, storage", TokenClass::Keyword),
    ("string", TokenClass::String),
    (
        "constant, support.constant, variable.language",
        TokenClass::Constant,
    ),
    (
        "entity.name.function, support.function, meta.function-call variable.function",
        TokenClass::Function,
    ),
    (
        "entity.name.tag, entity.name.section, markup.heading",
        TokenClass::Tag,
    ),
    (
        "entity.other.attribute-name, variable.parameter, support.type, entity.name.type, entity.name.class",
        TokenClass::Variable,
    ),
    (
        "meta.mapping.key string, meta.structure.dictionary.key string, support.type.property-name",
        TokenClass::Constant,
    ),
    ("invalid", TokenClass::Invalid),
    ("markup.bold", TokenClass::Bold),
    ("markup.italic", TokenClass::Italic),
];

const ALL: [TokenClass; 11] = [
    TokenClass::Plain,
    TokenClass::Comment,
    TokenClass::Keyword,
    TokenClass::String,
    TokenClass::Constant,
    TokenClass::Function,
    TokenClass::Tag,
    TokenClass::Variable,
    TokenClass::Invalid,
    TokenClass::Bold,
    TokenClass::Italic,
];

impl TokenClass {
    /// The CSS class, `None` for plain text (no span).
    pub fn css_class(self) -> Option<&'static str> {
        Some(match self {
            TokenClass::Plain => return None,
            TokenClass::Comment => "hl-c",
            TokenClass::Keyword => "hl-k",
            TokenClass::String => "hl-s",
            TokenClass::Constant => "hl-n",
            TokenClass::Function => "hl-f",
            TokenClass::Tag => "hl-t",
            TokenClass::Variable => "hl-v",
            TokenClass::Invalid => "hl-i",
            TokenClass::Bold => "hl-b",
            TokenClass::Italic => "hl-e",
        })
    }

    /// The class a foreground colour of [`class_theme`] stands for.
    pub fn from_color(color: Color) -> TokenClass {
        ALL.get(usize::from(color.r))
            .copied()
            .unwrap_or(TokenClass::Plain)
    }

    fn color(self) -> Color {
        let id = ALL
            .iter()
            .position(|c| *c == self)
            .expect("every class is listed");
        Color {
            r: u8::try_from(id).expect("few classes"),
            g: 0,
            b: 0,
            a: 0xff,
        }
    }
}

/// The syntect theme that "colours" each token with its class id.
pub fn class_theme() -> Theme {
    let scopes = RULES
        .iter()
        .map(|(selectors, class)| ThemeItem {
            scope: ScopeSelectors::from_str(selectors).expect("valid built-in selectors"),
            style: StyleModifier {
                foreground: Some(class.color()),
                background: None,
                font_style: None,
            },
        })
        .collect();
    let mut theme = Theme {
        scopes,
        ..Theme::default()
    };
    theme.settings.foreground = Some(TokenClass::Plain.color());
    theme
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_round_trip_to_classes() {
        for class in ALL {
            assert_eq!(TokenClass::from_color(class.color()), class);
        }
        assert_eq!(TokenClass::Plain.css_class(), None);
        assert_eq!(TokenClass::String.css_class(), Some("hl-s"));
    }

    #[test]
    fn theme_has_one_item_per_rule() {
        assert_eq!(class_theme().scopes.len(), RULES.len());
    }
}
