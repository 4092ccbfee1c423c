#!/usr/bin/env bash
# Builds the `placement` binary that Spark executors run: release, with the Swift runtime and Foundation linked in
# statically (--static-swift-stdlib), so an executor needs no Swift toolchain, only glibc and libcurl 4 (the
# static FoundationNetworking that follows bundle URLs calls it; every common Linux image has libcurl.so.4).
# Checks that the result needs no Swift shared library and runs, then copies it to OUT (default
# Examples/Spark/dist/placement).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-Examples/Spark/dist/placement}"
# The static FoundationNetworking links `-lcurl`: without the development package there is no libcurl.so to find,
# so point the linker at the runtime library through a link of that name.
# awk reads all of ldconfig's output (an early exit would end ldconfig with SIGPIPE, failing the pipeline).
curl="$(ldconfig -p | awk '/libcurl\.so\.4 .*(x86-64|AArch64)/ && !found {print $NF; found = 1}')"
[[ -n $curl ]] || { echo "build-binary.sh: libcurl.so.4 not found (Debian: libcurl4)" >&2; exit 1; }
mkdir -p .build/static-link
ln -sf "$curl" .build/static-link/libcurl.so
flags=(-c release --static-swift-stdlib -Xlinker -L"$PWD/.build/static-link")
swift build "${flags[@]}" --product placement
bin="$(swift build "${flags[@]}" --show-bin-path)/placement"
if ldd "$bin" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then
  echo "build-binary.sh: $bin still needs the Swift shared libraries above" >&2
  exit 1
fi
"$bin" --version >/dev/null
mkdir -p "$(dirname "$out")"
cp "$bin" "$out"
echo "$out: $("$out" --version), $(wc -c <"$out") bytes, needs: $(ldd "$out" | awk '{print $1}' | tr '\n' ' ')"
