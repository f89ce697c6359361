"""Prints the three pages bench/lighthouse.sh measures in a built site, one
URL path a line: the home page, a guide page (the first page of the
sitemap that is neither the home page, nor the page it shows, nor an
endpoint) and an API endpoint
page (the first whose article is an endpoint's), each one search engines
may index where the site has one (an author's `noindex` page scores SEO
0 for being unindexable, whatever sheaf does; it is taken, with a note,
only when every page of its kind is one), or fails naming what the site
lacks.

    python3 pages.py SITE
"""
import os
import re
import sys
from urllib.parse import urlparse


def pages(site):
    sitemap = os.path.join(site, "sitemap.xml")
    if os.path.isfile(sitemap):
        for loc in re.findall(r"<loc>([^<]+)</loc>", open(sitemap, encoding="utf-8").read()):
            yield urlparse(loc).path
    for folder, _, files in sorted(os.walk(site)):
        if "index.html" in files:
            yield "/" + os.path.relpath(folder, site).replace(os.sep, "/").removeprefix(".") + "/"


def main():
    site = sys.argv[1]
    guide = endpoint = None
    fallback = {}
    # The page the home page shows (its canonical link), which is no
    # other page type.
    home = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    shown = re.search(r"<link rel=canonical href=([^ >]+)", home)
    shown = urlparse(shown.group(1).strip('"')).path if shown else "/"
    for path in pages(site):
        file = os.path.join(site, path.strip("/"), "index.html")
        if path in ("/", "//", shown) or not os.path.isfile(file):
            continue
        html = open(file, encoding="utf-8").read()
        if "<article" not in html:
            continue
        kind = "endpoint" if " data-endpoint " in html else "guide"
        if "<meta name=robots content=noindex>" in html:
            fallback.setdefault(kind, path)
            continue
        if kind == "endpoint":
            endpoint = endpoint or path
        else:
            guide = guide or path
        if guide and endpoint:
            break
    for kind, path in fallback.items():
        if kind == "guide" and not guide or kind == "endpoint" and not endpoint:
            print(f"note: every {kind} page is noindex; measuring {path}", file=sys.stderr)
    guide = guide or fallback.get("guide")
    endpoint = endpoint or fallback.get("endpoint")
    if not (guide and endpoint):
        sys.exit(f"{site}: no {'guide' if not guide else 'API endpoint'} page")
    print("/", guide, endpoint, sep="\n")


main()
