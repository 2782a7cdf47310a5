#!/usr/bin/env bash
# Builds the native (Linux) tree; --mingw adds the Windows one, --sanitizers the ASan+UBSan,
# TSan and fuzzer trees (presets asan, tsan, fuzz); --sanitizers-only builds those three alone.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
native=1
for arg in "$@"; do
  case $arg in
    --mingw) mingw=1 ;;
    --sanitizers) sanitizers=1 ;;
    --sanitizers-only) sanitizers=1 native= ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done
if [ -n "$native" ]; then
  cmake --preset native >/dev/null
  start=$SECONDS
  cmake --build --preset native -j "$jobs"
  echo "build native: $((SECONDS - start)) s"
fi
if [ -n "${mingw:-}" ]; then
  cmake --preset mingw >/dev/null
  start=$SECONDS
  cmake --build --preset mingw -j "$jobs"
  echo "build mingw: $((SECONDS - start)) s"
  # The host and tests load the library from beside them, and it starts its GPU server from
  # beside itself.
  for dir in host tests; do
    cp build/mingw/dll/mqlcl.dll build/mingw/dll/mqlcl-gpu-server.exe "build/mingw/$dir/"
  done
fi
if [ -n "${sanitizers:-}" ]; then
  for preset in asan tsan fuzz; do
    cmake --preset "$preset" >/dev/null
    start=$SECONDS
    cmake --build --preset "$preset" -j "$jobs"
    echo "build $preset: $((SECONDS - start)) s"
  done
fi
