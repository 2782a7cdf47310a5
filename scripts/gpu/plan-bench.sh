#!/usr/bin/env bash
# The GEMM planner calibrated, then checked, on this machine's device:
#   0. (GPU form) each tunable kernel's tiles swept (`tune --what NAME` at 4096, ${TILE_SECONDS:-25}
#      s each): the planner is calibrated with the tiles the device runs;
#   1. `mqlcl-host tune --what planner`: each GEMM kernel the planner offers, every precision,
#      timed on device buffers at a small size and a large one; its efficiency and preparation
#      fitted and stored (in $MQLCL_TUNING_FILE, a fresh one in the logs' directory);
#   2. `mqlcl-host plan-check`: at each size, for exact, fast and fp64, every candidate pinned
#      and called (the fastest of --reps), the planner's pick beside the fastest, and their ratio
#      (the goal: within 5 %).
# GPU form (default; needs a machine with an NVIDIA GPU and its OpenCL driver, and mqlcl-host's
# libclblast.so.1, copied into build/native/host/ where the machine lacks it): the GPU
# (scripts/gpu/env.sh), tune at 4096 (small 1024), sizes 1000 2000 4096 8192, then `gemm
# --plan` per size and precision (product times, the planner's own cost) and the planner's
# tests on the GPU's driver.
# CPU form (--cpu: PoCL, no GPU needed): the first CPU device, tune at 1024 (small 256), sizes
# 1000 2000 4096. Not 8192: on two cores PoCL's FP32 kernel does about 6 GFLOP/s and its FP64 one about
# 2.5, so one 8192^3 call takes 3 to 8 minutes and the check's dozen calls over an hour;
# 4096 takes about 5 minutes all told.
# Both need build/native built (scripts/build.sh).
# Usage: scripts/gpu/plan-bench.sh [--cpu] [LOG_DIR] (default /tmp/plan-bench); every command's
# output goes to a log there and to stdout.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cpu=0
if [ "${1:-}" = --cpu ]; then cpu=1; shift; fi
logs=${1:-/tmp/plan-bench}
mkdir -p "$logs"
if [ $cpu = 1 ]; then
  export LD_LIBRARY_PATH="$root/build/native/dll:$root/build/native/host${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  host=build/native/host/mqlcl-host
  dev=$(python3 - build/native/dll/libmqlcl.so <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.mqlcl_device_info.restype = ctypes.c_longlong
cpus = [d for d in range(lib.mqlcl_device_count()) if lib.mqlcl_device_info(d, 1) & 2]
print(cpus[0] if cpus else -1)
PY
)
  [ "$dev" -ge 0 ] || { echo "plan-bench --cpu: no CPU OpenCL device" >&2; exit 1; }
  tune_size=1024 sizes="1000 2000 4096" reps=2
else
  source scripts/gpu/env.sh  # NVIDIA's OpenCL driver registered
  use_build_tree  # LD_LIBRARY_PATH, $dev, $host
  tune_size=4096 sizes="1000 2000 4096 8192" reps=5
  nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
fi
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
run() {  # log name, then the command; its output to the log and stdout
  local log=$1; shift
  echo "\$ $*" | tee "$logs/$log"
  "$@" 2>&1 | tee -a "$logs/$log"
}
run profile.log $host --device "$dev" profile
if [ $cpu = 0 ]; then
  for what in ${TILES:-sgemm_tuned sgemm_tensor_tf32 sgemm_tensor_3xtf32 sgemm_tensor_fp16 sgemm_tensor_3xfp16 dgemm_tensor}; do
    $host --device "$dev" tune --what "$what" --size 4096 --reps 3 --seconds "${TILE_SECONDS:-25}" >"$logs/tune-$what.log" 2>&1
    echo "== tiles of $what: $(grep '^best' "$logs/tune-$what.log")"
  done
fi
run tune-planner.log $host --device "$dev" tune --what planner --size $tune_size --reps 5
run plan-check.log $host --device "$dev" plan-check --sizes "${sizes// /,}" --reps $reps
if [ $cpu = 0 ] && [ "${PLAN_LOGS:-1}" = 1 ]; then
  for size in $sizes; do
    for precision in exact fast fp64; do
      $host --device "$dev" gemm --plan --size $size --precision $precision --repeat 5 >"$logs/plan-$size-$precision.log" 2>&1
      echo "== $size $precision"
      sed -n '/^plan /,$p' "$logs/plan-$size-$precision.log"
    done
  done
fi
if [ $cpu = 0 ] && [ "${GTEST:-1}" = 1 ]; then
  MQLCL_TEST_DEVICE=$dev build/native/tests/mqlcl_tests --gtest_brief=1 \
    --gtest_filter='Plan*:PlanFile*:PlannerFit*:Tunables*:Tensor*:Dgemm*:Sgemm*:Tuning*:Gemm*' >"$logs/gtest.log" 2>&1
  echo "== GoogleTest on the GPU (device $dev): rc=$?"; tail -5 "$logs/gtest.log"
fi
