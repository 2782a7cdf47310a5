#!/usr/bin/env bash
# Checks and times the tensor-core SGEMM stages 30 (TF32) and 31 (3xTF32) on odd and large
# shapes against a double reference (C poisoned with NaN first); prints a table last. Needs a
# machine with an NVIDIA GPU of compute capability 8.0 or more and its OpenCL driver.
# Logs go to LOG_DIR (default /tmp/tensor-check). Two modes:
#
#   scripts/gpu/tensor-check.sh --library BIN_DIR [LOG_DIR]
#     through the library: BIN_DIR holds libmqlcl.so and mqlcl-host (scripts/build.sh); runs
#     `mqlcl-host tensor-check` (stages 10, 30, 31 with the mma.sync / FP32 ceilings) on the
#     first GPU, stage 10 with the committed H200 tuning (docs/results/h200/mqlcl-tuning.txt).
#
#   scripts/gpu/tensor-check.sh [TC_BENCH] [KERNEL] [LOG_DIR]
#     the standalone harness dev/tensor/tc_bench (kernel tuning), with cuBLAS (PyTorch) as peer:
#   TC_BENCH  the harness binary (default: build dev/tensor/tc_bench.cpp with g++ -lOpenCL)
#   SWEEP     env: ';'-separated define sets timed at 4096^3; the fastest per stage runs the shapes
#             (default: the tuned values below)
set -euo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
here=$root

# Through the library: mqlcl-host tensor-check on the first GPU.
library_check() {
  local bin logs gpu
  bin=$(cd "$1" && pwd)
  logs=${2:-/tmp/tensor-check}
  mkdir -p "$logs"
  export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export MQLCL_TUNING_FILE=${MQLCL_TUNING_FILE:-$here/docs/results/h200/mqlcl-tuning.txt}
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv 2>&1 | tee "$logs/nvidia-smi.txt" || true
  "$bin/mqlcl-host" --library "$bin/libmqlcl.so" devices | tee "$logs/devices.txt"
  gpu=$(sed -n 's/^device \([0-9]*\): .*; GPU)$/\1/p' "$logs/devices.txt" | head -1)
  [ -n "$gpu" ] || { echo "no GPU among the OpenCL devices"; return 1; }
  "$bin/mqlcl-host" --library "$bin/libmqlcl.so" --device "$gpu" stages | tee "$logs/stages.txt"
  "$bin/mqlcl-host" --library "$bin/libmqlcl.so" --device "$gpu" peak --megabytes 1024 | tee "$logs/peak.txt"
  "$bin/mqlcl-host" --library "$bin/libmqlcl.so" --device "$gpu" tensor-check 2>&1 | tee "$logs/library-check.log"
  return "${PIPESTATUS[0]}"
}
if [ "${1:-}" = "--library" ]; then
  library_check "${2:?BIN_DIR}" "${3:-}"
  exit $?
fi

bin=${1:-}
kernel=${2:-$here/kernels/gemm/sgemm_tensor.cl}
logs=${3:-/tmp/tensor-check}
mkdir -p "$logs"
if [ -z "$bin" ]; then
  bin=/tmp/tc_bench
  # CUDA ships CL/cl.h; the loader may lack its unversioned libOpenCL.so link there.
  g++ -O2 -std=c++17 -I/usr/local/cuda/include -o "$bin" "$here/dev/tensor/tc_bench.cpp" -l:libOpenCL.so.1
fi
tuned="-DBK=16 -DBM=128 -DBN=128 -DWM=64 -DWN=64 -DSTAGES=3 -DGROUP_M=8"
sweep=${SWEEP:-$tuned}
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
status=0
"$bin" --kernel "$kernel" --sweep --configs "$sweep" --dump "$logs" 2>&1 | tee "$logs/tc_bench.log" || status=1
# SASS opcode histogram of the chosen builds (the PTX the driver made, assembled by ptxas).
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
if [ -x "$ptxas" ] && [ -x "$cuobjdump" ]; then
  for s in 30 31; do
    [ -f "$logs/stage$s.ptx" ] || continue
    echo "== stage $s: SASS opcodes (ptxas -arch=sm_90 -v) =="
    tr -d '\000' <"$logs/stage$s.ptx" >"/tmp/stage$s.ptx"  # the driver's binary ends in a NUL
    "$ptxas" -arch=sm_90 -v "/tmp/stage$s.ptx" -o "/tmp/stage$s.cubin" 2>&1 | grep -vE "^ptxas info +: (Compiling|Function properties)" | tail -4
    "$cuobjdump" -sass "/tmp/stage$s.cubin" |
      sed -nE 's#^\s*/\*[0-9a-f]{4,}\*/\s+(@!?U?P[0-9T]+\s+)?([A-Z0-9_.]+).*#\2#p' | sort | uniq -c | sort -rn | head -25
  done >"$logs/sass.txt" 2>&1 || true
fi
if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  python3 "$here/host/peers/cublas_peer.py" 2000,4096,8192 2>&1 | tee "$logs/cublas_peer.log" || true
fi
echo
sed -n '/^== tensor-core SGEMM/,$p' "$logs/tc_bench.log"
[ -f "$logs/cublas_peer.log" ] && sed -n '/^== cuBLAS peer/,$p' "$logs/cublas_peer.log"
exit $status
