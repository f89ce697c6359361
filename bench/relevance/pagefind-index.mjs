// Pagefind set up as sheaf is: the same pages (sheaf's index's docs, from
// pages.json), the article only (`data-pagefind-body`), each page's version
// as a filter (`none` outside every version), `<html lang>` as written.
// usage: node pagefind-index.mjs NODE_MODULES SITE_DIR PAGES.json   (writes SITE_DIR/pagefind/)
import { readFileSync } from "node:fs";
import { join } from "node:path";

const [modules, site, pagesFile] = process.argv.slice(2);
const pagefind = await import(join(modules, "pagefind/lib/index.js"));
const pages = JSON.parse(readFileSync(pagesFile, "utf8"));
const { index, errors } = await pagefind.createIndex({});
if (!index) throw new Error(`pagefind: ${errors}`);
let added = 0;
for (const page of pages) {
  const file = page.url === "" || page.url.endsWith("/") ? join(site, page.url, "index.html") : join(site, page.url);
  const version = page.version || "none";
  const content = readFileSync(file, "utf8").replace(
    /<article\b/,
    `<article data-pagefind-body data-pagefind-filter="version:${version.replace(/"/g, "&quot;")}"`,
  );
  const result = await index.addHTMLFile({ url: "/" + page.url, content });
  if (result.errors.length) console.error(page.url, result.errors);
  else added += 1;
}
await index.writeFiles({ outputPath: join(site, "pagefind") });
await pagefind.close();
console.error(`pagefind indexed ${added} pages`);
