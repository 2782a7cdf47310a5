#!/usr/bin/env bash
# The host-array GEMM by panels (transfers overlapped with the product) on a GPU: the panel and
# transfer tests on the GPU's driver, then in one run `mqlcl-host gemm` on host arrays with the
# planned panels and with one panel forced (MQLCL_GEMM_PANEL_ROWS beyond m): exact SGEMM at
# 4096^3 and 8192^3, fast SGEMM and DGEMM at 4096^3, and at 4096^3 exact a sweep of forced panel
# heights beside the planned one. docs/results-h200.md "Host-array GEMM by panels" has what it
# printed. Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh); mqlcl-host needs libclblast.so.1 (copy it into build/native/host/ where
# the machine lacks it).
# Usage: scripts/gpu/overlap-bench.sh [LOG_DIR]   (default /tmp/overlap-bench)
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/overlap-bench}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
nproc >"$logs/nproc.txt"
if [ -z "${SKIP_TESTS:-}" ]; then
  MQLCL_TEST_DEVICE=$dev timeout 240 build/native/tests/mqlcl_tests --gtest_brief=1 \
    --gtest_filter='*Panels*:*Transfer*:Gemm*:Sgemm*:Dgemm*' >"$logs/gtest.log" 2>&1
  echo "== GoogleTest on the GPU (device $dev): rc=$?"; tail -3 "$logs/gtest.log"
fi
run() {  # name, then gemm's arguments
  local name=$1; shift
  $host --device "$dev" gemm --repeat 5 "$@" >"$logs/$name.log" 2>&1
  printf '%-28s %s\n' "$name" "$(grep -E 'host->host' "$logs/$name.log" | sed 's/^ *//')"
}
echo "== host-array GEMM (best of 5 totals)"
for size in 4096 8192; do
  run "exact-$size-planned" --size "$size" --precision exact
  MQLCL_GEMM_PANEL_ROWS=1000000 run "exact-$size-one-panel" --size "$size" --precision exact
done
run "fast-4096-planned" --size 4096 --precision fast
MQLCL_GEMM_PANEL_ROWS=1000000 run "fast-4096-one-panel" --size 4096 --precision fast
run "dgemm-4096-planned" --size 4096 --precision fp64
MQLCL_GEMM_PANEL_ROWS=1000000 run "dgemm-4096-one-panel" --size 4096 --precision fp64
run "exact-4096-beta-planned" --size 4096 --precision exact --beta 0.5
for rows in 256 512 1024 2048; do
  MQLCL_GEMM_PANEL_ROWS=$rows run "exact-4096-rows-$rows" --size 4096 --precision exact
  MQLCL_GEMM_PANEL_ROWS=$rows run "dgemm-4096-rows-$rows" --size 4096 --precision fp64
done
grep -h "OK\|WRONG" "$logs"/*-planned.log | sort | uniq -c | sed 's/^/  /'
grep -E "to_device|from_device" "$MQLCL_TUNING_FILE" | head -2 | cut -c1-400
python3 host/peers/cublas_peer.py 4096,8192 --device "" --pageable FP32,FP64 >"$logs/cublas-pageable.log" 2>&1
echo "== PyTorch from pageable host tensors (cuBLAS)"; tail -6 "$logs/cublas-pageable.log"
