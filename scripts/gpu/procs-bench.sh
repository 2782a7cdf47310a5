#!/usr/bin/env bash
# Many processes on one or several GPUs, as the strategy tester's agents: `mqlcl-host procs` at
# 1, 2, 4, 8 and 16 processes started together, each with its own context doing host-array SGEMM
# at 256, 512 and 1024, launch chains and the MLP training step, twice: all pinned to one GPU
# ($MQLCL_DEVICE, as an agent inherits it from the terminal), then placed by MQLCL_DEVICE_BEST
# over every GPU (the placement registry beside the tuning file). The GPUs' profiles are
# measured into the tuning file first, so that placement's ties go to the faster one. Logs and
# procs-*.csv go into the folder given (default /tmp/procs-bench) as they come; further
# arguments go to procs (e.g. --scale 4 --counts 1,16).
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh); two GPUs or more for the placement part.
# Usage: scripts/gpu/procs-bench.sh [OUT_DIR [procs arguments]]
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/procs-bench}
shift $(($# > 0 ? 1 : 0))
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE" "$MQLCL_TUNING_FILE.contexts"
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
nproc >"$logs/nproc.txt"
gpus=$(python3 - build/native/dll/libmqlcl.so <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1]); lib.mqlcl_device_info.restype = ctypes.c_longlong
print(" ".join(str(d) for d in range(lib.mqlcl_device_count()) if lib.mqlcl_device_info(d, 1) & 4))
PY
)
echo "== GPUs (mqlcl's numbers): $gpus; the best: $dev"
for g in $gpus; do
  $host --device "$g" profile >"$logs/profile-$g.log" 2>&1
  echo "== profile of device $g: rc=$?"
done
args=(--scale 2 "$@")
MQLCL_DEVICE=$dev $host procs --csv "$logs/procs-one-gpu.csv" "${args[@]}" >"$logs/procs-one-gpu.log" 2>&1
rc1=$?
echo "== procs, every process on device $dev (MQLCL_DEVICE): rc=$rc1"; grep -E '^  N=|^procs' "$logs/procs-one-gpu.log"
$host procs --csv "$logs/procs-placed.csv" "${args[@]}" >"$logs/procs-placed.log" 2>&1
rc2=$?
echo "== procs, placed by MQLCL_DEVICE_BEST over GPUs $gpus: rc=$rc2"; grep -E '^  N=|^procs' "$logs/procs-placed.log"
exit $((rc1 || rc2))
