"""The side-by-side report of bench/mermaid-cli.sh, as Markdown.

    report.py DIR

DIR holds manifest.tsv, diagrams/, cli.tsv and sheaf.tsv (lines: HASH, ok or
refused, wall ms, SVG bytes, error) and svg-cli/, svg-sheaf/. Prints, per site
and in total (each distinct diagram counted once), how many each tool drew
and refused, median and p90 ms per diagram, total seconds, SVG bytes (median,
total) and sheaf/mermaid-cli ratios; then the diagrams one tool refuses and
the other draws, and those both draw where a label mermaid-cli shows is
missing from sheaf's drawing (compared word by word, case-folded, as sheaf
wraps long labels across lines and mermaid-cli across <br>s).
"""
import os
import re
import statistics
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

d = sys.argv[1]
sites = defaultdict(list)
where = defaultdict(list)
for line in open(os.path.join(d, 'manifest.tsv')):
    digest, site, page = line.rstrip('\n').split('\t')
    sites[site].append(digest)
    where[digest].append(f'{site}/{page}')

def results(name):
    out, launch = {}, None
    for line in open(os.path.join(d, name)):
        digest, status, ms, size, error = line.rstrip('\n').split('\t', 4)
        if digest == 'launch':
            launch = float(ms)
        else:
            out[digest] = (status == 'ok', float(ms), int(size), error)
    return out, launch

cli, launch = results('cli.tsv')
sheaf, _ = results('sheaf.tsv')

def p90(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]

def stats(rows, digests):
    got = [rows[h] for h in digests if h in rows]
    drawn = [r for r in got if r[0]]
    ms = [r[1] for r in got]
    sizes = [r[2] for r in drawn]
    return dict(drawn=len(drawn), refused=len(got) - len(drawn),
                med=statistics.median(ms) if ms else 0, p90=p90(ms) if ms else 0,
                total=sum(ms) / 1e3, bmed=statistics.median(sizes) if sizes else 0,
                btotal=sum(sizes))

def row(label, digests):
    c, s = stats(cli, digests), stats(sheaf, digests)
    both = [h for h in digests if cli.get(h, (0,))[0] and sheaf.get(h, (0,))[0]]
    # Ratios over the diagrams both draw, so a refusal does not flatter either.
    t_ratio = sum(sheaf[h][1] for h in both) / max(1e-9, sum(cli[h][1] for h in both))
    b_ratio = sum(sheaf[h][2] for h in both) / max(1, sum(cli[h][2] for h in both))
    return (f"| {label} | {len(digests)} | {c['drawn']}/{c['refused']} | {s['drawn']}/{s['refused']} "
            f"| {c['med']:.0f} / {c['p90']:.0f} | {s['med']:.1f} / {s['p90']:.1f} "
            f"| {c['total']:.1f} | {s['total']:.2f} | {t_ratio:.2g} "
            f"| {c['bmed'] / 1e3:.1f} / {c['btotal'] / 1e3:.0f} | {s['bmed'] / 1e3:.1f} / {s['btotal'] / 1e3:.0f} "
            f"| {b_ratio:.2f} |")

print('| site | diagrams | mermaid-cli drew/refused | sheaf drew/refused '
      '| mermaid-cli ms median / p90 | sheaf ms median / p90 | mermaid-cli total s | sheaf total s '
      '| time sheaf/cli | mermaid-cli KB median / total | sheaf KB median / total | bytes sheaf/cli |')
print('|' + '---|' * 12)
for site in sorted(sites):
    print(row(site, sites[site]))
everything = sorted(where)
print(row('**all (distinct)**', everything))
print()
if launch is not None:
    print(f'mermaid-cli: Chromium started once, in {launch:.0f} ms, not counted above; '
          'each diagram pays a fresh page with mermaid loaded, as `mmdc` does per diagram.')
    print('Ratios: over the diagrams both tools draw.')
    print()

def first_line(digest):
    for line in open(os.path.join(d, 'diagrams', digest + '.mmd')):
        line = line.strip()
        if line and not line.startswith('%%'):
            return line[:60]
    return ''

def cell(text):
    return text.replace('|', '\\|').replace('`', "'")

def listing(title, digests, detail):
    print(f'### {title}: {len(digests)}')
    print()
    if digests:
        print('| hash | first page | first line | ' + detail[0] + ' |')
        print('|---|---|---|---|')
        for h in digests:
            print(f'| `{h}` | {cell(where[h][0])} | `{cell(first_line(h))}` | {cell(detail[1](h))} |')
    print()

ok = lambda rows, h: rows.get(h, (False,))[0]
listing('Drawn by mermaid-cli, refused by sheaf',
        [h for h in everything if ok(cli, h) and not ok(sheaf, h)], ('sheaf\'s error', lambda h: sheaf[h][3]))
listing('Drawn by sheaf, refused by mermaid-cli',
        [h for h in everything if ok(sheaf, h) and not ok(cli, h)], ('mermaid-cli\'s error', lambda h: cli[h][3]))
listing('Refused by both',
        [h for h in everything if not ok(sheaf, h) and not ok(cli, h)],
        ('errors (sheaf; mermaid-cli)', lambda h: f'{sheaf[h][3]}; {cli[h][3]}'))

def labels(path):
    """The text of each <text> and <foreignObject> (outermost ones)."""
    raw = open(path, encoding='utf-8').read()
    try:
        root = ET.fromstring(raw)
    except ET.ParseError:
        return [re.sub(r'<[^>]+>', ' ', raw)]
    out = []
    def walk(el):
        tag = el.tag.rsplit('}', 1)[-1]
        if tag in ('text', 'foreignObject'):
            out.append(' '.join(t for t in el.itertext()))
            return
        if tag in ('style', 'script', 'title', 'desc'):
            return
        for child in el:
            walk(child)
    walk(root)
    return out

words = lambda text: re.findall(r'\w+', text.casefold())
missing = {}
for h in everything:
    if ok(cli, h) and ok(sheaf, h):
        have = set(w for label in labels(os.path.join(d, 'svg-sheaf', h + '.svg')) for w in words(label))
        lacks = []
        for label in labels(os.path.join(d, 'svg-cli', h + '.svg')):
            if any(w not in have for w in words(label)):
                text = ' '.join(label.split())
                if text not in lacks:
                    lacks.append(text)
        if lacks:
            missing[h] = lacks
listing('Drawn by both, a mermaid-cli label missing from sheaf\'s drawing', list(missing),
        ('labels missing (up to 4)', lambda h: '; '.join(f'"{l[:50]}"' for l in missing[h][:4])
         + (f' (+{len(missing[h]) - 4})' if len(missing[h]) > 4 else '')))
