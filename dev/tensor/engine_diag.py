#!/usr/bin/env python3
"""Where the tensor-core engine's k-loop spends its time: each engine kernel built through the
library's generic layer with -DDIAG=0..7 (kernels/util/mma_engine.cl: 1 drops the copies after
the prologue, 2 the fragment loads after the first, 4 the waits and barriers; the results are
wrong, only the times count) and timed at N^3 (the median of --reps runs, mqlcl_last_kernel_ms).

    engine_diag.py LIBMQLCL DEVICE [--size N] [--reps R] [--diags 0,1,2,3,7]

Prints one line per kernel and DIAG: ms, TFLOP/s. The kernels' tiles are the ones each line
names (the H100's tuned tiles by default)."""
import argparse
import ctypes
import os
import statistics

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def source(path):
    """The kernel's text with its util/ include inlined, as cmake/embed_kernels.cmake does."""
    text = open(os.path.join(root, "kernels", path)).read()
    inc = '#include "util/mma_engine.cl"'
    return text.replace(inc, open(os.path.join(root, "kernels/util/mma_engine.cl")).read())


def u16(s):
    return (ctypes.c_uint16 * (len(s) + 1))(*map(ord, s), 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lib")
    ap.add_argument("device", type=int)
    ap.add_argument("--size", type=int, default=8192)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--diags", default="0,1,2,3,4,7")
    ap.add_argument("--emulate", action="store_true", help="a CPU device (PoCL): -DEMULATE_PTX, to check the script")
    a = ap.parse_args()
    lib = ctypes.CDLL(a.lib)
    lib.mqlcl_last_kernel_ms.restype = ctypes.c_double
    ctx = lib.mqlcl_create(a.device)
    assert ctx > 0, "no context"
    n = a.size
    # (label, file, entry, defines, flop multiplier, buffers (bytes), int args before/after)
    half_pitch = n  # halves a line (SPLIT=0); SPLIT=1: 2 n
    kernels = [
        ("32 FP16 256x128 BK16 S2", "gemm/sgemm_half.cl", "sgemm_half",
         "-DSPLIT=0 -DBM=256 -DBN=128 -DBK=16 -DWM=64 -DWN=64 -DSTAGES=2 -DGROUP_M=8", 1, "half", 0),
        ("33 3xFP16 128x128 BK16 S3", "gemm/sgemm_half.cl", "sgemm_half",
         "-DSPLIT=1 -DBM=128 -DBN=128 -DBK=16 -DWM=64 -DWN=64 -DSTAGES=3 -DGROUP_M=8", 3, "half", 1),
        ("30 TF32 128x128 BK16 S3", "gemm/sgemm_tensor.cl", "sgemm_tensor",
         "-DSPLIT3=0 -DBM=128 -DBN=128 -DBK=16 -DWM=64 -DWN=64 -DSTAGES=3 -DGROUP_M=4", 1, "tf32", 0),
        ("41 FP64 64x128 BK16 S2", "gemm/dgemm_tensor.cl", "dgemm_tensor",
         "-DBM=64 -DBN=128 -DBK=16 -DWM=32 -DWN=64 -DSTAGES=2 -DSHAPE=1688 -DGROUP_M=8", 1, "fp64", 0),
    ]
    for label, path, entry, defines, passes, kind, split in kernels:
        if kind == "half":
            pitch = n * (2 if split else 1)
            bufs = [lib.mqlcl_buffer(ctx, ctypes.c_longlong(n * pitch * 2), 0) for _ in range(2)]
            exps = [lib.mqlcl_buffer(ctx, ctypes.c_longlong(4 * n), 0) for _ in range(2)]
            c = lib.mqlcl_buffer(ctx, ctypes.c_longlong(4 * n * n), 0)
            bk = int(defines.split("-DBK=")[1].split()[0])
            threads = 32 * (int(defines.split("-DBM=")[1].split()[0]) // 64) * (int(defines.split("-DBN=")[1].split()[0]) // 64)
            blocks = (n // int(defines.split("-DBM=")[1].split()[0])) * (n // int(defines.split("-DBN=")[1].split()[0]))
        elif kind == "tf32":
            bufs = [lib.mqlcl_buffer(ctx, ctypes.c_longlong(4 * n * n), 0) for _ in range(2)]
            c = lib.mqlcl_buffer(ctx, ctypes.c_longlong(4 * n * n), 0)
            threads, blocks = 128, (n // 128) ** 2
        else:
            bufs = [lib.mqlcl_buffer(ctx, ctypes.c_longlong(8 * n * n), 0) for _ in range(2)]
            c = lib.mqlcl_buffer(ctx, ctypes.c_longlong(8 * n * n), 0)
            threads, blocks = 128, (n // 64) * (n // 128)
        for d in [int(x) for x in a.diags.split(",")]:
            prog = lib.mqlcl_program(ctx, u16(source(path)), u16(defines + f" -DDIAG={d}" + (" -DEMULATE_PTX -cl-opt-disable" if a.emulate else "")))
            if prog <= 0:
                buf = (ctypes.c_uint16 * 2048)()
                lib.mqlcl_last_error(ctx, buf, 2048)
                print(f"{label} DIAG={d}: build failed: {bytes(buf).decode('utf-16-le', 'ignore').split(chr(0))[0][:300]}")
                continue
            k = lib.mqlcl_kernel(prog, u16(entry))
            if kind == "half":
                args = [("i", n), ("i", n), ("i", pitch // (2 * bk)), ("m", bufs[0]), ("m", bufs[1]), ("i", pitch * 2 // 16),
                        ("m", exps[0]), ("m", exps[1]), ("m", c), ("i", n)]
            elif kind == "tf32":
                args = [("i", n), ("i", n), ("i", n), ("m", bufs[0]), ("i", n), ("m", bufs[1]), ("i", n), ("m", c), ("i", n)]
            else:
                args = [("i", n), ("i", n), ("i", n), ("m", bufs[0]), ("m", bufs[1]), ("m", c)]
            for i, (t, v) in enumerate(args):
                r = lib.mqlcl_arg_int(k, i, v) if t == "i" else lib.mqlcl_arg_mem(k, i, v)
                assert r == 0, (label, i, r)
            g = (ctypes.c_int * 1)(blocks * threads)
            l = (ctypes.c_int * 1)(threads)
            times = []
            for _ in range(a.reps + 1):
                r = lib.mqlcl_run(k, 1, g, 1, l, 1)
                if r != 0:
                    buf = (ctypes.c_uint16 * 2048)()
                    lib.mqlcl_last_error(k, buf, 2048)
                    print(f"{label} DIAG={d}: run failed {r}: {bytes(buf).decode('utf-16-le', 'ignore').split(chr(0))[0][:300]}")
                    break
                times.append(lib.mqlcl_last_kernel_ms(k))
            if len(times) == a.reps + 1:
                ms = statistics.median(times[1:])
                print(f"{label} DIAG={d}: {ms:8.3f} ms {2.0 * n ** 3 * passes / ms / 1e9:8.1f} TFLOP/s", flush=True)
            lib.mqlcl_free(k)
            lib.mqlcl_free(prog)
        for b in bufs + [c] + (exps if kind == "half" else []):
            lib.mqlcl_free(b)


if __name__ == "__main__":
    main()
