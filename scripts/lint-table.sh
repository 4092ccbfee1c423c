#!/usr/bin/env bash
# Writes a generated rules file to stdout, for measuring `placement lint` on large tables (docs/Performance.md).
#
#   scripts/lint-table.sh rows ROWS SEGMENTS   one placement of ROWS rows over SEGMENTS two-condition segments
#                                              (`segment sN = experience == pro and country == "CNNNN"`)
#   scripts/lint-table.sh and TERMS            one segment whose condition is a chain of TERMS `and`ed tests
#   scripts/lint-table.sh or TERMS             the same with `or`
#   scripts/lint-table.sh overlap ROWS         one placement of ROWS rows that all overlap (`score >= N`, widest
#                                              last): every pair must be compared, so the analysis budget applies
set -euo pipefail
mode=${1:?usage: scripts/lint-table.sh rows ROWS SEGMENTS | and TERMS | or TERMS | overlap ROWS}
cat <<'RULES'
attribute experience: choice(beginner "Beginner", amateur "Amateur", pro "Pro") from quiz "experience"
attribute score: number from input "score"
RULES
case $mode in
  rows)
    rows=${2:?rows} segments=${3:?segments}
    awk -v rows="$rows" -v segments="$segments" 'BEGIN {
      for (i = 0; i < segments; i++) printf "segment s%d = experience == pro and country == \"C%04d\"\n", i, i
      print "placement generated: flow {"
      for (i = 0; i < rows; i++) printf "  s%d -> flow f%d\n", i, i
      print "  default -> flow fallback"
      print "}"
    }' ;;
  and | or)
    terms=${2:?terms}
    awk -v terms="$terms" -v op="$mode" 'BEGIN {
      printf "segment chain = score > 0"
      for (i = 1; i < terms; i++) printf " %s score > %d", op, i
      print ""
      print "placement generated: flow {"
      print "  chain -> flow chained"
      print "  default -> flow fallback"
      print "}"
    }' ;;
  overlap)
    rows=${2:?rows}
    awk -v rows="$rows" 'BEGIN {
      for (i = 0; i < rows; i++) printf "segment s%d = score >= %d\n", i, rows - i
      print "placement generated: flow {"
      for (i = 0; i < rows; i++) printf "  s%d -> flow f%d\n", i, i
      print "  default -> flow fallback"
      print "}"
    }' ;;
  *) echo "lint-table.sh: unknown mode '$mode'" >&2; exit 64 ;;
esac
