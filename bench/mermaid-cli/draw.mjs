// Draws Mermaid files with @mermaid-js/mermaid-cli's own `renderMermaid`
// (what `mmdc` calls for each diagram), one Chromium for all of them.
//
//   node draw.mjs CLI_DIR PUPPETEER_CONFIG OUT_DIR FILE...
//
// CLI_DIR holds node_modules/@mermaid-js/mermaid-cli. Prints one
// tab-separated line per file, as `mermaid-cost --sheaf` does: its name,
// `ok` or `refused`, the wall milliseconds, the SVG's bytes, the error's
// first line (and a parse error's `Expecting` line); each drawing goes to OUT_DIR/NAME.svg. The browser's start
// is timed apart (a `launch` line), as a build that draws many diagrams
// pays it once.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [cliDir, configPath, outDir, ...files] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(cliDir), 'package.json'));
const cli = await import(pathToFileURL(require.resolve('@mermaid-js/mermaid-cli')).href);
const puppeteer = (await import(pathToFileURL(require.resolve('puppeteer')).href)).default;

// mermaid's own console chatter (renderMermaid forwards it) is not ours.
console.warn = () => {};
const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
let started = performance.now();
const browser = await puppeteer.launch({ headless: 'shell', ...config });
process.stdout.write(`launch\t-\t${(performance.now() - started).toFixed(3)}\t0\t\n`);
try {
  for (const file of files) {
    const name = path.basename(file, '.mmd');
    const definition = fs.readFileSync(file, 'utf8');
    started = performance.now();
    try {
      // mmdc's defaults: SVG, white background, the default theme.
      const { data } = await cli.renderMermaid(browser, definition, 'svg', {});
      const ms = performance.now() - started;
      fs.writeFileSync(path.join(outDir, name + '.svg'), data);
      process.stdout.write(`${name}\tok\t${ms.toFixed(3)}\t${data.length}\t\n`);
    } catch (e) {
      const ms = performance.now() - started;
      // A parse error's first line says where; its `Expecting` line, what.
      const lines = String(e?.message ?? e).split('\n').map((l) => l.trim()).filter(Boolean);
      const expecting = lines.find((l) => /^Expecting /.test(l));
      const first = expecting && /^Parse error/.test(lines[0]) ? `${lines[0]} ${expecting}` : lines[0] ?? '';
      process.stdout.write(`${name}\trefused\t${ms.toFixed(3)}\t0\t${first.replace(/\t/g, ' ')}\n`);
    }
  }
} finally {
  await browser.close();
}
