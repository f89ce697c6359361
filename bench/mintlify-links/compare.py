"""One site's comparison for bench/mintlify-links.sh: Mintlify's answers
(oracle.mjs's JSON) against sheaf's output folder and `sheaf check` JSON.

    python3 compare.py NAME ROOT ORACLE.json CHECK.jsonl OUT REPORT

ROOT is the docs root (to find a page's source file), OUT sheaf's output
folder, REPORT a folder that gets url-diff.txt, link-diff.txt and 404.txt.
Prints one tab-separated row: name, sheaf pages, Mintlify URLs, missing,
covered by redirect, extra, hidden pages missing, redirect pages, sheaf
page-link warnings, of which Mintlify accepts, 404 links, of which Mintlify
accepts, notes.

Rules (see the script's header for why):
- a sheaf page is an HTML file of OUT outside `_sheaf/` (`x/index.html` and
  `x.html` are `/x`); one holding `http-equiv="refresh"` is a redirect, one
  whose `<link rel=canonical>` names another URL an alias (a copy served at a
  second URL: counted as a page that serves, never as an extra).
- Mintlify's URLs: navigation pages + generated pages (must exist); its
  other page files are "hidden pages" it serves too (own column).
- a page-link warning is a `broken-link` diagnostic saying "points to a page
  that does not exist" or "no heading"; Mintlify accepts it unless link-rot
  reports a broken link from the same file with the same link text, or the
  same target (resolved from the page's folder or from the root: link-rot
  reads `a/b` as `/a/b`) and anchor.
- a 404 is an internal `<a href>` of a page's `<article>` (else `<main>`)
  that OUT cannot serve as a static server would (the file, or the folder's
  index.html; a redirect page serves, its target is then checked once).
"""

import html
import json
import os
import posixpath
import re
import sys
from html.parser import HTMLParser
from urllib.parse import unquote, urljoin, urlsplit

PAGE_LINK = re.compile(r"^link `(.*)` points to a page that does not exist$", re.S)
HEADING_ON = re.compile(r"^no heading `(#.*)` on page `(.*)`$", re.S)
HEADING_HERE = re.compile(r"^no heading `(#.*)` on this page$", re.S)
REFRESH = re.compile(r"""<meta[^>]*http-equiv=["']?refresh["']?[^>]*>""", re.I)
REFRESH_URL = re.compile(r"""content=["']?\s*\d+\s*;\s*url=([^"'>]+)""", re.I)
CANONICAL = re.compile(r"""<link rel=["']?canonical["']? href=["']?([^"' >]+)""", re.I)


def norm(target):
    """A link target as a page slug: no leading/trailing slash, query,
    fragment, .md/.mdx, nor trailing `index`."""
    t = unquote(target.split("#", 1)[0].split("?", 1)[0]).strip("/")
    t = re.sub(r"\.mdx?$", "", t)
    if t == "index":
        return ""
    if t.endswith("/index"):
        return t[: -len("/index")]
    return t


def targets(file, link):
    """The slugs a link of FILE may mean: from the page's folder (a
    browser, sheaf) and from the root (link-rot for `a/b`)."""
    path = link.split("#", 1)[0].split("?", 1)[0]
    if path == "":
        return {norm(file)}
    if path.startswith("/"):
        return {norm(path)}
    here = posixpath.normpath(posixpath.join(posixpath.dirname(file), path))
    return {norm(here), norm(posixpath.normpath(path))}


def anchor_of(link):
    return unquote("#" + link.split("#", 1)[1]) if "#" in link else None


def page_url(rel):
    """`x/index.html` → `/x`, `x.html` → `/x`, `index.html` → `/`."""
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[: -len("/index.html")]
    return "/" + rel[: -len(".html")]


def base_url(rel):
    """The URL a static server shows the page at (links resolve from it)."""
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + rel


class Links(HTMLParser):
    """`<a href>` inside the first `<article>` (else `<main>`)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = {"article": 0, "main": 0}
        self.article, self.main = [], []

    def handle_starttag(self, tag, attrs):
        if tag in self.depth:
            self.depth[tag] += 1
        elif tag == "a":
            href = dict(attrs).get("href")
            if href is None:
                return
            if self.depth["article"]:
                self.article.append(href)
            if self.depth["main"]:
                self.main.append(href)

    def handle_endtag(self, tag):
        if tag in self.depth and self.depth[tag]:
            self.depth[tag] -= 1


def sheaf_pages(out):
    pages, redirects, aliases = {}, {}, {}
    for dirpath, dirnames, filenames in os.walk(out):
        rel_dir = os.path.relpath(dirpath, out)
        if rel_dir == "_sheaf" or rel_dir.startswith("_sheaf/"):
            dirnames[:] = []
            continue
        for f in filenames:
            if not f.endswith(".html"):
                continue
            rel = posixpath.normpath(posixpath.join(rel_dir.replace(os.sep, "/"), f))
            if rel == "404.html":
                continue
            url = page_url(rel)
            with open(os.path.join(dirpath, f), encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            if REFRESH.search(text[:4000]) and len(text) < 4000:
                m = REFRESH_URL.search(REFRESH.search(text).group(0))
                redirects[url] = (rel, html.unescape(m.group(1)) if m else "")
                continue
            m = CANONICAL.search(text[:6000])
            if m:
                canon = urlsplit(urljoin(base_url(rel), html.unescape(m.group(1)))).path
                if canon.rstrip("/") != url.rstrip("/") and (canon.rstrip("/") or "/") != url:
                    aliases[url] = (rel, canon)
            pages[url] = (rel, text)
    return pages, redirects, aliases


def served(out, path):
    """What a static server finds at PATH: ("file"|"index", fs path) or None."""
    p = unquote(path)
    full = os.path.normpath(os.path.join(out, p.lstrip("/")))
    if not full.startswith(os.path.normpath(out)):
        return None
    if os.path.isfile(full):
        return full
    if os.path.isdir(full) and os.path.isfile(os.path.join(full, "index.html")):
        return os.path.join(full, "index.html")
    return None


def source_file(root, slug):
    for cand in (slug + ".mdx", slug + ".md", posixpath.join(slug, "index.mdx"), posixpath.join(slug, "index.md")):
        cand = cand.lstrip("/")
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def main():
    name, root, oracle_path, check_path, out, report = sys.argv[1:7]
    os.makedirs(report, exist_ok=True)
    notes = []
    try:
        oracle = json.load(open(oracle_path))
    except Exception as e:  # noqa: BLE001 - a row, not a crash
        oracle = {"urls": None, "broken": None, "errors": [f"oracle: {e}"]}
    for e in oracle.get("errors", []):
        notes.append(e.splitlines()[0][:120])
    if oracle.get("unparsable"):
        notes.append(f"{len(oracle['unparsable'])} pages MDX rejects")
    if oracle.get("skippedUrlSpecs"):
        notes.append("URL specs skipped: " + ",".join(oracle["skippedUrlSpecs"]))

    pages, redirects, aliases = sheaf_pages(out) if os.path.isdir(out) else ({}, {}, {})
    if not os.path.isdir(out):
        notes.append("sheaf build failed")

    # URL sets.
    urls = oracle.get("urls")
    row_urls = ["-"] * 6
    with open(os.path.join(report, "url-diff.txt"), "w") as fh:
        if urls is None:
            fh.write("Mintlify's URL set: not computed\n")
        else:
            mint = {"/" + s if s else "/" for s in map(norm, urls["navigation"] + urls["generated"])}
            hidden = {"/" + s if s else "/" for s in map(norm, urls["files"])} - mint
            have = set(pages)
            missing = sorted(u for u in mint if u not in have and u not in redirects)
            by_redirect = sorted(u for u in mint if u not in have and u in redirects)
            extra_all = sorted(u for u in have if u not in mint and u not in hidden and u not in aliases)
            # sheaf's own schema pages (issue 32: `schema-NAME`, linked from
            # deep fields) are pages Mintlify has no counterpart for: apart.
            schema = [u for u in extra_all if u.rsplit("/", 1)[-1].startswith("schema-")]
            extra = [u for u in extra_all if u not in set(schema)]
            extra_alias = sorted(u for u in aliases if u not in mint and u not in hidden)
            hidden_missing = sorted(u for u in hidden if u not in have and u not in redirects)
            row_urls = [len(mint), len(missing), len(by_redirect), len(extra), len(schema), len(hidden_missing)]
            generated = {"/" + norm(s) for s in urls["generated"]}
            for title, items in (
                ("missing: Mintlify publishes, sheaf has no page", missing),
                ("covered by redirect: Mintlify publishes, sheaf has a redirect page", by_redirect),
                ("extra: sheaf page Mintlify does not publish", extra),
                ("schema: sheaf's own schema page (no Mintlify counterpart)", schema),
                ("alias: sheaf copy of another page at a URL Mintlify does not publish", extra_alias),
                ("hidden missing: page file Mintlify serves outside navigation, sheaf has no page", hidden_missing),
                ("unresolved navigation entries (Mintlify publishes nothing)", urls["unresolved"]),
            ):
                fh.write(f"## {title} ({len(items)})\n")
                for u in items:
                    tag = ""
                    if u in generated:
                        tag = "  [generated]"
                    elif u in redirects:
                        tag = f"  [redirect -> {redirects[u][1]}]"
                    elif u in aliases:
                        tag = f"  [alias of {aliases[u][1]}]"
                    fh.write(f"{u}{tag}\n")
                fh.write("\n")

    broken = oracle.get("broken")
    unparsable = {u["file"] for u in oracle.get("unparsable", [])}
    by_text, by_target = set(), set()
    if broken is not None:
        for b in broken:
            by_text.add((b["file"], b["link"]))
            anchor = b["anchor"]
            by_target.add((b["file"], norm(b["target"]), unquote(anchor) if anchor else None))

    mint_all = set()
    if urls is not None:
        mint_all = {norm(x) for x in urls["navigation"] + urls["generated"] + urls["files"]}
    redirect_sources = set()
    for cfg in ("docs.json", "mint.json"):
        try:
            for r in json.load(open(os.path.join(root, cfg))).get("redirects", []) or []:
                redirect_sources.add(norm(r.get("source", "")))
        except (OSError, ValueError, AttributeError):
            pass

    def why(slugs):
        """Why link-rot lets a target pass (a hint for the lists)."""
        for s in slugs:
            if s in mint_all:
                return "Mintlify serves the page"
            if any(ch in r for r in redirect_sources for ch in "*:") or s in redirect_sources:
                if s in redirect_sources:
                    return "a redirect's source"
            if os.path.isdir(os.path.join(root, s)):
                return "a folder without page (link-rot accepts any folder)"
            if os.path.isfile(os.path.join(root, s)):
                return "a file of the root"
        if any("*" in r or ":" in r for r in redirect_sources):
            return "? (wildcard redirects in config)"
        return "?"

    def mint_rejects(file, link=None, slugs=(), anchor=None):
        if link is not None and (file, link) in by_text:
            return True
        return any((file, s, anchor) in by_target for s in slugs)

    # sheaf's page-link warnings.
    warnings, accepted = 0, []
    try:
        lines = open(check_path, encoding="utf-8").read().splitlines()
    except OSError:
        lines = []
        notes.append("sheaf check failed")
    for line in lines:
        try:
            d = json.loads(line)
        except ValueError:
            continue
        if d.get("rule") != "broken-link" or not d.get("file"):
            continue
        msg, file = d["message"], d["file"]
        if m := PAGE_LINK.match(msg):
            link = m.group(1)
            key = dict(link=link, slugs=targets(file, link), anchor=anchor_of(link))
            shown = link
        elif m := HEADING_ON.match(msg):
            key = dict(slugs={norm(m.group(2))}, anchor=unquote(m.group(1)))
            shown = f"{m.group(2)}{m.group(1)}"
        elif m := HEADING_HERE.match(msg):
            key = dict(slugs={norm(file)}, anchor=unquote(m.group(1)))
            shown = m.group(1)
        else:
            continue
        warnings += 1
        if broken is None:
            continue
        if file in unparsable:
            accepted.append((file, d.get("line"), shown, "page MDX rejects (not compared by link-rot)"))
        elif not mint_rejects(file, **key):
            reason = why(key["slugs"])
            if key.get("anchor") and reason == "Mintlify serves the page":
                reason = "anchor: link-rot finds the heading (or reads no headings there)"
            accepted.append((file, d.get("line"), shown, f"{msg} [{reason}]"))
    with open(os.path.join(report, "link-diff.txt"), "w") as fh:
        fh.write(f"# sheaf page-link warnings Mintlify's link-rot accepts ({len(accepted)} of {warnings})\n")
        for file, line, shown, msg in accepted:
            fh.write(f"{file}:{line}\t{shown}\t{msg}\n")
        if broken is not None:
            fh.write(f"\n# link-rot's broken links ({len(broken)})\n")
            for b in broken:
                fh.write(f"{b['file']}\t{b['link']}\n")

    # Static server over sheaf's output.
    n404, n404_accepted, n404_unknown, rows = 0, 0, 0, []
    for url, (rel, text) in sorted(pages.items()):
        if url in aliases:
            continue
        parser = Links()
        try:
            parser.feed(text)
        except Exception:  # noqa: BLE001
            continue
        hrefs = parser.article or parser.main
        base = base_url(rel)
        src = source_file(root, url.strip("/") or "index")
        for href in hrefs:
            h = href.strip()
            if not h or h.startswith("#") or urlsplit(h).scheme or h.startswith("//"):
                continue
            path = urlsplit(urljoin(base, h)).path
            hit = served(out, path)
            problem = None
            if hit is None:
                problem = "404"
            elif hit.endswith(".html"):
                rurl = page_url(os.path.relpath(hit, out).replace(os.sep, "/"))
                if rurl in redirects and redirects[rurl][1]:
                    dest = redirects[rurl][1]
                    if not urlsplit(dest).scheme:
                        dpath = urlsplit(urljoin(base_url(redirects[rurl][0]), dest)).path
                        if served(out, dpath) is None:
                            problem = f"redirect to missing {dpath}"
            if problem is None:
                continue
            n404 += 1
            verdict = "?"
            if src is None or broken is None:
                n404_unknown += 1
                verdict = "no source file" if src is None else "no link-rot answer"
            elif src in unparsable:
                n404_unknown += 1
                verdict = "page MDX rejects"
            else:
                slug_target = norm(path)
                if any(s == slug_target for (f, s, _a) in by_target if f == src):
                    verdict = "Mintlify rejects too"
                else:
                    n404_accepted += 1
                    verdict = f"Mintlify accepts [{why({slug_target})}]"
            rows.append(f"{url}\t{h}\t{path}\t{problem}\t{src or '-'}\t{verdict}")
    with open(os.path.join(report, "404.txt"), "w") as fh:
        fh.write(f"# links in page content a static server cannot serve ({n404}; Mintlify accepts {n404_accepted}, not compared {n404_unknown})\n")
        fh.write("# page\thref\tresolved\tproblem\tsource\tverdict\n")
        fh.write("\n".join(rows) + ("\n" if rows else ""))
    if n404_unknown:
        notes.append(f"{n404_unknown} 404s not compared")

    w_acc = len(accepted) if broken is not None else "-"
    n_acc = n404_accepted if broken is not None else "-"
    print("\t".join(map(str, [name, len(pages), *row_urls, len(redirects), warnings, w_acc, n404, n_acc, "; ".join(notes)])))


if __name__ == "__main__":
    main()
