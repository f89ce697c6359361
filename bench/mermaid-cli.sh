#!/usr/bin/env bash
# Mermaid: sheaf against mermaid-cli (issue 47). The distinct ```mermaid
# fences of the real sites, each drawn by @mermaid-js/mermaid-cli (its
# `renderMermaid`, what `mmdc` runs per diagram, one Chromium for all) and by
# sheaf's renderer (bench/mermaid-cost --sheaf: `mermaid_rs_renderer::render`
# as src/markdown/drawn.rs calls it), one after the other, each diagram
# wall-timed; then bench/mermaid-cli/report.py: time and bytes per site and in
# total, the diagrams one tool refuses and the other draws, and those where
# sheaf's drawing lacks a label mermaid-cli's shows.
#
#   bench/mermaid-cli.sh [DOCS_ROOT]   (default: every folder of ../shared/realworld
#                                       and ../shared/realworld-docsjson)
#
# mermaid-cli is installed from npm into target/mermaid-cli (Chromium's own
# download skipped: Debian's /usr/bin/chromium, or PUPPETEER_EXECUTABLE_PATH).
# Environment: BENCH_DIR (default /tmp/sheaf-bench; the diagrams and drawings
# go to BENCH_DIR/mermaid-cli), SHARED, MERMAID_CLI_VERSION (default 11.17.0).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
if [ $# -gt 0 ]; then
  roots=("$1")
else
  roots=()
  for root in "$shared"/realworld/*/ "$shared"/realworld-docsjson/*/; do roots+=("${root%/}"); done
fi
dir=$work/mermaid-cli
rm -rf "$dir/diagrams" "$dir/svg-cli" "$dir/svg-sheaf" && mkdir -p "$dir/svg-cli" "$dir/svg-sheaf"
python3 "$here/bench/mermaid-cli/collect.py" "$dir" "${roots[@]}"
count=$(find "$dir/diagrams" -name "*.mmd" | wc -l)
[ "$count" -gt 0 ] || { echo "no \`\`\`mermaid fence in ${roots[*]}"; exit 1; }

# mermaid-cli, pinned, outside the repository's tracked files.
cli=$here/target/mermaid-cli version=${MERMAID_CLI_VERSION:-11.17.0}
if [ "$(node -p "require('$cli/node_modules/@mermaid-js/mermaid-cli/package.json').version" 2>/dev/null)" != "$version" ]; then
  mkdir -p "$cli" && echo '{"private": true}' >"$cli/package.json"
  (cd "$cli" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --silent --no-audit --no-fund "@mermaid-js/mermaid-cli@$version")
fi
export PUPPETEER_EXECUTABLE_PATH=${PUPPETEER_EXECUTABLE_PATH:-/usr/bin/chromium}
# Chromium refuses to run as root without --no-sandbox.
echo '{"args": ["--no-sandbox", "--disable-gpu"]}' >"$dir/puppeteer.json"

# sheaf's side: the bench/mermaid-cost harness (a copy, so no Cargo.lock lands in the repo).
rm -rf "$dir/crate" && cp -r "$here/bench/mermaid-cost" "$dir/crate"
CARGO_TARGET_DIR=$dir/target cargo build --release --quiet --manifest-path "$dir/crate/Cargo.toml"

# That the API draws what the command does: mmdc itself on the first diagram.
first=$(set -- "$dir"/diagrams/*.mmd && echo "$1")
"$cli/node_modules/.bin/mmdc" -q -p "$dir/puppeteer.json" -i "$first" -o "$dir/mmdc-check.svg"

echo "$count distinct diagrams; drawing them with mermaid-cli $version ..." >&2
node "$here/bench/mermaid-cli/draw.mjs" "$cli" "$dir/puppeteer.json" "$dir/svg-cli" "$dir"/diagrams/*.mmd >"$dir/cli.tsv"
cmp -s "$dir/mmdc-check.svg" "$dir/svg-cli/$(basename "$first" .mmd).svg" &&
  echo "(mmdc's own output for $(basename "$first"): byte-identical to the API's)" ||
  echo "(mmdc's own output for $(basename "$first") DIFFERS from the API's)"
echo "... and with sheaf's renderer" >&2
"$dir/target/release/mermaid-cost" --sheaf "$dir/svg-sheaf" "$dir"/diagrams/*.mmd >"$dir/sheaf.tsv" 2>"$dir/sheaf.stderr"

echo "bench/mermaid-cli.sh ${1:-} on $(date -u +%Y-%m-%d), $(nproc) cores, mermaid-cli $version" \
  "(mermaid $(node -p "require('$cli/node_modules/mermaid/package.json').version")), $($PUPPETEER_EXECUTABLE_PATH --version 2>/dev/null | head -1)," \
  "mermaid-rs-renderer $(grep -o '"=[0-9.]*"' "$here/bench/mermaid-cost/Cargo.toml" | tr -d '"=')"
echo
python3 "$here/bench/mermaid-cli/report.py" "$dir"
