#!/usr/bin/env bash
# Harvests the lint rules' documentation into docs/Lint.md.
#
# Each rule lives in Sources/PlacementAnalysis/Lint/Rules/<TypeName>.swift; its `///` comment is the rule's
# documentation, and its `id`, `severity` and `summary` are read from the `static let` lines. The rules are
# listed in LintRegistry order (Sources/PlacementAnalysis/Lint/LintRule.swift), between the markers
# `<!-- rules:begin -->` and `<!-- rules:end -->` of docs/Lint.md.
#
# usage: scripts/lint-docs.sh           rewrite the generated section of docs/Lint.md
#        scripts/lint-docs.sh --check   exit 1 (and show a diff) when docs/Lint.md is out of date
set -euo pipefail
cd "$(dirname "$0")/.."

rules_dir=Sources/PlacementAnalysis/Lint/Rules
doc=docs/Lint.md
registry=$(sed -n '/enum LintRegistry/,/^}/p' Sources/PlacementAnalysis/Lint/LintRule.swift \
  | grep -oE '^ *[A-Z][A-Za-z0-9]*\(\),' | tr -d ' (),')

generate() {
  for type in $registry; do
    file="$rules_dir/$type.swift"
    [[ -f "$file" ]] || { echo "lint-docs: no file $file for rule $type" >&2; exit 2; }
    id=$(sed -nE 's/.*static let id: DiagnosticCode = "([^"]+)".*/\1/p' "$file")
    severity=$(sed -nE 's/.*static let severity: Severity = \.([a-z]+).*/\1/p' "$file")
    summary=$(sed -nE 's/.*static let summary = "(.*)"$/\1/p' "$file")
    echo "### \`$id\`"
    echo
    echo "**$severity** · $summary · \`$type\`"
    echo
    # The /// block right above `struct <Type>: LintRule`.
    awk -v type="$type" '
      /^\/\/\// { sub(/^\/\/\/ ?/, ""); block = block $0 "\n"; next }
      $0 ~ "^struct " type ": LintRule" { printf "%s", block; exit }
      { block = "" }
    ' "$file"
    echo
    echo "Suppress: \`# placement-lint: disable=$id\`"
    echo
  done
}

generated=$(generate)
current=$(cat "$doc")
updated=$(SECTION="$generated" awk '
  /<!-- rules:begin -->/ { print; print ""; print ENVIRON["SECTION"]; skipping = 1; next }
  /<!-- rules:end -->/ { skipping = 0 }
  !skipping { print }
' "$doc")

if [[ "${1:-}" == "--check" ]]; then
  if [[ "$current" != "$updated" ]]; then
    diff <(echo "$current") <(echo "$updated") || true
    echo "lint-docs: docs/Lint.md is out of date; run scripts/lint-docs.sh" >&2
    exit 1
  fi
  exit 0
fi
printf '%s\n' "$updated" > "$doc"
