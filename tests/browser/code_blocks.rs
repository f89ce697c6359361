//! Code block options in the browser (`tests/fixtures/code-block-options`):
//! the copy button copies the code without notation markers, diff signs or
//! line numbers; a code group's tabs show the blocks' icons; an expandable block opens without JavaScript; screenshots
//! of every option in light and dark mode.

use serde_json::json;

use super::site::named_fixture_site;
use super::{launch, launch_without_javascript, save_screenshot, show_page};

/// Records what the page writes to the clipboard in
/// `window.sheafCopied` instead (headless Chromium has no clipboard to
/// read back).
const CLIPBOARD_PROBE: &str = "Object.defineProperty(navigator, 'clipboard', {
  value: { writeText: function (text) { window.sheafCopied = text; return Promise.resolve(); } }
});";

/// The copy button of the block titled `title`, clicked; returns what it
/// copied.
async fn copy_block(browser: &super::driver::Browser, title: &str) -> String {
    let find = format!(
        "Array.from(document.querySelectorAll('.c-code')).find(function (b) {{
           var t = b.querySelector('.c-code-title'); return t && t.textContent === {};
         }})",
        json!(title)
    );
    browser.eval("window.sheafCopied = null;").await;
    browser
        .eval(&format!("{find}.querySelector('button.c-copy').click();"))
        .await;
    browser.wait_until("window.sheafCopied !== null").await;
    browser.eval_string("return window.sheafCopied;").await
}

#[tokio::test]
async fn the_copy_button_copies_the_code_without_markers_signs_or_numbers() {
    let Some(browser) = launch().await else {
        return;
    };
    browser.on_new_document(CLIPBOARD_PROBE);
    let site = named_fixture_site("code-block-options");
    browser.goto(&site.url("")).await;
    browser.find(".c-code > button.c-copy").await;
    assert_eq!(
        copy_block(&browser, "JavaScript diff").await,
        "const greeting = \"Hello, World!\";\nfunction sayHello() {\n  \
         console.log(\"Hello, World!\");\n  console.log(greeting);\n}\nsayHello();\n"
    );
    assert_eq!(
        copy_block(&browser, "Python diff").await,
        "def greet():\n    print(\"Hello, World!\")\n    print(\"Hi!\")\n    \
         print(\"Hello, Mintlify!\")\n"
    );
    assert_eq!(
        copy_block(&browser, "app.py").await,
        "import app\napp.run()\n"
    );
    // The gutter is drawn: a sign before added lines, numbers counted.
    let gutter = browser
        .eval(
            "var lines = document.querySelectorAll('.c-code-numbers.c-code-diff .c-line');
             return [getComputedStyle(lines[0], '::before').content,
                     getComputedStyle(lines[2], '::before').content];",
        )
        .await;
    assert_eq!(
        gutter,
        json!(["counter(line) \" +\"", "counter(line) \" -\""])
    );
    let no_copy = browser
        .eval("return document.querySelectorAll('.c-code-nocopy button.c-copy').length;")
        .await;
    assert_eq!(no_copy, json!(0), "`nocopy` has no copy button");
    let tab_icons = browser
        .eval("return Array.from(document.querySelectorAll('.c-code-group .c-tab')).map(function (t) { return !!t.querySelector('svg.icon'); });")
        .await;
    assert_eq!(
        tab_icons,
        json!([true, true]),
        "a code group's tabs show the icons"
    );
    browser.close().await;
}

#[tokio::test]
async fn an_expandable_block_opens_without_javascript() {
    let Some(browser) = launch_without_javascript().await else {
        return;
    };
    let site = named_fixture_site("code-block-options");
    browser.goto(&site.url("")).await;
    let pre = "document.querySelector('.c-code-expandable pre')";
    let shown = format!("return [{pre}.clientHeight, {pre}.scrollHeight];");
    let sizes = browser.eval(&shown).await;
    let (client, scroll) = (sizes[0].as_f64().unwrap(), sizes[1].as_f64().unwrap());
    assert!(client * 1.5 < scroll, "collapsed: {sizes}");
    let summary = browser.find(".c-code-expandable summary").await;
    assert_eq!(summary.text().await.unwrap(), "See all 30 lines");
    summary.click().await.unwrap();
    browser
        .wait_until(&format!("{pre}.scrollHeight <= {pre}.clientHeight + 1"))
        .await;
    assert_eq!(summary.text().await.unwrap(), "Collapse");
    browser.close().await;
}

#[tokio::test]
async fn code_block_options_screenshots_in_light_and_dark() {
    let Some(browser) = launch().await else {
        return;
    };
    let site = named_fixture_site("code-block-options");
    browser.set_viewport(1280, 2400, false);
    for theme in ["light", "dark"] {
        show_page(&browser, &site.url(""), theme).await;
        // Away from every block, so focus dimming shows.
        browser.eval("window.scrollTo(0, 0);").await;
        let dimmed = browser
            .eval(
                "var line = document.querySelector('.c-code-focus .c-line:not(.c-focus)');
                 return getComputedStyle(line).color;",
            )
            .await;
        let expected = if theme == "light" {
            "rgb(92, 99, 109)"
        } else {
            "rgb(139, 146, 156)"
        };
        assert_eq!(dimmed, json!(expected), "{theme}");
        save_screenshot(&browser, &format!("code-block-options-{theme}")).await;
        browser
            .eval("document.getElementById('options-sheaf-does-not-know').scrollIntoView();")
            .await;
        save_screenshot(&browser, &format!("code-block-options-end-{theme}")).await;
    }
    browser.close().await;
}
