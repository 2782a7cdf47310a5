#!/usr/bin/env bash
# Stage 10 (sgemm_tuned) on a GPU, one run: the earlier build in build/native/base/ (its
# mqlcl-host and libmqlcl.so) with its default tiles and with the tiles tuned on the H100
# (docs/results/h100/2026-11-25-engine: 128 128 8 8 8), then this build (build/native) with its
# default tiles and with each tile candidate pinned through a tuning file, all through
# `tensor-check` at 256 .. 8192; the kernel alone, event-timed (dev/sgemm/kernel_bench.cpp, built
# here with g++; the earlier kernel too where OLD_KERNEL names a copy of it); cuBLAS FP32
# through PyTorch; the FP32 ceiling (`peak`); GoogleTest's stage-10 tests on the GPU's driver.
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built.
# Usage: scripts/gpu/stage10-bench.sh [LOG_DIR]   (default /tmp/stage10-bench; each log as written)
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/stage10-bench}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
tiles_dir=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$logs/peak.log" 2>&1
shapes=256x256x256,1000x1000x1000,2000x2000x2000,4096x4096x4096,8192x8192x8192
# A tuning file whose stage-10 entry (format 1: device name, tiles) names the GPU.
gpu_name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
tiles() { printf '%s\t%s\n' "$gpu_name" "$1" >"$tiles_dir/$2"; }
t0=$(date +%s)
tc() {  # build (new: build/native, base: build/native/base) tuning-file label
  local exe=$host
  [ "$1" = base ] && exe=build/native/base/mqlcl-host
  echo "== $3 ($1 build; tuning file: $(grep -v '^#' "$2" 2>/dev/null | head -1 | tr '\t' ' '); t=$(($(date +%s) - t0)) s)"
  MQLCL_TUNING_FILE=$2 timeout 30 "$exe" --device "$dev" tensor-check --stages 10 --shapes $shapes --reps 10 2>&1
  echo "rc=$?"
}
tiles "128 128 8 8 8" today.txt
if [ -x build/native/base/mqlcl-host ]; then
  { tc base "$tiles_dir/none.txt" "today's kernel, default tiles"
    tc base "$tiles_dir/today.txt" "today's kernel, tuned tiles (docs/results/h100/2026-11-25-engine)"; } >"$logs/base.log"
  grep "^==\|^| 10" "$logs/base.log"
fi
tc new "$tiles_dir/none.txt" "new kernel, default tiles" >"$logs/new-default.log"
grep "^==\|^| 10" "$logs/new-default.log"
i=0
for t in "128 128 8 8 8" "64 128 16 8 8" "128 128 16 8 8" "128 64 8 8 8" "128 64 16 8 8" "64 64 8 8 8" "64 64 16 8 8" \
         "64 64 16 4 4" "32 32 16 4 4" "128 64 16 8 4" "64 128 16 4 8" "128 128 32 8 8"; do
  i=$((i + 1))
  tiles "$t" "pin$i.txt"
  tc new "$tiles_dir/pin$i.txt" "new kernel, tiles $t pinned" >>"$logs/sweep.log"
done
grep "^==\|^| 10" "$logs/sweep.log"
bench=build/native/kernel_bench
g++ -O2 -o "$bench" dev/sgemm/kernel_bench.cpp -lOpenCL
runs=()
for t in "64 128 8 8 8" "128 128 8 8 8"; do
  set -- $t
  runs+=(kernels/gemm/sgemm_tuned.cl "-DTSM=$1 -DTSN=$2 -DTSK=$3 -DWPTM=$4 -DWPTN=$5 -DDOUBLE_BUFFER=1")
done
runs+=(kernels/gemm/sgemm_tuned.cl "-DTSM=128 -DTSN=128 -DTSK=8 -DWPTM=8 -DWPTN=8 -DDOUBLE_BUFFER=1 -DGROUP_M=4")
[ -n "${OLD_KERNEL:-}" ] && runs+=("$OLD_KERNEL" "-DTSM=128 -DTSN=128 -DTSK=8 -DWPTM=8 -DWPTN=8 -DDOUBLE_BUFFER=1")
timeout 40 "$bench" 4096,8192 5 "${runs[@]}" >"$logs/kernel-bench.log" 2>&1
grep -o "Used [0-9]* registers\|RESULT.*" "$logs/kernel-bench.log"
timeout 60 python3 host/peers/cublas_peer.py 256,1000,2000,4096,8192 --device FP32 >"$logs/cublas.log" 2>&1
grep "cuBLAS FP32 " "$logs/cublas.log"
timeout 40 "$host" --device "$dev" peak >>"$logs/peak.log" 2>&1
grep -i "fp32" "$logs/peak.log"
MQLCL_TEST_DEVICE=$dev MQLCL_TUNING_FILE=$tiles_dir/none.txt timeout 70 build/native/tests/mqlcl_tests --gtest_brief=1 \
  --gtest_filter='Sgemm*:*MatmulStage*:MatmulParam*:MatmulLocal*:Gemm.*:GemmKernels*:Tuning*' >"$logs/gtest.log" 2>&1
echo "== GoogleTest on the GPU: rc=$?"; tail -3 "$logs/gtest.log"
rm -rf "$tiles_dir"
