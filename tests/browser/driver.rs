//! A ChromeDriver process (shut down and killed when dropped, also on panic)
//! and a headless Chromium session driven over WebDriver with fantoccini.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

use super::tools::Tools;

/// How long a condition may take to become true in the page: generous,
/// since the suite shares two cores with builds (waiting ends as soon as
/// the condition holds, so this costs nothing when all is well).
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running `chromedriver --port=0`; stopped when dropped.
pub struct ChromeDriver {
    child: Child,
    origin: String,
}

impl ChromeDriver {
    /// Starts ChromeDriver. On a loaded machine it can exit before it
    /// listens; it is then started again (three tries), and the panic shows
    /// what each try printed.
    pub fn start(tools: &Tools) -> ChromeDriver {
        let mut failures = Vec::new();
        for _ in 0..3 {
            match ChromeDriver::try_start(tools) {
                Ok(driver) => return driver,
                Err(why) => failures.push(why),
            }
        }
        panic!("chromedriver did not start: {failures:#?}");
    }

    fn try_start(tools: &Tools) -> Result<ChromeDriver, String> {
        let mut child = Command::new(&tools.chromedriver)
            .arg("--port=0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start chromedriver");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut stderr = child.stderr.take().expect("piped stderr");
        let mut driver = ChromeDriver {
            child,
            origin: String::new(),
        };
        match read_port(stdout) {
            Ok(port) => {
                std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
                driver.origin = format!("http://127.0.0.1:{port}");
                Ok(driver)
            }
            Err(printed) => {
                let status = driver.child.wait();
                let mut errors = String::new();
                let _ = stderr.read_to_string(&mut errors);
                Err(format!("{status:?}; stdout: {printed}; stderr: {errors}"))
            }
        }
    }

    /// Asks ChromeDriver to quit its browsers, then ends the process.
    fn shut_down(&mut self) {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .proxy(None)
            .timeout_global(Some(Duration::from_secs(5)))
            .build()
            .into();
        if !self.origin.is_empty() {
            let _ = agent.get(format!("{}/shutdown", self.origin)).call();
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ChromeDriver {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Reads ChromeDriver's banner up to "… started successfully on port N.",
/// then drains the rest of its output in the background; without that
/// line, what it printed.
fn read_port(stdout: ChildStdout) -> Result<u16, String> {
    let mut lines = BufReader::new(stdout);
    let mut printed = String::new();
    loop {
        let start = printed.len();
        if lines.read_line(&mut printed).map_err(|e| e.to_string())? == 0 {
            return Err(printed);
        }
        if let Some(rest) = printed[start..]
            .split("started successfully on port ")
            .nth(1)
        {
            let port = rest.trim().trim_end_matches('.').parse();
            let port = port.map_err(|_| printed.clone())?;
            std::thread::spawn(move || std::io::copy(&mut lines, &mut std::io::sink()));
            return Ok(port);
        }
    }
}

/// Chromium flags: headless, and nothing that talks to the network on its
/// own. Host names never resolve, so only the 127.0.0.1 servers answer.
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--window-size=1280,900",
];

/// One browser: its ChromeDriver, session and throw-away profile.
pub struct Browser {
    pub client: Client,
    session_url: String,
    // Dropped in this order: the driver stops Chromium before the profile goes.
    _driver: ChromeDriver,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub async fn launch(tools: &Tools) -> Browser {
        Browser::launch_with(tools, json!({})).await
    }

    /// [`Browser::launch`] keeping ChromeDriver's performance log, from
    /// which [`Browser::requested_urls`] reads every request the page made
    /// (also those that fail: host names never resolve here).
    pub async fn launch_recording_requests(tools: &Tools) -> Browser {
        let logging = json!({ "goog:loggingPrefs": { "performance": "ALL" } });
        Browser::launch_with(tools, logging).await
    }

    async fn launch_with(tools: &Tools, extra: Value) -> Browser {
        let driver = ChromeDriver::start(tools);
        let profile = tempfile::tempdir().expect("a profile directory");
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|f| f.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        let mut capabilities = json!({
            "goog:chromeOptions": { "binary": tools.chromium, "args": args }
        });
        if let (Some(all), Value::Object(extra)) = (capabilities.as_object_mut(), extra) {
            all.extend(extra);
        }
        let Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&driver.origin)
            .await
            .expect("a Chromium session");
        let session = client.session_id().await.unwrap().expect("a session id");
        Browser {
            client,
            session_url: format!("{}/session/{session}", driver.origin),
            _driver: driver,
            _profile: profile,
        }
    }

    /// Ends the session cleanly (the driver stops on drop in any case).
    pub async fn close(self) {
        let _ = self.client.close().await;
    }

    /// Opens `url` and waits until the page has loaded: its scripts have
    /// run and its styles apply (on a loaded machine WebDriver may return
    /// before `load`).
    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.expect("page loads");
        self.wait_until("document.readyState === 'complete'").await;
    }

    /// Runs `script` (a function body; `return` a value) in the page.
    pub async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    pub async fn eval_string(&self, script: &str) -> String {
        match self.eval(script).await {
            Value::String(text) => text,
            other => panic!("{script} gave {other}, not a string"),
        }
    }

    /// Waits until the JavaScript expression `condition` is truthy. A
    /// script that fails while the page navigates or reloads (no document
    /// to run in yet) counts as "not yet", not as a failure.
    pub async fn wait_until(&self, condition: &str) {
        let deadline = Instant::now() + PATIENCE;
        let script = format!("return !!({condition});");
        loop {
            let last = match self.client.execute(&script, vec![]).await {
                Ok(Value::Bool(true)) => return,
                Ok(other) => other.to_string(),
                Err(error) => error.to_string(),
            };
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {condition} (last answer: {last})"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub async fn find(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    pub async fn click(&self, css: &str) {
        let element = self.find(css).await;
        element
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
    }

    pub async fn theme(&self) -> String {
        self.eval_string("return document.documentElement.getAttribute('data-theme') || '';")
            .await
    }

    /// The page's path (the part after the origin), without the fragment.
    pub async fn path(&self) -> String {
        self.client.current_url().await.unwrap().path().to_string()
    }

    /// The URLs requested since the last call (a browser from
    /// [`Browser::launch_recording_requests`]).
    pub fn requested_urls(&self) -> Vec<String> {
        let agent = driver_agent();
        let url = format!("{}/se/log", self.session_url);
        let mut response = agent
            .post(&url)
            .header("Content-Type", "application/json")
            .send(json!({ "type": "performance" }).to_string())
            .unwrap_or_else(|e| panic!("reading the performance log failed: {e}"));
        let text = response.body_mut().read_to_string().expect("an answer");
        let log: Value = serde_json::from_str(&text).expect("a JSON answer");
        let entries = log["value"].as_array().cloned().unwrap_or_default();
        entries
            .iter()
            .filter_map(|entry| serde_json::from_str::<Value>(entry["message"].as_str()?).ok())
            .filter(|m| m["message"]["method"] == "Network.requestWillBeSent")
            .filter_map(|m| {
                Some(
                    m["message"]["params"]["request"]["url"]
                        .as_str()?
                        .to_string(),
                )
            })
            .collect()
    }

    /// Sends a Chrome DevTools Protocol command through ChromeDriver.
    pub fn cdp(&self, command: &str, params: Value) -> Value {
        let agent = driver_agent();
        let url = format!("{}/goog/cdp/execute", self.session_url);
        let body = json!({ "cmd": command, "params": params });
        let mut response = agent
            .post(&url)
            .header("Content-Type", "application/json")
            .send(body.to_string())
            .unwrap_or_else(|e| panic!("CDP {command} failed: {e}"));
        let text = response.body_mut().read_to_string().expect("an answer");
        serde_json::from_str(&text).expect("a JSON answer")
    }

    /// Makes the viewport `width`×`height` CSS pixels (`mobile`: a phone).
    pub fn set_viewport(&self, width: u32, height: u32, mobile: bool) {
        let metrics = json!({
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile
        });
        self.cdp("Emulation.setDeviceMetricsOverride", metrics);
    }

    /// Runs `source` in every document before its own scripts.
    pub fn on_new_document(&self, source: &str) {
        self.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": source }),
        );
    }
}

/// An HTTP client for ChromeDriver's own endpoints.
fn driver_agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .proxy(None)
        .timeout_global(Some(PATIENCE))
        .build()
        .into()
}
