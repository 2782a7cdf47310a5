#!/usr/bin/env bash
# The GEMM kernels on a GPU (with build/native/base/ holding an earlier build's mqlcl-host and
# libmqlcl.so, the same table of that build first, in the same run): the kernels' tests on the
# GPU's driver, the ceilings (`peak`), each kernel's tiles swept (`tune --what NAME` at $SIZE,
# the fastest stored in this run's tuning file), then the table at 4096^3 and 8192^3
# (`tensor-check` for stages 10, 30-33; `gemm --kernel` for the DGEMM kernels), cuBLAS
# FP32/TF32/FP64 through PyTorch.
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh).
# Usage: scripts/gpu/engine-bench.sh [LOG_DIR]   (default /tmp/engine-bench; each log as
# written)
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/engine-bench}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
shapes=${SHAPES:-4096x4096x4096,8192x8192x8192}
table() {  # $1: mqlcl-host, $2: log prefix
  $1 --device "$dev" tensor-check --stages "${STAGES:-10,30,31,32,33}" --shapes "$shapes" --reps 10 >"$logs/$2-tensor-check.log" 2>&1
  for size in 4096 8192; do
    for kernel in 41; do
      $1 --device "$dev" gemm --precision fp64 --kernel $kernel --size $size --repeat 5 >"$logs/$2-dgemm-$kernel-$size.log" 2>&1
    done
  done
}
if [ -x build/native/base/mqlcl-host ] && [ -z "${NO_BASE:-}" ]; then
  MQLCL_TUNING_FILE="$logs/base-tuning.txt" table build/native/base/mqlcl-host base
  echo "== the earlier build"; sed -n '/^== matmul stages/,$p' "$logs/base-tensor-check.log"; grep -h "GFLOP\|TFLOP\|ms" "$logs"/base-dgemm-*.log | head -8
fi
MQLCL_TEST_DEVICE=$dev timeout 300 build/native/tests/mqlcl_tests --gtest_brief=1 \
  --gtest_filter="${GTEST:-HalfStages*:TensorKernel*:Dgemm*:Sgemm*}" >"$logs/gtest.log" 2>&1
echo "== GoogleTest on the GPU (device $dev): rc=$?"; tail -4 "$logs/gtest.log"
$host --device "$dev" peak >"$logs/peak.log" 2>&1
for what in ${TUNE:-sgemm_tensor_fp16 sgemm_tensor_3xfp16 sgemm_tensor_tf32 sgemm_tensor_3xtf32 dgemm_tensor sgemm_tuned}; do
  $host --device "$dev" tune --what "$what" --size "${SIZE:-8192}" --reps 3 --seconds "${TUNE_SECONDS:-60}" >"$logs/tune-$what.log" 2>&1
  echo "== tune $what"; grep -E "OK|WRONG|refused|stored|best" "$logs/tune-$what.log" | tail -14
done
table "$host" new
echo "== this build (tuned tiles)"; sed -n '/^== matmul stages/,$p' "$logs/new-tensor-check.log"; grep -h "GFLOP\|TFLOP\|ms" "$logs"/new-dgemm-*.log | head -8
python3 host/peers/cublas_peer.py 4096,8192 --device FP32,TF32,FP64 >"$logs/cublas.log" 2>&1
echo "== cuBLAS"; cat "$logs/cublas.log"
cat "$logs/peak.log"
