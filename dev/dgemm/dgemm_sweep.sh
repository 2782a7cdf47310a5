#!/bin/bash
# DGEMM on an NVIDIA GPU: kernels/gemm/dgemm_tensor.cl's tiles swept (each -D list becomes the
# tuning file's entry for tunable 41, MQLCL_TUNABLE_DGEMM_TENSOR; -DSIMT pins kernel 40)
# at 4096^3 (ptxas registers / spill bytes of each, product GFLOP/s); then, for the best (or, with
# --final, the library's default): the FP64 ceilings (dgemm_probe per mma shape, `peak`), cuBLAS DGEMM (PyTorch) and the
# product at 2000 / 4096 / 8192 and on an odd transposed shape (error against double printed).
#   dgemm_sweep.sh DIR [--final]   DIR holds mqlcl-host, libmqlcl.so, libclblast.so.1 (mqlcl-host
#                                  links it), dgemm_probe (g++ dgemm_probe.cpp -lOpenCL) and
#                                  kernels/ (a copy of the folder: dgemm_tensor.cl includes util/)
set -u
T=$(cd "${1:?usage: dgemm_sweep.sh DIR [--final]}" && pwd); export LD_LIBRARY_PATH=$T; H=$T/mqlcl-host
# The GPU's index among the library's devices (other ICDs, PoCL, may come first); where the
# preset ICD list lacks NVIDIA's, its ICD registered by hand.
gpu() { $H devices 2>&1 | grep -m1 -E "^device [0-9]+: .*(NVIDIA|H[0-9]00)" | sed -E 's/^device ([0-9]+).*/\1/'; }
D=$(gpu)
if [ -z "$D" ]; then
  $H devices 2>&1 | grep -E "^mqlcl|^device|rror"
  mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  unset OCL_ICD_FILENAMES; export OCL_ICD_VENDORS=/tmp/icd; D=$(gpu)
fi
$H devices 2>&1 | grep -E "^device"
echo "GPU device index: ${D:?no NVIDIA device}"
NAME=$(python3 -c "import ctypes,sys; l=ctypes.CDLL('$T/libmqlcl.so'); b=(ctypes.c_uint16*256)(); l.mqlcl_device_text($D,1,b,256); print(''.join(map(chr,b)).split(chr(0))[0])")
# The value of -D$1 in the defines $d, else $2 (the library's default, dll/src/catalog/dgemm_config.cpp).
v() { local x; x=$(echo "$d" | grep -oE -- "-D$1=[0-9]+" | cut -d= -f2); echo "${x:-$2}"; }
# Every tile of the defines $1, the library's defaults where $1 names none (the kernel has none).
full() {
  local d="$1"
  echo "-DBM=$(v BM 128) -DBN=$(v BN 64) -DBK=$(v BK 16) -DWM=$(v WM 64) -DWN=$(v WN 32) -DSTAGES=$(v STAGES 2)" \
    "-DSHAPE=$(v SHAPE 1688) -DGROUP_M=$(v GROUP_M 8)"
}
g() {
  local d="$1" f=/tmp/dgemm-sweep-tuning.txt k=41
  [[ "$d" == *-DSIMT* ]] && k=40
  printf '# mqlcl-tuning 2\n41\t%s\t\t%s %s %s %s %s %s %s %s\n' "$NAME" "$(v BM 128)" "$(v BN 64)" "$(v BK 16)" "$(v WM 64)" \
    "$(v WN 32)" "$(v STAGES 2)" "$(v SHAPE 1688)" "$(v GROUP_M 8)" >"$f"
  MQLCL_TUNING_FILE=$f timeout 40 $H --device "$D" gemm --precision fp64 --kernel $k "${@:2}" 2>&1
}
# "N regs, S spill bytes" of a build of the kernel with the defines $1.
regs() {
  # No compute cache: a cached binary comes without ptxas's log.
  local out; out=$(CUDA_CACHE_DISABLE=1 timeout 30 "$T/dgemm_probe" build "$T/kernels/gemm/dgemm_tensor.cl" "$(full "$1")" 2>&1)
  echo "$out" | grep -q FAILED && { echo "BUILD FAILED: $(echo "$out" | grep -m3 -i error | head -c 400)"; return; }
  echo "$(echo "$out" | grep -oE "Used [0-9]+ registers" | grep -oE "[0-9]+" | head -1) regs," \
    "$(echo "$out" | grep -oE "[0-9]+ bytes spill stores" | grep -oE "^[0-9]+" | head -1) spill bytes"
}
gflops() { echo "$1" | grep -oE "\(([0-9.]+) GFLOP/s\)" | grep -oE "[0-9.]+" | head -1; }
final() {
  echo "== FP64 mma.sync per shape"; timeout 60 "$T/dgemm_probe" peak "$T/kernels/bench/peak_mma.cl"
  echo "== peak"; timeout 90 $H --device "$D" peak
  echo "== '$1': $(regs "$1")"
  for s in 2000 4096 8192; do echo "-- $s"; g "$1" --size $s --repeat 5 | tail -3; done
  echo "-- odd, transposed"; g "$1" --size 1000,999,1001 --trans-a --trans-b --beta 0.5 --alpha -1.5 --repeat 3 | tail -3
}
# The peer against the same ceiling: cuBLAS DGEMM through PyTorch on device tensors, 4096^3,
# CUDA events, median of 10 after warm-up.
cublas() {
  timeout 60 python3 -c "
import torch
n = 4096
a = torch.randn(n, n, dtype=torch.float64, device='cuda'); b = torch.randn_like(a)
for _ in range(3): torch.matmul(a, b)
ts = []
for _ in range(10):
    s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
    s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize(); ts.append(s.elapsed_time(e))
ts.sort(); m = (ts[4] + ts[5]) / 2
print('cuBLAS DGEMM (torch %s, %s) %d^3: median %.3f ms = %.1f GFLOP/s' % (torch.__version__, torch.cuda.get_device_name(), n, m, 2 * n**3 / m / 1e6))
" 2>&1 | tail -2
}
if [ "${2:-}" = "--final" ]; then cublas; final ""; exit 0; fi
sweep() {
  echo "== sweep at 4096: defines | ptxas | product GFLOP/s"
  best=""; bestv=0
  for c in "$@"; do
    r=$(regs "$c")
    out=$(g "$c" --size 4096 --repeat 5); v=$(gflops "$out")
    echo "'$c' | $r | ${v:-FAILED $(echo "$out" | tail -2 | head -c 300)}"
    if [ -n "$v" ] && awk "BEGIN{exit !($v > $bestv)}"; then best="$c"; bestv=$v; fi
  done
  echo "== best: '$best' ($bestv GFLOP/s)"
}
cublas
# '' is the library's default: the pipelined loop (register double buffer over k-slices, one
# barrier per tile before its last slice), m16n8k8, BK 16, 2 stages, 128 x 64 blocks of 64 x 32
# warps; the rest what dev/dgemm/h200-sweep.log measured around it (m16n8k16 spills: two sets
# of full-k fragments).
sweep "" "-DSHAPE=1684" "-DSHAPE=16816" "-DGROUP_M=16" "-DBK=8 -DSTAGES=3" "-DBK=8 -DSTAGES=4" \
  "-DBM=64 -DBN=128 -DWM=32 -DWN=64" "-DBM=128 -DBN=128 -DBK=8 -DSTAGES=3" "-DWM=32 -DWN=32"
final "$best"
