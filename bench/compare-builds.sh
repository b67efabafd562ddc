#!/usr/bin/env bash
# Before/after runs of two builds of the service on the same data:
#   bench/compare-builds.sh ROUNDS DIR_A DIR_B PATH...
# Each DIR is a checkout with `dist/` built (npx tsc -p tsconfig.build.json) and node_modules; the
# data is DATABASE_URL's (seeded: `avalanche-data-service seed`), or without it each checkout's own
# PGlite folder (`./data`, a copy of one seeded folder per checkout: two processes must not open one
# folder, so PGlite needs two checkouts even to compare flags). Both builds are started at once
# (ports PORT and PORT+1; an idle service costs nothing) and, after 5 s of warm-up each, take turns:
# per round and path, 5 s of autocannon -c 10 on A, then on B. Each burst prints req/s, p50, p99
# (autocannon's own, in whole milliseconds rounded down; the suite's are to the microsecond,
# shared/runLoad.ts) and the service's CPU time per request (from /proc/<pid>/stat); the last lines total each build's
# requests and CPU over its bursts per path, with its resident memory then (VmRSS). Alternating
# short bursts keeps the drift of a shared machine (its speed moves within minutes) out of the
# comparison, but single bursts of one build still differ, so a few rounds' totals carry several
# per cent of noise: use 8 rounds or more, and time changes of microseconds alone.
# DIR_A and DIR_B may be one checkout run with different node flags: FLAGS_A and FLAGS_B (for
# example FLAGS_B=--max-semi-space-size=32) are put on each side's node command line.
set -euo pipefail
rounds=$1 a=$2 b=$3
shift 3
port=${PORT:-4100}
autocannon=$(dirname "$0")/../node_modules/.bin/autocannon
hz=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
resident_mb() { awk '/^VmRSS:/ {print int($2 / 1024)}' "/proc/$1/status"; }

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
start() {
  local dir=$1 at=$2 flags=$3
  # shellcheck disable=SC2086 # the flags are words
  (cd "$dir" && PORT=$at SEED_DEMO_DATA=false LOG_LEVEL=warn RATE_LIMIT_ANONYMOUS_PER_MINUTE=0 RATE_LIMIT_ANONYMOUS_PER_DAY=0 \
    exec node $flags dist/bin/avalanche-data-service.js start > /dev/null 2>&1) &
  pids+=($!)
  for _ in $(seq 120); do curl -sf "http://127.0.0.1:$at/health/ready" > /dev/null && return; sleep 0.5; done
  echo "the build in $dir did not start on port $at" >&2
  exit 1
}
start "$a" "$port" "${FLAGS_A:-}"
start "$b" "$((port + 1))" "${FLAGS_B:-}"

# burst PID PORT PATH SECONDS: prints "requests ticks" and a line for the reader on stderr
burst() {
  local pid=$1 at=$2 path=$3 seconds=$4 before after
  before=$(cpu_ticks "$pid")
  "$autocannon" -j -c 10 -d "$seconds" "http://127.0.0.1:$at$path" 2>/dev/null > /tmp/compare-builds.json
  after=$(cpu_ticks "$pid")
  node -e "
    const r = JSON.parse(require('fs').readFileSync('/tmp/compare-builds.json', 'utf8'));
    const ticks = $after - $before, n = r.requests.total;
    console.error(['req/s', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx, 'cpu ms/req', (ticks * 1000 / $hz / n).toFixed(3)].join(' '));
    console.log(n, ticks);"
}

for path in "$@"; do
  declare -A requests=([a]=0 [b]=0) ticks=([a]=0 [b]=0)
  burst "${pids[0]}" "$port" "$path" 5 > /dev/null 2>&1
  burst "${pids[1]}" "$((port + 1))" "$path" 5 > /dev/null 2>&1
  for round in $(seq "$rounds"); do
    for side in a b; do
      if [ "$side" = a ]; then pid=${pids[0]} at=$port dir=$a; else pid=${pids[1]} at=$((port + 1)) dir=$b; fi
      read -r n t < <(burst "$pid" "$at" "$path" 5 2> /tmp/compare-builds.line)
      requests[$side]=$((requests[$side] + n)) ticks[$side]=$((ticks[$side] + t))
      echo "round $round $side $(basename "$dir"): $(cat /tmp/compare-builds.line) $path"
    done
  done
  for side in a b; do
    if [ "$side" = a ]; then pid=${pids[0]} dir=$a; else pid=${pids[1]} dir=$b; fi
    echo "total $side $(basename "$dir"): $((requests[$side] / (rounds * 5))) req/s, cpu ms/req $(node -e "console.log((${ticks[$side]} * 1000 / $hz / ${requests[$side]}).toFixed(3))"), resident $(resident_mb "$pid") MB $path"
  done
done
