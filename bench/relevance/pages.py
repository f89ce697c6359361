"""The pages sheaf's search indexes, read back from a built site.

usage: pages.py SITE_DIR OUT.json

sheaf's page set is the docs of its index (`search/c/*.js`, the cards: url and
title of every doc, in doc order). For each, the built HTML gives what the
queries are made of and what a result is judged by: the title (`<h1>`),
headings (h2, h3), the text of `<article>`, `<html lang>` and the page's own
version (`data-page-version`; none: the page is outside every version).
"""
import html.parser
import json
import os
import re
import sys
import unicodedata


class Page(html.parser.HTMLParser):
    """Title, headings and article text of one built page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.version = ""
        self.title = ""
        self.headings = []
        self.text = []
        self.depth = 0  # inside <article> when > 0
        self.skip = 0  # inside <script>, <style>, <nav>, <button>, <svg>
        self.heading = None
        self.in_h1 = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang") or ""
            self.version = attrs.get("data-page-version") or ""
        if tag in ("script", "style", "nav", "button", "svg", "template"):
            self.skip += 1
        if tag == "article":
            self.depth += 1
        if tag == "h1" and "page-title" in (attrs.get("class") or ""):
            self.in_h1 = True
        if self.depth and tag in ("h2", "h3"):
            self.heading = []
        if self.depth and tag in ("p", "li", "div", "td", "th", "br", "h2", "h3", "h4", "pre", "tr"):
            self.text.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "nav", "button", "svg", "template") and self.skip:
            self.skip -= 1
        if tag == "article" and self.depth:
            self.depth -= 1
        if tag == "h1":
            self.in_h1 = False
        if tag in ("h2", "h3") and self.heading is not None:
            self.headings.append(" ".join("".join(self.heading).split()))
            self.heading = None

    def handle_data(self, data):
        if self.skip:
            return
        if self.in_h1:
            self.title += data
        if self.heading is not None:
            self.heading.append(data)
        if self.depth:
            self.text.append(data)


def cards(site):
    """The (url, title) of every doc sheaf indexed, in doc order."""
    folder = os.path.join(site, "search", "c")
    files = sorted(os.listdir(folder), key=lambda n: int(n.split(".")[0]))
    out = []
    for name in files:
        raw = open(os.path.join(folder, name), encoding="utf-8").read()
        data = json.loads(raw[raw.index(",") + 1 : raw.rindex(")")])
        out.extend((card[0], card[1]) for card in data)
    return out


def html_file(site, url):
    path = os.path.join(site, url)
    if url == "" or url.endswith("/"):
        path = os.path.join(path, "index.html")
    return path


def main():
    site, out = sys.argv[1], sys.argv[2]
    pages = []
    for doc, (url, title) in enumerate(cards(site)):
        try:
            source = open(html_file(site, url), encoding="utf-8").read()
        except OSError:
            continue
        page = Page()
        page.feed(source)
        text = unicodedata.normalize("NFC", re.sub(r"[ \t]+", " ", "".join(page.text)))
        pages.append({
            "doc": doc,
            "url": url,
            "title": title,
            "lang": page.lang,
            "version": page.version,
            "headings": [h for h in page.headings if h],
            "text": text,
            "bytes": len(source.encode()),
        })
    json.dump(pages, open(out, "w"), ensure_ascii=False)
    print(f"{len(pages)} pages", file=sys.stderr)


main()
