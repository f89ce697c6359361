#!/usr/bin/env bash
# Time to a located error for each input bomb (bench/gen_bombs.py: 750
# nested components, tags, quotes and list items; lists 40,000 deep in a
# JSON spec, a YAML spec, frontmatter and site.json), for each binary given,
# with `timeout` (TIMEOUT seconds, default 120) so a crash or stall shows:
# prints wall time, exit code (124: timed out; 134: aborted) and the first
# error line.
# usage: bench/bombs.sh BIN [BIN...]
set -euo pipefail
source "$(dirname "$0")/common.sh"
dir=$(mktemp -d "$work/bombs.XXXX")
trap 'rm -rf "$dir"' EXIT
python3 "$here/bench/gen_bombs.py" "$dir" >/dev/null
for site in "$dir"/bomb-*; do
  for bin in "$@"; do
    rm -rf "$dir/out"
    start=$(date +%s.%N)
    status=0
    timeout "${TIMEOUT:-120}" "$bin" build "$site" --out "$dir/out" >"$dir/log" 2>&1 || status=$?
    took=$(echo "$(date +%s.%N) - $start" | bc)
    first=$(grep -m1 -E '^(error|warning)|overflow|panicked' "$dir/log" | cut -c1-100 || true)
    printf '%-22s %-28s %7.2f s  exit %3d  %s\n' "$(basename "$site")" "$bin" "$took" "$status" "$first"
  done
done
