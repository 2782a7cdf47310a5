#!/usr/bin/env bash
# The H200 benchmark, run on the device machine from a folder holding mqlcl-host and
# libmqlcl.so built here (scripts/build.sh): registers NVIDIA's OpenCL driver (the machine
# lists only PoCL), tunes stage 10, then runs the whole benchmark with the tuned values
# (GEMM rows included, with PyTorch/cuBLAS as a peer where python3 has torch with CUDA).
# Usage: scripts/bench-h200.sh BIN_DIR OUT_DIR [extra bench arguments]
#   e.g. ... --parts gemm --gemm-sizes 4096   (the GEMM rows alone)
set -uo pipefail
bin=$1
out=$2
shift 2
mkdir -p "$out" /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"  # CLBlast travels with the binaries
export MQLCL_TUNING_FILE="$out/mqlcl-tuning.txt"
# The cuBLAS peer's script: beside the binaries, else this source tree's.
peer="$(dirname "$0")/../host/peers/cublas_peer.py"
[ -f "$bin/cublas_peer.py" ] || [ ! -f "$peer" ] || export MQLCL_CUBLAS_PEER="$peer"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
"$bin/mqlcl-host" devices | tee "$out/devices.txt"
# The loader there also lists PoCL (its CPU), first: take the first GPU.
gpu=$(sed -n 's/^device \([0-9]*\): .*; GPU)$/\1/p' "$out/devices.txt" | head -1)
[ -n "$gpu" ] || { echo "no GPU among the OpenCL devices"; exit 1; }
"$bin/mqlcl-host" --device "$gpu" tune --size 4096 --seconds 100 --file "$MQLCL_TUNING_FILE"
"$bin/mqlcl-host" --device "$gpu" bench --out "$out" "$@"
