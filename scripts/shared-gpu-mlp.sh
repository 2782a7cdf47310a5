#!/usr/bin/env bash
# Whether the MLP step's collapse with several processes on one GPU is the driver's or the
# library's (device tool, carry ["build/native"]): `bench --parts mlp` (the training through
# mqlcl and through OpenCL directly, in one process) alone, then 2 and 4 copies of it at once on
# the same GPU; each copy's steps per second of both drivers. Logs into $OUT/shared-gpu-mlp.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
logs=${OUT:-/tmp}/shared-gpu-mlp
mkdir -p "$logs"
source scripts/gpu-env.sh
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
