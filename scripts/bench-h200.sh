#!/usr/bin/env bash
# The H200 benchmark, run on the device machine from a folder holding mqlcl-host and
# libmqlcl.so built here (scripts/build.sh): registers NVIDIA's OpenCL driver (the machine
# lists only PoCL), tunes stage 10, then runs the whole benchmark with the tuned values.
# Usage: scripts/bench-h200.sh BIN_DIR OUT_DIR [extra bench arguments]
set -uo pipefail
bin=$1
out=$2
shift 2
mkdir -p "$out" /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd  # only the GPU: device 0 is the H200
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"  # CLBlast travels with the binaries
export MQLCL_TUNING_FILE="$out/mqlcl-tuning.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
"$bin/mqlcl-host" devices
"$bin/mqlcl-host" tune --size 4096 --seconds 120 --file "$MQLCL_TUNING_FILE"
"$bin/mqlcl-host" bench --out "$out" "$@"
