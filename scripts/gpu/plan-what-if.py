#!/usr/bin/env python3
"""What the GEMM planner would choose on cards nobody here can run: their published rates
injected as a device profile (mqlcl_profile_set) into a context of this machine's device,
then mqlcl_gemm_plan at 2000, 4096 and 8192 for exact, fast and FP64. Prints a Markdown table
(docs/results-h200.md, "The GEMM planner"). The efficiencies and preparations are the library's GPU defaults,
set explicitly because this machine's device may be a CPU (whose defaults differ); the compute
units are this device's (they only matter below a few waves of blocks). Needs any OpenCL device
(no GPU); the ABI's numbers are read from dll/include/mqlcl.h.
Usage: scripts/gpu/plan-what-if.py LIBMQLCL_SO"""
import ctypes
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "common"))
import mqlcl_header  # noqa: E402

ABI = {c.name: int(c.value) for c in mqlcl_header.constants()}

# The profile's fields (MQLCL_PROFILE_*), in the order of each card's values below.
FIELDS = ["FP32", "FP64", "MMA_TF32", "MMA_FP16", "MMA_BF16", "MMA_INT8", "MMA_FP64", "COPY", "TO_DEVICE",
          "FROM_DEVICE", "TO_DEVICE_STAGED", "FROM_DEVICE_STAGED", "LAUNCH_US"]
CARDS = {
    # NVIDIA's AD102 / GA106 whitepaper figures (dense, FP32 accumulation); copy at 90 % of the
    # memory's rate; no FP64 tensor cores on either.
    "RTX 4090 (AD102)": [82600, 1290, 82600, 165200, 165200, 660600, 0, 907, 20, 20, 25, 25, 6],
    "RTX 3060 (GA106)": [12740, 199, 12740, 25500, 25500, 102000, 0, 324, 12, 12, 13, 13, 6],
    # NVIDIA's A100 (SXM4 80 GB) datasheet: FP64 tensor cores at twice the FP64 units.
    "A100 (GA100)": [19500, 9700, 156000, 312000, 312000, 624000, 19500, 1835, 20, 20, 25, 25, 6],
    # Measured from OpenCL by the profile (docs/results-h200.md).
    "H200 (measured)": [59341, 32660, 324476, 648324, 649000, 1298810, 66534, 4152, 10.5, 17.1, 35.3, 35.2, 12.3],
}
FLAGS = {"exact": ABI["MQLCL_GEMM_EXACT"], "fast": ABI["MQLCL_GEMM_FAST"], "fp64": ABI["MQLCL_GEMM_FP64"]}


def profile(values):
    """The card's values placed at their MQLCL_PROFILE_* indices (MQLCL_PROFILE_CEILINGS of them)."""
    out = [0.0] * ABI["MQLCL_PROFILE_CEILINGS"]
    for field, value in zip(FIELDS, values):
        out[ABI["MQLCL_PROFILE_" + field]] = value
    return out


def main():
    lib = ctypes.CDLL(sys.argv[1])
    lib.mqlcl_gemm_plan.argtypes = [ctypes.c_int] * 5 + [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_double),
                                                         ctypes.c_int]
    lib.mqlcl_gemm_kernel_info.restype = ctypes.c_longlong
    lib.mqlcl_gemm_kernel_name.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
    # The library's kernel table: names, and the default efficiencies for GPUs, in its order.
    kernels = [lib.mqlcl_gemm_kernel_at(i) for i in range(lib.mqlcl_gemm_kernel_count())]
    names = {}
    for k in kernels:
        buf = ctypes.create_string_buffer(512)
        n = lib.mqlcl_gemm_kernel_name(k, buf, 256)
        names[k] = f"{k} " + buf.raw[:2 * n].decode("utf-16-le")
    ctx = lib.mqlcl_create(lib.mqlcl_device_best())
    assert ctx > 0
    eff = (ctypes.c_int * len(kernels))(
        *[lib.mqlcl_gemm_kernel_info(k, ABI["MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_GPU"]) for k in kernels])
    assert lib.mqlcl_tunable_set(ctx, ABI["MQLCL_TUNABLE_EFFICIENCY"], eff, len(kernels)) == len(kernels)
    # The table's preparations too: this machine's tuning file may hold its own (tune --what planner).
    prep = (ctypes.c_int * len(kernels))(
        *[lib.mqlcl_gemm_kernel_info(k, ABI["MQLCL_GEMM_KERNEL_INFO_PREPARATION"]) for k in kernels])
    assert lib.mqlcl_tunable_set(ctx, ABI["MQLCL_TUNABLE_PREPARATION"], prep, len(kernels)) == len(kernels)
    print("| card | precision | size | runs | predicted product ms of each candidate |")
    print("|---|---|---|---|---|")
    for card, values in CARDS.items():
        ceilings = profile(values)
        assert lib.mqlcl_profile_set(ctx, (ctypes.c_double * len(ceilings))(*ceilings), len(ceilings)) == 0
        for precision, flags in FLAGS.items():
            for size in (2000, 4096, 8192):
                chosen = (ctypes.c_int * 16)()
                ms = (ctypes.c_double * 16)()
                n = lib.mqlcl_gemm_plan(ctx, flags, size, size, size, chosen, ms, 16)
                assert n > 0, n
                each = ", ".join(f"{names[chosen[i]]} {ms[i]:.2f}" for i in range(n))
                print(f"| {card} | {precision} | {size} | **{names[chosen[0]]}** | {each} |")
    lib.mqlcl_free(ctx)


if __name__ == "__main__":
    main()
