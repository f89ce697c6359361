#!/usr/bin/env bash
# Mintlify's styling contract (issue 58): for each stylesheet of
# bench/styling/ (modelled on what real sites' own CSS does: hide the search
# entry, recolour the navbar and footer, restyle cards and callouts, style
# pages under a path), the Mintlify names it targets and those sheaf's
# output carries, on tests/fixtures/styling-contract (the User Group Service
# with every component). JSON lines: one per stylesheet, then the total with
# the names missed. A name sheaf has no element for is listed, with why, in
# tests/fixtures/styling-contract.json (and docs/styling.mdx).
#
#   bench/styling-contract.sh [CSS...]    default: bench/styling/*.css
#
# Needs python3; builds sheaf (release) once.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$here" && cargo build --release --quiet)
cp -r "$here/tests/fixtures/styling-contract" "$work/site"
"$here/target/release/sheaf" build "$work/site" --out "$work/out" --quiet >/dev/null
if [ $# -eq 0 ]; then set -- "$here"/bench/styling/*.css; fi
python3 "$here/bench/styling/report.py" "$here/tests/fixtures/mintlify-selectors.json" "$work/out" "$@"
