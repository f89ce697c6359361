#!/usr/bin/env python3
"""A page's cost against its size, for each kind of content a page repeats:
links, headings, components (and nested lists of links, ids in tags), and
one code line N bytes long (`long-code-line`: grammars that are quadratic in
a line's length).

Builds a one-page site whose page holds N and 4N repeats of one kind, with
each binary given, and prints the wall time of each build (best of RUNS)
and the ratio. Linear cost means the ratio stays at or under 5 (4x the
input, 5x the time at most).

usage: bench/page_cost.py BIN [BIN...]     (N=12800 RUNS=3 KINDS=links,...)
"""
import json
import os
import subprocess
import sys
import tempfile
import time

KINDS = {
    "links": "Lorem [link](/index) ipsum\n",
    "headings": "## Heading {i}\n\nText.\n\n",
    "same-headings": "## Setup\n\nText.\n\n",
    "components": "<Note>Note {i}</Note>\n\n",
    "tabs": "<Tabs><Tab title=\"T{i}\">x</Tab></Tabs>\n\n",
    "anchors": "<a id=\"a{i}\" href=\"#a{i}\">x</a>\n\n",
    "fragment-links": "## H{i}\n\n[to](#h{i}) [page](/index#h{i})\n\n",
}


def page(kind, n):
    if kind == "long-code-line":
        return "# Page\n\n```java\nString s = \"" + "A" * n + "\";\n```\n"
    repeat = KINDS[kind]
    return "# Page\n\n" + "".join(repeat.format(i=i) for i in range(n))


def build_time(binary, site, runs):
    best = None
    for _ in range(runs):
        out = site + ".out"
        subprocess.run(["rm", "-rf", out], check=True)
        started = time.perf_counter()
        done = subprocess.run([binary, "build", site, "--out", out],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - started
        if done.returncode != 0:
            sys.exit(f"{binary} failed on {site}:\n{done.stderr.decode()[-2000:]}")
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    binaries = sys.argv[1:]
    if not binaries:
        sys.exit(__doc__)
    n = int(os.environ.get("N", "12800"))
    runs = int(os.environ.get("RUNS", "3"))
    kinds = os.environ.get("KINDS", ",".join([*KINDS, "long-code-line"])).split(",")
    work = os.environ.get("BENCH_DIR", "/tmp/sheaf-bench")
    os.makedirs(work, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=work) as tmp:
        site = os.path.join(tmp, "site")
        os.makedirs(site)
        with open(os.path.join(site, "site.json"), "w") as f:
            json.dump({"name": "Cost", "navigation": [{"group": "G", "pages": ["index"]}]}, f)
        for kind in kinds:
            for binary in binaries:
                times = []
                for size in (n, 4 * n):
                    with open(os.path.join(site, "index.mdx"), "w") as f:
                        f.write(page(kind, size))
                    times.append(build_time(binary, site, runs))
                ratio = times[1] / times[0]
                verdict = "linear" if ratio <= 5 else "SUPERLINEAR"
                print(f"{binary}  {kind:15} {n:>7}: {times[0]:6.2f} s  {4 * n:>7}: "
                      f"{times[1]:6.2f} s  ratio {ratio:4.1f}  {verdict}", flush=True)


if __name__ == "__main__":
    main()
