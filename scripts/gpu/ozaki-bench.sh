#!/usr/bin/env bash
# Ozaki scheme II on a GPU: its tests on the GPU's driver, the ceilings (`peak`), the INT8
# products' tiles swept at $SIZE (`tune --what dgemm_ozaki_int8`, stored in this run's tuning
# file, which sgemm_ozaki_int8 then copies), every candidate of the FP64 and exact precisions
# timed on device buffers (`plan-check`), the host->host calls (`gemm --kernel`), cuBLAS
# FP32/FP64 through PyTorch.
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh).
# Usage: scripts/gpu/ozaki-bench.sh [LOG_DIR]   (default /tmp/ozaki-bench; each log as written)
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/ozaki-bench}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
MQLCL_TEST_DEVICE=$dev timeout 240 build/native/tests/mqlcl_tests --gtest_brief=1 \
  --gtest_filter="${GTEST:-Ozaki*:IgemmKernel*:Plan*:Generic.AKernelDeclaringTheDevicesWholeLocalMemoryRuns}" >"$logs/gtest.log" 2>&1
echo "== GoogleTest on the GPU (device $dev): rc=$?"; tail -4 "$logs/gtest.log"; grep "\[ozaki\]" "$logs/gtest.log"
$host --device "$dev" peak >"$logs/peak.log" 2>&1
cat "$logs/peak.log"
if [ -z "${NO_TUNE:-}" ]; then
  $host --device "$dev" tune --what dgemm_ozaki_int8 --size "${SIZE:-4096}" --reps 3 --seconds "${TUNE_SECONDS:-60}" >"$logs/tune.log" 2>&1
  echo "== tune dgemm_ozaki_int8"; grep -E "OK|WRONG|refused|stored|best" "$logs/tune.log" | tail -14
fi
for precision in fp64 exact; do
  $host --device "$dev" plan-check --sizes "${SIZES:-2048,4096,8192}" --precision $precision --reps 3 >"$logs/plan-check-$precision.log" 2>&1
  echo "== plan-check $precision"; cat "$logs/plan-check-$precision.log"
done
for size in 4096 8192; do
  for kernel in 42 41; do
    $host --device "$dev" gemm --precision fp64 --kernel $kernel --size $size --repeat 5 >"$logs/gemm-fp64-$kernel-$size.log" 2>&1
    echo "== gemm fp64 kernel $kernel $size"; cat "$logs/gemm-fp64-$kernel-$size.log"
  done
done
python3 host/peers/cublas_peer.py 4096,8192 --device FP32,FP64 >"$logs/cublas.log" 2>&1
echo "== cuBLAS"; cat "$logs/cublas.log"
