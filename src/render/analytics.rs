//! The integrations on built pages (`config::analytics`): sheaf's loader,
//! `_sheaf/analytics.<hash>.js`, written only for a site with integrations
//! and loaded by every page after the theme's scripts, and the JSON block
//! `#sheaf-analytics` in each page's head holding the checked settings.
//! The block is data (`type="application/json"`, with `<` written as
//! `\u003c` so no value can end it), so no inline code runs and a Content
//! Security Policy needs only the providers' hosts.

use std::path::PathBuf;

use super::assets::{self, OUTPUT_DIR};
use super::fragment::ROOT;
use super::head::AssetLinks;
use crate::config::analytics::resolve;
use crate::content::Site;

/// Adds the loader and the settings to `links` when `site` has
/// integrations, and returns the loader's file to write.
pub fn add_to(site: &Site, links: &mut AssetLinks) -> Option<(PathBuf, Vec<u8>)> {
    links.analytics = Some(block(site)?);
    let bytes = assets::builtin("analytics/analytics.js").expect("the loader is embedded");
    let path = format!("{OUTPUT_DIR}/analytics.{}.js", assets::fingerprint(&bytes));
    links.scripts.push(format!("{ROOT}{path}"));
    Some((PathBuf::from(path), bytes))
}

/// The settings block's text, or `None` for a site without integrations.
pub fn block(site: &Site) -> Option<String> {
    let (integrations, _) = resolve(&site.config);
    (!integrations.is_empty()).then(|| json_block(&integrations.to_json()))
}

/// `value` as the text of a `<script type="application/json">`.
fn json_block(value: &serde_json::Value) -> String {
    let text = serde_json::to_string(value).expect("JSON values serialise");
    text.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_value_can_end_the_block() {
        let value = serde_json::json!({"key": "</script><script>alert(1)</script>&"});
        let block = json_block(&value);
        assert!(!block.contains('<') && !block.contains('>') && !block.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&block).unwrap();
        assert_eq!(back, value);
    }
}
