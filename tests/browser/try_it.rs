//! Try-it and the code samples in a real browser, against the mock User
//! Group Service (`common/user_group_service.rs`), which sends no CORS
//! headers: under `sheaf serve` every request goes through the preview's
//! proxy and reaches it; the base URL selector rewrites the samples; the
//! endpoint pages fit a phone; typed parameter inputs send what they show.

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};

use super::common;
use super::common::user_group_service::{example_operations, Received, UserGroupService};
use super::driver::Browser;
use super::server::serve_api;
use super::site::{build_and_serve, edit_site_json, set_api_server, start_preview, Site};
use super::{launch, save_screenshot, show_page};

/// A copy of `example-docs/` whose base URLs are the mock's origin and the
/// same with a `/sandbox` prefix.
fn example_against(service: &UserGroupService) -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs");
    common::copy_tree(&example, root.path());
    let origin = service.origin();
    edit_site_json(root.path(), |config| {
        config["api"]["baseUrl"] = json!([origin, format!("{origin}/sandbox")]);
    });
    root
}

/// `sheaf serve`, in process on a free port, of the example pointed at a
/// running mock service; everything stops when dropped.
struct Preview {
    service: UserGroupService,
    server: Option<sheaf::serve::Server>,
    _root: tempfile::TempDir,
}

impl Preview {
    fn start() -> Preview {
        Preview::start_with(|_| {})
    }

    /// The preview of the example after `edit` changed its site.json.
    fn start_with(edit: impl FnOnce(&mut serde_json::Map<String, Value>)) -> Preview {
        let service = UserGroupService::start();
        let root = example_against(&service);
        edit_site_json(root.path(), edit);
        let server = start_preview(root.path());
        Preview {
            service,
            server: Some(server),
            _root: root,
        }
    }

    /// The preview's origin, without a trailing slash.
    fn origin(&self) -> String {
        let server = self.server.as_ref().expect("running");
        server.url().trim_end_matches('/').to_string()
    }
}

impl Drop for Preview {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            server.shutdown();
        }
    }
}

/// Types the credential after the prefilled `Token ` (the tab remembers it
/// from the page before) and sends the form.
async fn send_with_key(browser: &Browser, key: &str) {
    let auth = browser.find("[data-playground] [data-auth-input]").await;
    let value = auth.prop("value").await.unwrap().unwrap_or_default();
    if value == "Token " {
        auth.send_keys(key).await.unwrap();
    } else {
        assert_eq!(value, format!("Token {key}"), "the remembered credential");
    }
    browser.click("[data-playground] [data-send]").await;
    browser
        .wait_until("document.querySelector('[data-playground] [data-status]').textContent !== '' || !document.querySelector('[data-playground] [data-error]').hidden")
        .await;
}

async fn shown_text(browser: &Browser, css: &str) -> String {
    browser
        .eval_string(&format!(
            "return document.querySelector({}).textContent;",
            json!(css)
        ))
        .await
}

fn assert_received(received: &Received, method: &str, path: &str, body: &Value) {
    assert_eq!(received.problems, Vec::<String>::new(), "{method} {path}");
    assert_eq!(
        (received.method.as_str(), received.url.as_str()),
        (method, path)
    );
    assert_eq!(received.authorization.as_deref(), Some("Token test-key-42"));
    assert_eq!(received.content_type.as_deref(), Some("application/json"));
    assert_eq!(&received.json(), body, "{method} {path}");
}

#[tokio::test]
async fn try_it_under_the_preview_reaches_an_api_without_cors_for_every_operation() {
    let Some(browser) = launch().await else {
        return;
    };
    let preview = Preview::start();
    let (service, origin) = (&preview.service, preview.origin());
    for (slug, method, body) in example_operations() {
        let page = format!("{slug}/");
        browser.goto(&format!("{origin}/{page}")).await;
        browser.wait_until("window.SHEAF_PROXY !== undefined").await;
        let note_hidden = browser
            .eval("var n = document.querySelector('[data-no-proxy-note]'); return !n || n.hidden;")
            .await;
        assert_eq!(note_hidden, json!(true), "{page}: the preview can send it");
        send_with_key(&browser, "test-key-42").await;
        let error = shown_text(&browser, "[data-playground] [data-error]").await;
        assert_eq!(
            shown_text(&browser, "[data-playground] [data-status]").await,
            "200",
            "{page}: {error}"
        );
        let shown: Value =
            serde_json::from_str(&shown_text(&browser, "[data-response-body]").await).unwrap();
        assert_eq!(shown["success"], json!(1), "{page}");
        assert_received(&service.next(), method, "/api/user", &body);
    }
    assert!(service.pending().is_empty(), "no preflight, no retry");
    browser.close().await;
}

#[tokio::test]
async fn the_base_url_selector_rewrites_the_samples_and_the_choice_persists() {
    let Some(browser) = launch().await else {
        return;
    };
    let preview = Preview::start();
    let (service, origin) = (&preview.service, preview.origin());
    let sandbox = format!("{}/sandbox", service.origin());
    browser
        .goto(&format!("{origin}/api-reference/get-user/"))
        .await;
    let curl = "[data-sample=\"bash\"] pre";
    let first = shown_text(&browser, curl).await;
    assert!(first.contains(&format!("--url '{}/api/user'", service.origin())));

    let select = browser.find("[data-base-url-select]").await;
    select.select_by_value(&sandbox).await.unwrap();
    let switched = shown_text(&browser, curl).await;
    assert!(
        switched.contains(&format!("--url '{sandbox}/api/user'")),
        "{switched}"
    );
    let python = shown_text(&browser, "[data-sample=\"python\"] pre").await;
    assert!(
        python.contains(&format!("url = \"{sandbox}/api/user\"")),
        "{python}"
    );

    // The rewritten command runs, as a reader would paste it.
    let run = Command::new("sh").args(["-c", &switched]).output().unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let pasted = service.next();
    assert_eq!(pasted.url, "/sandbox/api/user");
    assert!(pasted.problems.is_empty(), "{:?}", pasted.problems);

    // The choice persists across pages, samples included.
    browser
        .goto(&format!("{origin}/api-reference/rotate-token/"))
        .await;
    let curl_there = shown_text(&browser, curl).await;
    assert!(
        curl_there.contains(&format!("--url '{sandbox}/api/user'")),
        "{curl_there}"
    );
    send_with_key(&browser, "test-key-42").await;
    assert_received(
        &service.next(),
        "POST",
        "/sandbox/api/user",
        &json!({"current_token": "USER_GROUP_TOKEN"}),
    );
    browser.close().await;
}

/// The widest right edge inside the Try-it panel beyond the panel's own
/// (0 when everything fits), and the page's sideways overflow.
const OVERFLOW: &str = "var panel = document.querySelector('.playground').getBoundingClientRect();
var inside = 0;
document.querySelectorAll('.playground *').forEach(function (el) {
  var box = el.getBoundingClientRect();
  if (box.width > 0 && el.closest('pre') === null) inside = Math.max(inside, box.right - panel.right);
  if (el.tagName === 'PRE') inside = Math.max(inside, box.right - panel.right);
});
return [Math.round(inside), document.documentElement.scrollWidth - document.documentElement.clientWidth];";

#[tokio::test]
async fn endpoint_pages_fit_a_phone_and_the_get_note_follows_the_base_url() {
    let Some(browser) = launch().await else {
        return;
    };
    let service = UserGroupService::start();
    let site = build_and_serve(example_against(&service));
    browser.set_viewport(390, 844, true);
    for (slug, _, _) in example_operations() {
        let page = format!("{slug}/");
        let name = page.trim_end_matches('/').rsplit('/').next().unwrap();
        show_page(&browser, &site.url(&page), "light").await;
        let overflow = browser.eval(OVERFLOW).await;
        assert_eq!(overflow, json!([0, 0]), "{page} fits 390 px");
        save_screenshot(&browser, &format!("phone-endpoint-{name}")).await;
        browser
            .eval("document.querySelector('.playground').scrollIntoView(); return null;")
            .await;
        save_screenshot(&browser, &format!("phone-endpoint-{name}-try-it")).await;
    }

    // The static site cannot send a GET body: its note's cURL command
    // follows the base URL too.
    show_page(&browser, &site.url("api-reference/get-user/"), "dark").await;
    let sandbox = format!("{}/sandbox", service.origin());
    let select = browser.find("[data-base-url-select]").await;
    select.select_by_value(&sandbox).await.unwrap();
    let note = shown_text(&browser, "[data-no-proxy-note] pre").await;
    assert!(
        note.contains(&format!("--url '{sandbox}/api/user'")),
        "{note}"
    );
    browser
        .eval("document.querySelector('[data-no-proxy-note]').scrollIntoView(); return null;")
        .await;
    assert_eq!(
        browser.eval(OVERFLOW).await,
        json!([0, 0]),
        "dark, after switching"
    );
    save_screenshot(&browser, "phone-endpoint-get-user-note-dark").await;
    browser.close().await;
}

#[tokio::test]
async fn with_the_proxy_turned_off_the_preview_sends_try_it_from_the_browser() {
    let Some(browser) = launch().await else {
        return;
    };
    let preview = Preview::start_with(|config| {
        config["api"]["playground"]["proxy"] = json!(false);
    });
    browser
        .goto(&format!("{}/api-reference/update-user/", preview.origin()))
        .await;
    browser.wait_until("window.SHEAF_PROXY !== undefined").await;
    send_with_key(&browser, "test-key-42").await;
    let error = shown_text(&browser, "[data-playground] [data-error]").await;
    assert!(
        error.contains("(CORS)"),
        "the browser itself met the API, which allows no other origin: {error}"
    );
    browser.close().await;
}

#[tokio::test]
async fn a_blocked_request_shows_the_cors_message_without_empty_boxes() {
    let Some(browser) = launch().await else {
        return;
    };
    let service = UserGroupService::start();
    let site = build_and_serve(example_against(&service));
    browser.goto(&site.url("api-reference/update-user/")).await;
    send_with_key(&browser, "test-key-42").await;
    let error = shown_text(&browser, "[data-playground] [data-error]").await;
    assert!(error.contains("(CORS)"), "{error}");
    let boxes = browser
        .eval("var r = document.querySelector('[data-result]'); return [r.querySelector('.pg-headers').hidden, r.querySelector('.pg-response').hidden, r.querySelector('.pg-headers').getBoundingClientRect().height];")
        .await;
    assert_eq!(boxes, json!([true, true, 0]));
    browser.close().await;
}

#[tokio::test]
async fn typed_parameter_inputs_send_what_they_show() {
    let Some(browser) = launch().await else {
        return;
    };
    let (api, calls) = serve_api(r#"{"rows":[]}"#);
    let site = named_fixture_site_with_api("try-it-params", &api.origin());
    browser.goto(&site.url("reports/")).await;
    let kinds = browser
        .eval("return Array.from(document.querySelectorAll('[data-param]')).map(function (e) { return [e.getAttribute('data-name'), e.tagName.toLowerCase(), e.type, e.required]; });")
        .await;
    assert_eq!(
        kinds,
        json!([
            ["report_id", "input", "text", true],
            ["format", "select", "select-one", true],
            ["include_archived", "input", "checkbox", false],
            ["limit", "input", "number", false]
        ])
    );
    let required_marks = browser
        .eval("return document.querySelectorAll('.pg-field .badge-required').length;")
        .await;
    assert_eq!(required_marks, json!(2));

    // A required field left empty is named, and focused.
    browser
        .find("#pg-path-report-id")
        .await
        .clear()
        .await
        .unwrap();
    browser.click("[data-playground] [data-send]").await;
    let error = shown_text(&browser, "[data-playground] [data-error]").await;
    assert_eq!(error, "Fill in the required parameter report_id.");
    let focused = browser
        .eval_string("return document.activeElement.id;")
        .await;
    assert_eq!(focused, "pg-path-report-id");

    browser
        .find("#pg-path-report-id")
        .await
        .send_keys("r-7")
        .await
        .unwrap();
    browser
        .find("#pg-query-format")
        .await
        .select_by_value("csv")
        .await
        .unwrap();
    browser.click("#pg-query-include-archived").await;
    browser
        .find("#pg-query-limit")
        .await
        .send_keys("5")
        .await
        .unwrap();
    save_screenshot(&browser, "try-it-typed-inputs").await;
    browser.click("[data-playground] [data-send]").await;
    browser
        .wait_until("document.querySelector('[data-playground] [data-status]').textContent !== ''")
        .await;
    let call = calls.try_recv().expect("the API got the request");
    assert_eq!(
        call.url,
        "/api/reports/r-7?format=csv&include_archived=true&limit=5"
    );
    browser.close().await;
}

#[tokio::test]
async fn a_url_the_preview_proxy_refuses_is_sent_directly() {
    let Some(browser) = launch().await else {
        return;
    };
    // A hand-written endpoint page names an API outside the site's base
    // URLs: the proxy refuses it, and the page sends it itself (this API
    // allows it with CORS headers).
    let (api, calls) = serve_api(r#"{"ok":true}"#);
    let root = common::fixture_copy("browser-site");
    std::fs::write(
        root.path().join("api/manual.mdx"),
        format!(
            "---\ntitle: Hand-written\napi: \"PUT {}/api/user\"\n---\n\n<ParamField body=\"name\" type=\"string\" default=\"Ada\">\nThe name.\n</ParamField>\n",
            api.origin()
        ),
    )
    .unwrap();
    edit_site_json(root.path(), |config| {
        config["navigation"][3]["pages"] = json!(["api/update-user", "api/manual"]);
    });
    let server = start_preview(root.path());
    browser.goto(&format!("{}api/manual/", server.url())).await;
    browser.wait_until("window.SHEAF_PROXY !== undefined").await;
    browser.click("[data-playground] [data-send]").await;
    browser
        .wait_until("document.querySelector('[data-playground] [data-status]').textContent !== '' || !document.querySelector('[data-playground] [data-error]').hidden")
        .await;
    let error = shown_text(&browser, "[data-playground] [data-error]").await;
    assert_eq!(
        shown_text(&browser, "[data-playground] [data-status]").await,
        "200 OK",
        "{error}"
    );
    let call = calls.try_recv().expect("the API got the request");
    assert_eq!(
        (call.method.as_str(), call.url.as_str()),
        ("PUT", "/api/user")
    );
    browser.close().await;
    server.shutdown();
}

/// Builds fixture `name` with its spec's placeholder server set to `origin`.
fn named_fixture_site_with_api(name: &str, origin: &str) -> Site {
    let source = common::fixture_copy(name);
    set_api_server(source.path(), origin);
    build_and_serve(source)
}
