#!/usr/bin/env bash
# Builds the PlacementKit documentation (the DocC catalog Sources/PlacementKit/PlacementKit.docc and every
# public symbol's `///` docs) into .build/docs/PlacementKit.doccarchive, with the toolchain's own docc (no
# package plugin: the package has no dependencies).
#
#   scripts/docs.sh            build the archive (open it with `docc preview`, or host it statically)
#   scripts/docs.sh --check    fail on any DocC warning (a link to a missing or non-public symbol, an
#                              undocumented parameter): what .ci/run runs
#
# PlacementKit re-exports PlacementCore, PlacementAnalysis and PlacementFormat (docs/Architecture.md), and the
# symbol graph of a module leaves re-exported symbols out unless told to take them in, so the graph is extracted
# with -experimental-allowed-reexported-modules: without it the catalog would document 10 types and link to none
# of RuleSet, Profile or Decision.
set -euo pipefail
cd "$(dirname "$0")/.."

check=()
case "${1:-}" in
  --check) check=(--warnings-as-errors) ;;
  "") ;;
  *) echo "usage: scripts/docs.sh [--check]" >&2; exit 64 ;;
esac

swift build --target PlacementKit
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)
sdk=()
if command -v xcrun >/dev/null; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi
out=.build/docs
rm -rf "$out/symbols" "$out/PlacementKit.doccarchive"
mkdir -p "$out/symbols"
swift symbolgraph-extract -module-name PlacementKit -I "$bin/Modules" -target "$triple" "${sdk[@]}" \
  -minimum-access-level public \
  -experimental-allowed-reexported-modules=PlacementCore,PlacementAnalysis,PlacementFormat \
  -output-dir "$out/symbols"
docc convert Sources/PlacementKit/PlacementKit.docc --additional-symbol-graph-dir "$out/symbols" \
  --fallback-display-name PlacementKit --fallback-bundle-identifier placement.PlacementKit \
  --output-path "$out/PlacementKit.doccarchive" "${check[@]}"
