#!/usr/bin/env bash
# Components that look like Mintlify's (issue 67): each case of
# bench/looks/cases.mjs drawn by Mintlify's published components (npm
# @mintlify/components, the oracle, installed here from the registry) and by
# sheaf from the MDX an author writes (bench/looks/cases/), compared part by
# part in headless Chromium at 1280 and 390 px, light and dark: box size,
# font size and weight, text, background and border colour, border width,
# radius, padding. Prints per case and in total the share of properties
# that match and of Mintlify's parts sheaf draws; writes side-by-side
# screenshots and every mismatch under $BENCH_DIR/looks/.
#
#   bench/looks.sh            LOOKS_CASES=card,tabs bench/looks.sh  (some)
#
# Needs node/npm and /usr/bin/chromium (CHROMIUM= to change); builds sheaf
# (release) unless SHEAF_BIN names a binary.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
looks=$here/bench/looks
(cd "$looks" && { [ -d node_modules/@mintlify/components ] || npm ci --no-audit --no-fund --silent; })
sheaf=${SHEAF_BIN:-$here/target/release/sheaf}
[ -n "${SHEAF_BIN:-}" ] || (cd "$here" && cargo build --release --locked --quiet)
out=$work/looks
rm -rf "$out"; mkdir -p "$out"
(cd "$looks" && node gen-cases.mjs && node render.mjs "$out/oracle" 2>/dev/null)
"$sheaf" build "$looks/cases" --out "$out/sheaf" --quiet >/dev/null
(cd "$looks" && node looks.mjs "$out/oracle" "$out/sheaf" "$out/shots")
