#!/usr/bin/env bash
# Times `sheaf build` (and `sheaf check`) on the shared benchmark corpus, and
# Hugo, Zola and mdBook beside it when they are on PATH.
# usage: bench/build.sh [N...]          (default: 1000 10000)
# env:   RUNS (default 3), BENCH_DIR (default /tmp/sheaf-bench), SHARED,
#        CARGO_TARGET_DIR (where the release binary is built), QUICK=1
#        (only the default build, its rebuild and the other tools)
#
# "sheaf lean" builds the same pages with `"markdownSources": false` (no
# per-page Markdown copies, no llms-full.txt), "sheaf lean html" also with
# `"pageUrls": "html"` (a/b.html instead of a/b/index.html): the same full
# theme and search index, with fewer and smaller files.
#
# One row per tool and size: median wall time of RUNS builds, CPU (user+sys)
# and peak RSS of that median run (/usr/bin/time -v), output bytes (du -sb,
# which counts 4 KB per folder) and the ratio to the Markdown input (du -sb
# of the sheaf corpus). Rows marked "again" rebuild over the output of a
# previous build of the same input (what an author's local rebuild does;
# Zola needs --force for it). The sheaf breakdown line adds up file sizes
# (not du): what a web server serves.
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

# time_rebuilds LABEL MD_BYTES CMD...: builds once into a folder (not
# timed), then times RUNS builds of the same input over it.
time_rebuilds() {
  local label=$1 md=$2; shift 2
  local out=$outputs/${label// /-}-$n-previous cmd=()
  for word in "$@"; do cmd+=("${word//OUT/$out}"); done
  "${cmd[@]}" >/dev/null 2>&1 || { echo "$label: first build failed"; return 0; }
  time_runs "$label" "$md" "${cmd[@]}"
}

# file_bytes DIR [FIND-ARGS...]: the sum of the sizes of the files under DIR.
file_bytes() {
  local dir=$1; shift
  find "$dir" -type f "$@" -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'
}

# breakdown OUT MD_DIR: what a sheaf output is made of, against the
# Markdown pages (file sizes, not du).
breakdown() {
  local out=$1 md html assets md_copies llms search total pages
  md=$(file_bytes "$2" \( -name '*.md' -o -name '*.mdx' \))
  html=$(file_bytes "$out" -name '*.html' -not -path '*/_sheaf/*')
  assets=$(file_bytes "$out/_sheaf")
  md_copies=$(file_bytes "$out" -name '*.md')
  llms=$(file_bytes "$out" -maxdepth 1 -name 'llms*.txt')
  search=$(file_bytes "$out/search")
  total=$(file_bytes "$out")
  pages=$(find "$out" -type f -name '*.html' -not -path '*/_sheaf/*' | wc -l)
  awk -v md="$md" -v h="$html" -v a="$assets" -v c="$md_copies" -v l="$llms" -v s="$search" -v t="$total" -v p="$pages" 'BEGIN {
    printf "  files: Markdown pages %.1f MB; HTML pages and assets %.1f MB = %.2fx (HTML %.1f KB a page, assets %.0f KB once); Markdown copies %.2fx, llms*.txt %.2fx, search index %.2fx; all files %.2fx\n",
      md / 1e6, (h + a) / 1e6, (h + a) / md, h / p / 1e3, a / 1e3, c / md, l / md, s / md, t / md }'
}

printf '%-15s %8s %9s %9s %11s %12s %7s\n' tool pages wall cpu "peak RSS" output "vs md"
for n in "${sizes[@]}"; do
  dir=$(corpus_for "$n")
  md=$(du -sb "$dir/sheaf" | cut -f1)
  time_runs "sheaf build" "$md" "$sheaf" build "$dir/sheaf" --out OUT
  breakdown "$outputs/sheaf-build-$n-$runs" "$dir/sheaf"
  time_rebuilds "sheaf again" "$md" "$sheaf" build "$dir/sheaf" --out OUT
  if [ -z "${QUICK:-}" ]; then
    time_runs "sheaf lean" "$md" "$sheaf" build "$(lean_corpus "$dir")" --out OUT
    time_runs "sheaf lean html" "$md" "$sheaf" build "$(lean_html_corpus "$dir")" --out OUT
    time_runs "sheaf check" "$md" "$sheaf" check "$dir/sheaf"
  fi
  if command -v hugo >/dev/null; then
    time_runs hugo "$md" hugo --quiet -s "$dir/hugo" -d OUT
    time_rebuilds "hugo again" "$md" hugo --quiet -s "$dir/hugo" -d OUT
  fi
  if command -v zola >/dev/null; then
    time_runs zola "$md" sh -c "cd '$dir/zola' && exec zola build -o OUT"
    time_rebuilds "zola again" "$md" sh -c "cd '$dir/zola' && exec zola build --force -o OUT"
  fi
  if command -v mdbook >/dev/null; then
    time_runs mdbook "$md" mdbook build "$dir/mdbook" -d OUT
  fi
done
