#!/usr/bin/env python3
"""The classes of one site that the real Tailwind v3 CLI styles, and which of
them sheaf styles too: a class counts as styled when a selector of the CSS
names it (CSS escapes undone). Prints one JSON line: site, collected,
tailwind, both, misses (each with the reason from REASONS, else the default).

usage: compare.py SITE CLASSES TAILWIND_CSS SHEAF_SITE_DIR
"""
import json
import pathlib
import re
import sys

# Why encre-css (Tailwind v4's names and defaults) has no rule for a v3 class.
REASONS = [
    (r"^(.*:)?flex-(grow|shrink)(-0)?$", "v3 alias of grow/shrink (v4 renamed it)"),
    (r"^(.*:)?overflow-ellipsis$", "v3 alias of text-ellipsis (removed in v4)"),
    (r"^(.*:)?decoration-(slice|clone)$", "v3 alias of box-decoration-* (removed in v4)"),
    (r"^(.*:)?(bg|text|border|ring|divide|placeholder)-opacity-\d+$", "v3 opacity utility (v4 uses the /NN modifier)"),
    (r"^(.*:)?container$", "container: v3 component with v3 screens"),
    (r"^(.*:)?transform(-gpu|-cpu)?$", "v3 `transform` switch (v4 applies transforms without it)"),
    (r"^(.*:)?filter$|^(.*:)?backdrop-filter$", "v3 `filter` switch (v4 has none)"),
]
DEFAULT = "encre-css has no rule for it"

ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}) ?|\\(.)")


def unescape(name):
    return ESCAPE.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) else m.group(2), name)


CLASS = re.compile(r"\.((?:[A-Za-z0-9_-]|\\[0-9a-fA-F]{1,6} ?|\\.)+)")


def styled(css):
    names = set()
    for block in re.findall(r"([^{}]*)\{", css):
        if block.strip().startswith("@"):
            continue
        names.update(unescape(m) for m in CLASS.findall(block))
    return names


def sheaf_css(site_dir):
    css = []
    for page in pathlib.Path(site_dir).rglob("*.html"):
        if page.name == "404.html":  # the theme's whole CSS, inline
            continue
        css += re.findall(r"<style>(\*,::before,::after\{--en-.*?)</style>", page.read_text(errors="replace").split("</head>")[0], re.S)
    return "\n".join(css)


def reason(cls):
    for pattern, why in REASONS:
        if re.search(pattern, cls):
            return why
    return DEFAULT


def main(site, classes_file, tailwind_css, sheaf_dir):
    classes = [c for c in pathlib.Path(classes_file).read_text().split("\n") if c]
    tailwind = styled(pathlib.Path(tailwind_css).read_text())
    sheaf = styled(sheaf_css(sheaf_dir))
    by_tailwind = [c for c in classes if c in tailwind]
    both = [c for c in by_tailwind if c in sheaf]
    misses = [{"class": c, "reason": reason(c)} for c in by_tailwind if c not in sheaf]
    print(json.dumps({"site": site, "collected": len(classes), "tailwind": len(by_tailwind),
                      "both": len(both), "misses": misses,
                      "sheaf_only": [c for c in classes if c in sheaf and c not in tailwind]}))


if __name__ == "__main__":
    main(*sys.argv[1:5])
