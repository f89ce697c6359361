// Drives `sheaf mcp` and the preview's /mcp with the official MCP
// TypeScript SDK (@modelcontextprotocol/sdk), as an agent's client does.
//
//   node client.mjs check SHEAF stdio SOURCE URL_START
//   node client.mjs check SHEAF http ENDPOINT URL_START
//   node client.mjs latency SHEAF SOURCE ROUNDS
//
// `check`: initialize, list tools, the expected page first for each query
// of example-docs, read a page, an unknown tool refused, every page listed
// as a resource (following cursors), one read, a missing one refused. `latency`: search
// round trips through the MCP tool on the 10k corpus (cold first pass, then
// ROUNDS warm passes), as JSON on stdout.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

const [mode, sheaf, ...rest] = process.argv.slice(2);

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

async function connect(kind, target) {
  const client = new Client({ name: "sheaf-bench", version: "1.0.0" });
  const transport = kind === "http"
    ? new StreamableHTTPClientTransport(new URL(target))
    : new StdioClientTransport({ command: sheaf, args: ["mcp", target], stderr: "ignore" });
  await client.connect(transport);
  return client;
}

const QUERIES = [
  ["quickstart", "Quickstart"],
  ["environment tags", "Environment tags"],
  ["embedding dashboard", "Embedding a dashboard"],
  ["update user", "Update User"],
  ["changelog", "Documentation changelog"],
  ["authentication", "Authentication"],
];

async function check(kind, target, urlStart) {
  const client = await connect(kind, target);
  const server = client.getServerVersion();
  if (server?.name !== "sheaf") fail(`server ${JSON.stringify(server)}`);
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).join(",");
  if (names !== "search,read_page") fail(`tools ${names}`);
  for (const [query, title] of QUERIES) {
    const found = await client.callTool({ name: "search", arguments: { query } });
    const first = found.structuredContent?.results?.[0];
    if (first?.title !== title) fail(`${query}: ${JSON.stringify(first)}`);
    if (!first.url.startsWith(urlStart)) fail(`${query}: url ${first.url}`);
  }
  const quick = await client.callTool({ name: "search", arguments: { query: "quickstart" } });
  const page = await client.callTool({ name: "read_page", arguments: { page: quick.structuredContent.results[0].url } });
  if (page.isError || !page.content[0].text.includes("title: Quickstart")) fail(`read_page ${JSON.stringify(page)}`);
  let refused = false;
  try {
    const answer = await client.callTool({ name: "no_such_tool", arguments: {} });
    refused = answer.isError === true;
  } catch (e) {
    refused = /-32602|unknown tool/i.test(String(e));
  }
  if (!refused) fail("an unknown tool was not refused");
  const pages = [];
  let cursor;
  do {
    const listed = await client.listResources(cursor ? { cursor } : {});
    pages.push(...listed.resources);
    cursor = listed.nextCursor;
  } while (cursor);
  const quickstart = pages.find((p) => p.title === "Quickstart");
  if (!quickstart || quickstart.mimeType !== "text/markdown") fail(`resources ${JSON.stringify(pages.slice(0, 3))}`);
  const read = await client.readResource({ uri: quickstart.uri });
  if (!read.contents[0].text.includes("title: Quickstart")) fail(`resources/read ${JSON.stringify(read)}`);
  let missing = false;
  try {
    await client.readResource({ uri: `${quickstart.uri}-no-such-page` });
  } catch (e) {
    missing = /-32002/.test(String(e.code ?? e));
  }
  if (!missing) fail("a missing resource was not refused with -32002");
  await client.close();
  console.log(`ok ${kind} ${target}: protocol ${LATEST_PROTOCOL_VERSION} client, ${QUERIES.length} queries first as expected, read_page, unknown tool refused, ${pages.length} resources listed, one read`);
}

// Queries on the synthetic corpus (its words, a page title, prefixes).
const BENCH_QUERIES = [
  "user group", "rotate token", "dashboard", "schema mapping", "page 4242",
  "environment customer", "rot", "us", "configuration navigation anchor",
  "section 3 of page 77", "embedded render theme", "request response header",
  "identifier", "variable editor", "data source property", "testing version",
  "token", "page 9999", "mapping data", "anchor theme version",
];

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { count: sorted.length, median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1] };
}

async function latency(source, rounds) {
  const client = await connect("stdio", source);
  const found = await client.callTool({ name: "search", arguments: { query: "page 4242" } });
  if (found.structuredContent.results[0]?.title !== "Page 4242") fail(`page 4242: ${JSON.stringify(found.structuredContent.results[0])}`);
  await client.close();
  const fresh = await connect("stdio", source);
  const timed = async (query) => {
    const started = process.hrtime.bigint();
    const answer = await fresh.callTool({ name: "search", arguments: { query } });
    if (answer.isError) fail(`${query}: ${answer.content[0].text}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const cold = [];
  for (const q of BENCH_QUERIES) cold.push(await timed(q));
  const warm = [];
  for (let r = 0; r < rounds; r++) for (const q of BENCH_QUERIES) warm.push(await timed(q));
  await fresh.close();
  console.log(JSON.stringify({ queries: BENCH_QUERIES.length, cold: stats(cold), warm: stats(warm) }));
}

if (mode === "check") await check(rest[0], rest[1], rest[2]);
else if (mode === "latency") await latency(rest[0], Number(rest[1] || 10));
else fail(`unknown mode ${mode}`);
