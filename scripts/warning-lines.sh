#!/usr/bin/env bash
# Instructions per batch line (callgrind) of lines that draw a warning, beside the clean line they come from
# (docs/Performance.md, "Lines with a warning"). Run from the project's root after
# `swift build -c release --product placement`.
#
#   scripts/warning-lines.sh [PLACEMENT_BINARY] [PROFILES] [VARIANT...]
#       (defaults: .build/release/placement, 2000, every variant)
#
# Inputs: the peerbench lines of ../shared/bench/peerbench (`make_inputs.py profiles PROFILES`), each variant the
# same lines with one change: a stray top-level member (`device_id`, the same value on every line or its own),
# 20 of them, a value that cannot be coerced (`"age":"unknown"` on every line, or `"unknown-<n>"`: no two alike),
# an escaped member name (`"profile\u005fid"`), `"events":[]`, `events` with one answer, an id with an escape.
# Each figure is a marginal cost, (Ir of PROFILES lines - Ir of the variant's second line alone) / (PROFILES - 1),
# so process start and compiling the rules are left out. SHARED_BENCH names the shared benchmark folder (default:
# ../shared/bench beside the project's root); BENCH_WORK a folder for the inputs (default: a new temporary one).
# Needs valgrind and python3. Prints one row per variant: instructions per line with 1 placement
# (`--placement placement_0`) and with 5, the ratio to the clean line (1 placement), and heap allocations per line
# with 1 placement (memcheck's "total heap usage", marginal in the same way).
set -euo pipefail
# Swift seeds its hash tables at random per process; fixed seeds keep the compile's instruction count stable.
export SWIFT_DETERMINISTIC_HASHING=1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cli=${1:-.build/release/placement}
n=${2:-2000}
shift $(($# < 2 ? $# : 2))
variants=("$@")
[[ -x $cli ]] || { echo "no executable at $cli (swift build -c release --product placement)"; exit 2; }
work=${BENCH_WORK:-$(mktemp -d)}
mkdir -p "$work"
bench=${SHARED_BENCH:-$root/../shared/bench}
[[ -d $bench ]] || bench=$root/../../shared/bench  # a git worktree one level deeper
(cd "$bench/peerbench" && python3 make_inputs.py profiles "$n" "$work" >/dev/null)
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
lines = open(f"{work}/engine-profiles.jsonl").read().splitlines()
def dump(p): return json.dumps(p, separators=(",", ":"), ensure_ascii=False)
def with_members(line, members):
    added = ",".join(f'"{k}":{v}' for k, v in members)
    return line[:-1] + ("," if line != "{}" else "") + added + "}"
def age(text):
    def change(line, i):
        p = json.loads(line)
        p["age"] = text.format(i=i)
        return dump(p)
    return change
answer = '{"name":"flow_user_input","instanceId":"s1","element_id":"goal","element_type":"single_choice","item_ids":["relax"]}'
variants = {
    "clean": lambda l, i: l,
    "device_id": lambda l, i: with_members(l, [("device_id", '"d-1"')]),
    "device_id_each": lambda l, i: with_members(l, [("device_id", f'"d-{i}"')]),
    "extra20": lambda l, i: with_members(l, [(f"extra_attr_{k:02}", f'"value_{k}"') for k in range(20)]),
    "age_unknown": age("unknown"),
    "age_each": age("unknown-{i}"),
    "escaped_name": lambda l, i: l.replace('"profile_id"', '"profile\\u005fid"', 1),
    "events": lambda l, i: with_members(l, [("events", "[]")]),
    "events_answer": lambda l, i: with_members(l, [("events", f"[{answer}]")]),
    "escaped_id": lambda l, i: l.replace('"user_', '"us\\u0065r_', 1),
}
for name, change in variants.items():
    out = [change(l, i) for i, l in enumerate(lines)]
    open(f"{work}/{name}.jsonl", "w").write("\n".join(out) + "\n")
    open(f"{work}/{name}-1.jsonl", "w").write(out[1] + "\n")
PY
[[ ${#variants[@]} -gt 0 ]] ||
  variants=(clean device_id device_id_each extra20 age_unknown age_each escaped_name events events_answer escaped_id)

ir() {  # ir CMD... : total instructions of one run
  local f="$work/cg.out"
  valgrind --tool=callgrind --callgrind-out-file="$f" "$@" >/dev/null 2>"$work/cg.err" || true
  grep -m1 '^summary:' "$f" | awk '{print $2}'
}
marginal() {  # marginal VARIANT [--placement P] : Ir per line beyond the first
  local variant=$1; shift
  local big small
  big=$(ir "$cli" resolve --rules "$work/engine.rules" --profiles "$work/$variant.jsonl" "$@")
  small=$(ir "$cli" resolve --rules "$work/engine.rules" --profiles "$work/$variant-1.jsonl" "$@")
  python3 -c "print(round(($big - $small) / ($n - 1)))"
}
allocs() {  # allocs FILE : heap allocations of one run with 1 placement
  valgrind --tool=memcheck "$cli" resolve --rules "$work/engine.rules" --profiles "$1" --placement placement_0 \
    2>&1 >/dev/null | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
clean=""
printf '%-14s %10s %10s %8s %8s\n' variant "1 pl." "5 pl." "ratio" "allocs"
for variant in "${variants[@]}"; do
  one=$(marginal "$variant" --placement placement_0)
  five=$(marginal "$variant")
  [[ $variant == clean ]] && clean=$one
  ratio=$([[ -n $clean ]] && python3 -c "print(f'{$one/$clean:.2f}x')" || echo -)
  heap=$(python3 -c "print(f'{($(allocs "$work/$variant.jsonl") - $(allocs "$work/$variant-1.jsonl")) / ($n - 1):.2f}')")
  printf '%-14s %10s %10s %8s %8s\n' "$variant" "$one" "$five" "$ratio" "$heap"
done
