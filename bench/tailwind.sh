#!/usr/bin/env bash
# The Tailwind oracle (issue 51): for each site of ../shared/realworld*/, the
# class names sheaf collects (`sheaf check --utility-classes`, the same
# collection its builds style) go through the real Tailwind v3 CLI
# (tailwindcss@3 from npm, installed into target/tailwind-oracle, never into
# the repository; darkMode on `[data-theme="dark"]`, no preflight:
# bench/tailwind/tailwind.config.js) and through `sheaf build`. Per site: the
# classes collected, those Tailwind styles, the share of them sheaf styles
# too (a selector names the class in one of the built pages' <style>), and
# every miss with its reason (bench/tailwind/compare.py). Also the bytes of
# CSS a page with utility classes carries, and the pages that have some.
#
#   bench/tailwind.sh            every site; JSON lines in target/tailwind-oracle/results.jsonl
#
# Needs node 20 and npm (once, for the install), python3, a release build.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$here/../shared}
work=$here/target/tailwind-oracle
mkdir -p "$work"
if [ ! -x "$work/node_modules/.bin/tailwindcss" ]; then
  (cd "$work" && npm install --no-audit --no-fund --loglevel=error tailwindcss@3)
fi
(cd "$here" && cargo build --release --quiet)
sheaf=$here/target/release/sheaf
results=$work/results.jsonl
: > "$results"

for dir in "$shared"/realworld/*/ "$shared"/realworld-docsjson/*/; do
  dir=${dir%/}; name=$(basename "$dir"); root=$dir
  out=$work/sites/$name; mkdir -p "$out"
  "$sheaf" check "$root" --offline --utility-classes --quiet > "$out/classes.txt" 2>/dev/null || true
  [ -s "$out/classes.txt" ] || { echo "{\"site\": \"$name\", \"collected\": 0}" >> "$results"; continue; }
  TW_CLASSES=$out/classes.txt "$work/node_modules/.bin/tailwindcss" \
    -c "$here/bench/tailwind/tailwind.config.js" -i "$here/bench/tailwind/input.css" \
    -o "$out/tailwind.css" 2>/dev/null
  rm -rf "$out/site"
  "$sheaf" build "$root" --offline --out "$out/site" --quiet >/dev/null 2>&1 || true
  python3 "$here/bench/tailwind/compare.py" "$name" "$out/classes.txt" "$out/tailwind.css" "$out/site" >> "$results"
done
python3 "$here/bench/tailwind/report.py" "$results" "$work/sites"
