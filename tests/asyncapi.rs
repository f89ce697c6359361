//! AsyncAPI channel pages, built by the real binary: a UGS-sized 3.0
//! document named by a docs.json tab and by a page's frontmatter, with
//! server variables, security, a reply and correlation ids
//! (`asyncapi-ugs`), the AsyncAPI project's Streetlights 2.x example
//! (`asyncapi-streetlights`), three real AsyncAPI 2.6.0 documents
//! (`asyncapi-real-2-6`), untrusted text (`asyncapi-untrusted`), and bad
//! documents and references (`asyncapi-problems`).

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
    let page = read(
        &out,
        "api-reference/user-groups/user-group-updated/index.html",
    );
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
        llms.contains("[User group updated](api-reference/user-groups/user-group-updated.md)"),
        "{llms}"
    );
    assert!(llms.contains(
        "[User group token rotated](api-reference/user-groups/user-group-token-rotated.md)"
    ));
    let markdown = read(&out, "api-reference/user-groups/user-group-updated.md");
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
        "api-reference/websockets/smartylightingstreetlights10event-lightingmeasured/index.html",
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
    let some = read(&out, "api-reference/websockets/somechannel/index.html");
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
        "api-reference/websockets/smartylightingstreetlights10action-dim/index.html",
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
    // Server variables, security, the reply and the correlation id too.
    for escaped in [
        "v&lt;script&gt;alert(&#39;variable&#39;)",
        "&lt;/code&gt;&lt;script&gt;alert(&#39;default&#39;)",
        "&lt;/code&gt;&lt;script&gt;alert(&#39;enum&#39;)",
        "oauth2&lt;script&gt;alert(&#39;type&#39;)",
        "implicit&lt;script&gt;alert(&#39;flow&#39;)",
        "javascript:alert(&#39;url&#39;)&lt;/code&gt;&lt;script&gt;alert(&#39;authurl&#39;)",
        "s&lt;script&gt;alert(&#39;scope&#39;)",
        "&lt;script&gt;alert(&#39;scopedesc&#39;)",
        "header&lt;script&gt;alert(&#39;in&#39;)",
        "X&lt;script&gt;alert(&#39;keyname&#39;)",
        "&lt;/code&gt;&lt;script&gt;alert(&#39;correlation&#39;)",
        "&lt;/code&gt;&lt;script&gt;alert(&#39;replyaddress&#39;)",
        "back/&lt;/code&gt;&lt;script&gt;alert(&#39;replychannel&#39;)",
        "r&lt;script&gt;alert(&#39;replymessage&#39;)",
    ] {
        assert!(html.contains(escaped), "{escaped} shown as text");
    }
    for described in ["vardesc", "schemedesc", "corrdesc", "replydesc"] {
        for raw in ["<img src=x onerror=", "<script>"] {
            assert!(
                !html.contains(&format!("{raw}alert('{described}')")),
                "raw HTML of the {described} Markdown"
            );
        }
    }
    assert!(
        html.contains("<p>&lt;img src=x onerror=alert('vardesc')&gt;</p>"),
        "a variable's description is untrusted Markdown"
    );
    let page = Path::new("events/websockets/pwn-<script>alerttitle<script>/index.html");
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
    let mqtt = read(&out, "api-reference/websockets/turn-a-light-on/index.html");
    let kafka = read(
        &out,
        "api-reference/websockets/turn-a-light-on-1/index.html",
    );
    assert!(
        mqtt.contains("mqtt_only_field") && !mqtt.contains("kafka"),
        "{mqtt}"
    );
    assert!(
        kafka.contains("kafka_only_field") && !kafka.contains("mqtt"),
        "{kafka}"
    );
}

/// Three real AsyncAPI 2.6.0 documents (`@asyncapi/cli` 0.59.1's examples)
/// build without a warning, a page per channel.
#[test]
fn real_asyncapi_2_6_documents_build_without_a_warning() {
    let out = tempfile::tempdir().unwrap();
    let run = sheaf(&[
        "build",
        fixture("asyncapi-real-2-6").to_str().unwrap(),
        "--out",
        out.path().join("site").to_str().unwrap(),
    ]);
    let printed = stderr(&run);
    assert!(run.status.success(), "{printed}");
    assert!(!printed.contains("warning"), "no warning at all: {printed}");
    let channel_pages: Vec<String> = walkdir::WalkDir::new(out.path().join("site"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .filter(|e| {
            fs::read_to_string(e.path())
                .unwrap()
                .contains("\nasyncapi: specs/")
        })
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        channel_pages.len(),
        6,
        "4 + 1 + 1 channels: {channel_pages:?}"
    );
    let measured = read(
        &out,
        "api-reference/websockets/smartylightingstreetlights10event-lightingmeasured/index.html",
    );
    assert!(measured.contains("<code class=\"endpoint-path channel-address\">smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured</code>"));
    assert!(measured.contains(
        "<span class=\"badge channel-protocol\">mqtt</span> <code>test.mosquitto.org:{port}</code>"
    ));
    assert!(measured.contains("<code class=\"field-name\">lumens</code>"));
    assert!(
        measured.contains("<code class=\"field-name\">my-app-header</code>"),
        "headers from a trait"
    );
    assert!(measured.contains("<caption>mqtt</caption>"));
    assert!(measured.contains("lightMeasured: Example (Payload)"));
    assert!(
        untagged(&measured).contains("\"lumens\": 0"),
        "made from the payload"
    );
    // Gemini's given examples, Gitter's bindings by `$ref` followed.
    let gemini = read(&out, "gemini/websockets/v1marketdata/index.html");
    assert!(gemini.contains("marketData: updateMessage (Payload)"));
    assert!(untagged(&gemini).contains("\"eventId\": 36902233362"));
    assert!(gemini.contains("<code class=\"field-name\">socket_sequence</code>"));
    let gitter = read(&out, "gitter/websockets/rooms-/index.html");
    assert!(gitter.contains("<code class=\"field-name\">fromUser</code>"));
    assert!(
        !all_text(&out, "html").contains("#/components/"),
        "no `$ref` shown as a value"
    );
}

#[test]
fn a_servers_variables_and_security_schemes_are_listed() {
    let out = built("asyncapi-real-2-6");
    let page = read(
        &out,
        "api-reference/websockets/smartylightingstreetlights10action-dim/index.html",
    );
    assert!(page.contains("<h2 id=\"servers\">Servers</h2>"));
    assert!(page.contains("With the defaults: <code>test.mosquitto.org:1883</code>"));
    assert!(page.contains("<code class=\"field-name\">port</code>"));
    assert!(page.contains("Secure connection (TLS) is available through port 8883."));
    assert!(page.contains("<li><code>1883</code></li><li><code>8883</code></li>"));
    assert!(page.contains("<p class=\"field-meta\">Any one of:</p>"));
    assert!(page.contains(
        "<code class=\"field-name\">apiKey</code> <span class=\"field-type\">apiKey</span> in <code>user</code>"
    ));
    assert!(page.contains("Scopes needed: <code>streetlights:on</code>, <code>streetlights:off</code>, <code>streetlights:dim</code>"));
    assert!(page.contains("<caption>OAuth 2.0 flow <code>authorizationCode</code></caption>"));
    assert!(page.contains(
        "<th scope=\"row\">Refresh URL</th><td><code>https://authserver.example/refresh</code></td>"
    ));
    assert!(page.contains(
        "<th scope=\"row\">Scope <code>streetlights:dim</code></th><td>Ability to dim the lights</td>"
    ));
    assert!(
        page.contains("OpenID Connect URL: <code>https://authserver.example/.well-known</code>")
    );
    let gitter = read(&out, "gitter/websockets/rooms-/index.html");
    assert!(gitter.contains(
        "<code class=\"field-name\">httpBearerToken</code> <span class=\"field-type\">http</span> <code>bearer</code>"
    ));
}

#[test]
fn a_3_0_operations_security_reply_and_correlation_id_are_shown() {
    let out = built("asyncapi-ugs");
    let page = read(&out, "events/rotation/index.html");
    // The 3.0 server's `{region}` variable and security by `$ref`.
    assert!(page.contains("With the defaults: <code>eu.events.example.com/v1</code>"));
    assert!(page.contains(
        "<span class=\"field-type\">httpApiKey</span> in <code>header</code> named <code>X-User-Group-Token</code>"
    ));
    // The receiving operation: its own security, then its reply.
    let receive = &page[page.find("id=\"operation-1\"").unwrap()..];
    assert!(receive.contains("<h3 class=\"response-part\">Security</h3>"));
    assert!(receive.contains("Scopes needed: <code>events:read</code>"));
    assert!(receive.contains("<h3 id=\"reply-1\" class=\"response-part\">Reply</h3>"));
    assert!(receive.contains("On channel <code class=\"channel-address\">tokenAcknowledged</code>"));
    assert!(receive.contains("Address taken from <code>$message.header#/reply_to</code>"));
    assert!(receive.contains("<h4 id=\"reply-1-0\">Token acknowledged</h4>"));
    assert!(receive.contains("<code class=\"field-name\">acknowledged_at</code>"));
    assert!(
        !page[..page.find("id=\"operation-1\"").unwrap()].contains("Reply</h3>"),
        "the sending operation has no reply"
    );
    // Both messages name where their correlation id is.
    assert_eq!(
        page.matches("Correlation ID: <code>$message.header#/rotation_id</code>")
            .count(),
        3
    );
    assert!(
        page.contains("tokenAcknowledged: Example (Payload)"),
        "reply examples in the aside"
    );
}
