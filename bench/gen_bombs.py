#!/usr/bin/env python3
"""Writes one docs root per input bomb into DIR (DIR/bomb-<case>/): pages and
files nested or sized beyond reason, each of which must end in a located
error in bounded time. tests/fixtures/bomb-* were written by this script
(`bench/gen_bombs.py tests/fixtures`); bench/bombs.sh times them.

usage: bench/gen_bombs.py DIR [DEPTH]   (DEPTH of markup nesting, default 750;
       data nesting is 40,000 deep)
"""
import json
import os
import sys


def site(base, case, files, extra=None, config="site.json"):
    root = os.path.join(base, "bomb-" + case)
    os.makedirs(root, exist_ok=True)
    cfg = {"name": "Bomb " + case, "navigation": [{"group": "G", "pages": ["index"]}]}
    cfg.update(extra or {})
    files = dict(files)
    files.setdefault(config, json.dumps(cfg) + "\n")
    files.setdefault("index.mdx", "# Bomb\n\nA page.\n")
    for name, text in files.items():
        with open(os.path.join(root, name), "w") as f:
            f.write(text)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    base = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 750
    deep = "[" * 40000 + "]" * 40000
    page = "# Bomb\n\n"
    site(base, "nested-note", {"index.mdx": page + "<Note>" * n + "x" + "</Note>" * n + "\n"})
    site(base, "nested-div", {"index.mdx": page + "<div>" * n + "x" + "</div>" * n + "\n"})
    site(base, "nested-quote", {"index.mdx": page + ">" * n + " x\n"})
    site(base, "nested-list", {"index.mdx": page + "- " * n + "x\n"})
    site(base, "deep-spec-json", {
        "api.json": '{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},\n'
                    '"x-deep": ' + deep + "}\n"}, {"openapi": ["api.json"]})
    site(base, "deep-spec-yaml", {
        "api.yaml": 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\nx-deep: ' + deep + "\n"},
        {"openapi": ["api.yaml"]})
    site(base, "deep-frontmatter", {"index.mdx": "---\ntitle: Bomb\nx: " + deep + "\n---\n# Bomb\n"})
    site(base, "deep-config", {"site.json": '{"name": "Bomb", "navigation": [{"group": "G", "pages": ["index"]}],\n'
                                            '"x": ' + deep + "}\n"})


if __name__ == "__main__":
    main()
