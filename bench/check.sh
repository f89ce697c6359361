#!/usr/bin/env bash
# Times `sheaf check` on the shared benchmark corpus (N pages, default 10000).
# usage: bench/check.sh [N]
set -euo pipefail
n=${1:-10000}
source "$(dirname "$0")/common.sh"
corpus=$(corpus_for "$n")
bin=$(release_sheaf)
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
