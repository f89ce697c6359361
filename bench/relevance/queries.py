"""Queries made from the built pages, with a fixed seed.

usage: queries.py PAGES.json OUT.json [SEED]

Three kinds, each judged against the pages that answer it:
- `title`: a page's title as typed; answered by that page (or one of the
  same title in the same scope: the same language, its version or none).
- `heading`: a rare heading phrase (2 to 6 words, h2/h3, on no other page
  of the site); answered by its page.
- `cjk`: a word from the middle of a sentence of a Chinese, Japanese or
  Korean page (a katakana run, 2 to 4 Han characters, a Hangul word);
  answered by every page of the language whose text holds it.

Each query is asked on a page of the answer's language and version (the
reader is there); on a site with versions it is asked again on a page
outside every version (`scope: "unversioned"`), where a page of the same
title in any version answers a title query. The shared sites have no such
page in their search set, so when there is none, the query is asked on the
first page with its own version taken off `<html>` as the renderer writes
a page outside every version (`data-page-version` removed, `data-version`
the default version: `simulate`).
"""
import json
import random
import re
import sys
import unicodedata

MAX_PER_KIND = 60
MAX_CJK_PER_LANGUAGE = 40
HAN = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
KATAKANA = r"\u30a0-\u30ff\u31f0-\u31ff"
HANGUL = r"\uac00-\ud7a3"


def norm(text):
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFKC", text).lower()))


def in_scope(page, lang, version):
    return page["lang"] == lang and page["version"] in (version, "")


def cjk_words(page, rng):
    """Candidate words from the middle of the page's sentences."""
    lang = page["lang"].split("-")[0]
    words = []
    for line in page["text"].split("\n"):
        line = line.strip()
        if len(line) < 12:
            continue
        if lang == "ja":
            for m in re.finditer(f"[{KATAKANA}]{{3,}}|[{HAN}]{{2,4}}", line):
                if m.start() > 0 and m.end() < len(line):
                    words.append(m.group())
        elif lang == "zh":
            for m in re.finditer(f"[{HAN}]{{4,}}", line):
                if m.start() > 0:
                    length = rng.choice((2, 3, 4))
                    start = m.start() + rng.randrange(0, len(m.group()) - length + 1)
                    words.append(line[start:start + length])
        elif lang == "ko":
            for m in re.finditer(f"(?<= )[{HANGUL}]{{2,}}(?= )", line):
                word = m.group()
                words.append(word[:-1] if len(word) >= 3 else word)
    return words


def version_less_page(pages, lang):
    for page in pages:
        if page["version"] == "" and page["lang"] == lang:
            return page["url"]
    return None


def first_page(pages, lang, version):
    for page in pages:
        if page["lang"] == lang and page["version"] == version:
            return page["url"]
    return None


def main():
    pages = json.load(open(sys.argv[1]))
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 48)
    versioned = any(p["version"] for p in pages)
    queries = []

    default_version = pages[0]["version"] if pages else ""

    def add(kind, text, target, relevant, word=None, relevant_anywhere=None):
        base = {"kind": kind, "text": text, "lang": target["lang"], "version": target["version"],
                "relevant": sorted(relevant), "word": word}
        queries.append({**base, "from": first_page(pages, target["lang"], target["version"]), "scope": "page"})
        if not versioned:
            return
        anywhere = sorted(relevant_anywhere or relevant)
        unversioned = version_less_page(pages, target["lang"])
        if unversioned:
            queries.append({**base, "relevant": anywhere, "from": unversioned, "scope": "unversioned"})
        else:
            queries.append({**base, "relevant": anywhere, "scope": "unversioned", "simulate": default_version,
                            "from": first_page(pages, target["lang"], default_version)})

    by_title = {}
    for page in pages:
        by_title.setdefault(norm(page["title"]), []).append(page)
    titled = [p for p in pages if norm(p["title"])]
    for page in rng.sample(titled, min(MAX_PER_KIND, len(titled))):
        titled_alike = [p for p in by_title[norm(page["title"])] if p["lang"] == page["lang"]]
        same = [p["url"] for p in titled_alike if in_scope(p, page["lang"], page["version"]) or p is page]
        add("title", page["title"], page, same, relevant_anywhere=[p["url"] for p in titled_alike])

    heading_pages = {}
    for page in pages:
        for heading in set(page["headings"]):
            heading_pages.setdefault(norm(heading), set()).add(page["url"])
    rare = []
    for page in pages:
        for heading in sorted(set(page["headings"])):
            words = norm(heading).split()
            if 2 <= len(words) <= 6 and len(heading_pages[norm(heading)]) == 1:
                rare.append((page, heading))
    for page, heading in rng.sample(rare, min(MAX_PER_KIND, len(rare))):
        add("heading", heading, page, [page["url"]])

    for lang in sorted({p["lang"] for p in pages if p["lang"].split("-")[0] in ("zh", "ja", "ko")}):
        own = [p for p in pages if p["lang"] == lang]
        candidates = []
        for page in own:
            words = sorted(set(cjk_words(page, rng)))
            if words:
                candidates.append((page, rng.choice(words)))
        for page, word in rng.sample(candidates, min(MAX_CJK_PER_LANGUAGE, len(candidates))):
            holding = [p["url"] for p in own if word in p["text"] and in_scope(p, lang, page["version"])]
            anywhere = [p["url"] for p in own if word in p["text"]]
            if len(holding) <= max(1, len(own) // 5):
                add("cjk", word, page, holding, word, anywhere)

    queries = [q for q in queries if q["from"]]
    for n, q in enumerate(queries):
        q["id"] = n
    json.dump(queries, open(sys.argv[2], "w"), ensure_ascii=False)
    kinds = {}
    for q in queries:
        kinds[q["kind"]] = kinds.get(q["kind"], 0) + 1
    print(f"{len(queries)} queries {kinds}", file=sys.stderr)


main()
