#!/usr/bin/env bash
# Proof of determinism: runs `.ci/run` N times, each in a fresh clone of the
# committed HEAD (uncommitted changes are not part of it) with `shared/`
# beside the clone (a symlink to ../shared), as CI runs it (CI=true). Prints
# pass/fail and wall time per run, then a summary; exits 1 if any run failed.
#
# usage: bench/ci-repeat.sh [--shared-target[=DIR]] N
#
# Two modes:
#   default          every run compiles from nothing in its own clone's
#                    target/, exactly like CI on a fresh machine: each time
#                    includes a cold build of sheaf and its dependencies.
#   --shared-target  all runs share one CARGO_TARGET_DIR (DIR, else a folder
#                    under the work folder, kept until the script ends):
#                    dependencies compile once, so after the first run the
#                    times are the test suite's own. Every run clones into
#                    the same path, since test binaries keep the path they
#                    were built from (CARGO_MANIFEST_DIR). DIR must not be a
#                    checkout's own target/: cargo would then take binaries
#                    built from the clone as fresh for that checkout, and its
#                    tests would look for fixtures in the deleted clone.
#
# env: CI_REPEAT_DIR (default: a new folder under /tmp), where clones and
#      logs go; logs of failed runs are kept and their path printed.
set -euo pipefail

shared_target=""
while [ $# -gt 0 ]; do
  case $1 in
    --shared-target) shared_target=auto ;;
    --shared-target=*) shared_target=${1#--shared-target=} ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) break ;;
  esac
  shift
done
runs=${1:?usage: bench/ci-repeat.sh [--shared-target[=DIR]] N}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "N must be a positive number, not '$runs'" >&2; exit 2; }

here=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "$here/../shared" 2>/dev/null && pwd) || { echo "no ../shared beside $here" >&2; exit 2; }
commit=$(git -C "$here" rev-parse HEAD)
work=${CI_REPEAT_DIR:-$(mktemp -d /tmp/sheaf-ci-repeat.XXXXXX)}
mkdir -p "$work/logs"
case $shared_target in
  "") ;;
  auto) shared_target=$work/target ;;
  *) mkdir -p "$shared_target"; shared_target=$(cd "$shared_target" && pwd)
     if [ -f "$shared_target/../Cargo.toml" ]; then
       echo "--shared-target=$shared_target is a checkout's own target folder; use a folder of its own" >&2
       exit 2
     fi ;;
esac

echo "commit $commit, $runs run(s), target: ${shared_target:-fresh per run}, logs in $work/logs"

# clone_into DIR: a fresh clone of the commit under test, shared/ beside it.
clone_into() {
  local dir=$1
  rm -rf "$dir" && mkdir -p "$dir" &&
    git clone --quiet "$here" "$dir/repo" &&
    git -C "$dir/repo" checkout --quiet --detach "$commit" &&
    ln -s "$shared" "$dir/shared"
}

# run_once I: clones, runs .ci/run, prints one line; returns its status.
# Every run uses the same clone path (see --shared-target above).
run_once() {
  local i=$1 dir=$work/run log=$work/logs/run-$1.log status=0
  clone_into "$dir" || { echo "run $i/$runs: FAIL (could not clone $commit)"; return 1; }
  local start end
  start=$(date +%s.%N)
  if [ -n "$shared_target" ]; then
    (cd "$dir/repo" && CI=true CARGO_TARGET_DIR=$shared_target bash .ci/run) >"$log" 2>&1 </dev/null || status=$?
  else
    (cd "$dir/repo" && env -u CARGO_TARGET_DIR CI=true bash .ci/run) >"$log" 2>&1 </dev/null || status=$?
  fi
  end=$(date +%s.%N)
  local seconds
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  echo "$seconds" >>"$work/times"
  rm -rf "$dir"
  if [ "$status" -eq 0 ]; then
    echo "run $i/$runs: pass  ${seconds} s"
    rm -f "$log"
  else
    echo "run $i/$runs: FAIL  ${seconds} s (exit $status; log: $log)"
    grep -E "^test .* FAILED$|^---- .* stdout ----$|panicked at" "$log" | head -20 | sed 's/^/    /'
  fi
  return "$status"
}

passed=0
failed=0
: >"$work/times"
for i in $(seq "$runs"); do
  if run_once "$i"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done

summary=$(sort -n "$work/times" | awk '{ t[NR] = $1; sum += $1 }
  END { printf "min %.1f s, median %.1f s, max %.1f s, total %.1f s", t[1], t[int((NR + 1) / 2)], t[NR], sum }')
echo "summary: $passed passed, $failed failed of $runs; $summary"
echo "times: $(paste -sd ' ' "$work/times")"
if [ "$failed" -eq 0 ] && [ -z "${CI_REPEAT_DIR:-}" ]; then
  rm -rf "$work"
fi
[ "$failed" -eq 0 ]
