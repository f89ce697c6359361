#!/usr/bin/env bash
# Real sites as a new user builds them: every site of ../shared/realworld and
# ../shared/realworld-docsjson, then two comparisons the sites' size does not
# explain (YAML against JSON specs, repeated Mermaid diagrams).
#
#   bench/realworld.sh [sites|yaml|diagrams|all]   (default: all)
#
# sites     each site copied to a temporary folder and built `--offline`
#           (as tests/realworld_docsjson.rs does), RUNS times (default 3)
#           cold, each run with a new empty build cache, then RUNS times
#           warm, with the cache one build filled: pages built, median wall
#           time, ms per page, CPU (user+sys) of the median run
#           (/usr/bin/time -v), and cold wall / (CPU / cores): 1.0 is every
#           core busy all along.
# yaml      one page referencing one operation of the dodopayments spec, the
#           spec as YAML and as JSON, at 1× and 4× its paths and at GitHub's
#           REST description (npm @octokit/openapi, installed once under
#           $BENCH_DIR/octokit, converted to YAML with PyYAML): wall and CPU
#           time of each and the YAML/JSON ratios; then the same 4× YAML
#           spec beside a one-page site that never names it.
# diagrams  fim-ai__fim-one as it is (cold and warm) and with its ```mermaid
#           fences renamed to ```text: wall and CPU time.
#
# Environment: SHEAF_BIN (default: target/release/sheaf, built first),
# RUNS, BENCH_DIR (default /tmp/sheaf-bench), SHARED.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
runs=${RUNS:-3}
if [ -z "${SHEAF_BIN:-}" ]; then
  (cd "$here" && cargo build --release --quiet)
  SHEAF_BIN=$here/target/release/sheaf
fi
bin=$(realpath "$SHEAF_BIN")
tmp=$(mktemp -d "$work/realworld.XXXX")
trap 'rm -rf "$tmp"' EXIT

cores=$(nproc)

# timed_build ROOT [CACHE]: builds ROOT once into a fresh folder, with the
# build cache CACHE (default: a new empty one); prints "wall cpu rss_mb
# pages" (pages from the build's own summary line).
timed_build() {
  local root=$1 cache=${2:-} out log
  out=$(mktemp -d "$tmp/out.XXXX")
  log=$out.log
  rm -rf "$out"
  [ -n "$cache" ] || cache=$(mktemp -d "$tmp/cache.XXXX")
  # The cache through the environment, which older sheafs read too (for
  # spec copies only: their builds are all cold).
  SHEAF_CACHE_DIR=$cache NO_COLOR=1 /usr/bin/time -v \
    "$bin" build --offline --out "$out" "$root" >/dev/null 2>"$log" || true
  awk '
    /Elapsed \(wall clock\)/ { n = split($NF, t, ":"); wall = (n == 3) ? t[1]*3600 + t[2]*60 + t[3] : t[1]*60 + t[2] }
    /User time/ { cpu += $NF } /System time/ { cpu += $NF }
    /Maximum resident/ { rss = $NF / 1024 }
    /^built [0-9]+ pages/ { pages = $2 }
    END { printf "%.3f %.2f %.0f %d\n", wall, cpu, rss, pages }' "$log"
}

# median_build ROOT [CACHE]: RUNS builds; the run of median wall time.
median_build() {
  local i
  for ((i = 0; i < runs; i++)); do timed_build "$@"; done | sort -n | sed -n "$(((runs + 1) / 2))p"
}

# warm_build ROOT: one build fills a new cache, then median_build with it.
warm_build() {
  local cache
  cache=$(mktemp -d "$tmp/cache.XXXX")
  timed_build "$1" "$cache" >/dev/null
  median_build "$1" "$cache"
}

per_page() {
  awk -v w="$1" -v p="$2" 'BEGIN { print (p > 0) ? w * 1000 / p : 0 }'
}

sites() {
  printf '%-40s %6s %8s %8s %8s %10s %8s %8s %8s %8s\n' site pages cold_s ms/page cpu_s \
    wall/cpu_c warm_s ms/page cpu_s rss_mb
  local dir name wall cpu rss pages warm warm_cpu
  for dir in "$shared"/realworld/*/ "$shared"/realworld-docsjson/*/; do
    name=$(basename "$dir")
    rm -rf "$tmp/site" && cp -r "$dir" "$tmp/site"
    read -r wall cpu rss pages < <(median_build "$tmp/site")
    read -r warm warm_cpu rss pages < <(warm_build "$tmp/site")
    printf '%-40s %6d %8.2f %8.1f %8.2f %10.2f %8.2f %8.1f %8.2f %8d\n' "$name" "$pages" \
      "$wall" "$(per_page "$wall" "$pages")" "$cpu" \
      "$(awk -v w="$wall" -v c="$cpu" -v n="$cores" 'BEGIN { print (c > 0) ? w / (c / n) : 0 }')" \
      "$warm" "$(per_page "$warm" "$pages")" "$warm_cpu" "$rss"
  done
}

# spec_site DIR SPEC_FILE [referenced]: a one-page site whose page documents
# the spec's first operation (or, with "unreferenced", names no spec).
spec_site() {
  local dir=$1 spec=$2 page
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$spec" "$dir/"
  if [ "${3:-referenced}" = referenced ]; then
    page=$(python3 -c 'import json, sys; spec = json.load(open(sys.argv[1])) if sys.argv[1].endswith(".json") else __import__("yaml").load(open(sys.argv[1]), Loader=__import__("yaml").CSafeLoader)
path, item = next(iter(spec["paths"].items()))
method = next(m for m in item if m in ("get", "post", "put", "patch", "delete"))
print(f"{method.upper()} {path}")' "$dir/$(basename "$spec")")
    printf -- '---\ntitle: Endpoint\nopenapi: "%s"\n---\n' "$page" >"$dir/index.mdx"
  else
    printf -- '---\ntitle: Home\n---\nHello.\n' >"$dir/index.mdx"
  fi
  printf '{"name": "Bench", "navigation": [{"group": "Docs", "pages": ["index"]}]}\n' >"$dir/site.json"
}

# spec_variants: the dodopayments spec as YAML and JSON at 1× and 4× its
# paths, and GitHub's description as JSON and YAML, under $work/specs.
spec_variants() {
  local specs=$work/specs
  mkdir -p "$specs"
  if [ ! -f "$specs/github.yaml" ]; then
    if [ ! -f "$work/octokit/node_modules/@octokit/openapi/generated/api.github.com.json" ]; then
      mkdir -p "$work/octokit"
      (cd "$work/octokit" && npm install --silent --no-audit --no-fund @octokit/openapi >/dev/null)
    fi
    python3 - "$shared/realworld-docsjson/dodopayments__dodo-docs/openapi/openapi.documented.yml" \
      "$work/octokit/node_modules/@octokit/openapi/generated/api.github.com.json" "$specs" <<'EOF'
import json, sys, yaml
dodo_file, github_file, out = sys.argv[1:]
def write(name, spec):
    spec = json.loads(json.dumps(spec))  # no shared objects, so no YAML aliases
    json.dump(spec, open(f"{out}/{name}.json", "w"), indent=2)
    yaml.dump(spec, open(f"{out}/{name}.yaml", "w"), Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True)
dodo = yaml.load(open(dodo_file), Loader=yaml.CSafeLoader)
write("dodo-1x", dodo)
paths = dodo["paths"]
dodo["paths"] = {f"{path}{suffix}": item for suffix in ("", "/x2", "/x3", "/x4") for path, item in paths.items()}
write("dodo-4x", dodo)
write("github", json.load(open(github_file)))
EOF
  fi
  echo "$specs"
}

yaml() {
  local specs name kind wall cpu rss pages json_wall json_cpu
  specs=$(spec_variants)
  printf '%-8s %8s %8s %8s %8s %8s %8s %8s %8s\n' spec json_MB json_s json_cpu yaml_MB yaml_s yaml_cpu wall_y/j cpu_y/j
  for name in dodo-1x dodo-4x github; do
    for kind in json yaml; do
      spec_site "$tmp/spec-$kind" "$specs/$name.$kind"
      read -r wall cpu rss pages < <(median_build "$tmp/spec-$kind")
      [ "$kind" = json ] && json_wall=$wall && json_cpu=$cpu
    done
    printf '%-8s %8.1f %8.2f %8.2f %8.1f %8.2f %8.2f %8.2f %8.2f\n' "$name" \
      "$(megabytes "$specs/$name.json")" "$json_wall" "$json_cpu" \
      "$(megabytes "$specs/$name.yaml")" "$wall" "$cpu" \
      "$(awk -v y="$wall" -v j="$json_wall" 'BEGIN { print y / j }')" \
      "$(awk -v y="$cpu" -v j="$json_cpu" 'BEGIN { print (j > 0) ? y / j : 0 }')"
  done
  for kind in referenced unreferenced; do
    spec_site "$tmp/spec-$kind" "$specs/dodo-4x.yaml" "$kind"
    read -r wall cpu rss pages < <(median_build "$tmp/spec-$kind")
    printf 'one page, dodo-4x.yaml %-12s wall %6.2f s  cpu %6.2f s\n' "$kind" "$wall" "$cpu"
  done
}

megabytes() {
  awk -v b="$(stat -c %s "$1")" 'BEGIN { print b / 1e6 }'
}

diagrams() {
  local site=$shared/realworld-docsjson/fim-ai__fim-one wall cpu rss pages
  rm -rf "$tmp/diagrams" && cp -r "$site" "$tmp/diagrams"
  read -r wall cpu rss pages < <(median_build "$tmp/diagrams")
  printf 'fim-one with diagrams, cold  %4d pages  %4d fences  wall %6.2f s  cpu %6.2f s  wall/(cpu/%d cores) %4.2f\n' \
    "$pages" "$(grep -r -c '^ *```mermaid' "$tmp/diagrams" | awk -F: '{ s += $NF } END { print s }')" \
    "$wall" "$cpu" "$cores" "$(awk -v w="$wall" -v c="$cpu" -v n="$cores" 'BEGIN { print w / (c / n) }')"
  read -r wall cpu rss pages < <(warm_build "$tmp/diagrams")
  printf 'fim-one with diagrams, warm  %4d pages               wall %6.2f s  cpu %6.2f s\n' "$pages" "$wall" "$cpu"
  grep -r -l '```mermaid' "$tmp/diagrams" | xargs -r sed -i 's/```mermaid/```text/'
  read -r wall cpu rss pages < <(median_build "$tmp/diagrams")
  printf 'fim-one fences as text       %4d pages               wall %6.2f s  cpu %6.2f s\n' "$pages" "$wall" "$cpu"
}

case "${1:-all}" in
  sites) sites ;;
  yaml) yaml ;;
  diagrams) diagrams ;;
  all) sites; echo; yaml; echo; diagrams ;;
  *) sed -n '2,22p' "$0" >&2; exit 2 ;;
esac
