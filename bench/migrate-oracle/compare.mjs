// Mintlify's mint.json -> docs.json upgrade (`upgradeToDocsConfig` of
// @mintlify/validation, pinned in package.json) against `sheaf migrate`, on
// one mint.json site. Usage: node compare.mjs MINT_JSON SHEAF_DOCS_JSON
// Prints one line per difference and a last line `SUMMARY values=N pages=M`
// (values: leaf values the upgrade writes that sheaf's file lacks or writes
// otherwise; pages: 1 when the pages in navigation order differ, else 0).
import { readFileSync } from 'node:fs';
import { upgradeToDocsConfig } from '@mintlify/validation';

const [mintPath, sheafPath] = process.argv.slice(2);
const mint = JSON.parse(readFileSync(mintPath, 'utf8'));
const oracle = JSON.parse(JSON.stringify(upgradeToDocsConfig(mint, { shouldUpgradeTheme: true })));
const sheaf = JSON.parse(readFileSync(sheafPath, 'utf8'));

// What docs.json means when a key is left out: not a difference.
const DEFAULTS = {
  '/seo/indexing': 'navigable',
  '/appearance/strict': false,
  '/api/playground/proxy': true,
};

function leaves(value, path, out) {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  } else if (value !== undefined && value !== null) out.set(path, value);
  return out;
}

// The same meaning written another way: colours in any case, an icon as
// {name, style} or a name.
const same = (a, b) =>
  a === b || (typeof a === 'string' && typeof b === 'string' && /^#[0-9a-f]+$/i.test(a) && a.toLowerCase() === b.toLowerCase());

// Depth first, as docs.json lists them: every page entry (not hrefs).
function pages(node, out = []) {
  if (typeof node === 'string') out.push(node.replace(/^\//, ''));
  else if (Array.isArray(node)) node.forEach((n) => pages(n, out));
  else if (node && typeof node === 'object') {
    for (const key of ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages']) {
      if (key in node) pages(node[key], out);
    }
  }
  return out;
}

let values = 0;
const theirs = leaves(oracle, '', new Map());
const ours = leaves(sheaf, '', new Map());
for (const [path, value] of theirs) {
  if (path.startsWith('/navigation/')) continue;
  if (DEFAULTS[path] === value && !ours.has(path)) continue;
  if (!ours.has(path)) {
    console.log(`value missing ${path} = ${JSON.stringify(value)}`);
    values++;
  } else if (!same(ours.get(path), value)) {
    console.log(`value differs ${path}: upgrade ${JSON.stringify(value)}, sheaf ${JSON.stringify(ours.get(path))}`);
    values++;
  }
}
const a = pages(oracle.navigation);
const b = pages(sheaf.navigation);
let order = 0;
if (JSON.stringify(a) !== JSON.stringify(b)) {
  order = 1;
  const i = a.findIndex((p, k) => p !== b[k]);
  const at = i < 0 ? Math.min(a.length, b.length) : i;
  console.log(`pages differ at ${at} (upgrade ${a.length} pages, sheaf ${b.length}): upgrade ${JSON.stringify(a.slice(at, at + 3))}, sheaf ${JSON.stringify(b.slice(at, at + 3))}`);
}
console.log(`SUMMARY values=${values} pages=${order}`);
