#!/usr/bin/env bash
# Whether the MLP step's collapse with several processes on one GPU is the driver's or the
# library's: `bench --parts mlp` (the training through mqlcl and through OpenCL directly, in one
# process) alone, then 2 and 4 copies of it at once on the same GPU; each copy's steps per
# second of both drivers. Needs a machine with an NVIDIA GPU and its OpenCL driver, and
# build/native built (scripts/build.sh).
# Usage: scripts/gpu/shared-gpu-mlp.sh [LOG_DIR]   (default /tmp/shared-gpu-mlp)
set -uo pipefail
source "$(dirname "$0")/env.sh"  # $root; NVIDIA's OpenCL driver registered
cd "$root"
logs=${1:-/tmp/shared-gpu-mlp}
mkdir -p "$logs"
use_build_tree  # LD_LIBRARY_PATH, $dev, $host
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
run() {  # $1: copies
  for i in $(seq 1 "$1"); do
    $host --device "$dev" bench --parts mlp --reps 5 --mlp-epochs 60 --out "$logs/n$1-p$i" >"$logs/n$1-p$i.log" 2>&1 &
  done
  wait
  echo "== $1 process(es) at once"
  for i in $(seq 1 "$1"); do grep -E "^mlp +\| +[12] \|" "$logs/n$1-p$i.log" | sed 's/ *| */|/g' | cut -d'|' -f3,6,7; done
}
run 1; run 2; run 4
