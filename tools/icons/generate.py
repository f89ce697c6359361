#!/usr/bin/env python3
"""Regenerate sheaf's icon tables (src/icons/data/*.z) from the published npm
packages of Font Awesome Free, Lucide and Tabler.

    python3 tools/icons/generate.py            # the versions pinned below
    python3 tools/icons/generate.py --dir DIR  # packages already unpacked in DIR

Each table is zlib-compressed UTF-8 text, one line per icon, sorted by name:

    name TAB style TAB viewBox TAB inner SVG markup
    name TAB =target                (an alias: another name of `target`)

Font Awesome's styles are `solid`, `regular`, `brands`; Lucide's `outline`;
Tabler's `outline` and `filled`. Only the shapes are kept: the `<svg>`
element around them (stroke or fill, size) is written by `src/icons.rs`.
The build needs no npm: the tables are committed. Licences and attribution
are in src/icons/data/LICENSES.md.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zlib

import yaml

PACKAGES = {
    "fontawesome": ("@fortawesome/fontawesome-free", "7.3.1"),
    "lucide": ("lucide-static", "1.62.0"),
    "tabler": ("@tabler/icons", "3.52.0"),
}
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "src", "icons", "data")
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def unpack(dir_, package, version):
    """The unpacked `package/` folder of `package@version` in `dir_`."""
    key = package.replace("@", "").replace("/", "-") + "-" + version
    target = os.path.join(dir_, key)
    if not os.path.isdir(os.path.join(target, "package")):
        subprocess.run(["npm", "pack", f"{package}@{version}", "--silent"],
                       cwd=dir_, check=True, stdout=subprocess.DEVNULL)
        with tarfile.open(os.path.join(dir_, key + ".tgz")) as tar:
            tar.extractall(target, filter="data")
    return os.path.join(target, "package")


def svg_parts(text):
    """(viewBox, inner markup) of one SVG file, comments and
    `fill="currentColor"` left out."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    view_box = re.search(r'viewBox="([^"]+)"', text).group(1)
    inner = re.search(r"<svg[^>]*>(.*)</svg>", text, flags=re.S).group(1)
    inner = inner.replace(' fill="currentColor"', "")
    inner = re.sub(r"\s*\n\s*", "", inner).strip()
    return view_box, inner


def node_markup(nodes):
    """Markup of an icon-nodes list: [["path", {"d": ...}], ...]."""
    out = []
    for tag, attrs in nodes:
        attrs = "".join(f' {k}="{v}"' for k, v in attrs.items() if k != "key")
        out.append(f"<{tag}{attrs}/>")
    return "".join(out)


def font_awesome(pkg):
    rows, names = [], set()
    for style in ("solid", "regular", "brands"):
        folder = os.path.join(pkg, "svgs", style)
        for file in sorted(os.listdir(folder)):
            name = file[:-4]
            with open(os.path.join(folder, file), encoding="utf-8") as f:
                view_box, inner = svg_parts(f.read())
            rows.append((name, style, view_box, inner))
            names.add(name)
    aliases = {}
    with open(os.path.join(pkg, "metadata", "icons.yml"), encoding="utf-8") as f:
        for name, meta in yaml.safe_load(f).items():
            for alias in ((meta.get("aliases") or {}).get("names") or []):
                aliases.setdefault(str(alias), str(name))
    # The package also has a file per alias name: one row each is enough.
    rows = [r for r in rows if r[0] not in aliases]
    names = {r[0] for r in rows}
    with open(os.path.join(pkg, "metadata", "shims.yml"), encoding="utf-8") as f:
        for old, shim in (yaml.safe_load(f) or {}).items():
            if shim and shim.get("name"):
                aliases.setdefault(str(old), str(shim["name"]))
    return rows, {a: t for a, t in aliases.items() if a not in names and t in names}


def kebab(pascal):
    """`AlertTriangle` → `alert-triangle`, `Grid2x2Check` → `grid-2x2-check`."""
    words = re.findall(r"[A-Z][a-z]*|[0-9]+[a-z]*(?=[A-Z0-9]|$)|[0-9]+[a-z]*", pascal)
    return "-".join(w.lower() for w in words)


def lucide(pkg):
    with open(os.path.join(pkg, "icon-nodes.json"), encoding="utf-8") as f:
        nodes = json.load(f)
    rows = [(name, "outline", "0 0 24 24", node_markup(n)) for name, n in nodes.items()]
    aliases = {}
    exports = os.path.join(pkg, "dist", "esm", "lucide-static.mjs")
    with open(exports, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"export \{ (.*) \} from '\./icons/([a-z0-9-]+)\.mjs';", line)
            if not m or m.group(2) not in nodes:
                continue
            for export in re.findall(r"default as (\w+)", m.group(1)):
                alias = kebab(export.removesuffix("Icon"))
                if alias not in nodes and NAME.match(alias):
                    aliases.setdefault(alias, m.group(2))
    return rows, aliases


def tabler(pkg):
    rows = []
    for style in ("outline", "filled"):
        with open(os.path.join(pkg, f"tabler-nodes-{style}.json"), encoding="utf-8") as f:
            for name, nodes in json.load(f).items():
                rows.append((name, style, "0 0 24 24", node_markup(nodes)))
    return rows, {}


def write(library, rows, aliases):
    lines = [f"{n}\t{s}\t{v}\t{i}" for n, s, v, i in rows]
    lines += [f"{a}\t={t}" for a, t in aliases.items()]
    for line in lines:
        name = line.split("\t", 1)[0]
        assert NAME.match(name) and "\n" not in line, line
    text = "\n".join(sorted(lines)) + "\n"
    data = zlib.compress(text.encode("utf-8"), 9)
    with open(os.path.join(OUT, f"{library}.z"), "wb") as f:
        f.write(data)
    print(f"{library}: {len(rows)} icons, {len(aliases)} aliases, "
          f"{len(text)} bytes, {len(data)} compressed", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", help="folder for the npm packages (default: a temporary one)")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        dir_ = args.dir or tmp
        for library, read in (("fontawesome", font_awesome), ("lucide", lucide), ("tabler", tabler)):
            package, version = PACKAGES[library]
            write(library, *read(unpack(dir_, package, version)))


if __name__ == "__main__":
    main()
