#!/usr/bin/env bash
# The device profile and the GEMM planner on a GPU machine (device tool, carry
# ["build/native"]; libclblast.so.1 copied into build/native/host/ here, since that machine
# lacks it): the profile measured then read from the cache (its time), then at 2000, 4096 and
# 8192 for exact, fast and FP64 the plan (`mqlcl-host gemm --plan`: every candidate pinned and
# run, the planned call, the planner's own cost per call), then the planner's tests on the
# GPU's driver. Logs into $OUT/plan-bench (or the directory given). docs/results-h200.md
# "The GEMM planner" has what it printed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
logs=${1:-${OUT:-/tmp}/plan-bench}
mkdir -p "$logs"
source scripts/gpu-env.sh  # the NVIDIA ICD, LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
{ echo "== profile, first context (measures)"; time $host profile; echo "== profile, second (cached)"; time $host profile; } >"$logs/profile.log" 2>&1
cat "$logs/profile.log"
for size in 2000 4096 8192; do
  for precision in exact fast fp64; do
    $host gemm --plan --size $size --precision $precision --repeat 5 >"$logs/plan-$size-$precision.log" 2>&1
    echo "== $size $precision"
    sed -n '/^plan /,$p' "$logs/plan-$size-$precision.log"
  done
done
MQLCL_TEST_DEVICE=$dev build/native/tests/mqlcl_tests --gtest_brief=1 \
  --gtest_filter='Plan*:PlanFile*:Tunables*:Tensor*:Dgemm*:Sgemm*:Tuning*:Gemm*' >"$logs/gtest.log" 2>&1
echo "== GoogleTest on the GPU (device $dev): rc=$?"; tail -5 "$logs/gtest.log"
cp "$MQLCL_TUNING_FILE" "$logs/" 2>/dev/null || true
