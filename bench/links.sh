#!/usr/bin/env bash
# A page's cost against its number of links: builds a one-page site whose
# page holds N lines of `Lorem [link](/index) ipsum`, for each size and each
# binary given (the same run, so binaries compare), and prints wall time and
# peak RSS. Linear cost means 4× the links take about 4× the time.
# usage: bench/links.sh BIN [BIN...]   (SIZES="12800 51200 204800")
set -euo pipefail
source "$(dirname "$0")/common.sh"
sizes=(${SIZES:-12800 51200 204800})
site=$(mktemp -d "$work/links.XXXX")
trap 'rm -rf "$site"' EXIT
printf '{"name":"Links","navigation":[{"group":"G","pages":["index"]}]}' >"$site/site.json"
for n in "${sizes[@]}"; do
  python3 -c "import sys; print('# Links\n'); sys.stdout.write('Lorem [link](/index) ipsum\n' * $n)" >"$site/index.mdx"
  for bin in "$@"; do
    rm -rf "$site.out"
    /usr/bin/time -f "$bin, $n links: %e s, %M KB peak" "$bin" build "$site" --out "$site.out" 2>&1 >/dev/null | tail -1
  done
done
rm -rf "$site.out"
