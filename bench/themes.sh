#!/usr/bin/env bash
# What a theme costs: a docs.json site (default: the User Group Service
# fixture, tests/fixtures/themes) built once per theme; each theme's pages
# (HTML bytes, all pages) and CSS bundle against mint's. Issue 61 asks for
# less than 5% growth.
# usage: bench/themes.sh [path/to/sheaf [docs root]]   (default: target/release/sheaf)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sheaf=${1:-$here/target/release/sheaf}
site=${2:-$here/tests/fixtures/themes}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
sizes() { # html bytes, css bytes of a built site
  local html css
  html=$(find "$1" -name '*.html' ! -path '*/_sheaf/*' ! -name 404.html -print0 | xargs -0 cat | wc -c)
  css=$(cat "$1"/_sheaf/sheaf.*.css | wc -c)
  echo "$html $css"
}
printf '%-8s %10s %8s %10s %8s\n' theme html '+%' css '+%'
for theme in mint maple palm willow linden almond aspen sequoia luma; do
  rm -rf "$work/src"; cp -r "$site" "$work/src"
  python3 - "$work/src/docs.json" "$theme" <<'PY'
import json, sys
path, theme = sys.argv[1], sys.argv[2]
docs = json.load(open(path)); docs["theme"] = theme
json.dump(docs, open(path, "w"), indent=2)
PY
  "$sheaf" build "$work/src" --out "$work/$theme" >/dev/null 2>&1
  read -r html css < <(sizes "$work/$theme")
  if [ "$theme" = mint ]; then mint_html=$html; mint_css=$css; fi
  printf '%-8s %10d %7.2f%% %10d %7.2f%%\n' "$theme" "$html" \
    "$(echo "scale=4; ($html - $mint_html) * 100 / $mint_html" | bc)" "$css" \
    "$(echo "scale=4; ($css - $mint_css) * 100 / $mint_css" | bc)"
done
