# Shared by the bench/ scripts (sourced, not run): paths, the cached corpus
# and the release binary.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$here/../shared}
work=${BENCH_DIR:-/tmp/sheaf-bench}
# Created here, so a fresh machine (or a new BENCH_DIR) works: the scripts
# make temporary folders inside it.
mkdir -p "$work"

# corpus_for N: the shared generator's corpus of N pages (generated once,
# cached under $work); prints its folder (the sheaf input is DIR/sheaf).
corpus_for() {
  local n=$1 dir=$work/corpus-$1
  if [ ! -f "$dir/sheaf/site.json" ]; then
    rm -rf "$dir"
    python3 "$shared/bench/gen_corpus.py" "$n" "$dir" >/dev/null
  fi
  echo "$dir"
}

# variant_corpus DIR NAME SETTINGS: DIR/NAME, the sheaf corpus of DIR (pages
# hard-linked) with the site.json keys of the JSON object SETTINGS set;
# prints its folder.
variant_corpus() {
  local variant=$1/$2
  if [ ! -f "$variant/site.json" ] || [ "$(cat "$variant.settings" 2>/dev/null)" != "$3" ]; then
    rm -rf "$variant"
    cp -al "$1/sheaf" "$variant"
    rm "$variant/site.json"
    python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); c.update(json.loads(sys.argv[3])); json.dump(c, open(sys.argv[2], "w"), indent=1)' \
      "$1/sheaf/site.json" "$variant/site.json" "$3"
    echo "$3" >"$variant.settings"
  fi
  echo "$variant"
}

# lean_corpus DIR: the corpus with `"markdownSources": false`.
lean_corpus() {
  variant_corpus "$1" sheaf-lean '{"markdownSources": false}'
}

# lean_html_corpus DIR: the lean corpus with `"pageUrls": "html"` too.
lean_html_corpus() {
  variant_corpus "$1" sheaf-lean-html '{"markdownSources": false, "pageUrls": "html"}'
}

# release_sheaf: builds sheaf in release mode; prints the binary's path.
release_sheaf() {
  cargo build --release --quiet --manifest-path "$here/Cargo.toml"
  echo "${CARGO_TARGET_DIR:-$here/target}/release/sheaf"
}
