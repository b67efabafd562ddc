#!/usr/bin/env bash
# Interleaved before/after runs of two builds of the service on the same data:
#   bench/compare-builds.sh ROUNDS DIR_A DIR_B PATH...
# Each DIR is a checkout with `dist/` built (npx tsc -p tsconfig.build.json) and node_modules; the
# data is DATABASE_URL's (seeded: `avalanche-data-service seed`). Per round and build: start
# `avalanche-data-service start`, 4 s of warm-up, then 10 s of autocannon -c 10 per path, printing
# req/s, p50, p99 and the service's CPU time per request (from /proc/<pid>/stat). Interleaving
# keeps a noisy machine's drift out of the comparison.
set -euo pipefail
rounds=$1 a=$2 b=$3
shift 3
port=${PORT:-4100}
autocannon=$(dirname "$0")/../node_modules/.bin/autocannon
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() {
  local pid=$1 path=$2 seconds=$3 before after
  before=$(cpu_ticks "$pid")
  "$autocannon" -j -c 10 -d "$seconds" "http://127.0.0.1:$port$path" 2>/dev/null > /tmp/compare-builds.json
  after=$(cpu_ticks "$pid")
  node -e "
    const r = JSON.parse(require('fs').readFileSync('/tmp/compare-builds.json', 'utf8'));
    const ticks = $after - $before, n = r.requests.total, hz = Number(require('child_process').execSync('getconf CLK_TCK'));
    console.log(['req/s', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx, 'cpu ms/req', (ticks * 1000 / hz / n).toFixed(2)].join(' '));"
}
for round in $(seq "$rounds"); do
  for dir in "$a" "$b"; do
    (cd "$dir" && PORT=$port SEED_DEMO_DATA=false LOG_LEVEL=warn RATE_LIMIT_ANONYMOUS_PER_MINUTE=0 RATE_LIMIT_ANONYMOUS_PER_DAY=0 \
      exec node dist/bin/avalanche-data-service.js start > /dev/null 2>&1) &
    for _ in $(seq 120); do curl -sf "http://127.0.0.1:$port/health/ready" > /dev/null && break; sleep 0.5; done
    pid=$(pgrep -f "dist/bin/avalanche-data-service.js start" | head -1)
    for path in "$@"; do
      measure "$pid" "$path" 4 > /dev/null
      echo "round $round $(basename "$dir"): $(measure "$pid" "$path" 10) $path"
    done
    kill "$pid"; wait || true
  done
done
