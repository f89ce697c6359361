//! The script injected into every HTML response of the preview: it defines
//! `window.SHEAF_PROXY` for the playground and `window.SHEAF_RELOADS` (the
//! reloads announced when the page was served), and runs `live.js` (live reload with
//! the scroll position kept, and the build error overlay). Built sites never
//! contain it; only [`inject`] on the way out of the server adds it.

/// Where the playground's proxy listens.
pub const PROXY_PATH: &str = "/__sheaf/proxy";
/// Where the browser subscribes to build events.
pub const EVENTS_PATH: &str = "/__sheaf/events";
/// The build state as JSON (`{build, ok, diagnostics}`).
pub const STATUS_PATH: &str = "/__sheaf/status";

const LIVE_JS: &str = include_str!("live.js");

/// The `<script>` element added to HTML pages served after `reloads`
/// announced reloads.
pub fn script_tag(reloads: u64) -> String {
    format!(
        "<script data-sheaf-serve>window.SHEAF_PROXY = {};\nwindow.SHEAF_RELOADS = {reloads};\n{LIVE_JS}</script>",
        serde_json::Value::from(PROXY_PATH)
    )
}

/// `html` with the live script before its last `</body>` (appended when the
/// document has none).
pub fn inject(html: &str, reloads: u64) -> String {
    let script = script_tag(reloads);
    match rfind_ignore_case(html, "</body>") {
        Some(at) => format!("{}{script}{}", &html[..at], &html[at..]),
        None => format!("{html}{script}"),
    }
}

fn rfind_ignore_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack.to_ascii_lowercase().rfind(needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_goes_before_the_closing_body_tag() {
        let page = inject("<html><body><p>hi</p></BODY></html>", 4);
        let script_at = page.find("<script data-sheaf-serve>").unwrap();
        assert!(script_at > page.find("<p>hi</p>").unwrap());
        assert!(script_at < page.find("</BODY>").unwrap());
        assert!(page.contains("window.SHEAF_PROXY = \"/__sheaf/proxy\";"));
        assert!(page.contains("window.SHEAF_RELOADS = 4;"));
        assert!(page.contains("new EventSource(\"/__sheaf/events?since=\""));
    }

    #[test]
    fn fragment_without_body_gets_the_script_appended() {
        let page = inject("<p>fragment</p>", 0);
        assert!(page.starts_with("<p>fragment</p><script data-sheaf-serve>"));
        assert!(page.ends_with("</script>"));
    }
}
