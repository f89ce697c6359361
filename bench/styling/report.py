"""Names of Mintlify's styling contract a stylesheet targets, and those a
sheaf site carries (bench/styling-contract.sh runs it).

usage: report.py SELECTORS_JSON SITE_OUTPUT[,SITE_OUTPUT...] CSS...

A name is targeted when a selector of the stylesheet names it: an id
(`#navbar`), a class (`.card`), a part (`[data-component-part="card-title"]`)
or a data attribute (`[data-active]`, `html[data-current-path^=…]`,
`[data-component-name="theme-toggle"]`, `[data-badge]`). It is carried when
the built site writes it: in a page's HTML, or in the theme's or the site's
scripts that add elements once the page is ready (`On this page`, copy
buttons, the search dialog); `--html-only` leaves the scripts out.

After the stylesheets' lines, one line over every name the list documents
(ids, element and class names, data attributes, `data-component-part`
values), the names real sites' CSS reaches for: how many the sites carry,
and those they do not.
"""
import json, pathlib, re, sys

args = [a for a in sys.argv[1:] if a != "--html-only"]
html_only = len(args) < len(sys.argv) - 1
names = json.load(open(args[0]))
outs = [pathlib.Path(o) for o in args[1].split(",")]
ids, classes = set(names["ids"]), set(names["element_and_class_names"])
parts = set(names["data_component_part_values"])

QUOTE = "[\"'`]"  # a string in the minified scripts: "…", '…' or `…`
html = "\n".join(p.read_text(errors="replace") for out in outs for p in out.rglob("*.html"))
scripts = "" if html_only else "\n".join(
    p.read_text(errors="replace") for out in outs for p in (out / "_sheaf").glob("*.js"))
html_ids = set(re.findall(r'\sid="?([\w-]+)', html)) | set(re.findall(QUOTE.join((r"\.id\s*=\s*", r"([\w-]+)", "")), scripts)) \
    | set(re.findall(r'id="([\w-]+)"', scripts))
html_classes = set()
for value in re.findall(r'\sclass=(?:"([^"]*)"|([^\s>]+))', html):
    html_classes.update((value[0] or value[1]).split())
for statement in re.findall(r'(?:className\s*=|classList\.add\()([^;\n]+)', scripts):
    for value in re.findall(QUOTE.join(("", r"([^\"'`]+)", "")), statement):
        html_classes.update(value.split())
attrs = set(re.findall(r'\s(data-[\w-]+)', html)) | set(re.findall(QUOTE.join(("", r"(data-[\w-]+)", "")), scripts))
part_values = set(re.findall(r'data-component-part="?([\w-]+)', html))
component_names = set(re.findall(r'data-component-name="?([\w-]+)', html))

def targeted(css):
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = set()
    for selector in re.findall(r"([^{}]+)\{", css):
        found |= {f"#{i}" for i in re.findall(r"#([\w-]+)", selector) if i in ids}
        found |= {f".{c}" for c in re.findall(r"\.([\w-]+)", selector) if c in classes}
        found |= {f"part:{p}" for p in re.findall(r'data-component-part="([\w-]+)"', selector) if p in parts}
        found |= {f"name:{n}" for n in re.findall(r'data-component-name="([\w-]+)"', selector)}
        found |= {f"[{a}]" for a in re.findall(r"\[(data-(?:active|active-deepest|current-path|badge|color|size))\b", selector)}
    return found

def carried(name):
    kind, value = name[0], name[1:]
    if name.startswith("part:"):
        return name[5:] in part_values
    if name.startswith("name:"):
        return name[5:] in component_names
    if kind == "#":
        return value in html_ids
    if kind == ".":
        return value in html_classes
    return value.strip("[]") in attrs or name.strip("[]") in attrs

def documented():
    """Every documented name, as `targeted` reports the names of a selector
    (`toc-item[data-active]`: `.toc-item` and `[data-active]`)."""
    found = {f"#{i}" for i in ids} | {f".{c}" for c in classes} | {f"part:{p}" for p in parts}
    for selector in names["data_attribute_selectors"]:
        if not selector.startswith(("#", ".", "[", "html")):
            selector = "." + selector
        found |= targeted(selector + " {}")
    return found

total_targeted, total_carried = set(), set()
for path in args[2:]:
    names_targeted = targeted(open(path).read())
    have = {n for n in names_targeted if carried(n)}
    total_targeted |= names_targeted
    total_carried |= have
    print(json.dumps({"stylesheet": pathlib.Path(path).name, "targeted": len(names_targeted),
                      "carried": len(have), "missing": sorted(names_targeted - have)}))
print(json.dumps({"all": True, "targeted": len(total_targeted), "carried": len(total_carried),
                  "share": round(len(total_carried) / max(1, len(total_targeted)), 3),
                  "missing": sorted(total_targeted - total_carried)}))
every = documented()
have = {n for n in every if carried(n)}
print(json.dumps({"documented": True, "names": len(every), "carried": len(have),
                  "share": round(len(have) / max(1, len(every)), 3), "missing": sorted(every - have)}))
