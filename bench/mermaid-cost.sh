#!/usr/bin/env bash
# What one Mermaid diagram costs in mermaid-rs-renderer, outside sheaf: the
# distinct ```mermaid fences of a docs root, each parsed, laid out and drawn
# as sheaf draws it (bench/mermaid-cost/, thread CPU time per diagram), by
# the crate as released and by the crate with bench/mermaid-cost/
# segment-bounds.patch applied; the two builds' drawings are compared byte
# for byte.
#
#   bench/mermaid-cost.sh [DOCS_ROOT]   (default: ../shared/realworld-docsjson/fim-ai__fim-one)
#
# Environment: BENCH_DIR (default /tmp/sheaf-bench), SHARED, RUNS (default 3).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
root=${1:-$shared/realworld-docsjson/fim-ai__fim-one}
runs=${RUNS:-3}
dir=$work/mermaid-cost
rm -rf "$dir/diagrams" "$dir/svg" && mkdir -p "$dir/diagrams" "$dir/svg/released" "$dir/svg/patched"

# The distinct fenced diagrams, one file each, named by a hash of the source.
python3 - "$root" "$dir/diagrams" <<'PY'
import hashlib, os, re, sys
root, out = sys.argv[1:]
fence = re.compile(r'^ *```mermaid[^\n]*\n(.*?)^ *```', re.S | re.M)
for folder, _, files in os.walk(root):
    for name in files:
        if name.endswith(('.md', '.mdx')):
            text = open(os.path.join(folder, name), encoding='utf-8', errors='replace').read()
            for source in fence.findall(text):
                digest = hashlib.sha1(source.encode()).hexdigest()[:10]
                open(os.path.join(out, digest + '.mmd'), 'w').write(source)
PY

# build KIND [PATCHED_SOURCE]: the harness against the released crate or a patched copy.
build() {
  local kind=$1 crate=$dir/$1
  rm -rf "$crate" && cp -r "$here/bench/mermaid-cost" "$crate"
  if [ -n "${2:-}" ]; then
    printf '\n[patch.crates-io]\nmermaid-rs-renderer = { path = "%s" }\n' "$2" >>"$crate/Cargo.toml"
  fi
  CARGO_TARGET_DIR=$dir/target-$kind cargo build --release --quiet --manifest-path "$crate/Cargo.toml"
  echo "$dir/target-$kind/release/mermaid-cost"
}
released=$(build released)
registry=$(dirname "$(cd "$dir/released" && cargo metadata --format-version 1 --quiet |
  python3 -c 'import json, sys; print(next(p["manifest_path"] for p in json.load(sys.stdin)["packages"] if p["name"] == "mermaid-rs-renderer"))')")
rm -rf "$dir/crate-patched" && cp -r "$registry" "$dir/crate-patched"
patch -s -d "$dir/crate-patched" -p1 <"$here/bench/mermaid-cost/segment-bounds.patch"
patched=$(build patched "$dir/crate-patched")

echo "$(ls "$dir/diagrams" | wc -l) distinct diagrams in $root"
for ((i = 0; i < runs; i++)); do
  for kind in released patched; do
    if [ "$kind" = patched ]; then bin=$patched; else bin=$released; fi
    SVG_DIR=$dir/svg/$kind "$bin" "$dir"/diagrams/*.mmd >"$dir/$kind.txt"
    python3 - "$kind" "$dir/$kind.txt" <<'PY'
import statistics, sys
kind, path = sys.argv[1:]
costs = [float(line.rsplit("cpu_ms=", 1)[1]) for line in open(path) if " nodes=" in line]
print(f"{kind:<9} total {sum(costs):7.0f} ms  median {statistics.median(costs):6.1f} ms  "
      f"max {max(costs):6.1f} ms  over 50 ms: {sum(c > 50 for c in costs)}")
PY
  done
done
if diff -rq "$dir/svg/released" "$dir/svg/patched" >/dev/null; then
  echo "drawings: byte-identical"
else
  echo "drawings: DIFFER"
fi
