#!/usr/bin/env python3
"""The 404s of `mintlify-links.sh` by kind (issue 60), from its reports.

    groups.py REPORT SITE_DIR...

For each site (its docs root SITE_DIR, its report REPORT/<name>/), each link
of 404.txt (content links of sheaf's output a plain static server cannot
serve) is put in the first group it fits:

  sub-path   resolved `/A/rest` where `A` is no file or folder of the docs
             root and `/rest` names a page, file or folder there: a link
             written with the path the site is published under (`/docs/…`);
  folder     resolved to a folder of the docs root holding pages but no
             `index` page;
  spec text  on a generated page (an operation's or channel's; no page file);
  other      the rest (links to files the root does not hold, pages that
             exist on neither side).

It also counts, from check.jsonl, the `broken-link` warnings that name the
`--base-path` flag (a `/docs/…` link whose `/…` is a page, on a site built
without a prefix) and the `base-path-link` notes (links read with a prefix).
"""

import json
import os
import sys
from urllib.parse import unquote

PAGE_EXTS = (".mdx", ".md")


def names_something(root, rest):
    path = os.path.join(root, rest)
    return (
        os.path.exists(path)
        or any(os.path.isfile(path + ext) for ext in PAGE_EXTS)
    )


def folder_without_index(root, rel):
    path = os.path.join(root, rel)
    if not rel or not os.path.isdir(path):
        return False
    if any(os.path.isfile(os.path.join(path, "index" + ext)) for ext in PAGE_EXTS):
        return False
    if any(os.path.isfile(path + ext) for ext in PAGE_EXTS):
        return False
    for _dirpath, _dirs, files in os.walk(path):
        if any(f.endswith(PAGE_EXTS) for f in files):
            return True
    return False


def group(root, resolved, source):
    rel = unquote(resolved).strip("/")
    first, _, rest = rel.partition("/")
    if first and rest and not names_something(root, first) and names_something(root, rest):
        return "sub-path"
    if folder_without_index(root, rel):
        return "folder"
    if source == "-":
        return "spec text"
    return "other"


def main():
    report, sites = sys.argv[1], sys.argv[2:]
    cols = ["site", "sub-path", "folder", "spec text", "other", "flag_hint", "read_with_prefix"]
    rows = []
    for root in sites:
        root = root.rstrip("/")
        name = os.path.basename(root)
        counts = dict.fromkeys(cols[1:], 0)
        try:
            with open(os.path.join(report, name, "404.txt")) as fh:
                for line in fh:
                    if line.startswith("#") or not line.strip():
                        continue
                    cells = line.rstrip("\n").split("\t")
                    counts[group(root, cells[2], cells[4])] += 1
        except FileNotFoundError:
            continue
        try:
            with open(os.path.join(report, name, "check.jsonl")) as fh:
                for line in fh:
                    d = json.loads(line)
                    if d.get("rule") == "broken-link" and "--base-path" in (d.get("help") or ""):
                        counts["flag_hint"] += 1
                    if d.get("rule") == "base-path-link":
                        counts["read_with_prefix"] += 1
        except (FileNotFoundError, json.JSONDecodeError):
            pass
        rows.append([name] + [str(counts[c]) for c in cols[1:]])
    totals = ["total"] + [str(sum(int(r[i]) for r in rows)) for i in range(1, len(cols))]
    widths = [max(len(c), *(len(r[i]) for r in rows + [totals])) for i, c in enumerate(cols)]
    for r in [cols] + rows + [totals]:
        print("  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)))


if __name__ == "__main__":
    main()
