#!/usr/bin/env bash
# An interrupted rebuild leaves the output as the whole old site or the whole
# new one. Builds the corpus of N pages (default 10,000) and rebuilds it once
# under another name (timed), then ROUNDS times (default 20) rebuilds it with
# the other of two site names (so every page changes), sends a signal
# (SIGKILL, SIGTERM, SIGINT in turn) at a random moment within 1.2 times the
# timed rebuild (before, during or after the commit), and checks that every page of the output
# carries one name (all old or all new) and that the output holds as many
# files as a complete build. After each round a complete build of the same
# name must leave no staging folder beside the output.
# usage: bench/interrupt.sh [N] [ROUNDS]    (SHEAF_BIN, default the release build)
set -euo pipefail
source "$(dirname "$0")/common.sh"
n=${1:-10000}
rounds=${2:-20}
bin=${SHEAF_BIN:-$here/target/release/sheaf}
corpus=$(corpus_for "$n")
a=$(variant_corpus "$corpus" interrupt-a '{"name": "Interrupt Alpha"}')
b=$(variant_corpus "$corpus" interrupt-b '{"name": "Interrupt Bravo"}')
parent=$(mktemp -d "$work/interrupt.XXXX")
out=$parent/site
trap 'rm -rf "$parent"' EXIT

# pages_named NAME: how many HTML pages of the output carry NAME.
pages_named() { { grep -rlF --include='*.html' "$1" "$out" || true; } | wc -l; }
files() { find "$out" -type f | wc -l; }
leftovers() { find "$parent" -mindepth 1 -maxdepth 1 -name '.site.staging-*' | wc -l; }

"$bin" build "$a" --out "$out" 2>/dev/null
# The signals land in [0, 1.2 x a complete rebuild's time]: some before
# the commit, some during it, some after the build ended.
started=$(date +%s.%N)
"$bin" build "$b" --out "$out" 2>/dev/null
took=$(echo "$(date +%s.%N) - $started" | bc)
expected_files=$(files)
html=$(find "$out" -type f -name '*.html' | wc -l)
echo "corpus $n pages: a complete rebuild takes ${took} s, $expected_files files, $html HTML pages"
signals=(KILL TERM INT)
current=Bravo
failures=0
for round in $(seq 1 "$rounds"); do
  if [ "$current" = Alpha ]; then next=Bravo; src=$b; else next=Alpha; src=$a; fi
  signal=${signals[$(( (round - 1) % 3 ))]}
  delay=$(python3 -c "import random; print(round(random.uniform(0, $took * 1.2), 3))")
  "$bin" build "$src" --out "$out" >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -s "$signal" "$pid" 2>/dev/null || true
  status=0; wait "$pid" || status=$?
  old=$(pages_named "Interrupt $current"); new=$(pages_named "Interrupt $next")
  if [ "$old" = "$html" ] && [ "$new" = 0 ]; then state=old
  elif [ "$new" = "$html" ] && [ "$old" = 0 ]; then state=new
  else state="MIXED ($old old, $new new)"; failures=$((failures + 1)); fi
  count=$(files)
  if [ "$count" != "$expected_files" ]; then state="$state, $count files of $expected_files"; failures=$((failures + 1)); fi
  left=$(leftovers)
  [ "$state" = new ] && current=$next
  # The next complete build removes what this one left.
  if [ "$current" = Alpha ]; then "$bin" build "$a" --out "$out" 2>/dev/null; else "$bin" build "$b" --out "$out" 2>/dev/null; fi
  after=$(leftovers)
  [ "$after" = 0 ] || failures=$((failures + 1))
  printf 'round %2d: SIG%-4s at %6.3f s, exit %3d: output %s; staging folders left %d, after the next build %d\n' \
    "$round" "$signal" "$delay" "$status" "$state" "$left" "$after"
done
echo "$rounds rounds, $failures failures"
[ "$failures" = 0 ]
