#!/usr/bin/env bash
# Mintlify's styling contract (issues 58, 67): for each stylesheet of
# bench/styling/ (modelled on what real sites' own CSS does: hide the search
# entry, recolour the navbar and footer, restyle cards and callouts, style
# pages under a path, restyle the page's chrome), the Mintlify names it
# targets and those sheaf's output carries, on tests/fixtures/styling-contract
# (the User Group Service with every component) and tests/fixtures/page-names
# (a banner, two languages, "On this page"). JSON lines: one per stylesheet,
# then the total with the names missed, then every name Mintlify documents
# (../shared/mintlify/selectors.json, the names real sites' CSS reaches
# for) with those the sites lack. A name sheaf has no element for is
# listed, with why, in tests/fixtures/styling-contract.json (and
# docs/styling.mdx).
#
#   bench/styling-contract.sh [CSS...]    default: bench/styling/*.css
#
# Needs python3; builds sheaf (release) once, unless SHEAF_BIN names a
# binary (a debug build writes the same output). HTML_ONLY=1 counts only
# what the HTML holds as written, not what the theme's scripts add.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sheaf=${SHEAF_BIN:-}
if [ -z "$sheaf" ]; then
  (cd "$here" && cargo build --release --quiet)
  sheaf="$here/target/release/sheaf"
fi
outs=()
for fixture in styling-contract page-names; do
  [ -d "$here/tests/fixtures/$fixture" ] || continue
  cp -r "$here/tests/fixtures/$fixture" "$work/$fixture"
  "$sheaf" build "$work/$fixture" --out "$work/out-$fixture" --quiet >/dev/null
  outs+=("$work/out-$fixture")
done
selectors="$here/../shared/mintlify/selectors.json"
[ -f "$selectors" ] || selectors="$here/tests/fixtures/mintlify-selectors.json"
if [ $# -eq 0 ]; then set -- "$here"/bench/styling/*.css; fi
flags=()
if [ "${HTML_ONLY:-}" = 1 ]; then flags=(--html-only); fi
python3 "$here/bench/styling/report.py" ${flags[@]+"${flags[@]}"} "$selectors" "$(IFS=,; echo "${outs[*]}")" "$@"
