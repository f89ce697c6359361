// Mintlify's own packages asked about one docs root (the oracle of
// bench/mintlify-links.sh; nothing of theirs is copied here, only called).
//
//   node oracle.mjs MODULES SITE SCRATCH OUT.json
//
// MODULES  a node_modules folder holding `mint` and its @mintlify packages
// SITE     a docs root (docs.json or mint.json); a copy: Mintlify's code may
//          write beside it
// SCRATCH  an empty folder, made the working directory: prebuild writes its
//          `src/_props/…` files relative to it
// OUT      gets one JSON object:
//   urls.navigation   navigation pages after Mintlify's prebuild expanded it
//                     (OpenAPI/AsyncAPI/GraphQL/SDK pages included), as slugs
//   urls.generated    slugs of the pages prebuild generates (its pagesAcc)
//   urls.files        slugs of every page file prebuild publishes (.md/.mdx
//                     that are not snippets nor .mintignore'd): Mintlify serves
//                     unlisted pages too ("hidden pages")
//   urls.unresolved   navigation entries that name no file and no generated
//                     page (Mintlify publishes nothing for them)
//   broken            link-rot's broken internal links, anchors checked:
//                     {file, link, target, anchor}
//   unparsable        pages MDX rejects: emptied before the link check
//                     (link-rot stops at the first), {file, error}
//   skippedUrlSpecs   config keys naming a spec by URL, dropped
//   errors            what failed (each part is tried on its own)
//
// The URL set comes from @mintlify/prebuild as `mint dev` runs it:
// categorizeFilePaths, updateMintConfigFile + @mintlify/validation's
// upgradeToDocsConfig (mint.json), updateDocsConfigFile (which calls
// generateOpenApiDivisions, generateAsyncApiDivisions, the GraphQL and SDK
// divisions), then @mintlify/common's getAllPathsInDocsNav over the new
// navigation. The links come from @mintlify/link-rot's buildGraph and
// Graph.getBrokenInternalLinks({checkAnchors: true}), as `mint broken-links
// --check-anchors` calls them.
//
// No network: fetch, http(s).request and http(s).get throw before any
// Mintlify module loads, so a spec named by URL is skipped, as sheaf
// `--offline` skips it.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const offline = () => {
  throw new Error('oracle: network access is disabled');
};
globalThis.fetch = async () => offline();
for (const mod of [http, https]) {
  mod.request = offline;
  mod.get = offline;
}
syncBuiltinESMExports();

const [modules, site, scratch, out] = process.argv.slice(2).map((a) => path.resolve(a));
if (process.argv.length !== 6) {
  console.error('usage: node oracle.mjs MODULES SITE SCRATCH OUT.json');
  process.exit(2);
}

// The entry point of an installed package (ESM: its "exports" import or
// default, else "main").
const load = async (name) => {
  const dir = path.join(modules, name);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  let entry = manifest.exports?.['.'] ?? manifest.exports;
  if (entry && typeof entry === 'object') entry = entry.import ?? entry.default;
  if (entry && typeof entry === 'object') entry = entry.default;
  return import(pathToFileURL(path.join(dir, typeof entry === 'string' ? entry : manifest.main)).href);
};

const prebuild = await load('@mintlify/prebuild');
const common = await load('@mintlify/common');
const validation = await load('@mintlify/validation');
const linkRot = await load('@mintlify/link-rot');

const result = { urls: null, broken: null, errors: [] };
const slug = (page) => page.replace(/^\//, '').replace(/\.mdx?$/, '');
const withoutExt = (file) => file.replace(/\.mdx?$/, '');

// Specs named by URL are dropped from the copy's config before Mintlify
// reads it (its fetch would retry with backoff, then fail the whole
// prebuild): what sheaf --offline does with them.
const isUrl = (v) => typeof v === 'string' && /^https?:\/\//.test(v);
const stripped = [];
const dropUrlSpecs = (value, where) => {
  if (Array.isArray(value)) {
    value.forEach((v, i) => dropUrlSpecs(v, `${where}[${i}]`));
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    const here = `${where}.${key}`;
    if (key === 'openapi' || key === 'asyncapi') {
      const v = value[key];
      const named = (x) => isUrl(x) || (x && typeof x === 'object' && isUrl(x.source));
      if (named(v)) {
        stripped.push(here);
        delete value[key];
        continue;
      }
      if (Array.isArray(v) && v.some(named)) {
        stripped.push(here);
        value[key] = v.filter((x) => !named(x));
        if (value[key].length === 0) delete value[key];
        continue;
      }
    }
    dropUrlSpecs(value[key], here);
  }
};
for (const name of ['docs.json', 'mint.json']) {
  const file = path.join(site, name);
  if (!fs.existsSync(file)) continue;
  try {
    const config = JSON.parse(fs.readFileSync(file, 'utf8'));
    dropUrlSpecs(config, name);
    if (stripped.length) fs.writeFileSync(file, JSON.stringify(config, null, 2));
  } catch {
    // Unreadable config: Mintlify's own reading reports it below.
  }
}

process.chdir(scratch);
// Mintlify's code logs freely; keep stdout for nothing and stderr short.
const quiet = { log: console.log, warn: console.warn, error: console.error, info: console.info };
const warnings = [];
console.log = console.info = () => {};
console.warn = console.error = (...args) => warnings.push(args.map(String).join(' ').slice(0, 300));

try {
  const mintIgnore = await prebuild.getMintIgnore(site);
  const docsConfigPath = await prebuild.getConfigPath(site, 'docs');
  const mintConfigPath = await prebuild.getConfigPath(site, 'mint');
  const explicitOverlays = await prebuild.readExplicitOverlayConfig(docsConfigPath ?? mintConfigPath);
  const files = await prebuild.categorizeFilePaths(site, mintIgnore, false, false, {
    explicitOverlays,
  });
  let docsConfig;
  if (!docsConfigPath) {
    const mint = await prebuild.updateMintConfigFile(
      site,
      files.openApiFiles,
      false,
      false,
      files.invalidSpecFiles,
    );
    docsConfig = mint ? validation.upgradeToDocsConfig(mint.originalMintConfig) : undefined;
  }
  const updated = await prebuild.updateDocsConfigFile({
    contentDirectoryPath: site,
    openApiFiles: files.openApiFiles,
    asyncApiFiles: files.asyncApiFiles,
    docsConfig,
    invalidSpecFiles: files.invalidSpecFiles,
    overlayRegistry: files.overlayRegistry,
  });
  const generated = Object.keys(updated.pagesAcc).map(slug);
  const fileSlugs = files.contentFilenames.map((f) => withoutExt(f.replace(/^\//, '')));
  const known = new Set([...generated, ...fileSlugs]);
  const navigation = [];
  const unresolved = [];
  for (const page of common.getAllPathsInDocsNav(updated.docsConfig.navigation)) {
    if (typeof page !== 'string') continue;
    const s = slug(page);
    (known.has(s) ? navigation : unresolved).push(s);
  }
  result.urls = {
    config: docsConfigPath ? 'docs.json' : 'mint.json',
    navigation: [...new Set(navigation)],
    generated: [...new Set(generated)],
    files: [...new Set(fileSlugs)],
    unresolved: [...new Set(unresolved)],
  };
} catch (err) {
  result.errors.push(`urls: ${err?.stack ?? err}`.slice(0, 2000));
}

// buildGraph stops at the first page MDX cannot parse (so does `mint
// broken-links`); such pages are found first with link-rot's own page
// reader (when buildGraph fails), emptied in the copy and listed: their
// links are not compared.
const unparsable = [];
const emptyUnparsable = async () => {
  try {
    const linkRotDir = path.join(modules, '@mintlify/link-rot/dist');
    const { decorateGraphNodeFromPageContent } = await import(
      pathToFileURL(path.join(linkRotDir, 'static-checking/getBrokenInternalLinks.js')).href
    );
    const { Node } = await import(pathToFileURL(path.join(linkRotDir, 'graph.js')).href);
    const { getPagePaths } = await import(pathToFileURL(path.join(linkRotDir, 'prebuild.js')).href);
    for (const file of getPagePaths(site, await prebuild.getMintIgnore(site))) {
      const full = path.join(site, file);
      try {
        await decorateGraphNodeFromPageContent(new Node(file), fs.readFileSync(full, 'utf8'), {});
      } catch (err) {
        unparsable.push({ file, error: String(err?.message ?? err).slice(0, 300) });
        fs.writeFileSync(full, '');
      }
    }
  } catch (err) {
    result.errors.push(`pre-scan: ${err?.stack ?? err}`.slice(0, 2000));
  }
};

try {
  let graph;
  try {
    graph = await linkRot.buildGraph(site, {});
  } catch {
    await emptyUnparsable();
    graph = await linkRot.buildGraph(site, {});
  }
  graph.precomputeFileResolutions();
  const broken = graph.getBrokenInternalLinks({ checkAnchors: true });
  result.broken = broken.map((p) => ({
    file: path.join(p.relativeDir, p.filename),
    link: p.originalPath,
    target: p.toString(),
    anchor: p.anchorLink ?? null,
  }));
} catch (err) {
  result.errors.push(`links: ${err?.stack ?? err}`.slice(0, 2000));
}

result.unparsable = unparsable;
result.skippedUrlSpecs = stripped;
result.warnings = warnings.slice(0, 50);
Object.assign(console, quiet);
fs.writeFileSync(out, JSON.stringify(result));
