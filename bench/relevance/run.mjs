// Runs the queries of queries.json in headless Chromium, with sheaf's search
// (`window.sheafSearch.query`) and Pagefind (`pagefind.js`, filtered to the
// page's version), on the site served at BASE_URL; writes what each answered.
// usage: node run.mjs BASE_URL QUERIES.json OUT.json
//
// Chromium is driven over WebDriver (chromedriver, a port of its own, a fresh
// profile). Per engine and page the queries are asked one after the other;
// per query the time from the call to the first ten result URLs known. The
// first query of each engine runs on a freshly loaded page with the HTTP
// cache cleared: its time and the bytes of index it downloaded.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [base, queriesFile, outFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, "utf8"));

const freePort = () => new Promise((resolve) => {
  const server = createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});

async function webdriver() {
  const port = await freePort();
  const driver = spawn("chromedriver", [`--port=${port}`], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${url}/status`)).ok) break; } catch { /* not yet */ }
    if (i > 200) throw new Error("chromedriver did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  const profile = mkdtempSync(join(tmpdir(), "sheaf-relevance-"));
  const call = async (method, path, body) => {
    const response = await fetch(url + path, { method, headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await response.json();
    if (json.value && json.value.error) throw new Error(`${path}: ${json.value.message}`);
    return json.value;
  };
  const session = await call("POST", "/session", { capabilities: { alwaysMatch: {
    browserName: "chrome",
    "goog:chromeOptions": { binary: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu",
      "--disable-background-networking", "--no-first-run", `--user-data-dir=${profile}`] } } } });
  const id = session.sessionId;
  await call("POST", `/session/${id}/timeouts`, { script: 600000, pageLoad: 60000 });
  return {
    goto: (page) => call("POST", `/session/${id}/url`, { url: page }),
    run: (script, args = []) => call("POST", `/session/${id}/execute/sync`, { script, args }),
    cdp: (cmd, params = {}) => call("POST", `/session/${id}/goog/cdp/execute`, { cmd, params }),
    quit: async () => { await call("DELETE", `/session/${id}`).catch(() => {}); driver.kill(); rmSync(profile, { recursive: true, force: true }); },
  };
}

// In the page: asks `texts` one after the other; per query the ms and the
// first ten result paths, and the index bytes the page has loaded so far
// (for the first query on a fresh page: what that query downloaded).
const ASK = `
const [engine, texts, version, simulate] = arguments;
if (simulate) {
  // A page outside every version, as the renderer writes one.
  document.documentElement.removeAttribute("data-page-version");
  document.documentElement.setAttribute("data-version", simulate);
}
const path = (href) => decodeURI(new URL(href, document.baseURI).pathname).replace(/^\\//, "").replace(/index\\.html$/, "");
const files = () => performance.getEntriesByType("resource").filter((e) => /\\/(search|pagefind)\\//.test(e.name));
const bytes = (since) => files().filter((e) => e.startTime >= since).reduce((s, e) => s + (e.encodedBodySize || e.transferSize || 0), 0);
let ask;
if (engine === "sheaf") {
  ask = async (text) => (await window.sheafSearch.query(text)).slice(0, 10).map((r) => path(r.url));
} else {
  const filters = version ? { version: { any: [version, "none"] } } : {};
  ask = async (text) => {
    if (!window.pf) window.pf = await import("/pagefind/pagefind.js");
    const found = await window.pf.search(text, { filters });
    const data = await Promise.all(found.results.slice(0, 10).map((r) => r.data()));
    return data.map((d) => path(d.url));
  };
}
const out = [];
for (const text of texts) {
  const start = performance.now();
  const urls = await ask(text);
  const ms = performance.now() - start;
  out.push({ urls, ms, bytes: bytes(0) });
}
return out;`;

const browser = await webdriver();
const answers = [];
try {
  for (const engine of ["sheaf", "pagefind"]) {
    const groups = new Map();
    for (const q of queries) {
      const key = `${q.from}\u0000${q.scope}\u0000${q.simulate || ""}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(q);
    }
    let first = true;
    for (const group of groups.values()) {
      const { from, scope, version, simulate } = group[0];
      if (first) await browser.cdp("Network.clearBrowserCache");
      await browser.goto(base + "/" + from);
      const filterVersion = scope === "page" ? version : "";
      const results = await browser.run(ASK, [engine, group.map((q) => q.text), filterVersion, simulate || ""]);
      group.forEach((q, i) => answers.push({ id: q.id, engine, first: first && i === 0, ...results[i] }));
      first = false;
    }
  }
} finally {
  await browser.quit();
}
writeFileSync(outFile, JSON.stringify(answers));
