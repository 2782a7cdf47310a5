#!/usr/bin/env bash
# Launch costs and a real-shaped training on a GPU: the tests of launches that do not wait on
# the GPU's driver, then in one run `mqlcl-host bench --parts launch,mlp`: chains of 1, 10 and
# 1000 launches through mqlcl (mqlcl_enqueue, mqlcl_execute) against OpenCL directly in the same
# process, and mlp_training.mq5's training through mqlcl_enqueue, through OpenCL directly and
# through mqlcl_execute (steps per second, final losses bit-identical). bench.json, bench.csv
# and the logs go into the folder given (default /tmp/launch-bench); further arguments go to
# bench (e.g. --reps 10 --mlp-epochs 100).
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh); mqlcl-host needs libclblast.so.1 (copy it into build/native/host/ where
# the machine lacks it).
# Usage: scripts/gpu/launch-bench.sh [OUT_DIR [bench arguments]]
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/launch-bench}
shift $(($# > 0 ? 1 : 0))
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
nproc >"$logs/nproc.txt"
if [ -z "${SKIP_TESTS:-}" ] && [ -x build/native/tests/mqlcl_tests ]; then
  MQLCL_TEST_DEVICE=$dev timeout 240 build/native/tests/mqlcl_tests --gtest_brief=1 \
    --gtest_filter='Launches*:Generic*:TerminalCalls*:*KernelArg*:*SourceArg*' >"$logs/gtest.log" 2>&1
  echo "== GoogleTest on the GPU (device $dev): rc=$?"; tail -3 "$logs/gtest.log"
fi
$host --device "$dev" bench --parts launch,mlp --out "$logs" "$@" >"$logs/bench.log" 2>&1
rc=$?
echo "== mqlcl-host bench --parts launch,mlp (device $dev): rc=$rc"
sed -n '/^launch: /,/^  target /p; /^mlp: /,/^  mqlcl enqueue \//p' "$logs/bench.log"
exit $rc
