#!/usr/bin/env python3
"""Every MQL5 script of mql5/Scripts/mqlcl translated (translate.py), compiled with g++ against
libmqlcl.so and with MinGW against mqlcl.dll (run under Wine), run with small inputs, and its
log checked: the lines MetaTrader 5 would print, and correct results. Each script prints its
own checks (the article's sum/thirdCPU/buf triples, "| OK" on every sweep row); they are read
here against bounds, never trusted blindly. tests/mql5/selftest/runtime_semantics.mq5 checks the runtime
itself against the MQL5 documentation, harness_features.mq5 the predefined constants, _LastError, const
arrays into templates and resources, source_encodings.mq5 (itself UTF-16LE) the sources' encodings; tests/mql5/programs/*/ holds whole programs of
the project's own shaped like the users' (neural_net: layer classes, matrix methods, a COpenCL-derived
class, a gradient check of its OpenCL path against its CPU path, a training run). Scripts this file does not know get the generic
checks (exit 0, no DLL failure, no critical error, no WRONG). Every run must leave mqlcl.dll
with 0 live handles (the harness prints the count after OnStart). Then stop_test.py: every
script stopped by the user (--stop-after) stops cleanly.
Usage: run_scripts.py ROOT --native BUILD --mingw BUILD [--dll PATH] [--only NAME ...] [--work DIR] [--mutations]"""
import argparse
import ctypes
import ctypes.util
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "checks"))
sys.path.append(str(HERE.parent.parent / "common"))
from common import expect, finish  # noqa: E402
import mqlcl_header  # noqa: E402  (the one reader of mqlcl.h)
import stop_test  # noqa: E402

# -fno-diagnostics-show-caret: a diagnostic names the .mq5/.mqh line (#line); g++ would quote that
# file's line as it reads it, and many sources are UTF-16.
CXX_FLAGS = ["-std=c++17", "-O1", "-Werror=return-type", "-Wno-attributes", "-fno-diagnostics-show-caret"]
NATIVE_CXX = ["g++"]
MINGW_CXX = ["x86_64-w64-mingw32-g++-posix"]
MINGW_LINK = ["-static", "-static-libgcc", "-static-libstdc++"]
# Small values for the inputs the scripts declare (by input name): the whole step takes a
# few minutes on two cores, natively and under Wine. Odd sizes on purpose (no multiple of a tile).
SMALL = {"InpRows1": 37, "InpColsRows": 41, "InpCols2": 29, "InpSize": 64, "InpSize1": 17, "InpSize2": 32,
         "InpRows": 65, "InpCols": 33, "InpGrid": 16, "InpM": 37, "InpN": 29, "InpK": 41, "InpRepeats": 2,
         # The device the scripts run on (mqlcl's numbering): scripts/gpu/test.sh selects the GPU.
         "InpDevice": int(os.environ.get("MQLCL_TEST_DEVICE") or 0)}
SMALL["_device"] = SMALL["InpDevice"]  # the seed article's listings name their device input so
RUN_TIMEOUT = 300
# The runtime's sources, compiled once per target and linked with every script.
RUNTIME_SOURCES = ("mql5_runtime.cpp", "mql5_platform.cpp", "mql5_objects.cpp", "mql5_market.cpp", "mql5_indicators.cpp",
                   "mql5_chart.cpp", "mql5_linalg.cpp", "mql5_terminal.cpp")
# The native build's matrices decompose on LAPACK (liblapack-dev) and multiply on OpenBLAS
# (libopenblas-dev, install-deps.sh), as the terminal's; on a machine without OpenBLAS (one that
# only runs the tests) on the BLAS LAPACK links; the Windows build's on Eigen (libeigen3-dev,
# header-only: no Debian package gives MinGW a LAPACK or an OpenBLAS).
NATIVE_LINK = ["-ldl", "-llapack", "-lopenblas" if ctypes.util.find_library("openblas") else "-lblas"]
EIGEN = "/usr/include/eigen3"


def bars_file(path, count=600, seed=20240102):
    """A symbol's bars as the terminal exports them (tab-separated, a header of <DATE> <TIME> <OPEN>
    <HIGH> <LOW> <CLOSE> <TICKVOL> <VOL> <SPREAD>): EURUSD H1 from 2024.01.02 00:00, a random walk
    of fixed seed with five digits. The file's name says the symbol and period, as the terminal's."""
    rng = random.Random(seed)
    lines = ["<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>"]
    price, t = 1.10000, 1704153600
    for _ in range(count):
        o = price
        c = round(o + rng.gauss(0, 0.0012), 5)
        h = round(max(o, c) + abs(rng.gauss(0, 0.0006)), 5)
        lo = round(min(o, c) - abs(rng.gauss(0, 0.0006)), 5)
        day = time.gmtime(t)
        lines.append(f"{day.tm_year:04d}.{day.tm_mon:02d}.{day.tm_mday:02d}\t{day.tm_hour:02d}:{day.tm_min:02d}:00\t"
                     f"{o:.5f}\t{h:.5f}\t{lo:.5f}\t{c:.5f}\t{rng.randint(100, 5000)}\t0\t{rng.randint(5, 20)}")
        price, t = c, t + 3600
    path.write_text("\n".join(lines) + "\n")
    return path


def query(t, exe, flag):
    """A compiled program's answer to --kind or --inputs, or None. Each exits 0, --kind prints a line
    and --inputs ends with '(N inputs)'; under Wine on a loaded machine a start can fail, and a
    program then run without its small inputs would run its defaults (a 2000^3 product) and fail:
    asked up to three times."""
    for _ in range(3):
        rc, out, _ = sh(t.runner + [str(exe), flag], env=t.env, cwd=exe.parent)
        if rc == 0 and (re.search(r"^\(\d+ inputs\)$", out, re.M) if flag == "--inputs" else out.strip()):
            return out
    return None


def sh(cmd, env=None, cwd=None, timeout=RUN_TIMEOUT):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout, errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:  # its partial output comes as bytes, text=True or not
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else e.stdout or ""
        return 124, out, f"timed out after {timeout} s"


#---------------------------------------------------------------------------------------------
# What each known script must print. Each returns a list of problems (empty: correct).
def article_stage(name, log):
    """RunArticleStage: the stage the script's name says, the sizes, ten checked elements."""
    problems = []
    head = re.search(rf"^(\w+) \(stage (\d+)\):  device = {SMALL['InpDevice']};      ROWS1 = (\d+); COLSROWS = (\d+); COLS2 = (\d+); "
                     r"local = \d+ x \d+$", log, re.M)
    if not head:
        return ["no '<stage> (stage N):  device = ...' line"]
    if head.group(1) != name:
        problems.append(f"the stage run is {head.group(1)}, the script is {name}")
    rows1, colsrows, cols2 = (int(head.group(k)) for k in (3, 4, 5))
    if (rows1, colsrows, cols2) != (SMALL["InpRows1"], SMALL["InpColsRows"], SMALL["InpCols2"]):
        problems.append(f"sizes {rows1},{colsrows},{cols2} are not the inputs given")
    for pattern in (r"^=+$", r"^CPUTime = \d+\.\d{3}$", r"^OpenCL total: time = \d+\.\d{3} sec\.$",
                    rf"^read = {rows1 * cols2} elements$", r"^kernel: time = \d+\.\d{3} ms \(\d+ launches\); "
                    r"layout conversion = \d+\.\d{3} ms; \d+\.\d{2} GFLOP/s$", r"^_{24}$"):
        if not re.search(pattern, log, re.M):
            problems.append(f"no line matching {pattern}")
    return problems + checked_triples(log, rows1, colsrows, cols2)


def checked_triples(log, rows1, colsrows, cols2):
    """The article's ten random checks: sum (its own loop), thirdCPU and buf (the device's) agree."""
    problems = []
    triples = re.findall(r"^sum\( (\d+),(\d+) \) = (-?\d+\.\d{8});    thirdCPU\[ \1,\2 \] = (-?\d+\.\d{8});    "
                         r"buf\[ \1,\2 \] = (-?\d+\.\d{8})$", log, re.M)
    if len(triples) != 10:
        problems.append(f"{len(triples)} checked elements, not 10")
    for r, c, s, cpu, gpu in triples:
        s, cpu, gpu = float(s), float(cpu), float(gpu)
        # float sums of colsrows products of |a|,|b| <= 0.5: each error under colsrows * 2^-24 * sum|ab|
        bound = colsrows * 6e-8 * colsrows * 0.25 + 2e-8
        if not (int(r) < rows1 and int(c) < cols2) or abs(cpu - s) > bound or abs(gpu - s) > bound:
            problems.append(f"element ({r},{c}): sum {s}, CPU {cpu}, DLL {gpu} (bound {bound:.1e})")
    return problems


# The seed article's complete listings (tests/mql5/article_listings.py extracts them, sizes set by
# their #defines to ARTICLE_SIZES): what each prints.
ARTICLE_SIZES = {"ROWS1": 37, "COLSROWS": 41, "COLS2": 29}


def article_listing(name, log):
    rows1, colsrows, cols2 = ARTICLE_SIZES["ROWS1"], ARTICLE_SIZES["COLSROWS"], ARTICLE_SIZES["COLS2"]
    sizes = f"ROWS1 = {rows1}; COLSROWS = {colsrows}; COLS2 = {cols2}"
    if name == "article_matr_mul_2dim":  # listing 1: the product on the CPU, timed
        ok = re.search(rf"^{sizes}$", log, re.M) and re.search(r"^CPU: time = \d+\.\d{3} s\.$", log, re.M)
        return [] if ok else [f"no '{sizes}' and 'CPU: time = ... s.' lines"]
    if name == "article_matr_mul_1dim":  # listing 2: the first OpenCL program, ten random checks
        problems = [f"no line matching {p}" for p in (rf"^1st OCL martices mul:  device = {SMALL['_device']};      {sizes}$",
                                                       r"^CPUTime = \d+\.\d{3}$", r"^OpenCL total: time = \d+\.\d{3} sec\.$",
                                                       rf"^read = {rows1 * cols2} elements$", r"^_{24}$")
                    if not re.search(p, log, re.M)]
        return problems + checked_triples(log, rows1, colsrows, cols2)
    return [f"no expectations for the listing {name}"]


# A refused row: the library's MQLCL_ERR_LOCAL_SIZE reason, naming the limit of the device
# or kernel (a kernel's CL_KERNEL_WORK_GROUP_SIZE on a GPU may be below the device's maximum).
REFUSED = re.compile(r"^refused: \[-6\] .*(CL_KERNEL_WORK_GROUP_SIZE|CL_DEVICE_MAX_WORK_GROUP_SIZE|local memory)")


def sweep_rows(log, at_least):
    rows = re.findall(r"^  .*\|\s*(\S.*)$", log, re.M)
    problems = [] if len(rows) >= at_least else [f"{len(rows)} result rows, expected {at_least}"]
    return problems + [f"row result '{r}', not OK" for r in rows if r != "OK" and not REFUSED.match(r)]


def matr_mul_2dim(log):
    orders = re.findall(r"^CPU: loop order (\S+) time = \d+\.\d{3} s\.$", log, re.M)
    ok = orders == ["r-cr-c", "r-c-cr", "c-r-cr", "c-cr-r", "cr-r-c", "cr-c-r"]
    return [] if ok else [f"loop orders printed: {orders}"]


def report_kernels(log):
    heads = re.findall(r"^report kernels at (\d+) x \1 x \1 on .+:$", log, re.M)
    problems = [] if heads == [str(SMALL["InpSize1"]), str(SMALL["InpSize2"])] else [f"sizes {heads}"]
    return problems + sweep_rows(log, 12)


def lab_tiles(log):
    problems = [f"no '{q}' section" for q in ("Q1:", "Q2:", "Q4A:", "Q4B:", "Q5:") if not re.search(rf"^{q}", log, re.M)]
    tile = re.search(r"TILE <= (\d+)$", log, re.M)
    square = len([t for t in (4, 8, 16, 32, 64, 128) if tile and t <= int(tile.group(1))])
    return problems + sweep_rows(log, 7 + 3 + square + 4)


def transpose_local(log):
    head = re.search(rf"^transpose {SMALL['InpRows']} x {SMALL['InpCols']}; measured copy bandwidth \d+\.\d GB/s$", log, re.M)
    return ([] if head else ["no 'transpose R x C; measured copy bandwidth' line"]) + sweep_rows(log, 3)


def dia_spmv(log):
    rows = SMALL["InpGrid"] ** 3
    head = re.search(rf"^DIA SpMV, 7-point Laplacian, {rows} rows; copy bandwidth", log, re.M)
    steps = re.findall(r"^  step (\d) ", log, re.M)
    problems = [] if head else [f"no 'DIA SpMV ... {rows} rows' line"]
    problems += [] if steps == ["1", "2", "3", "4", "5"] else [f"steps run: {steps} (5 is the image step)"]
    return problems + sweep_rows(log, 5)


def mqlcl_devices(log):
    m = re.search(r"^mqlcl (\d+), (\d+) OpenCL device\(s\)$", log, re.M)
    if not m or int(m.group(2)) < 1:
        return ["no 'mqlcl VERSION, N OpenCL device(s)' line with N >= 1"]
    n = int(m.group(2))
    problems = [f"no line for device {d}" for d in range(n) if not re.search(rf"^device {d}: .+ \(.+\)$", log, re.M)]
    counts = len(re.findall(r"^  CL_DEVICE_MAX_COMPUTE_UNITS: [1-9]\d*; CL_DEVICE_MAX_WORK_GROUP_SIZE: [1-9]\d*$", log, re.M))
    return problems + ([] if counts == n else [f"{counts} devices with compute units and work-group size, not {n}"])


# The matmul stages of mqlcl_sgemm's kernels (stage -> needs mma.sync), from the native library's
# GEMM kernel table (main sets it): tensor_stages.mq5 enumerates the same table.
SGEMM_STAGES = {}


def sgemm_stages(lib_path):
    """{stage: needs mma.sync} of every GEMM kernel with 4-byte elements that runs a matmul stage."""
    lib = ctypes.CDLL(str(lib_path))
    lib.mqlcl_gemm_kernel_info.restype = ctypes.c_longlong
    info = {c.name: int(c.value) for c in mqlcl_header.constants() if c.name.startswith("MQLCL_GEMM_KERNEL_INFO_")}
    out = {}
    for i in range(lib.mqlcl_gemm_kernel_count()):
        kernel = lib.mqlcl_gemm_kernel_at(i)
        stage = lib.mqlcl_gemm_kernel_info(kernel, info["MQLCL_GEMM_KERNEL_INFO_STAGE"])
        if stage > 0 and lib.mqlcl_gemm_kernel_info(kernel, info["MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES"]) == 4:
            out[str(stage)] = lib.mqlcl_gemm_kernel_info(kernel, info["MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA"]) == 1
    return out


def tensor_stages(log):
    """The stages of the SGEMM kernels (10, 30-33): each OK, or (the tensor-core ones without tensor
    cores) refused with the library's reason."""
    problems = [] if re.search(r"^tensor stages on .+: fastest FP32-accurate stage (10|31|33) .*, fastest with TF32 accepted "
                               r"(10|30|32) ", log, re.M) else ["no 'tensor stages on ...: fastest ...' line"]
    sizes = (SMALL["InpRows1"], SMALL["InpColsRows"], SMALL["InpCols2"])
    if not re.search(r"^C = A \* B: ROWS1 = %d; COLSROWS = %d; COLS2 = %d$" % sizes, log, re.M):
        problems.append("no 'C = A * B' line with the inputs given")
    rows = dict(re.findall(r"^  (\d+) \S+ +\| (.*)$", log, re.M))
    if not SGEMM_STAGES or sorted(rows, key=int) != sorted(SGEMM_STAGES, key=int):
        problems.append(f"stages printed: {sorted(rows, key=int)}, the library's: {sorted(SGEMM_STAGES, key=int)}")
    for stage, text in rows.items():
        ok = text.endswith("| OK") or (SGEMM_STAGES.get(stage) and "not available: " in text and "needs an NVIDIA GPU" in text)
        if not ok:
            problems.append(f"stage {stage}: {text}")
    return problems


def gemm_matrix(log):
    """MatMul against CMqlcl::Sgemm/Dgemm on matrices: the inputs' sizes, a row per precision, each OK
    (FP64 may say why it is not available)."""
    sizes = (SMALL["InpM"], SMALL["InpN"], SMALL["InpK"], SMALL["InpRepeats"])
    problems = [] if re.search(r"^GEMM on .+: C \(M x N\) = A \(M x K\) \* B \(K x N\); M = %d; N = %d; K = %d; "
                               r"best of %d runs$" % sizes, log, re.M) else ["no 'GEMM on ...' line with the inputs given"]
    rows = re.findall(r"^  (exact FP32 matrixf|fast TF32 matrixf|FP64 matrix) +\| (.*)$", log, re.M)
    if [r[0] for r in rows] != ["exact FP32 matrixf", "fast TF32 matrixf", "FP64 matrix"]:
        problems.append(f"rows printed: {[r[0] for r in rows]}")
    for name, text in rows:
        timed = re.fullmatch(r"MatMul +\d+\.\d{3} ms \| mqlcl +\d+\.\d{3} ms \(first +\d+\.\d{3}; kernel \d+\.\d{3}, "
                             r"layout \d+\.\d{3}, upload \d+\.\d{3}, download \d+\.\d{3}, panels \d+, kernel \d+ \w+\) \| max \|diff\| \S+, relative \S+ "
                             r"\(bound \S+\) \| OK", text)
        if not (timed or (name == "FP64 matrix" and text.startswith("not available: "))):
            problems.append(f"{name}: {text}")
    return problems


def training_loss(log):
    """A training's 'loss at start', 'loss at end' and 'loss fell below THRESHOLD: OK' lines:
    (whether the three are there, problems), end < threshold < start."""
    start = re.search(r"^loss at start: (\d+\.\d+) ", log, re.M)
    end = re.search(r"^loss at end: (\d+\.\d+) ", log, re.M)
    below = re.search(r"^loss fell below (\d+\.\d+): (.*)$", log, re.M)
    if not (start and end and below):
        return False, ["no 'loss at start', 'loss at end' and 'loss fell below' lines"]
    if not (float(end.group(1)) < float(below.group(1)) < float(start.group(1)) and below.group(2) == "OK"):
        return True, [f"loss {start.group(1)} -> {end.group(1)}, threshold {below.group(1)}: {below.group(2)}"]
    return True, []


def mlp_training(log):
    """A multilayer perceptron trained through COpenCL: the loss at the start and the end (lower,
    under the script's threshold, its OK line), the predictions against a CPU forward pass OK,
    the steps per second printed (not judged)."""
    problems = [] if re.search(r"^mlp_training on .+: 3(-\d+)+ .*, \d+ epochs = \d+ steps, \d+ launches per step$", log, re.M) \
        else ["no 'mlp_training on ...: 3-H-...-1 ..., E epochs = S steps, L launches per step' line"]
    lines_found, loss = training_loss(log)
    if not lines_found:
        return problems + loss
    problems += loss
    if not re.search(r"^  predictions of the \d+ samples against a CPU forward pass .*\| OK$", log, re.M):
        problems.append("no OK line of the predictions against the CPU forward pass")
    if not re.search(r"^\d+ training steps in \d+\.\d{3} s: \d+\.\d steps per second", log, re.M):
        problems.append("no 'N training steps in T s: R steps per second' line")
    return problems


def runtime_semantics(log, at_least=30):
    """tests/mql5/selftest: the runtime against the MQL5 documentation, one OK per check."""
    checks = re.findall(r"^check (.+): (OK|WRONG.*)$", log, re.M)
    total = re.search(r"^checks: (\d+)$", log, re.M)
    problems = [f"{name}: {result}" for name, result in checks if result != "OK"]
    if not total or int(total.group(1)) != len(checks) or len(checks) < at_least:
        problems.append(f"{len(checks)} check lines, the script counted {total.group(1) if total else 'none'}")
    return problems


def matrix_semantics(log):
    """tests/mql5/selftest: the runtime's matrices against the MQL5 documentation."""
    return runtime_semantics(log, at_least=14)


def matrix_api(log):
    """tests/mql5/selftest: every matrix and vector method against the script's own loops; Print
    of a matrix and a vector as the terminal shows them (docs' examples: [[1,2]\n [3,4]])."""
    problems = runtime_semantics(log, at_least=156)
    for printed in ("printed matrix:\n[[1,2.5]\n [-3,4]]\n", "printed vector: [1,0.25,-2]\n", "\n[[0.5,1]\n [2,3]]\n",
                    "cols_quantile [5.5,6.5,7.5]\n", "rows_quantile [2,5,8,11]\n", "cols_ptp [9,8,10]\n",
                    "rows_ptp [8,11,2,4]\n"):
        if printed not in log:
            problems.append(f"no {printed!r} in the log")
    return problems


def harness_features(log):
    """tests/mql5/selftest: predefined constants, _LastError, const arrays into templates, resources."""
    return runtime_semantics(log, at_least=54)


def front_end(log):
    """tests/mql5/selftest: what public programs compiled by MetaEditor write (the preprocessor's
    macros and branches, C's integer spellings, m[r,c], arrays of classes with arrays, ...)."""
    return runtime_semantics(log, at_least=39)


def expert_bars(log):
    """tests/mql5/selftest: an Expert Advisor on the generated bars (the tester's events, the series,
    each indicator against its formula, a trade request refused and said once in the log)."""
    problems = runtime_semantics(log, at_least=36)
    said = re.findall(r"^automated trading is disabled: OrderSend refused \(retcode 10027, error 4752\)", log, re.M)
    return problems + ([] if len(said) == 1 else [f"the refused trade said {len(said)} times in the log, not once"])


def expert_indicators(log):
    """tests/mql5/selftest: the other built-in indicators against their formulas, IndicatorCreate,
    matrix::CopyRates, vector::CopyIndicatorBuffer."""
    return runtime_semantics(log, at_least=32)


def expert_custom(log):
    """tests/mql5/selftest: custom indicators by iCustom and IndicatorCreate(IND_CUSTOM) against their formula."""
    return runtime_semantics(log, at_least=9)


def library_functions(log):
    """tests/mql5/selftest: the reference's functions and methods the corpus asked for (files loaded
    and saved whole, file properties, the matrix classification and manipulations, structure packing)."""
    return runtime_semantics(log, at_least=30)


def expert_init_only(log):
    """tests/mql5/selftest: an Expert Advisor of OnInit and OnDeinit alone, run on the bars."""
    return runtime_semantics(log, at_least=3)


def expert_stop(log):
    """tests/mql5/selftest: an Expert Advisor stopped inside a chain of chart events gets no more."""
    return runtime_semantics(log, at_least=4)


def indicator_bars(log):
    """tests/mql5/selftest: a custom indicator on the generated bars (OnCalculate's calls and arrays)."""
    return runtime_semantics(log, at_least=8)


def matrix_decompositions(log):
    """tests/mql5/selftest: the decompositions and solvers, each against an independent reference."""
    return runtime_semantics(log, at_least=19)


def source_encodings(log):
    """tests/mql5/selftest: sources and string resources in UTF-16LE, UTF-8 and ANSI, CRLF and LF."""
    return runtime_semantics(log, at_least=12)


def language_features(log):
    """tests/mql5/selftest: classes, pointers, templates, the preprocessor; the one object the
    script leaves undeleted is reported after its end, as the terminal reports it."""
    problems = runtime_semantics(log, at_least=56)
    for line in ("1 undeleted objects left", "1 object of type CCircle left"):
        if not re.search(rf"^{line}$", log, re.M):
            problems.append(f"no '{line}' line after the end")
    return problems


def program_idioms(log):
    """tests/mql5/selftest: what public programs write (EnumToString, enumerations in text, temporaries
    to matrix&/vector&, the sandbox's file functions, C++ words as names ...); Print of an
    enumeration shows its number (docs: Print), a datetime its date and time (docs: Typecasting), a color its name or R,G,B (MQL5 book: Color)."""
    problems = runtime_semantics(log, at_least=64)
    for line in ("printed enum 6 1", "printed CheckPointer 0", "printed datetime 2024.01.02 03:04:05",
                 "printed color clrYellow 136,85,1"):
        if not re.search(rf"^{line}$", log, re.M):
            problems.append(f"no '{line}' line")
    return problems


def neural_net(log):
    """tests/mql5/programs/neural_net: the OpenCL path's matrices against the CPU path's (every check OK,
    the largest relative difference within the bound of its TYPE: 1e-9 double, 1e-4 float), the
    cross-entropy at the start and the end of the training (lower, under the program's threshold), the
    steps per second printed (not judged). A device without cl_khr_fp64 skips the double program."""
    if re.search(r"^CNNOpenCL::Create: .+ has no cl_khr_fp64", log, re.M) and "TYPE double" in log:
        return []
    problems = runtime_semantics(log, at_least=88)
    head = re.search(r"^neural_net \(TYPE (double|float)\) on .+: (\d+) kernels, ", log, re.M)
    if not head or int(head.group(2)) < 20:
        return problems + ["no 'neural_net (TYPE ...) on DEVICE: N kernels' line with N >= 20"]
    bound = 1e-9 if head.group(1) == "double" else 1e-4
    grad = re.search(r"^gradient check \(TYPE (\w+)\): (\d+) matrices, largest rel = max\|opencl - cpu\| / max\|cpu\| (\S+), "
                     r"bound (\S+)$", log, re.M)
    if not grad or grad.group(1) != head.group(1) or int(grad.group(2)) < 88 or not float(grad.group(3)) <= bound \
            or float(grad.group(4)) != bound:
        problems.append(f"gradient check line {grad.group(0) if grad else None!r}: not {head.group(1)}'s bound {bound:.0e}")
    lines_found, loss = training_loss(log)
    if not lines_found:
        return problems + loss
    problems += loss
    if not re.search(r"^\d+ training steps in \d+\.\d{3} s: \d+\.\d steps per second$", log, re.M):
        problems.append("no 'N training steps in T s: R steps per second' line")
    return problems + ([] if re.search(r"^neural_net: 0 wrong$", log, re.M) else ["no 'neural_net: 0 wrong' line"])


def expectations(name, log):
    if name in ("neural_net", "neural_net_float"):
        return neural_net(log)
    if name in ("front_end", "matrix_decompositions", "expert_bars", "expert_init_only", "expert_stop", "expert_indicators", "expert_custom", "library_functions", "indicator_bars", "runtime_semantics", "language_features", "program_idioms", "matrix_semantics", "matrix_api", "harness_features", "source_encodings", "gemm_matrix", "matr_mul_2dim", "report_kernels", "lab_tiles", "transpose_local", "dia_spmv", "mqlcl_devices",
                "tensor_stages", "mlp_training"):
        return globals()[name](log)
    if name.startswith("matr_mul_"):
        return article_stage(name, log)
    if name in SELF_CHECKING:
        return self_checking(name, log)
    if name == "opencl_overhead":  # timings are reported, never judged here: the rows and their checks
        return sweep_rows(log, 2)
    if name.startswith("article_"):
        return article_listing(name, log)
    if name == "runtime_library":
        return runtime_library(log)
    if name in CHECK_LINES:
        return check_lines(name, log)
    return None  # none of its own: a user's program (--scripts); the project's own must have some


# Self-tests that print "check WHAT: OK" (or WRONG) for each check: how many they make.
CHECK_LINES = {"wrapper_bounds": 7, "wrapper_gemm": 51}


def check_lines(name, log):
    oks = len(re.findall(r"^check .*: OK$", log, re.M))
    return [] if oks >= CHECK_LINES[name] else [f"{oks} 'check ...: OK' lines, expected {CHECK_LINES[name]}"]


# Programs that try failure paths on purpose and check each outcome themselves ("OK" / "WRONG"
# lines, then "NAME: N wrong"): the messages of the failures they provoke are expected.
SELF_CHECKING = {"opencl_builtins": 45, "opencl_class": 29, "opencl_sort_fft": 2, "opencl_errors": 49}  # name: OK lines at least (without FP64: its checks skip; with a GPU, opencl_errors' CL_USE_GPU_ONLY failure is not tried)


# Arguments a self-test runs with: expert_stop is stopped by the user at its 5th IsStopped() call.
SCRIPT_ARGS = {"expert_stop": ["--stop-after=5"]}
# opencl_errors makes a launch fail on the device (mqlcl_test_control) and must say it checked it.
MUST_PRINT = {"opencl_errors": "failed launch: checked"}


def self_checking(name, log):
    oks = len(re.findall(r"^OK {5}", log, re.M))
    problems = [] if oks >= SELF_CHECKING[name] else [f"{oks} OK lines, expected at least {SELF_CHECKING[name]}"]
    if name in MUST_PRINT and not re.search(rf"^{MUST_PRINT[name]}$", log, re.M):
        problems.append(f"no '{MUST_PRINT[name]}' line")
    return problems + ([] if re.search(rf"^{name}: 0 wrong$", log, re.M) else [f"no '{name}: 0 wrong' line"])


def runtime_library(log):
    """tests/mql5/selftest: StringFormat, predefined macros, Math*, Array*, String*, time and binary file
    functions; ArrayPrint's lines (docs: ArrayPrint: _Digits digits, the separator given, aligned with
    ARRAYPRINT_ALIGN)."""
    problems = runtime_semantics(log, at_least=140)
    for line in ("1.50000 -2.25000 10.00000", "  7,-30,200"):
        if not re.search(rf"^{re.escape(line)}$", log, re.M):
            problems.append(f"no ArrayPrint line '{line}'")
    return problems


def generic(log, rc, name="", kind="script", err=""):
    """What every run must show: exit 0, no critical error, no failed call, no WRONG; a script
    prints something or shows it on the chart: a Comment() (the terminal's Mandelbrot sample
    reports its frame time only so) or its images and objects (its Seascape sample draws only;
    the harness keeps them and says so on stderr); an Expert Advisor or an indicator may say
    nothing: its results are its buffers and trades, which the harness reports."""
    problems = [] if rc == 0 else [f"exit code {rc}"]
    for bad in ("critical error", " failed (", "WRONG", "cannot load", "cannot find"):
        if bad == " failed (" and name in SELF_CHECKING:
            continue
        if bad in log:
            problems.append(f"'{bad}' in the log")
    shown = "\nchart comment: " in "\n" + err or "the other chart functions: the harness has no chart" in err
    if not log.strip() and kind == "script" and not shown:
        problems.append("printed nothing")
    return problems


#---------------------------------------------------------------------------------------------
class Target:
    def __init__(self, name, cxx, lib_dir, exe_suffix, link, runner, env):
        self.name, self.cxx, self.lib_dir, self.suffix = name, cxx, lib_dir, exe_suffix
        self.link, self.runner, self.env = link, runner, env


def runtime_compile_command(target, src, obj):
    """The command that compiles one file of the MQL5 runtime for a target (common/: utf16.hpp; the
    Windows build's Eigen: its object has more sections than COFF's default)."""
    extra = [f"-I{EIGEN}", "-Wa,-mbig-obj"] if target.suffix else []
    return target.cxx + CXX_FLAGS + [f"-I{HERE / 'runtime'}", f"-I{HERE.parent.parent / 'common'}", *extra, "-c",
                                     str(HERE / "runtime" / src), "-o", str(obj)]


def runtime_objects(target, build):
    """The MQL5 runtime compiled for a target, once per build tree (BUILD/mql5-runtime): every
    run_scripts.py of the test command (the scripts, the article's listings, the release package)
    and the mutation test link the same objects; a file of the runtime newer than them compiles
    them again."""
    folder = Path(build).resolve() / "mql5-runtime"
    folder.mkdir(parents=True, exist_ok=True)
    newest = max(f.stat().st_mtime for f in (HERE / "runtime").iterdir())
    objs = []
    for src in RUNTIME_SOURCES:
        obj = folder / (src[:-4] + ".o")
        if not obj.exists() or obj.stat().st_mtime < newest:
            rc, o, e = sh(runtime_compile_command(target, src, obj), timeout=900)
            if not expect(rc == 0, f"{target.name}: runtime {src} compiled", (o + e)[-2000:]):
                obj.unlink(missing_ok=True)
        objs.append(str(obj))
    return objs


def compile_one(target, cpp, out, runtime_objs, include_dirs, cwd):
    """Compiles in cwd, where the translator ran (the #line paths are relative to it)."""
    cmd = target.cxx + CXX_FLAGS + [f"-I{d}" for d in include_dirs] + [str(cpp)] + runtime_objs + \
        ["-o", str(out)] + target.link
    rc, o, e = sh(cmd, env=dict(os.environ, LC_ALL="C"), cwd=cwd, timeout=600)
    # A macro of mqlcl_api.mqh redefined by mqlcl.h with another value: the constants drifted.
    if rc == 0 and re.search(r"warning: \"?\w+\"? redefined", e):
        return 1, e
    return rc, o + e


def stop_all(scripts, scripts_dir, include_dir, whole_runs, native, mqlcl_dir=None):
    """stop_test.py on every script of mql5/Scripts and tests/mql5/programs whose whole native run passed."""
    for s in scripts:
        if s.parent == HERE / "selftest":
            print(f"[SKIP] stop test: {s.stem}.mq5: a self-test of the harness, not a user's script")
            continue
        if s.stem not in whole_runs:
            continue  # its whole run failed above (or it is not one of ours): nothing to compare a stopped run with
        exe, log, err, declared = whole_runs[s.stem]

        def run(args, timeout, exe=exe):
            return sh(native.runner + [str(exe)] + args, env=native.env, cwd=exe.parent, timeout=timeout)
        skipped, outcomes = stop_test.check_script(s.stem, s, include_dir, run, log, err, declared, mqlcl_dir)
        if skipped:
            print(f"[SKIP] stop test: {s.stem}.mq5: {skipped}")
        for what, problems, out in outcomes:
            expect(not problems, f"stop test: {what}: exits 0, says it stopped, frees its context",
                   "; ".join(problems) + "\n" + out[-1500:])


def program_names(scripts):
    """{path: name} of the programs: the file's stem, with as many of its folders as make it unique
    where two share it (a sample in Double/FFT.mq5 and Float/FFT.mq5: Double_FFT, Float_FFT)."""
    def named(path, k):
        folders = path.parent.parts[len(path.parent.parts) - k:] if k else ()
        return "_".join([re.sub(r"\W+", "_", f) for f in folders] + [path.stem])
    out = {}
    for s in scripts:
        twins, k = [t for t in scripts if t.stem == s.stem], 0
        while len({named(t, k) for t in twins}) < len(twins) and k < len(s.parts):
            k += 1
        out[s] = named(s, k)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("--native", type=Path, required=True)
    ap.add_argument("--mingw", type=Path)
    ap.add_argument("--dll", type=Path, help="the mqlcl.dll of the Windows target (default MINGW/dll/mqlcl.dll)")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--work", type=Path)
    ap.add_argument("--scripts", type=Path, nargs="+",
                    help="programs (.mq5) or folders of them, run alone (default: ROOT/mql5/Scripts/mqlcl and the harness's own)")
    ap.add_argument("--bars", type=Path, help="the bars an Expert Advisor or indicator runs on (the terminal's export of a "
                    "symbol's bars; default: a generated EURUSD_H1.csv of 600 bars)")
    ap.add_argument("--stop-after", type=int, help="the user stops each program at its K-th IsStopped() call "
                    "(a program that runs until stopped: an animation, a service)")
    ap.add_argument("--set", nargs="*", default=[], metavar="INPUT=VALUE",
                    help="values of the programs' inputs (given to each program that declares the input)")
    ap.add_argument("--include-dir", type=Path, help="a terminal's MQL5/Include folder (default ROOT/mql5/Include); "
                    "ROOT/mql5/Include is searched after it (first for mqlcl/...)")
    ap.add_argument("--mutations", action="store_true", help="then the mutation test (test_mutations.py)")
    ap.add_argument("--no-stop-test", action="store_true", help="skip stop_test.py (programs that are not ours)")
    a = ap.parse_args()
    root = a.root.resolve()
    scripts_dir = root / "mql5/Scripts/mqlcl"
    include_dir = (a.include_dir or root / "mql5/Include").resolve()
    header = root / "dll/include/mqlcl.h"
    work = (a.work or a.native / "mql5-scripts").resolve()
    SGEMM_STAGES.update(sgemm_stages((a.native / "dll/libmqlcl.so").resolve()))
    work.mkdir(parents=True, exist_ok=True)
    # --scripts: the caller's own programs alone; else the project's scripts, selftests and programs
    given = [q.resolve() for q in a.scripts or []]
    found = [f for q in given for f in (sorted(q.rglob("*.mq5")) if q.is_dir() else [q])] if a.scripts else \
        [*scripts_dir.rglob("*.mq5"), *(HERE / "selftest").glob("*.mq5"), *(HERE / "programs").glob("*/*.mq5")]
    scripts = sorted(p for p in found if not a.only or p.stem in a.only)
    names = program_names(scripts)
    bars = (a.bars or bars_file(work / "EURUSD_H1.csv")).resolve()
    inputs = dict(v.split("=", 1) for v in a.set)
    expect(len(scripts) >= 1, f"{len(scripts)} MQL5 scripts found (mql5/Scripts/mqlcl, tests/mql5/selftest and programs)")

    targets = [Target("native", NATIVE_CXX, (a.native / "dll").resolve(), "", NATIVE_LINK, [],
                      dict(os.environ, LD_LIBRARY_PATH=str((a.native / "dll").resolve())))]
    own_prefix = None
    if a.mingw:
        env = dict(os.environ, WINEDEBUG="-all")
        if "WINEPREFIX" not in env:
            own_prefix = tempfile.mkdtemp(prefix="mqlcl-mql5-wine.")
            env["WINEPREFIX"] = own_prefix
        targets.append(Target("Windows/Wine", MINGW_CXX, (a.mingw / "dll").resolve(), ".exe", MINGW_LINK, ["wine"], env))

    # The front end on small sources first (the preprocessor, the model): Python only.
    rc, out, err = sh([sys.executable, str(HERE / "test_frontend.py")], cwd=root)
    expect(rc == 0, "the front end's own tests (test_frontend.py)", (out + err)[-3000:])
    # Translate (one C++ file per script serves both targets).
    cpps, uses, indicator_exes = {}, {}, {}  # uses: program -> {key: executable name} of its iCustom indicators

    def translated(source, name):
        cpp = work / f"{name}.cpp"
        rc, out, err = sh([sys.executable, str(HERE / "translate.py"), str(source), "--include-dir", str(include_dir),
                           "--mqlcl-include", str(root / "mql5/Include"), "--out", str(cpp), "--header", str(header),
                           "--indicators-out", str(cpp.with_suffix(".indicators"))], cwd=root)
        if not expect(rc == 0, f"{name}.mq5 translated (lint clean)", err.strip()):
            return None
        keys = dict(line.split("\t", 1) for line in cpp.with_suffix(".indicators").read_text().splitlines())
        uses[name] = {}
        for key, path in keys.items():  # each custom indicator compiled once, with those it names
            if path not in indicator_exes:
                indicator_exes[path] = f"icustom-{len(indicator_exes)}-{Path(path).stem.replace(' ', '_')}"
                if translated(path, indicator_exes[path]):
                    cpps[indicator_exes[path]] = work / f"{indicator_exes[path]}.cpp"
            uses[name][key] = indicator_exes[path]
        return cpp

    for s in scripts:
        cpp = translated(s, names[s])
        if cpp:
            cpps[names[s]] = cpp

    # The runtime, once per target; then the scripts, two compilers at a time.
    include_dirs = [HERE / "runtime", root / "dll/include"]
    jobs = []
    for t in targets:
        tdir = work / t.name.replace("/", "-")
        tdir.mkdir(exist_ok=True)
        objs = runtime_objects(t, a.native if not t.suffix else a.mingw)
        if t.suffix and (a.dll or t.lib_dir.is_dir()):
            shutil.copy2(a.dll or t.lib_dir / "mqlcl.dll", tdir / "mqlcl.dll")  # LoadLibraryW finds it beside the exe
        for name, cpp in cpps.items():
            jobs.append((t, name, cpp, tdir / (name + t.suffix), objs))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda j: (j, compile_one(j[0], j[2], j[3], j[4], include_dirs, root)), jobs))

    whole_runs = {}  # native: name -> (exe, log, stderr, declared inputs) for the stop test
    for (t, name, cpp, exe, objs), (rc, log) in results:
        if not expect(rc == 0, f"{t.name}: {name}.mq5 compiled", log.strip()[-3000:]):
            continue
        if name in indicator_exes.values():
            continue  # run by the programs that name it (iCustom)
        kind, out = query(t, exe, "--kind"), query(t, exe, "--inputs")
        if kind is None or out is None:
            expect(False, f"{t.name}: {name}.mq5 says its kind and inputs",
                   "--kind / --inputs failed three times: it is not run with inputs it was not given")
            continue
        declared = re.findall(r"^--(\w+)=", out, re.M)
        args = [f"--{k}={inputs[k] if k in inputs else SMALL[k]}" for k in declared if k in SMALL or k in inputs]
        if kind.strip() in ("expert", "indicator") or a.bars:  # they run on bars, as in the strategy tester
            args.append(f"--bars={bars}")
        if a.stop_after:  # a program that runs until the user stops it
            args.append(f"--stop-after={a.stop_after}")
        if uses.get(name):  # its custom indicators, by the names its iCustom calls give them
            table = exe.parent / f"{name}.indicators"
            table.write_text("".join(f"{k}\t{v}{t.suffix}\n" for k, v in uses[name].items()))
            args.append(f"--indicators={table.name}")
        args += SCRIPT_ARGS.get(name, [])
        rc, log, err = sh(t.runner + [str(exe)] + args, env=t.env, cwd=exe.parent)
        log = log.replace("\r\n", "\n")
        own = expectations(name, log)
        if own is None:
            own = [] if a.scripts else [f"no expectations of its own: {name} needs a check in run_scripts.py's expectations()"]
        problems = generic(log, rc, name, kind.strip(), err) + own
        handles = stop_test.harness_value(err, "mqlcl.dll live handles at exit")
        if handles not in (0, None):
            problems.append(f"{handles} mqlcl.dll handles alive at exit")
        if not problems and not t.suffix and kind.strip() == "script":  # the stop test stops scripts
            whole_runs[name] = (exe, log, err, declared)
        expect(not problems, f"{t.name}: {name}.mq5 {' '.join(args)} runs and prints correct results",
               "; ".join(problems) + "\n" + (log + err)[-1500:])
    if not a.no_stop_test:
        stop_all(scripts, scripts_dir, include_dir, whole_runs, targets[0], root / "mql5/Include")
    if own_prefix:
        sh(["wineserver", "-k"], env=targets[-1].env)
        shutil.rmtree(own_prefix, ignore_errors=True)
    if a.mutations:
        import test_mutations
        test_mutations.run(root, a.native, work / "mutations")
    return finish("mql5 scripts" + (" and mutations" if a.mutations else ""))


if __name__ == "__main__":
    raise SystemExit(main())
