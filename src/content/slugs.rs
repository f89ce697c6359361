//! The slugs of file-less pages, as Mintlify names them, so a site keeps
//! every URL it had on Mintlify.
//!
//! A page generated from an OpenAPI operation lives at
//! `DIRECTORY/TAG/SUMMARY`: the `directory` of the navigation node that
//! names the spec (`api-reference` when none does), the operation's first
//! tag and its summary, each made a file name by Mintlify's rule
//! ([`file_name`]: spaces to `-`, path parameters and `{}(),.'/` dropped,
//! lower case). Without a summary the name is `METHOD-PATH` (`get-users`
//! for `GET /users/{id}`), a webhook's its name; an operation's
//! `x-mint.href` names the page itself. A channel of an AsyncAPI document
//! lives at `DIRECTORY/TAG/TITLE` (its title, else its id; untagged,
//! `websockets`). These are the rules of Mintlify's own navigation code
//! (`@mintlify/scraping` `processOpenApiPath`, `processAsyncApiChannel`),
//! which `bench/mintlify-links.sh` runs beside sheaf on real sites.
//!
//! One departure, for hosts' sake: control characters and `\`, which no
//! file name on every system may hold, are left out of a spec's words.
//!
//! sheaf named these pages `METHOD-PATH` at the root before; that slug is
//! kept as the page's *former* slug ([`former_endpoint_slug`]), where the
//! build writes a redirect, so a link into an older sheaf site still works.

/// What the spec says of the operation or channel an entry names: what
/// its page is called and what Mintlify names its URL after.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EntryFacts {
    /// The page title: the summary, else `METHOD /path`; a channel's
    /// title, else its id.
    pub title: String,
    /// The words the URL is named after: the operation's summary (a
    /// webhook's name when it has none), a channel's title or id. `None`:
    /// the method and path.
    pub name: Option<String>,
    /// The first tag (a channel's, or `Websockets`).
    pub tag: Option<String>,
    /// `x-mint.href`: the page's path, chosen by the spec's author.
    pub href: Option<String>,
}

/// The folder Mintlify generates pages in when the navigation names none.
pub const DEFAULT_DIRECTORY: &str = "api-reference";

/// The slug of the page generated for `entry` (`SPEC GET /path`, `GET
/// /path`, a channel entry), before it is made unique.
pub(super) fn generated_slug(entry: &str, facts: &EntryFacts, directory: Option<&str>) -> String {
    if let Some(href) = facts.href.as_deref().filter(|h| !h.trim().is_empty()) {
        return join_path(&[href]).to_lowercase();
    }
    let name = match facts.name.as_deref().and_then(file_name) {
        Some(name) => name,
        None => method_and_path(entry),
    };
    let folder = facts.tag.as_deref().and_then(file_name).unwrap_or_default();
    let directory = directory.unwrap_or(DEFAULT_DIRECTORY);
    let slug = join_path(&[directory, &folder, &name]).to_lowercase();
    slug.replace(|c: char| c.is_control() || c == '\\', "")
}

/// `get-users` for `GET /users/{id}`: Mintlify's name for an operation
/// without a summary.
fn method_and_path(entry: &str) -> String {
    let words: Vec<&str> = entry.split_whitespace().collect();
    let [.., method, path] = words.as_slice() else {
        return file_name(entry).unwrap_or_default();
    };
    let path = file_name(path).unwrap_or_default();
    format!("{}-{path}", method.to_ascii_lowercase())
}

/// Mintlify's file name of a title (`prepareStringToBeValidFilename`):
/// spaces become `-`, `{param}` becomes `-`, one leading and one trailing
/// `-` go, `{}(),.'`, newlines and `/` are dropped, `--` becomes `-`, and
/// the rest is lower-cased. `None` for an empty text.
pub fn file_name(text: &str) -> Option<String> {
    if text.is_empty() {
        return None;
    }
    let spaced = text.replace(' ', "-");
    let unparamed = without_params(&spaced);
    let trimmed = unparamed.strip_prefix('-').unwrap_or(&unparamed);
    let trimmed = trimmed.strip_suffix('-').unwrap_or(trimmed);
    let kept: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '{' | '}' | '(' | ')' | ',' | '.' | '\'' | '\n' | '/'))
        .collect();
    Some(kept.replace("--", "-").to_lowercase())
}

/// Each `{…}` (the shortest, as a lazy `\{.*?\}` matches on one line)
/// replaced by `-`.
fn without_params(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after
            .find(['}', '\n'])
            .filter(|&c| after[c..].starts_with('}'))
        else {
            out.push_str(&rest[..=open]);
            rest = after;
            continue;
        };
        out.push_str(&rest[..open]);
        out.push('-');
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Path segments joined by `/` as POSIX `path.join` does: empty segments
/// and `.` dropped, `..` climbing (never above the root), no slash at
/// either end.
fn join_path(parts: &[&str]) -> String {
    let mut segments: Vec<&str> = Vec::new();
    for segment in parts.iter().flat_map(|p| p.split('/')) {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            other => segments.push(other),
        }
    }
    segments.join("/")
}

/// The slug earlier versions of sheaf gave an operation's page: `METHOD-PATH`
/// words (`GET /api/user` → `get-api-user`), or a channel's title, in the
/// node's directory.
pub(super) fn former_endpoint_slug(entry: &str, title: Option<&str>, channel: bool) -> String {
    match (channel, title) {
        (true, Some(title)) => slug_of(title),
        (true, None) => slug_of(entry.rsplit(' ').next().unwrap_or(entry)),
        (false, _) => {
            let words: Vec<&str> = entry.split_whitespace().collect();
            slug_of(&words[words.len().saturating_sub(2)..].join("-"))
        }
    }
}

/// `text` lower-cased, each run of other characters than ASCII letters and
/// digits one `-`.
fn slug_of(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let parts = lower.split(|c: char| !c.is_ascii_alphanumeric());
    parts
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(name: Option<&str>, tag: Option<&str>) -> EntryFacts {
        EntryFacts {
            title: String::new(),
            name: name.map(String::from),
            tag: tag.map(String::from),
            href: None,
        }
    }

    #[test]
    fn file_names_follow_mintlifys_rule() {
        assert_eq!(file_name("Get App Info").as_deref(), Some("get-app-info"));
        assert_eq!(
            file_name("List users (v2)").as_deref(),
            Some("list-users-v2")
        );
        assert_eq!(file_name("/users/{id}").as_deref(), Some("users"));
        assert_eq!(
            file_name("Send a message, then wait.").as_deref(),
            Some("send-a-message-then-wait")
        );
        assert_eq!(
            file_name("A - B").as_deref(),
            Some("a--b"),
            "`---` is `--` once"
        );
        assert_eq!(file_name("Déjà vu").as_deref(), Some("déjà-vu"));
        assert_eq!(file_name(" Leading").as_deref(), Some("leading"));
        assert_eq!(
            file_name("a {b").as_deref(),
            Some("a-b"),
            "an unclosed brace is dropped"
        );
        assert_eq!(file_name(""), None);
    }

    #[test]
    fn operations_live_under_their_directory_tag_and_summary() {
        let get = facts(Some("Get App Info"), Some("Applications"));
        assert_eq!(
            generated_slug("GET /info", &get, Some("en/api-reference")),
            "en/api-reference/applications/get-app-info"
        );
        assert_eq!(
            generated_slug("openapi.json GET /info", &get, None),
            "api-reference/applications/get-app-info"
        );
        let untagged = facts(None, None);
        assert_eq!(
            generated_slug("spec.yaml GET /users/{id}", &untagged, None),
            "api-reference/get-users"
        );
        let href = EntryFacts {
            href: Some("/Guides/Custom-Page".into()),
            ..get
        };
        assert_eq!(
            generated_slug("GET /x", &href, Some("d")),
            "guides/custom-page"
        );
        let control = facts(Some("Tab\there\\back"), None);
        assert_eq!(
            generated_slug("GET /x", &control, None),
            "api-reference/tabhereback"
        );
    }

    #[test]
    fn former_slugs_are_what_sheaf_wrote_before() {
        assert_eq!(
            former_endpoint_slug("GET /api/user", None, false),
            "get-api-user"
        );
        assert_eq!(
            former_endpoint_slug("v1 POST /users/{id}", None, false),
            "post-users-id"
        );
        assert_eq!(
            former_endpoint_slug("asyncapi:a.json x", Some("User Events"), true),
            "user-events"
        );
    }
}
