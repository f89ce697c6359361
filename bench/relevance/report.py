"""Relevance, speed and size of sheaf's search and Pagefind, one site a call.

usage: report.py SITE_NAME SITE_DIR PAGES.json QUERIES.json ANSWERS.json

Prints one row per engine and scope (`page`: asked on a page of the answer's
version; `unversioned`: on a page outside every version): hit@1, hit@5,
MRR@10 over all queries and per kind, the share of the top five results of
the CJK queries whose text holds the query word, the median and 95th
percentile query time (first query left out), the first query's time and
index bytes on a fresh page, and the size of each engine's index.
"""
import json
import os
import statistics
import sys


def folder_bytes(path):
    total = 0
    for root, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return total


def rank_of(urls, relevant):
    for position, url in enumerate(urls[:10]):
        if url in relevant:
            return position + 1
    return None


def main():
    name, site, pages_file, queries_file, answers_file = sys.argv[1:6]
    pages = {p["url"]: p for p in json.load(open(pages_file))}
    queries = {q["id"]: q for q in json.load(open(queries_file))}
    answers = json.load(open(answers_file))
    sizes = {"sheaf": folder_bytes(os.path.join(site, "search")),
             "pagefind": folder_bytes(os.path.join(site, "pagefind"))}
    rows = []
    for engine in ("sheaf", "pagefind"):
        for scope in ("page", "unversioned"):
            mine = [(queries[a["id"]], a) for a in answers
                    if a["engine"] == engine and queries[a["id"]]["scope"] == scope]
            if not mine:
                continue
            ranks = [rank_of(a["urls"], set(q["relevant"])) for q, a in mine]
            per_kind = {}
            for (q, _), r in zip(mine, ranks):
                per_kind.setdefault(q["kind"], []).append(1 / r if r else 0)
            held, shown = 0, 0
            for q, a in mine:
                if q["kind"] == "cjk":
                    for url in a["urls"][:5]:
                        shown += 1
                        held += q["word"] in pages.get(url, {}).get("text", "")
            times = sorted(a["ms"] for q, a in mine if not a["first"])
            first = [a for _, a in mine if a["first"]]
            rows.append({
                "site": name, "pages": len(pages), "engine": engine, "scope": scope,
                "queries": len(mine),
                "hit1": sum(r == 1 for r in ranks if r) / len(ranks),
                "hit5": sum(1 for r in ranks if r and r <= 5) / len(ranks),
                "mrr10": sum(1 / r for r in ranks if r) / len(ranks),
                "mrr_by_kind": {k: round(sum(v) / len(v), 3) for k, v in sorted(per_kind.items())},
                "cjk_top5_hold": (held / shown) if shown else None,
                "cjk_top5_shown": shown,
                "median_ms": statistics.median(times) if times else None,
                "p95_ms": times[int(0.95 * (len(times) - 1))] if times else None,
                "first_ms": first[0]["ms"] if first else None,
                "first_kb": first[0]["bytes"] / 1024 if first else None,
                "index_kb": sizes[engine] / 1024,
            })
    for row in rows:
        cjk = "" if row["cjk_top5_hold"] is None else f" cjk-top5-holding {row['cjk_top5_hold']:.0%} of {row['cjk_top5_shown']}"
        first = "" if row["first_ms"] is None else f" | first {row['first_ms']:.0f} ms {row['first_kb']:.0f} KB"
        print(f"{row['site']:<24} {row['pages']:>5}p {row['engine']:<8} {row['scope']:<11} n={row['queries']:<4}"
              f" hit@1 {row['hit1']:.2f} hit@5 {row['hit5']:.2f} MRR@10 {row['mrr10']:.3f} {row['mrr_by_kind']}{cjk}"
              f" | median {row['median_ms']:.1f} ms p95 {row['p95_ms']:.1f} ms{first} | index {row['index_kb'] / 1024:.2f} MB")
    with open(answers_file.replace("answers", "report"), "w") as out:
        json.dump(rows, out, indent=1)


main()
