#!/usr/bin/env bash
# `sheaf migrate` against Mintlify's own mint.json -> docs.json upgrade
# (`upgradeToDocsConfig` in npm @mintlify/validation 0.1.878, the code
# Mintlify's tools run), on every mint.json site of ../shared/realworld/.
# For each site: the leaf values the upgrade writes that sheaf's docs.json
# lacks or writes otherwise (navigation aside, docs.json defaults aside), and
# whether the pages in navigation order differ. Prints each difference, then
# the totals. The Node side is bench/migrate-oracle/compare.mjs; its package
# is installed into bench/migrate-oracle/node_modules (ignored by git) when
# missing (needs node 18+ and npm). SHEAF=PATH runs another sheaf binary.
#
#   bench/migrate-oracle.sh [SITE_DIR...]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$here/../shared}
oracle=$here/bench/migrate-oracle
command -v node >/dev/null || { echo "migrate-oracle: node is not installed" >&2; exit 1; }
if [ ! -d "$oracle/node_modules/@mintlify/validation" ]; then
  (cd "$oracle" && npm install --no-audit --no-fund --loglevel=error)
fi
sheaf=${SHEAF:-}
if [ -z "$sheaf" ]; then
  (cd "$here" && cargo build --release --locked --quiet)
  sheaf=$here/target/release/sheaf
fi
if [ $# -gt 0 ]; then sites=("$@"); else sites=("$shared"/realworld/*/); fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
total_values=0; total_sites=0; order_sites=0; value_sites=0
for site in "${sites[@]}"; do
  site=${site%/}
  [ -f "$site/mint.json" ] || continue
  name=$(basename "$site")
  out="$work/$name.docs.json"
  if ! "$sheaf" migrate "$site" --out "$out" >"$work/$name.log" 2>&1; then
    echo "== $name: sheaf migrate failed"; sed 's/^/   /' "$work/$name.log"; continue
  fi
  report=$(node "$oracle/compare.mjs" "$site/mint.json" "$out")
  summary=$(tail -n1 <<<"$report")
  values=$(sed -n 's/.*values=\([0-9]*\).*/\1/p' <<<"$summary")
  pages=$(sed -n 's/.*pages=\([0-9]*\).*/\1/p' <<<"$summary")
  total_sites=$((total_sites + 1))
  total_values=$((total_values + values))
  [ "$values" -gt 0 ] && value_sites=$((value_sites + 1))
  [ "$pages" -gt 0 ] && order_sites=$((order_sites + 1))
  echo "== $name: $values value(s), pages $([ "$pages" = 0 ] && echo same || echo differ)"
  head -n -1 <<<"$report" | sed 's/^/   /'
done
echo "sites: $total_sites; values the upgrade writes that migrate lacks or changes: $total_values on $value_sites site(s); sites whose pages come out in another order: $order_sites"
