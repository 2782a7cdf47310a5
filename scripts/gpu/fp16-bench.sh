#!/usr/bin/env bash
# The FP16 tensor-core stages (32, 33) on a GPU: their tests on the GPU's driver, then in one
# run stages 10 and 30-33 at 4096^3 and 8192^3 (`mqlcl-host tensor-check`: kernel ms, TFLOP/s, %
# of the matching mma.sync ceiling, errors, which stage ran), cuBLAS FP32/TF32 through PyTorch
# on the same machine, and the host-array GEMM's plan at 4096 and 8192 (`gemm --plan`: every
# candidate pinned and run). docs/results-h200.md "FP16 tensor stages" has what it printed.
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh); mqlcl-host needs libclblast.so.1 (copy it into build/native/host/ where
# the machine lacks it).
# Usage: scripts/gpu/fp16-bench.sh [LOG_DIR]   (default /tmp/fp16-bench)
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/fp16-bench}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
MQLCL_TEST_DEVICE=$dev build/native/tests/mqlcl_tests --gtest_brief=1 \
  --gtest_filter='HalfStages*:Plan*:Tensor*:Sgemm*:Gemm*:Matmul*' >"$logs/gtest.log" 2>&1
echo "== GoogleTest on the GPU (device $dev): rc=$?"; tail -4 "$logs/gtest.log"
$host --device "$dev" tensor-check --stages "${STAGES:-10,30,31,32,33}" \
  --shapes "${SHAPES:-4096x4096x4096,8192x8192x8192}" --reps 10 >"$logs/tensor-check.log" 2>&1
echo "== stages (tensor-check)"; sed -n '/^== matmul stages/,$p' "$logs/tensor-check.log"
python3 host/peers/cublas_peer.py 4096,8192 --device FP32,TF32 >"$logs/cublas.log" 2>&1
echo "== cuBLAS"; cat "$logs/cublas.log"
for size in ${PLAN_SIZES:-4096 8192}; do
  for precision in exact fast; do
    $host --device "$dev" gemm --plan --size "$size" --precision "$precision" --repeat 5 >"$logs/plan-$size-$precision.log" 2>&1
    echo "== host-array GEMM $size $precision"
    sed -n '/^plan /,$p' "$logs/plan-$size-$precision.log"
  done
done
