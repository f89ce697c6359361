#!/usr/bin/env python3
"""What React components cost a page: builds a one-page site whose page
holds N instances of live components (a counter with useState, a list with
.map over objects, a component calling Mintlify's <Card>) and, for the same
binary, the same page with the instances written as plain Markdown, and
prints the wall time of each build (best of RUNS), the difference per page,
and the bytes of script the component page ships (its own inline script
plus sheaf's runtime file).

usage: bench/components.py BIN     (N=20 RUNS=7)
"""
import os
import re
import subprocess
import sys
import tempfile
import time

COMPONENTS = """export const Counter = ({ start = 0 }) => {
  const [n, setN] = useState(start);
  return <button type="button" onClick={() => setN(n + 1)}>Rotated {n} times</button>;
};

export const Methods = ({ items }) => (
  <ul>{items.map((m) => <li key={m.verb} className={`m ${m.verb === "POST" ? "on" : ""}`}>{m.verb}: {m.what}</li>)}</ul>
);

export const Summary = ({ title, children }) => <Card title={title}>{children}</Card>;

"""

INSTANCE = """<Counter start={{{i}}} />

<Methods items={{[{{ verb: "GET", what: "get or create" }}, {{ verb: "POST", what: "rotate token {i}" }}]}} />

<Summary title="Token {i}">Send `Authorization: Token <API_KEY>`.</Summary>

"""

PLAIN = """Rotated {i} times

- GET: get or create
- POST: rotate token {i}

**Token {i}**: send `Authorization: Token <API_KEY>`.

"""


def site(root, body):
    os.makedirs(root)
    with open(os.path.join(root, "docs.json"), "w") as f:
        f.write('{"name": "User Group Service", "theme": "mint", "colors": {"primary": "#0D9373"},'
                ' "navigation": {"groups": [{"group": "G", "pages": ["index"]}]}}')
    with open(os.path.join(root, "index.mdx"), "w") as f:
        f.write("---\ntitle: Components\n---\n\n" + body)


def best_build(binary, root, out, runs):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary, "build", root, "--out", out], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def main():
    binary = sys.argv[1]
    n = int(os.environ.get("N", 20))
    runs = int(os.environ.get("RUNS", 7))
    with tempfile.TemporaryDirectory() as tmp:
        with_components = os.path.join(tmp, "components")
        plain = os.path.join(tmp, "plain")
        site(with_components, COMPONENTS + "".join(INSTANCE.format(i=i) for i in range(n // 3 + 1)))
        site(plain, "".join(PLAIN.format(i=i) for i in range(n // 3 + 1)))
        instances = 3 * (n // 3 + 1)
        t_components = best_build(binary, with_components, os.path.join(tmp, "out-c"), runs)
        t_plain = best_build(binary, plain, os.path.join(tmp, "out-p"), runs)
        html = open(os.path.join(tmp, "out-c", "index.html")).read()
        inline = sum(len(s.encode()) for s in re.findall(r"<script>(.*?)</script>", html, re.S)
                     if "__sheafJsx.islands" in s)
        runtime = re.search(r'<script src="\./(_sheaf/jsx\.[0-9a-f]+\.js)"', html).group(1)
        runtime_bytes = os.path.getsize(os.path.join(tmp, "out-c", runtime))
        print(f"instances on the page:        {instances}")
        print(f"build with components (best): {t_components * 1000:.1f} ms")
        print(f"build, same text plain (best): {t_plain * 1000:.1f} ms")
        print(f"components' cost on the page: {(t_components - t_plain) * 1000:.1f} ms")
        print(f"page script (inline):         {inline} bytes")
        print(f"runtime file (cached):        {runtime_bytes} bytes")


main()
