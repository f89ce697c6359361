#!/usr/bin/env bash
# Times `sheaf build` (and `sheaf check`) on the shared benchmark corpus, and
# Hugo, Zola and mdBook beside it when they are on PATH.
# usage: bench/build.sh [N...]          (default: 1000 10000)
# env:   RUNS (default 3), BENCH_DIR (default /tmp/sheaf-bench), SHARED,
#        CARGO_TARGET_DIR (where the release binary is built)
#
# "sheaf lean" builds the same pages with `"markdownSources": false` (no
# per-page Markdown copies, no llms-full.txt), "sheaf lean html" also with
# `"pageUrls": "html"` (a/b.html instead of a/b/index.html): the same full
# theme and search index, with fewer and smaller files.
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
  read -r wall cpu rss <<<"$median"
  local size="-" ratio="-"
  if [ -d "$out" ]; then
    local bytes
    bytes=$(du -sb "$out" | cut -f1)
    size="$((bytes / 1000000)) MB"
    ratio="$(awk -v a="$bytes" -v b="$md" 'BEGIN { printf "%.1fx", a / b }')"
  fi
  printf '%-15s %8s %8ss %8ss %8s MB %12s %7s\n' "$label" "$n" "$wall" "$cpu" "$rss" "$size" "$ratio"
}

# breakdown OUT MD_BYTES: what a sheaf output is made of, against the Markdown.
breakdown() {
  local out=$1 md=$2
  local md_copies llms search total
  md_copies=$(find "$out" -name '*.md' -type f -print0 | du -cb --files0-from=- | tail -1 | cut -f1)
  llms=$(du -cb "$out"/llms*.txt | tail -1 | cut -f1)
  search=$(du -sb "$out/search" | cut -f1)
  total=$(du -sb "$out" | cut -f1)
  awk -v md="$md" -v c="$md_copies" -v l="$llms" -v s="$search" -v t="$total" 'BEGIN {
    printf "  output: Markdown copies %.1fx, llms*.txt %.1fx, search index %.1fx, pages and assets %.1fx; without the Markdown copies and llms files %.1fx\n",
      c / md, l / md, s / md, (t - c - l - s) / md, (t - c - l) / md }'
}

printf '%-15s %8s %9s %9s %11s %12s %7s\n' tool pages wall cpu "peak RSS" output "vs md"
for n in "${sizes[@]}"; do
  dir=$(corpus_for "$n")
  md=$(du -sb "$dir/sheaf" | cut -f1)
  time_runs "sheaf build" "$md" "$sheaf" build "$dir/sheaf" --out OUT
  breakdown "$outputs/sheaf-build-$n-$runs" "$md"
  time_runs "sheaf lean" "$md" "$sheaf" build "$(lean_corpus "$dir")" --out OUT
  time_runs "sheaf lean html" "$md" "$sheaf" build "$(lean_html_corpus "$dir")" --out OUT
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
