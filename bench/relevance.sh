#!/usr/bin/env bash
# Search relevance: sheaf against Pagefind (issue 48), on real sites, in one
# run. Each site is built by sheaf; Pagefind (npm `pagefind`, installed here
# into BENCH_DIR/relevance) indexes the same pages (sheaf's index's docs, their
# article, each page's version as a filter). Queries are made from the built
# pages with a fixed seed (titles, rare heading phrases, CJK words from the
# middle of a sentence: bench/relevance/queries.py) and asked in headless
# Chromium of both engines (bench/relevance/run.mjs); report.py prints hit@1,
# hit@5, MRR@10, query time, first-query bytes and index size per site.
#
#   bench/relevance.sh [SITE_FOLDER...]   (default: the sites of ../shared/realworld-docsjson
#                                          with more than 300 pages, one with versions, one with CJK)
#
# Environment: SHEAF (a sheaf binary to measure instead of the release build,
# e.g. an older one), BENCH_DIR, SHARED, SEED (default 48), PAGEFIND_VERSION
# (default 1.6.0). Needs chromium, chromium-driver, node and npm.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
if [ $# -gt 0 ]; then
  sites=("$@")
else
  sites=()
  for name in langwatch__langwatch PrefectHQ__fastmcp ton-org__docs lancedb__docs dubinc__docs plastic-labs__honcho fim-ai__fim-one; do
    sites+=("$shared/realworld-docsjson/$name")
  done
fi
bin=${SHEAF:-$(release_sheaf)}
dir=$work/relevance
mkdir -p "$dir"
if [ ! -d "$dir/node_modules/pagefind" ]; then
  npm install --silent --no-save --prefix "$dir" "pagefind@${PAGEFIND_VERSION:-1.6.0}" >/dev/null
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
for root in "${sites[@]}"; do
  name=$(basename "$root")
  docs=$root
  [ -f "$docs/docs.json" ] || [ -f "$docs/mint.json" ] || docs=$root/docs
  out=$dir/$name
  rm -rf "$out" && mkdir -p "$out"
  "$bin" build "$docs" --offline --out "$out/site" >/dev/null 2>&1 || { echo "$name: sheaf build failed"; continue; }
  python3 "$here/bench/relevance/pages.py" "$out/site" "$out/pages.json"
  python3 "$here/bench/relevance/queries.py" "$out/pages.json" "$out/queries.json" "${SEED:-48}"
  node "$here/bench/relevance/pagefind-index.mjs" "$dir/node_modules" "$out/site" "$out/pages.json"
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site" >/dev/null 2>&1 &
  server=$!
  until curl -s -o /dev/null "http://127.0.0.1:$port/"; do sleep 0.1; done
  node "$here/bench/relevance/run.mjs" "http://127.0.0.1:$port" "$out/queries.json" "$out/answers.json" || true
  kill "$server"
  wait "$server" 2>/dev/null || true
  python3 "$here/bench/relevance/report.py" "$name" "$out/site" "$out/pages.json" "$out/queries.json" "$out/answers.json"
done
