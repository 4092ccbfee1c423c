#!/usr/bin/env bash
# Builds and runs one libFuzzer target for SECONDS seconds.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options or files...]
#
# TARGET is a folder of Fuzz/: rules (the rules compiler on arbitrary bytes), profile (profile and flow-event
# decoding), resolve (the rule set of Rules/ resolving fuzzed profiles). The harness Fuzz/TARGET/main.swift is
# compiled with every file of Sources/PlacementKit into one module by swiftc (SwiftPM does not build Fuzz/), with
# -sanitize=fuzzer,address and -O. Everything the run produces goes to fuzz-out/TARGET/ (git-ignored):
#   fuzzer      the instrumented binary (rebuilt when a source is newer)
#   corpus/     the working corpus, seeded from Rules/ and Examples/ on first use and kept between runs
#   crashes/    crash-*, leak-*, timeout-*, oom-* inputs (each one becomes a regression test)
#   run.log     libFuzzer's output; the final stats are printed at the end
# To replay one input: scripts/fuzz.sh TARGET 0 fuzz-out/TARGET/crashes/crash-…
set -euo pipefail

target=${1:?usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer args...]}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer args...]}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
harness="Fuzz/$target/main.swift"
[[ -f $harness ]] || { echo "fuzz.sh: no target '$target' (expected $harness)" >&2; exit 64; }
out="fuzz-out/$target"
mkdir -p "$out/corpus" "$out/crashes"

mapfile -t sources < <(find Sources/PlacementKit -name '*.swift' | sort)
if [[ ! -x $out/fuzzer ]] || [[ -n $(find "$harness" "${sources[@]}" -newer "$out/fuzzer" | head -1) ]]; then
  echo "fuzz.sh: building $out/fuzzer" >&2
  # Compile a snapshot, so editing the sources during the (long) build cannot break it.
  rm -rf "$out/src" && mkdir -p "$out/src"
  cp --parents "${sources[@]}" "$harness" "$out/src/"
  # ld.gold warns about every ASan helper symbol; keep the log and show its errors only when the build fails.
  (cd "$out/src" && swiftc -sanitize=fuzzer,address -O -g -parse-as-library -module-name PlacementFuzz \
    "${sources[@]}" "$harness" -o ../fuzzer) 2>"$out/build.log" \
    || { grep -v 'Cannot export local symbol' "$out/build.log" >&2; exit 70; }
fi

# Seed corpus: whole files, and each line of JSON Lines files as its own input.
seed() {
  local n=0
  case $target in
    rules)
      for f in Rules/*.rules Examples/broken/*.rules; do [[ -f $f ]] && cp "$f" "$out/corpus/seed-$((n++))"; done ;;
    profile | resolve)
      for f in Examples/profiles/*.json Examples/broken/*.json; do [[ -f $f ]] && cp "$f" "$out/corpus/seed-$((n++))"; done
      for f in Examples/profiles/*.jsonl Examples/events/*.jsonl Examples/broken/*.jsonl; do
        [[ -f $f ]] || continue
        while IFS= read -r line; do printf '%s' "$line" >"$out/corpus/seed-$((n++))"; done <"$f"
      done ;;
  esac
}
[[ -n $(ls -A "$out/corpus") ]] || seed

dict=()
[[ -f Fuzz/$target/dictionary ]] && dict=(-dict="Fuzz/$target/dictionary")

if [[ $# -gt 0 && -f ${1:-} ]]; then  # replay files
  exec "$out/fuzzer" "$@"
fi

export PLACEMENT_FUZZ_RULES="$root/Rules"
set +e
"$out/fuzzer" "$out/corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=16384 -print_final_stats=1 -artifact_prefix="$out/crashes/" "$@" 2>"$out/run.log"
status=$?
set -e
grep -E '(DONE|stat::|INFO: Loaded|==[0-9]+==ERROR|SUMMARY|Done)' "$out/run.log" || true
echo "corpus: $(ls "$out/corpus" | wc -l) inputs; crashes: $(ls "$out/crashes" | wc -l)"
exit $status
