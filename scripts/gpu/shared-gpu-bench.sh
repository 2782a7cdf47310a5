#!/usr/bin/env bash
# Many processes on one GPU through this user's GPU server against each with its own context:
# `mqlcl-host procs --shared` (for each N: N processes through the server, N each with its own
# context, one process alone in-process; their aggregate rates and ratios), every process on one
# GPU ($MQLCL_DEVICE, as an agent inherits it from the terminal): the MLP training step (long
# enough that one process alone runs over a second), launch chains and host-array SGEMM at 1024,
# each at N = 1, 2, 4 and 16; then SGEMM again at N = 1 and 16 with the processes' copies to the
# server on one thread (MQLCL_SHARED_GPU_COPY_THREADS=1, against the default). Each run's server serves a place of that run's own and ends before
# the run does. Logs, procs-*.csv and nvidia-smi's view go into the folder given (default
# /tmp/shared-gpu-bench) as they come. About 6 minutes (each step under its own timeout).
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh), with build/native/dll/mqlcl-gpu-server beside the library.
# Usage: scripts/gpu/shared-gpu-bench.sh [LOG_DIR]
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root" || exit 1
logs=${1:-/tmp/shared-gpu-bench}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
if [ ! -x build/native/dll/mqlcl-gpu-server ]; then
  echo "build/native/dll/mqlcl-gpu-server is missing: build the native tree (scripts/build.sh)"
  exit 1
fi
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE" "$MQLCL_TUNING_FILE.contexts"
unset MQLCL_SHARED_GPU  # procs sets it for the server's configuration alone
export MQLCL_DEVICE=$dev
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
nproc >"$logs/nproc.txt"
echo "== every process on device $dev (MQLCL_DEVICE)"

step() {  # step NAME SECONDS procs-arguments...: one run of procs --shared, its log and CSV
  local name=$1 limit=$2 start=$SECONDS
  shift 2
  timeout -k 10 "$limit" "$host" procs --shared --csv "$logs/procs-$name.csv" "$@" >"$logs/procs-$name.log" 2>&1
  local rc=$?
  echo "== procs --shared $*: rc=$rc ($((SECONDS - start)) s)"
  sed -n '/^summary/,$p' "$logs/procs-$name.log"
  grep -E 'not where this configuration|failures [1-9]|worker [0-9]+:' "$logs/procs-$name.log" | head -20
  nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv >>"$logs/nvidia-smi.txt" 2>&1 || true
  return $rc
}
step mlp 240 --counts 1,2,4,16 --work mlp --scale 6
rc1=$?
step launch 120 --counts 1,2,4,16 --work launch --scale 2
rc2=$?
step gemm1024 180 --counts 1,2,4,16 --work gemm1024 --scale 1
rc3=$?
MQLCL_SHARED_GPU_COPY_THREADS=1 step gemm1024-copy1 120 --counts 1,16 --work gemm1024 --scale 1
rc4=$?
exit $((rc1 || rc2 || rc3 || rc4))
