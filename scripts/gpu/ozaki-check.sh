#!/usr/bin/env bash
# The Ozaki kernels' short check on a GPU: their tests and the planner's on the GPU's driver,
# cuBLAS's FP64 emulation as a peer, gemm_matrix.mq5 (translated by tests/mql5) with the planned
# and the pinned kernel 42, the INT8 tiles of both Ozaki kernels tuned, the planner calibrated,
# then plan-check at every precision. Needs a machine with an NVIDIA GPU and its OpenCL driver,
# and build/native built (scripts/build.sh) with the MQL5 scripts compiled into it
# (tests/mql5/run_scripts.py . --native build/native: build/native/mql5-scripts).
# Usage: scripts/gpu/ozaki-check.sh [LOG_DIR]   (default /tmp/ozaki-check)
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/ozaki-check}; mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE=$logs/mqlcl-tuning.txt
MQLCL_TEST_DEVICE=$dev timeout 200 build/native/tests/mqlcl_tests --gtest_brief=1 --gtest_filter='Ozaki*:Plan*:HalfStages*' > $logs/gtest.log 2>&1
echo "gtest rc=$?"; tail -3 $logs/gtest.log; grep "\[ozaki\]" $logs/gtest.log
python3 host/peers/cublas_emulation_peer.py 4096,8192 > $logs/cublas-emulation.log 2>&1; cat $logs/cublas-emulation.log
for k in 0 42; do timeout 120 build/native/mql5-scripts/native/gemm_matrix --InpDevice=$dev --InpM=4096 --InpN=4096 --InpK=4096 --InpRepeats=3 --InpPrecision=3 --InpFp64Kernel=$k > $logs/gemm_matrix-$k.log 2>&1; echo "gemm_matrix $k rc=$?"; cat $logs/gemm_matrix-$k.log; done
$host --device $dev tune --what sgemm_ozaki_int8 --size 4096 --reps 3 --seconds 30 > $logs/tune35.log 2>&1; grep -E "best|OK" $logs/tune35.log | tail -4
$host --device $dev tune --what dgemm_ozaki_int8 --size 4096 --reps 3 --seconds 30 > $logs/tune42.log 2>&1; grep -E "best" $logs/tune42.log
$host --device $dev tune --what planner --reps 3 > $logs/tune-planner.log 2>&1; tail -12 $logs/tune-planner.log
$host --device $dev plan-check --sizes 1024,2048,4096,8192 --precision all --reps 3 > $logs/plan-check.log 2>&1; cat $logs/plan-check.log
