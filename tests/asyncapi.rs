//! AsyncAPI channel pages, built by the real binary: a UGS-sized 3.0
//! document named by a docs.json tab and by a page's frontmatter
//! (`asyncapi-ugs`), the AsyncAPI project's Streetlights 2.x example
//! (`asyncapi-streetlights`), untrusted text (`asyncapi-untrusted`), and
//! bad documents and references (`asyncapi-problems`).

mod common;

use std::fs;
use std::path::Path;

use common::{build_ok, fixture, sheaf, stderr};

/// Builds fixture `name` into a temporary folder.
fn built(name: &str) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    build_ok(&fixture(name), &out.path().join("site"));
    out
}

fn read(out: &tempfile::TempDir, file: &str) -> String {
    fs::read_to_string(out.path().join("site").join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The page's text without its tags, as a reader sees highlighted code.
fn untagged(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut inside = false;
    for c in html.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

/// Every file of the built site as text, for what must appear nowhere.
fn all_text(out: &tempfile::TempDir, extension: &str) -> String {
    walkdir::WalkDir::new(out.path().join("site"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == extension))
        .map(|e| fs::read_to_string(e.path()).unwrap())
        .collect()
}

#[test]
fn a_docs_json_tab_naming_a_document_gets_a_page_per_channel() {
    let out = tempfile::tempdir().unwrap();
    let run = sheaf(&[
        "build",
        fixture("asyncapi-ugs").to_str().unwrap(),
        "--out",
        out.path().join("site").to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        !stderr(&run).contains("AsyncAPI"),
        "no warning about AsyncAPI: {}",
        stderr(&run)
    );
    let page = read(&out, "user-group-updated/index.html");
    assert!(page.contains("<title>User group updated"), "{page}");
    assert!(page.contains("<code class=\"endpoint-path channel-address\">user/updated</code>"));
    assert!(page.contains("data-method=\"SEND\">SEND</span>"));
    assert!(page.contains(
        "<span class=\"badge channel-protocol\">wss</span> <code>events.example.com/v1</code>"
    ));
    // The payload: every User Group Service `user_group` field, as a field tree.
    for field in [
        "team_id",
        "token",
        "name",
        "provided_id",
        "properties",
        "api_environment_tag",
    ] {
        assert!(
            page.contains(&format!("<code class=\"field-name\">{field}</code>")),
            "{field} missing"
        );
    }
    assert!(page.contains("Allowed values: <code>Customer</code>, <code>Testing</code>"));
    assert!(page.contains("<h4 class=\"response-part\">Headers"));
    assert!(page.contains("<code class=\"field-name\">event_type</code>"));
    // The given example, headers and payload, in the aside.
    assert!(page.contains("userGroupUpdated: Customer group (Payload)"));
    assert!(untagged(&page).contains("\"name\": \"Acme analysts\""));
    assert!(untagged(&page).contains("\"event_type\": \"user_group.updated\""));
    // Channel and message bindings.
    assert!(page.contains("<caption>ws</caption>"));
    assert!(page.contains("<th scope=\"row\"><code>method</code></th><td><code>GET</code></td>"));
    assert!(page
        .contains("<th scope=\"row\"><code>bindingVersion</code></th><td><code>0.1.0</code></td>"));
    assert!(
        !page.contains("data-playground"),
        "no Try-it on a channel page"
    );
    // The sidebar lists both channels under the channels' tag, with badges.
    let sidebar = all_text(&out, "html");
    assert!(sidebar.contains("User groups"));
    assert!(sidebar.contains("data-method=SEND>SEND</span>"));
    assert!(sidebar.contains("data-method=PUB/SUB>PUB/SUB</span>"));
    // llms.txt and search list the channel pages like endpoint pages.
    let llms = read(&out, "llms.txt");
    assert!(
        llms.contains("[User group updated](user-group-updated.md)"),
        "{llms}"
    );
    assert!(llms.contains("[User group token rotated](user-group-token-rotated.md)"));
    let markdown = read(&out, "user-group-updated.md");
    assert!(
        markdown.contains("asyncapi: events/user-groups.yaml userGroupUpdated"),
        "{markdown}"
    );
    let search = all_text(&out, "js");
    assert!(
        search.contains("\"SEND\",\"user/updated\""),
        "the page is found by its address"
    );
    assert!(
        search.contains("\"provided\":["),
        "and by its payload fields (`provided_id`, indexed by its words)"
    );
}

#[test]
fn frontmatter_names_a_channel_shown_above_the_pages_own_text() {
    let out = built("asyncapi-ugs");
    let page = read(&out, "events/rotation/index.html");
    assert!(
        page.contains("<title>Token rotation events"),
        "the page's own title"
    );
    assert!(page.contains("user/{user_group_id}/token-rotated"));
    // Sent by the service and received by dashboards: both.
    assert!(page.contains("data-method=PUB/SUB>PUB/SUB</span> Token rotation events"));
    assert!(page.contains(
        "data-method=\"SEND\">SEND</span></p><h2 id=\"operation-0\">sendUserGroupTokenRotated</h2>"
    ));
    assert!(page.contains("data-method=\"RECEIVE\">RECEIVE</span></p><h2 id=\"operation-1\">receiveUserGroupTokenRotated</h2>"));
    // The address parameter (3.0: no schema) with its description.
    assert!(page.contains("<code class=\"field-name\">user_group_id</code>"));
    assert!(page.contains("Identifier the caller uses for this user group"));
    // No example given: one made from the payload schema, shown once.
    assert_eq!(
        page.matches("userGroupTokenRotated: Example (Payload)")
            .count(),
        1
    );
    assert!(untagged(&page).contains("\"api_environment_tag\": \"Customer\""));
    assert!(
        page.contains("Store the new <code>token</code>"),
        "the page's body follows"
    );
}

#[test]
fn the_streetlights_example_reads_as_asyncapi_2() {
    let out = built("asyncapi-streetlights");
    let measured = read(
        &out,
        "smartylighting-streetlights-1-0-event-streetlightid-lighting-measured/index.html",
    );
    // 2.x `publish`: the application receives.
    assert!(measured.contains("data-method=\"RECEIVE\">RECEIVE</span><code class=\"endpoint-path channel-address\">smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured</code>"));
    assert!(measured.contains("<span class=\"badge channel-protocol\">mqtt</span> <code>mqtt://test.mosquitto.org:{port}</code>"));
    assert!(measured.contains("<code class=\"field-name\">streetlightId</code>"));
    assert!(measured.contains("<code class=\"field-name\">lumens</code>"));
    assert!(measured.contains("<code class=\"field-name\">sentAt</code>"));
    assert!(measured.contains("<p>This is the description with <strong>bold</strong> text.</p>"));
    // Headers and bindings come from the message's and operation's traits.
    assert!(measured.contains("<code class=\"field-name\">my-app-header</code>"));
    assert!(measured.contains("<caption>kafka</caption>"));
    assert!(measured.contains("<code>clientId</code></th><td><code>my-app-id</code>"));
    // 2.x `subscribe`: the application sends; `oneOf` lists each message.
    let some = read(&out, "some-channel/index.html");
    assert!(some.contains("data-method=\"SEND\">SEND</span>"));
    assert!(some.contains("<h3 id=\"message-0-0\">Success</h3>"));
    assert!(some.contains("<h3 id=\"message-0-1\">Failure</h3>"));
    assert!(some.contains("<code class=\"field-name\">errorCode</code>"));
    assert!(
        untagged(&some).contains("\"errorMessage\": \"Something messed up\""),
        "the schema's example"
    );
    let dim = read(
        &out,
        "smartylighting-streetlights-1-0-action-streetlightid-dim/index.html",
    );
    assert!(dim.contains("<code class=\"field-name\">percentage</code>"));
    assert!(dim.contains("<code>&gt;= 0</code>, <code>&lt;= 100</code>"));
}

#[test]
fn untrusted_text_of_a_document_is_escaped() {
    let out = built("asyncapi-untrusted");
    let html = all_text(&out, "html");
    assert!(
        !html.contains("<script>alert"),
        "a script from the document"
    );
    assert!(!html.contains("<img src=x"), "raw HTML from the document");
    assert!(
        !html.contains("<b onmouseover"),
        "raw HTML in a description"
    );
    assert!(!html.contains("href=\"javascript:"), "a script link");
    for escaped in [
        "&lt;script&gt;alert(&#39;title&#39;)",
        "a/&lt;/code&gt;&lt;script&gt;alert(&#39;address&#39;)",
        "alert(&#39;binding&#39;)",
        "alert(&#39;field&#39;)",
    ] {
        assert!(html.contains(escaped), "{escaped} shown as text");
    }
    let page = Path::new("events/pwn-script-alert-title-script/index.html");
    assert!(
        out.path().join("site").join(page).is_file(),
        "the directory is kept"
    );
}

#[test]
fn bad_documents_and_references_are_located_warnings() {
    let root = fixture("asyncapi-problems");
    let out = tempfile::tempdir().unwrap();
    let run = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        out.path().join("site").to_str().unwrap(),
    ]);
    let printed = stderr(&run);
    assert!(run.status.success(), "warnings only: {printed}");
    assert!(printed.contains("--> old.yaml:3:1"), "{printed}");
    assert!(printed.contains("rule: asyncapi-unsupported"));
    assert!(printed.contains("`asyncapi: 1.2.0` is a version sheaf does not read"));
    assert!(printed.contains("--> broken.yaml:19:7"), "{printed}");
    assert!(printed.contains("rule: unresolved-ref"));
    assert!(printed.contains("--> missing-channel.mdx:3:1"), "{printed}");
    assert!(printed.contains("rule: channel-missing"));
    assert!(printed.contains("no channel `userDeleted` in broken.yaml"));
    // A frontmatter naming a file that does not exist: a warning too.
    assert!(printed.contains("--> missing-file.mdx:3:1"), "{printed}");
    assert!(printed.contains("no AsyncAPI document `/nowhere.yaml` is loaded"));
    let page = fs::read_to_string(out.path().join("site/missing-channel/index.html")).unwrap();
    assert!(
        page.contains("names a channel the document does not have"),
        "its body is shown"
    );
    let strict = sheaf(&["check", root.to_str().unwrap(), "--strict"]);
    assert_eq!(strict.status.code(), Some(1), "{}", stderr(&strict));
}

/// Two documents with a channel of the same title: each gets its own page
/// (the second numbered), showing its own document's channel.
#[test]
fn channels_of_the_same_name_in_two_documents_get_a_page_each() {
    let out = built("asyncapi-same-channels");
    let mqtt = read(&out, "turn-a-light-on/index.html");
    let kafka = read(&out, "turn-a-light-on-2/index.html");
    assert!(
        mqtt.contains("mqtt_only_field") && !mqtt.contains("kafka"),
        "{mqtt}"
    );
    assert!(
        kafka.contains("kafka_only_field") && !kafka.contains("mqtt"),
        "{kafka}"
    );
}
