// The oracle of bench/looks.sh: each case of cases.mjs drawn by Mintlify's
// published components (npm @mintlify/components, rendered on the server
// with react-dom/server) into a page with their stylesheet, in a content
// column as on Mintlify (`mdx-content prose dark:prose-invert`).
//   node render.mjs OUT_DIR     writes OUT_DIR/NAME.html per case
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { renderToStaticMarkup } from 'react-dom/server';
import { cases } from './cases.mjs';

const require = createRequire(import.meta.url);
const out = process.argv[2];
const css = fs.readFileSync(require.resolve('@mintlify/components/styles.css'), 'utf8');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'mintlify.css'), css);
fs.copyFileSync(new URL('./cases/pic.svg', import.meta.url), path.join(out, 'pic.svg'));
for (const c of cases) {
  let body;
  try {
    body = renderToStaticMarkup(c.mintlify());
  } catch (e) {
    body = `<p>render failed: ${String(e.message).replace(/</g, '&lt;')}</p>`;
    console.error(`${c.name}: ${e.message}`);
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${c.name}</title><link rel="stylesheet" href="mintlify.css">
<style>:root{--color-primary:#166534;--color-primary-light:#4ade80;--color-primary-dark:#166534}html{background:#fff}html.dark{background:#0f1117}body{margin:0;font-family:Inter,system-ui,sans-serif}
html.dark body{color:#e5e7eb}main{margin:0 auto;padding:2rem 1.25rem}</style></head>
<body><main><div id="content" class="mdx-content prose dark:prose-invert">${body}</div></main></body></html>`;
  fs.writeFileSync(path.join(out, `${c.name}.html`), html);
}
console.log(`${cases.length} cases`);
