#!/usr/bin/env bash
# Times `sheaf build` (and `sheaf check`) on the shared benchmark corpus, and
# Hugo, Zola and mdBook beside it when they are on PATH.
# usage: bench/build.sh [N...]          (default: 1000 10000)
# env:   RUNS (default 3), BENCH_DIR (default /tmp/sheaf-bench), SHARED,
#        CARGO_TARGET_DIR (where the release binary is built)
#
# One row per tool and size: median wall time of RUNS builds, CPU (user+sys)
# and peak RSS of that median run (/usr/bin/time -v), output bytes (du -sb)
# and the ratio to the Markdown input (du -sb of the sheaf corpus).
set -euo pipefail
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(1000 10000)
runs=${RUNS:-3}
source "$(dirname "$0")/common.sh"
[ -x /usr/bin/time ] || { echo "bench/build.sh needs GNU time (/usr/bin/time)"; exit 1; }

sheaf=$(release_sheaf)

# Each run builds into a new, empty folder; every output is removed only
# when the script ends. Deleting tens of thousands of files right before a
# run would make ext4 (without a journal, as on the CI machines) skip the
# just-freed inodes while allocating new ones, a cost of the benchmark's
# clean-up rather than of the tool measured.
outputs=$(mktemp -d "$work/outputs.XXXXXX")
trap 'rm -rf "$outputs"' EXIT

# time_runs LABEL MD_BYTES CMD...: runs CMD $runs times, prints a row. In
# CMD, the word OUT stands for the run's output folder.
time_runs() {
  local label=$1 md=$2; shift 2
  local log=$work/time.log rows=() out
  for run in $(seq "$runs"); do
    out=$outputs/${label// /-}-$n-$run
    local cmd=()
    for word in "$@"; do cmd+=("${word//OUT/$out}"); done
    if ! /usr/bin/time -v -o "$log" "${cmd[@]}" >/dev/null 2>"$work/stderr.log"; then
      echo "$label failed:"; tail -5 "$work/stderr.log"; return 0
    fi
    rows+=("$(awk -F': ' '
      /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
      /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
      END { printf "%.2f %.2f %d\n", w, u + s, m / 1024 }' "$log")")
  done
  local median
  median=$(printf '%s\n' "${rows[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  local bytes=0
  [ -d "$out" ] && bytes=$(du -sb "$out" | cut -f1)
  read -r wall cpu rss <<<"$median"
  printf '%-14s %8s %8ss %8ss %8s MB %9s MB %6sx\n' "$label" "$n" "$wall" "$cpu" "$rss" \
    "$((bytes / 1000000))" "$(awk -v a="$bytes" -v b="$md" 'BEGIN { printf "%.1f", a / b }')"
}

printf '%-14s %8s %9s %9s %11s %12s %7s\n' tool pages wall cpu "peak RSS" output "vs md"
for n in "${sizes[@]}"; do
  dir=$(corpus_for "$n")
  md=$(du -sb "$dir/sheaf" | cut -f1)
  time_runs "sheaf build" "$md" "$sheaf" build "$dir/sheaf" --out OUT
  time_runs "sheaf check" "$md" "$sheaf" check "$dir/sheaf"
  if command -v hugo >/dev/null; then
    time_runs hugo "$md" hugo --quiet -s "$dir/hugo" -d OUT
  fi
  if command -v zola >/dev/null; then
    time_runs zola "$md" sh -c "cd '$dir/zola' && exec zola build -o OUT"
  fi
  if command -v mdbook >/dev/null; then
    time_runs mdbook "$md" mdbook build "$dir/mdbook" -d OUT
  fi
done
