#!/usr/bin/env bash
# Lighthouse on a real site (issue 68 part 3): Lighthouse 12.2.3 (npm,
# pinned in lighthouse/package-lock.json, installed into
# lighthouse/node_modules), mobile with its default simulated slow 4G and
# CPU slowdown, in Debian's headless Chromium, on three page types of a site
# sheaf builds: the home page, a guide page and an API endpoint page
# (lighthouse/pages.py picks them), from a copy of the site that leaves out
# what the sandbox cannot load (lighthouse/prepare.py). The site is served by a plain static
# host that gzips text on the fly, as hosts do (lighthouse/serve.py, on
# 127.0.0.1, a free port). Prints per page the four category scores, bytes
# transferred, LCP, CLS and TBT, then every scored audit that fell short;
# the JSON reports stay under $BENCH_DIR/lighthouse/.
#
#   bench/lighthouse.sh [SITE]     (default: the largest real site whose API
#                                   pages build offline and may be indexed,
#                                   realworld-docsjson/plastic-labs__honcho)
#   RUNS=3 bench/lighthouse.sh     (the median run of each page, by performance)
#
# Needs node/npm and /usr/bin/chromium (CHROMIUM= to change); builds sheaf
# (release) unless SHEAF_BIN names a binary.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
lh=$here/bench/lighthouse
site_root=${1:-$shared/realworld-docsjson/plastic-labs__honcho}
runs=${RUNS:-1}
(cd "$lh" && { [ -x node_modules/.bin/lighthouse ] || npm ci --no-audit --no-fund --silent; })
sheaf=${SHEAF_BIN:-}
[ -n "$sheaf" ] || sheaf=$(release_sheaf)
out=$work/lighthouse
rm -rf "$out"; mkdir -p "$out"
# The copy Lighthouse sees (lighthouse/prepare.py says why each change).
python3 "$lh/prepare.py" copy "$site_root" "$out/docs"
# The host first: the site is built for its address (`--site-url`), as a
# deployment is, so canonical links and og:url are absolute.
python3 "$lh/serve.py" "$out/site" >"$out/port" &
server=$!
trap 'kill $server 2>/dev/null' EXIT
while [ ! -s "$out/port" ]; do sleep 0.1; done
port=$(head -1 "$out/port")
build() {
  "$sheaf" build "$out/docs" --out "$out/site" --site-url "http://127.0.0.1:$port" \
    --offline --verbose >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
}
build
stand_ins=$(python3 "$lh/prepare.py" stand-ins "$out/docs" "$out/build.log")
[ "$stand_ins" = 0 ] || build
mapfile -t paths < <(python3 "$lh/pages.py" "$out/site")
export CHROME_PATH=${CHROMIUM:-/usr/bin/chromium}
reports=()
for i in 0 1 2; do
  name=$(echo home guide endpoint | cut -d' ' -f$((i + 1)))
  for run in $(seq "$runs"); do
    "$lh/node_modules/.bin/lighthouse" "http://127.0.0.1:$port${paths[$i]}" --quiet \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
      --only-categories=performance,accessibility,best-practices,seo \
      --output=json --output-path="$out/$name-$run.json" >/dev/null
  done
  # The median run by performance score.
  median=$(for run in $(seq "$runs"); do
    echo "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["categories"]["performance"]["score"])' "$out/$name-$run.json") $out/$name-$run.json"
  done | sort -n | sed -n "$(( (runs + 1) / 2 ))p" | cut -d' ' -f2)
  reports+=("$name ${paths[$i]}=$median")
done
echo "$(basename "$site_root") (integrations off, seo.indexing all, $stand_ins missing images stood in for), $("$sheaf" --version)"
python3 "$lh/report.py" "${reports[@]}"
