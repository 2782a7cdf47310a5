"""cuBLAS's own FP64 emulation on the INT8 tensor cores (CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH, from
CUDA 13.0.2; the eager strategy asks for it whatever cuBLAS predicts) as a peer of mqlcl's Ozaki kernel
(42), reached through ctypes on the libcublas PyTorch loads: DGEMM on GPU tensors with the default math
mode and with the emulation, CUDA events around the call (median of 10 after a warm-up), the error of
each against a float64 reference on the CPU of 256 sampled elements, relative to the sum of |terms|.
Says so, and prints no row, where this cuBLAS lacks the mode.
Usage: cublas_emulation_peer.py SIZES (comma-separated squares)"""
import ctypes
import glob
import os
import sys

import torch

CUBLAS_OP_N = 0
CUBLAS_DEFAULT_MATH = 0
CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH = 8
CUBLAS_EMULATION_STRATEGY_EAGER = 2


def load_cublas():
    torch.zeros(1, device="cuda") @ torch.zeros(1, 1, device="cuda")[0]  # cuBLAS loaded by PyTorch first
    with open("/proc/self/maps") as maps:
        for line in maps:
            if "libcublas.so" in line and "Lt" not in line:
                return ctypes.CDLL(line.split()[-1])
    roots = [os.path.dirname(torch.__file__), sys.prefix]
    for root in roots:
        for path in glob.glob(os.path.join(root, "**", "libcublas.so*"), recursive=True):
            if "Lt" not in path:
                return ctypes.CDLL(path)
    raise RuntimeError("no libcublas found beside PyTorch")


def timed_dgemm(lib, handle, a, b, c, n):
    alpha, beta = ctypes.c_double(1.0), ctypes.c_double(0.0)
    # Row-major C = A B is column-major C^T = B^T A^T: B first.
    def call():
        rc = lib.cublasDgemm_v2(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, ctypes.byref(alpha), ctypes.c_void_p(b.data_ptr()), n,
                                ctypes.c_void_p(a.data_ptr()), n, ctypes.byref(beta), ctypes.c_void_p(c.data_ptr()), n)
        if rc != 0:
            raise RuntimeError(f"cublasDgemm_v2 returned {rc}")
    call()
    torch.cuda.synchronize()
    times = []
    for _ in range(10):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        call()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def error(a, b, c, n):
    gen = torch.Generator().manual_seed(7)
    rows = torch.randint(0, n, (256,), generator=gen)
    cols = torch.randint(0, n, (256,), generator=gen)
    ac, bc, cc = a.cpu(), b.cpu(), c.cpu()
    worst = 0.0
    for i, j in zip(rows.tolist(), cols.tolist()):
        terms = ac[i, :] * bc[:, j]
        exact = terms.sum().item()  # float64 on the CPU, its own rounding far below the kernels'
        worst = max(worst, abs(cc[i, j].item() - exact) / terms.abs().sum().item())
    return worst


def main():
    sizes = [int(s) for s in sys.argv[1].split(",")]
    lib = load_cublas()
    handle = ctypes.c_void_p()
    assert lib.cublasCreate_v2(ctypes.byref(handle)) == 0
    version = ctypes.c_int()
    lib.cublasGetVersion_v2(handle, ctypes.byref(version))
    print(f"cuBLAS {version.value} on {torch.cuda.get_device_name()}")
    if not hasattr(lib, "cublasSetEmulationStrategy"):
        print("this cuBLAS has no FP64 emulation (cublasSetEmulationStrategy missing): no row")
        return
    print(f"{'peer':24} {'size':>6} {'ms':>10} {'TFLOP/s':>9} {'err/sum|ab|':>12}")
    for n in sizes:
        torch.manual_seed(n)
        a = torch.rand(n, n, dtype=torch.float64, device="cuda") * 2 - 1
        b = torch.rand(n, n, dtype=torch.float64, device="cuda") * 2 - 1
        c = torch.empty(n, n, dtype=torch.float64, device="cuda")
        for name, mode in (("cuBLAS FP64", CUBLAS_DEFAULT_MATH), ("cuBLAS FP64 emulated", CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH)):
            rc = lib.cublasSetMathMode(handle, mode)
            if rc == 0 and mode != CUBLAS_DEFAULT_MATH:
                rc = lib.cublasSetEmulationStrategy(handle, CUBLAS_EMULATION_STRATEGY_EAGER)
            if rc != 0:
                print(f"{name:24} {n:>6} refused by cuBLAS (status {rc})")
                continue
            ms = timed_dgemm(lib, handle, a, b, c, n)
            print(f"{name:24} {n:>6} {ms:>10.3f} {2 * n ** 3 / ms / 1e9:>9.2f} {error(a, b, c, n):>12.3e}", flush=True)
    lib.cublasDestroy_v2(handle)


if __name__ == "__main__":
    main()
