#!/usr/bin/env python3
"""Development check of schema/docs.schema.json (needs `pip install jsonschema`).

Validates the real docs.json files under /work/shared/realworld-docsjson (or the
folders given as arguments) and small inline examples. Like sheaf, it counts an
unknown key (additionalProperties) as a warning and every other failure as an
error. Exits non-zero when a real file has errors or an example is not judged
as expected.
"""
import copy
import glob
import json
import sys
from pathlib import Path

from jsonschema import Draft7Validator

SCHEMA = json.loads((Path(__file__).parent / "docs.schema.json").read_text())
Draft7Validator.check_schema(SCHEMA)
VALIDATOR = Draft7Validator(SCHEMA)


def judge(doc):
    errors, warnings = [], []
    for e in VALIDATOR.iter_errors(doc):
        where = "/".join(str(p) for p in e.absolute_path) or "(root)"
        (warnings if e.validator == "additionalProperties" else errors).append(f"{where}: {e.message}")
    return errors, warnings


BASE = {"theme": "mint", "name": "X", "colors": {"primary": "#0D9373"},
        "navigation": {"groups": [{"group": "Start", "pages": ["index"]}]}}


def with_(**changes):
    doc = copy.deepcopy(BASE)
    doc.update(changes)
    return doc


DEEP_NAV = {
    "global": {"anchors": [{"anchor": "Blog", "icon": "pencil", "href": "https://example.com/blog"}]},
    "tabs": [
        {"tab": "Docs", "icon": "book", "versions": [
            {"version": "v2", "default": True, "tag": "Latest", "languages": [
                {"language": "en", "default": True, "groups": [
                    {"group": "Start", "root": "v2/en/index", "expanded": True, "pages": [
                        "v2/en/quickstart",
                        {"group": "Nested", "tag": "NEW", "hidden": True, "pages": ["v2/en/deep"]},
                    ]},
                ]},
                {"language": "zh-Hans", "navbar": {"links": [{"label": "博客", "href": "/zh/blog"}]},
                 "pages": ["v2/zh/index"]},
            ]},
            {"version": "v1", "anchors": [{"anchor": "Guides", "color": {"light": "#fff", "dark": "#000"},
                                          "dropdowns": [{"dropdown": "More", "pages": ["v1/more"]}]}]},
        ]},
        {"tab": "API", "openapi": {"source": "openapi.json", "directory": "api"}, "groups": [
            {"group": "Users", "openapi": "openapi.json",
             "pages": ["GET /users", "openapi.json POST /users", "api/overview"]},
            {"group": "Events", "asyncapi": "asyncapi.yaml"},
        ]},
        {"tab": "Tools", "menu": [{"item": "SDKs", "description": "Client libraries", "pages": ["sdk/js"]}]},
        {"tab": "Blog", "href": "https://example.com/blog"},
    ],
}

EXAMPLES = [  # (label, document, expected verdict)
    ("minimal", BASE, "ok"),
    ("deep tabs>versions>languages>groups, menu, operations", with_(navigation=DEEP_NAV), "ok"),
    ("products>dropdowns>anchors>groups", with_(navigation={"products": [{"product": "Core", "description": "d", "dropdowns": [
        {"dropdown": "Docs", "anchors": [{"anchor": "A", "groups": [{"group": "G", "pages": ["a"]}]}]}]}]}), "ok"),
    ("string logo, dark codeblocks, custom contextual option", with_(
        logo="/logo.svg", favicon={"light": "/f.png", "dark": "/fd.png"}, styling={"codeblocks": "dark"},
        contextual={"options": ["copy", {"title": "Ask", "description": "d", "href": {"base": "https://x", "query": [
            {"key": "q", "value": "$page"}]}}]}), "ok"),
    ("wrong type: name 42", with_(name=42), "error"),
    ("unknown theme", with_(theme="mintt"), "error"),
    ("bad color", with_(colors={"primary": "blue"}), "error"),
    ("bad anchor color", with_(navigation={"anchors": [{"anchor": "A", "color": "red", "pages": ["a"]}]}), "error"),
    ("unknown language code", with_(navigation={"languages": [{"language": "english", "pages": ["a"]}]}), "error"),
    ("unknown contextual option", with_(contextual={"options": ["chatgtp"]}), "error"),
    ("group without label", with_(navigation={"groups": [{"pages": ["a"]}]}), "error"),
    ("number among pages", with_(navigation={"pages": ["a", 5]}), "error"),
    ("button without label", with_(navbar={"primary": {"type": "button", "href": "https://x"}}), "error"),
    ("missing navigation", {k: v for k, v in BASE.items() if k != "navigation"}, "error"),
    ("unknown top-level key", with_(modeToggle={"default": "dark"}), "warning"),
    ("unknown key in a nested group", with_(navigation={"tabs": [{"tab": "T", "groups": [
        {"group": "G", "pages": [{"group": "N", "icno": "x", "pages": ["a"]}]}]}]}), "warning"),
    ("unknown integration", with_(integrations={"googleanalytics": {"id": "x"}}), "warning"),
]


def main(folders):
    failed = False
    for path in folders:
        errors, warnings = judge(json.loads(Path(path).read_text()))
        failed |= bool(errors)
        print(f"{'FAIL' if errors else 'ok  '} real {path}: {len(errors)} errors, {len(warnings)} warnings")
        for line in errors + warnings:
            print("       ", line)
    for label, doc, expected in EXAMPLES:
        errors, warnings = judge(doc)
        verdict = "error" if errors else "warning" if warnings else "ok"
        failed |= verdict != expected
        print(f"{'ok  ' if verdict == expected else 'FAIL'} {label}: {verdict} (expected {expected})")
        for line in errors + warnings:
            print("       ", line)
    return 1 if failed else 0


if __name__ == "__main__":
    args = sys.argv[1:] or sorted(glob.glob("/work/shared/realworld-docsjson/*/docs.json"))
    sys.exit(main(args))
