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
import time
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
# What a fuzzer's output says when an input crashed it or a sanitizer reported.
FUZZ_CRASHED = re.compile(r"(==\d+==ERROR|deadly signal|runtime error:|SUMMARY: \w+Sanitizer)")
# A sanitizer's report in a suite's output.
SANITIZER_REPORT = re.compile(r"(ERROR: \w+Sanitizer|WARNING: ThreadSanitizer|runtime error:)")


# Each check is a job: it runs its commands (on a worker) and returns what reports its verdict
# (run afterwards, in the listed order, so the log reads the same however the jobs interleave).
# Three at a time keep both cores of the CI machine busy (the suites' tests wait on processes
# and servers part of the time).
WORKERS = 3
# The sanitizer suites are the longest jobs: their tests split (GoogleTest's sharding).
ASAN_SHARDS = 2
TSAN_SHARDS = 3
# What LeakSanitizer prints where its own tracer crashed at exit (seen after every test of a shard
# had passed, in the first run of one ASan shard on fresh clones with an empty PoCL cache): no
# leak report, no verdict on the library. Such a shard runs once more, and that run decides.
# The cause, in the sanitizer runtimes of GCC up to 13 and LLVM up to 16: their __tls_get_addr
# interceptor takes a dynamic TLS block (PoCL and LLVM, loaded at run time, have them) that
# happens to start at a particular offset in its page for one with glibc's pre-2.25 header, and
# the tracer reads through the words before it; intercept_tls_get_addr=0 turns that off.
LSAN_TRACER_CRASHED = re.compile(r"Tracer caught signal \d+.*\n.*LeakSanitizer has encountered a fatal error")


def main():
    root = Path(sys.argv[1])
    b = root / "build"
    # LeakSanitizer leaves what PoCL allocates itself (its compiler's state: the file says why).
    lsan = f"suppressions={(root / 'tests/checks/lsan-suppressions.txt').resolve()}:print_suppressions=0"
    san_env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:intercept_tls_get_addr=0",
                   LSAN_OPTIONS=lsan,
                   UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1", TSAN_OPTIONS="halt_on_error=1")

    # A suite's tests run one after the other, a shard of them in each job. Jobs that run at once
    # must share no file: each TSan shard gets its own temporary folder (the tests' own tuning
    # files and sources live there; each tree has its own default tuning file beside its
    # library). ASan's shards keep the system's, as the native suite before them (whose tests,
    # run in parallel there, name their files per test). Returns rc, out, err and whether LSan's
    # tracer crashed in a first run.
    def suite_run(exe, shard, shards, own_tmp):
        with tempfile.TemporaryDirectory(prefix="mqlcl-suite-") as tmp:
            env = dict(san_env, GTEST_TOTAL_SHARDS=str(shards), GTEST_SHARD_INDEX=str(shard))
            if own_tmp:
                env["TMPDIR"] = tmp
            command = [str(exe), "--gtest_brief=1"]
            rc, out, err = run(command, env=env, timeout=3600)
            crashed = bool(LSAN_TRACER_CRASHED.search(err)) and not SANITIZER_REPORT.search(out + err)
            if crashed:
                rc, out, err = run(command, env=env, timeout=3600)
            return rc, out, err, crashed

    def suite_verdict(name, results):
        tests, reports, ok, tail, again = 0, 0, True, "", []
        for shard, (rc, out, err, crashed) in enumerate(results):
            passed = re.search(r"\[  PASSED  \] (\d+) tests", out)
            found = SANITIZER_REPORT.findall(out + err)
            tests += int(passed.group(1)) if passed else 0
            reports += len(found)
            if crashed:
                again.append(str(shard))
            if rc != 0 or not passed or found:
                ok, tail = False, tail + (out + err)[-1500:]
        note = f" (LeakSanitizer's tracer crashed at exit in shard {', '.join(again)}: run again)" if again else ""
        return lambda: expect(ok, f"GoogleTest suite under {name}: {tests} tests, {reports} reports{note}", tail)

    def asan_shard(shard):
        return lambda: suite_run(b / "asan/tests/mqlcl_tests", shard, ASAN_SHARDS, own_tmp=False)

    def tsan_shard(shard):
        return lambda: suite_run(b / "tsan/tests/mqlcl_tests", shard, TSAN_SHARDS, own_tmp=True)

    # Threads on own and shared contexts, every result checked: in the TSan tree (no report
    # either) or the native one.
    def soak_threads(tree, threads, seconds):
        tsan = tree == "tsan"
        rc, out, err = run([str(b / tree / "tests/mqlcl_soak"), "threads", str(threads), str(seconds)],
                           env=san_env if tsan else None, timeout=3600)
        detail = (out + err)[-1500:] if tsan else out[-1000:]

        def report():
            print(out.strip())
            expect(rc == 0 and "threads: OK" in out and not (tsan and "ThreadSanitizer" in err),
                   f"{'TSan: ' if tsan else ''}{threads}+{threads} threads for {seconds} s, every result checked", detail)
        return report

    def tsan_threads():
        return soak_threads("tsan", *((8, 300) if LONG else (4, 10)))

    def cycles():
        count = 10000 if LONG else 500
        rc, out, err = run([str(b / "native/tests/mqlcl_soak"), "cycles", str(count)], timeout=7200)

        def report():
            print(out.strip())
            expect(rc == 0 and "cycles: OK" in out, f"{count} create/upload/run/read/free cycles with failing calls: "
                   "no handle or memory growth", out[-1000:])
        return report

    def native_threads():
        return soak_threads("native", *((8, 300) if LONG else (8, 15)))

    fuzzer = str(b / "fuzz/tests/fuzz/mqlcl_fuzz_abi")
    artifacts = b / "fuzz/artifacts"  # a crashing input is kept here (its bytes are also in the log)
    artifacts.mkdir(parents=True, exist_ok=True)

    def abi_fuzzer():
        # Inputs that once found a bug run first, every time.
        regressions = sorted(str(f) for f in (root / "tests/fuzz/regressions").glob("*") if f.suffix != ".md")
        rc_r, _, err_r = run([fuzzer, *regressions], env=FUZZ_ENV, timeout=600)
        # CI: the committed corpus, then a fixed number of inputs generated from a fixed seed —
        # the same inputs on every machine, however fast (a time bound would make the set of
        # inputs, and so the verdict, depend on the machine). --long fuzzes open-ended, bounded
        # by time.
        with tempfile.TemporaryDirectory() as new_inputs:  # the first folder gets what the run adds
            bound = [f"-max_total_time={FUZZ_LONG_SECONDS}", "-seed=7"] if LONG else [f"-runs={FUZZ_CI_RUNS}", "-seed=1"]
            rc, out, err = run([fuzzer, *bound, "-max_len=1024", "-detect_leaks=0", "-rss_limit_mb=6144",
                                f"-artifact_prefix={artifacts}/", "-print_final_stats=1", new_inputs,
                                str(root / "tests/fuzz/corpus")],
                               env=FUZZ_ENV, timeout=FUZZ_LONG_SECONDS + 1800 if LONG else 3600)
        runs = re.search(r"stat::number_of_executed_units:\s*(\d+)", err)
        calls = re.search(r"(\d+) ABI call groups executed", err)
        crashed = FUZZ_CRASHED.search(err)
        what = f"{FUZZ_LONG_SECONDS} s, seed 7" if LONG else f"{FUZZ_CI_RUNS} inputs, the corpus's first, seed 1"

        def report():
            expect(rc_r == 0 and regressions, f"fuzzer regressions ({len(regressions)} inputs) pass", err_r[-1500:])
            print(f"fuzzer: {what}: {runs.group(1) if runs else '?'} inputs, {calls.group(1) if calls else '?'} calls")
            expect(rc == 0 and runs and (LONG or int(runs.group(1)) == FUZZ_CI_RUNS) and not crashed,
                   f"ABI fuzzer under ASan+UBSan ({what}): no crash", err[-2000:])
        return report

    # A fuzzer without a corpus: a fixed seed and count as above (--long: open-ended, by time).
    def fuzz_from_nothing(name, label, ci_runs, options):
        bound = [f"-max_total_time={FUZZ_LONG_SECONDS}", "-seed=7"] if LONG else [f"-runs={ci_runs}", "-seed=1"]
        with tempfile.TemporaryDirectory() as new_inputs:
            rc, out, err = run([str(b / "fuzz/tests/fuzz" / name), *bound, *options, f"-artifact_prefix={artifacts}/",
                                new_inputs], env=FUZZ_ENV, timeout=FUZZ_LONG_SECONDS + 600 if LONG else 600)
        crashed = FUZZ_CRASHED.search(err)
        return lambda: expect(rc == 0 and not crashed, f"{label} under ASan+UBSan ({' '.join(bound)}): no crash",
                              err[-2000:])

    def ring_fuzzer():
        # The transport's ring reader against what a hostile peer leaves in shared memory: no
        # device (about 4 s).
        return fuzz_from_nothing("mqlcl_fuzz_ring", "ring fuzzer", 100000, ["-max_len=512"])

    def request_fuzzer():
        # The GPU server's requests from a hostile client (server/client_session.*, on the CPU
        # device). Each input's session makes a context of its own (queues, its placement
        # line): about 36 ms an input on 2 cores, so 3000 inputs take 2 minutes.
        return fuzz_from_nothing("mqlcl_fuzz_requests", "server request fuzzer", 3000,
                                 ["-max_len=2048", "-rss_limit_mb=6144"])

    def no_opencl():
        with tempfile.TemporaryDirectory() as empty:  # an ICD loader with no driver behind it
            rc, out, err = run([str(b / "native/host/mqlcl-host"), "devices"], env=dict(os.environ, OCL_ICD_VENDORS=empty))
        return lambda: expect(rc == 2 and "[-9]" in err and "no OpenCL platform" in err,
                              "no OpenCL driver at all: MQLCL_ERR_NO_OPENCL with the cause, no crash",
                              f"rc={rc} {err[-300:]}")

    # Submitted longest first; a worker takes the next when it is free.
    jobs = {"request fuzzer": request_fuzzer, **{f"TSan shard {i}": tsan_shard(i) for i in range(TSAN_SHARDS)},
            **{f"ASan shard {i}": asan_shard(i) for i in range(ASAN_SHARDS)},
            "cycles": cycles, "threads": native_threads, "TSan threads": tsan_threads, "ABI fuzzer": abi_fuzzer,
            "ring fuzzer": ring_fuzzer, "no OpenCL": no_opencl}
    seconds = {}

    def timed(name):
        start = time.monotonic()
        try:
            return jobs[name]()
        finally:
            seconds[name] = time.monotonic() - start

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        futures = {name: pool.submit(timed, name) for name in jobs}
        done = {name: f.result() for name, f in futures.items()}
    # The log's order: the suites, the threads and cycles, the fuzzers, no OpenCL.
    asan_report = suite_verdict("ASan+UBSan+LSan", [done[f"ASan shard {i}"] for i in range(ASAN_SHARDS)])
    tsan_report = suite_verdict("TSan", [done[f"TSan shard {i}"] for i in range(TSAN_SHARDS)])
    for report in (asan_report, tsan_report, done["TSan threads"], done["cycles"], done["threads"],
                   done["ABI fuzzer"], done["ring fuzzer"], done["request fuzzer"], done["no OpenCL"]):
        report()
    print(f"seconds each ({WORKERS} at a time): " + ", ".join(f"{n} {t:.0f}" for n, t in seconds.items()))
    return finish("reliability")


if __name__ == "__main__":
    raise SystemExit(main())
