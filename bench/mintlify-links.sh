#!/usr/bin/env bash
# Links and URLs as on Mintlify (issue 46): sheaf's published URLs, link
# warnings and output links against Mintlify's own published code, for every
# site of ../shared/realworld-docsjson and ../shared/realworld.
#
#   bench/mintlify-links.sh [SITE...]     (default: every site of both corpora)
#
# Per site (a copy of it in a temporary folder; the corpora are not touched):
#   URLs      Mintlify's URL set, from @mintlify/prebuild as `mint dev` runs it
#             (categorizeFilePaths; updateMintConfigFile + @mintlify/validation
#             upgradeToDocsConfig for mint.json; updateDocsConfigFile, which
#             generates the OpenAPI/AsyncAPI/GraphQL/SDK pages into the
#             navigation; @mintlify/common getAllPathsInDocsNav over it): the
#             navigation pages that exist plus the generated ones, `a/index`
#             served at `/a`. Mintlify also serves its other page files
#             ("hidden pages", neither snippets nor .mintignore'd): not in the
#             set, counted apart (hidden_miss: those sheaf has no page for).
#             Against sheaf's pages (`sheaf build --offline`; `x/index.html`
#             is `/x`): missing (no page; a redirect page there is counted as
#             "redir" instead), extra (a sheaf page Mintlify does not serve;
#             alias pages, copies of another page with a canonical link, are
#             listed apart, not counted; sheaf's own schema pages,
#             `schema-NAME`, have a column of their own).
#   warnings  sheaf's page-link warnings (`sheaf check --offline --format
#             json`, rule broken-link: "points to a page that does not
#             exist", "no heading"), and how many of them Mintlify's link-rot
#             accepts (buildGraph + getBrokenInternalLinks({checkAnchors:
#             true}), what `mint broken-links --check-anchors` runs): no
#             broken link from the same file with the same text, or the same
#             target and anchor.
#   404s      every internal `<a href>` in a page's `<article>` of sheaf's
#             output, resolved as a browser does and looked up as a plain
#             static server would (the file, or the folder's index.html; a
#             redirect page serves and its target is checked once); how many
#             of the failures link-rot accepts in the page's source file.
# It prints one row per site and totals, then the 404s by kind (issue 60,
# `mintlify-links/groups.py`: links written with a sub-path, folders without
# an index page, links in spec text, the rest); full lists go to
# $REPORT/<site>/{url-diff,link-diff,404}.txt and the oracle's JSON to
# $REPORT/<site>/oracle.json. A site that fails on one side is a row saying
# so. Takes about 9 minutes on 2 busy cores (Mintlify's side is most of it).
#
# Installs (once, outside git) the oracle: `npm install --prefix
# target/mintlify-oracle --ignore-scripts --no-audit --no-fund mint@4.2.941`
# (@mintlify/link-rot alone does not install: a pinned dependency is missing
# on the registry; `mint` brings link-rot, prebuild, common, scraping and
# validation). Nothing reaches the network after that: oracle.mjs disables
# fetch and http(s), and drops specs named by URL from the copy's config, as
# sheaf --offline skips them. Needs node >= 18, npm, python3.
#
# Environment: SHEAF_BIN (default target/release/sheaf), SHEAF_ARGS (more
# arguments of sheaf build and check, e.g. `--base-path /docs` for sites
# published under a sub-path), MINT_VERSION (4.2.941), ORACLE_DIR
# (target/mintlify-oracle), REPORT (target/mintlify-links), SHARED.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$here/../shared}
mint_version=${MINT_VERSION:-4.2.941}
oracle_dir=${ORACLE_DIR:-$here/target/mintlify-oracle}
report=${REPORT:-$here/target/mintlify-links}
SHEAF_BIN=${SHEAF_BIN:-$here/target/release/sheaf}
bin=$(realpath "$SHEAF_BIN")
command -v node >/dev/null || { echo "mintlify-links: node is not installed" >&2; exit 1; }

modules=$oracle_dir/node_modules
if [ ! -f "$modules/mint/package.json" ] ||
  [ "$(node -p "require('$modules/mint/package.json').version")" != "$mint_version" ]; then
  echo "installing mint@$mint_version into $oracle_dir" >&2
  npm install --prefix "$oracle_dir" --ignore-scripts --no-audit --no-fund --loglevel=error \
    "mint@$mint_version" >&2
fi

tmp=$(mktemp -d /tmp/mintlify-links.XXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$report"

if [ $# -gt 0 ]; then
  sites=()
  for s in "$@"; do
    for c in "$shared"/realworld-docsjson/"$s" "$shared"/realworld/"$s" "$s"; do
      if [ -f "$c/docs.json" ] || [ -f "$c/mint.json" ]; then sites+=("$c"); break; fi
    done
  done
else
  # The corpora's folders are the docs roots (INDEX.tsv's `root` names the
  # folder of the upstream repository they were copied from).
  sites=("$shared"/realworld-docsjson/*/ "$shared"/realworld/*/)
fi

rows=$tmp/rows.tsv
: >"$rows"
for dir in "${sites[@]}"; do
  dir=${dir%/}
  name=$(basename "$dir")
  [ -f "$dir/docs.json" ] || [ -f "$dir/mint.json" ] || continue
  rep=$report/$name
  rm -rf "$rep" && mkdir -p "$rep"
  work=$tmp/$name
  mkdir -p "$work/scratch"
  cp -r "$dir" "$work/site"
  cp -r "$dir" "$work/mint"
  start=$SECONDS
  # shellcheck disable=SC2086 # SHEAF_ARGS is split into arguments
  SHEAF_CACHE_DIR=$work/cache NO_COLOR=1 timeout 600 "$bin" build "$work/site" --out "$work/out" --offline ${SHEAF_ARGS:-} \
    >"$rep/build.log" 2>&1 || echo "sheaf build failed: $?" >>"$rep/build.log"
  # shellcheck disable=SC2086
  SHEAF_CACHE_DIR=$work/cache NO_COLOR=1 timeout 600 "$bin" check "$work/site" --offline --format json ${SHEAF_ARGS:-} \
    >"$rep/check.jsonl" 2>"$rep/check.log" || true
  timeout 600 node "$here/bench/mintlify-links/oracle.mjs" "$modules" "$work/mint" "$work/scratch" \
    "$rep/oracle.json" 2>"$rep/oracle.log" || echo "oracle failed: $?" >>"$rep/oracle.log"
  if ! python3 "$here/bench/mintlify-links/compare.py" "$name" "$dir" "$rep/oracle.json" "$rep/check.jsonl" \
    "$work/out" "$rep" >>"$rows" 2>"$rep/compare.log"; then
    printf '%s\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\tcompare failed (see %s)\n' "$name" "$rep/compare.log" >>"$rows"
  fi
  echo "$name: $((SECONDS - start)) s" >&2
  rm -rf "$work"
done

python3 - "$rows" <<'EOF'
import sys
cols = ["site", "pages", "mint_urls", "missing", "redir", "extra", "schema", "hidden_miss", "redirects",
        "link_warn", "mint_ok", "404s", "mint_ok"]
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
widths = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c) for i, c in enumerate(cols)]
widths[0] = max(widths[0], 5)
def line(cells):
    return "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells))
print(line(cols))
totals = ["total"]
for i in range(1, len(cols)):
    vals = [r[i] for r in rows]
    totals.append(str(sum(int(v) for v in vals if v.isdigit())))
for r in rows:
    print(line(r[: len(cols)]) + ("  " + r[len(cols)] if len(r) > len(cols) and r[len(cols)] else ""))
print(line(totals))
EOF
echo
python3 "$here/bench/mintlify-links/groups.py" "$report" "${sites[@]}"
echo "lists: $report/<site>/{url-diff,link-diff,404}.txt" >&2
