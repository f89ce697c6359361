"""The copy of a real site that bench/lighthouse.sh builds, so Lighthouse
scores what sheaf writes rather than what the sandbox lacks:

    python3 prepare.py copy SRC DST   the docs root copied; in its docs.json,
        `integrations` removed (their third-party scripts cannot load
        offline, and a failed load is a console error), a GitHub button
        made a plain one (its star count is fetched from api.github.com,
        which the sandbox cannot reach either) and `seo.indexing`
        set to "all" (a home page outside the navigation is hidden from
        search engines by Mintlify's rule, which Lighthouse's SEO counts)
    python3 prepare.py stand-ins DST BUILD-LOG   for each image the build
        said does not exist (the shared copies of real sites leave out most
        of their images), a small stand-in of its type; prints how many

Both are printed by the script as it runs, so the figures say what was
measured.
"""
import base64
import json
import os
import re
import shutil
import sys

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")
GIF = base64.b64decode("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==")
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>'


def copy(src, dst):
    shutil.copytree(src, dst, symlinks=True)
    path = os.path.join(dst, "docs.json")
    config = json.load(open(path, encoding="utf-8"))
    config.pop("integrations", None)
    buttons = [(config.get("navbar", {}).get("primary"), "label"), (config.get("topbarCtaButton"), "name")]
    for button, text in buttons:
        if isinstance(button, dict) and button.get("type") == "github":
            button["type"] = "button" if text == "label" else "link"
            button.setdefault(text, "GitHub")
    config.setdefault("seo", {})["indexing"] = "all"
    json.dump(config, open(path, "w", encoding="utf-8"), indent=2)


def stand_ins(root, log):
    text = open(log, encoding="utf-8", errors="replace").read()
    made = 0
    for url, page in re.findall(r"image or file `([^`]+)` does not exist\n\s*--> ([^:\n]+)", text):
        url = url.split("?")[0].split("#")[0]
        base = root if url.startswith("/") else os.path.join(root, os.path.dirname(page))
        path = os.path.normpath(os.path.join(base, url.lstrip("/")))
        ext = os.path.splitext(path)[1].lower()
        data = {".svg": SVG, ".gif": GIF}.get(ext, PNG if ext in (".png", ".jpg", ".jpeg", ".webp") else None)
        if data is None or not path.startswith(root) or os.path.exists(path):
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "wb").write(data)
        made += 1
    print(made)


if sys.argv[1] == "copy":
    copy(sys.argv[2], sys.argv[3])
else:
    stand_ins(os.path.abspath(sys.argv[2]), sys.argv[3])
