#!/usr/bin/env bash
# Times `sheaf build` of a site whose navigation lists every operation of a
# large generated OpenAPI spec (default 600 operations).
# usage: bench/openapi.sh [OPS]
set -euo pipefail
ops=${1:-600}
here=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-/tmp/sheaf-bench}/openapi-$ops
rm -rf "$work"; mkdir -p "$work"
python3 "$here/bench/gen_big_spec.py" "$ops" "$work/docs"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin=${CARGO_TARGET_DIR:-$here/target}/release/sheaf
/usr/bin/time -f "wall %e s, peak %M KB" "$bin" build "$work/docs" --out "$work/out" 2>&1 | grep -E "^(built|wall)"
echo "endpoint pages written: $(find "$work/out" -name index.html -path '*-v1-*' | wc -l)"
