#!/usr/bin/env bash
# Search index size and in-browser query speed on the shared corpus
# (default 10000 pages). Needs chromium and chromium-driver.
# usage: bench/search.sh [N]
set -euo pipefail
n=${1:-10000}
source "$(dirname "$0")/common.sh"
corpus=$(corpus_for "$n")
bin=$(release_sheaf)
out=$work/site-$n
"$bin" build "$corpus/sheaf" --out "$out" 2>/dev/null
md=$(find "$corpus/sheaf" -name '*.md' -print0 | du -cb --files0-from=- | tail -1 | cut -f1)
index=$(du -sb "$out/search" | cut -f1)
files=$(find "$out/search" -type f | wc -l)
echo "search index, $n pages: $((index / 1024 / 1024)) MB in $files files for $((md / 1024 / 1024)) MB of Markdown ($(( index * 100 / md ))%)"
cargo bench --quiet --manifest-path "$here/Cargo.toml" --bench search_browser -- "$out" 2>/dev/null | grep '^search'
