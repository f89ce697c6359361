//! Search in a real browser, on a built site given as the first argument
//! (see `bench/search.sh`), measured as a reader feels it:
//!
//! - the *first query*: the dialog is opened with Ctrl+K and "user group"
//!   pasted into it; the time from the paste to the results on screen and
//!   the bytes of index downloaded until then (`meta.js` included);
//! - *keystrokes*: "rotate token" and then "embedded schema" typed into the
//!   dialog one key at a time over WebDriver, each key sent as soon as the
//!   previous one's results are on screen; per key, the time from its
//!   `keydown` to the frame that shows the results for the new text (the
//!   list's `data-query` says which text it shows, see `search.js`);
//! - the API-level query times (`window.sheafSearch.query`) in a fresh
//!   browser, for comparison with older figures.
//!
//! Run: `cargo bench --bench search_browser -- /path/to/built/site [--verbose]`
//! (`--verbose` lists the index files each keystroke loaded, with timings).

#[path = "../tests/browser/driver.rs"]
#[allow(dead_code)]
mod driver;
#[path = "../tests/browser/tools.rs"]
#[allow(dead_code)]
mod tools;

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::{json, Value};

use driver::Browser;

const FIRST_QUERY: &str = "user group";
const TYPED: &[&str] = &["rotate token", "embedded schema"];

/// Installed in the page: records each `keydown` and, on request, waits for
/// the result list to show a given text, then for the next frame.
const PROBE: &str = r#"
if (!window.sheafBench) {
  const searchFiles = () => performance.getEntriesByType("resource")
    .filter(e => e.name.includes("/search/"));
  let keyAt = 0;
  let waiting = null;
  document.addEventListener("keydown", e => { keyAt = e.timeStamp; }, true);
  const afterNextPaint = () => new Promise(resolve =>
    requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = resolve; c.port2.postMessage(0); }));
  new MutationObserver(() => {
    const list = document.getElementById("sheaf-search-results");
    if (!waiting || !list || list.getAttribute("data-query") !== waiting.text) return;
    const done = waiting;
    waiting = null;
    const dom = performance.now();
    const bytes = window.sheafBench.searchBytes();
    afterNextPaint().then(() => done.resolve({
      start: done.start(), dom, bytes, shown: performance.now(),
      options: list.querySelectorAll("[role=option]").length,
      files: searchFiles().filter(e => e.startTime >= done.start() - 1).map(e => ({
        name: e.name.replace(/^.*\/search\//, ""), start: e.startTime, end: e.responseEnd,
        bytes: e.encodedBodySize || e.transferSize || 0 })),
    }));
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-query"] });
  window.sheafBench = {
    searchBytes: () => searchFiles().reduce((sum, e) => sum + (e.encodedBodySize || e.transferSize || 0), 0),
    // Waits until the list for `text` has its section links and excerpts
    // (no `aria-busy`); resolves to the time since the last key.
    complete(text) {
      const list = document.getElementById("sheaf-search-results");
      const done = () => list.getAttribute("data-query") === text && !list.hasAttribute("aria-busy");
      return new Promise(resolve => {
        const check = () => done() ? resolve(performance.now() - keyAt) : setTimeout(check, 1);
        check();
      });
    },
    // Waits for the list to show `text` after a key pressed from now on.
    expectKey(text) {
      const since = performance.now();
      window.sheafBench.result = new Promise(resolve => {
        waiting = { text, resolve, start: () => keyAt >= since ? keyAt : NaN };
      });
    },
    // Pastes `text` into the input, waits for its results.
    paste(text) {
      const input = document.getElementById("sheaf-search-input");
      const at = performance.now();
      const result = new Promise(resolve => { waiting = { text, resolve, start: () => at }; });
      input.value = text;
      input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste", data: text }));
      return result;
    },
  };
}
"#;

/// The old API-level figures: `sheafSearch.query` per prefix, no UI.
const API_TIMES: &str = r#"
let t = performance.now();
await window.sheafSearch.query("user group");
const firstMs = performance.now() - t;
const times = [];
for (const typed of TYPED) {
  for (let i = 1; i <= typed.length; i++) {
    t = performance.now();
    await window.sheafSearch.query(typed.slice(0, i));
    times.push(performance.now() - t);
  }
}
return { firstMs, times };
"#;

/// Keystroke measurements, one per key.
struct Keystroke {
    text: String,
    measured: Value,
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "--verbose");
    let Some(site) = args.iter().find(|a| !a.starts_with('-')) else {
        eprintln!("usage: cargo bench --bench search_browser -- BUILT_SITE_DIR [--verbose]");
        return;
    };
    let Some(tools) = tools::browser_tools() else {
        eprintln!("chromium and chromedriver are needed");
        return;
    };
    // sheaf's own static server (the preview's), as a reader would be served.
    let allow = sheaf::serve::AllowList::new(Vec::<String>::new());
    let http = sheaf::serve::Server::serve_dir(site.as_ref(), "127.0.0.1", 0, allow)
        .expect("serves the site");
    let page = format!("{}{}", http.url(), first_page(site));

    let browser = Browser::launch(&tools).await;
    let typing = measure_typing(&browser, &page).await;
    browser.close().await;
    let browser = Browser::launch(&tools).await;
    let api = measure_api(&browser, &page).await;
    browser.close().await;

    report(&typing, &api, verbose);
}

/// Opens the dialog, pastes the first query, then types [`TYPED`].
async fn measure_typing(browser: &Browser, page: &str) -> Typing {
    browser.goto(page).await;
    browser.wait_until("window.sheafSearch !== undefined").await;
    browser.eval(PROBE).await;
    press(browser, Some(Key::Control), 'k').await;
    browser
        .wait_until("document.querySelector('dialog.sheaf-search[open]')")
        .await;
    let first = eval_timed(
        browser,
        &format!("return window.sheafBench.paste({});", json!(FIRST_QUERY)),
    )
    .await;
    let first_bytes = first["bytes"].as_f64().unwrap_or(0.0) as u64;

    let mut keys = Vec::new();
    let mut complete = Vec::new();
    for typed in TYPED {
        browser
            .eval("document.getElementById('sheaf-search-input').select();")
            .await;
        for (index, c) in typed.char_indices() {
            let text = typed[..index + c.len_utf8()].trim().to_string();
            browser
                .eval(&format!("window.sheafBench.expectKey({});", json!(text)))
                .await;
            press(browser, None, c).await;
            let measured = eval_timed(browser, "return window.sheafBench.result;").await;
            keys.push(Keystroke { text, measured });
        }
        let script = format!(
            "return window.sheafBench.complete({});",
            json!(typed.trim())
        );
        complete.push(
            eval_timed(browser, &script)
                .await
                .as_f64()
                .unwrap_or(f64::NAN),
        );
    }
    let total_bytes = browser
        .eval("return window.sheafBench.searchBytes();")
        .await
        .as_f64()
        .unwrap_or(0.0) as u64;
    Typing {
        first,
        first_bytes,
        total_bytes,
        keys,
        complete,
    }
}

/// What [`measure_typing`] found.
struct Typing {
    first: Value,
    first_bytes: u64,
    /// Index bytes loaded by the end of typing.
    total_bytes: u64,
    keys: Vec<Keystroke>,
    /// Per typed text: ms from its last key to section links and excerpts.
    complete: Vec<f64>,
}

async fn measure_api(browser: &Browser, page: &str) -> Value {
    browser.goto(page).await;
    browser.wait_until("window.sheafSearch !== undefined").await;
    let body = format!("const TYPED = {};\n{API_TIMES}", json!(TYPED));
    eval_timed(browser, &body_as_async(&body)).await
}

fn body_as_async(body: &str) -> String {
    format!("return (async () => {{ {body} }})();")
}

/// Runs `script`, whose promise must settle within 20 s.
async fn eval_timed(browser: &Browser, script: &str) -> Value {
    let script = format!(
        "const main = (() => {{ {script} }})(); \
         return Promise.race([main, new Promise(r => setTimeout(() => r({{ timedOut: true }}), 20000))]);"
    );
    let value = browser.eval(&script).await;
    assert!(value.get("timedOut").is_none(), "no results in time");
    value
}

async fn press(browser: &Browser, modifier: Option<Key>, key: char) {
    let mut keys = KeyActions::new("keyboard".to_string());
    if let Some(modifier) = modifier {
        keys = keys.then(KeyAction::Down {
            value: modifier.into(),
        });
    }
    keys = keys
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    if let Some(modifier) = modifier {
        keys = keys.then(KeyAction::Up {
            value: modifier.into(),
        });
    }
    browser.client.perform_actions(keys).await.expect("keys");
}

/// The first built page below the site root (`tab0/page0/` in the corpus).
fn first_page(site: &str) -> String {
    walkdir::WalkDir::new(site)
        .min_depth(2)
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| e.file_name() == "index.html" && !e.path().to_string_lossy().contains("_sheaf"))
        .map(|e| {
            let dir = e.path().parent().unwrap().strip_prefix(site).unwrap();
            format!("{}/", dir.to_string_lossy())
        })
        .expect("a built page")
}

fn number(value: &Value, key: &str) -> f64 {
    value[key].as_f64().unwrap_or(f64::NAN)
}

/// Median and maximum of `times`.
fn median_max(times: &[f64]) -> (f64, f64) {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN);
    (median, sorted.last().copied().unwrap_or(f64::NAN))
}

fn report(typing: &Typing, api: &Value, verbose: bool) {
    let Typing {
        first,
        first_bytes,
        total_bytes,
        keys,
        complete,
    } = typing;
    let latency = |m: &Value| number(m, "shown") - number(m, "start");
    println!(
        "search first query (paste {FIRST_QUERY:?} into the dialog): {:.1} ms to results on screen, {} KB of index downloaded by then; {} KB in all after typing (doc cards included)",
        latency(first),
        first_bytes / 1024,
        total_bytes / 1024
    );
    let times: Vec<f64> = keys.iter().map(|k| latency(&k.measured)).collect();
    let (median, max) = median_max(&times);
    println!(
        "search keystroke → results on screen: median {median:.1} ms, max {max:.1} ms over {} keys",
        times.len()
    );
    for (typed, complete) in TYPED.iter().zip(complete) {
        let list: Vec<String> = keys
            .iter()
            .zip(&times)
            .filter(|(k, _)| typed.starts_with(&k.text))
            .map(|(_, t)| format!("{t:.0}"))
            .collect();
        println!(
            "search keys of {typed:?} (ms): {}; section links and excerpts {complete:.0} ms after the last key",
            list.join(" ")
        );
    }
    let api_times: Vec<f64> = api["times"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    let (api_median, api_max) = median_max(&api_times);
    println!(
        "search API only (sheafSearch.query): first {:.1} ms, then median {api_median:.1} ms, max {api_max:.1} ms",
        number(api, "firstMs"),
    );
    if verbose {
        print_key_details(&Keystroke {
            text: FIRST_QUERY.into(),
            measured: first.clone(),
        });
        for key in keys {
            print_key_details(key);
        }
    }
}

fn print_key_details(key: &Keystroke) {
    let m = &key.measured;
    let start = number(m, "start");
    println!(
        "{:>16}: dom {:>5.1} ms, shown {:>5.1} ms, {} options",
        format!("{:?}", key.text),
        number(m, "dom") - start,
        number(m, "shown") - start,
        m["options"]
    );
    for file in m["files"].as_array().into_iter().flatten() {
        println!(
            "{:>20} {:>6} B  {:>5.1} → {:>5.1} ms",
            file["name"].as_str().unwrap_or(""),
            file["bytes"],
            number(file, "start") - start,
            number(file, "end") - start
        );
    }
}
