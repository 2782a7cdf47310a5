#!/bin/bash
# Final issue-13 run on the H200: ceilings, `gemm` at 2000/4096/8192 (exact, fast, fp64), an odd
# transposed shape, then `bench --parts gemm` with its peers (CLBlast, PyTorch/cuBLAS) in the same run.
set -u
B=$PWD/.tc/final3; O=${OUT:-/tmp/out}; mkdir -p "$O"
grep -q nvidia /etc/OpenCL/vendors/*.icd 2>/dev/null || { mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd; }
export LD_LIBRARY_PATH=$B MQLCL_CUBLAS_PEER=$PWD/host/peers/cublas_peer.py
H=$B/mqlcl-host
D=$($H devices | sed -n 's/^device \([0-9]*\): .*NVIDIA.*/\1/p' | head -1)
echo "GPU device: ${D:?no NVIDIA device}"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
$H --device $D peak 2>&1 | tee "$O/peak.log"
for n in 2000 4096 8192; do for p in exact fast fp64; do
  timeout 120 $H --device $D gemm --size $n --precision $p --repeat 5 2>&1
done; done | tee "$O/gemm.log"
for p in exact fp64; do timeout 60 $H --device $D gemm --size 1000,777,333 --trans-a --trans-b --alpha 0.5 --beta 2 --precision $p --repeat 3 2>&1; done | tee -a "$O/gemm.log"
timeout 400 $H --device $D bench --parts gemm --out "$O/bench" 2>&1 | tee "$O/bench.log" | tail -45
