//! Legacy mint.json keys the site model does not hold, carried from the
//! file's own JSON to where Mintlify's upgrade (`upgradeToDocsConfig` of
//! `@mintlify/validation`, compared by `bench/migrate-oracle.sh`) writes
//! them: `font` → `fonts` (`headings` → `heading`, `url` → `source`),
//! `footer.socials`/`footer.links` → `footer`, `background.style` →
//! `background.decoration`, `codeBlock.mode` → `styling.codeblocks`,
//! `eyebrow.display` → `styling.eyebrows`, `api.playground.disableProxy` →
//! `api.playground.proxy`, `search.prompt`, `banner`, and `primaryTab.name`
//! → the first tab's name. `rounded`, `scripts` and `css`, which docs.json
//! has no key for, are said to be left out and why. Each is one line of the
//! migration saying where the value went.

use serde_json::{json, Map, Value};

use super::{LeftOut, Migration};

/// Carries the legacy keys of `raw` (the mint.json read as JSON) into the
/// migrated docs.json; returns the fields it spoke for, whose "unknown
/// key" warnings are then not repeated.
pub fn carry_legacy(raw: &Value, migration: &mut Migration) -> Vec<String> {
    let Some(docs) = migration.docs.as_object_mut() else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let mut said = |field: &str, moved_to: Option<&str>, reason: &str| {
        lines.push(LeftOut {
            field: field.into(),
            reason: reason.into(),
            moved_to: moved_to.map(str::to_string),
        });
    };
    if let Some(font) = raw.get("font").and_then(fonts) {
        let to = match font.get("family") {
            Some(_) => "`fonts`",
            None => "`fonts.heading` and `fonts.body`",
        };
        docs.entry("fonts").or_insert(font);
        said(
            "font",
            Some(to),
            "`headings` is `heading` there, `url` is `source`",
        );
    }
    if let Some(socials) = raw.pointer("/footer/socials").and_then(socials) {
        object_at(docs, "footer")
            .entry("socials")
            .or_insert(socials);
        said("footer.socials", Some("`footer.socials`"), "");
    }
    if let Some(links) = raw.pointer("/footer/links").and_then(footer_links) {
        object_at(docs, "footer").entry("links").or_insert(links);
        said(
            "footer.links",
            Some("`footer.links`"),
            "each column's `title` is its `header`, each link's `url` its `href`",
        );
    }
    for (from, (key, sub), value) in [
        (
            "background.style",
            ("background", "decoration"),
            raw.pointer("/background/style").cloned(),
        ),
        (
            "codeBlock.mode",
            ("styling", "codeblocks"),
            raw.pointer("/codeBlock/mode").map(codeblocks),
        ),
        (
            "eyebrow.display",
            ("styling", "eyebrows"),
            raw.pointer("/eyebrow/display").map(eyebrows),
        ),
        (
            "search.prompt",
            ("search", "prompt"),
            raw.pointer("/search/prompt").cloned(),
        ),
    ] {
        if let Some(value) = value.filter(Value::is_string) {
            object_at(docs, key).entry(sub).or_insert(value);
            said(from, Some(&format!("`{key}.{sub}`")), "");
        }
    }
    if let Some(disable) = raw
        .pointer("/api/playground/disableProxy")
        .and_then(Value::as_bool)
    {
        let playground = object_at(object_at(docs, "api"), "playground");
        playground.insert("proxy".into(), json!(!disable));
        said(
            "api.playground.disableProxy",
            Some("`api.playground.proxy`"),
            &format!("`{disable}` becomes `{}`", !disable),
        );
    }
    if let Some(banner) = raw.get("banner").filter(|b| b.is_object()) {
        docs.entry("banner").or_insert(banner.clone());
        said("banner", Some("`banner`"), "");
    }
    if let Some(name) = raw.pointer("/primaryTab/name").and_then(Value::as_str) {
        match primary_tab(docs) {
            Some(tab) => {
                tab.insert("tab".into(), json!(name));
                said("primaryTab.name", Some("the first tab's `tab`"), "");
            }
            None => said(
                "primaryTab",
                None,
                "every group belongs to a tab of its own: there is no primary tab to name",
            ),
        }
    }
    if raw.get("rounded").is_some() {
        said(
            "rounded",
            None,
            "docs.json has no setting for rounded corners; the theme's corners are kept",
        );
    }
    for (key, kind) in [("scripts", "js"), ("css", "css")] {
        if raw.get(key).is_some() {
            said(
                key,
                None,
                &format!("docs.json has no `{key}`: Mintlify and sheaf load every `.{kind}` file of the docs root, so keep the file there"),
            );
        }
    }
    let fields = lines.iter().map(|l| l.field.clone()).collect();
    migration.left_out.extend(lines);
    fields
}

/// The object at `key` of `map`, made empty when missing or not an object.
fn object_at<'m>(map: &'m mut Map<String, Value>, key: &str) -> &'m mut Map<String, Value> {
    let slot = map.entry(key).or_insert_with(|| json!({}));
    if !slot.is_object() {
        *slot = json!({});
    }
    slot.as_object_mut().expect("made an object above")
}

/// mint.json `font` as docs.json `fonts`: one font for both, or
/// `headings`/`body`; a font's `url` is docs.json's `source`.
fn fonts(font: &Value) -> Option<Value> {
    let one = |details: &Value| -> Option<Value> {
        let mut out = details.as_object()?.clone();
        if let Some(url) = out.remove("url") {
            out.insert("source".into(), url);
        }
        Some(Value::Object(out))
    };
    if font.get("family").is_some() {
        return one(font);
    }
    let mut out = Map::new();
    if let Some(heading) = font.get("headings").and_then(one) {
        out.insert("heading".into(), heading);
    }
    if let Some(body) = font.get("body").and_then(one) {
        out.insert("body".into(), body);
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// Footer socials: an object of `type: url`, or a list of `{type, url}`.
fn socials(value: &Value) -> Option<Value> {
    match value {
        Value::Object(_) => Some(value.clone()),
        Value::Array(items) => {
            let map: Map<String, Value> = items
                .iter()
                .filter_map(|s| Some((s.get("type")?.as_str()?.to_string(), s.get("url")?.clone())))
                .collect();
            (!map.is_empty()).then_some(Value::Object(map))
        }
        _ => None,
    }
}

/// mint.json's `footer.links` columns (`title`, `links: [{label, url}]`)
/// as docs.json's (`header`, `items: [{label, href}]`).
fn footer_links(columns: &Value) -> Option<Value> {
    let columns: Vec<Value> = (columns.as_array()?.iter())
        .map(|column| {
            let items: Vec<Value> = (column.get("links").and_then(Value::as_array).into_iter())
                .flatten()
                .map(|link| json!({"label": link.get("label"), "href": link.get("url")}))
                .collect();
            let mut out = Map::new();
            if let Some(title) = column.get("title") {
                out.insert("header".into(), title.clone());
            }
            out.insert("items".into(), Value::Array(items));
            Value::Object(out)
        })
        .collect();
    Some(Value::Array(columns))
}

/// `codeBlock.mode`: `dark` stays, anything else (`auto`) is `system`.
fn codeblocks(mode: &Value) -> Value {
    match mode.as_str() {
        Some("dark") => json!("dark"),
        _ => json!("system"),
    }
}

/// `eyebrow.display`: `breadcrumbs` stays, anything else is `section`.
fn eyebrows(display: &Value) -> Value {
    match display.as_str() {
        Some("breadcrumbs") => json!("breadcrumbs"),
        _ => json!("section"),
    }
}

/// The tab holding the groups of no tab, which the migration writes first
/// (named after `topAnchor`, else "Documentation").
fn primary_tab(docs: &mut Map<String, Value>) -> Option<&mut Map<String, Value>> {
    let first = docs.get_mut("navigation")?.get_mut("tabs")?.get_mut(0)?;
    let is_primary = first.get("href").is_none();
    is_primary.then(|| first.as_object_mut()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn carried(raw: Value) -> (Value, Vec<String>) {
        let mut migration = Migration {
            docs: json!({"navigation": {"tabs": [{"tab": "Documentation", "groups": []}, {"tab": "API", "groups": []}]}}),
            left_out: Vec::new(),
        };
        carry_legacy(&raw, &mut migration);
        let lines = migration.left_out.iter().map(|l| l.to_string()).collect();
        (migration.docs, lines)
    }

    #[test]
    fn legacy_keys_go_where_mintlifys_upgrade_puts_them() {
        let (docs, lines) = carried(json!({
            "font": {"headings": {"family": "Inter", "weight": 600}, "body": {"family": "Inter", "url": "/f.woff2"}},
            "footer": {"socials": [{"type": "x", "url": "https://x.com/a"}], "links": [{"title": "More", "links": [{"label": "Blog", "url": "/blog"}]}]},
            "background": {"style": "windows"},
            "codeBlock": {"mode": "auto"},
            "api": {"playground": {"disableProxy": true}},
            "search": {"prompt": "Ask"},
            "primaryTab": {"name": "Guides"},
            "rounded": "default",
            "scripts": [{"src": "/a.js"}]
        }));
        assert_eq!(
            docs["fonts"]["heading"],
            json!({"family": "Inter", "weight": 600})
        );
        assert_eq!(
            docs["fonts"]["body"],
            json!({"family": "Inter", "source": "/f.woff2"})
        );
        assert_eq!(docs["footer"]["socials"], json!({"x": "https://x.com/a"}));
        assert_eq!(
            docs["footer"]["links"],
            json!([{"header": "More", "items": [{"label": "Blog", "href": "/blog"}]}])
        );
        assert_eq!(docs["background"]["decoration"], "windows");
        assert_eq!(docs["styling"]["codeblocks"], "system");
        assert_eq!(docs["api"]["playground"]["proxy"], false);
        assert_eq!(docs["search"]["prompt"], "Ask");
        assert_eq!(docs["navigation"]["tabs"][0]["tab"], "Guides");
        assert_eq!(
            lines[0],
            "moved `font` to `fonts.heading` and `fonts.body`: `headings` is `heading` there, `url` is `source`"
        );
        assert!(lines.contains(&"moved `primaryTab.name` to the first tab's `tab`".to_string()));
        assert!(lines.contains(&"left out `rounded`: docs.json has no setting for rounded corners; the theme's corners are kept".to_string()));
    }
}
