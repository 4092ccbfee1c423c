#!/usr/bin/env bash
# The 1-placement batch with a 1 KB remote config (en default + de) on every content of placement_0, measured
# in marginal callgrind instructions per profile (docs/Performance.md, "Remote config in the batch").
#
# usage: scripts/config-bench.sh PLACEMENT_BINARY SIDE_BY_SIDE_WORK_DIR
#   SIDE_BY_SIDE_WORK_DIR is the BENCH_WORK of a ../shared/bench/side-by-side.sh run: it holds the workload's
#   engine.rules and engine-profiles.jsonl (20,000 lines), which this script extends in a folder of its own.
set -euo pipefail
cli=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SWIFT_DETERMINISTIC_HASHING=1

python3 - "$src" "$work" <<'PY'
import json, re, sys
src, out = sys.argv[1], sys.argv[2]
rules = open(src + "/engine.rules").read()
block = rules[rules.index("placement placement_0: flow {"):]
block = block[:block.index("}")]
ids = re.findall(r"-> flow (\w+)", block)
def config(lang):
    return {"title": f"{lang} title for the paywall", "subtitle": "x" * 368, "cta": "Start my free week",
            "trial_days": 7, "features": [f"feature number {i} in {lang}" for i in range(20)],
            "theme": {"accent": "#ff6600", "dark": True}}
print("config bytes:", len(json.dumps(config("en"), separators=(",", ":"), sort_keys=True)), file=sys.stderr)
extra = "".join(
    f"\ncontent flow {i} {{\n  config default \"en\" {json.dumps(config('en'))}\n"
    f"  config \"de\" {json.dumps(config('de'))}\n}}\n" for i in ids)
open(out + "/engine.rules", "w").write(rules + extra)
lines = open(src + "/engine-profiles.jsonl").read().splitlines()
open(out + "/engine-profiles.jsonl", "w").write("".join(l + "\n" for l in lines))
open(out + "/one.jsonl", "w").write(lines[0] + "\n")
open(out + "/locale-profiles.jsonl", "w").write(
    "".join((l[:-1] + ',"locale":"de-AT"}' if n % 2 else l) + "\n" for n, l in enumerate(lines)))
print(len(lines), file=open(out + "/count", "w"))
PY

n=$(cat "$work/count")
ir() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err"
  grep -m1 '^summary:' "$work/cg.out" | awk '{print $2}'
}
small=$(ir "$cli" resolve --rules "$work/engine.rules" --profiles "$work/one.jsonl" --placement placement_0)
for profiles in engine-profiles locale-profiles; do
  big=$(ir "$cli" resolve --rules "$work/engine.rules" --profiles "$work/$profiles.jsonl" --placement placement_0)
  echo "$profiles: $(( (big - small) / (n - 1) )) instructions per profile"
done
