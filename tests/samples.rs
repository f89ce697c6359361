//! The code samples of the reference example really run: `example-docs`
//! is built with its base URLs pointing at an in-process mock of the User
//! Group Service (`common/user_group_service.rs`), and the samples its
//! endpoint pages show are run as a reader would paste them (cURL, Python,
//! and JavaScript, PHP, Ruby and Java when `node`, `php` with its curl
//! extension, `ruby` and `java` are installed). The mock
//! checks every header and body field; the test asserts it received the
//! method, path, `Authorization: Token <API_KEY>` and body the spec gives.
//!
//! Two base URLs are offered, both plain `http` (the scheme the Node sample
//! once failed on): the mock's origin, and the same with a path prefix. The
//! site is built once with each listed first, as the page's base URL
//! selector would show it. Every sample of the eight languages is also
//! parsed by its language's checker where one is installed (`sh -n`,
//! `python3 -m py_compile`, `node --check`, `php -l`, `ruby -c`, `gofmt`,
//! `rustfmt`, `javac`).

mod common;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{json, Value};

use common::user_group_service::{example_operations, Received, UserGroupService};

/// A runtime a sample needs: the program, whether it is required here, how
/// to tell it is ready, and the file a sample is run from.
struct Runtime {
    lang: &'static str,
    program: &'static str,
    /// Arguments of a run that succeeds when the runtime can run samples.
    ready: &'static [&'static str],
    /// The file the sample is written to (`None`: passed to `sh -c`).
    file: Option<&'static str>,
    required: bool,
}

const RUNTIMES: [Runtime; 6] = [
    Runtime {
        lang: "bash",
        program: "curl",
        ready: &["--version"],
        file: None,
        required: true,
    },
    Runtime {
        lang: "python",
        program: "python3",
        ready: &["-c", "import requests"],
        file: Some("sample.py"),
        required: true,
    },
    Runtime {
        lang: "javascript",
        program: "node",
        ready: &["--version"],
        file: Some("sample.js"),
        required: false,
    },
    Runtime {
        lang: "php",
        program: "php",
        ready: &["-r", "exit(function_exists('curl_init') ? 0 : 1);"],
        file: Some("sample.php"),
        required: false,
    },
    Runtime {
        lang: "ruby",
        program: "ruby",
        ready: &["--version"],
        file: Some("sample.rb"),
        required: false,
    },
    Runtime {
        lang: "java",
        program: "java",
        ready: &["--version"],
        file: Some("Main.java"),
        required: false,
    },
];

#[test]
fn every_sample_sends_what_the_spec_says() {
    let service = UserGroupService::start();
    let origin = service.origin();
    let prefixed = format!("{origin}/sandbox");
    let runnable: Vec<&Runtime> = RUNTIMES.iter().filter(|r| available(r)).collect();
    for (first, second) in [(&origin, &prefixed), (&prefixed, &origin)] {
        let site = build_example(&[first, second]);
        for (page, method, body) in example_operations() {
            let html = std::fs::read_to_string(site.path().join(format!("{page}/index.html")))
                .expect("the endpoint page is built");
            for runtime in &runnable {
                // Java starts slowly: one pass over the three operations is enough.
                if runtime.lang == "java" && first != &origin {
                    continue;
                }
                let code = sample_text(&html, runtime.lang)
                    .unwrap_or_else(|| panic!("{page} shows a {} sample", runtime.lang));
                let output = run(runtime, &code);
                let label = format!("{} sample of {page} against {first}", runtime.lang);
                assert!(
                    output.status.success(),
                    "{label} failed:\n{code}\n{}",
                    String::from_utf8_lossy(&output.stderr)
                );
                assert_received(&service.next(), &label, method, first, &body);
                let printed = String::from_utf8_lossy(&output.stdout);
                assert!(
                    printed.contains("\"success\":1"),
                    "{label} printed the answer: {printed}"
                );
            }
        }
    }
    assert!(service.pending().is_empty(), "one request per sample run");
}

fn assert_received(received: &Received, label: &str, method: &str, base: &str, body: &Value) {
    let prefix = base.split_once("//").map_or("", |(_, rest)| {
        rest.split_once('/').map_or("", |(_, path)| path)
    });
    let path = if prefix.is_empty() {
        "/api/user".to_string()
    } else {
        format!("/{prefix}/api/user")
    };
    assert_eq!(received.problems, Vec::<String>::new(), "{label}");
    assert_eq!(received.method, method, "{label}");
    assert_eq!(received.url, path, "{label}");
    assert_eq!(
        received.authorization.as_deref(),
        Some("Token <API_KEY>"),
        "{label}"
    );
    assert_eq!(
        received.content_type.as_deref(),
        Some("application/json"),
        "{label}"
    );
    assert_eq!(&received.json(), body, "{label}");
}

/// Whether the runtime is installed; a required one missing fails under CI.
fn available(runtime: &Runtime) -> bool {
    let ready = Command::new(runtime.program)
        .args(runtime.ready)
        .output()
        .is_ok_and(|o| o.status.success());
    if !ready {
        assert!(
            !(runtime.required && std::env::var_os("CI").is_some()),
            "{} is needed to run the {} samples",
            runtime.program,
            runtime.lang
        );
        eprintln!(
            "skipping the {} samples: {} is not installed (or not ready)",
            runtime.lang, runtime.program
        );
    }
    ready
}

fn run(runtime: &Runtime, code: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut command = match runtime.file {
        None => {
            let mut sh = Command::new("sh");
            sh.args(["-c", code]);
            sh
        }
        Some(file) => {
            std::fs::write(dir.path().join(file), code).unwrap();
            let mut program = Command::new(runtime.program);
            program.arg(file);
            program
        }
    };
    command
        .current_dir(dir.path())
        .env_remove("http_proxy")
        .env_remove("HTTP_PROXY")
        .env_remove("all_proxy")
        .env_remove("ALL_PROXY")
        .output()
        .unwrap_or_else(|e| panic!("{} runs: {e}", runtime.program))
}

/// Copies `example-docs/`, sets `api.baseUrl` to `bases` and builds it.
fn build_example(bases: &[&String]) -> tempfile::TempDir {
    let source = tempfile::tempdir().unwrap();
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("example-docs");
    common::copy_tree(&example, source.path());
    let config_path = source.path().join("site.json");
    let mut config: Value =
        serde_json::from_str(&std::fs::read_to_string(&config_path).unwrap()).unwrap();
    config["api"]["baseUrl"] = json!(bases);
    std::fs::write(&config_path, config.to_string()).unwrap();
    let out = source.path().join("_site");
    let built = common::sheaf(&["build", source.path().to_str().unwrap()]);
    assert!(built.status.success(), "{}", common::stderr(&built));
    let site = tempfile::tempdir().unwrap();
    common::copy_tree(&out, site.path());
    site
}

/// The text of the page's `lang` sample, as the Copy button copies it.
fn sample_text(html: &str, lang: &str) -> Option<String> {
    let start = html.find(&format!("data-sample=\"{lang}\""))?;
    let rest = &html[start..];
    let pre = rest.find("<pre")?;
    let end = rest[pre..].find("</pre>")? + pre;
    Some(unescape(&strip_tags(&rest[pre..end])))
}

fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

#[test]
fn sample_text_reads_a_highlighted_block() {
    let html = "<div data-sample=\"bash\"><pre><code><span class=hl-k>curl</span> &#39;a&amp;b&#39; &lt;x&gt;</code></pre></div>";
    assert_eq!(sample_text(html, "bash").as_deref(), Some("curl 'a&b' <x>"));
    assert_eq!(sample_text(html, "python"), None);
}

/// A syntax checker: the sample's language, the program and its arguments
/// before the file, and the file name.
const CHECKERS: [(&str, &str, &[&str], &str); 8] = [
    ("bash", "sh", &["-n"], "sample.sh"),
    ("python", "python3", &["-m", "py_compile"], "sample.py"),
    ("javascript", "node", &["--check"], "sample.js"),
    ("php", "php", &["-l"], "sample.php"),
    ("ruby", "ruby", &["-c"], "sample.rb"),
    ("go", "gofmt", &["-l"], "main.go"),
    (
        "rust",
        "rustfmt",
        &["--edition", "2021", "--emit", "stdout"],
        "main.rs",
    ),
    ("java", "javac", &["-d", "classes"], "Main.java"),
];

#[test]
fn every_sample_parses_where_a_checker_is_installed() {
    let origin = "http://127.0.0.1:9".to_string();
    let site = build_example(&[&origin]);
    let mut checked = 0;
    for (page, _, _) in example_operations() {
        let html = std::fs::read_to_string(site.path().join(format!("{page}/index.html"))).unwrap();
        for (lang, program, args, file) in CHECKERS {
            let code =
                sample_text(&html, lang).unwrap_or_else(|| panic!("{page} shows a {lang} sample"));
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join(file), &code).unwrap();
            let Ok(output) = Command::new(program)
                .args(args)
                .arg(file)
                .current_dir(dir.path())
                .output()
            else {
                eprintln!("not checking the {lang} samples: {program} is not installed");
                continue;
            };
            assert!(
                output.status.success(),
                "{program} rejects the {lang} sample of {page}:\n{code}\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
            checked += 1;
        }
    }
    // sh and python3 are always here.
    assert!(checked >= 6, "only {checked} samples checked");
}
