"""cuBLAS peer (for `mqlcl-host bench` and dev/tensor/tc_bench): FP32 and TF32 SGEMM through PyTorch on the same inputs
(the same counter hash as tc_bench.cpp), timed with CUDA events (median of 10 after warm-up),
error measured on the same 256 sampled elements against float64, the same two ways."""
import sys

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


def main():
    sizes = [int(s) for s in (sys.argv[1] if len(sys.argv) > 1 else "2000,4096,8192").split(",")]
    np.seterr(over="ignore")
    dev = torch.device("cuda")
    print("cuBLAS peer:", torch.cuda.get_device_name(0), "torch", torch.__version__)
    rows = []
    print("inputs: A[0, :3] =", matrix(1, 1, 3)[0].tolist(), "(tc_bench prints the same)")
    for n in sizes:
        a = torch.from_numpy(matrix(1, n, n)).to(dev)
        b = torch.from_numpy(matrix(2, n, n)).to(dev)
        I, J = sample_points(n, n)
        I, J = I.to(dev), J.to(dev)
        a64, b64 = a[I].double(), b[:, J].double()  # sampled rows of A, columns of B
        ref = (a64 * b64.t()).sum(1)
        scale = (a64.abs() * b64.t().abs()).sum(1)
        for tf32 in (False, True):
            torch.backends.cuda.matmul.allow_tf32 = tf32
            c = torch.empty(n, n, device=dev)
            for _ in range(3):
                torch.matmul(a, b, out=c)
            ts = []
            for _ in range(10):
                s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                s.record()
                torch.matmul(a, b, out=c)
                e.record()
                torch.cuda.synchronize()
                ts.append(s.elapsed_time(e))
            ms = sorted(ts)[len(ts) // 2]
            got = c[I, J].double()
            err = (got - ref).abs()
            rel_max = (err.max() / ref.abs().max()).item()
            rel_abs = (err / scale).max().item()
            name = "cuBLAS TF32" if tf32 else "cuBLAS FP32"
            tf = 2.0 * n ** 3 / (ms * 1e-3) * 1e-12
            print(f"{name} {n}^3: {ms:.4f} ms {tf:.2f} TFLOP/s err/maxref {rel_max:.3e} err/sum|ab| {rel_abs:.3e}", flush=True)
            rows.append((name, n, ms, tf, rel_max, rel_abs))
        del a, b, c
        torch.cuda.empty_cache()
    print("\n== cuBLAS peer (same inputs, same sampled elements) ==")
    print(f"{'peer':<12} {'size':>6} {'ms':>10} {'TFLOP/s':>9} {'err/maxref':>11} {'err/sum|ab|':>11}")
    for name, n, ms, tf, rm, ra in rows:
        print(f"{name:<12} {n:>6} {ms:>10.4f} {tf:>9.2f} {rm:>11.3e} {ra:>11.3e}")


if __name__ == "__main__":
    main()
