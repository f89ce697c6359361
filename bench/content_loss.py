#!/usr/bin/env python3
"""What an author wrote that readers do not see, counted over real sites.

Builds every site of the given folders (default: ../shared/realworld and
../shared/realworld-docsjson beside the checkout) with the sheaf binary given
by --sheaf (default target/release/sheaf) and counts, per site and in all:

- expression source leaked as text: a `{…}` MDX expression written into the
  page as its JavaScript (`{name.field}`, `=&gt;`, `.map(`, `.filter(` or
  `&amp;&amp;` in prose, outside code) — what sheaf did before it ran such
  expressions (a `{{variable}}` left as written counts too);
- warnings by rule, among them `mdx-expression` (an expression that could not
  run, shown as nothing), `component-code` and `unknown-icon`.

Run it with two binaries (an older build, then this one) to compare.
Usage: bench/content_loss.py [--sheaf BIN] [SITES_DIR …]
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

LEAKS = re.compile(r"=&gt;|\.map\(|\.filter\(|&amp;&amp;|\{[^{}<>\n]{1,200}\}")


def prose(html):
    """The content column without code blocks, inline code or scripts."""
    start = html.find("mdx-content")
    end = html.find("</article>", start)
    body = html[start:end] if start >= 0 else ""
    for tag in ("pre", "code", "script", "style"):
        body = re.sub(rf"<{tag}\b.*?</{tag}>", "", body, flags=re.S)
    return body


def sites(folders):
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            root = os.path.join(folder, name)
            configs = ("docs.json", "mint.json", "site.json")
            if os.path.isdir(root) and any(os.path.exists(os.path.join(root, c)) for c in configs):
                yield name, root


def measure(sheaf, root):
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run(
            [sheaf, "build", root, "--out", out, "--format", "json", "--no-cache"],
            capture_output=True, text=True,
        )
        rules = collections.Counter()
        for line in run.stdout.splitlines() + run.stderr.splitlines():
            try:
                finding = json.loads(line)
            except ValueError:
                continue
            if finding.get("type") == "diagnostic" and finding.get("severity") == "warning":
                rules[finding.get("rule")] += 1
        leaks = 0
        for folder, _, files in os.walk(out):
            for name in files:
                if name.endswith(".html"):
                    with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
                        leaks += len(LEAKS.findall(prose(f.read())))
        return run.returncode, leaks, rules


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    shared = os.path.join(here, "..", "..", "shared")
    parser = argparse.ArgumentParser()
    parser.add_argument("--sheaf", default=os.path.join(here, "..", "target", "release", "sheaf"))
    parser.add_argument("folders", nargs="*", default=[
        os.path.join(shared, "realworld"), os.path.join(shared, "realworld-docsjson")])
    args = parser.parse_args()
    total_leaks, total = 0, collections.Counter()
    for name, root in sites(args.folders):
        code, leaks, rules = measure(args.sheaf, root)
        total_leaks += leaks
        total.update(rules)
        shown = ", ".join(f"{r} {n}" for r, n in sorted(rules.items()))
        print(f"{name:40} exit {code}  leaked expressions {leaks:4}  {shown}")
    print(f"\nall: leaked expressions {total_leaks}; " +
          ", ".join(f"{r} {n}" for r, n in sorted(total.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
