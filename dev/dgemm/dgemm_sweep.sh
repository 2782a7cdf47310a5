#!/bin/bash
# DGEMM on an NVIDIA GPU: the FP64 ceilings per mma shape (dgemm_probe), `peak`, a sweep of
# kernels/gemm/dgemm_tensor.cl's tiles through MQLCL_DGEMM_DEFINES at 4096^3, then the best
# at 2000 / 4096 / 8192 and on an odd transposed shape. Prints GFLOP/s of the product kernel.
#   dgemm_sweep.sh DIR   DIR holds mqlcl-host, libmqlcl.so (+ libclblast.so.1), dgemm_probe and
#                        kernels/bench/peak_mma.cl, kernels/gemm/dgemm_tensor.cl copied flat
set -u
T=$(cd "${1:?usage: dgemm_sweep.sh DIR}" && pwd); export LD_LIBRARY_PATH=$T; H=$T/mqlcl-host
# The GPU's index among the library's devices (other ICDs, PoCL, may come first).
D=$($H devices 2>/dev/null | grep -m1 -E "^device [0-9]+: .*NVIDIA" | sed -E 's/^device ([0-9]+).*/\1/')
echo "GPU device index: ${D:?no NVIDIA device}"
echo "== FP64 mma.sync per shape"; timeout 60 "$T/dgemm_probe" peak "$T/peak_mma.cl"
echo "== registers / spills"
for c in "" "-DSHAPE=16816" "-DBM=128 -DBN=64 -DWM=64 -DWN=32"; do
  timeout 30 "$T/dgemm_probe" build "$T/dgemm_tensor.cl" "$c" 2>&1 | grep -E "registers|spill|built|FAILED" | tail -3
done
echo "== peak"; timeout 60 $H --device "$D" peak
g() { MQLCL_DGEMM_DEFINES="$1" timeout 60 $H --device "$D" gemm --precision fp64 "${@:2}" 2>&1; }
echo "== sweep at 4096 (product GFLOP/s)"
best=""; bestv=0
for c in "" "-DSHAPE=16816" "-DSHAPE=1684" "-DBM=128 -DBN=64 -DWM=64 -DWN=32" "-DBM=128 -DBN=64 -DWM=64 -DWN=32 -DSHAPE=16816" \
  "-DBM=128 -DBN=64 -DWM=32 -DWN=32" "-DBM=64 -DBN=128 -DWM=32 -DWN=64" "-DBM=128 -DBN=64 -DBK=8 -DWM=64 -DWN=32 -DSTAGES=3" \
  "-DBM=128 -DBN=64 -DBK=8 -DWM=64 -DWN=32 -DSTAGES=4" "-DBM=128 -DBN=128 -DBK=8 -DWM=64 -DWN=32 -DSTAGES=2" \
  "-DBK=8 -DSTAGES=4" "-DSTAGES=3"; do
  out=$(g "$c" --size 4096 --repeat 3)
  v=$(echo "$out" | grep -oE "\(([0-9.]+) GFLOP/s\)" | grep -oE "[0-9.]+" | head -1)
  echo "'$c': ${v:-FAILED $(echo "$out" | tail -2 | head -c 300)}"
  if [ -n "$v" ] && awk "BEGIN{exit !($v > $bestv)}"; then best="$c"; bestv=$v; fi
done
echo "== best: '$best' ($bestv GFLOP/s)"
for s in 2000 4096 8192; do echo "-- $s"; g "$best" --size $s --repeat 5 | tail -3; done
echo "-- odd, transposed"; g "$best" --size 1000,999,1001 --trans-a --trans-b --beta 0.5 --alpha -1.5 --repeat 2 | tail -3
