#!/usr/bin/env bash
# The release package for the terminal: dist/mqlcl-<version>-mt5.zip, laid out as a terminal's
# data folder (MQL5/Libraries/mqlcl.dll, MQL5/Include/mqlcl/, MQL5/Scripts/mqlcl/) with
# INSTALL.txt, LICENSE and SHA256SUMS; deterministic (same inputs, same bytes). Builds nothing:
# takes the DLL as built (scripts/build.sh --mingw). Prints the zip's path and its sha256.
# Usage: scripts/package.sh [--dll PATH] [--out DIR]   (defaults: build/mingw/dll/mqlcl.dll, dist/)
# tests/checks/check_package.py (a step of scripts/test.sh) unpacks it and runs what it ships.
set -euo pipefail
exec python3 "$(dirname "$0")/package.py" "$@"
