#!/usr/bin/env bash
# Proof that a refactor changes no output: build every known site with one
# binary into a folder, again with another binary, and compare the two.
#
#   bench/same-output.sh snapshot BIN DIR   build every site with BIN into DIR/<site>/
#   bench/same-output.sh compare DIR1 DIR2  exit 0 when both hold the same bytes
#
# The sites: example-docs, examples/docs-json and every site of
# ../shared/realworld and ../shared/realworld-docsjson. Each is copied to a
# temporary folder first (a build never writes into the checkout), built
# with `--out`, and its exit code and diagnostics kept beside the output
# (`DIR/<site>.log`, without the temporary path and the time) so that a change in
# what a build reports shows too. Typical use around a refactor:
#
#   cargo build --release && cp target/release/sheaf /tmp/sheaf-before
#   bench/same-output.sh snapshot /tmp/sheaf-before /tmp/out-before
#   ... refactor ...
#   cargo build --release
#   bench/same-output.sh snapshot target/release/sheaf /tmp/out-after
#   bench/same-output.sh compare /tmp/out-before /tmp/out-after
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$here/../shared}

sites() {
  echo "$here/example-docs"
  echo "$here/examples/docs-json"
  for dir in "$shared"/realworld/*/ "$shared"/realworld-docsjson/*/; do
    [ -d "$dir" ] && echo "${dir%/}"
  done
}

snapshot() {
  local bin dest work name
  bin=$(realpath "$1")
  dest=$2
  rm -rf "$dest"
  mkdir -p "$dest"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  while read -r site; do
    name=$(basename "$(dirname "$site")")__$(basename "$site")
    rm -rf "$work/root"
    cp -r "$site" "$work/root"
    rm -rf "$work/root/_site"
    local code=0
    (cd "$work" && RUST_BACKTRACE=0 "$bin" build root --out "$dest/$name" >"$dest/$name.log" 2>&1) || code=$?
    # The temporary path and the build's time are not part of the output.
    sed -i -E -e "s|$work/||g" -e "s|$dest/||g" -e 's/ in [0-9.]+(µs|ms|s)\b/ in TIME/g' "$dest/$name.log"
    echo "exit $code" >>"$dest/$name.log"
    echo "$name: exit $code"
  done < <(sites)
}

compare() {
  if diff -r -q "$1" "$2"; then
    echo "same output: $(find "$1" -type f | wc -l) files"
  else
    echo "the outputs differ (above)" >&2
    exit 1
  fi
}

case "${1:-}" in
  snapshot) [ $# -eq 3 ] || { echo "usage: $0 snapshot BIN DIR" >&2; exit 2; }; snapshot "$2" "$3" ;;
  compare) [ $# -eq 3 ] || { echo "usage: $0 compare DIR1 DIR2" >&2; exit 2; }; compare "$2" "$3" ;;
  *) sed -n '2,20p' "$0" >&2; exit 2 ;;
esac
