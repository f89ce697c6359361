#!/usr/bin/env bash
# sheaf's MCP server (issue 69) driven by the official TypeScript SDK,
# @modelcontextprotocol/sdk (bench/mcp/client.mjs), then its search latency
# through the MCP tool on the shared corpus.
#
#   bench/mcp.sh [N]   (default 10000 pages)
#
# 1. `sheaf mcp` over stdio on example-docs (built in memory), on its built
#    folder, and on the built site published by a loopback static host
#    (python3 -m http.server, under /docs/): initialize, tools/list, the
#    expected page first for each query, read_page, an unknown tool refused.
# 2. The same at `sheaf serve`'s /mcp (Streamable HTTP).
# 3. `search` round trips (client call to answer, over stdio) on the N-page
#    corpus built with the release binary: 20 queries cold (the server just
#    started: every shard read once), then 10 warm rounds; median, p90, max.
#
# The SDK is installed from npm into target/mcp-sdk (untracked).
# Environment: BENCH_DIR (default /tmp/sheaf-bench), SHARED, SHEAF_BIN (another
# binary than the release build), MCP_SDK_VERSION
# (default 1.32.2).
set -euo pipefail
n=${1:-10000}
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
sdk=$here/target/mcp-sdk version=${MCP_SDK_VERSION:-1.32.2}
if [ "$(node -p "require('$sdk/node_modules/@modelcontextprotocol/sdk/package.json').version" 2>/dev/null)" != "$version" ]; then
  mkdir -p "$sdk" && echo '{"private": true, "type": "module"}' >"$sdk/package.json"
  (cd "$sdk" && npm install --silent --no-audit --no-fund "@modelcontextprotocol/sdk@$version")
fi
# Beside its node_modules, so node finds the SDK.
cp "$here/bench/mcp/client.mjs" "$sdk/client.mjs"
bin=${SHEAF_BIN:-$(release_sheaf)}
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

# wait_for FILE PATTERN: the first match of PATTERN (grep -o) once FILE has one.
wait_for() {
  for _ in $(seq 600); do
    if grep -qo "$2" "$1" 2>/dev/null; then grep -o "$2" "$1" | head -1; return; fi
    sleep 0.1
  done
  echo "nothing like $2 in $1" >&2; cat "$1" >&2; exit 1
}

example=$here/example-docs www=$work/mcp-www
rm -rf "$www" && mkdir -p "$www"
"$bin" build "$example" --out "$www/docs" --quiet 2>/dev/null
node "$sdk/client.mjs" check "$bin" stdio "$example" /
node "$sdk/client.mjs" check "$bin" stdio "$www/docs" /

python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$www" >"$work/mcp-host.log" 2>&1 &
pids+=($!)
port=$(wait_for "$work/mcp-host.log" 'port [0-9]*' | cut -d' ' -f2)
node "$sdk/client.mjs" check "$bin" stdio "http://127.0.0.1:$port/docs" "http://127.0.0.1:$port/docs/"

"$bin" serve "$example" --port 0 >"$work/mcp-serve.log" 2>&1 &
pids+=($!)
preview=$(wait_for "$work/mcp-serve.log" 'http://127.0.0.1:[0-9]*/')
node "$sdk/client.mjs" check "$bin" http "${preview}mcp" /

corpus=$(corpus_for "$n")
site=$work/mcp-site-$n
"$bin" build "$corpus/sheaf" --out "$site" --quiet 2>/dev/null
node "$sdk/client.mjs" latency "$bin" "$site" 10 | python3 -c '
import json, sys
r = json.load(sys.stdin)
for name in ("cold", "warm"):
    s = r[name]
    line = "mcp search, %s pages, %s (%d calls of %d queries): median %.2f ms, p90 %.2f ms, max %.2f ms"
    print(line % (sys.argv[1], name, s["count"], r["queries"], s["median"], s["p90"], s["max"]))
' "$n"
