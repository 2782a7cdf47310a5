#!/usr/bin/env python3
"""Every kernel of the library, at small and odd sizes, under oclgrind's checks for data
races, memory errors and uninitialised values: the correct kernels must be silent, the
deliberately broken ones (tiles without a barrier, the article's stage 6) must be caught.
Usage: run_oclgrind.py BUILD_DIR ROOT"""
import ctypes
import json
import re
import sys
from pathlib import Path

from common import expect, finish, run

PROBLEMS = re.compile(r"data race|Invalid (read|write)|Uninitiali[sz]ed|out-of-bounds|Work-group divergence|"
                      r"barrier|error", re.I)


# Stage 10 (sgemm_tuned): oclgrind's uninitialised-value plugin aborts on it (see below).
UNINITIALIZED_PLUGIN_ABORTS = 10


def oclgrind(cmd, flags):
    rc, out, err = run(["oclgrind", *flags, *cmd], timeout=900)
    return rc, out, err


def fp64_simt_kernels(build):
    """The GEMM kernels of mqlcl_dgemm that need no mma.sync, as libmqlcl.so enumerates them."""
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "common"))
    import mqlcl_header  # noqa: E402  (the one reader of mqlcl.h)
    info = {c.name: int(c.value) for c in mqlcl_header.constants() if c.name.startswith("MQLCL_GEMM_KERNEL_INFO_")}
    lib = ctypes.CDLL(str((build / "dll/libmqlcl.so").resolve()))
    lib.mqlcl_gemm_kernel_info.restype = ctypes.c_longlong
    kernels = [lib.mqlcl_gemm_kernel_at(i) for i in range(lib.mqlcl_gemm_kernel_count())]
    return [k for k in kernels if lib.mqlcl_gemm_kernel_info(k, info["MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES"]) == 8
            and lib.mqlcl_gemm_kernel_info(k, info["MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA"]) == 0]


def main():
    build, root = Path(sys.argv[1]), Path(sys.argv[2])
    host = str(build / "host/mqlcl-host")
    # Every kernel runs under --data-races and oclgrind's always-on memory checks. The
    # uninitialised-value plugin (--uninitialized) runs too, except where it is proven
    # unable to judge, each case seen with oclgrind 21.10 (Debian 12):
    #  - stage 10: the plugin aborts, "Unsupported instruction: freeze" (LLVM's freeze);
    #  - DIA step 4: the plugin itself segfaults (exit 139) on dia_spmv_vec4;
    #  - DIA step 5: the plugin does not track image contents, so every read_imagef()
    #    result counts as uninitialised, even from an image a kernel wrote.
    full = ("--data-races", "--uninitialized")
    races_only = ("--data-races",)
    quiet = []  # (name, command, flags): must run clean
    # The stages come from the library's registry (`mqlcl-host stages --json`), so a new stage
    # is checked without editing this file. Work-groups: 4 x 1 for 1D stages, 3 x 5 (odd, not
    # dividing the shape) for 2D ones, 4 x 4 where the tiles must be square.
    rc, out, err = run([host, "stages", "--json"])
    expect(rc == 0, "mqlcl-host stages --json", err[-300:])
    stages = json.loads(out) if rc == 0 else []
    for st in stages:
        if st["wrong_on_purpose"] or not st["available"]:
            continue
        local = {0: "0,0", 1: "4,1", 2: "4,4" if st["square_local"] else "3,5"}[st["local_dims"]]
        stage = st["stage"]
        quiet.append((f"matmul stage {stage} ({st['name']})", [host, "matmul", "--stage", str(stage), "--size", "9,13,5",
                                                               "--local", local, "--no-cpu", "--samples", "0"],
                       races_only if stage == UNINITIALIZED_PLUGIN_ABORTS else full))
    for kind, extra in [("extremes", ["--rows", "37"]), ("wide", ["--rows", "43", "--diags", "70", "--local", "16"]),
                        ("laplace2d", ["--rows", "50", "--local", "8"])]:
        for steps, flags in (("1,2,3", full), ("4,5", races_only)):
            quiet.append((f"dia steps {steps}, {kind}", [host, "dia", "--kind", kind, *extra, "--repeat", "1",
                                                         "--megabytes", "0", "--steps", steps], flags))
    for tile in ("4", "12"):  # 12: two rows of the tile per work-item (6 work-items per column)
        quiet.append((f"transpose variants 1-3, tile {tile}", [host, "transpose", "--size", "19,23", "--tile", tile,
                                                               "--repeat", "1", "--megabytes", "0"], full))
    # DGEMM: pack, the register-blocked FP64 product on padded sizes, the epilogue (beta != 0);
    # races only: the uninitialised-value plugin aborts on the product ("freeze", as stage 10).
    # Each FP64 kernel of the library's GEMM kernel table that needs no tensor cores, pinned: a
    # new one is checked without editing this file, and a pinned call measures no device profile
    # (the planner's choice among several would, for minutes under the simulator).
    for kernel in fp64_simt_kernels(build):
        quiet.append((f"dgemm 13x17x19 B^T, GEMM kernel {kernel}",
                      [host, "gemm", "--size", "13,17,19", "--trans-b", "--precision", "fp64", "--beta", "0.5",
                       "--repeat", "1", "--kernel", str(kernel)], races_only))
    for name, cmd, flags in quiet:
        rc, out, err = oclgrind(cmd, flags)
        found = [l for l in err.splitlines() if PROBLEMS.search(l)]
        expect(rc == 0 and not found, f"oclgrind clean: {name}", f"rc={rc}; {found[:3] or err[-300:]}")

    racy = [(f"stage {st['stage']} ({st['name']}), wrong on purpose",
             [host, "matmul", "--stage", str(st["stage"]), "--size", "16,32,16", "--local", "8,8", "--no-cpu", "--samples", "0"])
            for st in stages if st["wrong_on_purpose"]]
    expect(len(racy) >= 2, f"the registry lists the racy lab stages ({len(racy)})")
    # The article's stage 6 as published (its listing 7, racy): tests/mql5/article_listings.py
    # cuts it out of the seed article and puts it under oclgrind.
    for name, cmd in racy:
        rc, out, err = oclgrind(cmd, ("--data-races",))
        expect("data race" in err, f"oclgrind reports the race: {name}", err[-300:])
    return finish("oclgrind")


if __name__ == "__main__":
    raise SystemExit(main())
