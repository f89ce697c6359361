"""The distinct ```mermaid fences of docs roots, one file each.

    collect.py OUT_DIR ROOT...

Writes OUT_DIR/diagrams/HASH.mmd (HASH: the first ten hex digits of the
source's SHA-1, as bench/mermaid-cost.sh names them) and OUT_DIR/manifest.tsv
(one line per diagram and site: HASH, the site's folder name, the first page
that holds it). A fence's body is read as CommonMark reads it: the opening
fence's indentation is taken off each line (a fence inside a list item), and
only a fence whose language is exactly `mermaid` counts, as in sheaf.
"""
import hashlib
import os
import re
import sys

out, roots = sys.argv[1], sys.argv[2:]
os.makedirs(os.path.join(out, 'diagrams'), exist_ok=True)
opening = re.compile(r'^( {0,3})(`{3,}|~{3,})[ \t]*mermaid(?:[ \t][^\n]*)?$')

def fences(text):
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        m = opening.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = len(m.group(1)), m.group(2)
        body = []
        i += 1
        while i < len(lines):
            line = lines[i]
            stripped = line.lstrip(' ')
            if len(line) - len(stripped) <= 3 and stripped.startswith(fence[0] * len(fence)) \
                    and stripped.rstrip().strip(fence[0]) == '':
                break
            strip = min(indent, len(line) - len(line.lstrip(' ')))
            body.append(line[strip:])
            i += 1
        i += 1
        yield ''.join(b + '\n' for b in body)

seen = {}
for root in roots:
    site = os.path.basename(os.path.normpath(root))
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(('.md', '.mdx')):
                continue
            path = os.path.join(folder, name)
            text = open(path, encoding='utf-8', errors='replace').read()
            for source in fences(text):
                if not source.strip():
                    continue
                digest = hashlib.sha1(source.encode()).hexdigest()[:10]
                if (digest, site) not in seen:
                    seen[digest, site] = os.path.relpath(path, root)
                    with open(os.path.join(out, 'diagrams', digest + '.mmd'), 'w') as f:
                        f.write(source)
with open(os.path.join(out, 'manifest.tsv'), 'w') as f:
    for (digest, site), page in seen.items():
        f.write(f'{digest}\t{site}\t{page}\n')
