#!/usr/bin/env bash
# One call of the device tool on a two-GPU machine (nvidia-h100-x2, carry ["build/native"]):
# host->host mqlcl_dgemm at 4096^3 as the planner runs it and with kernels 41 and 42 pinned,
# then scripts/procs-bench.sh (the processes on one GPU, then placed over both). Logs into
# $OUT/multi-gpu as they come.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
logs=${OUT:-/tmp}/multi-gpu
mkdir -p "$logs"
source scripts/gpu-env.sh
export MQLCL_TUNING_FILE="$logs/dgemm-tuning.txt"
for kernel in 0 41 42; do
  pin=(); [ "$kernel" != 0 ] && pin=(--kernel "$kernel")
  $host --device "$dev" gemm --precision fp64 --size 4096 --repeat 5 "${pin[@]}" >"$logs/dgemm-4096-$kernel.log" 2>&1
  echo "== dgemm 4096 kernel ${kernel/#0/planned}"; cat "$logs/dgemm-4096-$kernel.log"
done
unset MQLCL_TUNING_FILE
timeout "${PROCS_SECONDS:-420}" bash scripts/procs-bench.sh "$logs/procs" "$@"
