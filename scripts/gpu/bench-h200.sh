#!/usr/bin/env bash
# The whole benchmark on a GPU: tunes stage 10, then runs `mqlcl-host bench` with the tuned
# values (GEMM rows included, with PyTorch/cuBLAS as a peer where python3 has torch with CUDA).
# Needs a machine with an NVIDIA GPU and its OpenCL driver, and a folder BIN_DIR holding
# mqlcl-host and libmqlcl.so (scripts/build.sh: build/native/host and build/native/dll).
# Usage: scripts/gpu/bench-h200.sh BIN_DIR [OUT_DIR [extra bench arguments]]  (OUT_DIR default
# /tmp/bench-h200)
#   e.g. ... --parts gemm --gemm-sizes 4096   (the GEMM rows alone)
set -uo pipefail
bin=${1:?BIN_DIR}
out=${2:-/tmp/bench-h200}
shift $(($# > 2 ? 2 : $#))
mkdir -p "$out"
source "$(dirname "$0")/env.sh"  # NVIDIA's OpenCL driver registered; $root
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"  # CLBlast lies beside the binaries
export MQLCL_TUNING_FILE="$out/mqlcl-tuning.txt"
# The cuBLAS peer's script: beside the binaries, else this source tree's.
peer="$root/host/peers/cublas_peer.py"
[ -f "$bin/cublas_peer.py" ] || [ ! -f "$peer" ] || export MQLCL_CUBLAS_PEER="$peer"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
"$bin/mqlcl-host" devices | tee "$out/devices.txt"
# The loader may also list PoCL (a CPU), first: take the first GPU.
gpu=$(sed -n 's/^device \([0-9]*\): .*; GPU)$/\1/p' "$out/devices.txt" | head -1)
[ -n "$gpu" ] || { echo "no GPU among the OpenCL devices"; exit 1; }
"$bin/mqlcl-host" --device "$gpu" tune --size 4096 --seconds 100 --file "$MQLCL_TUNING_FILE"
"$bin/mqlcl-host" --device "$gpu" bench --out "$out" "$@"
