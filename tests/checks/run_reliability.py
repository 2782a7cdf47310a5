#!/usr/bin/env python3
"""The library never takes the terminal down: the GoogleTest suite under ASan+UBSan (with
LeakSanitizer) and under TSan, the ABI fuzzer, create/free cycles with failing calls mixed
in (memory and handles before/after), threads on own and shared contexts with every result
checked, and a process with no OpenCL runtime at all.
Short forms run in CI; --long runs the figures of docs/reliability.md.
Usage: run_reliability.py ROOT [--long]"""
import os
import re
from concurrent.futures import ThreadPoolExecutor
import sys
import tempfile
from pathlib import Path

from common import expect, finish, run

LONG = "--long" in sys.argv
# The CI fuzz step: inputs executed in all (the committed corpus first), about 1.5 min on 2 cores.
FUZZ_CI_RUNS = 3000
FUZZ_LONG_SECONDS = 1800
# No leak check in the fuzzer: PoCL builds its LLVM compiler state lazily, on the first kernel
# build, and keeps it past exit (seen: a 16-byte object allocated in libpocl owning 1.5 MB of
# libLLVM allocations). libFuzzer's per-input check and LSan's check at exit both report it,
# on whichever input happens to build first — a verdict about the driver, not the library.
# The library's own leaks are checked where they mean something: LSan over the GoogleTest
# suite, and the create/free cycles (live handles and resident memory before and after).
FUZZ_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=0",
                UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")


def main():
    root = Path(sys.argv[1])
    b = root / "build"
    san_env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0",
                   UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1", TSAN_OPTIONS="halt_on_error=1")

    # The two suites at once: each runs its tests one after the other, so together they keep
    # both cores busy. They must share no file: TSan's run gets its own temporary folder (the
    # tests' own tuning files and sources live there; each tree has its own default tuning file
    # beside its library). ASan's keeps the system's, as the native suite before it: PoCL's
    # kernel cache then holds every program it builds, and PoCL's compiler (LLVM), which LSan
    # would report as leaking, never runs inside it.
    suites = (("ASan+UBSan+LSan", b / "asan/tests/mqlcl_tests", False), ("TSan", b / "tsan/tests/mqlcl_tests", True))

    def run_suite(suite):
        name, exe, own_tmp = suite
        if not own_tmp:
            return run([str(exe), "--gtest_brief=1"], env=san_env, timeout=3600)
        with tempfile.TemporaryDirectory(prefix="mqlcl-suite-") as tmp:
            return run([str(exe), "--gtest_brief=1"], env=dict(san_env, TMPDIR=tmp), timeout=3600)

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run_suite, suites))
    for (name, _, _), (rc, out, err) in zip(suites, results):
        passed = re.search(r"\[  PASSED  \] (\d+) tests", out)
        reports = re.findall(r"(ERROR: \w+Sanitizer|WARNING: ThreadSanitizer|runtime error:)", out + err)
        expect(rc == 0 and passed and not reports,
               f"GoogleTest suite under {name}: {passed.group(1) if passed else '?'} tests, {len(reports)} reports",
               (out + err)[-1500:])

    threads, seconds = (8, 300) if LONG else (4, 10)
    rc, out, err = run([str(b / "tsan/tests/mqlcl_soak"), "threads", str(threads), str(seconds)], env=san_env, timeout=3600)
    print(out.strip())
    expect(rc == 0 and "threads: OK" in out and "ThreadSanitizer" not in err,
           f"TSan: {threads}+{threads} threads for {seconds} s, every result checked", (out + err)[-1500:])

    cycles = 10000 if LONG else 500
    rc, out, err = run([str(b / "native/tests/mqlcl_soak"), "cycles", str(cycles)], timeout=7200)
    print(out.strip())
    expect(rc == 0 and "cycles: OK" in out, f"{cycles} create/upload/run/read/free cycles with failing calls: "
           "no handle or memory growth", out[-1000:])
    threads, seconds = (8, 300) if LONG else (8, 15)
    rc, out, err = run([str(b / "native/tests/mqlcl_soak"), "threads", str(threads), str(seconds)], timeout=3600)
    print(out.strip())
    expect(rc == 0 and "threads: OK" in out, f"{threads}+{threads} threads for {seconds} s, every result checked", out[-1000:])

    # Inputs that once found a bug run first, every time.
    fuzzer = str(b / "fuzz/tests/fuzz/mqlcl_fuzz_abi")
    regressions = sorted(str(f) for f in (root / "tests/fuzz/regressions").glob("*") if f.suffix != ".md")
    rc, out, err = run([fuzzer, *regressions], env=FUZZ_ENV, timeout=600)
    expect(rc == 0 and regressions, f"fuzzer regressions ({len(regressions)} inputs) pass", err[-1500:])

    # CI: the committed corpus, then a fixed number of inputs generated from a fixed seed — the
    # same inputs on every machine, however fast (a time bound would make the set of inputs, and
    # so the verdict, depend on the machine). --long fuzzes open-ended, bounded by time.
    with tempfile.TemporaryDirectory() as new_inputs:  # the first folder gets what the run adds
        bound = [f"-max_total_time={FUZZ_LONG_SECONDS}", "-seed=7"] if LONG else [f"-runs={FUZZ_CI_RUNS}", "-seed=1"]
        artifacts = b / "fuzz/artifacts"  # a crashing input is kept here (its bytes are also in the log)
        artifacts.mkdir(parents=True, exist_ok=True)
        rc, out, err = run([fuzzer, *bound, "-max_len=1024", "-detect_leaks=0", "-rss_limit_mb=6144",
                            f"-artifact_prefix={artifacts}/", "-print_final_stats=1", new_inputs,
                            str(root / "tests/fuzz/corpus")],
                           env=FUZZ_ENV, timeout=FUZZ_LONG_SECONDS + 1800 if LONG else 3600)
    runs = re.search(r"stat::number_of_executed_units:\s*(\d+)", err)
    calls = re.search(r"(\d+) ABI call groups executed", err)
    crashed = re.search(r"(==\d+==ERROR|deadly signal|runtime error:|SUMMARY: \w+Sanitizer)", err)
    what = f"{FUZZ_LONG_SECONDS} s, seed 7" if LONG else f"{FUZZ_CI_RUNS} inputs, the corpus's first, seed 1"
    print(f"fuzzer: {what}: {runs.group(1) if runs else '?'} inputs, {calls.group(1) if calls else '?'} calls")
    expect(rc == 0 and runs and (LONG or int(runs.group(1)) == FUZZ_CI_RUNS) and not crashed,
           f"ABI fuzzer under ASan+UBSan ({what}): no crash", err[-2000:])

    # The transport's ring reader against what a hostile peer leaves in shared memory: no device,
    # a fixed seed and count as above (about 4 s).
    ring_bound = [f"-max_total_time={FUZZ_LONG_SECONDS}", "-seed=7"] if LONG else ["-runs=100000", "-seed=1"]
    with tempfile.TemporaryDirectory() as new_inputs:
        rc, out, err = run([str(b / "fuzz/tests/fuzz/mqlcl_fuzz_ring"), *ring_bound, "-max_len=512",
                            f"-artifact_prefix={artifacts}/", new_inputs], env=FUZZ_ENV,
                           timeout=FUZZ_LONG_SECONDS + 600 if LONG else 600)
    crashed = re.search(r"(==\d+==ERROR|deadly signal|runtime error:|SUMMARY: \w+Sanitizer)", err)
    expect(rc == 0 and not crashed, f"ring fuzzer under ASan+UBSan ({' '.join(ring_bound)}): no crash", err[-2000:])

    # The GPU server's requests from a hostile client (server/client_session.*, on the CPU
    # device): a fixed seed and count as above. Each input's session makes a context of its own
    # (queues, its placement line): about 36 ms an input on 2 cores, so 3000 inputs take 2 minutes.
    requests_bound = [f"-max_total_time={FUZZ_LONG_SECONDS}", "-seed=7"] if LONG else ["-runs=3000", "-seed=1"]
    with tempfile.TemporaryDirectory() as new_inputs:
        rc, out, err = run([str(b / "fuzz/tests/fuzz/mqlcl_fuzz_requests"), *requests_bound, "-max_len=2048",
                            "-rss_limit_mb=6144", f"-artifact_prefix={artifacts}/", new_inputs], env=FUZZ_ENV,
                           timeout=FUZZ_LONG_SECONDS + 600 if LONG else 600)
    crashed = re.search(r"(==\d+==ERROR|deadly signal|runtime error:|SUMMARY: \w+Sanitizer)", err)
    expect(rc == 0 and not crashed, f"server request fuzzer under ASan+UBSan ({' '.join(requests_bound)}): no crash",
           err[-2000:])

    with tempfile.TemporaryDirectory() as empty:  # an ICD loader with no driver behind it
        rc, out, err = run([str(b / "native/host/mqlcl-host"), "devices"], env=dict(os.environ, OCL_ICD_VENDORS=empty))
    expect(rc == 2 and "[-9]" in err and "no OpenCL platform" in err,
           "no OpenCL driver at all: MQLCL_ERR_NO_OPENCL with the cause, no crash", f"rc={rc} {err[-300:]}")
    return finish("reliability")


if __name__ == "__main__":
    raise SystemExit(main())
