//! A build reads and publishes only files inside the docs root. Each test
//! makes one attack on a copy of `tests/fixtures/trust-boundary` (a link
//! or a reference leading to a secret file beside the docs root) and checks
//! that the build fails with an error at the reference, naming where it
//! really points, and that nothing of the secret reaches the output or the
//! terminal. Links that stay inside the root keep working.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::thread;
use std::time::Duration;

use common::preview::Preview;
use common::{copy_tree, fixture, sheaf, stderr};

/// What the secret file holds; it must never be printed or published.
const SECRET: &str = "root:x:0:0:TOP-SECRET-MARKER";

/// A copy of the fixture at `docs/`, a secret at `outside/`, an output
/// folder at `out/`.
struct Attack {
    dir: tempfile::TempDir,
}

impl Attack {
    fn new() -> Attack {
        let dir = tempfile::tempdir().unwrap();
        copy_tree(&fixture("trust-boundary"), &dir.path().join("docs"));
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("secret.txt"), format!("{SECRET}\n")).unwrap();
        let spec = std::fs::read_to_string(dir.path().join("docs/specs/api.yaml")).unwrap();
        std::fs::write(
            outside.join("spec.yaml"),
            spec.replace("List things", SECRET),
        )
        .unwrap();
        std::fs::write(
            outside.join("thing.yaml"),
            format!("type: object\ndescription: {SECRET}\n"),
        )
        .unwrap();
        Attack { dir }
    }

    fn docs(&self) -> PathBuf {
        self.dir.path().join("docs")
    }

    fn outside(&self, name: &str) -> PathBuf {
        self.dir.path().join("outside").join(name)
    }

    /// Replaces `name` in the docs root by a link to `target`.
    fn link(&self, name: &str, target: &Path) {
        let path = self.docs().join(name);
        let _ = std::fs::remove_file(&path);
        symlink(target, path).unwrap();
    }

    /// Rewrites the docs file `name`, replacing `from` by `to`.
    fn edit(&self, name: &str, from: &str, to: &str) {
        let path = self.docs().join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{name} holds no `{from}`");
        std::fs::write(path, text.replace(from, to)).unwrap();
    }

    fn build(&self) -> Output {
        let out = self.dir.path().join("out");
        sheaf(&[
            "build",
            self.docs().to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
    }

    /// Builds and checks the refusal: exit 1, an error whose headline
    /// holds `message` located at `location`, no output, no secret printed.
    fn refused(&self, location: &str, message: &str) {
        let output = self.build();
        let printed = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{printed}");
        assert!(
            !printed.contains("TOP-SECRET"),
            "the secret was printed:\n{printed}"
        );
        let headline = printed
            .lines()
            .position(|line| line.starts_with("error") && line.contains(message))
            .unwrap_or_else(|| panic!("no error `{message}`:\n{printed}"));
        let at = printed.lines().nth(headline + 1).unwrap_or_default();
        assert!(
            at.contains(&format!("--> {location}")),
            "at `{at}`:\n{printed}"
        );
        assert!(
            !self.dir.path().join("out").exists(),
            "something was written"
        );
    }
}

#[test]
fn a_page_linked_outside_the_root_is_refused_at_its_navigation_entry() {
    let attack = Attack::new();
    attack.link("secret.mdx", &attack.outside("secret.txt"));
    attack.edit("site.json", r#""guide"]"#, r#""guide", "secret"]"#);
    attack.refused("site.json:5:", "outside the docs root");
    let printed = stderr(&attack.build());
    assert!(printed.contains("outside/secret.txt"), "{printed}");
}

#[test]
fn a_snippet_linked_outside_the_root_is_refused_at_its_use() {
    let attack = Attack::new();
    attack.link("snippets/shared.mdx", &attack.outside("secret.txt"));
    attack.refused("guide.mdx:", "snippet `/snippets/shared.mdx`");
}

#[test]
fn a_snippet_folder_linked_outside_the_root_is_refused() {
    let attack = Attack::new();
    std::fs::rename(attack.outside("secret.txt"), attack.outside("shared.mdx")).unwrap();
    std::fs::remove_dir_all(attack.docs().join("snippets")).unwrap();
    attack.link("snippets", &attack.dir.path().join("outside"));
    attack.refused("guide.mdx:", "outside the docs root");
}

#[test]
fn a_spec_outside_the_root_is_refused_at_the_config() {
    let attack = Attack::new();
    attack.edit(
        "site.json",
        r#""navigation""#,
        r#""openapi": "../outside/spec.yaml", "navigation""#,
    );
    attack.refused("site.json:4:", "OpenAPI file \"../outside/spec.yaml\"");
}

#[test]
fn a_ref_outside_the_root_is_refused_at_the_ref() {
    for target in ["../../outside/thing.yaml".to_string(), String::new()] {
        let attack = Attack::new();
        let target = match target.is_empty() {
            true => attack.outside("thing.yaml").display().to_string(),
            false => target,
        };
        attack.edit("specs/api.yaml", "./thing.yaml", &target);
        attack.edit(
            "site.json",
            r#""navigation""#,
            r#""openapi": "specs/api.yaml", "navigation""#,
        );
        attack.refused("specs/api.yaml:15:", "resolves to");
    }
}

#[test]
fn an_image_linked_outside_the_root_is_refused_at_the_page_and_the_config() {
    let attack = Attack::new();
    attack.link("images/logo.svg", &attack.outside("secret.txt"));
    attack.refused("guide.mdx:9:", "image or file");
    let attack = Attack::new();
    attack.link("images/logo.svg", &attack.outside("secret.txt"));
    attack.edit("guide.mdx", "![Logo](/images/logo.svg)", "");
    attack.edit(
        "site.json",
        r#""navigation""#,
        r#""logo": "/images/logo.svg", "navigation""#,
    );
    attack.refused("site.json:4:", "image \"/images/logo.svg\"");
}

#[test]
fn custom_css_and_theme_files_linked_outside_the_root_are_refused() {
    let attack = Attack::new();
    attack.link("custom.css", &attack.outside("secret.txt"));
    attack.refused("custom.css", "outside the docs root");
    let attack = Attack::new();
    std::fs::create_dir_all(attack.docs().join("_theme")).unwrap();
    attack.link("_theme/base.css", &attack.outside("secret.txt"));
    attack.refused("_theme/base.css", "outside the docs root");
}

#[test]
fn a_config_file_linked_outside_the_root_is_refused() {
    let attack = Attack::new();
    std::fs::copy(attack.docs().join("site.json"), attack.outside("site.json")).unwrap();
    attack.link("site.json", &attack.outside("site.json"));
    attack.refused("site.json", "outside the docs root");
}

#[test]
fn a_script_redirect_is_refused_at_its_entry() {
    for destination in [
        "javascript:alert(1)",
        " JaVa\\tScRiPt:alert(1)",
        "data:text/html,x",
    ] {
        let attack = Attack::new();
        attack.edit(
            "site.json",
            r#""navigation""#,
            &format!(
                r#""redirects": [{{"source": "/old", "destination": "{destination}"}}], "navigation""#
            ),
        );
        attack.refused(
            "site.json:4:",
            "is not a local path, an http(s) URL or a mailto: link",
        );
    }
}

#[test]
fn links_that_stay_inside_the_root_keep_working() {
    let attack = Attack::new();
    let docs = attack.docs();
    symlink(docs.join("index.mdx"), docs.join("alias.mdx")).unwrap();
    symlink(docs.join("specs"), docs.join("linked-specs")).unwrap();
    attack.edit(
        "site.json",
        r#""guide"]"#,
        r#""guide", "alias", "GET /things"]"#,
    );
    attack.edit(
        "site.json",
        r#""navigation""#,
        r#""openapi": "linked-specs/api.yaml", "redirects": [{"source": "/old", "destination": "mailto:docs@example.com"}], "navigation""#,
    );
    let output = attack.build();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = attack.dir.path().join("out");
    let alias = std::fs::read_to_string(out.join("alias/index.html")).unwrap();
    assert!(alias.contains("read from this folder only"));
    let endpoint =
        std::fs::read_to_string(out.join("api-reference/list-things/index.html")).unwrap();
    assert!(endpoint.contains("The thing&#39;s id.") || endpoint.contains("The thing's id."));
}

/* ---- the preview answers only its own host, with bounded heads ---- */

/// Sends `request` to `addr` and returns the whole answer.
fn exchange(addr: &str, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// The preview's resident memory in KiB, from `/proc`.
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn the_preview_answers_only_its_own_host_and_its_own_pages_proxy() {
    let attack = Attack::new();
    let preview = Preview::start(&attack.docs(), &[]);
    let addr = preview
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let port = addr.rsplit(':').next().unwrap().to_string();
    for host in [
        addr.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        let answer = exchange(
            &addr,
            format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(),
        );
        assert!(answer.starts_with("HTTP/1.0 200"), "{host}: {answer}");
    }
    let rebound = format!("attacker.example:{port}");
    let answer = exchange(
        &addr,
        format!("GET / HTTP/1.1\r\nHost: {rebound}\r\n\r\n").as_bytes(),
    );
    assert!(answer.starts_with("HTTP/1.0 421"), "{answer}");
    assert!(
        answer.contains("answers only requests for its own address"),
        "{answer}"
    );
    assert!(!answer.contains("read from this folder only"));

    let proxy = |host: &str, origin: Option<&str>| {
        let body = r#"{"method":"GET","url":"http://127.0.0.1:9/"}"#;
        let origin = origin
            .map(|o| format!("Origin: {o}\r\n"))
            .unwrap_or_default();
        let request = format!(
            "POST /__sheaf/proxy HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        exchange(&addr, request.as_bytes())
    };
    let rebinding = proxy(&rebound, Some(&format!("http://{rebound}")));
    assert!(rebinding.starts_with("HTTP/1.0 421"), "{rebinding}");
    let refused = "the proxy answers only pages of this preview";
    let no_origin = proxy(&addr, None);
    assert!(
        no_origin.starts_with("HTTP/1.0 403") && no_origin.contains(refused),
        "{no_origin}"
    );
    let foreign = proxy(&addr, Some(&format!("http://{rebound}")));
    assert!(
        foreign.starts_with("HTTP/1.0 403") && foreign.contains(refused),
        "{foreign}"
    );
    // Its own page gets past these checks (the URL is no API base of the site).
    let own = proxy(&addr, Some(&format!("http://{addr}")));
    assert!(own.contains("\"error\"") && !own.contains(refused), "{own}");
}

#[test]
fn huge_request_heads_get_431_and_the_memory_comes_back() {
    let attack = Attack::new();
    let mut preview = Preview::start(&attack.docs(), &[]);
    preview.wait_for_line("done in");
    let addr = preview
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let pid = preview.child.id();
    let page = format!("GET / HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    // Ten small requests at once first, so that the threads and memory a
    // burst of connections takes are there before the measure.
    let warm: Vec<_> = (0..10)
        .map(|_| {
            let (addr, page) = (addr.clone(), page.clone());
            thread::spawn(move || exchange(&addr, page.as_bytes()))
        })
        .collect();
    for answer in warm {
        assert!(answer.join().unwrap().starts_with("HTTP/1.0 200"));
    }
    let before = resident_kib(pid);
    // Ten clients each sending 32 MB of one header, at once: 320 MB that
    // an unbounded reader would hold.
    let senders: Vec<_> = (0..10)
        .map(|_| {
            let addr = addr.clone();
            thread::spawn(move || {
                let mut stream = TcpStream::connect(&addr).unwrap();
                stream
                    .set_read_timeout(Some(Duration::from_secs(30)))
                    .unwrap();
                let _ = stream
                    .write_all(format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Big: ").as_bytes());
                let chunk = vec![b'a'; 1 << 20];
                for _ in 0..32 {
                    if stream.write_all(&chunk).is_err() {
                        break;
                    }
                }
                let mut answer = Vec::new();
                let _ = stream.read_to_end(&mut answer);
                String::from_utf8_lossy(&answer).into_owned()
            })
        })
        .collect();
    for sender in senders {
        let answer = sender.join().unwrap();
        assert!(answer.starts_with("HTTP/1.1 431"), "{answer:.200}");
    }
    assert!(exchange(&addr, page.as_bytes()).starts_with("HTTP/1.0 200"));
    let after = resident_kib(pid);
    eprintln!("resident memory: {before} KiB before, {after} KiB after");
    assert!(
        after < before + 48 * 1024,
        "resident memory grew from {before} KiB to {after} KiB"
    );
}
