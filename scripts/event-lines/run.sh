#!/usr/bin/env bash
# Instructions per batch line with 100 events against a line without, for `placement resolve --profiles` and for
# the native floor (floor.cpp: simdjson On-Demand reading every event). Marginal: (Ir(600 lines) - Ir(200)) / 400.
# Needs valgrind, g++ and libsimdjson-dev (Debian). Usage: scripts/event-lines/run.sh .build/release/placement [DIR]
set -euo pipefail
bin="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
work="${2:-$(mktemp -d)}"
python3 "$here/lines.py" "$work"
g++ -O3 -std=c++17 "$here/floor.cpp" -lsimdjson -o "$work/floor"
cd "$work"
ir() { valgrind --tool=callgrind --callgrind-out-file=cg.out "$@" > /dev/null 2>&1; awk '/^summary:|^totals:/ {print $2; exit}' cg.out; }
marginal() { echo $(( ($("$@" 600) - $("$@" 200)) / 400 )); }
engine() { local rules=$1 kind=$2 n=$3; SWIFT_DETERMINISTIC_HASHING=1 ir "$bin" resolve --rules "$rules" \
  --profiles "$kind$n.jsonl" --now 2026-11-30T00:00:00Z; }
floor() { local kind=$1 n=$2; ir ./floor "$kind$n.jsonl"; }
for rules in R0 R; do
  e=$(marginal engine "$rules" e); n=$(marginal engine "$rules" n)
  echo "placement, rules $rules: $e with 100 events, $n without ($(( e / n ))x)"
done
e=$(marginal floor e); n=$(marginal floor n)
echo "native floor (simdjson, every event read): $e with 100 events, $n without ($(( e / n ))x)"
