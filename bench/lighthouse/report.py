"""Prints bench/lighthouse.sh's table from Lighthouse's JSON reports: per
page the four category scores, bytes transferred, LCP, CLS and TBT, then
every scored audit below 1 (the reason a category is under 100).

    python3 report.py NAME=REPORT.json...
"""
import json
import sys

CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]

rows, misses = [], []
for arg in sys.argv[1:]:
    name, path = arg.split("=", 1)
    report = json.load(open(path))
    cats = report["categories"]
    audits = report["audits"]
    scores = [round((cats[c]["score"] or 0) * 100) for c in CATEGORIES]
    kb = audits["total-byte-weight"]["numericValue"] / 1000
    lcp = audits["largest-contentful-paint"]["numericValue"] / 1000
    cls = audits["cumulative-layout-shift"]["numericValue"]
    tbt = audits["total-blocking-time"]["numericValue"]
    rows.append((name, *scores, f"{kb:.1f}", f"{lcp:.2f}", f"{cls:.3f}", f"{tbt:.0f}"))
    for cat in CATEGORIES:
        for ref in cats[cat]["auditRefs"]:
            audit = audits[ref["id"]]
            if ref["weight"] > 0 and audit["score"] is not None and audit["score"] < 1:
                items = audit.get("details", {}).get("items", [])
                what = "; ".join(
                    str((i.get("node") or {}).get("snippet") or i.get("url") or i.get("source") or "")[:100]
                    for i in items[:3])
                misses.append(f"{name}: {cat} {ref['id']} ({audit['score']}): {audit['title']} {what}")

head = ("page", "perf", "a11y", "best", "seo", "KB", "LCP s", "CLS", "TBT ms")
print("| " + " | ".join(head) + " |")
print("|" + "---|" * len(head))
for row in rows:
    print("| " + " | ".join(map(str, row)) + " |")
for miss in misses:
    print(miss)
