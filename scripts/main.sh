#!/usr/bin/env bash
# The main job: install what is missing, build, and run the article's experiment ladder
# (stage 0 on one CPU core with its six loop orders, stages 1-9 through the library) on
# the default OpenCL device, with the article's log lines and a table at the end.
# Arguments go to `mqlcl-host ladder` (e.g. --size 2000 for the article's size).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/native/host/mqlcl-host ladder --size 1000 --all-orders "$@"
