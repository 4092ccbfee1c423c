#!/usr/bin/env bash
# Builds and runs libFuzzer targets.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options or files...]   fuzz one target
#   scripts/fuzz.sh TARGET 0 FILE...                                  replay inputs (e.g. a crash)
#   scripts/fuzz.sh rules stats                                       how many corpus inputs compile (with a placement)
#   scripts/fuzz.sh binder stats                                      how many corpus inputs bind, and by the fast path
#   scripts/fuzz.sh smoke SECONDS                                     every target for SECONDS each (.ci/run)
#
# TARGET is a folder of Fuzz/: rules (the rules compiler on arbitrary bytes), profile (profile and flow-event
# decoding), resolve (the rule set of Rules/ resolving fuzzed profiles), binder (the JSON-bytes binder's fast
# path against `bind(Profile(jsonBytes:))` on the same bytes, and each explanation against its decision), http
# (placement serve's HTTP/1.1 request decoder on a byte stream, whole and split). The harnesses Fuzz/*/*.swift are
# compiled with every file of the modules they need (Sources/PlacementCore, Sources/PlacementKit/API and
# Sources/PlacementServer/HTTP; the `import PlacementCore`-style lines stripped) into one module by swiftc
# (SwiftPM does not build Fuzz/), with
# -sanitize=fuzzer,address and $FUZZ_OPT (default -O), as one binary fuzz-out/all/fuzzer (rebuilt when a source
# is newer) holding every target, chosen by PLACEMENT_FUZZ_TARGET (Fuzz/all). Each target's outputs go to
# fuzz-out/TARGET/ (git-ignored; the smoke run uses fuzz-out/smoke/TARGET/, fresh each time):
#   corpus/     the working corpus, seeded on first use and kept between runs (rules: each Rules/ file, all of
#               Rules/ as one file, generated tables; profile, resolve: the example profiles and events; binder:
#               the example profiles and generated lines of every attribute of Rules/ in the binder's common shape;
#               http: requests of every route, pipelined ones, and malformed heads)
#   crashes/    crash-*, leak-*, timeout-*, oom-* inputs (each one becomes a regression test)
#   run.log     libFuzzer's output; the final stats are printed at the end
set -euo pipefail

usage="usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer args...] | rules stats | binder stats | smoke SECONDS"
target=${1:?$usage}
seconds=${2:?$usage}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
opt=${FUZZ_OPT:--O}

# build NAME FLAGS... : compiles fuzz-out/NAME/fuzzer from the engine's sources and every harness.
build() {
  local name=$1 out="fuzz-out/$1" harness=(Fuzz/rules/*.swift Fuzz/profile/*.swift Fuzz/resolve/*.swift Fuzz/binder/*.swift
    Fuzz/http/*.swift Fuzz/all/*.swift)
  shift
  mkdir -p "$out"
  mapfile -t sources < <(find Sources/PlacementCore Sources/PlacementKit/API Sources/PlacementServer/HTTP -name '*.swift' | sort)
  if [[ ! -x $out/fuzzer ]] || [[ -n $(find "${harness[@]}" "${sources[@]}" -newer "$out/fuzzer" | head -1) ]]; then
    echo "fuzz.sh: building $out/fuzzer ($opt)" >&2
    # Compile a snapshot, so editing the sources during the (long) build cannot break it.
    rm -rf "$out/src" && mkdir -p "$out/src"
    cp --parents "${sources[@]}" "${harness[@]}" "$out/src/"
    # One module: the imports of the engine's own modules (and the facade's re-exports) would name missing modules.
    sed -i -E '/^(@_exported )?import Placement(Core|Analysis|Format)$/d' "${sources[@]/#/$out/src/}"
    # ld.gold warns about every ASan helper symbol; keep the log and show its errors only when the build fails.
    # -package-name: the Syntax types are `package` (without it nothing builds).
    (cd "$out/src" && swiftc -sanitize=fuzzer,address "$opt" -g -parse-as-library -module-name PlacementFuzz \
      -package-name placement "$@" "${sources[@]}" "${harness[@]}" -o ../fuzzer) 2>"$out/build.log" \
      || { grep -v 'Cannot export local symbol' "$out/build.log" >&2; exit 70; }
  fi
}

# binder_lines : profile lines of the binder's common shape for the attributes of Rules/ (every option, each
# type's edge values, built-ins of every type), and their near misses the fast path declines (a wrong type, an
# unknown option, a duplicate name, an escaped name, events), so mutations cross between both paths.
binder_lines() {
  local experience interests i=0
  for experience in '"beginner"' '"amateur"' '"pro"' '"expert"' 'null' '1' '""'; do
    for interests in '[]' '["sports"]' '["music","yoga","running"]' '["sports","golf"]' '"yoga"' 'null'; do
      printf '{"profile_id":"p-%d","custom_attributes":{"experience":%s,"interests":%s}}\n' \
        $((i++)) "$experience" "$interests"
    done
  done
  cat <<'LINES'
{"profile_id":"a","custom_attributes":{"email":"a@example.com","birthday":"1990-06-15","reminders":true}}
{"profile_id":"b","custom_attributes":{"email":"","birthday":"1990-02-30","reminders":"yes"}}
{"profile_id":"c","custom_attributes":{"birthday":"2026-12-01T10:00:00Z","reminders":false,"unknown":1}}
{"profile_id":"","app_version":"2.4.0","os_version":"17.1","age":34,"country":"DE","created_at":1764460800000}
{"profile_id":" ","app_version":"2.4","age":"34","total_revenue_usd":9.99,"installed_at":"2026-01-01"}
{"profile_id":"d","app_version":"v1","age":1e308,"subscription_expires_at":-1,"platform":"ios","language":"fr"}
{"profile_id":"e","customer_user_id":"u-1","app_user_id":"x","gender":"f","device":"iPhone","store_country":"US"}
{"profile_id":"f","subscription_state":"active","subscription_product":"pro_year","paid_access_level":"premium"}
{"profile_id":"g","custom_attributes":{"experience":"pro","experience":"beginner"}}
{"profile_id":"h","custom_attributes":{"exp\u0065rience":"amateur"}}
{"profile_id":"i","custom_attributes":{"email":"\u00e9l\u00e8ve@example.com","interests":["yoga"]}}
{"profile_id":"j","events":[{"name":"flow_user_input","element_id":"experience","value":"pro"}]}
{"profile_id":"k","custom_attributes":{"experience":{"nested":"pro"}},"age":null,"country":7}
{"profile_id":"l","app_version_on_install":"1.0.0-beta.1","age":-0.0,"created_at":"2026-11-30T00:00:00.000+01:00"}
LINES
}

# http_requests : requests of every route and method, pipelined and split oddly, and malformed heads, one per line
# with \r and \n escaped (printf %b turns them back into bytes).
http_requests() {
  cat <<'REQUESTS'
GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n
GET /v1/rules HTTP/1.0\r\nConnection: keep-alive\r\n\r\n
POST /v1/resolve?placements=main_paywall&explain=true HTTP/1.1\r\nHost: h\r\nContent-Length: 18\r\n\r\n{"profile_id":"p"}
POST /ofrep/v1/evaluate/flags/main_paywall HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 35\r\n\r\n{"context":{"targetingKey":"u-1"}}\n
POST /v1/resolve/batch HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 6\r\n\r\n{}\n{}\nGET /metrics HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n
\r\n\r\nHEAD http://h:8080/readyz?x=%2F HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer t\r\n\r\n
POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n
POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab
GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n
GET / HTTP/2.0\r\n\r\n
REQUESTS
}

# seed TARGET DIR : the first corpus of a target.
seed() {
  local n=0 dir=$2
  case $1 in
    http)
      http_requests | while IFS= read -r line; do printf '%b' "$line" >"$dir/seed-$((n++))"; done ;;
    rules)
      for f in Rules/*.rules Examples/broken/*.rules; do [[ -f $f ]] && cp "$f" "$dir/seed-$((n++))"; done
      # Whole rule sets that compile with placements, so mutations reach resolution (D8).
      cat Rules/*.rules >"$dir/seed-shipped"
      scripts/lint-table.sh rows 12 16 >"$dir/seed-table"
      scripts/lint-table.sh and 40 >"$dir/seed-and"
      scripts/lint-table.sh or 40 >"$dir/seed-or" ;;
    profile | resolve | binder)
      for f in Examples/profiles/*.json Examples/broken/*.json; do [[ -f $f ]] && cp "$f" "$dir/seed-$((n++))"; done
      for f in Examples/profiles/*.jsonl Examples/events/*.jsonl Examples/broken/*.jsonl; do
        [[ -f $f ]] || continue
        while IFS= read -r line; do printf '%s' "$line" >"$dir/seed-$((n++))"; done <"$f"
      done
      if [[ $1 == binder ]]; then
        binder_lines | while IFS= read -r line; do printf '%s' "$line" >"$dir/gen-$((n++))"; done
      fi ;;
  esac
}

export PLACEMENT_FUZZ_RULES="$root/Rules"

# run BINARY TARGET SECONDS OUT [args...] : one libFuzzer run; prints the final stats.
run() {
  local binary=$1 name=$2 time=$3 out=$4 dict=()
  shift 4
  [[ -f Fuzz/$name/dictionary ]] && dict=(-dict="Fuzz/$name/dictionary")
  set +e
  # -reload=0: one process owns the corpus; rereading it every second (libFuzzer's default, for parallel jobs)
  # re-executed corpus inputs, 8 % of a rules run's CPU time (perf, catalog session).
  PLACEMENT_FUZZ_TARGET=$name "$binary" "$out/corpus" "${dict[@]}" -max_total_time="$time" -timeout=10 -reload=0 \
    -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="$out/crashes/" "$@" 2>"$out/run.log"
  local status=$?
  set -e
  grep -E '(DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss|INFO: Loaded|==[0-9]+==ERROR|SUMMARY|Done)' \
    "$out/run.log" || true
  echo "$name: corpus $(ls "$out/corpus" | wc -l) inputs; crashes $(ls "$out/crashes" | wc -l)"
  return $status
}

if [[ $target == smoke ]]; then
  build all -D PLACEMENT_FUZZ_ALL
  status=0
  for name in rules profile resolve binder http; do
    out="fuzz-out/smoke/$name"
    rm -rf "$out" && mkdir -p "$out/corpus" "$out/crashes"
    seed "$name" "$out/corpus"
    run fuzz-out/all/fuzzer "$name" "$seconds" "$out" || status=$?
  done
  exit $status
fi

case $target in
  rules | profile | resolve | binder | http) ;;
  *) echo "fuzz.sh: no target '$target' (rules, profile, resolve, binder, http or smoke)" >&2; exit 64 ;;
esac
build all -D PLACEMENT_FUZZ_ALL
fuzzer=fuzz-out/all/fuzzer
out="fuzz-out/$target"
mkdir -p "$out/corpus" "$out/crashes"
[[ -n $(ls -A "$out/corpus") ]] || seed "$target" "$out/corpus"

if [[ $seconds == stats ]]; then  # replay the corpus once, counting what compiles (rules) or takes the fast path (binder)
  [[ $target == rules || $target == binder ]] || { echo "fuzz.sh: stats is for rules and binder" >&2; exit 64; }
  PLACEMENT_FUZZ_TARGET=$target PLACEMENT_FUZZ_STATS=1 "$fuzzer" "$out/corpus" -runs=0 2>&1 | grep -E "^$target corpus:"
  exit 0
fi
if [[ $# -gt 0 && -f ${1:-} ]]; then  # replay files
  PLACEMENT_FUZZ_TARGET=$target exec "$fuzzer" "$@"
fi
run "$fuzzer" "$target" "$seconds" "$out" "$@"
