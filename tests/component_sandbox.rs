//! The build-time sandbox of React components
//! (`tests/fixtures/component-sandbox`), built by the real binary: the
//! browser's standard globals render as a browser would, in UTC at the
//! build's `SOURCE_DATE_EPOCH`, with randomness seeded per page; and the
//! page's budget counts work, so the output is the same bytes whatever the
//! output format, the machine's load or its time zone, including where the
//! budget runs out partway through a page.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{fixture, parse_printed, read_built, snapshot, stderr};

/// 2023-11-14T22:13:20Z
const EPOCH: &str = "1700000000";

/// Builds the fixture with `args` added and `env` set: the folder, the
/// site in it and what the build printed.
fn build(args: &[&str], env: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf, Output) {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture("component-sandbox");
    let output = Command::new(env!("CARGO_BIN_EXE_sheaf"))
        .arg("build")
        .arg(&root)
        .arg("--out")
        .arg(&site)
        .args(args)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", EPOCH)
        .envs(env.iter().copied())
        .output()
        .expect("sheaf runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    (out, site, output)
}

/// Threads that keep every core busy until dropped (or two minutes pass).
struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Load {
    fn start() -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let threads = (0..cores * 2)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let until = Instant::now() + Duration::from_secs(120);
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) && Instant::now() < until {
                        for i in 0..10_000u64 {
                            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
                        }
                    }
                })
            })
            .collect();
        Load { stop, threads }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Where the heavy page's budget ran out, as every format reports it.
const HEAVY_LINE: &str = "heavy.mdx:42:1";

#[test]
fn the_same_input_gives_the_same_site_whatever_the_format_load_or_time_zone() {
    let (_a, plain, printed) = build(&[], &[]);
    let reference = snapshot(&plain);
    let found: Vec<(String, String)> = parse_printed(&stderr(&printed))
        .into_iter()
        .map(|p| (p.location, p.headline))
        .collect();
    let budget = "it ran past the page's budget of 80 million operations";
    let heavy: Vec<&String> = found
        .iter()
        .filter(|(l, h)| l.starts_with("heavy.mdx") && h.contains(budget))
        .map(|(l, _)| l)
        .collect();
    assert_eq!(
        (heavy.len(), heavy[0].as_str()),
        (8, HEAVY_LINE),
        "{found:#?}"
    );

    let (_b, json_site, json) = build(&["--format", "json"], &[]);
    let json_out = stderr(&json) + &String::from_utf8_lossy(&json.stdout);
    assert!(
        json_out.contains("\"file\":\"heavy.mdx\",\"line\":42,") && json_out.contains(budget),
        "{json_out}"
    );
    let (_c, github_site, github) = build(&["--format", "github"], &[]);
    let github_out = stderr(&github) + &String::from_utf8_lossy(&github.stdout);
    assert!(
        github_out.contains("heavy.mdx,line=42,col=1,title=component-code::"),
        "{github_out}"
    );

    let loaded_site = {
        let _load = Load::start();
        let (dir, site, _) = build(&[], &[("TZ", "America/New_York")]);
        (dir, site)
    };
    for (name, site) in [
        ("--format json", &json_site),
        ("--format github", &github_site),
        ("a loaded CPU, TZ=America/New_York", &loaded_site.1),
    ] {
        let other = snapshot(site);
        let differing: Vec<_> = reference
            .keys()
            .chain(other.keys())
            .filter(|file| reference.get(*file) != other.get(*file))
            .collect();
        assert!(
            differing.is_empty(),
            "built with {name}, {differing:?} differ"
        );
    }

    // Where the budget ends is where the work ends, not where the clock did.
    let heavy = read_built(&plain, "heavy/index.html");
    assert_eq!(heavy.matches("class=\"countdown\"").count(), 16, "{heavy}");
    assert_eq!(
        heavy.matches("data-component=\"TokenCountdown\"").count(),
        8
    );
    let index = read_built(&plain, "index.html");
    assert_eq!(index.matches("<table class=\"user-fields\"").count(), 40);
    assert!(index.contains("<caption>GET <a href=\"https://ugs.example.com/api/user?fields=user_group\">/api/user</a>, table 40</caption>"), "{index}");
}

#[test]
fn components_see_the_browsers_standard_globals() {
    let (_dir, site, printed) = build(&[], &[]);
    let page = read_built(&site, "globals/index.html");
    for expected in [
        "<p class=\"url\">https://ugs.example.com/api/user Acme Corp ?user_group_id=acme-42&amp;name=Acme+Corp</p>",
        "<p class=\"auth\">15 Token &lt;API_KEY&gt; VG9rZW4gPEFQSV9LRVk+ Token &lt;API_KEY&gt;</p>",
        "<p class=\"clone\">eu us</p>",
        "<p class=\"intl\">$1,234.50 | 1.234.567,891 | 42% | 15K | March 5, 2024 | 5 Mar 2024, 14:30</p>",
        "<p class=\"built\">Built 2023-11-14T22:13:20.000Z 22h 1700000000000</p>",
        "<p class=\"timers\">timer 1, ticks 0</p>",
        "<p class=\"guarded\">localhost null en-US false [] object</p>",
        "<p class=\"where\">http://localhost /globals /images</p>",
        // A component that fetches in useEffect shows its initial state.
        "<p class=\"loading\">Loading the user group…</p>",
    ] {
        assert!(page.contains(expected), "{expected} missing from {page}");
    }
    let seeded = page
        .split("<p class=\"seeded\">")
        .nth(1)
        .and_then(|rest| rest.split("</p>").next())
        .expect("the seeded component rendered");
    let parts: Vec<&str> = seeded.split(' ').collect();
    assert_eq!(parts.len(), 3, "{seeded}");
    assert!(
        parts[0].len() == 36 && parts[0].as_bytes()[14] == b'4',
        "{seeded}"
    );
    // console prints nothing, and no global failed.
    let printed = stderr(&printed);
    assert!(!printed.contains("never printed") && !printed.contains("rendering"));
    assert!(!printed.contains("globals.mdx"), "{printed}");
}

#[test]
fn components_read_the_pages_published_url_as_location() {
    let (_dir, site, _) = build(&["--site-url", "https://staging.example.com/docs"], &[]);
    let page = read_built(&site, "globals/index.html");
    assert!(
        page.contains(
            "<p class=\"where\">https://staging.example.com /docs/globals /staging-images</p>"
        ),
        "{page}"
    );
}

#[test]
fn an_endless_loop_ends_as_a_located_warning() {
    let (_dir, site, printed) = build(&[], &[]);
    let found: Vec<(String, String)> = parse_printed(&stderr(&printed))
        .into_iter()
        .map(|p| (p.location, p.headline))
        .collect();
    assert!(
        found.iter().any(|(l, h)| l == "forever.mdx:11:1"
            && h.contains("`<Forever>` could not render: it ran past the page's budget of 80 million operations")),
        "{found:#?}"
    );
    let page = read_built(&site, "forever/index.html");
    assert!(page.contains("<p>The user group token stays unchanged.</p>"));
}
