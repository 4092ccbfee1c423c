#!/usr/bin/env bash
# Load benchmark of `placement serve` on loopback (docs/Performance.md, "placement serve"), bounded in time.
#
#   scripts/serve-bench.sh [SECONDS]           wrk against the release build: OFREP single, OFREP bulk and
#                                              /v1/resolve at 1, 16 and 64 connections, SECONDS each (default 10);
#                                              throughput, p50/p99/p99.9 latency, the server's CPU per request
#                                              (utime + stime from /proc), and its resident memory before and after
#   scripts/serve-bench.sh reload [SECONDS]    OFREP at 16 connections for SECONDS (default 30) while the rules
#                                              bundle is republished and SIGHUP sent every second, a corrupt
#                                              bundle every other time: errors, responses whose
#                                              Placement-Rules-Version was not published, reloads applied/refused
#
# Needs wrk (Debian: apt-get install -y wrk). The server runs with --threads ${SERVE_THREADS:-2}; wrk with
# min(connections, ${WRK_THREADS:-2}) threads, on the same machine: note the load average printed first.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=table
if [[ ${1:-} == reload ]]; then mode=reload; shift; fi
seconds=${1:-$([[ $mode == reload ]] && echo 30 || echo 10)}
command -v wrk >/dev/null || { echo "serve-bench: wrk not found (apt-get install -y wrk)" >&2; exit 69; }
swift build -c release --product placement >&2
bin=$PWD/.build/release/placement
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(date -u +%FT%TZ); commit $(git rev-parse --short HEAD)"

# start ARGS... : starts the server on a free port; sets pid and url.
start() {
  "$bin" serve --listen 127.0.0.1:0 --threads "${SERVE_THREADS:-2}" "$@" 2>"$work/err" &
  pid=$!
  for _ in $(seq 100); do grep -q listening "$work/err" && break; sleep 0.1; done
  url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/err")
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }

printf '{"context":{"targetingKey":"bench-7","interests":["music"],"birthday":"1990-06-15","app_version":"2.4.0","country":"DE"}}' >"$work/ofrep.json"
cp Examples/profiles/lapsed.json "$work/profile.json"

# run NAME PATH BODY CONNECTIONS : one wrk run; prints a table row.
run() {
  local name=$1 path=$2 body=$3 connections=$4 threads before after result requests
  threads=$((connections < ${WRK_THREADS:-2} ? connections : ${WRK_THREADS:-2}))
  before=$(cpu_ticks)
  result=$(BODY_FILE=$body wrk -t "$threads" -c "$connections" -d "${seconds}s" --timeout 5s \
    -s scripts/serve-bench/post.lua "$url$path" | grep RESULT)
  after=$(cpu_ticks)
  requests=$(sed -E 's/.*requests=([0-9]+).*/\1/' <<<"$result")
  printf '%-12s %3d  %s cpu_us_per_request=%.1f\n' "$name" "$connections" "${result#RESULT }" \
    "$(awk -v t=$((after - before)) -v r="$requests" -v hz="$(getconf CLK_TCK)" 'BEGIN {print t * 1e6 / hz / r}')"
}

if [[ $mode == table ]]; then
  start --rules Rules
  echo "server rss before: $(rss_kib) KiB"
  for connections in 1 16 64; do
    run ofrep /ofrep/v1/evaluate/flags/main_paywall "$work/ofrep.json" "$connections"
    run ofrep-bulk /ofrep/v1/evaluate/flags "$work/ofrep.json" "$connections"
    run resolve /v1/resolve "$work/profile.json" "$connections"
  done
  echo "server rss after: $(rss_kib) KiB; requests answered: $(curl -s "$url/metrics" \
    | awk '/^placement_http_requests_total/ {sum += $2} END {print sum}')"
  exit 0
fi

# reload: two good bundles that differ, and a corrupt copy, published in turn every second.
mkdir -p "$work/a" "$work/b"
cp Rules/*.rules "$work/a/"
cp Rules/*.rules "$work/b/"
echo "# variant b" >>"$work/b/paywall.rules"
"$bin" bundle build "$work/a" -o "$work/a.bundle" --revision a >/dev/null
"$bin" bundle build "$work/b" -o "$work/b.bundle" --revision b >/dev/null
python3 - "$work/b.bundle" "$work/corrupt.bundle" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[len(data) // 2] ^= 0x20
open(sys.argv[2], "wb").write(data)
PY
versions=$("$bin" bundle show "$work/a.bundle" | awk '/rules_version/ {print $2}'),$("$bin" bundle show "$work/b.bundle" | awk '/rules_version/ {print $2}')
cp "$work/a.bundle" "$work/served.bundle"
start --rules "$work/served.bundle"
BODY_FILE=$work/ofrep.json VERSIONS=$versions wrk -t 2 -c 16 -d "${seconds}s" --timeout 5s \
  -s scripts/serve-bench/check-version.lua "$url/ofrep/v1/evaluate/flags/main_paywall" >"$work/wrk.out" &
wrk_pid=$!
turn=0
while kill -0 "$wrk_pid" 2>/dev/null; do
  sleep 1
  case $((turn % 4)) in 0) next=b ;; 2) next=a ;; *) next=corrupt ;; esac
  cp "$work/$next.bundle" "$work/next.bundle" && mv "$work/next.bundle" "$work/served.bundle"
  kill -HUP "$pid"
  turn=$((turn + 1))
done
wait "$wrk_pid"
grep RESULT "$work/wrk.out"
echo "published: $versions; SIGHUPs: $turn; reloads: $(curl -s "$url/metrics" \
  | awk '/^placement_rules_reloads_total/ {a = $2} /^placement_rules_reload_failures_total/ {f = $2} END {print a " attempted, " f " refused"}')"
