#!/usr/bin/env bash
# Live preview benchmark on the shared corpus: time to the first page answer,
# to the end of the first build, and the time
# from saving one page to the reload signal (default sizes 1000 and 10000).
# usage: bench/serve.sh [N...]
set -euo pipefail
source "$(dirname "$0")/common.sh"
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)
for n in "${sizes[@]}"; do
  corpus=$(corpus_for "$n")
  cargo bench --quiet --manifest-path "$here/Cargo.toml" --bench serve_reload -- "$corpus/sheaf" 2>/dev/null | grep '^serve'
done
