#!/usr/bin/env python3
"""Mintlify's docs.json vocabulary, read from its own schema: the oracle for
what sheaf must accept.

Installs a pinned `@mintlify/validation` (the package Mintlify validates
docs.json with) into a temporary folder, reads its `docsConfigJsonSchema`,
and writes every object key and every enum or const value it names to
`schema/mintlify-docs-vocabulary.txt` (checked in; sheaf embeds it), one per
line, keyed by the names of the keys holding them (names, not paths: the
navigation nests without end):

    key <parent key> <key>                 the object under <parent key> may hold <key>
    value <parent key> <key> <JSON value>  <key>, in the object under <parent key>, may hold it

Then it prints what Mintlify names that sheaf's own `schema/docs.schema.json`
does not, so a re-run shows what Mintlify added since. Needs node and npm.

usage: bench/mintlify_vocabulary.py [VERSION]   (default: the pinned one)
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = "0.1.878"
OUT = os.path.join(HERE, "schema", "mintlify-docs-vocabulary.txt")


def mintlify_schema(version):
    work = tempfile.mkdtemp()
    subprocess.run(
        ["npm", "install", "--silent", "--prefix", work, f"@mintlify/validation@{version}"],
        check=True,
    )
    script = (
        "import('@mintlify/validation').then(m => "
        "process.stdout.write(JSON.stringify(m.docsConfigJsonSchema)))"
    )
    text = subprocess.run(
        ["node", "-e", script], cwd=work, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(text)


def walk(schema, root, holders, keys, values, seen):
    """Collects keys and values below `schema`, the value of the key
    `holders[1]` in the object under `holders[0]`."""
    if not isinstance(schema, dict):
        return
    grandparent, parent = holders
    ref = schema.get("$ref")
    if ref:
        if (ref, holders) in seen:
            return
        seen.add((ref, holders))
        target = root
        for part in ref.lstrip("#/").split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(target, list):
                target = target[int(part)] if part.isdigit() and int(part) < len(target) else {}
            elif part:
                target = target.get(part, {})
        walk(target, root, holders, keys, values, seen)
    for value in schema.get("enum", []):
        values.add((grandparent, parent, json.dumps(value, ensure_ascii=False)))
    if "const" in schema:
        values.add((grandparent, parent, json.dumps(schema["const"], ensure_ascii=False)))
    for key, inner in schema.get("properties", {}).items():
        keys.add((parent, key))
        walk(inner, root, (parent, key), keys, values, seen)
    for combinator in ("anyOf", "oneOf", "allOf"):
        for inner in schema.get(combinator, []):
            walk(inner, root, holders, keys, values, seen)
    for inner in (schema.get("items"), schema.get("additionalProperties")):
        walk(inner, root, holders, keys, values, seen)


def vocabulary(schema):
    keys, values = set(), set()
    walk(schema, schema, ("", ""), keys, values, set())
    lines = [f"key {parent or '.'} {key}" for parent, key in keys]
    lines += [f"value {holder or '.'} {key or '.'} {value}" for holder, key, value in values]
    return sorted(lines)


def main():
    version = sys.argv[1] if len(sys.argv) > 1 else PINNED
    theirs = vocabulary(mintlify_schema(version))
    with open(OUT, "w") as out:
        out.write(f"# @mintlify/validation {version}: docsConfigJsonSchema (bench/mintlify_vocabulary.py)\n")
        out.write("\n".join(theirs) + "\n")
    with open(os.path.join(HERE, "schema", "docs.schema.json")) as f:
        ours = set(vocabulary(json.load(f)))
    missing = [line for line in theirs if line not in ours]
    print(f"{len(theirs)} entries written to {os.path.relpath(OUT, HERE)}")
    print(f"{len(missing)} that sheaf's docs.schema.json does not name:")
    for line in missing:
        print("  " + line)


if __name__ == "__main__":
    main()
