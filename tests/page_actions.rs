//! docs.json `contextual` (issue 59) on tests/fixtures/page-actions: the
//! built-in actions Mintlify lists that a static site can offer, custom
//! entries with `$path`, `$mcp` and `$page`, the MCP actions from sheaf.toml's
//! `[site] mcp-server`, else installing `npx -y sheaf mcp SITE-URL` with
//! `--site-url` (left out with a note without either), the server cards
//! under `.well-known/`, and a note naming why each other action is not
//! offered. Clicks run in
//! tests/browser/page_actions.rs.

mod common;

use common::{build_fixture, build_ok, check_findings, fixture_copy, read_built, sheaf};
use serde_json::Value;

/// The page action links and buttons of a built page, in order: each
/// element's opening tag.
fn actions(html: &str) -> Vec<String> {
    let start = html
        .find("id=page-context-menu ")
        .expect("the page actions");
    let end = start + html[start..].find("</div>").unwrap();
    let menu = &html[start..end];
    menu.match_indices("class=page-action ")
        .map(|(i, _)| {
            let open = menu[..i].rfind('<').unwrap();
            let close = i + menu[i..].find('>').unwrap();
            menu[open..=close].to_string()
        })
        .collect()
}

#[test]
fn every_offered_action_is_a_link_or_a_copy_button() {
    let (_out, site, _) = build_fixture("page-actions");
    let html = read_built(&site, "users/update/index.html");
    let found = actions(&html);
    let expected = [
        "<button type=button id=page-context-menu-button class=page-action data-copy-page=../../users/update.md hidden>",
        "<a class=page-action href=../../users/update.md>",
        "<a class=page-action href=https://chatgpt.com/ data-ai-link=q rel=noopener target=_blank>",
        "<a class=page-action href=https://claude.ai/new data-ai-link=q rel=noopener target=_blank>",
        "<a class=page-action href=https://www.perplexity.ai/search data-ai-link=q rel=noopener target=_blank>",
        "<a class=page-action href=https://grok.com/ data-ai-link=q rel=noopener target=_blank>",
        "<a class=page-action href=https://aistudio.google.com/prompts/new_chat data-ai-link=prompt rel=noopener target=_blank>",
        "<button type=button class=page-action data-copy-text=https://mcp.usergroups.example/mcp hidden>",
        "<button type=button class=page-action data-copy-text=\"npx add-mcp https://mcp.usergroups.example/mcp\" hidden>",
        "<a class=page-action href=\"cursor://anysphere.cursor-deeplink/mcp/install?name=User%20Group%20Service&amp;config=eyJ1cmwiOiJodHRwczovL21jcC51c2VyZ3JvdXBzLmV4YW1wbGUvbWNwIn0%3D\">",
        "<a class=page-action href=vscode:mcp/install?%7B%22name%22%3A%22User%20Group%20Service%22%2C%22type%22%3A%22http%22%2C%22url%22%3A%22https%3A%2F%2Fmcp.usergroups.example%2Fmcp%22%7D>",
        "<a class=page-action href=\"https://github.com/example/user-group-service/issues/new?title=Docs:%20/users/update\">",
        "<a class=page-action href=\"https://x.com/intent/tweet?text=User%20Group%20Service%20docs%3A%20%24page\" data-page-link rel=noopener target=_blank>",
        "<a class=page-action href=\"https://agent.example.com/ask?server=https%3A%2F%2Fmcp.usergroups.example%2Fmcp&amp;page=%2Fusers%2Fupdate\">",
    ];
    assert_eq!(found, expected);
    assert!(
        html.contains("<span class=page-action-description>Open an issue about this page</span>")
    );
}

#[test]
fn actions_sheaf_cannot_offer_are_notes_that_say_why() {
    let root = fixture_copy("page-actions");
    let found = check_findings(root.path());
    let notes: Vec<(&str, &str, u64)> = (found.iter())
        .filter(|f| f["rule"] == "docs-json-feature")
        .map(|f| {
            (
                f["message"].as_str().unwrap(),
                f["help"].as_str().unwrap(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        notes,
        [(
            "page action \"assistant\" is not offered",
            "Mintlify's assistant is a hosted service; a static site has none",
            33
        )]
    );
}

#[test]
fn a_link_that_would_run_code_is_a_warning_and_left_out() {
    let root = fixture_copy("page-actions");
    let docs = root.path().join("docs.json");
    common::save_replacing(
        &docs,
        "https://github.com/example/user-group-service/issues/new?title=Docs:%20$path",
        "javascript:alert(document.cookie)",
    );
    let found = check_findings(root.path());
    let warning: Vec<&Value> = found
        .iter()
        .filter(|f| f["severity"] == "warning")
        .collect();
    assert_eq!(warning.len(), 1, "{found:#?}");
    assert_eq!(
        warning[0]["message"],
        "this page action's link would run code; it is left out"
    );
    assert_eq!(warning[0]["line"], 38);
    let out = tempfile::tempdir().unwrap();
    build_ok(root.path(), out.path());
    assert!(!read_built(out.path(), "index.html").contains("javascript:"));
}

#[test]
fn without_an_mcp_server_or_a_site_url_its_actions_are_left_out_with_a_note() {
    let root = fixture_copy("page-actions");
    std::fs::remove_file(root.path().join("sheaf.toml")).unwrap();
    let found = check_findings(root.path());
    let note: Vec<&Value> = (found.iter())
        .filter(|f| f["message"].as_str().unwrap_or("").contains("MCP server"))
        .collect();
    assert_eq!(note.len(), 1, "{found:#?}");
    assert_eq!(
        note[0]["message"],
        "page actions mcp, add-mcp, cursor, vscode install the site's MCP server, which needs the site's URL; they are left out"
    );
    assert!(note[0]["help"].as_str().unwrap().contains("--site-url"));
    assert_eq!(note[0]["line"], 20);
    let out = tempfile::tempdir().unwrap();
    build_ok(root.path(), out.path());
    let html = read_built(out.path(), "quickstart/index.html");
    assert!(!html.contains("data-copy-text") && !html.contains("cursor://"));
    assert!(
        html.contains("server=%24mcp"),
        "an unnamed $mcp stays as written"
    );
    assert!(!out.path().join(".well-known/mcp.json").exists());
}

#[test]
fn with_a_site_url_the_actions_install_the_published_sites_stdio_server() {
    let root = fixture_copy("page-actions");
    std::fs::remove_file(root.path().join("sheaf.toml")).unwrap();
    let site_url = "https://docs.example.com";
    let check = sheaf(&[
        "check",
        root.path().to_str().unwrap(),
        "--site-url",
        site_url,
        "--format",
        "json",
    ]);
    let printed = String::from_utf8_lossy(&check.stdout);
    assert!(!printed.contains("MCP server"), "no note: {printed}");
    let out = tempfile::tempdir().unwrap();
    let built = sheaf(&[
        "build",
        root.path().to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
        "--site-url",
        site_url,
    ]);
    assert!(built.status.success());
    let html = read_built(out.path(), "users/update/index.html");
    let found = actions(&html);
    let mcp: Vec<&String> = (found.iter())
        .filter(|a| a.contains("mcp") && !a.contains("agent.example.com"))
        .collect();
    assert_eq!(
        mcp,
        [
            "<button type=button class=page-action data-copy-text=\"npx -y sheaf mcp https://docs.example.com\" hidden>",
            "<button type=button class=page-action data-copy-text=\"npx add-mcp &quot;npx -y sheaf mcp https://docs.example.com&quot;\" hidden>",
            "<a class=page-action href=\"cursor://anysphere.cursor-deeplink/mcp/install?name=User%20Group%20Service&amp;config=eyJjb21tYW5kIjoibnB4IiwiYXJncyI6WyIteSIsInNoZWFmIiwibWNwIiwiaHR0cHM6Ly9kb2NzLmV4YW1wbGUuY29tIl19\">",
            "<a class=page-action href=vscode:mcp/install?%7B%22name%22%3A%22User%20Group%20Service%22%2C%22type%22%3A%22stdio%22%2C%22command%22%3A%22npx%22%2C%22args%22%3A%5B%22-y%22%2C%22sheaf%22%2C%22mcp%22%2C%22https%3A%2F%2Fdocs.example.com%22%5D%7D>",
        ]
    );
    assert!(
        html.contains("server=npx%20-y%20sheaf%20mcp%20https%3A%2F%2Fdocs.example.com"),
        "$mcp is the command"
    );
    for card in [
        ".well-known/mcp.json",
        ".well-known/mcp",
        "mcp/server-card.json",
    ] {
        let card: Value = serde_json::from_str(&read_built(out.path(), card)).unwrap();
        assert_eq!(card["name"], "com.example.docs/user-group-service");
        assert_eq!(card["packages"][0]["identifier"], "sheaf");
        let args = &card["mcpServers"]["user-group-service"]["args"];
        assert_eq!(args, &serde_json::json!(["-y", "sheaf", "mcp", site_url]));
    }
}

#[test]
fn a_named_server_is_advertised_as_a_remote() {
    let (_out, site, _) = build_fixture("page-actions");
    let card: Value = serde_json::from_str(&read_built(&site, ".well-known/mcp.json")).unwrap();
    assert_eq!(card["remotes"][0]["type"], "streamable-http");
    assert_eq!(
        card["remotes"][0]["url"],
        "https://mcp.usergroups.example/mcp"
    );
}

/// Every built page's HTML under `site`, by its path.
fn built_pages(site: &std::path::Path) -> Vec<(String, String)> {
    let mut pages = Vec::new();
    let mut folders = vec![site.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let name = path.strip_prefix(site).unwrap().display().to_string();
                pages.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    pages
}

const SPEC: &str = r#"openapi: 3.0.3
info: {title: User Group Service, version: "1.0"}
servers: [{url: "https://api.usergroups.example"}]
paths:
  /api/user:
    get:
      summary: Get or create a user group
      responses: {"200": {description: The user group}}
"#;

#[test]
fn devin_windsurf_and_the_spec_download_are_offered_as_mintlify_lists_them() {
    let root = fixture_copy("page-actions");
    let docs = root.path().join("docs.json");
    common::save_replacing(
        &docs,
        r#""vscode",
      "assistant","#,
        r#""vscode",
      "assistant",
      "devin",
      "devin-desktop",
      "windsurf",
      "download-spec","#,
    );
    common::save_replacing(
        &docs,
        r#""users/rotate-token"]
      }"#,
        r#""users/rotate-token"]
      },
      { "group": "API reference", "pages": ["specs/ugs.yaml GET /api/user"] }"#,
    );
    std::fs::create_dir(root.path().join("specs")).unwrap();
    std::fs::write(root.path().join("specs/ugs.yaml"), SPEC).unwrap();
    let notes: Vec<Value> = (check_findings(root.path()).into_iter())
        .filter(|f| f["rule"] == "docs-json-feature")
        .collect();
    assert_eq!(
        notes.len(),
        1,
        "only `assistant` is not offered: {notes:#?}"
    );
    let out = tempfile::tempdir().unwrap();
    build_ok(root.path(), out.path());

    let guide = actions(&read_built(out.path(), "users/update/index.html"));
    for expected in [
        "<a class=page-action href=https://app.devin.ai/ data-ai-link=prompt rel=noopener target=_blank>",
        "<a class=page-action href=windsurf://cascade data-ai-link=prompt rel=noopener target=_blank>",
    ] {
        assert!(guide.iter().any(|a| a == expected), "{expected}: {guide:#?}");
    }
    let html = read_built(out.path(), "users/update/index.html");
    assert!(html.contains(">Open in Devin Desktop</a>") && html.contains(">Open in Windsurf</a>"));
    assert!(
        !html.contains("Download API spec"),
        "a page without an operation offers no spec"
    );

    let (name, endpoint) = (built_pages(out.path()).into_iter())
        .find(|(_, html)| html.contains("Download API spec"))
        .expect("the endpoint page offers its spec");
    let depth = name.matches('/').count();
    let href = format!("{}specs/ugs.yaml", "../".repeat(depth));
    let download = format!("<a class=page-action href={href} download>");
    assert!(actions(&endpoint).contains(&download), "{name}: {download}");
    let served = out.path().join(name).parent().unwrap().join(&href);
    assert_eq!(std::fs::read_to_string(served).unwrap(), SPEC);
}
