#!/usr/bin/env bash
# Times `sheaf check` on the shared benchmark corpus (N pages, default 10000).
# usage: bench/check.sh [N]
set -euo pipefail
n=${1:-10000}
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$here/../shared}
work=${BENCH_DIR:-/tmp/sheaf-bench}
corpus=$work/corpus-$n
if [ ! -f "$corpus/sheaf/site.json" ]; then
  rm -rf "$corpus"; mkdir -p "$work"
  python3 "$shared/bench/gen_corpus.py" "$n" "$corpus" >/dev/null
fi
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin=${CARGO_TARGET_DIR:-$here/target}/release/sheaf
runs=5
times=()
for _ in $(seq $runs); do
  start=$(date +%s%N)
  "$bin" check "$corpus/sheaf" >/dev/null 2>&1 || { echo "sheaf check failed"; "$bin" check "$corpus/sheaf" 2>&1 | tail -5; exit 1; }
  end=$(date +%s%N)
  times+=($(( (end - start) / 1000000 )))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
echo "sheaf check, $n-page navigation: runs (ms): $sorted; median $(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p") ms"
