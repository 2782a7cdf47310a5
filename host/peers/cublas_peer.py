"""cuBLAS peer (for `mqlcl-host bench` and dev/tensor/tc_bench) through PyTorch on the same inputs (the same
counter hash as tc_bench.cpp), the error measured on the same 256 sampled elements against float64, the same two
ways. Two ways of calling it:
  --device FP32,TF32,FP64: tensors already on the GPU, CUDA events around the product (median of 10 after warm-up),
    the device-resident ceiling;
  --pageable FP32,FP64: pageable host tensors, (a.cuda() @ b.cuda()).cpu() with TF32 off, wall time (median of 5
    after warm-up): what a CPU-side caller waits, the peer of mqlcl's host->host GEMM."""
import argparse
import sys
import time

import numpy as np
import torch

M64 = np.uint64(0xFFFFFFFFFFFFFFFF)


def splitmix(z):
    z = z + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def val(seed, idx):
    h = splitmix((np.uint64(seed) << np.uint64(48)) ^ idx)
    return (((h >> np.uint64(40)) & np.uint64(0xFFFFFF)).astype(np.float64) / 8388608.0 - 1.0).astype(np.float32)


def matrix(seed, rows, cols):
    return val(seed, np.arange(rows * cols, dtype=np.uint64)).reshape(rows, cols)


def sample_points(M, N):
    e = np.arange(256, dtype=np.uint64)
    i = splitmix((np.uint64(3) << np.uint64(48)) ^ (np.uint64(2) * e)) % np.uint64(M)
    j = splitmix((np.uint64(3) << np.uint64(48)) ^ (np.uint64(2) * e + np.uint64(1))) % np.uint64(N)
    return torch.from_numpy(i.astype(np.int64)), torch.from_numpy(j.astype(np.int64))


DEVICE_KINDS = {"FP32": (torch.float32, False), "TF32": (torch.float32, True), "FP64": (torch.float64, False)}


def timed_median(run, reps, warmup=3):
    """Median wall time in ms of run() (which returns once its result is on the host or synced)."""
    for _ in range(warmup):
        run()
    ts = []
    for _ in range(reps):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        run()
        ts.append((time.perf_counter() - t0) * 1e3)
    return sorted(ts)[len(ts) // 2]


def errors(got, ref, scale):
    err = (got - ref).abs()
    return (err.max() / ref.abs().max()).item(), (err / scale).max().item()


def device_rows(n, a, b, I, J, kinds):
    """cuBLAS on tensors already on the GPU: CUDA events around torch.matmul, median of 10."""
    dev = a.device
    I, J = I.to(dev), J.to(dev)
    rows = []
    for kind in kinds:
        dtype, tf32 = DEVICE_KINDS[kind]
        torch.backends.cuda.matmul.allow_tf32 = tf32
        x, y = a.to(dtype), b.to(dtype)
        a64, b64 = x[I].double(), y[:, J].double()  # sampled rows of A, columns of B
        ref = (a64 * b64.t()).sum(1)
        scale = (a64.abs() * b64.t().abs()).sum(1)
        c = torch.empty(n, n, device=dev, dtype=dtype)
        for _ in range(3):
            torch.matmul(x, y, out=c)
        ts = []
        for _ in range(10):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            torch.matmul(x, y, out=c)
            e.record()
            torch.cuda.synchronize()
            ts.append(s.elapsed_time(e))
        ms = sorted(ts)[len(ts) // 2]
        rows.append((f"cuBLAS {kind}", n, ms) + errors(c[I, J].double(), ref, scale))
        del x, y, c
    torch.backends.cuda.matmul.allow_tf32 = False
    return rows


def pageable_rows(n, a_host, b_host, I, J, kinds):
    """What a CPU-side caller waits: pageable host tensors, (a.cuda() @ b.cuda()).cpu(), TF32 off,
    wall time, median of 5 after a warm-up."""
    torch.backends.cuda.matmul.allow_tf32 = False
    rows = []
    for kind in kinds:
        dtype = torch.float64 if kind == "FP64" else torch.float32
        x, y = a_host.to(dtype), b_host.to(dtype)  # still pageable host memory
        a64, b64 = x[I].double(), y[:, J].double()
        ref = (a64 * b64.t()).sum(1)
        scale = (a64.abs() * b64.t().abs()).sum(1)
        out = {}

        def call():
            out["c"] = (x.cuda() @ y.cuda()).cpu()

        ms = timed_median(call, 5, warmup=2)
        rows.append((f"cuBLAS pageable-{kind}", n, ms) + errors(out["c"][I, J].double(), ref, scale))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sizes", nargs="?", default="2000,4096,8192", help="square sizes, comma separated")
    ap.add_argument("--device", default="FP32,TF32", help="kinds on GPU tensors: FP32, TF32, FP64 (empty: none)")
    ap.add_argument("--pageable", default="", help="kinds from pageable host tensors: FP32, FP64 (empty: none)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    device_kinds = [k for k in args.device.split(",") if k]
    pageable_kinds = [k for k in args.pageable.split(",") if k]
    for k in device_kinds:
        if k not in DEVICE_KINDS:
            sys.exit(f"--device: unknown kind {k} (FP32, TF32, FP64)")
    for k in pageable_kinds:
        if k not in ("FP32", "FP64"):
            sys.exit(f"--pageable: unknown kind {k} (FP32, FP64)")
    np.seterr(over="ignore")
    dev = torch.device("cuda")
    print("cuBLAS peer:", torch.cuda.get_device_name(0), "torch", torch.__version__)
    rows = []
    print("inputs: A[0, :3] =", matrix(1, 1, 3)[0].tolist(), "(tc_bench prints the same)")
    for n in sizes:
        a_host, b_host = torch.from_numpy(matrix(1, n, n)), torch.from_numpy(matrix(2, n, n))
        I, J = sample_points(n, n)
        found = []
        if device_kinds:
            found += device_rows(n, a_host.to(dev), b_host.to(dev), I, J, device_kinds)
            torch.cuda.empty_cache()
        if pageable_kinds:
            found += pageable_rows(n, a_host, b_host, I, J, pageable_kinds)
            torch.cuda.empty_cache()
        for name, n_, ms, rel_max, rel_abs in found:
            tf = 2.0 * n ** 3 / (ms * 1e-3) * 1e-12
            # mqlcl-host bench parses these lines (bench/cublas_peer.cpp).
            print(f"{name} {n}^3: {ms:.4f} ms {tf:.2f} TFLOP/s err/maxref {rel_max:.3e} err/sum|ab| {rel_abs:.3e}", flush=True)
            rows.append((name, n, ms, tf, rel_max, rel_abs))
    print("\n== cuBLAS peer (same inputs, same sampled elements) ==")
    print(f"{'peer':<22} {'size':>6} {'ms':>10} {'TFLOP/s':>9} {'err/maxref':>11} {'err/sum|ab|':>11}")
    for name, n, ms, tf, rm, ra in rows:
        print(f"{name:<22} {n:>6} {ms:>10.4f} {tf:>9.2f} {rm:>11.3e} {ra:>11.3e}")


if __name__ == "__main__":
    main()
