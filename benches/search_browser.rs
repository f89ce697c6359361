//! Search in a real browser, on a built site given as the first argument
//! (see `bench/search.sh`): the bytes the first query downloads, the time
//! of the first query, and the time from each keystroke to results for
//! the following ones (typing "rotate token" letter by letter).
//!
//! Run: `cargo bench --bench search_browser -- /path/to/built/site`

#[path = "../tests/browser/driver.rs"]
#[allow(dead_code)]
mod driver;
#[path = "../tests/browser/tools.rs"]
#[allow(dead_code)]
mod tools;

use serde_json::Value;

const MEASURE: &str = r#"
const typed = "rotate token";
const resources = () => performance.getEntriesByType("resource")
  .filter(e => e.name.includes("/search/"))
  .reduce((sum, e) => sum + (e.encodedBodySize || e.transferSize || 0), 0);
let t = performance.now();
const first = await window.sheafSearch.query("user group");
const firstCount = Array.isArray(first) ? first.length : (first && first.length);
const firstMs = performance.now() - t;
const firstBytes = resources();
const times = [];
for (let i = 1; i <= typed.length; i++) {
  t = performance.now();
  await window.sheafSearch.query(typed.slice(0, i));
  times.push(performance.now() - t);
}
const results = await window.sheafSearch.query(typed);
return { firstMs, firstBytes, firstResults: firstCount, times, results: results.length, totalBytes: resources() };
"#;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let Some(site) = std::env::args().skip(1).find(|a| !a.starts_with('-')) else {
        eprintln!("usage: cargo bench --bench search_browser -- BUILT_SITE_DIR");
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
    let browser = driver::Browser::launch(&tools).await;
    browser
        .goto(&format!("{}{}", http.url(), first_page(&site)))
        .await;
    browser.wait_until("window.sheafSearch !== undefined").await;
    // Wrapped in a race with a timer so a stuck query reports instead of
    // hitting WebDriver's script timeout.
    let script = format!(
        "const main = (async () => {{ {MEASURE} }})(); \
         return Promise.race([main, new Promise(r => setTimeout(() => r({{ timedOut: true }}), 25000))]);"
    );
    let measured = browser.eval(&script).await;
    report(&measured);
    browser.close().await;
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

fn report(measured: &Value) {
    assert!(
        measured.get("timedOut").is_none(),
        "the queries did not finish: {measured}"
    );
    let mut times: Vec<f64> = measured["times"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(f64::NAN);
    let max = times.last().copied().unwrap_or(f64::NAN);
    println!(
        "search in Chromium: first query {:.1} ms, {} KB downloaded ({} results); \
         keystroke → results after it: median {median:.1} ms, max {max:.1} ms over {} keystrokes; \
         {} KB of index loaded in all",
        measured["firstMs"].as_f64().unwrap_or(f64::NAN),
        measured["firstBytes"].as_f64().unwrap_or(0.0) as u64 / 1024,
        measured["firstResults"],
        times.len(),
        measured["totalBytes"].as_f64().unwrap_or(0.0) as u64 / 1024,
    );
}
