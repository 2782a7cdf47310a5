#!/usr/bin/env bash
# How the GPU server's waits (a client's for its reply, the server's for a request) spin, yield
# and sleep, against the rate of N processes through the server: `mqlcl-host procs --shared`
# (the MLP training step at N = 1, 2, 4 and 16) once per setting of $MQLCL_SHARED_GPU_SPIN_US and
# $MQLCL_SHARED_GPU_YIELD_US, every process on one GPU ($MQLCL_DEVICE). Each run's server serves a
# place of that run's own, started with that run's setting. Logs and procs-*.csv go into the
# folder given (default /tmp/shared-gpu-waits) as they come. About 4 minutes.
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and build/native built
# (scripts/build.sh), with build/native/dll/mqlcl-gpu-server beside the library.
# Usage: scripts/gpu/shared-gpu-waits.sh [LOG_DIR] ["SPIN YIELD" ...]
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root" || exit 1
logs=${1:-/tmp/shared-gpu-waits}
shift || true
settings=("$@")
[ ${#settings[@]} -gt 0 ] || settings=("50 0" "50 1000" "50 10000" "2000 0" "0 1000")
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE" "$MQLCL_TUNING_FILE.contexts"
unset MQLCL_SHARED_GPU  # procs sets it for the server's configuration alone
export MQLCL_DEVICE=$dev
nproc >"$logs/nproc.txt"
rc=0
for s in "${settings[@]}"; do
  read -r spin yield <<<"$s"
  name="mlp-spin$spin-yield$yield"
  start=$SECONDS
  MQLCL_SHARED_GPU_SPIN_US=$spin MQLCL_SHARED_GPU_YIELD_US=$yield timeout -k 10 100 "$host" procs --shared \
    --csv "$logs/procs-$name.csv" --counts 1,2,4,16 --work mlp --scale 2 >"$logs/procs-$name.log" 2>&1
  r=$?
  echo "== spin $spin us, yield $yield us: rc=$r ($((SECONDS - start)) s)"
  sed -n '/^mlp/,/^written/p' "$logs/procs-$name.log" | grep -v '^written'
  [ $r -eq 0 ] || rc=1
done
exit $rc
