#!/usr/bin/env python3
"""Writes tests/fixtures/openapi-github/openapi.json: a real slice of GitHub's
REST description for the test that no page shows a `$ref`
(tests/openapi_refs.rs), small enough to keep in git.

The slice: the first operation of every tag, and every operation that names
an example, a response or a header by `$ref` under another tag's first few
(kept to MAX_OPS in all), with every component they reach, followed through
`$ref`s to the end. An operation reaching a component over LARGEST bytes
(the emoji list's 170 KB example) is left out, to keep the file small. Nothing is edited: each operation and component is
GitHub's text.

usage: bench/github_subset.py SPEC OUT   (SPEC: @octokit/openapi's
generated/api.github.com.json, which bench/bigspec.sh installs under
target/github-spec)
"""
import collections
import json
import sys

MAX_OPS = 60
LARGEST = 40_000
METHODS = ("get", "put", "post", "patch", "delete")


def refs(value, out):
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "$ref" and isinstance(inner, str):
                out.add(inner)
            else:
                refs(inner, out)
    elif isinstance(value, list):
        for inner in value:
            refs(inner, out)


def unescape(part):
    return part.replace("~1", "/").replace("~0", "~")


def resolve(spec, pointer):
    value = spec
    for part in pointer[2:].split("/"):
        value = value[unescape(part)]
    return value


def closure(spec, start):
    seen, todo = set(), list(start)
    while todo:
        pointer = todo.pop()
        if pointer in seen:
            continue
        seen.add(pointer)
        found = set()
        refs(resolve(spec, pointer), found)
        todo.extend(found)
    return seen


def kinds(op):
    found = set()
    refs(op, found)
    return {pointer.split("/")[2] for pointer in found}


def main():
    spec_path, out_path = sys.argv[1], sys.argv[2]
    spec = json.load(open(spec_path))
    by_tag = collections.defaultdict(list)
    for path, item in spec["paths"].items():
        for method in METHODS:
            if method in item:
                op = item[method]
                by_tag[(op.get("tags") or ["-"])[0]].append((path, method, op))
    def small(entry):
        found = set()
        refs(entry[2], found)
        return all(len(json.dumps(resolve(spec, p))) <= LARGEST for p in closure(spec, found))

    chosen = [next(e for e in ops + [None] if e is None or small(e)) for ops in by_tag.values()]
    chosen = [e for e in chosen if e is not None]
    for ops in by_tag.values():
        for entry in ops[1:4]:
            wanted = kinds(entry[2]) & {"examples", "headers", "responses"}
            if len(chosen) < MAX_OPS and wanted and entry not in chosen and small(entry):
                chosen.append(entry)
    start = set()
    for _, _, op in chosen:
        refs(op, start)
    components = collections.defaultdict(dict)
    for pointer in sorted(closure(spec, start)):
        _, _, kind, name = pointer.split("/", 3)
        components[kind][unescape(name)] = resolve(spec, pointer)
    paths = collections.defaultdict(dict)
    for path, method, op in chosen:
        paths[path][method] = op
    out = {
        "openapi": spec["openapi"],
        "info": spec["info"],
        "servers": spec.get("servers", []),
        "tags": spec.get("tags", []),
        "paths": paths,
        "components": components,
    }
    with open(out_path, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(chosen)} operations, {sum(map(len, components.values()))} components")


if __name__ == "__main__":
    main()
