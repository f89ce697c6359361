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

# time_runs LABEL OUT_DIR MD_BYTES CMD...: runs CMD $runs times, prints a row.
time_runs() {
  local label=$1 out=$2 md=$3; shift 3
  local log=$work/time.log rows=()
  for _ in $(seq "$runs"); do
    rm -rf "$out"
    if ! /usr/bin/time -v -o "$log" "$@" >/dev/null 2>"$work/stderr.log"; then
      echo "$label failed:"; tail -5 "$work/stderr.log"; return 0
    fi
    rows+=("$(awk -F': ' '
      /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
      /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
      END { printf "%.2f %.2f %d\n", w, u + s, m / 1024 }' "$log")")
  done
  local median
  median=$(printf '%s\n' "${rows[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  local bytes
  bytes=$(du -sb "$out" | cut -f1)
  read -r wall cpu rss <<<"$median"
  printf '%-14s %8s %8ss %8ss %8s MB %9s MB %6sx\n' "$label" "$n" "$wall" "$cpu" "$rss" \
    "$((bytes / 1000000))" "$(awk -v a="$bytes" -v b="$md" 'BEGIN { printf "%.1f", a / b }')"
}

printf '%-14s %8s %9s %9s %11s %12s %7s\n' tool pages wall cpu "peak RSS" output "vs md"
for n in "${sizes[@]}"; do
  dir=$(corpus_for "$n")
  md=$(du -sb "$dir/sheaf" | cut -f1)
  time_runs "sheaf build" "$work/out-sheaf-$n" "$md" "$sheaf" build "$dir/sheaf" --out "$work/out-sheaf-$n"
  time_runs "sheaf check" "$work/out-check-$n" "$md" sh -c "mkdir -p '$work/out-check-$n' && exec '$sheaf' check '$dir/sheaf'"
  if command -v hugo >/dev/null; then
    time_runs hugo "$work/out-hugo-$n" "$md" hugo --quiet -s "$dir/hugo" -d "$work/out-hugo-$n"
  fi
  if command -v zola >/dev/null; then
    time_runs zola "$work/out-zola-$n" "$md" sh -c "cd '$dir/zola' && exec zola build -o '$work/out-zola-$n'"
  fi
  if command -v mdbook >/dev/null; then
    time_runs mdbook "$work/out-mdbook-$n" "$md" mdbook build "$dir/mdbook" -d "$work/out-mdbook-$n"
  fi
done
