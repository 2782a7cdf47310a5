#!/usr/bin/env bash
# Where a host-array GEMM is fastest on this machine, the processor or the device
# (docs/results-cpu.md and the GPU pages): `mqlcl-host bench --parts host` on an empty tuning file (what a
# user gets), square sizes 16 to 4096, FP32 and FP64: OpenBLAS called directly, mqlcl_sgemm /
# mqlcl_dgemm as planned (and the path each took), and the same calls kept on the device.
# GPU form (default): a machine with an NVIDIA GPU and its OpenCL driver (scripts/gpu/env.sh).
# CPU form (--cpu): PoCL's first CPU device, no GPU needed.
# Needs build/native (scripts/build.sh). OpenBLAS is found as the library finds it; a machine
# without it takes it from BLAS_DIR, a folder holding libopenblas.so.0 and the libraries it
# needs (libgfortran.so.5, libquadmath.so.0); mqlcl-host's libclblast.so.1 may lie there too.
# Usage: scripts/gpu/host-crossover.sh [--cpu] [LOG_DIR] [BLAS_DIR]; the table goes to
# LOG_DIR/host.txt (default /tmp/host-crossover), bench.csv and bench.json beside it.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cpu=0
if [ "${1:-}" = --cpu ]; then cpu=1; shift; fi
logs=${1:-/tmp/host-crossover}
blas=${2:-}
mkdir -p "$logs"
export LD_LIBRARY_PATH="$root/build/native/dll:$root/build/native/host${blas:+:$blas}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [ -n "$blas" ]; then export MQLCL_HOST_BLAS="$blas/libopenblas.so.0"; fi
host=$root/build/native/host/mqlcl-host
if [ $cpu = 1 ]; then
  dev=$(python3 - build/native/dll/libmqlcl.so <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.mqlcl_device_info.restype = ctypes.c_longlong
cpus = [d for d in range(lib.mqlcl_device_count()) if lib.mqlcl_device_info(d, 1) & 2]
print(cpus[0] if cpus else -1)
PY
)
  [ "$dev" -ge 0 ] || { echo "host-crossover --cpu: no CPU OpenCL device" >&2; exit 1; }
else
  source scripts/gpu/env.sh  # NVIDIA's OpenCL driver registered
  use_build_tree             # $dev: the GPU
  nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
fi
lscpu >"$logs/lscpu.txt" 2>&1 || true
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"
echo "\$ mqlcl-host --device $dev bench --parts host --reps 5 --out $logs" | tee "$logs/host.txt"
"$host" --device "$dev" bench --parts host --reps 5 --out "$logs" 2>&1 | tee -a "$logs/host.txt"
