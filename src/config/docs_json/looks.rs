//! docs.json `styling`, `background.decoration` and `interaction` into
//! `site.json`'s `looks` (see `config::looks`): a Shiki theme sheaf does not
//! ship becomes the nearest one it does, with a note naming both.

use serde_json::{json, Map, Value};

use super::{Conversion, Note};
use crate::config::looks::{closest_code_theme, code_palette};

/// The palettes of `styling.codeblocks: "dark"`: dark in both modes.
const ALWAYS_DARK: &str = "github-dark-default";

impl Conversion {
    /// `styling`, `background.decoration`, `interaction.drilldown`.
    pub(super) fn looks(&mut self, docs: &Value, out: &mut Map<String, Value>) {
        let mut looks = Map::new();
        if let Some(eyebrows) = docs.pointer("/styling/eyebrows") {
            looks.insert("eyebrows".into(), eyebrows.clone());
            self.alias("/looks/eyebrows", "/styling/eyebrows");
        }
        if let Some(theme) = self.code_theme(docs.pointer("/styling/codeblocks")) {
            looks.insert("codeTheme".into(), theme);
            self.alias("/looks/codeTheme", "/styling/codeblocks");
        }
        if let Some(latex) = docs.pointer("/styling/latex") {
            looks.insert("latex".into(), latex.clone());
        }
        if let Some(decoration) = docs.pointer("/background/decoration") {
            looks.insert("decoration".into(), decoration.clone());
            self.alias("/looks/decoration", "/background/decoration");
        }
        if let Some(drilldown) = docs.pointer("/interaction/drilldown") {
            looks.insert("drilldown".into(), drilldown.clone());
        }
        if !looks.is_empty() {
            out.insert("looks".into(), Value::Object(looks));
        }
    }

    fn alias(&mut self, converted: &str, original: &str) {
        self.aliases.insert(converted.into(), original.into());
    }

    /// `styling.codeblocks` as `{light, dark}` shipped palette names; none
    /// for `system` (the theme's own palettes).
    fn code_theme(&mut self, codeblocks: Option<&Value>) -> Option<Value> {
        let (light, dark) = match codeblocks? {
            Value::String(mode) if mode == "dark" => (ALWAYS_DARK.into(), ALWAYS_DARK.into()),
            Value::String(name) if name != "system" => {
                let name = self.shipped(name, "/styling/codeblocks");
                (name.clone(), name)
            }
            Value::Object(options) => {
                if options.contains_key("languages") {
                    self.notes.push(Note::info(
                        "/styling/codeblocks/languages",
                        "custom Shiki languages are not loaded",
                        "code in those languages is shown as plain text; sheaf highlights the languages syntect knows",
                    ));
                }
                match options.get("theme")? {
                    Value::String(name) => {
                        let name = self.shipped(name, "/styling/codeblocks/theme");
                        (name.clone(), name)
                    }
                    Value::Object(modes) => {
                        let mode = |key: &str| modes.get(key).and_then(Value::as_str);
                        (
                            self.shipped(mode("light")?, "/styling/codeblocks/theme/light"),
                            self.shipped(mode("dark")?, "/styling/codeblocks/theme/dark"),
                        )
                    }
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(json!({"light": light, "dark": dark}))
    }

    /// `name` when sheaf ships it, else the nearest theme, with a note.
    fn shipped(&mut self, name: &str, pointer: &str) -> String {
        let closest = closest_code_theme(name);
        if code_palette(name).is_none() {
            self.notes.push(Note::info(
                pointer,
                format!("code theme `{name}` is shown as `{closest}`"),
                "sheaf ships the code themes listed in its guide (docs.json settings); name one of them to choose exactly",
            ));
        }
        closest.to_string()
    }
}
