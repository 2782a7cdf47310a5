#!/usr/bin/env python3
"""What the GEMM planner would choose on cards nobody here can run: their published rates
injected as a device profile (mqlcl_profile_set) into a context of this machine's device,
then mqlcl_gemm_plan at 2000, 4096 and 8192 for exact, fast and FP64. Prints a Markdown table
(docs/results-h200.md, "The GEMM planner"). The efficiencies are the library's GPU defaults,
set explicitly because this machine's device may be a CPU (whose defaults differ); the compute
units are this device's (they only matter below a few waves of blocks).
Usage: plan-what-if.py LIBMQLCL_SO"""
import ctypes
import sys

# fp32 fp64 mma_tf32 mma_fp16 mma_bf16 mma_int8 mma_fp64 copy to from to_staged from_staged launch_us
CARDS = {
    # NVIDIA's AD102 / GA106 whitepaper figures (dense, FP32 accumulation); copy at 90 % of the
    # memory's rate; no FP64 tensor cores on either.
    "RTX 4090 (AD102)": [82600, 1290, 82600, 165200, 165200, 660600, 0, 907, 20, 20, 25, 25, 6],
    "RTX 3060 (GA106)": [12740, 199, 12740, 25500, 25500, 102000, 0, 324, 12, 12, 13, 13, 6],
    # Measured from OpenCL by the profile (docs/results-h200.md).
    "H200 (measured)": [59341, 32660, 324476, 648324, 649000, 1298810, 66534, 4152, 10.5, 17.1, 35.3, 35.2, 12.3],
}
GPU_EFFICIENCY = [650, 420, 570, 300, 680]  # the library's defaults for GPUs (compute/gemm_plan.cpp)
NAMES = {10: "10 SIMT FP32", 30: "30 TF32", 31: "31 3xTF32", 40: "40 FP64 units", 41: "41 FP64 tensor"}
FLAGS = {"exact": 0, "fast": 16, "fp64": 32}


def main():
    lib = ctypes.CDLL(sys.argv[1])
    lib.mqlcl_gemm_plan.argtypes = [ctypes.c_int] * 5 + [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_double),
                                                         ctypes.c_int]
    ctx = lib.mqlcl_create(lib.mqlcl_device_best())
    assert ctx > 0
    eff = (ctypes.c_int * 5)(*GPU_EFFICIENCY)
    assert lib.mqlcl_stage_params_set(ctx, 91, eff, 5) == 5
    print("| card | precision | size | runs | predicted product ms of each candidate |")
    print("|---|---|---|---|---|")
    for card, values in CARDS.items():
        profile = (ctypes.c_double * 13)(*values)
        assert lib.mqlcl_profile_set(ctx, profile, 13) == 0
        for precision, flags in FLAGS.items():
            for size in (2000, 4096, 8192):
                kernels = (ctypes.c_int * 8)()
                ms = (ctypes.c_double * 8)()
                n = lib.mqlcl_gemm_plan(ctx, flags, size, size, size, kernels, ms, 8)
                assert n > 0, n
                each = ", ".join(f"{NAMES[kernels[i]]} {ms[i]:.2f}" for i in range(n))
                print(f"| {card} | {precision} | {size} | **{NAMES[kernels[0]]}** | {each} |")
    lib.mqlcl_free(ctx)


if __name__ == "__main__":
    main()
