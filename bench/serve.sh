#!/usr/bin/env bash
# Live preview benchmark on the shared corpus: start-up time and the time
# from saving one page to the reload signal (default sizes 1000 and 10000).
# usage: bench/serve.sh [N...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$here/../shared}
work=${BENCH_DIR:-/tmp/sheaf-bench}
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)
for n in "${sizes[@]}"; do
  corpus=$work/corpus-$n
  if [ ! -f "$corpus/sheaf/site.json" ]; then
    rm -rf "$corpus"; mkdir -p "$work"
    python3 "$shared/bench/gen_corpus.py" "$n" "$corpus" >/dev/null
  fi
  cargo bench --quiet --manifest-path "$here/Cargo.toml" --bench serve_reload -- "$corpus/sheaf" 2>/dev/null | grep '^serve'
done
