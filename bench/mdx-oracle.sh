#!/usr/bin/env bash
# The MDX oracle: what `@mdx-js/mdx` 3 (the compiler Mintlify runs on every
# page, with remark-frontmatter and remark-gfm) reads from an MDX source,
# against what sheaf reads. Both sides print the same JSON projection: whether
# the page is accepted, every JSX element (name, attributes, enclosing
# element, text), every `{expression}` and every import/export
# (tests/mdx-oracle/README.md defines it). The Node side is
# bench/mdx-oracle/reading.mjs, its packages pinned in
# bench/mdx-oracle/package-lock.json (`npm ci` runs when node_modules is
# missing; needs node 20 and npm).
#
#   bench/mdx-oracle.sh record    parse tests/mdx-oracle/cases.txt, write
#                                 tests/mdx-oracle/recorded.json (checked in;
#                                 `cargo test` compares sheaf with it, no npm)
#   bench/mdx-oracle.sh compare   MDX's reading against sheaf's (the
#                                 `mdx_reading` example) for every recorded
#                                 case and every .mdx page of
#                                 ../shared/realworld*/; prints each page that
#                                 differs with its first differences, then a
#                                 summary; exit 1 when any page differs
#
# Compared after normalisation (tests/mdx-oracle/README.md): not MDX's error
# message and place (shown when only one side rejects a page), not the
# whitespace inside a `{"$expr": ...}`. SHEAF_READING=COMMAND replaces the
# example with COMMAND (run by bash in the repository root, same interface),
# e.g. an older build. Re-record after editing cases.txt or bumping a package.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$here/../shared}
oracle=$here/bench/mdx-oracle
cases=$here/tests/mdx-oracle/cases.txt
recorded=$here/tests/mdx-oracle/recorded.json

usage() { sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0" >&2; exit 2; }
[ $# -eq 1 ] || usage

command -v node >/dev/null || { echo "mdx-oracle: node is not installed" >&2; exit 1; }
if [ ! -d "$oracle/node_modules" ]; then
  (cd "$oracle" && npm ci --no-audit --no-fund --loglevel=error)
fi

case $1 in
  record)
    node "$oracle/reading.mjs" record "$cases" "$recorded"
    ;;
  compare)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    # Sheaf's reading first: it is the step that can fail to build.
    if [ -n "${SHEAF_READING:-}" ]; then
      sheaf_reading=(bash -c "$SHEAF_READING")
    elif (cd "$here" && cargo build --quiet --release --example mdx_reading) 2>"$tmp/build.log"; then
      sheaf_reading=(cargo run --quiet --release --manifest-path "$here/Cargo.toml" --example mdx_reading)
    else
      tail -20 "$tmp/build.log" >&2
      echo "mdx-oracle: cannot build sheaf's reading (\`cargo build --release --example mdx_reading\`," >&2
      echo "examples/mdx_reading.rs): it must read file paths on stdin, one per line, and print one" >&2
      echo "JSON line per path, {\"path\": <as given>, \"reading\": <projection>}." >&2
      exit 1
    fi

    # The pages, absolute (sheaf's reading echoes each path as given), and the
    # name shown for each (names.tsv): `case NAME`, or the path from the
    # repository root.
    node "$oracle/reading.mjs" cases "$recorded" "$tmp/cases"
    node -e 'for (const c of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).cases) console.log(c.name)' "$recorded" |
      while IFS= read -r name; do printf '%s\tcase %s\n' "$tmp/cases/$name.mdx" "$name"; done >"$tmp/names.tsv"
    for dir in "$shared"/realworld "$shared"/realworld-docsjson; do
      [ -d "$dir" ] || { echo "mdx-oracle: $dir is missing; not compared" >&2; continue; }
      find "$(cd "$dir" && pwd)" -name node_modules -prune -o -type f -name '*.mdx' -print | LC_ALL=C sort >"$tmp/pages"
      [ -s "$tmp/pages" ] || continue
      xargs -d '\n' realpath -s --relative-to="$here" <"$tmp/pages" | paste "$tmp/pages" - >>"$tmp/names.tsv"
    done
    cut -f1 "$tmp/names.tsv" >"$tmp/paths"

    (cd "$here" && "${sheaf_reading[@]}") <"$tmp/paths" >"$tmp/sheaf.jsonl" || {
      echo "mdx-oracle: sheaf's reading failed (exit $?): ${sheaf_reading[*]}" >&2
      exit 1
    }

    # MDX's reading: the recording for the cases, the compiler for the pages.
    node -e '
      const fs = require("fs")
      const [recorded, dir] = process.argv.slice(1)
      for (const c of JSON.parse(fs.readFileSync(recorded, "utf8")).cases)
        console.log(JSON.stringify({path: `${dir}/${c.name}.mdx`, reading: c.mdx}))
    ' "$recorded" "$tmp/cases" >"$tmp/mdx.jsonl"
    # One node per core, each on a contiguous slice of the pages, in order.
    grep -v -F "$tmp/cases/" "$tmp/paths" >"$tmp/pages" || true
    jobs=$(nproc)
    split -n "l/$jobs" -d -a 3 "$tmp/pages" "$tmp/slice."
    pids=()
    for slice in "$tmp"/slice.*; do
      node "$oracle/reading.mjs" read <"$slice" >"$slice.jsonl" &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || { echo "mdx-oracle: MDX's reading failed" >&2; exit 1; }; done
    cat "$tmp"/slice.*.jsonl >>"$tmp/mdx.jsonl"

    node "$oracle/reading.mjs" diff "$tmp/mdx.jsonl" "$tmp/sheaf.jsonl" "$tmp/names.tsv"
    ;;
  *) usage ;;
esac
