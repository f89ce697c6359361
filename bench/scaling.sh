#!/usr/bin/env bash
# How `sheaf build` time grows with the site: builds of SMALL and LARGE
# pages (default 10000 and 100000), interleaved SMALL, LARGE, SMALL in each
# of ROUNDS rounds (default 3), with `sync` before every build so no build
# pays for the previous one's writeback. On a shared virtual machine the
# speed drifts within minutes; interleaving keeps both sizes under the same
# conditions, and each round's ratio shows how far it drifts.
#
# The kernel writes a build's output to the disk later, during the build
# only once enough is waiting (10% of memory by default): a large build pays
# for part of its own writeback, a small one for none of it. So the script
# also times the `sync` after each build and gives the ratio of the times
# until the output is on the disk ("to disk"), where both sizes pay for all
# of their writeback.
# usage: bench/scaling.sh [SMALL LARGE]
# env:   ROUNDS, BENCH_DIR (default /tmp/sheaf-bench), SHARED, CARGO_TARGET_DIR
#
# On a disk, needs room for ROUNDS × (LARGE + 2 SMALL) outputs (about 26 KB
# a page); they are removed when the script ends, after the figures are
# printed, because removing many files costs the filesystem work for a while
# after and would slow the next build. With BENCH_DIR in memory (tmpfs, e.g.
# /dev/shm/sheaf-bench), each output is removed once measured: there it is
# cheap, and memory is short. Without a disk, no build waits on reading the
# corpus or on the kernel writing earlier output back, so the ratio shows
# how sheaf's own work grows.
set -euo pipefail
small=${1:-10000}
large=${2:-100000}
rounds=${ROUNDS:-3}
source "$(dirname "$0")/common.sh"
[ -x /usr/bin/time ] || { echo "bench/scaling.sh needs GNU time (/usr/bin/time)"; exit 1; }

sheaf=$(release_sheaf)
small_corpus=$(corpus_for "$small")/sheaf
large_corpus=$(corpus_for "$large")/sheaf
outputs=$(mktemp -d "$work/scaling.XXXXXX")
trap 'rm -rf "$outputs"' EXIT
in_memory=$([ "$(stat -f -c %T "$outputs")" = tmpfs ] && echo yes || echo no)

# build N CORPUS: one build into a new folder, then a sync; prints
# "wall cpu rss_mb user to_disk" (to_disk: wall plus the sync's time).
build() {
  local out=$outputs/$1-$RANDOM$RANDOM started
  sync
  /usr/bin/time -f "%e %U %S %M" -o "$work/scaling.time" \
    "$sheaf" build "$2" --out "$out" >/dev/null 2>"$work/scaling.log" ||
    { echo "sheaf build of $1 pages failed:"; tail -5 "$work/scaling.log"; return 1; }
  started=$(date +%s.%N)
  sync
  local flush
  flush=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
  [ "$in_memory" = no ] || rm -rf "$out"
  awk -v flush="$flush" '{ printf "%.2f %.2f %d %.2f %.2f\n", $1, $2 + $3, $4 / 1024, $2, $1 + flush }' \
    "$work/scaling.time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

small_walls=() large_walls=() small_users=() large_users=() small_disk=() large_disk=()
[ "$in_memory" = no ] || echo "(in memory: $work is a tmpfs)"
printf '%-6s %10s %10s %10s %8s\n' round "$small (s)" "$large (s)" "$small (s)" ratio
for round in $(seq "$rounds"); do
  # A failed build prints why instead of figures; stop there.
  first=$(build "$small" "$small_corpus") || { echo "$first"; exit 1; }
  second=$(build "$large" "$large_corpus") || { echo "$second"; exit 1; }
  third=$(build "$small" "$small_corpus") || { echo "$third"; exit 1; }
  read -r a _ _ ua da <<<"$first"
  read -r b cpu rss ub db <<<"$second"
  read -r c _ _ uc dc <<<"$third"
  small_walls+=("$a" "$c") large_walls+=("$b")
  small_users+=("$ua" "$uc") large_users+=("$ub")
  small_disk+=("$da" "$dc") large_disk+=("$db")
  # round_ratio SMALL LARGE SMALL: the large figure over the mean small one
  round_ratio() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.1f", 2 * b / (a + c) }'; }
  printf '%-6s %10s %10s %10s %7s×   (%s: cpu %s s, peak RSS %s MB; user time %s×, to disk %s×)\n' \
    "$round" "$a" "$b" "$c" "$(round_ratio "$a" "$b" "$c")" "$large" "$cpu" "$rss" \
    "$(round_ratio "$ua" "$ub" "$uc")" "$(round_ratio "$da" "$db" "$dc")"
done
# ratio of two medians, to one decimal
ratio_of() { awk -v s="$1" -v l="$2" 'BEGIN { printf "%.1f", l / s }'; }
s=$(printf '%s\n' "${small_walls[@]}" | median)
l=$(printf '%s\n' "${large_walls[@]}" | median)
su=$(printf '%s\n' "${small_users[@]}" | median)
lu=$(printf '%s\n' "${large_users[@]}" | median)
echo "median: $small pages ${s} s, $large pages ${l} s: $(ratio_of "$s" "$l")×"
echo "median user time (outside the kernel): ${su} s, ${lu} s: $(ratio_of "$su" "$lu")×"
sd=$(printf '%s\n' "${small_disk[@]}" | median)
ld=$(printf '%s\n' "${large_disk[@]}" | median)
echo "median time until the output is on the disk (build, then sync): ${sd} s, ${ld} s: $(ratio_of "$sd" "$ld")×"
