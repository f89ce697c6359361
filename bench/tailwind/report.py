#!/usr/bin/env python3
"""The oracle's table (Markdown) from compare.py's JSON lines, then every miss
with its reason, then the CSS bytes of the built pages that have a <style>.

usage: report.py RESULTS.jsonl SITES_DIR
"""
import json
import pathlib
import re
import statistics
import sys


def style_bytes(site_dir):
    sizes = []
    for page in pathlib.Path(site_dir).rglob("*.html"):
        if page.name == "404.html":  # the theme's whole CSS, inline
            continue
        m = re.search(r"<style>(\*,::before,::after\{--en-.*?)</style>", page.read_text(errors="replace").split("</head>")[0], re.S)
        if m:
            sizes.append(len(m.group(1).encode()))
    return sizes


def main(results, sites):
    rows = [json.loads(line) for line in open(results)]
    print("| site | classes collected | Tailwind v3 styles | sheaf styles too | share | pages with utilities | CSS per such page (median / max bytes) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    misses = []
    for r in rows:
        sizes = style_bytes(pathlib.Path(sites) / r["site"] / "site")
        css = f"{int(statistics.median(sizes)):,} / {max(sizes):,}" if sizes else "–"
        if not r.get("tailwind"):
            print(f"| {r['site']} | {r.get('collected', 0)} | 0 | 0 | – | {len(sizes)} | {css} |")
            continue
        share = 100 * r["both"] / r["tailwind"]
        print(f"| {r['site']} | {r['collected']} | {r['tailwind']} | {r['both']} | {share:.1f}% | {len(sizes)} | {css} |")
        misses += [(r["site"], m["class"], m["reason"]) for m in r["misses"]]
    print()
    for site, cls, why in misses:
        print(f"- {site}: `{cls}`: {why}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
