#!/usr/bin/env bash
# Counts the system calls of `sheaf build` on the shared benchmark corpus
# (issue 68): a fresh build into an empty folder, then a build over that
# output, each under `strace -c -f`. System calls, unlike wall time, do not
# swing with the machine's load, so this is the figure to keep down.
# usage: bench/syscalls.sh [N]            (default: 10000 pages)
# env:   SHEAF (a sheaf binary; default: the release build), BENCH_DIR,
#        SHARED
#
# Prints per build: openat per page, failing calls (all kinds, and by
# call), statx (and other stat calls), mkdir, files created for writing
# and bytes written (counted in the output), and the total of calls.
# Goal (issue 68): at most 4 openat per page and no failing call.
set -euo pipefail
n=${1:-10000}
source "$(dirname "$0")/common.sh"
command -v strace >/dev/null || { echo "bench/syscalls.sh needs strace (apt-get install strace)"; exit 1; }
sheaf=${SHEAF:-$(release_sheaf)}
corpus=$(corpus_for "$n")/sheaf
pages=$(find "$corpus" -name '*.md' -o -name '*.mdx' | wc -l)
runs=$(mktemp -d "$work/syscalls.XXXXXX")
trap 'rm -rf "$runs"' EXIT

# count LABEL: builds $corpus into $runs/site under strace, prints a row.
count() {
  local label=$1 log=$runs/strace.log
  strace -c -f -o "$log" "$sheaf" build "$corpus" --out "$runs/site" --no-cache >/dev/null 2>"$runs/stderr.log" ||
    { echo "$label: sheaf build failed"; tail -5 "$runs/stderr.log"; return 1; }
  local files bytes
  files=$(find "$runs/site" -type f | wc -l)
  bytes=$(find "$runs/site" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
  # strace -c: "% time seconds usecs/call calls [errors] syscall"; the
  # errors column is empty when a call never failed.
  awk -v label="$label" -v pages="$pages" -v files="$files" -v bytes="$bytes" '
    $1 ~ /^[0-9.]+$/ && $4 ~ /^[0-9]+$/ {
      name = $NF; calls = $4; errors = (NF == 6) ? $5 : 0
      if (name == "total") { total = calls; failed = errors; next }
      count[name] = calls
      if (errors > 0) failing = failing sprintf(" %s:%d", name, errors)
    }
    END {
      stats = count["statx"] + count["stat"] + count["lstat"] + count["fstat"] + count["newfstatat"]
      printf "%-7s %6d pages  openat/page %.2f (%d)  failing %d%s\n", label, pages, count["openat"] / pages, count["openat"], failed, failing
      printf "        statx %d (all stat calls %d)  mkdir %d  write calls %d  files in output %d, %.1f MB  calls %d\n",
        count["statx"], stats, count["mkdir"] + count["mkdirat"], count["write"] + count["writev"] + count["pwrite64"],
        files, bytes / 1e6, total
    }' "$log"
}

echo "sheaf $("$sheaf" --version 2>/dev/null || echo "$sheaf"), corpus $corpus"
count fresh
count again
