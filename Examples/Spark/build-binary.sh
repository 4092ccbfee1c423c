#!/usr/bin/env bash
# Builds the `placement` binary that Spark executors run: release, with the Swift runtime and Foundation linked in
# statically (--static-swift-stdlib), so an executor needs no Swift toolchain, only glibc. Checks that the result
# needs no Swift shared library and runs, then copies it to OUT (default Examples/Spark/dist/placement).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-Examples/Spark/dist/placement}"
swift build -c release --static-swift-stdlib --product placement
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/placement"
if ldd "$bin" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then
  echo "build-binary.sh: $bin still needs the Swift shared libraries above" >&2
  exit 1
fi
"$bin" --version >/dev/null
mkdir -p "$(dirname "$out")"
cp "$bin" "$out"
echo "$out: $("$out" --version), $(wc -c <"$out") bytes, needs: $(ldd "$out" | awk '{print $1}' | tr '\n' ' ')"
