#!/usr/bin/env bash
# Times `sheaf build` of a site whose navigation lists every operation of a
# large generated OpenAPI spec (default 600 operations), and reports the
# weight of the largest endpoint page.
# usage: bench/openapi.sh [OPS]      (SHEAF_BIN=path: time that binary instead)
set -euo pipefail
ops=${1:-600}
here=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-/tmp/sheaf-bench}/openapi-$ops
rm -rf "$work"; mkdir -p "$work"
python3 "$here/bench/gen_big_spec.py" "$ops" "$work/docs"
if [ -z "${SHEAF_BIN:-}" ]; then
  cargo build --release --quiet --manifest-path "$here/Cargo.toml"
fi
bin=${SHEAF_BIN:-${CARGO_TARGET_DIR:-$here/target}/release/sheaf}
/usr/bin/time -f "wall %e s, peak %M KB" "$bin" build "$work/docs" --out "$work/out" 2>&1 | grep -E "^(built|wall)"
echo "endpoint pages written: $(find "$work/out" -name index.html -path '*-v1-*' | wc -l)"
largest=$(find "$work/out" -name index.html -path '*-v1-*' -printf '%s %P\n' | sort -n | tail -1)
echo "largest endpoint page: ${largest#* } ($(( ${largest%% *} / 1024 )) KB, $(gzip -c "$work/out/${largest#* }" | wc -c | awk '{printf "%d", $1 / 1024}') KB gzipped)"
