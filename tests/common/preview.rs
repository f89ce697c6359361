//! A real `sheaf serve` process for the tests that need one of their own
//! (its memory, its environment).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// A running `sheaf serve --port 0`, killed when dropped.
pub struct Preview {
    pub child: Child,
    pub url: String,
    log: mpsc::Receiver<String>,
}

impl Preview {
    /// Starts the preview of `site` with the environment variables `env`.
    pub fn start(site: &Path, env: &[(&str, &Path)]) -> Preview {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sheaf"))
            .args(["serve", site.to_str().unwrap(), "--port", "0"])
            .env("NO_COLOR", "1")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sheaf serve starts");
        let (lines, log) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        let mut preview = Preview {
            child,
            url: String::new(),
            log,
        };
        let serving = preview.wait_for_line("serving ");
        preview.url = serving
            .rsplit(" at ")
            .next()
            .and_then(|rest| rest.split_whitespace().next())
            .expect("the URL")
            .to_string();
        preview
    }

    /// Waits for a line of the preview's output containing `needle`,
    /// returning everything printed up to it.
    pub fn wait_for_line(&mut self, needle: &str) -> String {
        let mut seen = String::new();
        loop {
            let line = self
                .log
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no `{needle}` from sheaf serve:\n{seen}"));
            seen.push_str(&line);
            seen.push('\n');
            if line.contains(needle) {
                return seen;
            }
        }
    }
}

impl Drop for Preview {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
