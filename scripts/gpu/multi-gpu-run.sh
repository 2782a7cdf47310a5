#!/usr/bin/env bash
# Host->host mqlcl_dgemm at 4096^3 as the planner runs it and with kernels 41 and 42 pinned,
# then scripts/gpu/procs-bench.sh (the processes on one GPU, then placed over both).
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh); two GPUs for the placement part. Logs into LOG_DIR (default
# /tmp/multi-gpu) as they come; further arguments go to procs-bench.sh.
# Usage: scripts/gpu/multi-gpu-run.sh [LOG_DIR [procs arguments]]
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/multi-gpu}
shift $(($# > 0 ? 1 : 0))
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/dgemm-tuning.txt"
for kernel in 0 41 42; do
  pin=(); [ "$kernel" != 0 ] && pin=(--kernel "$kernel")
  $host --device "$dev" gemm --precision fp64 --size 4096 --repeat 5 "${pin[@]}" >"$logs/dgemm-4096-$kernel.log" 2>&1
  echo "== dgemm 4096 kernel ${kernel/#0/planned}"; cat "$logs/dgemm-4096-$kernel.log"
done
unset MQLCL_TUNING_FILE
timeout "${PROCS_SECONDS:-420}" bash scripts/gpu/procs-bench.sh "$logs/procs" "$@"
