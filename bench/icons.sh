#!/usr/bin/env bash
# Icons (issues 57 and 65): two sheaf binaries compared in one run.
#
#   bench/icons.sh BEFORE AFTER [RUNS]
#
# 1. `unknown-icon` warnings and `icon-library` notes of `check --format json`
#    over every site of ../shared/realworld and ../shared/realworld-docsjson,
#    with the names still unknown after and the open icon standing in for
#    each name no library has;
# 2. the binaries' sizes (as built, and stripped);
# 3. build time (median of RUNS, default 3, runs alternating) and output
#    bytes of the 10k-page corpus and of an icon-heavy real site.
set -euo pipefail
source "$(dirname "$0")/common.sh"
before=$1 after=$2 runs=${3:-3}

count() { # count BIN OUT: findings of both icon rules over the real sites
  local bin=$1 out=$2
  : >"$out"
  for d in "$shared"/realworld/*/ "$shared"/realworld-docsjson/*/; do
    "$bin" check "$d" --format json 2>/dev/null |
      grep -E '"rule":"(unknown-icon|icon-library)"' | sed "s|^|$(basename "$d")\t|" >>"$out" || true
  done
  printf '%s: unknown-icon %s, icon-library %s\n' "$3" \
    "$(grep -c '"unknown-icon"' "$out" || true)" "$(grep -c '"icon-library"' "$out" || true)"
}
echo "== unknown icons over the real sites"
count "$before" "$work/icons-before.jsonl" before
count "$after" "$work/icons-after.jsonl" after
echo "names still unknown after (count name):"
grep '"unknown-icon"' "$work/icons-after.jsonl" | grep -o 'unknown icon `[^`]*`' |
  sed 's/unknown icon //' | sort | uniq -c | sort -rn || true
echo "stand-ins after (count name -> open icon):"
grep -o 'icon `[^`]*`[^"]*the nearest open icon' "$work/icons-after.jsonl" |
  sed -E 's/icon `([^`]*)`.*drawn as `([^`]*)`.*/\1 -> \2/' | sort | uniq -c | sort -rn || true

echo "== binary size (bytes: as built / stripped)"
for bin in "$before" "$after"; do
  strip -o "$work/stripped" "$bin"
  echo "$bin: $(stat -c %s "$bin") / $(stat -c %s "$work/stripped")"
done

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timed() { # timed BIN SITE OUT: seconds of one build
  rm -rf "$3"
  /usr/bin/time -f %e "$1" build "$2" --out "$3" --no-cache 2>&1 >/dev/null | tail -1
}
corpus=$(corpus_for 10000)/sheaf
heavy="$shared/realworld-docsjson/PrefectHQ__fastmcp"
for site in "$corpus" "$heavy"; do
  echo "== build of $site ($runs runs each, alternating)"
  : >"$work/t-before"; : >"$work/t-after"
  for _ in $(seq "$runs"); do
    timed "$before" "$site" "$work/out-before" >>"$work/t-before"
    timed "$after" "$site" "$work/out-after" >>"$work/t-after"
  done
  for which in before after; do
    printf '%s: median %ss, output %s bytes\n' "$which" "$(median <"$work/t-$which")" \
      "$(du -sb "$work/out-$which" | cut -f1)"
  done
done
