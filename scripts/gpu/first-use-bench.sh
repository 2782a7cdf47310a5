#!/usr/bin/env bash
# What a user gets out of the box against after the full `tune`, on a GPU: from an empty tuning
# file, host-array GEMM calls of each precision at 1000, 2000, 4096 and 8192 (the first call of
# at least 512^3 calibrates the planner, tuning the tiles of every kernel it chooses between,
# and tunes the tiles of the kernel it runs, within MQLCL_TUNE_SECONDS each); then, from that
# file, every candidate pinned beside the planner's pick (`plan-check`, calls on device buffers:
# the pick against the fastest, plan.txt); then `mqlcl-host tune --what` of each kernel the calls
# ran (every candidate, at 2048^3) and `tune --what planner`, and the same calls again; each
# call's kernel and product GFLOP/s into table.txt. Logs, the tuning
# file after each phase and the table go into the folder given (default /tmp/first-use-bench).
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh); mqlcl-host needs libclblast.so.1 (copy it into build/native/host/ where the
# machine lacks it).
# Usage: scripts/gpu/first-use-bench.sh [OUT_DIR [TUNE_SECONDS_PER_KERNEL [PHASES]]]
#   PHASES: all (default); first (the calls out of the box and the plans); tuned (the full tune
#   and the calls again, from the tuning file a "first" run left in OUT_DIR).
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/first-use-bench}
tune_seconds=${2:-60}
phases=${3:-all}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
unset MQLCL_TUNE MQLCL_TUNE_SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true

# One call per precision and size; "PHASE PRECISION SIZE KERNEL GFLOPS FIRST_MS" lines.
calls() {
  local phase=$1
  for p in exact fast fp64; do
    for n in 1000 2000 4096 8192; do
      local log="$logs/$phase-$p-$n.log" start end
      start=$(date +%s%N)
      timeout 150 "$host" --device "$dev" gemm --size "$n" --precision "$p" --repeat 3 >"$log" 2>&1
      end=$(date +%s%N)
      local kernel gflops
      kernel=$(sed -n 's/.*, kernel \([0-9]*\) .*/\1/p' "$log" | head -1)
      gflops=$(sed -n 's/.*product [0-9.]* ms (\([0-9.]*\) GFLOP\/s).*/\1/p' "$log" | head -1)
      echo "$phase $p $n ${kernel:-?} ${gflops:-?} $(((end - start) / 1000000))" | tee -a "$logs/table.txt"
    done
  done
}

if [ "$phases" != tuned ]; then
  rm -f "$MQLCL_TUNING_FILE"
  echo "# phase precision size kernel product_GFLOP/s wall_ms_of_the_command" >"$logs/table.txt"
  calls first-use
  cp "$MQLCL_TUNING_FILE" "$logs/tuning-after-first-use.txt" 2>/dev/null

  # The planner's pick against every candidate pinned, calls on device buffers (the transfers of
  # host arrays, the same for every kernel, left out), with what the first calls stored.
  timeout 400 "$host" --device "$dev" plan-check --sizes 1000,2000,4096,8192 --reps 5 >"$logs/plan.txt" 2>&1
  echo "== plan-check: rc=$?"
fi
[ "$phases" = first ] && exit 0
for kernel in $(awk '$1 == "first-use" && $4 != "?" {print $4}' "$logs/table.txt" | sort -u); do
  name=$(python3 - "$root/build/native/dll/libmqlcl.so" "$kernel" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
buf = (ctypes.c_uint16 * 64)()
n = lib.mqlcl_gemm_kernel_name(int(sys.argv[2]), buf, 64)
print(bytes(buf)[: 2 * n].decode("utf-16-le"))
PY
)
  timeout $((tune_seconds + 60)) "$host" --device "$dev" tune --what "$name" --seconds "$tune_seconds" >"$logs/tune-$name.log" 2>&1
  echo "== tune --what $name: rc=$? $(grep '^best:' "$logs/tune-$name.log")"
done
timeout 600 "$host" --device "$dev" tune --what planner >"$logs/tune-planner.log" 2>&1
echo "== tune --what planner: rc=$?"
cp "$MQLCL_TUNING_FILE" "$logs/tuning-after-tune.txt" 2>/dev/null
calls tuned
timeout 400 "$host" --device "$dev" plan-check --sizes 1000,2000,4096,8192 --reps 5 >"$logs/plan-after-tune.txt" 2>&1
echo "== plan-check after tune: rc=$?"
