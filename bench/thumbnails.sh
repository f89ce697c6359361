#!/usr/bin/env bash
# docs.json settings (issue 59): what they cost, two sheaf binaries in one run.
#
#   bench/thumbnails.sh BEFORE AFTER [RUNS]
#
# 1. The 10k-page corpus with none of the settings (thumbnails off): build
#    time (median of RUNS, default 5, runs alternating) and output bytes of
#    BEFORE and AFTER.
# 2. Thumbnails on (AFTER only), on the 1,000-page corpus with
#    `"thumbnails": {"appearance": "light"}`: a build without them, a cold
#    build (empty cache: every card drawn) and a warm one (every card read
#    from the cache), median of RUNS each; the cost per page is the
#    difference with the build without them, over the pages.
set -euo pipefail
source "$(dirname "$0")/common.sh"
before=$1 after=$2 runs=${3:-5}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timed() { # timed BIN SITE OUT [ARGS…]: seconds of one build
  local bin=$1 site=$2 out=$3
  shift 3
  rm -rf "$out"
  /usr/bin/time -f %e "$bin" build "$site" --out "$out" "$@" 2>&1 >/dev/null | tail -1
}

corpus=$(corpus_for 10000)/sheaf
echo "== 10k corpus, thumbnails off ($runs runs each, alternating)"
: >"$work/t-before"; : >"$work/t-after"
for _ in $(seq "$runs"); do
  timed "$before" "$corpus" "$work/out-before" --no-cache >>"$work/t-before"
  timed "$after" "$corpus" "$work/out-after" --no-cache >>"$work/t-after"
done
for which in before after; do
  printf '%s: median %ss, output %s bytes\n' "$which" "$(median <"$work/t-$which")" \
    "$(du -sb "$work/out-$which" | cut -f1)"
done

small=$(corpus_for 1000)
plain=$small/sheaf
cards=$(variant_corpus "$small" sheaf-thumbnails '{"thumbnails": {"appearance": "light"}}')
pages=$(find "$plain" -name '*.md' -o -name '*.mdx' | wc -l)
echo "== 1,000-page corpus ($pages pages), thumbnails on, AFTER ($runs runs each)"
: >"$work/t-off"; : >"$work/t-cold"; : >"$work/t-warm"
for _ in $(seq "$runs"); do
  timed "$after" "$plain" "$work/out-off" --no-cache >>"$work/t-off"
  rm -rf "$work/thumb-cache"
  timed "$after" "$cards" "$work/out-cold" --cache-dir "$work/thumb-cache" >>"$work/t-cold"
  timed "$after" "$cards" "$work/out-warm" --cache-dir "$work/thumb-cache" >>"$work/t-warm"
done
off=$(median <"$work/t-off") cold=$(median <"$work/t-cold") warm=$(median <"$work/t-warm")
printf 'off %ss, cold %ss, warm %ss\n' "$off" "$cold" "$warm"
awk -v off="$off" -v cold="$cold" -v warm="$warm" -v n="$pages" 'BEGIN {
  printf "per page: cold %.2f ms, warm %.2f ms (wall, all cores)\n", (cold - off) * 1000 / n, (warm - off) * 1000 / n }'
printf 'cards: %s files, %s bytes\n' "$(find "$work/out-cold/_sheaf/og" -name '*.png' | wc -l)" \
  "$(du -sb "$work/out-cold/_sheaf/og" | cut -f1)"
