// bench/looks.sh's driver: Mintlify's components (pages by render.mjs) and
// sheaf's build of the same cases (cases/NAME.mdx), side by side in
// headless Chromium at 1280 and 390 px, light and dark. For every visible
// [data-component-part] of Mintlify's page, the same part (same name, same
// rank) in sheaf's page, and their computed looks compared.
//   node looks.mjs ORACLE_DIR SHEAF_OUT SHOTS_DIR
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { cases } from './cases.mjs';

const [oracleDir, sheafOut, shots] = process.argv.slice(2);
const only = process.env.LOOKS_CASES ? process.env.LOOKS_CASES.split(',') : null;

// Parts with no data-component-part in Mintlify's markup, compared by a
// selector of the bench's own: [case, Mintlify's, sheaf's, name].
const extra = {
  badge: [['[data-shape]', '.c-badge', 'badge']],
  tooltip: [['.tooltip', '.c-tooltip-trigger', 'tooltip-trigger']],
};

function serve(dir) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = path.join(dir, p);
      if (!file.startsWith(dir)) { res.writeHead(403); return res.end(); }
      const tries = [file, `${file}.html`, path.join(file, 'index.html')];
      const hit = tries.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (!hit) { res.writeHead(404); return res.end(); }
      const type = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.json': 'application/json', '.woff2': 'font/woff2' }[path.extname(hit)] || 'application/octet-stream';
      res.writeHead(200, { 'content-type': type });
      fs.createReadStream(hit).pipe(res);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Runs in the page: the looks of every visible part under ROOT.
function measure({ root, extras }) {
  // Any CSS colour (rgb, oklch, lab, color-mix…) to [r, g, b, a] by a 1 px canvas.
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx2d = canvas.getContext('2d', { willReadFrequently: true });
  const parse = (c) => {
    ctx2d.clearRect(0, 0, 1, 1);
    ctx2d.fillStyle = 'rgba(0,0,0,0)';
    ctx2d.fillStyle = c;
    ctx2d.fillRect(0, 0, 1, 1);
    const d = ctx2d.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const bgOf = (el) => {
    const chain = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) chain.push(parse(getComputedStyle(e).backgroundColor));
    let c = [255, 255, 255, 1];
    for (const layer of chain.reverse()) c = over(layer, c);
    return c;
  };
  const hex = (c) => c.slice(0, 3).map((v) => Math.round(v)).join(',');
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) ||
    (el.children.length === 0 && el.textContent.trim() !== '');
  const look = (el) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const bg = bgOf(el);
    const under = el.parentElement ? bgOf(el.parentElement) : [255, 255, 255, 1];
    const bw = parseFloat(s.borderTopWidth) || 0;
    const o = {
      width: r.width, height: r.height,
      fontSize: parseFloat(s.fontSize), fontWeight: +s.fontWeight,
      background: hex(bg),
      borderWidth: bw,
      radius: parseFloat(s.borderTopLeftRadius) || 0,
      paddingTop: parseFloat(s.paddingTop), paddingLeft: parseFloat(s.paddingLeft),
    };
    if (bw > 0 && s.borderTopStyle !== 'none') o.borderColor = hex(over(parse(s.borderTopColor), bg));
    if (ownText(el)) o.color = hex(over(parse(s.color), bg));
    void under;
    return o;
  };
  const base = document.querySelector(root);
  const out = {};
  if (!base) return out;
  const seen = {};
  for (const el of base.querySelectorAll('[data-component-part]')) {
    if (!visible(el)) continue;
    const name = el.getAttribute('data-component-part');
    const k = seen[name] = (seen[name] || 0) + 1;
    const o = look(el);
    // Icons come from a CDN, blank offline: an icon is compared by its box only.
    out[`${name}#${k}`] = name.startsWith('icon-') ? { width: o.width, height: o.height } : o;
  }
  for (const [sel, name] of extras) {
    let k = 0;
    for (const el of base.querySelectorAll(sel)) {
      if (!visible(el)) continue;
      out[`${name}#${++k}`] = look(el);
    }
  }
  return out;
}

// A page holding both screenshots, Mintlify's left and sheaf's right.
const sideBySide = (a, b, mode) => {
  const img = (buf, label) => `<figure style="margin:0"><figcaption style="font:12px sans-serif;margin-bottom:4px">${label}</figcaption><img src="data:image/png;base64,${buf.toString('base64')}"></figure>`;
  return `<body style="margin:8px;display:flex;gap:16px;align-items:flex-start;background:${mode === 'dark' ? '#444' : '#ccc'}">${img(a, 'Mintlify')}${img(b, 'sheaf')}</body>`;
};

const close = (a, b, tol) => Math.abs(a - b) <= tol;
const colorClose = (a, b) => {
  const x = a.split(',').map(Number), y = b.split(',').map(Number);
  return x.every((v, i) => Math.abs(v - y[i]) <= 10);
};
function compare(m, s) {
  const res = {};
  for (const [k, v] of Object.entries(m)) {
    const w = s[k];
    if (w === undefined || w === null) { res[k] = false; continue; }
    if (k === 'width' || k === 'height') res[k] = close(v, w, Math.max(2, v * 0.04));
    else if (typeof v === 'string') res[k] = colorClose(v, w);
    else if (k === 'fontWeight') res[k] = v === w;
    else res[k] = close(v, w, 1);
  }
  return res;
}

const main = async () => {
  const oracle = await serve(path.resolve(oracleDir));
  const sheaf = await serve(path.resolve(sheafOut));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  fs.mkdirSync(shots, { recursive: true });
  const perCase = {};
  const mismatches = [];
  for (const width of [1280, 390]) {
    for (const mode of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: mode });
      const page = await ctx.newPage();
      for (const c of cases) {
        if (only && !only.includes(c.name)) continue;
        const extras = (extra[c.name] || []).map(([ms, ss, n]) => [ms, ss, n]);
        await page.goto(`http://127.0.0.1:${sheaf.address().port}/${c.name}`);
        await page.evaluate((dark) => {
          const d = document.documentElement;
          d.setAttribute('data-theme', dark ? 'dark' : 'light');
          d.classList.toggle('dark', dark);
        }, mode === 'dark');
        const col = await page.evaluate(() => document.querySelector('.mdx-content')?.getBoundingClientRect().width || 0);
        const sheafLooks = await page.evaluate(measure, { root: '.mdx-content', extras: extras.map(([, ss, n]) => [ss, n]) });
        const sheafShot = await (await page.$('.mdx-content'))?.screenshot().catch(() => null);
        await page.goto(`http://127.0.0.1:${oracle.address().port}/${c.name}.html`);
        await page.evaluate(({ dark, col }) => {
          document.documentElement.classList.toggle('dark', dark);
          const el = document.getElementById('content');
          el.style.width = `${col}px`;
          el.style.maxWidth = 'none';
        }, { dark: mode === 'dark', col });
        const mintLooks = await page.evaluate(measure, { root: '#content', extras: extras.map(([ms, , n]) => [ms, n]) });
        const mintShot = await (await page.$('#content')).screenshot().catch(() => null);
        if (mintShot && sheafShot && width === 1280) {
          await page.setContent(sideBySide(mintShot, sheafShot, mode));
          await page.screenshot({ path: path.join(shots, `${c.name}-${mode}.png`), fullPage: true });
        }
        const r = perCase[c.name] ||= { props: 0, match: 0, parts: 0, present: 0, missing: new Set() };
        for (const [part, look] of Object.entries(mintLooks)) {
          r.parts += 1;
          const mine = sheafLooks[part];
          if (mine) r.present += 1; else r.missing.add(part.replace(/#.*/, ''));
          const cmp = compare(look, mine || {});
          for (const [prop, ok] of Object.entries(cmp)) {
            r.props += 1;
            if (ok) r.match += 1;
            else if (mine) mismatches.push(`${width} ${mode} ${c.name} ${part} ${prop}: mintlify ${look[prop]} sheaf ${mine[prop]}`);
          }
        }
      }
      await ctx.close();
    }
  }
  await browser.close();
  oracle.close();
  sheaf.close();
  fs.writeFileSync(path.join(shots, 'mismatches.txt'), mismatches.join('\n') + '\n');
  let t = { props: 0, match: 0, parts: 0, present: 0 };
  const pct = (a, b) => (b ? (100 * a / b).toFixed(1) : '-');
  console.log('case                 props-match        parts-present   missing parts');
  for (const [name, r] of Object.entries(perCase)) {
    for (const k of Object.keys(t)) t[k] += r[k];
    console.log(`${name.padEnd(20)} ${`${pct(r.match, r.props)}% of ${r.props}`.padEnd(18)} ${`${r.present}/${r.parts}`.padEnd(15)} ${[...r.missing].join(' ')}`);
  }
  console.log(`TOTAL: ${pct(t.match, t.props)}% of ${t.props} part properties match; ${t.present} of ${t.parts} parts present (1280+390 px, light+dark)`);
  console.log(`mismatches: ${path.join(shots, 'mismatches.txt')}; screenshots (1280 px): ${shots}`);
};
main().catch((e) => { console.error(e); process.exit(1); });
