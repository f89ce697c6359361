# Shared by the bench/ scripts (sourced, not run): paths, the cached corpus
# and the release binary.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$here/../shared}
work=${BENCH_DIR:-/tmp/sheaf-bench}

# corpus_for N: the shared generator's corpus of N pages (generated once,
# cached under $work); prints its folder (the sheaf input is DIR/sheaf).
corpus_for() {
  local n=$1 dir=$work/corpus-$1
  if [ ! -f "$dir/sheaf/site.json" ]; then
    rm -rf "$dir"; mkdir -p "$work"
    python3 "$shared/bench/gen_corpus.py" "$n" "$dir" >/dev/null
  fi
  echo "$dir"
}

# lean_corpus DIR: DIR/sheaf-lean, the sheaf corpus of DIR (pages hard-linked)
# with `"markdownSources": false`; prints its folder.
lean_corpus() {
  local lean=$1/sheaf-lean
  if [ ! -f "$lean/site.json" ]; then
    rm -rf "$lean"
    cp -al "$1/sheaf" "$lean"
    rm "$lean/site.json"
    python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); c["markdownSources"] = False; json.dump(c, open(sys.argv[2], "w"), indent=1)' \
      "$1/sheaf/site.json" "$lean/site.json"
  fi
  echo "$lean"
}

# release_sheaf: builds sheaf in release mode; prints the binary's path.
release_sheaf() {
  cargo build --release --quiet --manifest-path "$here/Cargo.toml"
  echo "${CARGO_TARGET_DIR:-$here/target}/release/sheaf"
}
