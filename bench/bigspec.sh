#!/usr/bin/env bash
# GitHub's REST description beside Redocly, in the same run (issue 32).
#
# Fetches nothing. GitHub's spec (npm `@octokit/openapi` 23.0.2,
# `generated/api.github.com.json`: 13 MB, OpenAPI 3.0.3, 1,223 operations) is
# read from SPEC when set, else from that package under target/github-spec,
# else from the gzipped copy the tests use
# (tests/fixtures/openapi-github/openapi.json.gz). Redocly CLI runs when it is
# installed under target/github-spec; get both once from the npm registry with:
#
#   npm install --prefix target/github-spec --no-audit --no-fund \
#     @octokit/openapi@23.0.2 @redocly/cli@2.77.0
#
# (without Redocly the sheaf figures are printed alone). It builds a docs.json
# site whose one tab is `"openapi": "openapi.json"` with sheaf (release), then
# `redocly build-docs` on the same spec, and prints for each: wall and CPU
# seconds, peak RSS, output size; for sheaf also the page count, the schema
# pages' count and the median, p90 and largest endpoint page. It then checks
# that no page of sheaf's output shows a `$ref` (every reference resolved)
# and exits 1 if one does.
# usage: bench/bigspec.sh        (SHEAF_BIN=path: time that binary; SPEC=path)
set -euo pipefail
source "$(dirname "$0")/common.sh"
npm_dir=$here/target/github-spec
spec=${SPEC:-$npm_dir/node_modules/@octokit/openapi/generated/api.github.com.json}
redocly_cli=$npm_dir/node_modules/@redocly/cli/bin/cli.js
packed=$here/tests/fixtures/openapi-github/openapi.json.gz
if [ -z "${SPEC:-}" ] && [ ! -f "$spec" ]; then
  spec=$packed
fi
if [ ! -f "$spec" ]; then
  echo "no spec at $spec" >&2
  exit 2
fi
bin=${SHEAF_BIN:-$(release_sheaf)}

site=$work/github-spec
rm -rf "$site"; mkdir -p "$site/docs"
if [ "$spec" = "$packed" ]; then
  gzip -dc "$spec" >"$site/docs/openapi.json"
else
  cp "$spec" "$site/docs/openapi.json"
fi
cat >"$site/docs/docs.json" <<'EOF'
{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "GitHub REST API",
  "colors": { "primary": "#0D9373" },
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [ { "group": "Start", "pages": [ "index" ] } ] },
      { "tab": "REST API", "openapi": "openapi.json" }
    ]
  }
}
EOF
printf -- '---\ntitle: GitHub REST API\n---\n\nThe reference is in the REST API tab.\n' >"$site/docs/index.mdx"

# measure NAME CMD...: runs CMD under /usr/bin/time; prints wall, CPU, RSS.
measure() {
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$site/$name.time" "$@" >"$site/$name.log" 2>&1 ||
    { echo "$name failed:"; tail -20 "$site/$name.log"; exit 1; }
  read -r wall user sys rss <"$site/$name.time"
  printf '%-8s wall %6.2f s  CPU %6.2f s  peak RSS %5d MB\n' "$name" "$wall" \
    "$(echo "$user + $sys" | bc)" $((rss / 1024))
}

measure sheaf "$bin" build "$site/docs" --out "$site/out"
if [ -f "$redocly_cli" ]; then
  mkdir -p "$site/redocly"
  measure redocly node "$redocly_cli" build-docs "$site/docs/openapi.json" \
    --output "$site/redocly/index.html"
  echo "sheaf output: $(du -sh "$site/out" | cut -f1), redocly output: $(du -sh "$site/redocly/index.html" | cut -f1)"
else
  echo "sheaf output: $(du -sh "$site/out" | cut -f1) (Redocly not installed under $npm_dir: no comparison)"
fi

# Endpoint pages: the pages with an endpoint header (schema pages, which
# list a schema's fields, have none).
pages=$(grep -rl --include=index.html 'class="endpoint-header' "$site/out" || true)
schemas=$(grep -rl --include=index.html 'class="endpoint-section schema-fields' "$site/out" | wc -l)
echo "pages written: $(find "$site/out" -name index.html | wc -l), endpoint pages: $(echo "$pages" | grep -c .), schema pages: $schemas"
echo "$pages" | xargs -r stat -c %s | sort -n | awk '
  { v[NR] = $1 }
  END { if (NR == 0) exit
        printf "endpoint page bytes: median %d KB, p90 %d KB, largest %d KB\n",
          v[int((NR + 1) / 2)] / 1024, v[int(NR * 0.9 + 0.5)] / 1024, v[NR] / 1024 }'
largest=$(echo "$pages" | xargs -r stat -c '%s %n' | sort -n | tail -1 | cut -d' ' -f2-)
echo "largest: ${largest#"$site/out/"} ($(gzip -c "$largest" | wc -c | awk '{printf "%d", $1 / 1024}') KB gzipped)"
grep -c 'warning' "$site/sheaf.log" | awk '{print "sheaf log lines with warning: " $1}'

# Every $ref resolved: no page of the output shows one (escaped or not).
refs=$(grep -rlE '(\$|&#36;|&#x24;)ref' --include=index.html "$site/out" || true)
if [ -n "$refs" ]; then
  echo "FAIL: $(echo "$refs" | grep -c .) pages show a \$ref, e.g. ${refs%%$'\n'*}"
  exit 1
fi
echo "no page shows a \$ref"
