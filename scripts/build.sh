#!/usr/bin/env bash
# Builds the native (Linux) tree, and with --mingw also the Windows one.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
cmake --preset native >/dev/null
cmake --build --preset native -j "$jobs"
if [ "${1:-}" = "--mingw" ]; then
  cmake --preset mingw >/dev/null
  cmake --build --preset mingw -j "$jobs"
  cp build/mingw/dll/mqlcl.dll build/mingw/host/  # the host and tests load it from beside them
  cp build/mingw/dll/mqlcl.dll build/mingw/tests/
fi
